"""A Mala e Cuia position: the table, the tiles, the scores and the mode's progress."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

import attrs

from .._base import BaseState
from .._errors import IllegalMoveError
from .._fast import fast_init, fast_new
from .._outcome import Outcome
from .._random import Rng
from ._game import Game
from ._moves import Guess, Move, Pack
from ._packing import legal_writes, refusal
from ._phases import Competition, Cooperation
from ._scoring import Band
from ._tiles import Slot, Tile
from ._view import View, view_of

__all__ = ["State", "first_state"]


@fast_init
@attrs.frozen
class State(BaseState[Game, Move, View]):
    """A position in a Mala e Cuia match.

    ``table`` holds the face numbers (``2 * card + side``) of the Item cards
    face up, ``tiles`` every seat's Suitcase Tile (packed in seat order, one
    item per decision), ``scores`` the points recorded on each seat's tile
    (competitive: the running total; cooperative: what the team scored as
    that seat's protagonist turn), ``progress`` the mode's own bookkeeping.
    """

    game_name: ClassVar[str] = "mala_e_cuia"
    move_type = Move
    game: Game
    rng: int
    table: tuple[int, ...]
    tiles: tuple[Tile, ...]
    scores: tuple[int, ...]
    progress: Competition | Cooperation
    outcome: Outcome | None

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        for seat, tile in enumerate(self.tiles):
            if not tile.complete:
                return seat
        assert isinstance(self.progress, Cooperation)
        return _spokesperson(self.progress)

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
        deck = self.game.deck
        for seat, tile in enumerate(self.tiles):
            if not tile.complete:
                return legal_writes(Pack, seat, self.table, deck, tile)
        assert isinstance(self.progress, Cooperation)
        return legal_writes(Guess, _spokesperson(self.progress), self.table, deck, self.progress.guess)

    def _why_illegal(self, move: Move) -> str:
        deck = self.game.deck
        if self.packing:
            if not isinstance(move, Pack):
                return f"seat {move.seat} must pack its Suitcase Tile now (a Pack move), not {move}"
            return refusal(move, self.table, deck, self.tiles[move.seat], f"seat {move.seat}'s Suitcase Tile")
        if not isinstance(move, Guess):
            return f"every tile is packed; seat {move.seat} makes the team's guess now (a Guess move), not {move}"
        assert isinstance(self.progress, Cooperation)
        return refusal(move, self.table, deck, self.progress.guess, "the team's guess")

    def _apply(self, move: Move) -> State:
        face = self.game.deck.face_of(move.item)
        assert face is not None
        if isinstance(move, Guess):
            from ._cooperative import after_guess

            return after_guess(self, face, move.slot)
        seat = move.seat
        tile = self.tiles[seat].write(face, move.slot)
        tiles = (*self.tiles[:seat], tile, *self.tiles[seat + 1 :])
        if seat < len(tiles) - 1 or not tile.complete:
            return _build_state(self.game, self.rng, self.table, tiles, self.scores, self.progress, None)
        if isinstance(self.progress, Competition):
            from ._competitive import compare_luggage_and_renew

            return compare_luggage_and_renew(self, tiles)
        from ._cooperative import start_guessing

        return start_guessing(self, tiles)

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
        from ._narration import describe

        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        """The Situation card (competitive) and the items on the table."""
        from ._narration import opening

        return opening(self)

    def _view(self, seat: int) -> View:
        return view_of(self, seat)

    def _validate(self) -> None:
        from .._invariants import check_playable
        from ._validate import check_state

        check_state(self)
        check_playable(self)


_build_state = fast_new(State)


def _spokesperson(progress: Cooperation) -> int:
    """Ruling 4: the seat after the protagonist, clockwise, points at the team's guess."""
    protagonist = progress.protagonist
    assert protagonist is not None
    return (protagonist + 1) % len(progress.situations)


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
    return State(game, rng.state, table, (Tile(),) * n, (0,) * n, progress, None)
