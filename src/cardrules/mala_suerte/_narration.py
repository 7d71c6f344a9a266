"""Matches in plain words, for narrators and front ends: only what the whole table sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted
from ._moves import Keep, Move, Mulligan
from ._records import Event

if TYPE_CHECKING:
    from ._state import State
    from ._view import View

__all__ = ["describe", "new_events", "opening", "render"]

#: A seat that took part in no private event: it sees what the whole table sees.
_TABLE = -1


def new_events(before: State, after: State) -> tuple[Event, ...]:
    """The events logged by the move that led from ``before`` to ``after``."""
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
        marks = " <- to decide" if seat == view.current_player else ""
        lines.append(f"seat {seat}: {size}; pile {pile}{marks}")
    lines.append(f"your hand (seat {view.seat}): " + (", ".join(str(c) for c in view.hand) or "-"))
    if view.returning:
        lines.append("set aside to return: " + ", ".join(str(c) for c in view.returning))
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
    if view.outcome is not None:
        lines.append(str(view.outcome))
    else:
        lines.append(f"step: {view.step.value}")
    return "\n".join(lines)
