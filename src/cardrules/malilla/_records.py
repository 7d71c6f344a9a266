"""Public facts of a hand: completed tricks, hand results, and the board a hand is played on."""

from __future__ import annotations

import attrs

from .._fast import fast_init
from ._cards import Card

__all__ = ["Board", "HandResult", "Trick"]


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


@attrs.frozen
class Board:
    """The part of a position that changes once a hand, kept apart so that a card played copies it whole.

    ``rng`` is the state of the match's random generator, from which the next deal follows;
    ``hand_number`` counts the hands from 1; ``dealer`` dealt this hand and ``trump`` is the card
    turned face up for the dealer.  ``scores`` are the match scores of side 0 (seats 0 and 2) and
    side 1 (seats 1 and 3), ``held_bonus`` the dealer's bonus held back to the end of the hand (0:
    none, ruling 10), and ``last_hand`` how the hand before this one was scored.
    """

    rng: int
    hand_number: int
    dealer: int
    trump: Card
    scores: tuple[int, int]
    held_bonus: int
    last_hand: HandResult | None
