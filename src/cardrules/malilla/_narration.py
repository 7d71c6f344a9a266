"""Narration: what a move did, in words, and the opening line of a match, rendered from the typed
events of :mod:`._events`."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from .._words import counted
from ._events import Event, EventKind, first_events, move_events
from ._moves import Move

if TYPE_CHECKING:
    from ._state import State

__all__ = ["describe", "event_line", "opening"]


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The card played, then the trick's winner, the hand's score and the next deal, as they happen."""
    return tuple(map(event_line, move_events(before, move, after)))


def opening(state: State) -> tuple[str, ...]:
    """The first deal."""
    return tuple(map(event_line, first_events(state)))


def event_line(event: Event) -> str:
    """One event in words."""
    match event.kind:
        case EventKind.PLAY:
            return f"seat {event.seat} plays {event.card}"
        case EventKind.FOUL:
            assert event.outcome is not None
            return f"foul: {event.outcome.reason}"
        case EventKind.TRICK:
            worth = counted(event.points, "point")
            return f"seat {event.seat} takes the trick ({' '.join(map(str, event.cards))}, {worth})"
        case EventKind.HAND:
            result = event.result
            assert result is not None
            a, b = result.collected
            return (
                f"hand {event.number} over: seats 0+2 collected {a}, seats 1+3 {b}"
                + (" (capote)" if result.capote else "")
                + f"; they score {result.scored[0]} and {result.scored[1]}"
            )
        case EventKind.SCORE:
            return f"match score: seats 0+2 {event.scores[0]}, seats 1+3 {event.scores[1]}"
        case EventKind.DEAL:
            return _deal_line(event)
        case EventKind.OVER:
            return f"the match is over: {event.outcome}"
        case _:
            assert_never(event.kind)


def _deal_line(event: Event) -> str:
    trump = event.card
    assert trump is not None
    bonus = trump.points
    text = f"hand {event.number}: seat {event.seat} deals; {trump} is face up, {trump.suit} are trumps"
    if event.held:
        return f"{text}; the dealer's bonus of {bonus} is held until the hand is scored"
    if bonus:
        return f"{text}; the dealer's side scores a bonus of {bonus}"
    return text
