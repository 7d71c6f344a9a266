"""A Mala e Cuia position: the table, the tiles, the scores and the mode's progress.

The decision pending (:attr:`State.pending`) is always one item to write; :mod:`._pending` says why it
comes in two kinds, packing one's own tile and writing the team's guess.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseState
from .._errors import IllegalMoveError
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._notation import Words
from .._outcome import Outcome
from .._random import Rng
from ._legal import legal_moves, why_illegal
from ._moves import Guess, Move, Pack
from ._narration import describe, opening
from ._notation import ITEM_WORDS
from ._pending import Decision, decision
from ._progress import Competition, Cooperation, spokesperson
from ._scoring import Band
from ._tiles import Slot, Tile
from ._transition import apply_move
from ._validate import check_state
from ._view import View, view_of

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["State", "build_state", "first_state"]


@fast_init
@attrs.frozen
class State(BaseState["Game", Move, View]):
    """A position in a Mala e Cuia match.

    ``table`` holds the face numbers (``2 * card + side``) of the Item cards
    face up, ``tiles`` every seat's Suitcase Tile (packed in seat order, one
    item per decision), ``scores`` the points recorded on each seat's tile
    (competitive: the running total; cooperative: what the team scored as
    that seat's protagonist turn), ``progress`` the mode's own bookkeeping.
    """

    game_name: ClassVar[str] = "mala_e_cuia"
    _notation_words: ClassVar[Words] = ITEM_WORDS
    _move_type = Move
    game: Game
    rng: int
    table: tuple[int, ...]
    tiles: tuple[Tile, ...]
    scores: tuple[int, ...]
    progress: Competition | Cooperation
    outcome: Outcome | None

    @property
    def pending(self) -> Decision | None:
        """The decision the match waits for: a seat packing its tile, or the spokesperson writing the
        team's guess; ``None`` once it is over."""
        if self.outcome is not None:
            return None
        for seat, tile in enumerate(self.tiles):
            if not tile.complete:
                return decision(seat, None)
        progress = self.progress
        assert isinstance(progress, Cooperation)
        protagonist = progress.protagonist
        assert protagonist is not None
        return decision(spokesperson(protagonist, len(progress.situations)), protagonist)

    @property
    def current_player(self) -> int | None:
        pending = self.pending
        return None if pending is None else pending.seat

    @property
    def packing(self) -> bool:
        """Whether a seat still has to pack (otherwise it is the cooperative Guess phase or the end)."""
        return self.outcome is None and not all(tile.complete for tile in self.tiles)

    @property
    def team_total(self) -> int | None:
        """Cooperative: the team's points so far; ``None`` in a competitive match."""
        return sum(self.scores) if isinstance(self.progress, Cooperation) else None

    @property
    def band(self) -> Band | None:
        """Cooperative: the performance band of the team total (ruling 10); ``None`` in a competitive match."""
        total = self.team_total
        return None if total is None else Band.of(total, self.game.players)

    def _legal_moves(self) -> tuple[Move, ...]:
        return legal_moves(self)

    def _why_illegal(self, move: Move) -> str | None:
        return why_illegal(self, move)

    def _apply(self, move: Move) -> State:
        return apply_move(self, move, build_state)

    def commit(self, general: Sequence[str], bonus: str) -> State:
        """Write a whole tile (or the team's whole guess) for the seat to act: 3 General items and the Bonus one.

        Raises :class:`~cardrules.IllegalMoveError` saying what is wrong (the
        number of items, an item not on the table, a repeated item) and
        changes nothing.
        """
        seat = self.current_player
        if seat is None:
            raise IllegalMoveError("mala_e_cuia: the match is over; nothing can be packed")
        kind: type[Move] = Pack
        written = self.tiles[seat]
        if not self.packing and isinstance(self.progress, Cooperation):
            kind, written = Guess, self.progress.guess
        if written.size:
            raise IllegalMoveError(
                f"mala_e_cuia: seat {seat} has already written {written.size} item(s); write the rest"
            )
        if isinstance(general, str) or len(general) != 3:
            got = 1 if isinstance(general, str) else len(general)
            raise IllegalMoveError(
                f"mala_e_cuia: exactly 4 items are packed, 3 in the General field and 1 in the BONUS field; "
                f"got {got} General item(s)"
            )
        if not isinstance(bonus, str):
            raise IllegalMoveError(f"mala_e_cuia: the BONUS field holds exactly one item name; got {bonus!r}")
        state = self
        for move in (*(kind(seat, item, Slot.GENERAL) for item in general), kind(seat, bonus, Slot.BONUS)):
            state = state.apply(move)
        return state

    def observation(self, move: Move, seat: int) -> Hashable:
        """The other seats see that a seat packed an item, never which or in which field."""
        if type(move) is Pack and seat != move.seat:
            return ("pack", move.seat)
        return move

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """The decision and what followed (reveals, scores, the next round), never a hidden item."""
        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        """The Situation card (competitive) and the items on the table."""
        return opening(self)

    def _view(self, seat: int) -> View:
        return view_of(self, seat)

    def _validate(self) -> None:
        check_state(self)
        check_playable(self)


#: ``State(...)`` without the class call (fast_new): most moves write one item and build one.
build_state = fast_new(State)


def first_state(game: Game, rng: Rng) -> State:
    """Setup: the Situation card(s) and the Item cards on the table, with random faces up (ruling 3)."""
    deck = game.deck
    cards = rng.sample(range(len(deck.items)), game.shown)
    table = tuple(2 * card + rng.below(2) for card in cards)
    progress: Competition | Cooperation
    if game.mode == "competitive":
        situation = rng.below(len(deck.situations))
        progress = Competition(1, situation, (), (), False, ())
    else:
        situations = tuple(rng.sample(range(len(deck.situations)), game.players))
        progress = Cooperation(situations, None, Tile(), ())
    n = game.players
    return build_state(game, rng.state, table, (Tile(),) * n, (0,) * n, progress, None)
