"""cardrules.openspiel: OpenSpiel's own random_sim_test and its Python IS-MCTS bot on every game, and the
adapter's laws (views as observations, resampling, bad input).  Chance nodes, utilities, perfect recall,
pickling and the solved variants: test_openspiel_solvable.py."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.observation import make_observation

import cardrules
import cardrules.openspiel
from cardrules import ConfigError, IllegalMoveError, mala_e_cuia, malilla
from cardrules.openspiel import (
    MAX_GAME_LENGTH,
    OpenSpielGame,
    OpenSpielState,
    ParameterError,
    load_game,
    short_name,
)

from ..helpers import AnyGame, every_game

EXAMPLES = every_game()

#: A configuration of each game whose matches are short, for whole matches of search bots in CI.
SHORT = [
    malilla.Game(target=1),
    cardrules.game("mala_suerte", players=2),
    cardrules.game("mala_e_cuia", players=3, mode="cooperative"),
    cardrules.game("magyar_nepmesek", players=2),
    cardrules.game("maldicion", players=4, mode="guild_war"),
]


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python IS-MCTS bot, which searches afresh at each step but leaves out the
    ``restart_at`` that ``evaluate_bots`` calls first (open_spiel 2.0)."""

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to forget: every step starts a new search."""


def _dealt(game: OpenSpielGame, seed: int) -> OpenSpielState:
    """The first decision of a match, the deal's chance outcomes drawn by their probabilities from ``seed``."""
    state, rng = game.new_initial_state(), np.random.RandomState(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state


class TestRegistration:
    """Every game is registered as cardrules_<name>, its options its parameters."""

    def test_the_public_names(self) -> None:
        assert sorted(cardrules.openspiel.__all__) == sorted(
            [
                "MAX_CHANCE_OUTCOMES",
                "MAX_GAME_LENGTH",
                "PREFIX",
                "REGISTERED",
                "OpenSpielGame",
                "OpenSpielState",
                "ParameterError",
                "decisions",
                "load_game",
                "short_name",
                "utility",
            ]
        )
        assert set(cardrules.openspiel.REGISTERED) == set(cardrules.games())

    def test_every_game_is_registered(self) -> None:
        names = set(pyspiel.registered_names())
        assert {f"cardrules_{name}" for name in cardrules.games()} <= names

    def test_the_options_are_the_parameters(self) -> None:
        game = pyspiel.load_game("cardrules_malilla(target=12,must_beat=led_suit)")
        assert isinstance(game, OpenSpielGame)
        assert game.game == malilla.Game(target=12, must_beat="led_suit")
        assert game.get_parameters() == {"target": 12, "irregularities": "reject", "must_beat": "led_suit"}
        assert game.num_players() == 4
        assert game.num_distinct_actions() == game.game.num_actions
        assert game.observation_tensor_size() == game.game.observation_size

    @pytest.mark.parametrize("game", EXAMPLES, ids=str)
    def test_every_example_loads_back(self, game: AnyGame) -> None:
        loaded = load_game(game)
        assert loaded.game == game
        parameters = loaded.get_parameters()
        assert pyspiel.load_game(short_name(game), parameters).game == game
        if not any(isinstance(v, str) and v.startswith(("{", "[")) for v in parameters.values()):
            assert pyspiel.load_game(str(loaded)).game == game  # one line; JSON text does not fit in it

    def test_a_structured_option_is_json_text(self) -> None:
        custom = next(g for g in mala_e_cuia.Game.examples() if g.content is not None)
        loaded = load_game(custom)
        assert json.loads(loaded.get_parameters()["content"]) == custom.options()["content"]
        assert pyspiel.load_game("cardrules_mala_e_cuia").get_parameters()["content"] == ""

    def test_the_game_type(self) -> None:
        kind = pyspiel.load_game("cardrules_mala_suerte").get_type()
        assert kind.short_name == short_name(cardrules.game("mala_suerte")) == "cardrules_mala_suerte"
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert (kind.min_num_players, kind.max_num_players) == (2, 6)
        assert pyspiel.load_game("cardrules_mala_suerte").max_game_length() == MAX_GAME_LENGTH


@pytest.mark.parametrize("game", EXAMPLES, ids=str)
def test_random_sim_test(game: AnyGame) -> None:
    """OpenSpiel's own conformance run passes for every example configuration."""
    pyspiel.random_sim_test(load_game(game), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", SHORT, ids=str)
def test_ismcts_bot_and_evaluate_bots(game: AnyGame) -> None:
    """OpenSpiel's Python IS-MCTS bot plays a whole match against random bots through evaluate_bots,
    resampling with sample_state; the returns are the match's winners."""
    spiel = load_game(game)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [ISMCTSBot(spiel, evaluator, 1.0, 2, random_state=np.random.RandomState(0))]
    bots += [pyspiel.make_uniform_random_bot(seat, seat) for seat in range(1, game.players)]
    state = spiel.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.state is not None and state.state.outcome is not None
    assert returns == state.returns()
    winners = state.state.outcome.winners
    assert all(returns[seat] >= returns[other] for seat in winners for other in range(game.players))


class TestSeeds:
    """A seat's information state does not depend on what it cannot see."""

    def test_what_a_seat_cannot_see_is_hidden(self) -> None:
        game = load_game(malilla.Game(target=12))
        one, other = _dealt(game, 7), _dealt(game, 8)
        assert one.state is not None and other.state is not None
        for seat in range(4):
            same = one.state.view(seat) == other.state.view(seat)
            assert same == (one.information_state_string(seat) == other.information_state_string(seat))


class TestObservations:
    """A seat's observation and information state are its view: encode_view and the view's JSON."""

    @pytest.mark.parametrize("game", SHORT, ids=str)
    def test_tensors_and_strings_are_the_view(self, game: AnyGame) -> None:
        state = _dealt(load_game(game), 3)
        inner = state.state
        assert inner is not None
        for seat in range(game.players):
            view = inner.view(seat)
            assert state.observation_tensor(seat) == pytest.approx(game.encode_view(view))
            assert json.loads(state.observation_string(seat)) == view.to_dict()
            # the perfect-recall information state ends with the view
            assert state.information_state_string(seat).endswith(" " + state.observation_string(seat))

    def test_the_observer_names_the_segments(self) -> None:
        game = malilla.Game(target=12)
        observation = make_observation(load_game(game))
        assert [(name, len(part)) for name, part in observation.dict.items()] == list(
            game.observation_layout()
        )

    def test_only_a_seats_own_view_is_observable(self) -> None:
        public = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
        with pytest.raises(ConfigError, match="only a seat's own view is observable"):
            make_observation(load_game(malilla.Game()), public)


class TestResampling:
    """resample_from_infostate is sample_state of the seat's view: the seat cannot tell it apart."""

    @pytest.mark.parametrize("game", SHORT, ids=str)
    def test_the_seat_cannot_tell_the_sample(self, game: AnyGame) -> None:
        state = _dealt(load_game(game), 5)
        assert state.state is not None
        seat = state.current_player()
        samples = [
            state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(8)
        ]
        for sample in samples:
            assert sample.state is not None and sample.state.view(seat) == state.state.view(seat)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.legal_actions() == state.legal_actions()
            assert sample.history() == []
        others = [s for s in range(game.players) if s != seat]
        assert len({sample.information_state_string(others[0]) for sample in samples}) > 1

    def test_nothing_to_resample_at_a_chance_node(self) -> None:
        state = load_game(malilla.Game()).new_initial_state()
        with pytest.raises(ConfigError, match="nothing to resample at a chance node"):
            state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))

    def test_a_state_from_cardrules(self) -> None:
        game = load_game(malilla.Game(target=12))
        inner = malilla.Game(target=12).new_state(9)
        state = game.state_at(inner)
        assert state.state == inner and state.history() == []
        assert state.legal_actions() == list(game.game.legal_actions(inner))
        with pytest.raises(ConfigError, match="state_at needs a state of malilla"):
            game.state_at(malilla.Game().new_state(9))


