"""Public facts of a hand: completed tricks and hand results."""

from __future__ import annotations

import attrs

from .._fast import fast_init
from ._cards import Card

__all__ = ["HandResult", "Trick"]


@fast_init
@attrs.frozen
class Trick:
    """A completed trick: who led, the cards in order of play, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def player_of(self, index: int) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % 4


@attrs.frozen
class HandResult:
    """How a finished hand was scored.

    ``collected`` is each side's "points collected" (side 0 is seats 0 and 2),
    ``scored`` what each side added to its match score at the end of the hand,
    held dealer's bonus included.
    """

    dealer: int
    trump: Card
    collected: tuple[int, int]
    scored: tuple[int, int]
    capote: bool
