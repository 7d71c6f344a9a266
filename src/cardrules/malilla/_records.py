"""Public facts of a hand: completed tricks, hand results, the board a hand is played on and the table a view sees."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._fast import fast_init
from .._outcome import Outcome
from ._cards import Card

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Board", "HandResult", "Table", "Trick"]


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


@fast_init
@attrs.frozen
class Board:
    """The game and the public facts of the hand being played, which change once a hand: a card
    played copies the board whole, and every seat's view holds the state's own board
    (``view.board is state.board``).

    ``game`` is the game being played (its rules and options); ``hand_number`` counts the hands
    from 1; ``dealer`` dealt this hand and ``trump`` is the card turned face up for the dealer.
    ``scores`` are the match scores of side 0 (seats 0 and 2) and side 1 (seats 1 and 3),
    ``held_bonus`` the dealer's bonus held back to the end of the hand (0: none, ruling 10), and
    ``last_hand`` how the hand before this one was scored.  The seed of the next deals is the
    state's own (``State.rng``): no seat may see it.
    """

    game_name: ClassVar[str] = "malilla"  # whose Game the field ``game`` is, for the JSON reader
    game: Game
    hand_number: int
    dealer: int
    trump: Card
    scores: tuple[int, int]
    held_bonus: int
    last_hand: HandResult | None


@fast_init
@attrs.frozen
class Table:
    """What every seat sees of the play at one moment, the same in each seat's view of a state.

    ``trick`` holds the cards of the trick in progress in order of play from ``leader``; ``tricks``
    the completed tricks of this hand; ``hand_sizes`` how many cards each seat holds;
    ``trump_with_dealer`` whether the dealer still holds the face-up trump card; ``current_player``
    the seat to play (``None`` once the match is over) and ``outcome`` how the match ended.
    """

    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    hand_sizes: tuple[int, int, int, int]
    trump_with_dealer: bool
    current_player: int | None
    outcome: Outcome | None
