"""cardrules.gymnasium: Gymnasium's own env checker on every example configuration, make(), opponents,
masks, the illegal-action policies, the vector env, and observations within their finite bounds."""

from __future__ import annotations

import contextlib
import io
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardrules
import cardrules.gymnasium
from cardrules import ConfigError, IllegalMoveError, mala_suerte, malilla
from cardrules._rl import Arrays
from cardrules.bots import RandomPlayer
from cardrules.gymnasium import ENV_IDS, CardRulesGymEnv

from ..core import bot_factories
from ..helpers import AnyGame, every_game, random_walk

EXAMPLES = every_game()


def _quietly(check: Any, *args: Any, **kwargs: Any) -> Any:
    """Run without the prints of the human render mode and the checker's advice about render fps."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.filterwarnings("ignore", ".*No render fps was declared")
        return check(*args, **kwargs)


def _play(env: Any, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    """A whole match with random masked actions: the actions, the last reward and info."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    actions: list[int] = []
    while True:
        assert env.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return actions, reward, info
        assert reward == 0.0


@pytest.mark.parametrize("game", EXAMPLES, ids=str)
def test_gymnasium_s_env_checker(game: AnyGame) -> None:
    """check_env steps with unmasked random actions: the 'end' policy takes them.  Made through
    gymnasium.make, so that the checker remakes it in each render mode."""
    env = gymnasium.make(ENV_IDS[game.name], game=game, illegal="end")
    _quietly(check_env, env.unwrapped)


@pytest.mark.parametrize("game", EXAMPLES, ids=str)
def test_every_encoded_view_lies_within_the_bounds(game: AnyGame) -> None:
    """The bounds are the rules' (``Encoding.ranges``): unclipped encodings of random play stay inside."""
    arrays = Arrays(game)
    for seed in (1, 2):
        for state, _ in random_walk(game, seed):
            for seat in range(game.players):
                encoded = np.asarray(game.encode_view(state.view(seat)), np.float32)
                outside = np.flatnonzero((encoded < arrays.low) | (encoded > arrays.high))
                assert not outside.size, f"{game} seed {seed}: {outside[:5]} outside the bounds"
    assert np.isfinite(arrays.low).all() and np.isfinite(arrays.high).all()


def test_every_game_is_registered_and_made_with_options() -> None:
    assert set(ENV_IDS) == set(cardrules.games())
    for name, env_id in ENV_IDS.items():
        assert env_id == f"cardrules/{name}-v1" and env_id in gymnasium.registry
    env = gymnasium.make("cardrules/malilla-v1", opponents=["heuristic", "random", "heuristic"], target=12)
    inner = env.unwrapped
    assert isinstance(inner, CardRulesGymEnv) and inner.game == malilla.Game(target=12)
    assert [spec.label for spec in inner.opponents] == ["heuristic", "random", "heuristic"]
    assert env.observation_space.shape == (inner.game.observation_size,)
    assert env.action_space == gymnasium.spaces.Discrete(inner.game.num_actions)


def test_the_public_names() -> None:
    assert sorted(cardrules.gymnasium.__all__) == ["CardRulesGymEnv", "ENV_IDS", "IllegalPolicy"]


class TestBadInput:
    """ "An unknown game, option, opponent or environment id: a ConfigError ... before any match starts"."""

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"colour": "red"}, "malilla: unknown option colour"),
            ({"target": 0}, "option 'target' must be an integer >= 1"),
            ({"opponents": ["random", "chess", "random"]}, r"opponent 1 \(chess\): unknown bot 'chess'"),
            ({"opponents": ["random"] * 2}, "opponents needs 3 entries, one per other seat"),
            ({"opponents": 42}, r"opponent 0 \(42\) is not a bot"),
            ({"opponents": "nowhere:bot"}, r"opponent 0 \('nowhere:bot'\) does not import"),
            ({"seat": 4}, "seat must be 0 to 3 or 'random'; got 4"),
            ({"seat": True}, "seat must be 0 to 3 or 'random'"),
            ({"illegal": "ignore"}, "illegal must be 'raise' or 'end'"),
            ({"illegal_reward": float("nan")}, "illegal_reward must be finite"),
            ({"illegal_reward": "-1"}, "illegal_reward must be a number"),
            ({"render_mode": "rgb_array"}, "render_mode must be 'ansi', 'human' or None"),
        ],
    )
    @pytest.mark.filterwarnings("ignore:.*not in the possible render_modes")
    def test_refused_when_made(self, kwargs: dict[str, Any], message: str) -> None:
        with pytest.raises(ConfigError, match=message):
            gymnasium.make("cardrules/malilla-v1", **kwargs)

    def test_an_unknown_game_or_id(self) -> None:
        with pytest.raises(ConfigError, match="unknown game"):
            CardRulesGymEnv("chess")
        with pytest.raises(gymnasium.error.NameNotFound, match="Did you mean: `malilla`"):
            gymnasium.make("cardrules/malila-v1")

    def test_options_beside_a_game(self) -> None:
        with pytest.raises(ConfigError, match="go with a game's name, not beside a Game"):
            CardRulesGymEnv(malilla.Game(), target=3)

    def test_a_step_before_reset_or_after_the_end(self) -> None:
        env = CardRulesGymEnv("malilla", target=1)
        with pytest.raises(ConfigError, match="call reset"):
            env.step(0)
        _play(env, 1)
        with pytest.raises(ConfigError, match="the match is over; call reset"):
            env.step(0)


