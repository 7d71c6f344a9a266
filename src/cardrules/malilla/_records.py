"""Public facts of a hand: completed tricks, hand results, the board a hand is played on and the turn a view sees."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

import attrs

from .._fast import fast_init
from .._outcome import Outcome
from ._cards import Card

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["TURNS", "Board", "BoardFacts", "HandResult", "Trick", "Turn"]


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


class _OnBoard(Protocol):
    @property
    def board(self) -> Board: ...


class BoardFacts:
    """The board's facts read by name, for the State and the View, which hold the same board."""

    __slots__ = ()

    @property
    def game(self: _OnBoard) -> Game:
        """The game being played: its rules and options."""
        return self.board.game

    @property
    def hand_number(self: _OnBoard) -> int:
        """The hand being played: 1 for the first deal of the match."""
        return self.board.hand_number

    @property
    def dealer(self: _OnBoard) -> int:
        """The seat that dealt this hand."""
        return self.board.dealer

    @property
    def trump(self: _OnBoard) -> Card:
        """The dealer's face-up card: its suit is trumps this hand."""
        return self.board.trump

    @property
    def scores(self: _OnBoard) -> tuple[int, int]:
        """The match scores of side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."""
        return self.board.scores

    @property
    def held_bonus(self: _OnBoard) -> int:
        """The dealer's bonus held back to the end of the hand (0: none, ruling 10)."""
        return self.board.held_bonus

    @property
    def last_hand(self: _OnBoard) -> HandResult | None:
        """How the hand before this one was scored; ``None`` during the first hand."""
        return self.board.last_hand


@fast_init
@attrs.frozen
class Turn:
    """Whose turn it is and what the table shows of the face-up trump, the same in every seat's view.

    ``current_player`` is the seat to play (``None`` once the match is over), ``trump_with_dealer``
    whether the dealer still holds the face-up trump card, and ``outcome`` how the match ended.
    While the match goes on there are eight such turns, and the views share them.
    """

    trump_with_dealer: bool
    current_player: int | None
    outcome: Outcome | None


#: The turns of a match that goes on, by whether the dealer holds the trump, then by the seat to play.
TURNS = tuple(tuple(Turn(held, seat, None) for seat in range(4)) for held in (False, True))
