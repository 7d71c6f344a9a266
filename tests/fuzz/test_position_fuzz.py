"""The position builders take what a user types: any value for any argument is refused with a
:class:`~cardrules.CardRulesError` or built, never a crash, and within a CPU budget (a huge game or hand
number, a long list, a value of another type)."""

from __future__ import annotations

import importlib
import inspect
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules

from .harness import BUDGET, GAMES

#: Values of every shape a caller may hand an argument by mistake or on purpose.
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**18), max_value=10**18),
    st.sampled_from([0, 1, 2, 3, 4, 64, 65, 10**9, -1]),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.lists(st.integers(-5, 200), max_size=12),
    st.lists(st.text(max_size=12), max_size=12),
    st.dictionaries(st.integers(-2, 8), st.text(max_size=12), max_size=5),
)


def _builder(name: str) -> tuple[Any, list[str]]:
    position = importlib.import_module(f"cardrules.{name}").position
    keywords = [p for p in inspect.signature(position).parameters if p != "game"]
    return position, keywords


@pytest.mark.parametrize("name", GAMES)
def test_a_builder_refuses_or_builds_any_argument(name: str) -> None:
    position, keywords = _builder(name)
    games = cardrules.game(name).examples()

    @settings(max_examples=60, deadline=None)
    @given(
        game=st.sampled_from(games),
        arguments=st.dictionaries(st.sampled_from(keywords), VALUES, max_size=3),
    )
    def check(game: Any, arguments: dict[str, Any]) -> None:
        start = time.process_time()
        try:
            state = position(game, **arguments)
        except cardrules.CardRulesError:
            pass
        else:
            assert state.game == game
        assert time.process_time() - start < BUDGET, f"{name} position{arguments!r} took too long"

    check()
