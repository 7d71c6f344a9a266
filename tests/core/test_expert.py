"""The expert bot: registered for every game, legal and reproducible, PIMC in Malilla's endgames."""

from __future__ import annotations

import time

import pytest

from cardrules import ConfigError, games, malilla, play
from cardrules._random import Rng
from cardrules.bots import ExpertPlayer, ISMCTSPlayer, make_bot
from cardrules.bots._expert import match_worth, pimc_values, play_likelihood
from cardrules.bots._ismcts import weighted_pool
from cardrules.malilla import SUIT_OF, trick_winner
from cardrules.malilla._evaluate import solved_value

from ..helpers import every_game


class TestRegistry:
    """``expert`` and ``expert-Ts`` by name, for every game."""

    def test_every_game_has_an_expert(self) -> None:
        for cls in games().values():
            bot = make_bot("expert", cls(), seed=3)
            assert isinstance(bot, ExpertPlayer)
            assert bot.time_limit is None

    def test_a_time_budget(self) -> None:
        bot = make_bot("expert-0.5s", malilla.Game())
        assert isinstance(bot, ExpertPlayer)
        assert bot.time_limit == 0.5
        assert make_bot("expert-2s", malilla.Game()).time_limit == 2.0

    @pytest.mark.parametrize(
        "name", ["expert-0s", "expert--1s", "expert-xs", "expert-nans", "expert-infs", "expert-0.5",
                 "expert-s", "expert-1e999s", "expert-" + "9" * 5000 + "s"],
    )  # fmt: skip
    def test_bad_budget_names(self, name: str) -> None:
        with pytest.raises(ConfigError, match="positive number of seconds"):
            make_bot(name, malilla.Game())

    @pytest.mark.parametrize("bad", [0, -0.5, float("nan"), True, "1"])
    def test_bad_time_limits(self, bad: object) -> None:
        with pytest.raises(ConfigError, match="time_limit must be a positive number of seconds"):
            ExpertPlayer(malilla.Game(), time_limit=bad)  # type: ignore[arg-type]

    @pytest.mark.parametrize("field", ["samples", "iterations", "endgame_tricks"])
    def test_bad_budgets(self, field: str) -> None:
        with pytest.raises(ConfigError, match=f"{field} must be an integer >= 1; got 0"):
            ExpertPlayer(malilla.Game(), **{field: 0})


class TestPlay:
    """Legal in every configuration, and the same for the same seed."""

    def test_plays_every_configuration_legally_and_reproducibly(self) -> None:
        for game in every_game():
            records = [
                play(
                    game,
                    [ExpertPlayer(game, seed=s, samples=2, iterations=4) for s in range(game.players)],
                    seed=5,
                    max_moves=30,
                )
                for _ in range(2)
            ]  # play() raises on any illegal move
            assert records[0].moves == records[1].moves

    def test_malilla_endgame_is_played_by_pimc(self) -> None:
        game = malilla.Game(target=12)
        state = game.new_state(4)
        while len(state.tricks) < 7:
            state = state.apply(state.legal_moves()[0])
        seat = state.current_player
        assert seat is not None
        bot = ExpertPlayer(game, seed=1, samples=5)
        assert bot.choose(state.view(seat), state.legal_moves()) in state.legal_moves()
        assert bot.last_samples == 5 or len(state.legal_moves()) == 1

    def test_a_time_budget_solves_at_least_one_deal(self) -> None:
        state = malilla.Game().new_state(2)
        while len(state.tricks) < 8:
            state = state.apply(state.legal_moves()[-1])
        seat = state.current_player
        assert seat is not None
        bot = ExpertPlayer(malilla.Game(), time_limit=1e-9)
        legal = state.legal_moves()
        assert bot.choose(state.view(seat), legal) in legal
        assert bot.last_samples >= 1 or len(legal) == 1


def lost_trick_with_a_seven(seed: int) -> malilla.State | None:
    """A position of a random Malilla match with two tricks left where the last seat to play
    cannot beat the opponents' card and may throw a side-suit 7 or a card worth nothing."""
    rng = Rng.from_seed(seed)
    state = malilla.Game().new_state(seed)
    while len(state.tricks) < 8 or len(state.trick) < 3:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    legal = {m.card for m in state.legal_moves()}
    trump = state.trump.suit
    sevens = [c for c in legal if c.points == 5 and c.suit is not trump]
    blanks = [c for c in legal if c.points == 0]
    at = trick_winner(state.trick, SUIT_OF[state.trump])
    lost = at % 2 == 0  # seat 3 plays; the leader's and the third seat's cards are the opponents'
    return state if sevens and blanks and lost and not any(c.suit is trump for c in legal) else None


