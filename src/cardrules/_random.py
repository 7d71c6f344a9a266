"""A small seeded random source that behaves the same everywhere.

The generator is SplitMix64 on Python integers: its output depends only on the
seed, never on ``PYTHONHASHSEED``, set order, the platform or the Python
version.  States keep the generator's 64-bit state as a plain ``int`` field;
a transition builds an :class:`Rng` from it, draws, and stores ``rng.state``
in the new state, so states stay immutable values.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import TypeVar

from ._errors import ConfigError
from ._words import brief

__all__ = ["Rng", "Script", "Scripted", "Undrawn", "resume", "scripted"]

_T = TypeVar("_T")
_MASK = (1 << 64) - 1
#: The most outcomes :meth:`Rng.below` draws among: one 64-bit word's.
_SPAN = 1 << 64
#: ``_LIMITS[n]``: the largest multiple of ``n`` not above 2**64, for ``n < _TABLED``; below it, ``x % n`` is unbiased.
_TABLED = 257
_LIMITS = (0, *(((1 << 64) // n) * n for n in range(1, _TABLED)))
_GOLDEN = 0x9E3779B97F4A7C15
# Marks that keep salts, signs and the words of big seeds apart.
_SALT_MARK = 0x5A17_5A17_5A17_5A17
_SIGN_MARK = 0x8000_0000_0000_0001
_WORD_MARK = 0x3C3C_3C3C_3C3C_3C3C


class Rng:
    """A mutable SplitMix64 generator, used for the length of one transition."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        if type(state) is not int:
            raise ConfigError(f"Rng: a generator's state is an integer; got {brief(state)}")
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int, *salt: int) -> Rng:
        """A generator for ``seed`` (any ``int``, negative or large), optionally salted.

        Distinct ``(seed, *salt)`` tuples give distinct streams; a seed in
        ``0 .. 2**64 - 1`` without salt starts from the seed itself.
        """
        for part in (seed, *salt):
            if isinstance(part, bool) or not isinstance(part, int):
                raise ConfigError(f"Rng.from_seed: a seed or salt is an integer; got {brief(part)}")
        rng = cls(0)
        for index, part in enumerate((seed, *salt)):
            if index:
                rng.state ^= _SALT_MARK
            if part < 0:
                rng.state ^= _SIGN_MARK
                part = -part
            while True:
                rng.state ^= part & _MASK
                rng.next64()
                part >>= 64
                if not part:
                    break
                rng.state ^= _WORD_MARK
        return rng

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias (``n`` from 1 to ``2**64``)."""
        if type(n) is not int or not 0 < n <= _SPAN:
            raise ConfigError(f"Rng.below needs an integer n from 1 to 2**64; got {brief(n)}")
        return self._below(n) if n > 1 else 0

    def _below(self, n: int) -> int:
        """:meth:`below` for an ``n`` known to be good: the largest multiple of ``n`` that fits in 64
        bits bounds the outputs taken, so ``x % n`` is unbiased."""
        limit = _LIMITS[n] if n < _TABLED else ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[_T]) -> _T:
        """A uniformly chosen element of a non-empty sequence."""
        try:
            n = len(items)
        except TypeError:
            raise ConfigError(f"Rng.choice needs a sequence; got {brief(items)}") from None
        if not n:
            raise ConfigError("Rng.choice needs a sequence of at least one item; got an empty one")
        return items[self.below(n)]

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        """A new list with the items in uniformly random order (Fisher-Yates): the draws of
        ``below(i + 1)`` for each position from the last."""
        out = _listed("Rng.shuffled", items)
        for i in range(len(out) - 1, 0, -1):
            j = self._below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[_T], k: int) -> list[_T]:
        """``k`` distinct positions of ``items``, chosen uniformly, in random order."""
        pool = _listed("Rng.sample", items)
        if type(k) is not int or not 0 <= k <= len(pool):
            raise ConfigError(f"Rng.sample: k is an integer from 0 to the {len(pool)} items; got {brief(k)}")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


class Undrawn(BaseException):
    """A draw the :class:`Script` has no outcome for yet: its outcomes' labels and weights.

    A ``BaseException``, like ``GeneratorExit``: it is a driver's signal that unwinds a transition, never
    an error a rule could catch and turn into another.
    """

    def __init__(self, labels: tuple[str, ...], weights: tuple[int, ...]) -> None:
        super().__init__(f"a random draw of {len(labels)} outcomes has no outcome scripted")
        self.labels = labels
        self.weights = weights


class Script:
    """The outcomes of the random draws of one transition, fixed in advance by an outside driver.

    OpenSpiel's chance nodes are such a driver: it runs a transition with a script of the outcomes chosen
    so far; the first draw past them raises :class:`Undrawn`, which lists that draw's outcomes; the driver
    chooses one and runs the transition again with the longer script.  Every generator the transition
    resumes reads the same script, in order.
    """

    __slots__ = ("at", "outcomes")

    def __init__(self, outcomes: tuple[int, ...]) -> None:
        self.outcomes = outcomes
        self.at = 0

    def draw(self, outcomes: Sequence[object], weights: Sequence[int] | None = None) -> int:
        """The next scripted outcome, an index into ``outcomes`` (equally likely unless ``weights``);
        :class:`Undrawn` past the script, naming the outcomes by their text."""
        if self.at == len(self.outcomes):
            raise Undrawn(tuple(map(str, outcomes)), tuple(weights or (1,) * len(outcomes)))
        outcome = self.outcomes[self.at]
        if not 0 <= outcome < len(outcomes):
            raise ValueError(f"scripted outcome {outcome} of a draw of {len(outcomes)} outcomes")
        self.at += 1
        return outcome


class Scripted(Rng):
    """A generator whose draws come from a :class:`Script`, each draw one outcome of a small distribution.

    ``below(n)`` is one draw of ``n`` equal outcomes; ``shuffled`` deals its items one at a time, each
    draw choosing among the distinct items left, weighted by their copies, so every order of the items
    keeps its probability.  A raw 64-bit output (:meth:`next64`) is no such distribution: it is refused.
    """

    __slots__ = ("script",)

    def __init__(self, state: int, script: Script) -> None:
        super().__init__(state)
        self.script = script

    def next64(self) -> int:
        raise ValueError("a scripted generator draws outcomes of small distributions, never 64-bit words")

    def below(self, n: int) -> int:
        if type(n) is not int or not 0 < n <= _SPAN:
            raise ConfigError(f"Rng.below needs an integer n from 1 to 2**64; got {brief(n)}")
        if n == 1:
            return 0
        return self.script.draw(range(n))

    def choice(self, items: Sequence[_T]) -> _T:
        """One of ``items``; equal items are one outcome, weighted by their copies."""
        copies: dict[_T, int] = {}
        for item in items:
            copies[item] = copies.get(item, 0) + 1
        if len(copies) == 1:
            return items[0]
        distinct = tuple(copies)
        return distinct[self.script.draw(distinct, tuple(copies.values()))]

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        return self.sample(items, len(items))

    def sample(self, items: Sequence[_T], k: int) -> list[_T]:
        """``k`` of ``items`` dealt one draw at a time, each a :meth:`choice` among those left."""
        copies: dict[_T, int] = {}
        for item in items:
            copies[item] = copies.get(item, 0) + 1
        out: list[_T] = []
        for _ in range(k):
            distinct = tuple(copies)
            pick = (
                distinct[0]
                if len(distinct) == 1
                else distinct[self.script.draw(distinct, tuple(copies.values()))]
            )
            out.append(pick)
            if copies[pick] == 1:
                del copies[pick]
            else:
                copies[pick] -= 1
        return out


_SCRIPT: ContextVar[Script | None] = ContextVar("cardrules_script", default=None)


def resume(state: int) -> Rng:
    """The generator a transition draws from: ``Rng(state)``, or the :class:`Scripted` one while a driver
    scripts the draws (:func:`scripted`)."""
    script = _SCRIPT.get()
    return Rng(state) if script is None else Scripted(state, script)


@contextlib.contextmanager
def scripted(script: Script) -> Iterator[Script]:
    """Within the block, every generator a transition resumes draws from ``script``."""
    token = _SCRIPT.set(script)
    try:
        yield script
    finally:
        _SCRIPT.reset(token)


def _listed(what: str, items: Sequence[_T]) -> list[_T]:
    """``items`` as a new list; what is not a sequence (an iterator may be endless) is refused."""
    if not hasattr(items, "__len__") or not hasattr(items, "__getitem__"):
        raise ConfigError(f"{what} needs a sequence (a list, a tuple); got {brief(items)}")
    return list(items)
