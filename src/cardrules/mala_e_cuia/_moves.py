"""The decisions: writing one item on one's own Suitcase Tile, or on the team's guess.

A tile is filled one item at a time, so each decision is small (at most 24
choices) and a whole tile is four hidden commitments in a row by the same
seat; :meth:`State.commit` writes a whole tile at once.  Items are named, as
printed on their cards.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._base import BaseMove
from .._fast import fast_init
from ._tiles import Slot

__all__ = ["Guess", "Move", "Pack"]


@attrs.frozen(repr=False)
class Move(BaseMove):
    """``seat`` writes ``item`` in the ``slot`` field; :class:`Pack` or :class:`Guess`."""

    game_name: ClassVar[str] = "mala_e_cuia"
    _json_tag: ClassVar[str] = ""
    verb: ClassVar[str] = "write"
    seat: int
    item: str
    slot: Slot

    def __str__(self) -> str:
        return f"{self.verb} {self.item} ({self.slot})"

    def __repr__(self) -> str:
        slot = f"Slot.{self.slot.name}" if isinstance(self.slot, Slot) else repr(self.slot)
        return f"{type(self).__name__}({self.seat!r}, {self.item!r}, {slot})"


@fast_init
@attrs.frozen(repr=False)
class Pack(Move):
    """Pack the Suitcase: write an item on one's own tile, hidden from the others until the reveal."""

    verb: ClassVar[str] = "pack"
    _json_tag: ClassVar[str] = "pack"


@attrs.frozen(repr=False)
class Guess(Move):
    """Cooperative Guess: the deciding seat points at an item for the team's guess, in public."""

    verb: ClassVar[str] = "guess"
    _json_tag: ClassVar[str] = "guess"
