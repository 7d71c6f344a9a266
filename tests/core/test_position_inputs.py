"""Every game's position builder, handed anything as any of its arguments: a state, or a CardRulesError
naming the argument; never another exception."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    CardRulesError,
    ConfigError,
    magyar_nepmesek,
    mala_e_cuia,
    mala_suerte,
    maldicion,
    malilla,
)

BUILDERS = {
    "malilla": malilla.position,
    "mala_suerte": mala_suerte.position,
    "mala_e_cuia": mala_e_cuia.position,
    "magyar_nepmesek": magyar_nepmesek.position,
    "maldicion": maldicion.position,
}

_WORDS = ["7s", "Kd", "red Clover", "Umbrella", "plus1-piglet", "midnight", "club/fire", "gem", "", "x"]
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.integers(),
    st.floats(allow_nan=True),
    st.sampled_from(_WORDS),
    st.text(max_size=20),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=8),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.integers(-1, 9), st.text(max_size=3)), inner, max_size=4),
    ),
    max_leaves=12,
)


@pytest.mark.parametrize("name", sorted(BUILDERS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_argument_gives_a_state_or_a_card_rules_error(name: str, data: st.DataObject) -> None:
    builder = BUILDERS[name]
    keywords = [p for p in inspect.signature(builder).parameters if p != "game"]
    chosen = data.draw(st.lists(st.sampled_from(keywords), min_size=1, max_size=3, unique=True))
    arguments: dict[str, Any] = {key: data.draw(_values, label=key) for key in chosen}
    try:
        state = builder(**arguments)
    except ConfigError as exc:
        assert f"{name} position" in str(exc) or f"{name}:" in str(exc)
        assert len(str(exc)) < 2_000
    except CardRulesError as exc:
        pytest.fail(f"{name}: a {type(exc).__name__} rather than a ConfigError: {exc}")
    else:
        assert state.game.from_notation(state.to_notation()) == state
