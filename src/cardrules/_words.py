"""Words for narrations, rendered tables and error messages, shared by every game."""

from __future__ import annotations

import reprlib
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = ["brief", "counted", "cut", "difference", "either", "listed", "seat_name"]

T = TypeVar("T", bound=Hashable)


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is one: ``counted(1, "card")`` is "1 card"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


class _Brief(reprlib.Repr):
    """``reprlib`` cut to one short line, safe for integers too large to write out."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 40
        self.maxother = 40
        self.maxlong = 24
        for name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
            setattr(self, name, 4)

    def repr_int(self, x: int, level: int) -> str:
        # str() of an int over 4300 digits raises ValueError, and a long one costs quadratic time.
        if x.bit_length() > 64:
            return f"<{'a negative' if x < 0 else 'an'} integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()


def brief(value: object, limit: int = 60) -> str:
    """A short ``repr`` of a value a user handed in, for an error message.

    Long strings and containers are cut with ``...``, deep ones stop at three
    levels, huge integers are told by their size, and a value whose ``repr``
    itself fails is named by its type: formatting bad input never raises.
    """
    try:
        text = _BRIEF.repr(value)
    except Exception:  # a user's __repr__ may raise anything
        text = f"<{type(value).__name__} object>"
    return cut(text, limit)


def cut(text: str, limit: int = 60) -> str:
    """``text`` as it is if it has at most ``limit`` characters, else its start and ``...``."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def listed(items: Iterable[object], empty: str = "nothing") -> str:
    """Items in words, separated by commas: ``"7♠, Q♠"``; ``empty`` for none."""
    return ", ".join(map(str, items)) or empty


def either(options: Sequence[str]) -> str:
    """Choices in words: ``"draw"``, ``"play or draw"``, ``"play, draw or pass"``."""
    if len(options) < 2:
        return "".join(options)
    return f"{', '.join(options[:-1])} or {options[-1]}"


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
