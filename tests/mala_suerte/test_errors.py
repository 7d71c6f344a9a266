"""Bad input: wrong options and illegal moves name the rule, and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import ConfigError, IllegalMoveError, SerializationError
from cardrules.mala_suerte import Card, Clean, Colour, Draw, Game, Move, Play, Return, Swap, Take

from .builders import position


def card(text: str) -> Card:
    return Card.parse(text)


class TestOptions:
    """ConfigError names the option, the value and what is allowed."""

    @pytest.mark.parametrize(
        ("options", "message"),
        [
            ({"players": 7}, r"option 'players' must be an integer from 2 to 6; got 7"),
            ({"players": 1}, r"option 'players' must be an integer from 2 to 6; got 1"),
            ({"players": "4"}, r"option 'players' must be an integer"),
            ({"mulligan": "yes"}, r"option 'mulligan' must be True or False; got 'yes'"),
            ({"backs": "red"}, r"option 'backs' must be one of 'coloured', 'plain'; got 'red'"),
            ({"colours": 3}, r"unknown option colours"),
        ],
    )
    def test_bad_options(self, options: dict[str, object], message: str) -> None:
        with pytest.raises(ConfigError, match=message):
            Game(**options)  # type: ignore[arg-type]

    def test_defaults_and_round_trip(self) -> None:
        game = Game()
        assert (game.players, game.mulligan, game.backs) == (4, True, "coloured")
        assert Game.from_dict(game.to_dict()) == game


class TestIllegalMoves:
    """IllegalMoveError says which rule the move breaks; the state is unchanged."""

    def check(self, state: object, move: Move, message: str) -> None:
        from cardrules.mala_suerte import State

        assert isinstance(state, State)
        before = state.to_dict()
        with pytest.raises(IllegalMoveError, match=message):
            state.apply(move)
        assert state.to_dict() == before

    def test_turn_moves(self) -> None:
        state = position(["red Crows, blue Crows", "blue Clover"])
        self.check(state, Draw(0), "the deck is empty")
        self.check(
            state, Clean(0), "Clean needs the last three cards of seat 0's pile to be one of each colour"
        )
        self.check(state, Play(0, card("red Clover")), "seat 0 does not hold red Clover")
        self.check(state, Play(1, card("blue Clover")), "it is seat 0's decision")
        drawn = position(["red Crows", "blue Clover"], deck="red Clover").apply(Draw(0))
        self.check(drawn, Draw(0), "Draw comes first in the turn and only once")

    def test_effect_moves(self) -> None:
        state = position(["red Crows, blue Crows", "blue Clover, yellow Crows", "red Clover"])
        stealing = state.apply(Play(0, card("red Crows")))
        self.check(
            stealing,
            Take(0, 1, Colour.RED),
            "Crows: seat 0 must steal a card from seat 1; its hand holds yellow, blue",
        )
        self.check(stealing, Play(0, card("blue Crows")), "Crows: seat 0 must steal a card from seat 1")
        horseshoe = position(["red Horseshoe, blue Crows", "blue Clover", "red Clover"]).apply(
            Play(0, card("red Horseshoe"))
        )
        self.check(horseshoe, Return(0, card("red Clover")), "Horseshoe: .* it does not hold red Clover")
        mirror = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        ).apply(Play(0, card("red Broken Mirror")))
        self.check(
            mirror,
            Swap(0, 1, card("yellow Clover"), Colour.BLUE),
            "seat 1's pile is not topped by a Horseshoe",
        )

    def test_foreign_move_dicts(self) -> None:
        good: dict[str, Any] = Play(0, card("red Crows")).to_dict()
        for bad in (
            {**good, "data": {"type": "play", "seat": 0, "card": "green Crows"}},
            {**good, "data": {"type": "fly", "seat": 0}},
            {**good, "data": {"type": ["play"], "seat": 0}},
        ):
            with pytest.raises(SerializationError):
                Move.from_dict(bad)
        assert Move.from_dict(good) == Play(0, card("red Crows"))


class TestNotation:
    """Cards print as "red Black Cat" and parse back; moves print as a short phrase."""

    def test_cards_round_trip(self) -> None:
        from cardrules.mala_suerte import CARDS

        for c in CARDS:
            assert Card.parse(str(c)) == c and Card.from_json(c.to_json()) == c
            assert eval(repr(c)) == c
        assert Card.parse("Blue black_cat") == card("blue Black Cat")
        with pytest.raises(ValueError, match="not a Mala Suerte card"):
            Card.parse("green Clover")


class TestInconsistentStates:
    """A state read from JSON must hold the 42 cards and a playable table, or it is refused."""

    def test_refused(self) -> None:
        from cardrules.mala_suerte import State

        good: dict[str, Any] = Game(mulligan=False).new_state(1).to_dict()
        nobody = {**good, "data": {**good["data"], "alive": [False, False, False, False]}}
        with pytest.raises(SerializationError, match="needs two seats in"):
            State.from_dict(nobody)
        short = {**good, "data": {**good["data"], "deck": good["data"]["deck"][1:]}}
        with pytest.raises(SerializationError, match="42 cards"):
            State.from_dict(short)
        assert State.from_dict(good) == Game(mulligan=False).new_state(1)
