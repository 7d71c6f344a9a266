"""A Mala e Cuia player that packs what the situation's tags call for, as a person would."""

from __future__ import annotations

from collections.abc import Sequence

from .._random import Rng
from ._deck import Situation, SituationCard
from ._moves import Guess, Move
from ._progress import CooperationSeen
from ._tiles import Slot
from ._view import View

__all__ = ["HeuristicPlayer", "fit"]


def fit(item_tags: Sequence[str], situation: Situation) -> int:
    """How well an item suits a situation: 2 per tag they share, 1 per shared value (``cold`` in ``climate:cold``).

    The same measure serves to pack and to guess, which is the point of the
    game: the team (or the other seats) reasoning the way the packer did.
    """
    wanted = set(situation.tags)
    values = {t.rpartition(":")[2] for t in wanted}
    return sum(2 if tag in wanted else 1 if tag.rpartition(":")[2] in values else 0 for tag in item_tags)


class HeuristicPlayer:
    """Writes, of the legal moves, the item that best fits the field's situation by tags.

    Packing, it reads its own Situation card (cooperative) or the revealed one
    (competitive), so the items most seats will choose come first.  Guessing
    for the team, it reads the protagonist's card, read aloud.  Ties are broken
    at random from ``seed``.
    """

    def __init__(self, seed: int = 0, game: object = None) -> None:
        self._rng = Rng.from_seed(seed)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        card = _target(view, legal_moves[0])
        deck = view.game.deck
        best: list[Move] = []
        top = -1
        for move in legal_moves:
            face = deck.face_of(move.item)
            assert face is not None
            part = card.bonus if move.slot is Slot.BONUS else card.general
            score = fit(deck.faces[face].tags, part)
            if score > top:
                best, top = [move], score
            elif score == top:
                best.append(move)
        return self._rng.choice(best)


def _target(view: View, move: Move) -> SituationCard:
    """The Situation card the move is about: the packer's, or the protagonist's when guessing."""
    progress = view.progress
    if isinstance(move, Guess) and isinstance(progress, CooperationSeen):
        protagonist = progress.protagonist
        assert protagonist is not None
        index = progress.situations[protagonist]
        assert index is not None
        return view.game.deck.situations[index]
    return view.situation
