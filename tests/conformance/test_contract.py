"""The shared contract (API.md), checked for every registered game and configuration.

A new game is covered the moment it is registered and lists its
configurations in ``Game.examples()``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import ConfigError, IllegalMoveError, Record, SerializationError, play
from cardrules.bots import RandomPlayer

from ..helpers import AnyGame, AnyState, every_game, json_round_trip, random_walk
from ._shards import SEEDS, whole_matches

GAMES = every_game()
seeds = SEEDS


def _ids(game: AnyGame) -> str:
    return str(game)


parametrize_games = pytest.mark.parametrize("game", GAMES, ids=_ids)


def _sampled(game: AnyGame, seed: int, every: int) -> list[tuple[AnyState, Any]]:
    walk = list(random_walk(game, seed))
    return [*walk[::every], walk[-1]]


class TestMatches:
    """Random matches end, with one deciding seat and sane legal moves all the way."""

    @whole_matches()
    def test_random_match_ends_with_sane_moves(self, game: AnyGame, seed: int) -> None:
        for state, move in random_walk(game, seed):
            legal = state.legal_moves()
            assert isinstance(legal, tuple)
            if move is None:
                assert state.is_terminal and legal == () and state.current_player is None
                break
            assert not state.is_terminal and state.outcome is None
            assert legal, "a state that is not terminal must have legal moves"
            assert len(set(legal)) == len(legal), f"duplicate legal moves: {legal}"
            seat = state.current_player
            assert isinstance(seat, int) and 0 <= seat < game.players
            assert all(m.seat == seat for m in legal), "every legal move is the deciding seat's"
            assert str(move) and isinstance(str(move), str)

    @whole_matches()
    def test_outcome_is_sane(self, game: AnyGame, seed: int) -> None:
        final = list(random_walk(game, seed))[-1][0]
        outcome = final.outcome
        assert outcome is not None
        assert outcome.winners and outcome.winners <= set(range(game.players))
        assert len(outcome.scores) == game.players
        assert all(isinstance(s, float) for s in outcome.scores)

    @whole_matches()
    def test_same_seed_same_match(self, game: AnyGame, seed: int) -> None:
        lineup = [RandomPlayer(seed + i) for i in range(game.players)]
        again = [RandomPlayer(seed + i) for i in range(game.players)]
        first = play(game, lineup, seed)
        second = play(game, again, seed)
        assert first == second
        assert list(first.replay()) == list(second.replay())

    @whole_matches()
    def test_apply_leaves_the_old_state_untouched(self, game: AnyGame, seed: int) -> None:
        for state, move in _sampled(game, seed, 7):
            if move is None:
                continue
            before = state.to_dict()
            state.apply(move)
            assert state.to_dict() == before
            assert state.apply(move) == state.apply(move)


class TestIllegalInput:
    """Anything not in legal_moves() raises IllegalMoveError and changes nothing."""

    @whole_matches()
    def test_foreign_moves_are_refused(self, game: AnyGame, seed: int) -> None:
        walk = list(random_walk(game, seed))
        seen_moves = {m for _, m in walk if m is not None}
        for state, _ in walk[:: max(1, len(walk) // 12)]:
            before = state.to_dict()
            legal = set(state.legal_moves())
            strangers = [m for m in seen_moves if m not in legal][:8]
            for bad in [*strangers, None, 42, "play", object(), ("move",)]:
                with pytest.raises(IllegalMoveError):
                    state.apply(bad)
            assert state.to_dict() == before

    @parametrize_games
    def test_moves_of_another_game_are_refused(self, game: AnyGame) -> None:
        state = game.new_state(1)
        for other in GAMES:
            if other.name == game.name:
                continue
            foreign = other.new_state(1).legal_moves()[0]
            with pytest.raises(IllegalMoveError, match=game.name):
                state.apply(foreign)

    @parametrize_games
    def test_no_move_after_the_end(self, game: AnyGame) -> None:
        walk = list(random_walk(game, 5))
        final = walk[-1][0]
        for _, move in walk[-4:-1]:
            with pytest.raises(IllegalMoveError, match="over"):
                final.apply(move)

    @parametrize_games
    def test_bad_seats_and_seeds(self, game: AnyGame) -> None:
        state = game.new_state(3)
        for seat in (-1, game.players, "0", 1.0, None, True):
            with pytest.raises(ConfigError):
                state.view(seat)
        for seed in ("1", 1.5, None, False):
            with pytest.raises(ConfigError, match="seed"):
                game.new_state(seed)  # type: ignore[arg-type]


class TestJson:
    """Games, states, moves, views and records survive JSON; anything else is refused."""

    @whole_matches()
    def test_round_trips(self, game: AnyGame, seed: int) -> None:
        assert type(game).from_dict(json_round_trip(game.to_dict())) == game
        assert type(game)(**game.options()) == game
        for state, _ in _sampled(game, seed, 11):
            assert type(state).from_dict(json_round_trip(state.to_dict())) == state
            for seat in range(game.players):
                view = state.view(seat)
                assert view.seat == seat
                assert type(view).from_dict(json_round_trip(view.to_dict())) == view
            for legal in state.legal_moves():
                assert type(legal).from_dict(json_round_trip(legal.to_dict())) == legal
        record = play(game, [RandomPlayer(seed + i) for i in range(game.players)], seed)
        assert Record.from_dict(json_round_trip(record.to_dict())) == record

    @parametrize_games
    @given(seed=seeds, data=st.data())
    def test_garbage_is_refused(self, game: AnyGame, seed: int, data: st.DataObject) -> None:
        state = game.new_state(seed)
        samples = [state, state.view(0), state.legal_moves()[0], game]
        for value in samples:
            cls = type(value)
            good = value.to_dict()
            for bad in _garbage(good, data):
                with pytest.raises(SerializationError):
                    cls.from_dict(bad)

    @parametrize_games
    def test_foreign_dicts_are_refused(self, game: AnyGame) -> None:
        state = game.new_state(0)
        for other in GAMES:
            if other.name == game.name:
                continue
            with pytest.raises(SerializationError, match="belongs to the game"):
                type(state).from_dict(other.new_state(0).to_dict())
        with pytest.raises(SerializationError, match="not a state"):
            type(state).from_dict(state.view(0).to_dict())
        with pytest.raises(SerializationError):
            Record.from_dict(state.to_dict())


def _garbage(good: dict[str, Any], data: st.DataObject) -> list[Any]:
    """Non-dicts, broken envelopes and a dict with one entry replaced by nonsense."""
    out: list[Any] = [None, 3, "state", [], {}, {**good, "format": 999}, {**good, "extra": 1}]
    broken = copy.deepcopy(good)
    paths = list(_paths(broken["data"]))
    if paths:
        container, key = data.draw(st.sampled_from(paths))
        container[key] = {"\U0001f4a5": []}
        out.append(broken)
    dropped = copy.deepcopy(good)
    if isinstance(dropped["data"], dict) and dropped["data"]:
        victim = data.draw(st.sampled_from(sorted(dropped["data"])))
        del dropped["data"][victim]
        out.append(dropped)
    return out


def _paths(node: Any) -> Any:
    if isinstance(node, dict):
        for key, value in node.items():
            yield node, key
            yield from _paths(value)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield node, i
            yield from _paths(value)


class TestHiddenInformation:
    """sample_state reproduces the view, is a function of (view, seed), and keeps the legal moves."""

    @whole_matches(sample_seed=seeds)
    def test_samples_match_the_view(self, game: AnyGame, seed: int, sample_seed: int) -> None:
        for state, _ in _sampled(game, seed, 9):
            for seat in range(game.players):
                view = state.view(seat)
                sample = game.sample_state(view, sample_seed)
                assert sample.view(seat) == view
                assert game.sample_state(view, sample_seed) == sample
                rebuilt = type(view).from_dict(json_round_trip(view.to_dict()))
                assert game.sample_state(rebuilt, sample_seed) == sample
                if seat == state.current_player:
                    assert sample.legal_moves() == state.legal_moves()

    @whole_matches()
    def test_observations_tell_apart_no_more_than_the_views(self, game: AnyGame, seed: int) -> None:
        """Two moves that leave another seat the same view look the same to it (``State.observation``).

        Search bots key each seat's tree by what it sees of the moves; a secret
        move without its observation would let a seat choose on what it cannot see.
        """
        for state, _ in _sampled(game, seed, 7):
            legal = state.legal_moves()[:12]
            if len(legal) < 2:
                continue
            after = [state.apply(move) for move in legal]
            for seat in range(game.players):
                if seat == state.current_player:
                    continue
                seen: dict[Any, Any] = {}
                for move, child in zip(legal, after, strict=True):
                    key = state.observation(move, seat)
                    hash(key)
                    assert seen.setdefault(child.view(seat), key) == key, (
                        f"seat {seat} cannot tell {move} from another move, yet observes them apart"
                    )

    @parametrize_games
    def test_sample_state_refuses_foreign_views(self, game: AnyGame) -> None:
        view = game.new_state(0).view(0)
        with pytest.raises(ConfigError):
            game.sample_state("view", 1)
        with pytest.raises(ConfigError, match="seed"):
            game.sample_state(view, "1")  # type: ignore[arg-type]

    @parametrize_games
    def test_sample_state_refuses_a_view_of_another_configuration(self, game: AnyGame) -> None:
        other = next(g for g in GAMES if g.name == game.name and g != game)
        with pytest.raises(ConfigError, match="another configuration"):
            game.sample_state(other.new_state(0).view(0), 1)


class TestRegistry:
    """games() finds every game by name; bad names and options are ConfigErrors."""

    def test_names(self) -> None:
        for name, cls in cardrules.games().items():
            assert cls.name == name
            assert cardrules.game(name) == cls()

    def test_unknown_game(self) -> None:
        with pytest.raises(ConfigError, match="unknown game 'chess'"):
            cardrules.game("chess")

    @parametrize_games
    def test_unknown_option(self, game: AnyGame) -> None:
        with pytest.raises(ConfigError, match="unknown option colour"):
            type(game)(colour="red")  # type: ignore[call-arg]

    def test_wrong_number_of_players(self) -> None:
        game = GAMES[0]
        with pytest.raises(ConfigError, match="players"):
            play(game, [RandomPlayer()] * (game.players + 1), 1)
