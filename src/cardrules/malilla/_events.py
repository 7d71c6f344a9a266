"""The typed events of a move: what the whole table saw happen; narration renders from them.

A Malilla state keeps its public records (:class:`~cardrules.malilla.Trick`,
:class:`~cardrules.malilla.HandResult`) rather than an event log, so the events of a move are read
from the states before and after it (:func:`events_of`), and those of a new match from its first
state (:func:`opening_events`).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from .._base import check_state_of, check_step
from .._outcome import Outcome
from ._cards import POINTS, SUIT_OF, Card
from ._moves import Move
from ._records import HandResult
from ._rules import trick_winner

if TYPE_CHECKING:
    from ._state import State

__all__ = ["Event", "EventKind", "events_of", "first_events", "move_events", "opening_events"]


class EventKind(enum.Enum):
    """What happened; the fields of :class:`Event` each kind uses are listed."""

    #: Hand ``number`` is dealt by ``seat``, ``card`` turned face up names the trumps; ``held`` when
    #: the dealer's bonus waits for the hand's scoring.
    DEAL = "deal"
    #: ``seat`` played ``card``.
    PLAY = "play"
    #: ``seat`` fouled and lost the match (``irregularities="lose_game"``): ``outcome`` says how.
    FOUL = "foul"
    #: ``seat`` took the trick of ``cards``, worth ``points``.
    TRICK = "trick"
    #: Hand ``number`` was scored: ``result``.
    HAND = "hand"
    #: The match score is now ``scores`` (side 0, side 1).
    SCORE = "score"
    #: The match is over: ``outcome``.
    OVER = "over"


@attrs.frozen
class Event:
    """One public event of a move, of kind ``kind``; the other fields as :class:`EventKind` says, given by
    name after the seat and the card: ``Event(EventKind.TRICK, 2, cards=..., points=...)``."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True)
    number: int = attrs.field(default=0, kw_only=True)
    points: int = attrs.field(default=0, kw_only=True)
    scores: tuple[int, int] = attrs.field(default=(0, 0), kw_only=True)
    held: bool = attrs.field(default=False, kw_only=True)
    result: HandResult | None = attrs.field(default=None, kw_only=True)
    outcome: Outcome | None = attrs.field(default=None, kw_only=True)


def move_events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """The public events of ``move``, which led from ``before`` to ``after``: the card played, then the
    trick's winner, the hand's score and the next deal, as they happen."""
    events = [Event(EventKind.PLAY, move.seat, move.card)]
    outcome = after.outcome
    if outcome is not None and outcome.reason.startswith(f"seat {move.seat} fouled"):
        return (*events, Event(EventKind.FOUL, move.seat, outcome=outcome))
    if len(after.tricks) > len(before.tricks) or after.hand_number != before.hand_number:
        winner, cards = (
            (after.tricks[-1].winner, after.tricks[-1].cards)
            if after.hand_number == before.hand_number
            else _finished_trick(before, move)
        )
        events.append(Event(EventKind.TRICK, winner, cards=cards, points=sum(POINTS[c] for c in cards)))
    result = after.last_hand
    if result is not None and result is not before.last_hand:
        events.append(Event(EventKind.HAND, number=before.hand_number, result=result))
        # The score the hand left, then the next deal (whose dealer bonus, if any, comes with it).
        left = (before.scores[0] + result.scored[0], before.scores[1] + result.scored[1])
        events.append(Event(EventKind.SCORE, scores=left))
        if outcome is None:
            events.append(_deal(after))
            if after.scores != left:
                events.append(Event(EventKind.SCORE, scores=after.scores))
    if outcome is not None:
        events.append(Event(EventKind.OVER, outcome=outcome))
    return tuple(events)


def first_events(state: State) -> tuple[Event, ...]:
    """The public events of a match's first state: the first deal."""
    return (_deal(state),)


def _finished_trick(before: State, move: Move) -> tuple[int, tuple[Card, ...]]:
    """The winner and cards of the trick ``move`` completed, from the state before it (the next deal
    has cleared it since)."""
    cards = (*before.trick, move.card)
    return (before.leader + trick_winner(cards, SUIT_OF[before.trump])) % 4, cards


def _deal(state: State) -> Event:
    return Event(
        EventKind.DEAL, state.dealer, state.trump, number=state.hand_number, held=bool(state.held_bonus)
    )


def events_of(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """The public events of ``move``, which led from ``before`` to ``after``, and of what followed.

    ``move`` must be legal in ``before`` (else :class:`~cardrules.IllegalMoveError`) and lead to
    ``after`` (else :class:`~cardrules.PositionError`): it is applied to check.
    """
    check_step("malilla", "events_of", before, move, after)
    return move_events(before, move, after)


def opening_events(state: State) -> tuple[Event, ...]:
    """The public events of a match's first state (a state of another game is a
    :class:`~cardrules.PositionError`)."""
    check_state_of("malilla", "opening_events: state", state)
    return first_events(state)
