"""cardrules.pettingzoo: PettingZoo's own checks on every example configuration, and the env's laws."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, render_test, seed_test

import cardrules
import cardrules.pettingzoo
from cardrules import ConfigError, IllegalMoveError, malilla
from cardrules.pettingzoo import CardRulesEnv, env, raw_env

from ..helpers import AnyGame, every_game

EXAMPLES = every_game()


def _quietly(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run one of PettingZoo's checks without its progress prints and its dict-observation warning."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        check(*args, **kwargs)


def _random_match(table: CardRulesEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play a match with random masked actions; the actions taken and each agent's total reward."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        table.step(action)
    return actions, totals


@pytest.mark.parametrize("game", EXAMPLES, ids=str)
class TestPettingZooChecks:
    """PettingZoo's own api_test, seed_test and render_test pass for every example configuration."""

    def test_api(self, game: AnyGame) -> None:
        _quietly(api_test, env(game), num_cycles=300)

    def test_seed(self, game: AnyGame) -> None:
        _quietly(seed_test, lambda render_mode=None: env(game, render_mode=render_mode), num_cycles=100)

    def test_render(self, game: AnyGame) -> None:
        _quietly(render_test, lambda render_mode=None: env(game, render_mode=render_mode))


def test_the_public_names() -> None:
    assert sorted(cardrules.pettingzoo.__all__) == ["CardRulesEnv", "env", "raw_env"]


class TestEnvironment:
    """Agents, observations, masks and rewards are the game's, through the encoding."""

    def test_a_name_and_options_or_a_game(self) -> None:
        assert raw_env("malilla", target=12).game == malilla.Game(target=12)
        assert raw_env(malilla.Game(target=12)).game == malilla.Game(target=12)
        assert env("mala_suerte", players=3).unwrapped.possible_agents == ["seat_0", "seat_1", "seat_2"]

    def test_spaces_are_the_encoding(self) -> None:
        game = malilla.Game(target=12)
        table = raw_env(game)
        space = table.observation_space("seat_0")
        assert isinstance(space, spaces.Dict)
        assert space["observation"].shape == (game.observation_size,)
        assert space["action_mask"].shape == (game.num_actions,)
        actions = table.action_space("seat_3")
        assert isinstance(actions, spaces.Discrete) and actions.n == game.num_actions

    def test_observations_are_the_views_and_the_mask_is_the_legal_actions(self) -> None:
        game: AnyGame = malilla.Game(target=12)
        table = raw_env(game)
        table.reset(seed=3)
        state = table.match
        for seat, agent in enumerate(table.possible_agents):
            seen = table.observe(agent)
            assert seen["observation"].tolist() == list(game.encode_view(state.view(seat)))
            legal = set(game.legal_actions(state)) if seat == state.current_player else set()
            assert set(np.flatnonzero(seen["action_mask"]).tolist()) == legal
        assert table.agent_selection == f"seat_{state.current_player}"

    def test_a_step_makes_the_move_of_the_index(self) -> None:
        game = malilla.Game(target=12)
        table = raw_env(game)
        table.reset(seed=3)
        state = table.match
        move = state.legal_moves()[2]
        table.step(game.action_index(move))
        assert table.match == state.apply(move)

    @pytest.mark.parametrize(
        "game", [malilla.Game(target=12), cardrules.game("mala_e_cuia", players=3)], ids=str
    )
    def test_the_match_ends_with_the_winners_rewarded(self, game: AnyGame) -> None:
        table = raw_env(game)
        _, totals = _random_match(table, seed=5)
        outcome = table.match.outcome
        assert outcome is not None
        assert table.agents == []
        assert totals == {f"seat_{s}": 1.0 if s in outcome.winners else -1.0 for s in range(game.players)}

    def test_the_same_seed_deals_the_same_match(self) -> None:
        first, second = raw_env("mala_suerte"), raw_env("mala_suerte")
        assert _random_match(first, seed=11) == _random_match(second, seed=11)
        assert first.match == second.match
        first.reset(seed=11)
        deal = first.match
        first.reset()
        assert first.match != deal  # the next match of the seeded sequence

    @pytest.mark.parametrize("game", EXAMPLES, ids=str)
    def test_the_spaces_are_finite_and_the_state_is_every_seat_s_view(self, game: AnyGame) -> None:
        table = raw_env(game)
        space = table.observation_space("seat_0")
        assert isinstance(space, spaces.Dict)
        box = space["observation"]
        assert isinstance(box, spaces.Box) and box.is_bounded()
        assert isinstance(table.state_space, spaces.Box) and table.state_space.is_bounded()
        assert table.state_space.shape == (game.players * game.observation_size,)
        table.reset(seed=2)
        state = table.state()
        assert table.state_space.contains(state)
        views = [game.encode_view(table.match.view(seat)) for seat in range(game.players)]
        assert state.tolist() == [float(np.float32(x)) for view in views for x in view]

    def test_ansi_renders_the_acting_seats_view(self) -> None:
        table = raw_env("malilla", render_mode="ansi")
        table.reset(seed=1)
        assert table.render() == table.match.view(int(table.agent_selection[5:])).render()


