"""Writing on a tile, one item at a time: the legal writes and why a write is refused.

Packing and the cooperative team guess follow the same rule: "exactly 4 of
the ... available items", "One of the 4 items must be written in the BONUS
field ... The other 3 items are for the General Situation."
"""

from __future__ import annotations

import functools

from ._deck import Deck
from ._moves import Move
from ._tiles import GENERAL_SLOTS, Slot, Tile

__all__ = ["legal_writes", "refusal"]


@functools.lru_cache(maxsize=4096)
def _every_write(
    kind: type[Move], seat: int, table: tuple[int, ...], names: tuple[str, ...]
) -> tuple[tuple[int, Move, Move], ...]:
    """For each face on the table: the face, its General write and its Bonus write, built once."""
    return tuple(
        (face, kind(seat, names[face], Slot.GENERAL), kind(seat, names[face], Slot.BONUS)) for face in table
    )


def legal_writes(
    kind: type[Move], seat: int, table: tuple[int, ...], deck: Deck, tile: Tile
) -> tuple[Move, ...]:
    """Every item on the table not yet on ``tile``, in each field that still has room, General first."""
    writes = _every_write(kind, seat, table, deck.names)
    written = tile.items
    free = [w for w in writes if w[0] not in written] if written else writes
    general = [g for _, g, _ in free] if len(tile.general) < GENERAL_SLOTS else []
    bonus = [b for _, _, b in free] if tile.bonus is None else []
    return (*general, *bonus)


def refusal(move: Move, table: tuple[int, ...], deck: Deck, tile: Tile, whose: str) -> str:
    """Why writing ``move.item`` in ``move.slot`` on ``tile`` breaks the rules, in words."""
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
    # Only a General item on a full General field is left (a write passing every check above is legal).
    held = ", ".join(deck.names[f] for f in sorted(tile.general))
    return f"the General field of {whose} already holds 3 items ({held}); the 4th item must be the Bonus item"
