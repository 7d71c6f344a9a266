"""Writing on a tile, one item at a time: the legal writes and why a write is refused, by the kind of
decision pending (:mod:`._pending`), both from the same checks of the tile.

Packing and the cooperative team guess follow the same rule: "exactly 4 of
the ... available items", "One of the 4 items must be written in the BONUS
field ... The other 3 items are for the General Situation."
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, assert_never

from ._deck import Deck
from ._moves import Guess, Move, Pack
from ._pending import Decision, Guessing, Packing
from ._progress import Cooperation
from ._tiles import GENERAL_SLOTS, Slot, Tile

if TYPE_CHECKING:
    from ._state import State

__all__ = ["legal_moves", "legal_writes", "refusal", "why_illegal"]


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move of the deciding seat; ``state`` is not terminal."""
    pending = _decision(state)
    deck = state.game.deck
    match pending:
        case Packing(seat=seat):
            return legal_writes(Pack, seat, state.table, deck, state.tiles[seat])
        case Guessing(seat=seat):
            return legal_writes(Guess, seat, state.table, deck, _guess(state))
        case _:
            assert_never(pending)


def why_illegal(state: State, move: Move) -> str | None:
    """Which rule ``move`` (of the deciding seat) breaks, in words; ``None`` if it breaks none."""
    pending = _decision(state)
    deck = state.game.deck
    match pending:
        case Packing():
            if not isinstance(move, Pack):
                return f"seat {move.seat} must pack its Suitcase Tile now (a Pack move), not {move}"
            return refusal(
                move, state.table, deck, state.tiles[move.seat], f"seat {move.seat}'s Suitcase Tile"
            )
        case Guessing():
            if not isinstance(move, Guess):
                return f"every tile is packed; seat {move.seat} makes the team's guess now (a Guess move), not {move}"
            return refusal(move, state.table, deck, _guess(state), "the team's guess")
        case _:
            assert_never(pending)


def _decision(state: State) -> Decision:
    pending = state.pending
    assert pending is not None, "a match that is over has no legal move"
    return pending


def _guess(state: State) -> Tile:
    progress = state.progress
    assert isinstance(progress, Cooperation), "only a cooperative match guesses"
    return progress.guess


@functools.lru_cache(maxsize=2048)
def _writes(kind: type[Move], seat: int, name: str) -> tuple[Move, Move]:
    """The General and the Bonus write of one item by one seat, built once.

    Keyed by the item rather than by the whole table, so that the live entries stay few (a
    built-in deck's items times the seats, for each kind of write): keyed by the table, 4,096
    entries held about 150,000 objects after a few hundred playouts.
    """
    return kind(seat, name, Slot.GENERAL), kind(seat, name, Slot.BONUS)


def legal_writes(
    kind: type[Move], seat: int, table: tuple[int, ...], deck: Deck, tile: Tile
) -> tuple[Move, ...]:
    """Every item on the table not yet on ``tile``, in each field that still has room, General first."""
    names = deck.names
    written = tile.items
    free = [_writes(kind, seat, names[face]) for face in table if face not in written]
    general = [g for g, _ in free] if len(tile.general) < GENERAL_SLOTS else []
    bonus = [b for _, b in free] if tile.bonus is None else []
    return (*general, *bonus)


def refusal(move: Move, table: tuple[int, ...], deck: Deck, tile: Tile, whose: str) -> str | None:
    """Why writing ``move.item`` in ``move.slot`` on ``tile`` breaks the rules, in words; ``None`` if
    it breaks none (the checks of :func:`legal_writes`)."""
    if not isinstance(move.slot, Slot):
        return f"the field must be Slot.GENERAL or Slot.BONUS; got {move.slot!r}"
    face = deck.face_of(move.item)
    shown = ", ".join(deck.names[f] for f in table)
    if face is None:
        return f"{move.item!r} is not an item of the deck; the items on the table are {shown}"
    if face not in table:
        return f"{move.item!r} is not one of the {len(table)} items on the table ({shown})"
    if tile.holds(face):
        return f"{move.item} is already written on {whose}; the 4 items are 4 different items"
    if move.slot is Slot.BONUS and tile.bonus is not None:
        return (
            f"the BONUS field of {whose} already holds {deck.names[tile.bonus]}; "
            "exactly one of the 4 items is the Bonus item"
        )
    if move.slot is Slot.GENERAL and len(tile.general) >= GENERAL_SLOTS:
        held = ", ".join(deck.names[f] for f in sorted(tile.general))
        return f"the General field of {whose} already holds 3 items ({held}); the 4th item must be the Bonus item"
    return None  # an item on the table, not yet on the tile, in a field with room: legal_writes offers it