class TestBadInput:
    """Unknown games and options are ConfigErrors; an action outside the mask changes nothing."""

    def test_an_unknown_game(self) -> None:
        with pytest.raises(ConfigError, match="unknown game 'chess'"):
            env("chess")

    def test_an_unknown_or_bad_option(self) -> None:
        with pytest.raises(ConfigError, match="unknown option colour"):
            env("malilla", colour="red")
        with pytest.raises(ConfigError, match="option 'target' must be an integer >= 1; got 0"):
            env("malilla", target=0)

    def test_options_beside_a_game(self) -> None:
        with pytest.raises(ConfigError, match="options \\(target\\) go with a game's name"):
            env(malilla.Game(), target=12)

    def test_not_a_game(self) -> None:
        with pytest.raises(ConfigError, match="game must be a game's name or a cardrules Game"):
            env(42)  # type: ignore[arg-type]

    def test_an_unknown_render_mode(self) -> None:
        with pytest.raises(ConfigError, match="render_mode must be 'ansi', 'human' or None; got 'rgb_array'"):
            env("malilla", render_mode="rgb_array")  # type: ignore[arg-type]

    def test_before_reset(self) -> None:
        with pytest.raises(ConfigError, match="call reset\\(\\) before"):
            raw_env("malilla").observe("seat_0")

    @pytest.mark.parametrize("agent", ["seat_4", "player_0", 0, None, ["seat_0"]])
    def test_an_unknown_agent(self, agent: Any) -> None:
        table = raw_env("malilla")
        table.reset(seed=3)
        for ask in (table.observe, table.action_space, table.observation_space):
            with pytest.raises(
                ConfigError, match=r"unknown agent .*; the agents are seat_0, seat_1, seat_2, seat_3"
            ):
                ask(agent)

    @pytest.mark.parametrize("seed", [-1, 2.5, "7", np.int64(3), True])
    def test_a_bad_seed_changes_nothing(self, seed: Any) -> None:
        table = raw_env("malilla")
        table.reset(seed=3)
        state = table.match
        with pytest.raises(ConfigError, match="seed must be an integer >= 0 or None"):
            table.reset(seed=seed)
        assert table.match is state

    @pytest.mark.parametrize("action", [39, 10_000, -1, "7", 2.5, None, True])
    def test_an_action_outside_the_mask(self, action: object) -> None:
        table = raw_env("malilla", target=12)
        table.reset(seed=3)
        state, agent = table.match, table.agent_selection
        legal = table.game.legal_actions(state)
        assert 39 not in legal
        with pytest.raises(IllegalMoveError, match=r"action|integer") as caught:
            table.step(action)
        if isinstance(action, int) and not isinstance(action, bool):
            assert f"action {action} is not legal now" in str(caught.value)
            assert ", ".join(map(str, legal)) in str(caught.value)
        assert table.match is state and table.agent_selection == agent
        assert table.rewards == dict.fromkeys(table.possible_agents, 0.0)


def test_importing_cardrules_imports_no_extra() -> None:
    """The core stays on attrs and typing-extensions: the adapters' dependencies load only with them."""
    code = (
        "import sys, cardrules, cardrules.bots\n"
        "[cls.examples() for cls in cardrules.games().values()]\n"
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
