"""Matches in plain words, for narrators and front ends: only what the whole table sees.

A card given for Pass 2 cards, laid face down on a Village or exchanged
there, and the cards taken blind are never named: the lines come from the
state's public event log, never from the move itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted
from ._moves import Move, Pass

if TYPE_CHECKING:
    from ._state import State
    from ._view import View

__all__ = ["describe", "opening", "render"]


def opening(state: State) -> tuple[str, ...]:
    """The setup as the table sees it: the deal and who begins."""
    n = state.game.players
    return (
        f"each of the {n} seats is dealt 7 cards; {counted(len(state.draw), 'card')} form the draw pile",
        *state.events,
    )


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """One decision and what followed from it, public facts only."""
    if after.events:
        return after.events
    if isinstance(move, Pass):
        return (f"seat {move.seat} passes",)
    return (f"seat {move.seat} acts",)


def render(view: View) -> str:
    """The view as text: the seat's own cards, then the table."""
    lines = [f"seat {view.seat}, turn of seat {view.turn}"]
    lines.append("hand: " + (" ".join(view.hand) or "empty"))
    if view.own_villages:
        lines.append("own Villages: " + " ".join(c or "(empty)" for c in view.own_villages))
    lines.append(
        f"draw pile: {counted(view.draw_size, 'card')}; discard pile top: {view.discard[-1] if view.discard else 'none'}"
    )
    for s in range(view.game.players):
        melds = ", ".join(" ".join(m.cards) for m in view.melds[s]) or "nothing laid"
        known = f"; known to hold {' '.join(view.known[s])}" if view.known[s] and s != view.seat else ""
        lines.append(
            f"seat {s}: {counted(view.hand_sizes[s], 'card')} in hand, {counted(view.scores[s], 'point')} ({melds}){known}"
        )
    lines.extend(view.events)
    if view.outcome is not None:
        lines.append(f"the match is over: {view.outcome}")
    return "\n".join(lines)
