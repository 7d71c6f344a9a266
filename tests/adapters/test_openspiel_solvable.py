"""cardrules.openspiel for solvers: every random draw a chance node, a utility per configuration,
perfect-recall information states, pickling across processes, and the small variant CFR solves."""

from __future__ import annotations

import multiprocessing
import pickle
from collections import Counter, defaultdict

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import exploitability
from open_spiel.python.observation import make_observation

import cardrules
import cardrules.openspiel
from cardrules import ConfigError, magyar_nepmesek, mala_suerte
from cardrules._random import Rng, Script, Scripted, Undrawn, scripted
from cardrules.bots import CFRPlayer, make_bot
from cardrules.bots._cfr import _policy
from cardrules.openspiel import OpenSpielGame, OpenSpielState, ParameterError, decisions, load_game, utility

from ..helpers import AnyGame, every_game

MINI = mala_suerte.Game(players=2, mulligan=False, deck="mini")
MAGYAR_MINI = magyar_nepmesek.Game(players=2, variant="mini")
Utility = pyspiel.GameType.Utility


def _random_match(game: OpenSpielGame, seed: int, moves: int | None = None) -> OpenSpielState:
    """A match (or its first ``moves`` actions), chance by its probabilities, decisions uniform."""
    state, rng = game.new_initial_state(), np.random.RandomState(seed)
    while not state.is_terminal() and (moves is None or len(state.history()) < moves):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _finish(pickled: bytes) -> tuple[str, list[float]]:
    """In a worker process: unpickle a state, play it out, and say where it was and how it ended."""
    state = pickle.loads(pickled)
    where = str(state)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return where, returns


class TestScriptedDraws:
    """A scripted generator draws each outcome from its script and asks for the first one missing."""

    def test_a_shuffle_deals_one_distinct_item_at_a_time(self) -> None:
        with pytest.raises(Undrawn) as asked:
            Scripted(0, Script(())).shuffled(["a", "b", "a"])
        assert (asked.value.labels, asked.value.weights) == (("a", "b"), (2, 1))
        assert Scripted(0, Script((1, 0))).shuffled(["a", "b", "a"]) == ["b", "a", "a"]

    def test_below_choice_and_sample(self) -> None:
        rng = Scripted(0, Script((2, 1, 0)))
        assert rng.below(3) == 2 and rng.choice("xyz") == "y" and rng.sample(range(5), 1) == [0]
        assert rng.below(1) == 0  # one outcome is no draw

    def test_refused_draws(self) -> None:
        with pytest.raises(ValueError, match="never 64-bit words"):
            Scripted(0, Script(())).next64()
        with pytest.raises(ValueError, match="scripted outcome 3 of a draw of 3 outcomes"):
            Scripted(0, Script((3,))).below(3)

    def test_the_seeded_path_is_untouched_outside_a_script(self) -> None:
        with scripted(Script((0,))):
            pass
        assert mala_suerte.Game().new_state(7) == mala_suerte.Game().new_state(7)
        assert Rng(5).below(10) == Rng(5).below(10)


class TestChance:
    """The deal is a chance node per card; random picks during play are chance nodes too."""

    def test_each_dealt_card_is_an_outcome_with_its_probability(self) -> None:
        state = load_game(cardrules.game("mala_suerte", players=2)).new_initial_state()
        assert state.is_chance_node() and state.state is None
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 21 and all(p == pytest.approx(2 / 42) for _, p in outcomes)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "chance: red Clover"
        state.apply_action(0)  # a red Clover: one copy is left of 41 cards
        assert dict(state.chance_outcomes())[0] == pytest.approx(1 / 41)

    def test_the_mini_deal_gives_every_deal_its_probability(self) -> None:
        deals: dict[tuple[object, ...], float] = defaultdict(float)
        stack = [(load_game(MINI).new_initial_state(), 1.0)]
        while stack:
            node, probability = stack.pop()
            if not node.is_chance_node():
                inner = node.state
                assert isinstance(inner, mala_suerte.State)
                assert sorted(inner.hands[0] + inner.hands[1] + inner.deck) == sorted(MINI.cards)
                deals[inner.hands, inner.deck] += probability
                continue
            stack.extend((node.child(a), probability * p) for a, p in node.chance_outcomes())
        # five different cards: 5! / (2! 2!) deals of two hands of two and a deck of one, equally likely
        assert len(deals) == 30 and all(p == pytest.approx(1 / 30) for p in deals.values())

    def test_a_random_steal_is_a_chance_node(self) -> None:
        game = load_game(cardrules.game("mala_suerte", players=2, backs="plain"))
        for seed in range(20):
            state = _random_match(game, seed)
            kinds = Counter(
                "deal" if state.state is None else "play" for state in _prefixes(game, state.history())
            )
            if kinds["play"]:
                return
        pytest.fail("no chance node during play in 20 matches of plain-backed Mala Suerte")

    def test_the_mini_tree_can_be_enumerated(self) -> None:
        histories = sum(1 for _ in _walk(load_game(MINI)))
        assert histories == 7910


