"""The laws of actions and views as numbers, checked on random play of every example configuration.

- The mask law: ``legal_actions(state)`` is the ascending indices of ``legal_moves()``, distinct
  legal moves have distinct indices, and ``action_move`` maps each index back to its move.
- Fixed length: every encoding of a configuration has ``observation_size`` finite floats, and the
  layouts add up.
- No leak: a seat's view and any sample of that view encode alike, for every seat.
"""

from __future__ import annotations

import itertools
import math
import os

import pytest

from cardrules import IllegalMoveError

from ..helpers import AnyGame, AnyState, every_game, random_walk

#: Decisions walked per configuration and seed, and every how many of them the views are checked;
#: ``HYPOTHESIS_PROFILE=deep`` walks whole matches of many more seeds.
DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
WALK = 20_000 if DEEP else 300
VIEW_STRIDE = 12
SEEDS = tuple(range(1, 21)) if DEEP else (1, 2)


def _states(game: AnyGame, seed: int) -> list[AnyState]:
    return [state for state, _ in itertools.islice(random_walk(game, seed), WALK)]


@pytest.fixture(params=every_game(), ids=str, scope="module")
def walked(request: pytest.FixtureRequest) -> tuple[AnyGame, list[AnyState]]:
    game: AnyGame = request.param
    return game, [state for seed in SEEDS for state in _states(game, seed)]


class TestActions:
    """Every legal move has its own index, and the index gives the move back."""

    def test_the_layout_covers_the_action_space(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, _ = walked
        assert sum(length for _, length in game.action_layout()) == game.num_actions > 0

    def test_the_mask_is_the_legal_moves(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, states = walked
        for state in states:
            legal = state.legal_moves()
            indices = [game.action_index(move) for move in legal]
            assert len(set(indices)) == len(legal), f"two legal moves share an index in {state}"
            assert all(0 <= i < game.num_actions for i in indices)
            assert game.legal_actions(state) == tuple(sorted(indices))

    def test_each_index_gives_its_move_back(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, states = walked
        for state in states:
            legal = state.legal_moves()
            for index in game.legal_actions(state):
                move = game.action_move(state, index)
                assert move in legal and game.action_index(move) == index

    def test_an_index_outside_the_mask_is_refused(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, states = walked
        for state in states[::VIEW_STRIDE]:
            mask = set(game.legal_actions(state))
            outside = next(i for i in itertools.count() if i not in mask)
            before = state.to_dict()
            with pytest.raises(IllegalMoveError, match=f"action {outside} is not legal now|match is over"):
                game.action_move(state, outside)
            assert state.to_dict() == before


class TestObservations:
    """Views encode to fixed-length finite numbers that hold nothing a sample could change."""

    def test_the_layout_covers_the_observation(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, _ = walked
        assert sum(length for _, length in game.observation_layout()) == game.observation_size > 0

    def test_every_encoding_has_the_same_length_and_is_finite(
        self, walked: tuple[AnyGame, list[AnyState]]
    ) -> None:
        game, states = walked
        for state in states[::VIEW_STRIDE]:
            for seat in range(game.players):
                encoded = game.encode_view(state.view(seat))
                assert len(encoded) == game.observation_size
                assert all(isinstance(x, float) and math.isfinite(x) for x in encoded)

    def test_a_sample_of_a_view_encodes_like_the_view(self, walked: tuple[AnyGame, list[AnyState]]) -> None:
        game, states = walked
        for number, state in enumerate(states[::VIEW_STRIDE]):
            for seat in range(game.players):
                view = state.view(seat)
                encoded = game.encode_view(view)
                sample = game.sample_state(view, number)
                assert game.encode_view(sample.view(seat)) == encoded, f"seat {seat}'s encoding leaks"
