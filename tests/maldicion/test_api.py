"""The public face of ``cardrules.maldicion``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import SerializationError, maldicion


class TestExports:
    """The façade's names resolve, and the game is registered."""

    def test_all(self) -> None:
        """Every public name is there (tests/core/test_exports.py pins the list)."""
        assert all(hasattr(maldicion, name) for name in maldicion.__all__)

    def test_pending(self) -> None:
        """Every phase is a ``Pending`` (the core's pending decision); ``Phase`` is its former name."""
        assert maldicion.Phase is maldicion.Pending
        assert issubclass(maldicion.Pending, cardrules._pending.Pending)
        state = maldicion.Game().new_state(seed=3)
        assert state.pending is state.phase and isinstance(state.pending, maldicion.Pending)
        assert state.view(0).pending == state.view(0).phase

    def test_registered(self) -> None:
        """``cardrules.game("maldicion", ...)`` builds the game from its options."""
        assert cardrules.game("maldicion", players=2, mode="pvp") == maldicion.Game(players=2, mode="pvp")

    def test_moves_read_as_phrases(self) -> None:
        """``str(move)`` is a short human phrase; JSON names the kind of move."""
        move = maldicion.Play(1, maldicion.Card.parse("gem"), element=maldicion.Element.WATER)
        assert str(move) == "play Elemental Gem naming Water"
        data = move.to_dict()["data"]
        assert isinstance(data, dict) and data["type"] == "play"
        assert maldicion.Move.from_dict(move.to_dict()) == move


class TestReadingStates:
    """A state read from JSON is checked; a broken one raises SerializationError saying what is wrong."""

    @pytest.mark.parametrize(
        ("field", "change", "why"),
        [
            ("penalized", lambda d: [False, False], r"penalized has length 2; it must be 3"),
            (
                "match",
                lambda d: {**d, "heroes": ["TREA", "TREA", "ODILIA"]},
                "heroes deal one Hero to two seats",
            ),
            ("direction", lambda d: 2, "direction must be 1 or -1"),
            ("phase", lambda d: {"type": "turn", "seat": 5}, r"phase\.seat must be a seat from 0 to 2"),
            ("phase", lambda d: {"type": "drawn", "seat": 2, "card": None}, r"phase\.card is missing"),
            ("match", lambda d: {**d, "hp": [30, 30]}, "hp has length 2; it must be 0"),
        ],
    )
    def test_broken_state(self, field: str, change: Callable[[Any], Any], why: str) -> None:
        data = maldicion.Game(players=3).new_state(seed=1).to_dict()
        fields = data["data"]
        assert isinstance(fields, dict)
        with pytest.raises(SerializationError, match=why):
            maldicion.State.from_dict({**data, "data": {**fields, field: change(fields[field])}})