class TestEnvironment:
    """One learning seat; the opponents are lineup entries; masks, rewards and seeds."""

    def test_the_mask_is_the_learner_s_legal_actions(self) -> None:
        env = CardRulesGymEnv("malilla", ["heuristic", "random", "heuristic"], target=12)
        observation, info = env.reset(seed=3)
        state = env.match
        assert state.current_player == 0 == info["seat"]
        legal = env.game.legal_actions(state)
        assert np.flatnonzero(info["action_mask"]).tolist() == list(legal)
        assert np.flatnonzero(env.action_masks()).tolist() == list(legal)
        assert observation.tolist() == np.asarray(env.game.encode_view(state.view(0)), np.float32).tolist()

    def test_a_step_makes_the_learner_s_move_then_the_opponents(self) -> None:
        env = CardRulesGymEnv("malilla", target=12)
        env.reset(seed=3)
        before = env.match
        move = before.legal_moves()[1]
        env.step(env.game.action_index(move))
        after = env.match
        assert after.current_player == 0, "the opponents played up to the learner's next decision"
        assert set(before.view(0).hand) - set(after.view(0).hand) == {move.card}

    def test_the_reward_comes_at_the_end(self) -> None:
        env = CardRulesGymEnv("malilla", target=1)
        _, reward, info = _play(env, 5)
        outcome = env.match.outcome
        assert outcome is not None
        assert reward == (1.0 if 0 in outcome.winners else -1.0)
        assert not info["action_mask"].any() and not env.action_masks().any()

    def test_the_same_seed_replays_the_same_matches(self) -> None:
        first = CardRulesGymEnv("mala_suerte", "heuristic", players=3)
        second = gymnasium.make("cardrules/mala_suerte-v1", opponents="heuristic", players=3)
        assert _play(first, 4)[0] == _play(second, 4)[0]

    def test_opponents_of_every_kind(self) -> None:
        lineup = [bot_factories.greedy, "tests.core.bot_factories:seeded_random", RandomPlayer(3)]
        env = CardRulesGymEnv("malilla", lineup, target=3)
        assert [spec.label for spec in env.opponents] == [
            "tests.core.bot_factories:greedy",
            "tests.core.bot_factories:seeded_random",
            "RandomPlayer()",
        ]
        _play(env, 2)

    def test_opponent_i_sits_i_plus_one_seats_after_the_learner(self) -> None:
        env = CardRulesGymEnv("malilla", ["random", bot_factories.greedy, "random"], seat=1, target=3)
        env.reset(seed=1)
        assert isinstance(env._bots[3], bot_factories.Greedy), "the learner's partner"
        assert env.seat == 1 and env.match.current_player == 1

    def test_a_seat_drawn_each_match(self) -> None:
        env = CardRulesGymEnv("mala_suerte", seat="random", players=3)
        seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
        assert seats == {0, 1, 2}
        for s in range(3):
            _, info = env.reset(seed=s)
            assert env.match.current_player == info["seat"]

    def test_render(self) -> None:
        env = CardRulesGymEnv("malilla", target=3, render_mode="ansi")
        env.reset(seed=1)
        text = env.render()
        assert text == env.match.view(0).render()


class TestIllegalActions:
    """ "An out-of-mask action: the chosen policy (raise naming the index and the legal ones, or end the
    episode), never a silent substitution"."""

    def test_raise_names_the_index_and_changes_nothing(self) -> None:
        env = CardRulesGymEnv("malilla", target=3)
        _, info = env.reset(seed=2)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        before = env.match
        with pytest.raises(
            IllegalMoveError, match=rf"action {illegal} is not legal now; the legal actions are"
        ):
            env.step(illegal)
        assert env.match == before
        env.step(int(np.flatnonzero(info["action_mask"])[0]))

    @pytest.mark.parametrize("action", [99, -1, "2", 2.5, None])
    def test_end_stops_the_match_with_the_penalty(self, action: Any) -> None:
        env = CardRulesGymEnv("malilla", target=3, illegal="end", illegal_reward=-5)
        env.reset(seed=2)
        before = env.match
        _, reward, terminated, truncated, info = env.step(action)
        assert (reward, terminated, truncated) == (-5.0, True, False)
        assert "IllegalMoveError" not in info["illegal_action"] and "action" in info["illegal_action"]
        assert env.match == before and not info["action_mask"].any()
        with pytest.raises(ConfigError, match="call reset"):
            env.step(0)


class TestVectorEnv:
    """gymnasium.vector runs it: SyncVectorEnv, with the masks stacked and through autoreset."""

    def test_sync_vector_env(self) -> None:
        envs = gymnasium.make_vec(
            "cardrules/malilla-v1", num_envs=2, vectorization_mode="sync", opponents="random", target=1
        )
        assert isinstance(envs, gymnasium.vector.SyncVectorEnv)
        observations, infos = envs.reset(seed=5)
        assert observations.shape == (2, malilla.Game().observation_size)
        rng = np.random.default_rng(0)
        finished = 0
        for _ in range(40):
            masks = np.stack(envs.call("action_masks"))
            assert (masks == infos["action_mask"].astype(bool)).all()
            actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks])
            observations, rewards, terminated, truncated, infos = envs.step(actions)
            assert envs.observation_space.contains(observations) and not truncated.any()
            finished += int(terminated.sum())
            assert set(rewards[terminated].tolist()) <= {-1.0, 1.0}
        assert finished >= 2, "matches ended and the envs dealt the next ones"
        envs.close()

    def test_a_vector_env_of_constructed_envs(self) -> None:
        envs = gymnasium.vector.SyncVectorEnv(
            [lambda: CardRulesGymEnv("mala_suerte", "heuristic", players=2) for _ in range(3)]
        )
        observations, infos = envs.reset(seed=1)
        assert observations.shape[0] == 3
        assert infos["action_mask"].shape == (3, mala_suerte.Game(players=2).num_actions)
        envs.close()
