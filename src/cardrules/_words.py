"""Words for narrations and rendered tables, shared by every game."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is one: ``counted(1, "card")`` is "1 card"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
