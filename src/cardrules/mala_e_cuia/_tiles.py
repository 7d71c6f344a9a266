"""The Suitcase Tile: three General items and one BONUS item, as face numbers of the table."""

from __future__ import annotations

import enum

import attrs

from .._fast import fast_init, fast_new

__all__ = ["EMPTY", "GENERAL_SLOTS", "Slot", "Tile"]

#: "One of the 4 items must be written in the BONUS field ... The other 3 items are for the General Situation."
GENERAL_SLOTS = 3


class Slot(enum.Enum):
    """The field of the tile an item is written in."""

    GENERAL = "General"
    BONUS = "Bonus"

    def __str__(self) -> str:
        return self.value


@fast_init
@attrs.frozen
class Tile:
    """A Suitcase Tile (or a team guess): the General items as a set (ruling 7) and the Bonus item.

    Items are face numbers (``2 * card + side``) of the Item cards on the table.
    """

    general: frozenset[int] = frozenset()
    bonus: int | None = None

    @property
    def size(self) -> int:
        """How many items are written so far (4 when complete)."""
        return len(self.general) + (self.bonus is not None)

    @property
    def complete(self) -> bool:
        """Three General items and the Bonus item are written."""
        return self.bonus is not None and len(self.general) == GENERAL_SLOTS

    @property
    def items(self) -> frozenset[int]:
        """Every item written, whatever the field."""
        return self.general if self.bonus is None else self.general | {self.bonus}

    def holds(self, face: int) -> bool:
        """Whether ``face`` is already written in either field."""
        return face == self.bonus or face in self.general

    def write(self, face: int, slot: Slot) -> Tile:
        """The tile with ``face`` written in ``slot`` (already checked to be free)."""
        if slot is Slot.BONUS:
            return _build_tile(self.general, face)
        return _build_tile(self.general | {face}, self.bonus)


_build_tile = fast_new(Tile)
EMPTY = Tile()
