"""Bots: the random player, the heuristic players and IS-MCTS, on the contract alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardrules import ConfigError, Player, games, magyar_nepmesek, maldicion, malilla, play
from cardrules.bots import ISMCTSPlayer, RandomPlayer, heuristic, make_bot

from ..helpers import AnyGame, every_game


class TestRandomPlayer:
    """Uniform and reproducible from its seed."""

    def test_reproducible(self) -> None:
        game = malilla.Game(target=5)
        a = play(game, [RandomPlayer(s) for s in range(4)], seed=3)
        b = play(game, [RandomPlayer(s) for s in range(4)], seed=3)
        assert a == b
        assert isinstance(RandomPlayer(1), Player)


class TestISMCTS:
    """Searches sampled states only, and is deterministic for a seed and budget."""

    def test_deterministic_for_a_seed_and_budget(self) -> None:
        game = malilla.Game(target=5)
        state = game.new_state(4)
        seat = state.current_player
        assert seat is not None
        choices = {
            ISMCTSPlayer(game, iterations=60, seed=9).choose(state.view(seat), state.legal_moves())
            for _ in range(3)
        }
        assert len(choices) == 1 and choices <= set(state.legal_moves())

    def test_tied_visits_do_not_favour_the_first_legal_moves(self) -> None:
        """Ten iterations over Mala e Cuia's 24 first packing moves leave visits tied; the tie goes to
        the best mean reward or a seeded draw, so choices reach the whole list, not its head."""
        from cardrules import mala_e_cuia

        game = mala_e_cuia.Game()
        quarters = set()
        for seed in range(16):
            state = game.new_state(seed)
            legal = state.legal_moves()
            move = ISMCTSPlayer(game, iterations=10, seed=seed).choose(state.view(0), legal)
            quarters.add(4 * legal.index(move) // len(legal))
        assert quarters == {0, 1, 2, 3}

    def test_plays_every_game_legally(self) -> None:
        """Sixty decisions of every configuration, each searched on sampled states only."""
        for game in every_game():
            bots = [ISMCTSPlayer(game, iterations=3, seed=s) for s in range(game.players)]
            record = play(game, bots, seed=1, max_moves=60)  # play() raises on any illegal move
            assert len(record.moves) == 60 or record.outcome is not None

    def test_takes_a_sure_win(self) -> None:
        """The first choice of a seeded Magyar népmesék match where one move wins the match at once
        and another loses it at once: the search takes the win, on every sample."""
        game, view, legal, win = _a_decisive_choice()
        assert ISMCTSPlayer(game, iterations=30, seed=1).choose(view, legal) == win

    def test_play_outs_stop_with_the_round_where_the_game_values_rounds(self) -> None:
        """Malilla values the end of a hand; a game without rounds plays out to the end either way."""
        from cardrules import maldicion

        assert ISMCTSPlayer(malilla.Game(), iterations=5)._round_value is not None
        assert ISMCTSPlayer(malilla.Game(), iterations=5, horizon="match")._round_value is None
        game = maldicion.Game(players=3)
        state = game.new_state(5)
        while len(state.legal_moves()) < 2:
            state = state.apply(state.legal_moves()[0])
        seat = state.current_player
        assert seat is not None
        by_round = ISMCTSPlayer(game, iterations=40, seed=2)
        by_match = ISMCTSPlayer(game, iterations=40, seed=2, horizon="match")
        assert by_round._round_value is None
        view, moves = state.view(seat), state.legal_moves()
        assert by_round.choose(view, moves) == by_match.choose(view, moves)

    def test_a_small_guided_budget_plays_the_guides_move(self) -> None:
        """Three iterations cannot overturn the prior: a search guided by the heuristic player makes
        the heuristic's move at the first real decision of every default game, and one guided by a
        player of the user's own makes that player's move, even a losing one."""
        for name, make in sorted(games().items()):
            game = make()
            state = game.new_state(3)
            while len(state.legal_moves()) < 2:
                state = state.apply(state.legal_moves()[0])
            seat = state.current_player
            assert seat is not None, name
            view, legal = state.view(seat), state.legal_moves()
            expected = heuristic(game, seed=5 + seat).choose(view, legal)
            assert ISMCTSPlayer(game, iterations=3, seed=5, guide="heuristic").choose(view, legal) == expected
        game, view, legal, win = _a_decisive_choice()
        last = legal[-1] if legal[-1] != win else legal[0]
        assert ISMCTSPlayer(game, iterations=3, seed=1, guide=_stubborn(last)).choose(view, legal) == last

    def test_a_guided_search_leaves_its_guide_for_a_better_move(self) -> None:
        """With a budget, the play-outs overrule a guide that throws the match away."""
        game, view, legal, win = _a_decisive_choice()
        losing = next(m for m in legal if m != win)
        bot = ISMCTSPlayer(game, iterations=30, seed=1, guide=_stubborn(losing))
        assert bot.choose(view, legal) == win

    def test_a_guide_that_names_no_legal_move_is_no_guide(self) -> None:
        """A guide of the user's own that answers with something not legal biases nothing: the search
        still plays a legal move, and the winning one."""

        class Wrong:
            def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
                return "no such move"

        game, view, legal, win = _a_decisive_choice()
        bot = ISMCTSPlayer(game, iterations=30, seed=1, guide=lambda game, seed: Wrong())
        assert bot.choose(view, legal) == win

    def test_guided_play_is_legal_and_reproducible(self) -> None:
        for game in every_game():
            matches = [
                play(
                    game,
                    [ISMCTSPlayer(game, 3, seed=s, guide="heuristic") for s in range(game.players)],
                    seed=1,
                    max_moves=40,
                )
                for _ in range(2)
            ]  # play() raises on any illegal move
            assert matches[0] == matches[1]
        bot = ISMCTSPlayer(malilla.Game(), iterations=7, seed=1, guide="heuristic", guide_weight=0.25)
        assert repr(bot) == "ISMCTSPlayer(iterations=7, seed=1, guide='heuristic', guide_weight=0.25)"

    def test_bad_guides(self) -> None:
        game = malilla.Game()
        with pytest.raises(ConfigError, match="guide must be 'none', 'heuristic' or a bot factory"):
            ISMCTSPlayer(game, guide="greedy")  # type: ignore[arg-type]
        for weight in (0, 1, -0.5, True, "half"):
            with pytest.raises(
                ConfigError, match=f"guide_weight must be a number between 0 and 1; got {weight!r}"
            ):
                ISMCTSPlayer(game, guide="heuristic", guide_weight=weight)  # type: ignore[arg-type]

        def broken(game: AnyGame, seed: int) -> Player[Any, Any]:
            raise RuntimeError("no model file")

        with pytest.raises(
            ConfigError, match=r"the guide factory .*broken.* raised RuntimeError: no model file"
        ):
            ISMCTSPlayer(game, guide=broken)
        with pytest.raises(ConfigError, match="returned 7, not a Player"):
            ISMCTSPlayer(game, guide=lambda game, seed: 7)

    def test_bad_horizon(self) -> None:
        with pytest.raises(
            ConfigError, match="horizon must be 'round', 'match' or a number of moves; got 'hand'"
        ):
            ISMCTSPlayer(malilla.Game(), horizon="hand")  # type: ignore[arg-type]
        for bad in (True, 2.5):
            with pytest.raises(ConfigError, match=f"or a number of moves; got {bad!r}"):
                ISMCTSPlayer(malilla.Game(), horizon=bad)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="a horizon of moves must be >= 1; got 0"):
            ISMCTSPlayer(magyar_nepmesek.Game(), horizon=0)
        for name in ("malilla", "mala_suerte", "mala_e_cuia"):
            with pytest.raises(ConfigError, match=f"{name} does not value positions short of the end"):
                ISMCTSPlayer(games()[name](), horizon=10)

    def test_play_outs_stop_at_a_horizon_of_moves_valued_by_the_position(self) -> None:
        """With ``horizon=N`` each iteration that does not end the match is valued once by the
        game's position value, N moves after its sample; without it, never."""
        game = maldicion.Game()
        state = game.new_state(5)
        while len(state.legal_moves()) < 2:
            state = state.apply(state.legal_moves()[0])
        seat = state.current_player
        assert seat is not None
        seen: list[maldicion.State] = []

        def counted(position: maldicion.State) -> tuple[float, ...]:
            seen.append(position)
            return (0.25,) * 4

        for horizon, calls in ((3, 12), ("match", 0)):
            seen.clear()
            bot = ISMCTSPlayer(game, iterations=12, seed=2, horizon=horizon)  # type: ignore[arg-type]
            bot._position_value = counted if horizon != "match" else None
            bot.choose(state.view(seat), state.legal_moves())
            assert len(seen) == calls and all(position.outcome is None for position in seen)
        assert repr(ISMCTSPlayer(game, iterations=7, seed=1, horizon=20)) == (
            "ISMCTSPlayer(iterations=7, seed=1, horizon=20)"
        )

    def test_a_horizon_does_not_hide_a_win(self) -> None:
        """A move that wins the match at once is worth a win, not the position's value, however
        near the horizon: one move is enough to see it."""
        game, view, legal, win = _a_decisive_choice()
        assert ISMCTSPlayer(game, iterations=30, seed=1, horizon=1).choose(view, legal) == win

    def test_search_with_a_horizon_plays_every_configuration_legally_and_reproducibly(self) -> None:
        for game in every_game():
            if game.name not in ("magyar_nepmesek", "maldicion"):
                continue
            matches = [
                play(
                    game,
                    [
                        ISMCTSPlayer(game, 3, seed=s, guide="heuristic", horizon=5)
                        for s in range(game.players)
                    ],
                    seed=1,
                    max_moves=40,
                )
                for _ in range(2)
            ]  # play() raises on any illegal move
            assert matches[0] == matches[1]

    @pytest.mark.parametrize("bad", [0, -3, True, 2.5])
    def test_bad_budgets(self, bad: object) -> None:
        with pytest.raises(ConfigError, match="iterations"):
            ISMCTSPlayer(malilla.Game(), iterations=bad)  # type: ignore[arg-type]

    @pytest.mark.parametrize("bad", [0, -1.5])
    def test_bad_time_limits(self, bad: float) -> None:
        with pytest.raises(ConfigError, match=f"time_limit must be a positive number of seconds; got {bad}"):
            ISMCTSPlayer(malilla.Game(), time_limit=bad)

    def test_bad_rollout(self) -> None:
        with pytest.raises(ConfigError, match="rollout must be 'random' or 'heuristic'; got 'greedy'"):
            ISMCTSPlayer(malilla.Game(), rollout="greedy")  # type: ignore[arg-type]

    def test_heuristic_play_outs(self) -> None:
        """With ``rollout="heuristic"`` the game's heuristic players play the samples out: legal
        moves, the same ones again for the same seed, and the settings in the bot's repr."""
        from cardrules import mala_suerte

        games: tuple[AnyGame, ...] = (malilla.Game(target=5), mala_suerte.Game(players=3))
        for game in games:
            matches = [
                play(
                    game,
                    [ISMCTSPlayer(game, 4, seed=s, rollout="heuristic") for s in range(game.players)],
                    2,
                    max_moves=40,
                )
                for _ in range(2)
            ]  # play() raises on any illegal move
            assert matches[0].moves == matches[1].moves
        bot = ISMCTSPlayer(malilla.Game(), iterations=7, seed=1, rollout="heuristic", horizon="match")
        assert repr(bot) == "ISMCTSPlayer(iterations=7, seed=1, rollout='heuristic', horizon='match')"