class TestMalillaBlunders:
    """The blunders the outside examination found in IS-MCTS, which PIMC does not make."""

    def test_keeps_its_seven_off_a_trick_already_lost(self) -> None:
        # "holding 7♠ Q♠ 7♥ 5♥, void in trumps, last to play: 7♥ instead of 5♥, 10 points"
        found = [s for seed in range(400) if (s := lost_trick_with_a_seven(seed)) is not None][:3]
        assert found
        for state in found:
            seat = state.current_player
            assert seat is not None
            move = ExpertPlayer(state.game, seed=1, samples=6).choose(state.view(seat), state.legal_moves())
            assert move.card.points == 0, (state.to_dict(), move)


class TestSearchStatistics:
    """What advice reads from IS-MCTS: each root move's visits and mean reward."""

    def test_visits_add_up_to_the_iterations(self) -> None:
        game = malilla.Game(target=12)
        state = game.new_state(6)
        seat = state.current_player
        assert seat is not None
        search = ISMCTSPlayer(game, iterations=40, seed=2)
        found = search.statistics(state.view(seat), state.legal_moves())
        assert set(found) <= set(state.legal_moves())
        assert sum(visits for visits, _ in found.values()) == 40
        assert all(0.0 <= share <= 1.0 for _, share in found.values())

    def test_a_cpu_clock_bounds_the_search(self) -> None:
        game = malilla.Game(target=12)
        state = game.new_state(6)
        seat = state.current_player
        assert seat is not None
        search = ISMCTSPlayer(game, iterations=10**9, time_limit=0.02, clock=time.process_time)
        assert search.choose(state.view(seat), state.legal_moves()) in state.legal_moves()
        assert 0 < search.last_iterations < 10**9


class TestMatchWorth:
    """PIMC's vote: the chance to win the match that the hand's points to come give."""

    def test_more_points_never_lower_the_chance(self) -> None:
        game = malilla.Game(target=12)
        state = game.new_state(8)
        while len(state.tricks) < 7:
            state = state.apply(state.legal_moves()[0])
        seat = state.current_player
        assert seat is not None
        worth = match_worth(state.view(seat))
        chances = [worth(points) for points in range(0, 40)]
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert chances == sorted(chances)
        assert chances[0] < chances[-1]


def heuristic_endgame(seed: int, tricks: int = 6) -> malilla.State:
    """A state of a match of heuristic players with ``tricks`` tricks of the first hand played."""
    game = malilla.Game()
    players = [make_bot("heuristic", game, seed=s) for s in range(4)]
    state = game.new_state(seed)
    while len(state.tricks) < tricks or not state.trick:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat].choose(state.view(seat), state.legal_moves()))
    return state


class TestOpponentModel:
    """PIMC's deals weighted by how likely they make the other seats' plays (an opponent model)."""

    @pytest.mark.parametrize("bad", [0, 1, -0.1, 1.5, float("nan"), True, "0.3"])
    def test_bad_model_errors(self, bad: object) -> None:
        with pytest.raises(ConfigError, match="model_error must be a number between 0 and 1, or None"):
            ExpertPlayer(malilla.Game(), model_error=bad)  # type: ignore[arg-type]

    def test_the_real_deal_of_heuristic_players_is_what_the_model_expects(self) -> None:
        # Each seat's hand at each of its plays is rebuilt from the deal: on the real deal of
        # heuristic players, every play with a choice is the model's own.
        model = make_bot("heuristic", malilla.Game())
        for seed in range(6):
            state = heuristic_endgame(seed)
            seat = state.current_player
            assert seat is not None
            error = 1e-9
            assert play_likelihood(state.view(seat), model, error)(state) > -1e-6

    def test_a_deal_that_contradicts_the_plays_weighs_less(self) -> None:
        model = make_bot("heuristic", malilla.Game())
        state = heuristic_endgame(3)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        sampler = state.game.sampler(view)
        rng = Rng.from_seed(5)
        real = play_likelihood(view, model, 0.3)(state)
        logs = [play_likelihood(view, model, 0.3)(sampler.sample(rng.next64())) for _ in range(30)]
        assert min(logs) < real

    def test_weighing_alike_is_plain_pimc(self) -> None:
        state = heuristic_endgame(4)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        plain, n = pimc_values(state.game, view, Rng.from_seed(2), 8)
        flat, m = pimc_values(state.game, view, Rng.from_seed(2), 8, weigh=lambda deal: -3.0)
        assert n == m == 8
        assert flat == plain

    def test_the_expert_plays_legally_with_and_without_the_model(self) -> None:
        state = heuristic_endgame(5, tricks=7)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        for error in (0.3, None):
            bot = ExpertPlayer(state.game, seed=1, samples=6, model_error=error)
            assert bot.choose(state.view(seat), legal) in legal
            assert bot.last_samples == (6 if len(legal) > 1 else 0)


