"""The decisions: writing one item on one's own Suitcase Tile, or on the team's guess.

A tile is filled one item at a time, so each decision is small (at most 24
choices) and a whole tile is four hidden commitments in a row by the same
seat; :meth:`State.commit` writes a whole tile at once.  Items are named, as
printed on their cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from .._base import BaseMove
from ._tiles import Slot

__all__ = ["Guess", "Move", "Pack"]


@attrs.frozen(repr=False)
class Move(BaseMove):
    """``seat`` writes ``item`` in the ``slot`` field; :class:`Pack` or :class:`Guess`."""

    game_name: ClassVar[str] = "mala_e_cuia"
    verb: ClassVar[str] = "write"
    seat: int
    item: str
    slot: Slot

    def __str__(self) -> str:
        return f"{self.verb} {self.item} ({self.slot})"

    def to_json(self) -> dict[str, Any]:
        """``{"type": "pack", "seat": 0, "item": "Umbrella", "slot": "GENERAL"}``."""
        return {"type": self.verb, "seat": self.seat, "item": self.item, "slot": self.slot.name}

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Read :meth:`to_json`'s form; ``ValueError`` names what does not fit.

        Written here rather than with the core's ``json_tag`` dispatch so that a
        malformed ``"type"`` (a list, a dict) is a clean error too.
        """
        if not isinstance(data, dict) or set(data) != {"type", "seat", "item", "slot"}:
            raise ValueError(f"a move is an object with the keys type, seat, item and slot; got {data!r:.60}")
        kinds = {k.verb: k for k in (Pack, Guess) if issubclass(k, cls)}
        kind, seat, item, slot = data["type"], data["seat"], data["item"], data["slot"]
        if not isinstance(kind, str) or kind not in kinds:
            raise ValueError(f"'type' must be one of {', '.join(sorted(kinds))}; got {kind!r:.40}")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"'seat' must be an integer; got {seat!r:.40}")
        if not isinstance(item, str):
            raise ValueError(f"'item' must be an item's name; got {item!r:.40}")
        if not isinstance(slot, str) or slot not in Slot.__members__:
            raise ValueError(f"'slot' must be GENERAL or BONUS; got {slot!r:.40}")
        return kinds[kind](seat, item, Slot[slot])

    def __repr__(self) -> str:
        slot = f"Slot.{self.slot.name}" if isinstance(self.slot, Slot) else repr(self.slot)
        return f"{type(self).__name__}({self.seat!r}, {self.item!r}, {slot})"


@attrs.frozen(repr=False)
class Pack(Move):
    """Pack the Suitcase: write an item on one's own tile, hidden from the others until the reveal."""

    verb: ClassVar[str] = "pack"


@attrs.frozen(repr=False)
class Guess(Move):
    """Cooperative Guess: the deciding seat points at an item for the team's guess, in public."""

    verb: ClassVar[str] = "guess"