def _a_decisive_choice() -> tuple[AnyGame, Any, Sequence[Any], Any]:
    """Along a seeded random match of Magyar népmesék, the first decision where one legal move ends the
    match with the mover among the winners and another ends it with the mover beaten: the game, the
    mover's view, the legal moves and the winning move."""
    from cardrules import magyar_nepmesek

    game = magyar_nepmesek.Game()
    for seed in range(100, 200):
        state, bot = game.new_state(seed), RandomPlayer(seed)
        while state.outcome is None:
            seat, legal = state.current_player, state.legal_moves()
            assert seat is not None
            ends = [state.apply(m).outcome for m in legal]
            wins = [m for m, end in zip(legal, ends, strict=True) if end is not None and seat in end.winners]
            if len(wins) == 1 and any(end is not None and seat not in end.winners for end in ends):
                return game, state.view(seat), legal, wins[0]
            state = state.apply(bot.choose(state.view(seat), legal))
    raise AssertionError("no seeded match offered a decisive choice")


def _stubborn(move: Any) -> Callable[[AnyGame, int], Player[Any, Any]]:
    """A guide factory whose player always makes ``move`` where it may, and else the first legal move."""

    class Stubborn:
        def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
            return move if move in legal_moves else legal_moves[0]

    return lambda game, seed: Stubborn()