class TestBeliefInTheSearch:
    """The first tricks' search drawing its deals from a pool weighted by the opponent model."""

    @pytest.mark.parametrize("bad", [0, -3, True, 2.5, "100"])
    def test_bad_pools(self, bad: object) -> None:
        with pytest.raises(ConfigError, match=f"pool must be an integer >= 1; got {bad!r}"):
            ExpertPlayer(malilla.Game(), pool=bad)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match=f"pool must be an integer >= 1; got {bad!r}"):
            ISMCTSPlayer(malilla.Game(), pool=bad)  # type: ignore[arg-type]

    def test_a_belief_must_be_callable(self) -> None:
        with pytest.raises(ConfigError, match="belief must be a callable"):
            ISMCTSPlayer(malilla.Game(), belief=0.3)  # type: ignore[arg-type]

    @pytest.mark.parametrize("weigh", ["bad", None, True, float("nan"), float("inf"), 1j])
    def test_a_weight_that_is_no_log_likelihood_is_refused(self, weigh: object) -> None:
        state = heuristic_endgame(2, tricks=3)
        seat = state.current_player
        assert seat is not None
        sampler = state.game.sampler(state.view(seat))
        with pytest.raises(ConfigError, match="a belief must weigh each deal by a log-likelihood"):
            weighted_pool(sampler, lambda deal: weigh, 5, Rng.from_seed(1))  # type: ignore[arg-type,return-value]

    def test_a_belief_that_rules_out_every_deal_is_refused(self) -> None:
        state = heuristic_endgame(2, tricks=3)
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSPlayer(state.game, iterations=5, belief=lambda view: lambda deal: float("-inf"))
        with pytest.raises(ConfigError, match="gave each of the 100 deals drawn a log-likelihood of -inf"):
            bot.choose(state.view(seat), state.legal_moves())

    def test_a_belief_must_return_a_weighing(self) -> None:
        state = heuristic_endgame(2, tricks=3)
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSPlayer(state.game, iterations=5, belief=lambda view: 0.5)  # type: ignore[arg-type,return-value]
        with pytest.raises(
            ConfigError, match=r"belief\(view\) must return a callable \(state\) or None; got 0.5"
        ):
            bot.choose(state.view(seat), state.legal_moves())

    def test_a_belief_may_rule_some_deals_out(self) -> None:
        state = heuristic_endgame(2, tricks=3)
        seat = state.current_player
        assert seat is not None
        sampler = state.game.sampler(state.view(seat))
        seen: list[object] = []

        def weigh(deal: object) -> float:
            seen.append(deal)
            return 0.0 if len(seen) == 1 else float("-inf")

        pool = weighted_pool(sampler, weigh, 5, Rng.from_seed(1))
        rng = Rng.from_seed(2)
        assert {id(pool.sample(rng.next64())) for _ in range(20)} == {id(seen[0])}

    def test_the_pool_favours_deals_the_model_expects(self) -> None:
        model = make_bot("heuristic", malilla.Game())
        state = heuristic_endgame(3, tricks=4)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        weigh = play_likelihood(view, model, 0.3)
        sampler = state.game.sampler(view)
        pool = weighted_pool(sampler, weigh, 200, Rng.from_seed(1))
        assert pool is not sampler
        rng = Rng.from_seed(2)
        drawn = [weigh(pool.sample(rng.next64())) for _ in range(200)]
        plain = [weigh(sampler.sample(rng.next64())) for _ in range(200)]
        assert sum(drawn) / len(drawn) > sum(plain) / len(plain) + 1.0

    def test_deals_that_weigh_alike_leave_the_sampler(self) -> None:
        state = malilla.Game().new_state(3)
        seat = state.current_player
        assert seat is not None
        sampler = state.game.sampler(state.view(seat))
        assert weighted_pool(sampler, lambda deal: -2.0, 10, Rng.from_seed(1)) is sampler

    def test_a_deadline_draws_one_deal_at_least(self) -> None:
        state = heuristic_endgame(2, tricks=3)
        seat = state.current_player
        assert seat is not None
        sampler = state.game.sampler(state.view(seat))
        weighed: list[object] = []

        def weigh(deal: object) -> float:
            weighed.append(deal)
            return float(len(weighed))

        weighted_pool(sampler, weigh, 50, Rng.from_seed(1), clock=lambda: 1.0, deadline=0.0)
        assert len(weighed) == 1

    def test_the_expert_with_a_pool_is_reproducible(self) -> None:
        state = heuristic_endgame(6, tricks=2)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        bots = [ExpertPlayer(state.game, seed=4, iterations=30, pool=20) for _ in range(2)]
        assert bots[0].search.belief is not None
        moves = [bot.choose(state.view(seat), legal) for bot in bots]
        assert moves[0] == moves[1] and moves[0] in legal
        assert ExpertPlayer(state.game, pool=20, model_error=None).search.belief is None
        assert ExpertPlayer(state.game).search.belief is None


