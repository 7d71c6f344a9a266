"""The seeded random source: reproducible everywhere, uniform enough, never biased by modulo."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import ConfigError
from cardrules._random import Rng


class TestRng:
    """SplitMix64 outputs depend on the seed alone."""

    def test_known_outputs(self) -> None:
        """Pinned values: a change here would change every recorded match."""
        rng = Rng.from_seed(1)
        assert [rng.next64() for _ in range(3)] == [rng_value for rng_value in _first_three(1)]

    @given(st.integers())
    def test_any_integer_seeds_reproducibly(self, seed: int) -> None:
        a, b = Rng.from_seed(seed), Rng.from_seed(seed)
        assert [a.next64() for _ in range(4)] == [b.next64() for _ in range(4)]
        assert 0 <= a.state < 2**64

    def test_salts_and_signs_separate_streams(self) -> None:
        outputs = {Rng.from_seed(*seed).next64() for seed in [(1,), (-1,), (1, 0), (1, 1), (2**64 + 1,)]}
        assert len(outputs) == 5

    @given(st.integers(0, 2**64), st.integers(1, 1000))
    def test_below_stays_in_range(self, seed: int, n: int) -> None:
        rng = Rng.from_seed(seed)
        assert all(0 <= rng.below(n) < n for _ in range(20))

    def test_below_rejects_empty_ranges(self) -> None:
        with pytest.raises(ConfigError, match=r"below needs an integer n from 1 to 2\*\*64; got 0"):
            Rng(0).below(0)

    def test_a_bot_writers_bad_arguments_are_named(self) -> None:
        """The generator is public: what it cannot draw from is a ConfigError, never a hang (a range
        past one 64-bit word would never be drawn from) or a TypeError."""
        rng: Any = Rng.from_seed(1)
        loose: Any = Rng
        assert rng.below(2**64) < 2**64
        calls: list[tuple[Callable[[], object], str]] = [
            (
                lambda: rng.below(2**64 + 1),
                "below needs an integer n from 1 to 2**64; got <an integer of 65 bits>",
            ),
            (lambda: rng.below("3"), "below needs an integer n from 1 to 2**64; got '3'"),
            (lambda: rng.shuffled(iter([1, 2])), "shuffled needs a sequence"),
            (lambda: rng.sample([1, 2], 3), "sample: k is an integer from 0 to the 2 items; got 3"),
            (lambda: rng.choice([]), "choice needs a sequence of at least one item"),
            (lambda: rng.choice(None), "choice needs a sequence; got None"),
            (lambda: loose.from_seed(1, "salt"), "from_seed: a seed or salt is an integer; got 'salt'"),
            (lambda: loose(2.5), "a generator's state is an integer; got 2.5"),
        ]
        for call, words in calls:
            with pytest.raises(ConfigError, match=re.escape(words)):
                call()

    def test_shuffles_are_permutations_and_roughly_uniform(self) -> None:
        rng = Rng.from_seed(7)
        counts = Counter(tuple(rng.shuffled("abc")) for _ in range(6000))
        assert set(counts) == {tuple(p) for p in ("abc", "acb", "bac", "bca", "cab", "cba")}
        assert all(800 < c < 1200 for c in counts.values())

    @given(st.integers(0, 2**64 - 1), st.integers(0, 300))
    def test_shuffles_draw_as_below_does(self, seed: int, size: int) -> None:
        """``shuffled`` is Fisher-Yates on ``below(i + 1)`` from the last position, and leaves the same state."""
        fast, plain = Rng(seed), Rng(seed)
        expected = list(range(size))
        for i in range(size - 1, 0, -1):
            j = plain.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert fast.shuffled(range(size)) == expected
        assert fast.state == plain.state

    def test_sample_draws_distinct_items(self) -> None:
        rng = Rng.from_seed(3)
        picked = rng.sample(range(10), 4)
        assert len(set(picked)) == 4 and all(0 <= p < 10 for p in picked)


def _first_three(seed: int) -> list[int]:
    """The reference algorithm, written out independently."""
    mask = (1 << 64) - 1
    state = 0
    out = []

    def step(s: int) -> tuple[int, int]:
        s = (s + 0x9E3779B97F4A7C15) & mask
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return s, z ^ (z >> 31)

    state = (state ^ seed) & mask
    state, _ = step(state)
    for _ in range(3):
        state, value = step(state)
        out.append(value)
    return out
