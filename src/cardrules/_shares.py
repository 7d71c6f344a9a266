"""Each seat's share of the win from a lead in points: what position values are made of."""

from __future__ import annotations

import math
from collections.abc import Sequence, Set

from ._outcome import Outcome

__all__ = ["outcome_shares", "win_shares"]


def outcome_shares(outcome: Outcome) -> tuple[float, ...]:
    """A finished match's shares: 1 for each of its winners, 0 for the other seats."""
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores)))


def win_shares(
    points: Sequence[float], spread: float, sides: Sequence[Set[int]] | None = None
) -> tuple[float, ...]:
    """Each seat's share of the win, ``exp(points / spread)`` normalised: a seat ``spread`` points
    ahead of another is ``e`` times as likely to win.  With ``sides`` (teams that win together),
    every seat gets its side's share, the sum of its members'."""
    top = max(points)
    weights = [math.exp((p - top) / spread) for p in points]
    total = sum(weights)
    shares = [w / total for w in weights]
    if sides is not None:
        for side in sides:
            together = sum(shares[s] for s in side)
            for s in side:
                shares[s] = together
    return tuple(shares)
