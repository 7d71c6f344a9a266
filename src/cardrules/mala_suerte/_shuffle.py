"""A faster exact shuffle on the state's generator.

``Rng.shuffled`` spends one 64-bit output per card.  Dealing and the many
reshuffles of Mala Suerte (every elimination shuffles the deck) are the
costliest part of a random playout, so this shuffle splits each output into
two 32-bit halves and maps each half onto ``range(n)`` by Lemire's
multiply-and-shift, rejecting the few values that would bias it: still an
exact uniform Fisher-Yates, with half the calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .._random import Rng

__all__ = ["shuffled"]

_T = TypeVar("_T")
_HALF = 0xFFFFFFFF
#: For each n, the low products below 2**32 mod n are rejected (Lemire's threshold).
_REJECT = tuple((1 << 32) % n if n else 0 for n in range(64))


def shuffled(rng: Rng, items: Sequence[_T]) -> list[_T]:
    """A new list with ``items`` in uniformly random order, drawn from ``rng``."""
    out = list(items)
    spare = -1  # the unused half of the last output, if any
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        reject = _REJECT[n] if n < 64 else (1 << 32) % n
        while True:
            if spare >= 0:
                x, spare = spare, -1
            else:
                word = rng.next64()
                x, spare = word & _HALF, word >> 32
            product = x * n
            if (product & _HALF) >= reject:
                break
        j = product >> 32
        out[i], out[j] = out[j], out[i]
    return out
