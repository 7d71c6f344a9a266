"""Words for narrations and rendered tables, shared by every game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = ["counted", "difference", "listed", "seat_name"]

T = TypeVar("T", bound=Hashable)


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is one: ``counted(1, "card")`` is "1 card"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def listed(items: Iterable[object], empty: str = "nothing") -> str:
    """Items in words, separated by commas: ``"7♠, Q♠"``; ``empty`` for none."""
    return ", ".join(map(str, items)) or empty


def difference(before: Sequence[T], after: Sequence[T]) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """What ``after`` holds that ``before`` did not, and what ``before`` held that ``after`` does not.

    Both as multisets, each in the order of its own sequence: what came into a
    hand and what left it between two views of one seat.
    """
    gained = Counter(after) - Counter(before)
    lost = Counter(before) - Counter(after)
    return _take(after, gained), _take(before, lost)


def _take(items: Sequence[T], wanted: Counter[T]) -> tuple[T, ...]:
    out = []
    for item in items:
        if wanted[item] > 0:
            wanted[item] -= 1
            out.append(item)
    return tuple(out)


def seat_name(seat: int, you: int | None) -> str:
    """``"you"`` for the seat addressed, ``"seat N"`` for the others."""
    return "you" if seat == you else f"seat {seat}"
