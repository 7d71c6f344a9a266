"""A Malilla position: the State, which applies moves with :mod:`._transition` and words them with :mod:`._narration`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._outcome import Outcome
from .._random import Rng
from ._cards import Card, Suit
from ._legal import legal_moves, why_illegal
from ._moves import Move
from ._narration import describe, opening
from ._pending import PlayCard
from ._records import TURNS, Board, BoardFacts, Trick, Turn
from ._transition import _sorted as _sorted  # where the tests (builders) have long imported it
from ._transition import apply, deal
from ._validate import check_state
from ._view import View

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["State", "build_state", "first_state"]

Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]

#: The fields of a state in JSON, flat (the board's among them), in the order they had before the board.
_JSON_ORDER = (
    "game",
    "rng",
    "hand_number",
    "dealer",
    "trump",
    "hands",
    "leader",
    "trick",
    "tricks",
    "scores",
    "held_bonus",
    "last_hand",
    "outcome",
)


@fast_init
@attrs.frozen
class State(BoardFacts, BaseState["Game", Move, View]):
    """A position in a Malilla match.

    ``hands`` are kept in deck order (suit by suit, 7 first).  ``trick`` holds
    the cards of the trick in progress in order of play from ``leader``;
    ``tricks`` the completed tricks of this hand; ``rng`` is the state of the
    match's random generator, from which the next deal follows.  The game and
    the public facts that change once a hand are in ``board`` (a
    :class:`Board`, which every seat's view holds too) and are read through
    the properties of the same names: ``game``, ``hand_number``, ``dealer``,
    ``trump``, ``scores`` (the match scores of side 0, seats 0 and 2, and side
    1, seats 1 and 3), ``held_bonus`` and ``last_hand``.
    """

    game_name: ClassVar[str] = "malilla"
    _move_type = Move
    _json_flat: ClassVar[tuple[str, ...]] = ("board",)
    _json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
    hands: Hands
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    outcome: Outcome | None
    rng: int
    board: Board

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        return (self.leader + len(self.trick)) % 4

    @property
    def pending(self) -> PlayCard | None:
        """The decision the state waits for: a card from the seat to play; ``None`` once the match is over."""
        if self.outcome is not None:
            return None
        return PlayCard((self.leader + len(self.trick)) % 4)

    @property
    def trump_suit(self) -> Suit:
        """The suit of the face-up card."""
        return self.board.trump.suit

    @property
    def led_suits(self) -> frozenset[Suit]:
        """The suits led to a trick so far in this hand, the trick in progress included."""
        led = {t.cards[0].suit for t in self.tricks}
        if self.trick:
            led.add(self.trick[0].suit)
        return frozenset(led)

    # Legal moves and why a move is not: both in _legal.py, from the same rules.
    _legal_moves = legal_moves
    _why_illegal = why_illegal

    def _apply(self, move: Move) -> State:
        # The transition (_transition.py) builds states positionally, with build_state.
        return apply(self, move, build_state)

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """The card played, then the trick's winner, the hand's score and the next deal, as they happen."""
        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        return opening(self)

    def _view(self, seat: int) -> View:
        # Positional, in the order of the fields (docs/benchmarks.md: why not by keyword); the board is
        # the state's own, public whole, and the turn one of the eight shared while the match goes on.
        board = self.board
        hands = self.hands
        trump_with_dealer = board.trump in hands[board.dealer]
        seat_to_play = self.current_player
        if seat_to_play is not None:
            turn = TURNS[trump_with_dealer][seat_to_play]
        else:
            turn = Turn(trump_with_dealer, None, self.outcome)
        return _build_view(
            seat,
            hands[seat],  # hand
            board,
            self.leader,
            self.trick,
            self.tricks,
            (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),  # hand_sizes
            turn,
        )

    def _validate(self) -> None:
        check_state(self)
        check_playable(self)


#: ``State(...)`` without the class call (fast_new), for the states the rules make: every move builds one.
build_state = fast_new(State)
# Built where every view is (fast_new: the class call skipped).
_build_view = fast_new(View)


def first_state(game: Game, rng: Rng) -> State:
    """A new match: a seeded first dealer (ruling 12), then the first deal."""
    dealer = rng.below(4)
    return deal(game, rng, dealer, (0, 0), 1, None, build_state)
