"""A Mala Suerte position: every card's place, whose decision it is, and what each seat knows."""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init
from .._outcome import Outcome
from ._cards import Card, Colour
from ._game import Game
from ._knowledge import Knowledge
from ._moves import Keep, Move, Mulligan, Return, Swap
from ._records import Curse, Event, Step
from ._view import View

__all__ = ["Board", "State", "next_seat"]

#: Steps decided by the seat after the player rather than by the player.  A tuple, as
#: :data:`~cardrules.mala_suerte._records.PRIVATE` is, for the reason given there.
_NEXT_DECIDES = (Step.CROWS_COUNTER, Step.CAT_TAKE)


def next_seat(alive: tuple[bool, ...], seat: int, clockwise: bool) -> int:
    """The next seat still in the match after ``seat`` in the token's direction ("the next person")."""
    n = len(alive)
    step = 1 if clockwise else n - 1
    other = (seat + step) % n
    while not alive[other]:
        other = (other + step) % n
    return other


@fast_init
@attrs.frozen
class Board:
    """The part of a position that changes seldom, kept apart so that most moves copy it whole.

    ``discard`` runs from the bottom card to the top one; ``alive`` says who
    is still in; ``clockwise`` is the horseshoe token; ``curse`` is Evil
    Eye's pending obligation and ``stolen`` the colour a Crows took, while
    the counter-steal waits.  ``voids`` are the ``(seat, colour)`` pairs of
    seats known to hold no card of a colour, and ``one_colour`` the
    ``(seat, witness, colour)`` triples of seats whose whole hand is known to
    be of one colour (plain backs only): a Crows that got no counter-steal
    shows the table that the thief's hand is all of one colour, and shows
    which only to the thief and to the seat it stole from (``witness``),
    who saw the stolen card.  Both last until the seat takes a card unseen.
    """

    discard: tuple[Card, ...]
    alive: tuple[bool, ...]
    clockwise: bool
    curse: Curse | None
    stolen: Colour | None
    voids: frozenset[tuple[int, Colour]]
    one_colour: tuple[tuple[int, int, Colour], ...] = ()


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


@fast_init
@attrs.frozen
class State(BaseState[Game, Move, View]):
    """A position in a Mala Suerte match.

    ``hands`` are sorted (see :func:`~cardrules.mala_suerte.sort_cards`);
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
    move_type = Move
    json_flat: ClassVar[str | None] = "board"
    json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
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
        if self.step in _NEXT_DECIDES:
            return next_seat(self.board.alive, self.turn, self.board.clockwise)
        return self.turn

    @property
    def next_player(self) -> int | None:
        """ "The next person": the seat after the one whose turn it is, or ``None`` outside a turn."""
        if self.turn is None or self.outcome is not None:
            return None
        return next_seat(self.board.alive, self.turn, self.board.clockwise)

    def _legal_moves(self) -> tuple[Move, ...]:
        return legal_moves(self)

    def _why_illegal(self, move: Move) -> str:
        return why_illegal(self, move)

    def _apply(self, move: Move) -> State:
        return apply_move(self, move)

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
        from ._narration import describe

        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        """The deal as the table sees it."""
        from ._narration import opening

        return opening(self)

    def _validate(self) -> None:
        from .._invariants import check_playable
        from ._validate import check_state

        check_state(self)
        check_playable(self)


from ._flow import apply_move  # noqa: E402
from ._legal import legal_moves, why_illegal  # noqa: E402
from ._view import make_view  # noqa: E402
