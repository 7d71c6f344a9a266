"""A Mala Suerte position: every card's place, whose decision it is, and what each seat knows."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._outcome import Outcome
from .._random import Rng
from ._cards import Card, Colour, in_order
from ._events import Event, EventKind
from ._knowledge import Knowledge, blank
from ._legal import legal_moves, why_illegal
from ._moves import Keep, Move, Mulligan, Return, Swap
from ._narration import describe, opening
from ._notation import CODES
from ._pending import NEXT_DECIDES, Decision, Step, decision
from ._records import Board, Curse
from ._rules import next_seat
from ._setup import first_seat
from ._shuffle import shuffled
from ._transition import apply_move
from ._validate import check_state
from ._view import View, make_view

__all__ = ["State", "build_state", "first_state"]


#: The fields of a state in JSON, flat (the board's among them).
_JSON_ORDER = (
    "game",
    "rng",
    "hands",
    "piles",
    "deck",
    "discard",
    "alive",
    "clockwise",
    "turn",
    "step",
    "curse",
    "stolen",
    "returns",
    "aside",
    "deck_colours",
    "voids",
    "knowledge",
    "last_turn",
    "this_turn",
    "outcome",
)

if TYPE_CHECKING:
    from ._game import Game


@fast_init
@attrs.frozen
class State(BaseState["Game", Move, View]):
    """A position in a Mala Suerte match.

    ``hands`` are sorted (see :func:`~cardrules.mala_suerte.in_order`);
    ``piles`` run from the bottom card to the top one; ``deck`` runs from the
    top card down.  ``turn`` is the seat whose turn it is (``None`` during
    the setup's mulligan) and ``step`` how far the turn has gone.
    ``deck_colours`` are the colours of the top cards of the deck that every
    seat has seen (coloured backs only).  ``knowledge[s]`` is what seat ``s``
    learned privately.  ``last_turn`` and ``this_turn`` are the events of the
    previous and of the current turn.  ``returns`` holds the mulligan
    commitments made so far and ``aside`` the cards the deciding seat has set
    aside to return.  The rest, which changes seldom, is in ``board`` (a
    :class:`Board`) and is read through the properties of the same names:
    ``discard``, ``alive``, ``clockwise``, ``curse``, ``stolen`` and ``voids``.
    """

    game_name: ClassVar[str] = "mala_suerte"
    _move_type = Move
    _json_flat: ClassVar[tuple[str, ...]] = ("board",)
    _json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
    _notation_codes: ClassVar[Mapping[str, str]] = CODES
    game: Game
    rng: int
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    deck_colours: tuple[Colour, ...]
    turn: int | None
    step: Step
    knowledge: tuple[Knowledge, ...]
    last_turn: tuple[Event, ...]
    this_turn: tuple[Event, ...]
    outcome: Outcome | None
    returns: tuple[tuple[Card, ...], ...]
    aside: tuple[Card, ...]
    board: Board

    @property
    def discard(self) -> tuple[Card, ...]:
        """The common discard, from the bottom card to the top one."""
        return self.board.discard

    @property
    def alive(self) -> tuple[bool, ...]:
        """Whether each seat is still in the match."""
        return self.board.alive

    @property
    def clockwise(self) -> bool:
        """The horseshoe token: whether play goes from seat ``s`` to ``s + 1``."""
        return self.board.clockwise

    @property
    def curse(self) -> Curse | None:
        """Evil Eye's pending obligation."""
        return self.board.curse

    @property
    def stolen(self) -> Colour | None:
        """The colour a Crows took, while the counter-steal waits."""
        return self.board.stolen

    @property
    def voids(self) -> frozenset[tuple[int, Colour]]:
        """Seats known to hold no card of a colour (plain backs only)."""
        return self.board.voids

    @property
    def one_colour(self) -> tuple[tuple[int, int, Colour], ...]:
        """``(seat, witness, colour)``: the hand of ``seat`` is all ``colour`` (plain backs only; see :class:`Board`)."""
        return self.board.one_colour

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        if self.turn is None:
            return len(self.returns)
        if self.step in NEXT_DECIDES:
            return next_seat(self.board.alive, self.turn, self.board.clockwise)
        return self.turn

    @property
    def pending(self) -> Decision | None:
        """The decision the match waits for (one kind per :class:`Step`), ``None`` once it is over."""
        board = self.board
        return decision(self.step, self.turn, board.alive, board.clockwise, len(self.returns), board.stolen)

    @property
    def next_player(self) -> int | None:
        """ "The next person": the seat after the one whose turn it is, or ``None`` outside a turn."""
        if self.turn is None or self.outcome is not None:
            return None
        return next_seat(self.board.alive, self.turn, self.board.clockwise)

    def _legal_moves(self) -> tuple[Move, ...]:
        return legal_moves(self)

    def _why_illegal(self, move: Move) -> str | None:
        return why_illegal(self, move)

    def _apply(self, move: Move) -> State:
        return apply_move(self, move, build_state)

    def _view(self, seat: int) -> View:
        return make_view(self, seat)

    def observation(self, move: Move, seat: int) -> Hashable:
        """What another seat sees of a move: nothing of a card set aside for the mulligan (``None``:
        not even that one was, for the seats still to decide would count them, ruling 5), only that
        a seat ended its mulligan decision, and of a
        card that goes face down to the deck or to another hand only its colour, shown by coloured
        backs."""
        if seat == move.seat:
            return move
        coloured = self.game.backs == "coloured"
        if type(move) is Mulligan:
            return None
        if type(move) is Keep:
            # Not the move itself: a search must not share a node with the seat keeping at once,
            # after cards it could not see were set aside.
            return ("keep", move.seat)
        if type(move) is Return:
            return ("return", move.seat, move.card.colour if coloured else None)
        if type(move) is Swap and seat != move.target:
            given = move.give.colour if coloured and move.give is not None else move.give is not None
            return ("swap", move.seat, move.target, given, move.take)
        return move

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """The move and what followed, as the whole table saw it."""
        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        """The deal as the table sees it."""
        return opening(self)

    def _validate(self) -> None:
        check_state(self)
        check_playable(self)


#: ``State(...)`` without the class call (fast_new): every transition builds one.
build_state = fast_new(State)


def first_state(game: Game, rng: Rng) -> State:
    """ "Shuffle the Mala Suerte cards and deal six cards to each person. Leave the rest face down ... as a deck."

    Seat 0 is dealt to first, one card at a time (ruling 22).  With the
    mulligan the match opens on seat 0's commitment; without it, on the
    first turn of the seat with the most cards of one colour (built directly:
    the state :func:`start_match` makes through a table, without the detour).
    """
    n, dealt = game.players, game.players * game.hand_size
    deck = shuffled(rng, game.cards)
    hands = tuple(in_order(deck[seat:dealt:n]) for seat in range(n))
    rest = tuple(deck[dealt:])
    turn: int | None
    last_turn: tuple[Event, ...]
    if game.mulligan:
        turn, step, last_turn = None, Step.MULLIGAN, ()
    else:
        turn, best = first_seat(hands, rng)
        shown = best if game.coloured_backs else 0  # plain backs: only who starts is told (ruling 24)
        step, last_turn = Step.OPEN, (Event(EventKind.STARTS, turn, None, (), (), shown),)
    return build_state(  # positional, in field order
        game,
        rng.state,
        hands,
        ((),) * n,
        rest,
        (rest[0].colour,) if game.coloured_backs else (),
        turn,
        step,
        (blank(n),) * n,
        last_turn,
        (),
        None,
        (),
        (),
        Board((), (True,) * n, True, None, None, frozenset()),
    )
