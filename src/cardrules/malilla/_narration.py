"""Narration: what a move did, in words, and the opening line of a match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted
from ._cards import SUIT_OF
from ._moves import Move
from ._records import Trick
from ._rules import trick_winner

if TYPE_CHECKING:
    from ._state import State

__all__ = ["describe", "opening"]


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The card played, then the trick's winner, the hand's score and the next deal, as they happen."""
    lines = [f"seat {move.seat} plays {move.card}"]
    if after.outcome is not None and after.outcome.reason.startswith(f"seat {move.seat} fouled"):
        return (*lines, f"foul: {after.outcome.reason}")
    if len(after.tricks) > len(before.tricks) or after.hand_number != before.hand_number:
        trick = after.tricks[-1] if after.hand_number == before.hand_number else _finished_trick(before, move)
        points = sum(c.points for c in trick.cards)
        worth = counted(points, "point")
        lines.append(f"seat {trick.winner} takes the trick ({' '.join(map(str, trick.cards))}, {worth})")
    result = after.last_hand
    if result is not None and result is not before.last_hand:
        a, b = result.collected
        lines.append(
            f"hand {before.hand_number} over: seats 0+2 collected {a}, seats 1+3 {b}"
            + (" (capote)" if result.capote else "")
            + f"; they score {result.scored[0]} and {result.scored[1]}"
        )
        # The score the hand left, then the next deal (whose dealer bonus, if any, comes with it).
        left = (before.scores[0] + result.scored[0], before.scores[1] + result.scored[1])
        lines.append(f"match score: seats 0+2 {left[0]}, seats 1+3 {left[1]}")
        if after.outcome is None:
            lines.append(_deal_line(after))
            if after.scores != left:
                lines.append(f"match score: seats 0+2 {after.scores[0]}, seats 1+3 {after.scores[1]}")
    if after.outcome is not None:
        lines.append(f"the match is over: {after.outcome}")
    return tuple(lines)


def opening(state: State) -> tuple[str, ...]:
    """The first deal."""
    return (_deal_line(state),)


def _finished_trick(before: State, move: Move) -> Trick:
    """The trick ``move`` completed, from the state before it (the next deal has cleared it since)."""
    cards = (*before.trick, move.card)
    return Trick(before.leader, cards, (before.leader + trick_winner(cards, SUIT_OF[before.trump])) % 4)


def _deal_line(state: State) -> str:
    bonus = state.trump.points
    text = f"hand {state.hand_number}: seat {state.dealer} deals; {state.trump} is face up, {state.trump.suit} are trumps"
    if state.held_bonus:
        return f"{text}; the dealer's bonus of {bonus} is held until the hand is scored"
    if bonus:
        return f"{text}; the dealer's side scores a bonus of {bonus}"
    return text