def _prefixes(game: OpenSpielGame, history: list[int]) -> list[OpenSpielState]:
    """The chance nodes along ``history``."""
    state, found = game.new_initial_state(), []
    for action in history:
        if state.is_chance_node():
            found.append(state.clone())
        state.apply_action(action)
    return found


def _walk(game: OpenSpielGame) -> list[OpenSpielState]:
    """Every history of a (small) game."""
    out, stack = [], [game.new_initial_state()]
    while stack:
        state = stack.pop()
        out.append(state)
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        elif not state.is_terminal():
            stack.extend(state.child(a) for a in state.legal_actions())
    return out


EXPECTED = {
    "malilla": Utility.ZERO_SUM,  # two partnerships
    "mala_e_cuia(players=3, mode='cooperative'": Utility.IDENTICAL,
    "mala_e_cuia(players=4, mode='cooperative'": Utility.IDENTICAL,
    "mala_e_cuia(players=8, mode='cooperative'": Utility.IDENTICAL,
    "magyar_nepmesek(players=2": Utility.ZERO_SUM,
    "mala_suerte(players=2": Utility.ZERO_SUM,
    "maldicion(players=2": Utility.ZERO_SUM,
    "maldicion(players=4, mode='guild_war'": Utility.ZERO_SUM,
    "maldicion(players=6, mode='guild_war'": Utility.ZERO_SUM,
}


class TestUtility:
    """Zero-sum for two sides, identical for one, general-sum otherwise; the returns follow."""

    @pytest.mark.parametrize("game", [*every_game(), MINI], ids=str)
    def test_the_declared_utility(self, game: AnyGame) -> None:
        expected = next((kind for start, kind in EXPECTED.items() if str(game).startswith(start)), None)
        loaded = load_game(game)
        assert utility(game) == loaded.get_type().utility == (expected or Utility.GENERAL_SUM)
        assert loaded.get_type().short_name == f"cardrules_{game.name}"
        if expected == Utility.ZERO_SUM:
            assert loaded.utility_sum() == 0.0

    @pytest.mark.parametrize(
        "game",
        [
            MINI,
            cardrules.game("mala_suerte", players=2),
            cardrules.game("magyar_nepmesek", players=2),
            cardrules.game("malilla", target=1),
            cardrules.game("mala_e_cuia", players=3, mode="cooperative"),
            cardrules.game("mala_suerte", players=3),
        ],
        ids=str,
    )
    def test_returns_agree_with_the_utility(self, game: AnyGame) -> None:
        loaded = load_game(game)
        kind = loaded.get_type().utility
        for seed in range(3):
            state = _random_match(loaded, seed)
            returns = state.returns()
            assert state.state is not None and state.state.outcome is not None
            winners = state.state.outcome.winners
            if kind == Utility.ZERO_SUM:
                assert sum(returns) == 0.0
            elif kind == Utility.IDENTICAL:
                assert len(set(returns)) == 1 and returns[0] == state.state.outcome.scores[0]
            else:
                assert returns == [1.0 if seat in winners else -1.0 for seat in range(game.players)]

    def test_a_shared_victory_of_two_sides_is_a_draw(self) -> None:
        loaded = load_game(MINI)
        ends = [s for s in _walk(loaded) if s.is_terminal()]
        assert ends
        shared = [
            s
            for s in ends
            if s.state is not None and s.state.outcome is not None and len(s.state.outcome.winners) == 2
        ]
        for state in shared:
            assert state.returns() == [0.0, 0.0]
        for state in ends:
            assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


