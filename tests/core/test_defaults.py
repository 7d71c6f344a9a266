"""What a new game gets from the base classes before it overrides anything.

A game written against the core only (here the matching-pennies game of
``test_secret_moves``) already renders its views, refuses illegal moves with
a message and describes its moves; the five games override all three.
"""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError

from .test_secret_moves import Pennies, Write


class TestDefaults:
    def test_a_view_renders_its_fields(self) -> None:
        state = Pennies().new_state(0).apply(Write(0, "heads"))
        assert state.view(0).render().splitlines() == ["seat: 0", "own: heads", "written: 1", "outcome: null"]

    def test_a_move_of_the_wrong_form_is_refused_naming_the_field(self) -> None:
        state = Pennies().new_state(0)
        with pytest.raises(
            IllegalMoveError,
            match=r"pennies: not a well-formed move, at side: expected one of 'heads', 'tails'",
        ):
            state.apply(Write(0, "edge"))  # type: ignore[arg-type]

    def test_a_move_out_of_turn_is_refused_by_name(self) -> None:
        state = Pennies().new_state(0)
        with pytest.raises(
            IllegalMoveError, match=r"pennies: seat 1 tried to move \(Write\(seat=1, side='heads'\)\)"
        ):
            state.apply(Write(1, "heads"))

    def test_a_move_is_described_by_its_seat(self) -> None:
        state = Pennies().new_state(0)
        move = Write(0, "tails")
        assert state.describe(move, state.apply(move)) == (f"seat 0: {move}",)
        assert state.opening() == ()
