"""The contract's laws as a Hypothesis state machine, one per registered game configuration."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules import IllegalMoveError

from ..helpers import AnyGame, AnyState, every_game, json_round_trip


class ContractMachine(RuleBasedStateMachine):
    """Random play of one game; after every step the contract's laws must hold."""

    game: AnyGame
    state: AnyState

    @initialize(seed=st.integers(0, 2**32))
    def deal(self, seed: int) -> None:
        self.state = self.game.new_state(seed)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def make_a_legal_move(self, data: st.DataObject) -> None:
        before = self.state.to_dict()
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        after = self.state.apply(move)
        assert self.state.to_dict() == before, "apply never changes the state it is called on"
        self.state = after

    @rule(garbage=st.one_of(st.none(), st.integers(), st.text(max_size=5), st.tuples(st.integers())))
    def refuse_garbage(self, garbage: Any) -> None:
        before = self.state
        with pytest.raises(IllegalMoveError):
            self.state.apply(garbage)
        assert self.state == before

    @rule()
    def continue_from_json(self) -> None:
        again = type(self.state).from_dict(json_round_trip(self.state.to_dict()))
        assert again == self.state and hash(again) == hash(self.state)
        self.state = again

    @invariant()
    def one_seat_decides_until_the_end(self) -> None:
        state = self.state
        legal = state.legal_moves()
        if state.is_terminal:
            assert state.current_player is None and legal == () and state.outcome is not None
        else:
            assert state.current_player is not None and legal and len(set(legal)) == len(legal)
            assert all(move.seat == state.current_player for move in legal)

    @invariant()
    def the_deciding_seat_cannot_tell_a_sample_from_the_truth(self) -> None:
        state = self.state
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        sample = self.game.sample_state(view, 1)
        assert sample.view(seat) == view
        if not state.is_terminal:
            assert sample.legal_moves() == state.legal_moves()


def _machine_for(game: AnyGame) -> type[ContractMachine]:
    return type(f"Laws_{game.name}", (ContractMachine,), {"game": game})


@pytest.mark.parametrize("game", every_game(), ids=str)
def test_contract_laws(game: AnyGame) -> None:
    """Run the state machine for one configuration."""
    machine = _machine_for(game)
    machine.TestCase.settings = settings(max_examples=8, stateful_step_count=40, deadline=None)
    machine.TestCase().runTest()