class TestPerfectRecall:
    """An information state is the seat's whole past; a perfect-recall tensor is refused."""

    def test_the_same_view_with_different_pasts(self) -> None:
        by_view: dict[tuple[int, str], set[str]] = defaultdict(set)
        recalls: dict[str, tuple[str, ...]] = {}
        for state in _walk(load_game(MINI)):
            if state.is_chance_node() or state.is_terminal():
                continue
            seat = state.current_player()
            info = state.information_state_string(seat)
            by_view[seat, state.observation_string(seat)].add(info)
            recall = state.recall(seat)
            assert recall[-1] == state.observation_string(seat)
            assert recalls.setdefault(info, recall) == recall  # one past, one information state
        assert max(len(infos) for infos in by_view.values()) > 1  # the view alone would merge them

    def test_the_recall_lists_views_and_own_actions(self) -> None:
        state = _random_match(load_game(MINI), 1, moves=9)
        for seat in range(2):
            recall = state.recall(seat)
            assert all(entry.startswith(("{", "did ")) for entry in recall)
        with pytest.raises(ConfigError, match="recall needs a seat from 0 to 1; got 2"):
            state.recall(2)

    def test_no_perfect_recall_tensor(self) -> None:
        game = load_game(MINI)
        assert not game.get_type().provides_information_state_tensor
        state = _random_match(game, 0, moves=8)
        with pytest.raises(ConfigError, match="no perfect-recall tensor"):
            state.information_state_tensor(0)
        kind = pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        observer = make_observation(game, kind)
        assert observer.string_from(state, 0) == state.information_state_string(0)

    def test_a_resample_keeps_the_seats_past(self) -> None:
        state = _random_match(load_game(cardrules.game("mala_suerte", players=2)), 3, moves=60)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(seat) == state.information_state_string(seat)


class TestPickling:
    """Games and states pickle, and cross real process boundaries."""

    @pytest.mark.parametrize("game", [MINI, cardrules.game("malilla", target=12)], ids=str)
    def test_games_and_states_round_trip(self, game: AnyGame) -> None:
        loaded = load_game(game)
        again = pickle.loads(pickle.dumps(loaded))
        assert isinstance(again, OpenSpielGame) and again.game == game and str(again) == str(loaded)
        for moves in (0, 3, 30):
            state = _random_match(loaded, 2, moves=moves)
            copy = pickle.loads(pickle.dumps(state))
            assert copy.history() == state.history() and str(copy) == str(state)
            assert copy.information_state_string(0) == state.information_state_string(0)
            assert copy.chance_outcomes() == state.chance_outcomes()

    def test_a_state_from_cardrules_round_trips(self) -> None:
        loaded = load_game(cardrules.game("mala_suerte", players=2))
        state = loaded.state_at(loaded.game.new_state(4))
        state.apply_action(state.legal_actions()[0])
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy) == str(state) and copy.history() == state.history()

    def test_a_spawned_process_pool(self) -> None:
        games = [load_game(MINI), load_game(cardrules.game("mala_suerte", players=2))]
        states = [_random_match(game, seed, moves=12) for game in games for seed in range(2)]
        with multiprocessing.get_context("spawn").Pool(2) as pool:
            results = pool.map(_finish, [pickle.dumps(state) for state in states])
        assert [where for where, _ in results] == [str(state) for state in states]
        assert all(sum(returns) == 0.0 for _, returns in results)


