"""Matches in plain words, for narrators and front ends: only what the whole table sees, rendered
from the typed events of :mod:`._events`.

A packed item is never named before its reveal: "seat 1 packs an item".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from .._words import counted
from ._deck import Deck
from ._events import Event, EventKind, first_events, move_events
from ._moves import Move
from ._tiles import Tile

if TYPE_CHECKING:
    from ._state import State

__all__ = ["describe", "event_line", "opening", "tile_text"]


def tile_text(deck: Deck, tile: Tile) -> str:
    """``Umbrella, Passport, Raincoat + Bonus: Flashlight``."""
    general = ", ".join(sorted(deck.names[f] for f in tile.general)) or "nothing"
    bonus = deck.names[tile.bonus] if tile.bonus is not None else "nothing"
    return f"{general} + Bonus: {bonus}"


def opening(state: State) -> tuple[str, ...]:
    """The setup as the table sees it."""
    deck = state.game.deck
    return tuple(event_line(deck, e) for e in first_events(state))


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """One decision and what followed from it, public facts only."""
    deck = before.game.deck
    return tuple(event_line(deck, e) for e in move_events(before, move, after))


def event_line(deck: Deck, event: Event) -> str:
    """One event in words, the cards named as ``deck`` names them."""
    match event.kind:
        case EventKind.PACK:
            return f"seat {event.seat} packs an item"
        case EventKind.TILE_DOWN:
            return f"seat {event.seat} places its Suitcase Tile face down"
        case EventKind.GUESS:
            return f"seat {event.seat}, for the team, points at {event.item} ({event.slot})"
        case EventKind.SITUATION:
            return f"round {event.number}: the Situation card is {_situation(deck, event)}"
        case EventKind.SECRET_SITUATIONS:
            return "each seat gets a secret Situation card"
        case EventKind.TABLE:
            return "on the table: " + ", ".join(deck.names[f] for f in event.items)
        case EventKind.COMPARE:
            return f"Compare Luggage, round {event.number}:"
        case EventKind.SCORED:
            return (
                f"seat {event.seat} packed {_tile(deck, event)}: {event.points} points (total {event.total})"
            )
        case EventKind.DESTINATION:
            renewal = "flipped" if event.flipped else "swapped for new ones"
            return (
                f"New Destination, round {event.number}: the Situation card is "
                f"{_situation(deck, event)}; the items are {renewal}"
            )
        case EventKind.ALL_PACKED:
            return f"everyone has packed; seat {event.seat} is the first protagonist"
        case EventKind.READ_ALOUD:
            return (
                f"protagonist seat {event.seat} reads aloud {_situation(deck, event)}; "
                f"seat {event.other} guesses for the team"
            )
        case EventKind.OPENED:
            return f"seat {event.seat} opens the Suitcase Tile: {_tile(deck, event)}"
        case EventKind.GUESSED:
            return (
                f"the team guessed {_tile(deck, event)}: {event.correct} right, "
                f"{counted(event.points, 'point')} (team total {event.total})"
            )
        case EventKind.OVER:
            return f"the match is over: {event.outcome}"
        case _:
            assert_never(event.kind)


def _tile(deck: Deck, event: Event) -> str:
    assert event.tile is not None
    return tile_text(deck, event.tile)


def _situation(deck: Deck, event: Event) -> str:
    assert event.situation is not None
    card = deck.situations[event.situation]
    return f"{card.general.text!r} (Bonus: {card.bonus.text!r})"