class TestRegistry:
    """Bots by name: random, heuristic, ismcts, ismcts-N."""

    def test_names(self) -> None:
        game = malilla.Game()
        assert isinstance(make_bot("random", game, seed=1), RandomPlayer)
        assert isinstance(make_bot("ismcts-25", game), ISMCTSPlayer)
        assert make_bot("ismcts-25", game).iterations == 25
        guided = make_bot("ismctsgh-25", game)
        assert (guided.guide, guided.rollout) == ("heuristic", "heuristic")
        assert (make_bot("ismctsg-25", game).guide, make_bot("ismctsg-25", game).rollout) == (
            "heuristic",
            "random",
        )
        assert (make_bot("ismctsh-25", game).guide, make_bot("ismctsh-25", game).rollout) == (
            "none",
            "heuristic",
        )
        truncated = make_bot("ismctsg-25-t10", magyar_nepmesek.Game())
        assert (truncated.iterations, truncated.guide, truncated.horizon) == (25, "heuristic", 10)
        assert make_bot("ismcts-25", game).horizon == "round"
        assert heuristic(game).choose is not None

    @pytest.mark.parametrize(
        "name",
        [
            "alphago",
            "ismcts-0",
            "ismcts-x",
            "ismctshg-5",
            "ismctsgg-5",
            "",
            "ismcts-5-t",
            "ismcts-5-x3",
            "ismcts-5-t0",
            "ismcts-\u00b2",  # a digit to str.isdigit, not to int()
            "ismcts-5-t\u00b3",
            "ismcts-" + "9" * 5000,  # past Python's limit on converting digits
            "ismcts-5-t" + "9" * 5000,
        ],
    )
    def test_unknown_names(self, name: str) -> None:
        with pytest.raises(ConfigError):
            make_bot(name, malilla.Game())

    def test_every_game_has_a_heuristic_that_finishes_matches(self) -> None:
        for game in every_game():
            bots = [heuristic(game, seed=s) for s in range(game.players)]
            assert play(game, bots, seed=2).outcome is not None