class TestTheSolvedVariant:
    """OpenSpiel's CFR+ solved mini Mala Suerte; the cfr bot plays the shipped policy."""

    def test_the_variant(self) -> None:
        assert MINI.cards == mala_suerte.MINI_DECK and MINI.hand_size == 2
        assert [str(card) for card in MINI.cards] == [
            "red Clover",
            "blue Clover",
            "red Crows",
            "red Spilled Salt",
            "blue Spilled Salt",
        ]
        with pytest.raises(ConfigError, match="option 'players' must be 2 with deck 'mini'; got 3"):
            mala_suerte.Game(players=3, deck="mini")
        with pytest.raises(ConfigError, match="option 'deck' must be one of 'full', 'mini'; got 'tiny'"):
            mala_suerte.Game(players=2, deck="tiny")  # type: ignore[arg-type]
        with pytest.raises(ParameterError, match="option 'players' must be 2 with deck 'mini'"):
            pyspiel.load_game("cardrules_mala_suerte(deck=mini)")

    @pytest.mark.parametrize(
        "game",
        [
            MINI,
            mala_suerte.Game(players=2, deck="mini"),
            mala_suerte.Game(players=2, deck="mini", backs="plain", mulligan=False),
        ],
        ids=str,
    )
    def test_the_engines_laws_hold_on_the_mini_deck(self, game: mala_suerte.Game) -> None:
        """Seeded matches: states and views round-trip their JSON, samples keep the seat's view."""
        for seed in range(10):
            state = game.new_state(seed)
            while not state.is_terminal:
                assert mala_suerte.State.from_dict(state.to_dict()) == state
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                assert mala_suerte.View.from_dict(view.to_dict()) == view
                sample = game.sample_state(view, seed)
                assert sample.view(seat) == view and sample.legal_moves() == state.legal_moves()
                state = state.apply(cardrules.bots.RandomPlayer(seed).choose(view, state.legal_moves()))
            assert sorted(
                c for group in (*state.hands, *state.piles, state.deck, state.discard) for c in group
            ) == sorted(game.cards)

    def test_random_sim_test(self) -> None:
        pyspiel.random_sim_test(load_game(MINI), num_sims=3, serialize=False, verbose=False)

    def test_the_shipped_policy_is_less_than_005_exploitable(self) -> None:
        game = load_game(MINI)
        assert exploitability.exploitability(game, _tabular(game, "mala_suerte_mini")) < 0.05

    def test_the_bot_in_a_tournament(self) -> None:
        result = cardrules.tournament(MINI, ["cfr", "random"], matches=200, seed=1, progress=False)
        rows = {row.bot: row for row in result.standings}
        assert rows["cfr"].played == 200 and rows["cfr"].errors == 0
        assert rows["cfr"].wins > rows["random"].wins  # the solved policy beats uniform play
        assert isinstance(make_bot("cfr", MINI, seed=3), CFRPlayer)
        with pytest.raises(ConfigError, match="bot 'cfr': no policy was solved for mala_suerte"):
            make_bot("cfr", mala_suerte.Game(players=2))

    def test_a_reused_player_is_refused(self) -> None:
        player = CFRPlayer(MINI, seed=0)
        record = cardrules.play(MINI, [player, cardrules.bots.RandomPlayer(1)], seed=2)
        assert record.replay()
        with pytest.raises(ConfigError, match="one player per match, from the deal"):
            cardrules.play(MINI, [player, cardrules.bots.RandomPlayer(1)], seed=2)


def _tabular(game: OpenSpielGame, name: str) -> policy_lib.TabularPolicy:
    """The shipped policy ``name`` as OpenSpiel's tabular policy of ``game``."""
    table = _policy(name)
    tabular = policy_lib.TabularPolicy(game)
    for state, key in decisions(game):
        row = tabular.policy_for_key(state.information_state_string())
        row[:] = 0.0
        for action, probability in table[key]:
            row[action] = probability
    return tabular


class TestTheSolvedMagyarVariant:
    """OpenSpiel's CFR+ solved mini Magyar népmesék; the cfr bot plays the shipped policy."""

    def test_the_tree_can_be_enumerated(self) -> None:
        game = load_game(MAGYAR_MINI)
        assert game.get_type().utility == Utility.ZERO_SUM
        assert sum(1 for _ in _walk(game)) == 14233

    def test_random_sim_test(self) -> None:
        pyspiel.random_sim_test(load_game(MAGYAR_MINI), num_sims=3, serialize=False, verbose=False)

    def test_the_shipped_policy_is_less_than_005_exploitable(self) -> None:
        game = load_game(MAGYAR_MINI)
        assert exploitability.exploitability(game, _tabular(game, "magyar_nepmesek_mini")) < 0.05

    def test_the_bot_in_a_tournament(self) -> None:
        result = cardrules.tournament(MAGYAR_MINI, ["cfr", "random"], matches=200, seed=1, progress=False)
        rows = {row.bot: row for row in result.standings}
        assert rows["cfr"].played == 200 and rows["cfr"].errors == 0
        assert rows["cfr"].wins > rows["random"].wins  # the solved policy beats uniform play
        with pytest.raises(ConfigError, match="bot 'cfr': no policy was solved for magyar_nepmesek"):
            make_bot("cfr", magyar_nepmesek.Game(players=2))
