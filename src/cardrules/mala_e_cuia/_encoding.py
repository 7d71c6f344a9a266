"""Mala e Cuia's actions and views as numbers.

An item is its face number in the deck (``2 * card + side``, ``F`` faces),
so an index names the same item in every round.  Actions: pack a face in the
General or the Bonus field (face x field), and, cooperative only, point at a
face for the team's guess (face x field).

Observation (seats counted from the viewer): the items on the table, the
own tile (General and Bonus), how many items each seat has written, whose
decision it is and the scores; competitive, the round, its Situation card,
the Situation and Item cards discarded, whether the table's backs are used
and the last round's points; cooperative, the Situation cards the viewer
knows (its own, each protagonist's once read aloud), the protagonists, the
team's guess and each revealed tile's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._encoding import Encoding, Ranges
from ._moves import Guess, Move, Pack
from ._progress import ROUNDS, Competition
from ._scoring import max_round_points
from ._tiles import GENERAL_SLOTS, Slot, Tile

if TYPE_CHECKING:
    from ._game import Game
    from ._view import View

__all__ = ["MalaECuiaEncoding"]

_FIELD = {Slot.GENERAL: 0, Slot.BONUS: 1}
#: Points are scaled by the most one seat scores in a round: four items and the bonus.
_POINTS = 10.0


class MalaECuiaEncoding(Encoding[Move, "View"]):
    """Mala e Cuia's action space and observation for one deck, table size and mode."""

    __slots__ = ("_face_of", "_faces", "_guesses", "_players")

    def __init__(self, game: Game) -> None:
        deck = game.deck
        n = self._players = game.players
        f = self._faces = len(deck.faces)
        self._face_of = deck.face_of
        situations, items = len(deck.situations), len(deck.items)
        cooperative = self._guesses = game.mode == "cooperative"
        shared = [
            ("items on the table (face)", f),
            ("own tile: General (face)", f),
            ("own tile: Bonus (face)", f),
            ("items written / 4 (by seat)", n),
            ("to act (by seat)", n),
            ("score / 10 (by seat)", n),
        ]
        if cooperative:
            mode = [
                ("Situation card known (by seat, card)", n * situations),
                ("first protagonist (by seat)", n),
                ("protagonist (by seat)", n),
                ("team's guess: General (face)", f),
                ("team's guess: Bonus (face)", f),
                ("revealed: items guessed right / 4 (by seat)", n),
                ("revealed: points / 5 (by seat)", n),
            ]
        else:
            mode = [
                ("round (1 to 4)", ROUNDS),
                ("Situation card (card)", situations),
                ("Situation cards discarded (card)", situations),
                ("Item cards discarded (card)", items),
                ("the table's backs are used", 1),
                ("last round's points / 10 (by seat)", n),
            ]
        super().__init__(
            Move,
            actions=[
                ("pack (face, field: General 0 or Bonus 1)", 2 * f),
                ("guess (face, field: General 0 or Bonus 1)", 2 * f if cooperative else 0),
            ],
            observation=[*shared, *mode, ("match over", 1)],
        )

    def index(self, move: Move) -> int:
        face = self._face_of(move.item)
        field = _FIELD.get(move.slot) if isinstance(move.slot, Slot) else None
        if face is None or field is None:
            return -1
        if isinstance(move, Pack):
            return 2 * face + field
        if isinstance(move, Guess) and self._guesses:
            return 2 * self._faces + 2 * face + field
        return -1

    def ranges(self) -> Ranges:
        """A competitive round gives a seat at most :func:`max_round_points`, four rounds in a match; a
        cooperative seat scores one reveal, 5 points at most."""
        if self._guesses:
            return {}
        most = max_round_points(self._players) / _POINTS
        return {
            "score / 10 (by seat)": (0.0, ROUNDS * most),
            "last round's points / 10 (by seat)": (0.0, most),
        }

    def fill(self, view: View, out: list[float]) -> None:
        n = self._players
        me = view.seat
        offset = self.offset
        for face in view.table:
            out[face] = 1.0
        _tile(out, offset("own tile: General (face)"), offset("own tile: Bonus (face)"), view.tile)
        at = offset("items written / 4 (by seat)")
        scores = offset("score / 10 (by seat)")
        for seat in range(n):
            rel = (seat - me) % n
            out[at + rel] = view.tile_sizes[seat] / (GENERAL_SLOTS + 1)
            out[scores + rel] = view.scores[seat] / _POINTS
        if view.current_player is not None:
            out[offset("to act (by seat)") + (view.current_player - me) % n] = 1.0
        progress = view.progress
        if isinstance(progress, Competition):
            out[offset("round (1 to 4)") + progress.round - 1] = 1.0
            out[offset("Situation card (card)") + progress.situation] = 1.0
            at = offset("Situation cards discarded (card)")
            for card in progress.discarded_situations:
                out[at + card] = 1.0
            at = offset("Item cards discarded (card)")
            for card in progress.discarded_items:
                out[at + card] = 1.0
            if progress.flipped:
                out[offset("the table's backs are used")] = 1.0
            if progress.rounds:
                at = offset("last round's points / 10 (by seat)")
                for seat, points in enumerate(progress.rounds[-1].points):
                    out[at + (seat - me) % n] = points / _POINTS
        else:
            at = offset("Situation card known (by seat, card)")
            situations = len(view.game.deck.situations)
            for seat, known in enumerate(progress.situations):
                if known is not None:
                    out[at + (seat - me) % n * situations + known] = 1.0
            if progress.first_protagonist is not None:
                out[offset("first protagonist (by seat)") + (progress.first_protagonist - me) % n] = 1.0
            if progress.protagonist is not None:
                out[offset("protagonist (by seat)") + (progress.protagonist - me) % n] = 1.0
            _tile(
                out,
                offset("team's guess: General (face)"),
                offset("team's guess: Bonus (face)"),
                progress.guess,
            )
            right = offset("revealed: items guessed right / 4 (by seat)")
            points = offset("revealed: points / 5 (by seat)")
            for reveal in progress.reveals:
                rel = (reveal.protagonist - me) % n
                out[right + rel] = reveal.correct / (GENERAL_SLOTS + 1)
                out[points + rel] = reveal.points / 5
        if view.outcome is not None:
            out[offset("match over")] = 1.0


def _tile(out: list[float], general: int, bonus: int, tile: Tile) -> None:
    for face in tile.general:
        out[general + face] = 1.0
    if tile.bonus is not None:
        out[bonus + tile.bonus] = 1.0
