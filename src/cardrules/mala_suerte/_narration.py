"""Matches in plain words, for narrators and front ends: only what the whole table sees."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from .._words import counted
from ._events import PRIVATE, Event
from ._moves import Keep, Move, Mulligan

if TYPE_CHECKING:
    from ._state import State
    from ._view import View

__all__ = ["describe", "hint", "new_events", "news", "opening", "render"]

#: A seat that took part in no private event: it sees what the whole table sees.
_TABLE = -1


def new_events(before: State | View, after: State | View) -> tuple[Event, ...]:
    """The events logged by the move that led from ``before`` to ``after`` (two states, or one seat's views)."""
    done = len(before.this_turn)
    if (
        after.this_turn[:done] == before.this_turn
        and len(after.this_turn) >= done
        and after.turn == before.turn
    ):
        return after.this_turn[done:]
    return after.last_turn[done:] + after.this_turn


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The move and what followed from it, as the table saw it (a mulligan stays secret).

    The log's events tell the move itself ("seat 0 played red Crows"), so they are all that is shown.
    Setting a card aside for the mulligan is told nothing of: the seats still to decide would count
    the cards (ruling 5); only the end of each seat's decision is told.
    """
    events = tuple(str(e.seen_by(_TABLE)) for e in new_events(before, after))
    if isinstance(move, Mulligan):
        return events
    if isinstance(move, Keep):
        return (f"seat {move.seat} has made its mulligan decision", *events)
    return events or (f"seat {move.seat}: {move}",)


def news(view: View, before: View) -> tuple[str, ...]:
    """What ``view.seat`` alone saw since ``before``: the cards it drew, took, gave or was dealt."""
    me = view.seat
    lines = []
    for event in new_events(before, view):
        if event.kind in PRIVATE and event.cards and me in (event.seat, event.other):
            text = _SEAT.sub(lambda m: "you" if int(m[1]) == me else m[0], str(event))
            lines.append(text.replace("you was", "you were").replace("the hand of you", "your hand"))
    return tuple(lines)


_SEAT = re.compile(r"\bseat (\d+)")


def hint(view: View) -> str:
    """The decision pending, in one line with the rule it follows."""
    if view.outcome is not None:
        return str(view.outcome)
    seat = view.current_player
    return f"seat {seat}: {_STEPS.get(view.step.value, view.step.value.replace('_', ' '))}"


#: The steps of a turn, as the rulebook words what the seat does there.
_STEPS = {
    "mulligan": "may set aside cards to return to the deck (the mulligan), or keep the rest",
    "open": "start of the turn: draw, clean or play",
    "drawn": "has drawn: clean or play",
    "cleaned": "has cleaned: play",
    "crows_steal": "Crows: takes a card from the next seat",
    "crows_counter": "Crows: takes back a card of another colour",
    "cat_take": "Black Cat: takes a card of the player's hand to its own pile",
    "evil_eye": "Evil Eye: names a colour",
    "horseshoe_return": "Horseshoe: returns a card to the top of the deck",
    "salt_take": "Spilled Salt: takes a card of the next seat's hand to that seat's pile",
    "mirror_swap": "Broken Mirror: picks a seat, a card to give and one to take",
}


def opening(state: State) -> tuple[str, ...]:
    """The deal, and who starts if there is no mulligan."""
    n = state.game.players
    lines = [f"six cards dealt to each of {n} seats; {counted(len(state.deck), 'card')} left in the deck"]
    lines.extend(str(e.seen_by(_TABLE)) for e in state.last_turn)
    return tuple(lines)


def render(view: View) -> str:
    """The table as one seat sees it."""
    lines = []
    direction = "clockwise" if view.clockwise else "anticlockwise"
    deck = f"deck {counted(view.deck_size, 'card')}"
    if view.deck_colours:
        deck += " (top: " + ", ".join(str(c) for c in view.deck_colours) + ")"
    lines.append(f"{deck}; discard {counted(len(view.discard), 'card')}; token {direction}")
    for seat in range(view.game.players):
        pile = ", ".join(str(c) for c in view.piles[seat]) or "-"
        if not view.alive[seat]:
            lines.append(f"seat {seat}: out; pile {pile}")
            continue
        size = counted(view.hand_sizes[seat], "card")
        if view.hand_colours:
            red, yellow, blue = view.hand_colours[seat]
            size += f" ({red} red, {yellow} yellow, {blue} blue)"
        you = " (you)" if seat == view.seat else ""
        lines.append(f"seat {seat}{you}: {size}; pile {pile}")
    aside = Counter(view.returning or ())
    hand = []
    for card in view.hand:
        if aside[card]:
            aside[card] -= 1
        else:
            hand.append(card)
    lines.append("your hand: " + (", ".join(str(c) for c in hand) or "-"))
    if view.returning:
        lines.append("set aside to return to the deck: " + ", ".join(str(c) for c in view.returning))
    if view.curse is not None:
        lines.append(f"Evil Eye: {view.curse}")
    known = view.knowledge
    for seat, held in enumerate(known.hands):
        if held:
            lines.append(f"you know seat {seat} holds " + ", ".join(str(c) for c in held))
    if known.deck_top:
        lines.append(
            "you know the deck from the top: " + ", ".join(str(c) if c else "?" for c in known.deck_top)
        )
    if known.deck:
        lines.append("you know the deck holds " + ", ".join(str(c) for c in known.deck))
    for title, events in (("last turn", view.last_turn), ("this turn", view.this_turn)):
        if events:
            lines.append(f"{title}: " + "; ".join(str(e) for e in events))
    lines.append(f"now: {hint(view)}")
    return "\n".join(lines)