class TestSolvedPlayouts:
    """The first tricks' play-outs stopped a few tricks from the end, the rest of the hand solved."""

    @pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3", 6])
    def test_bad_solve_from(self, bad: object) -> None:
        # From one trick left to the endgame's five: any more and a play-out would solve whole hands.
        with pytest.raises(ConfigError, match=f"solve_from must be an integer from 1 to 5; got {bad!r}"):
            ExpertPlayer(malilla.Game(), solve_from=bad)  # type: ignore[arg-type]

    def test_a_value_is_a_function_with_the_round_horizon(self) -> None:
        with pytest.raises(ConfigError, match="value must be a callable"):
            ISMCTSPlayer(malilla.Game(), value=0.3)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match=r"comes with horizon='round'.*horizon='match'"):
            ISMCTSPlayer(malilla.Game(), value=solved_value(3), horizon="match")

    def test_the_search_is_judged_by_the_value_given(self) -> None:
        # A value that pays the side to lead only for leading one card: the search finds that card.
        state = malilla.Game().new_state(5)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        wanted = legal[-1]

        def value(start: malilla.State, now: malilla.State) -> tuple[float, ...] | None:
            if now is start:
                return None
            led = now.trick[0] if now.trick else now.tricks[0].cards[0]
            share = 1.0 if (led == wanted.card) == (seat % 2 == 0) else 0.0
            return (share, 1.0 - share, share, 1.0 - share)

        bot = ISMCTSPlayer(state.game, iterations=300, seed=1, value=value)
        assert bot.choose(state.view(seat), legal) == wanted

    @pytest.mark.parametrize(
        "shares", [0.5, (0.5, 0.5), (0.5, 0.5, 0.5, 1.5), (1, 0, 1, -0.1), (True, 0, 1, 0),
                   (float("nan"),) * 4, ("1", 0, 1, 0), [1.0, 0.0, 1.0, 0.0]],
    )  # fmt: skip
    def test_a_value_must_return_a_share_a_seat(self, shares: object) -> None:
        state = malilla.Game().new_state(5)
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSPlayer(state.game, iterations=5, value=lambda start, now: shares)  # type: ignore[arg-type,return-value]
        with pytest.raises(ConfigError, match="value must return None or a tuple of 4 shares from 0 to 1"):
            bot.choose(state.view(seat), state.legal_moves())

    def test_a_value_must_value_a_finished_match(self) -> None:
        state = malilla.Game(target=1).new_state(5)
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSPlayer(state.game, iterations=5, value=lambda start, now: None)
        with pytest.raises(ConfigError, match="value returned None for a finished match"):
            bot.choose(state.view(seat), state.legal_moves())

    def test_the_expert_with_solved_playouts_is_reproducible(self) -> None:
        state = malilla.Game().new_state(11)
        for _ in range(9):
            state = state.apply(state.legal_moves()[0])
        seat = state.current_player
        assert seat is not None
        chosen = {
            ExpertPlayer(state.game, seed=4, iterations=60, solve_from=4).choose(
                state.view(seat), state.legal_moves()
            )
            for _ in range(2)
        }
        assert len(chosen) == 1 and chosen <= set(state.legal_moves())