class TestBadInput:
    """Bad parameters take OpenSpiel's error path with cardrules' message; a bad action changes nothing."""

    def test_a_value_cardrules_refuses(self) -> None:
        with pytest.raises(ParameterError, match="malilla: option 'target' must be an integer >= 1; got 0"):
            pyspiel.load_game("cardrules_malilla(target=0)")
        with pytest.raises(pyspiel.SpielError, match="option 'irregularities' must be one of"):
            pyspiel.load_game("cardrules_malilla(irregularities=shout)")
        with pytest.raises(ConfigError, match="option 'content' must be JSON text"):
            pyspiel.load_game("cardrules_mala_e_cuia", {"content": "{not json"})
        with pytest.raises(ConfigError, match="option 'content' must be JSON text"):
            pyspiel.load_game("cardrules_mala_e_cuia", {"content": '{"name": ' + "9" * 5000 + "}"})

    def test_an_unknown_option_or_game(self) -> None:
        with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
            pyspiel.load_game("cardrules_malilla(colour=red)")
        with pytest.raises(pyspiel.SpielError, match="Unknown game 'cardrules_chess'"):
            pyspiel.load_game("cardrules_chess")

    @pytest.mark.parametrize("action", [39, 100_000, -2])  # -1 is kInvalidAction: OpenSpiel refuses it itself
    def test_an_action_outside_the_mask(self, action: int) -> None:
        state = _dealt(load_game(malilla.Game(target=12)), 2)
        before, history, legal = str(state), state.history(), state.legal_actions()
        assert action not in legal
        with pytest.raises(IllegalMoveError, match=f"action {action} is not legal now") as caught:
            state.apply_action(action)
        assert ", ".join(map(str, legal)) in str(caught.value)
        assert str(state) == before and state.history() == history

    def test_load_game_of_something_else(self) -> None:
        with pytest.raises(ConfigError, match="load_game needs a cardrules Game; got 'malilla'"):
            load_game("malilla")  # type: ignore[arg-type]

    def test_a_chance_outcome_out_of_range(self) -> None:
        state = load_game(malilla.Game()).new_initial_state()
        assert state.chance_outcomes() == [(dealer, 0.25) for dealer in range(4)]  # who deals first
        with pytest.raises(ConfigError, match="a chance outcome here is an integer from 0 to 3; got 4"):
            state.apply_action(4)
        assert state.history() == [] and state.is_chance_node()
