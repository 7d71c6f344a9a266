"""Whole-match law tests split into parts, so that pytest-xdist's workers share the long ones.

A test over random matches runs the Hypothesis profile's examples (25 in ``ci``, 200 in ``deep``). For
a configuration whose matches are long (a La Maldición duel runs to a few thousand decisions) one such
test is minutes of work for one worker while the others idle at the end of the run. Here a long
configuration's test becomes several parametrised cases, each with its share of the examples and its
own residue of the seeds: the same number of matches in all, checked by the same assertions, in pieces
a free worker can take.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import AnyGame, every_game, random_walk

#: Seeds of the matches, as the tests have always drawn them.
SEEDS = st.integers(min_value=0, max_value=2**32)
#: Views of one part's worth of matches: the tests look at every seat's view of many states, so a
#: configuration's work grows with its matches' decisions times its seats (mean of three matches).
VIEWS_PER_PART = 500
MAX_PARTS = 12


@functools.cache  # one entry per configuration example
def parts(game: AnyGame) -> int:
    """How many parts ``game``'s whole-match tests are split into: one per 500 seat-decisions."""
    decisions = sum(1 for seed in range(3) for _ in random_walk(game, seed)) / 3
    return min(MAX_PARTS, 1 + int(decisions * game.players) // VIEWS_PER_PART)


def _cases() -> list[Any]:
    cases = []
    for game in every_game():
        n = parts(game)
        for part in range(n):
            cases.append(pytest.param(game, part, id=str(game) if n == 1 else f"{game}-part{part + 1}of{n}"))
    return cases


def whole_matches(
    **strategies: st.SearchStrategy[Any],
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Run ``test(self, game, seed, **drawn)`` over every configuration, split into its parts.

    The parts share the profile's examples (the ``ci`` profile's 25 as 3, 3, 3, 2, ... in twelve parts); each
    draws seeds congruent to its number modulo the parts, with ``strategies`` for the other arguments.
    """

    def decorate(test: Callable[..., None]) -> Callable[..., None]:
        @pytest.mark.parametrize(("game", "part"), _cases())
        def run(self: object, game: AnyGame, part: int) -> None:
            n = parts(game)
            profile = settings.default
            assert profile is not None  # conftest.py loads one
            examples = max(1, (profile.max_examples - part + n - 1) // n)  # the parts' shares add up

            @settings(max_examples=examples)
            @given(seed=SEEDS.map(lambda s: s - s % n + part), **strategies)
            def check(seed: int, **drawn: Any) -> None:
                test(self, game, seed, **drawn)

            check()

        run.__name__ = test.__name__
        run.__qualname__ = test.__qualname__
        run.__doc__ = test.__doc__
        return run

    return decorate
