"""The result of a finished match."""

from __future__ import annotations

import attrs

__all__ = ["Outcome"]


@attrs.frozen
class Outcome:
    """Who won a match and the final scores.

    ``winners`` is never empty: a shared victory, a partnership or a team is
    several seats, and a cooperative match is won by the whole table.
    ``scores`` holds one number per seat, in the rulebook's own units.
    ``reason`` says in words how the match ended.
    """

    winners: frozenset[int]
    scores: tuple[float, ...]
    reason: str = ""

    def __str__(self) -> str:
        seats = ", ".join(str(s) for s in sorted(self.winners))
        text = f"won by seat{'s' if len(self.winners) > 1 else ''} {seats}"
        return f"{text} ({self.reason})" if self.reason else text
