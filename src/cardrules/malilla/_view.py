"""What one Malilla seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._outcome import Outcome
from ._cards import SUIT_OF, Card, Suit
from ._records import HandResult, Trick
from ._rules import trick_winner

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["View"]


@attrs.frozen
class View(BaseView["Game"]):
    """One seat's knowledge: its own hand and everything public.

    Public are the face-up trump card (and whether the dealer still holds
    it), every card played in this hand and by whom, the tricks won, the
    match scores, a held dealer's bonus and the last hand's result.  What play
    has revealed, such as a seat known to be void in a suit, follows from the
    tricks: see :attr:`voids`.
    """

    game_name: ClassVar[str] = "malilla"
    game: Game
    seat: int
    hand: tuple[Card, ...]
    hand_number: int
    dealer: int
    trump: Card
    trump_with_dealer: bool
    hand_sizes: tuple[int, int, int, int]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    scores: tuple[int, int]
    held_bonus: int
    last_hand: HandResult | None
    current_player: int | None
    outcome: Outcome | None

    @property
    def trump_suit(self) -> Suit:
        """The suit of the face-up card."""
        return self.trump.suit

    @property
    def voids(self) -> frozenset[tuple[int, Suit]]:
        """``(seat, suit)`` for every seat that failed to follow ``suit`` this hand."""
        found = set()
        for trick in (*self.tricks, Trick(self.leader, self.trick, -1)):
            if not trick.cards:
                continue
            led = trick.cards[0].suit
            for i, card in enumerate(trick.cards[1:], start=1):
                if card.suit is not led:
                    found.add((trick.player_of(i), led))
        return frozenset(found)

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the trick in progress, or ``None`` before its first card."""
        if not self.trick:
            return None
        return (self.leader + trick_winner(self.trick, SUIT_OF[self.trump])) % 4

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        return tuple(c for t in self.tricks for c in t.cards) + self.trick


from ._game import Game  # noqa: E402
