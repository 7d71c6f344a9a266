"""Bad input: wrong options and illegal moves name the rule, and change nothing."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cardrules import ConfigError, SerializationError
from cardrules.mala_suerte import (
    DECK,
    Card,
    Clean,
    Colour,
    Draw,
    Game,
    Move,
    Play,
    Return,
    Swap,
    Take,
    sort_cards,
)

from ..helpers import refused
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

    def test_turn_moves(self) -> None:
        state = position(["red Crows, blue Crows", "blue Clover"])
        refused(state, Draw(0), "the deck is empty")
        refused(state, Clean(0), "Clean needs the last three cards of seat 0's pile to be one of each colour")
        refused(state, Play(0, card("red Clover")), "seat 0 does not hold red Clover")
        refused(state, Play(1, card("blue Clover")), "it is seat 0's decision")
        drawn = position(["red Crows", "blue Clover"], deck="red Clover").apply(Draw(0))
        refused(drawn, Draw(0), "Draw comes first in the turn and only once")

    def test_effect_moves(self) -> None:
        state = position(["red Crows, blue Crows", "blue Clover, yellow Crows", "red Clover"])
        stealing = state.apply(Play(0, card("red Crows")))
        refused(
            stealing,
            Take(0, 1, Colour.RED),
            "Crows: seat 0 must steal a card from seat 1; its hand holds yellow, blue",
        )
        refused(stealing, Play(0, card("blue Crows")), "Crows: seat 0 must steal a card from seat 1")
        horseshoe = position(["red Horseshoe, blue Crows", "blue Clover", "red Clover"]).apply(
            Play(0, card("red Horseshoe"))
        )
        refused(horseshoe, Return(0, card("red Clover")), "Horseshoe: .* it does not hold red Clover")

    def test_mirror_swaps(self) -> None:
        """Broken Mirror: "give them one of your cards and steal one of theirs", blind within a colour."""
        mirror = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        ).apply(Play(0, card("red Broken Mirror")))
        refused(
            mirror,
            Swap(0, 1, card("yellow Clover"), Colour.BLUE),
            "seat 1's pile is not topped by a Horseshoe",
        )
        refused(
            mirror,
            Swap(0, 2, card("yellow Clover"), Colour.BLUE),
            "seat 2 holds no blue card to take; its hand holds red$",
        )
        refused(mirror, Swap(0, 2, card("blue Crows"), Colour.RED), "it does not hold blue Crows$")
        refused(
            mirror,
            Swap(0, 2, card("yellow Clover"), None),
            "name the colour of the card to take from seat 2$",
        )
        plain = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
            game=Game(players=3, backs="plain"),
        ).apply(Play(0, card("red Broken Mirror")))
        refused(
            plain,
            Swap(0, 2, card("yellow Clover"), Colour.RED),
            "with plain backs the card taken is random: name no colour$",
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

    def test_card_of_kind_and_colour(self) -> None:
        from cardrules.mala_suerte import CARDS, Kind

        assert Card.of(Kind.BLACK_CAT, Colour.BLUE) == card("blue Black Cat")
        assert {Card.of(c.kind, c.colour) for c in CARDS} == set(CARDS)


class TestInconsistentStates:
    """A state read from JSON must hold the 42 cards and a playable table, or it is refused."""

    def test_refused(self) -> None:
        from cardrules.mala_suerte import State

        good: dict[str, Any] = Game(mulligan=False).new_state(1).to_dict()
        nobody = {**good, "data": {**good["data"], "alive": [False, False, False, False]}}
        with pytest.raises(SerializationError, match=r"hands\[0\] holds cards of a seat that is out"):
            State.from_dict(nobody)
        short = {**good, "data": {**good["data"], "deck": good["data"]["deck"][1:]}}
        with pytest.raises(SerializationError, match="do not hold the game's cards once each: 1 missing"):
            State.from_dict(short)
        assert State.from_dict(good) == Game(mulligan=False).new_state(1)

    def test_seats_and_turn_refused(self) -> None:
        from cardrules.mala_suerte import State

        good: dict[str, Any] = Game(mulligan=False).new_state(1).to_dict()
        data = good["data"]
        for field, value, message in (
            ("hands", data["hands"][:3], "hands has length 3; it must be 4"),
            ("turn", 4, "turn must be a seat from 0 to 3; got 4"),
            ("turn", None, r"turn is null outside the mulligan \(or the mulligan is switched off\)"),
        ):
            with pytest.raises(SerializationError, match=f"^mala_suerte state: {message}$"):
                State.from_dict({**good, "data": {**data, field: value}})


class TestNextPlayer:
    """ "The next person" exists only during a turn."""

    def test_none_outside_a_turn(self) -> None:
        mulligan = Game(players=2).new_state(seed=2)
        assert mulligan.turn is None and mulligan.next_player is None
        assert position(["red Crows", "blue Crows", "yellow Crows"], turn=1).next_player == 2
        assert position(["red Crows", "blue Crows", "yellow Crows"], turn=1, clockwise=False).next_player == 0


class TestSortCards:
    """``sort_cards`` puts Mala Suerte cards in the hands' order and names anything else."""

    def test_anything_but_cards_is_named(self) -> None:
        assert sort_cards(reversed(DECK[:4])) == DECK[:4]
        with pytest.raises(ConfigError, match="sort_cards takes Mala Suerte cards, got 3"):
            sort_cards([DECK[0], 3])  # type: ignore[list-item]
        with pytest.raises(ConfigError, match="sort_cards needs cards, got 'red Clover'"):
            sort_cards("red Clover")  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="sort_cards takes at most the box's 42 cards"):
            sort_cards(itertools.cycle(DECK))
