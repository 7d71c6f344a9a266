"""Untrusted input never crashes, stalls or fools the library: every game, every kind of input.

Each example is a real ``to_dict()`` output mutated (keys dropped, added or
retyped, numbers out of range or huge, long lists, deep nesting, parts of
other games' dicts), or a legal move with a field of another type.  Only a
:class:`~cardrules.CardRulesError` may come out, a refused ``apply`` changes
nothing, and whatever is accepted round-trips and plays on, each input within
a CPU budget.  ``HYPOTHESIS_PROFILE=deep`` digs far longer;
``scripts/fuzz_campaign.py`` runs the same fuzzers for minutes.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .harness import GAMES, KINDS, Kind, inputs, judge, read, real_values

#: Examples per game and kind: a few tens of CPU seconds for the whole grid in CI; the profile's own count
#: under ``deep``.
_EXAMPLES = {"dev": 4, "ci": 20}.get(os.environ.get("HYPOTHESIS_PROFILE", "dev"), settings().max_examples)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAMES)
def test_only_card_rules_errors_come_out(name: str, kind: Kind) -> None:
    @settings(max_examples=_EXAMPLES)
    @given(st.randoms(use_true_random=False))
    def check(rng: random.Random) -> None:
        judge(name, kind, inputs(name, kind, rng))

    check()


@pytest.mark.parametrize("name", GAMES)
def test_real_values_are_accepted(name: str) -> None:
    """The fuzzers start from real dicts: every one of them is read back as the value that wrote it."""
    for kind, data in real_values(name):
        value = read(name, kind, data)
        assert value.to_dict() == data, f"{name} {kind} changed on the way back"
