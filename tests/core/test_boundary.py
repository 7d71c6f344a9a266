"""The public API's boundary: bad input of every class gets a CardRulesError, quickly, and changes nothing."""

from __future__ import annotations

import copy
import time
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import (
    CardRulesError,
    ConfigError,
    IllegalMoveError,
    Record,
    SerializationError,
    magyar_nepmesek,
    mala_e_cuia,
    mala_suerte,
    malilla,
)
from cardrules._json import MAX_DEPTH, MAX_INT_BITS, MAX_LIST, MAX_STRING, structure
from cardrules._numerals import whole_number
from cardrules._options import MAX_OPTION
from cardrules._record import RedactedRecord
from cardrules._words import brief
from cardrules.bots import RandomPlayer
from cardrules.magyar_nepmesek import Lay


def _nested(depth: int) -> object:
    data: object = 0
    for _ in range(depth):
        data = [data]
    return data


class TestBrief:
    """Values a user handed in are shown short, and showing them never fails."""

    def test_huge_integers_are_told_by_their_size(self) -> None:
        assert brief(10**5000) == "<an integer of 16610 bits>"
        assert brief(-(2**100)) == "<a negative integer of 101 bits>"

    def test_long_and_deep_values_are_cut(self) -> None:
        assert len(brief("x" * 100_000)) <= 60
        assert brief(_nested(3_000)) == "[[[[...]]]]"

    def test_a_failing_repr_is_named_by_its_type(self) -> None:
        class Odd:
            def __repr__(self) -> str:
                raise RuntimeError("no")

        assert "Odd" in brief(Odd())


class TestNumeralsFromText:
    """Numbers typed by people are read from ASCII digits only, and only a few of them."""

    @pytest.mark.parametrize(("text", "number"), [("0", 0), ("7", 7), ("007", 7), ("9" * 18, 10**18 - 1)])
    def test_plain_digits(self, text: str, number: int) -> None:
        assert whole_number(text) == number

    @pytest.mark.parametrize(
        "text", ["", "-1", "+1", " 1", "1 ", "1.0", "1_000", "\u00b2", "\u0663", "9" * 19]
    )
    def test_anything_else_is_no_number(self, text: str) -> None:
        assert whole_number(text) is None

    def test_thousands_of_digits_cost_nothing(self) -> None:
        start = time.process_time()
        assert whole_number("9" * 1_000_000) is None
        assert time.process_time() - start < 1.0


class TestJsonLimits:
    """What JSON may hold is bounded, and refused at once with the path."""

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (_nested(3_000), f"nest more than {MAX_DEPTH} deep"),
            ([0] * (MAX_LIST + 1), f"{MAX_LIST + 1} entries; at most {MAX_LIST}"),
            ("x" * (MAX_STRING + 1), f"a string of {MAX_STRING + 1} characters"),
            (2**MAX_INT_BITS, f"is too large; at most {MAX_INT_BITS} bits"),
            ({"a": {1: 2}}, "at a: the key 1 is not a string"),
        ],
    )
    def test_oversized_input(self, data: object, message: str) -> None:
        start = time.process_time()
        with pytest.raises(SerializationError, match="thing: ") as info:
            structure(data, tuple[int, ...], what="thing")
        assert message in str(info.value) and len(str(info.value)) < 300
        assert time.process_time() - start < 1

    @pytest.mark.parametrize(
        ("data", "cls"),
        [
            (True, int),
            (1.0, int),
            (float("nan"), float),
            (1, bool),
            (("RED",), tuple[str]),
            (5, mala_suerte.Card),
        ],
    )
    def test_no_type_stands_in_for_another(self, data: object, cls: Any) -> None:
        with pytest.raises(SerializationError):
            structure(data, cls, what="value")

    def test_a_state_nested_thousands_deep_is_refused(self) -> None:
        data: dict[str, Any] = malilla.Game().new_state(1).to_dict()
        data["data"]["hands"] = _nested(3_000)
        with pytest.raises(SerializationError, match=r"at hands\[0\]\[0\]"):
            malilla.State.from_dict(data)

    @pytest.mark.parametrize("field", ["game", "kind", "format"])
    @pytest.mark.parametrize("value", [["malilla"], {"a": 1}, True, 1.0, pytest.param(10**5000, id="huge")])
    def test_the_envelope_takes_exact_values(self, field: str, value: object) -> None:
        data: dict[str, Any] = malilla.Game().to_dict()
        data[field] = value
        with pytest.raises(SerializationError):
            malilla.Game.from_dict(data)


class TestRecords:
    """Records and redacted records refuse odd names, numbers and inconsistent parts."""

    @pytest.fixture
    def record(self) -> Record:
        return cardrules.play(malilla.Game(), [RandomPlayer(seed=s) for s in range(4)], seed=3, max_moves=6)

    @pytest.mark.parametrize("name", [["malilla"], {"x": 1}, None, 3])
    def test_an_unhashable_or_odd_game_name(self, record: Record, name: object) -> None:
        data: dict[str, Any] = record.to_dict()
        data["game"]["game"] = name
        with pytest.raises(SerializationError, match="unknown game"):
            Record.from_dict(data)

    @pytest.mark.parametrize("seed", [True, 1.5, 2**MAX_INT_BITS])
    def test_a_seed_of_another_type_or_too_large(self, record: Record, seed: object) -> None:
        data = record.to_dict()
        data["seed"] = seed  # type: ignore[assignment]
        with pytest.raises(SerializationError, match="record seed"):
            Record.from_dict(data)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"seat": 4}, "seat must be from 0 to 3"),
            ({"seat": True}, "expected an integer"),
            ({"movers": [9, 1, 2, 3, 0, 1]}, r"movers\[0\] is not a seat"),
        ],
    )
    def test_a_redacted_record_hangs_together(
        self, record: Record, change: dict[str, Any], message: str
    ) -> None:
        data = {**record.redacted(0).to_dict(), **change}
        with pytest.raises(SerializationError, match=message):
            RedactedRecord.from_dict(data)

    def test_own_moves_are_where_the_seat_moved(self, record: Record) -> None:
        data = record.redacted(0).to_dict()
        moves: list[Any] = data["own_moves"]  # type: ignore[assignment]
        other = next(i for i, seat in enumerate(record.redacted(0).movers) if seat != 0)
        moves[other] = record.moves[other].to_dict()["data"]
        with pytest.raises(SerializationError, match=rf"own_moves\[{other}\]"):
            RedactedRecord.from_dict(data)

    def test_another_seats_view_is_refused(self, record: Record) -> None:
        data = record.redacted(0).to_dict()
        views: list[Any] = data["views"]  # type: ignore[assignment]
        views[2] = record.redacted(1).to_dict()["views"][2]  # type: ignore[index]
        with pytest.raises(SerializationError, match=r"views\[2\] is not seat 0's view"):
            RedactedRecord.from_dict(data)


class TestApply:
    """apply takes a move only if it is exactly a legal one, by value and by type."""

    @pytest.fixture
    def state(self) -> malilla.State:
        return malilla.Game().new_state(1)

    @pytest.mark.parametrize(
        ("field", "value"),
        [("seat", True), ("seat", 0.0), ("seat", complex(0, 0)), ("card", 3), ("card", 1.5), ("card", "5s")],
    )
    def test_a_field_of_another_type(self, state: malilla.State, field: str, value: object) -> None:
        legal = state.legal_moves()[0]
        if field == "card" and value == 3:
            value = int(legal.card)  # the IntEnum card given as its int: equal, but not a card
        move = copy.copy(legal)
        object.__setattr__(move, field, value)
        before = state.to_dict()
        with pytest.raises(IllegalMoveError, match=rf"malilla: not a well-formed move, at {field}: expected"):
            state.apply(move)
        assert state.to_dict() == before and state.legal_moves()[0] is legal

    def test_a_bool_seat_is_not_narrated(self) -> None:
        state = mala_suerte.Game().new_state(2)
        legal = state.legal_moves()[0]
        move = attrs.evolve(legal, seat=bool(legal.seat) if legal.seat in (0, 1) else float(legal.seat))  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="not a well-formed move, at seat"):
            state.apply(move)

    def test_a_move_whose_str_fails_is_still_refused_cleanly(self) -> None:
        class Garbled(Lay):
            def __str__(self) -> str:
                raise ValueError("no words for this")

        state = magyar_nepmesek.Game().new_state(0)
        out_of_turn = (
            (state.current_player or 0) + 1
        ) % state.game.players  # refusals of these quote str(move)
        move = Garbled(seat=out_of_turn, cards=("plus1-piglet",), values=(1,))
        with pytest.raises(IllegalMoveError, match=r"magyar_nepmesek: Garbled\(.* is not a legal move now"):
            state.apply(move)

    def test_an_object_whose_eq_and_repr_fail(self, state: malilla.State) -> None:
        class Hostile:
            def __eq__(self, other: object) -> bool:
                raise RuntimeError("eq")

            def __repr__(self) -> str:
                raise RuntimeError("repr")

            __hash__ = None  # type: ignore[assignment]

        with pytest.raises(IllegalMoveError, match="expected a malilla move, got <Hostile"):
            state.apply(Hostile())  # type: ignore[arg-type]


class TestHugeNumbers:
    """Huge integers in options, seats and seeds are refused with a short message."""

    @pytest.mark.parametrize(
        "call",
        [
            lambda: mala_suerte.Game(players=10**5000),
            lambda: malilla.Game(target=10**5000),
            lambda: malilla.Game().new_state(1).view(10**5000),
            lambda: malilla.Game().new_state(10**5000),
            lambda: cardrules.game(["malilla"]),  # type: ignore[arg-type]
        ],
    )
    def test_refused_briefly(self, call: Any) -> None:
        with pytest.raises(ConfigError) as info:
            call()
        assert len(str(info.value)) < 200

    def test_open_ended_options_are_bounded(self) -> None:
        assert malilla.Game(target=MAX_OPTION).target == MAX_OPTION
        with pytest.raises(ConfigError, match=f"at most {MAX_OPTION}"):
            malilla.Game(target=MAX_OPTION + 1)


class TestDecks:
    """What a deck file controls (counts, lengths) is bounded where the deck is read."""

    @pytest.mark.parametrize("count", [101, 10**7, 2**64])
    def test_magyar_deck_counts(self, count: int) -> None:
        data: dict[str, Any] = magyar_nepmesek.Game().to_dict()
        data["data"]["deck"]["kinds"][0]["count"] = count
        start = time.process_time()
        with pytest.raises(SerializationError, match="count must be from 1 to 100"):
            magyar_nepmesek.Game.from_dict(data)
        assert time.process_time() - start < 1

    def test_a_magyar_deck_built_by_hand(self) -> None:
        deck = magyar_nepmesek.Game().deck
        big = attrs.evolve(deck, kinds=tuple(attrs.evolve(k, count=100) for k in deck.kinds))
        with pytest.raises(ConfigError, match="the deck holds 4400 cards; at most 1000"):
            magyar_nepmesek.Game(deck=big)

    def test_mala_e_cuia_decks(self) -> None:
        items = [{"id": f"i{n}", "front": {"name": f"f{n}"}, "back": {"name": f"b{n}"}} for n in range(1_001)]
        data = {"situations": [], "items": items}
        with pytest.raises(ConfigError, match="1001 Item cards; at most 1000"):
            mala_e_cuia.Game(content=data)
        with pytest.raises(ConfigError, match="at most 500 characters"):
            mala_e_cuia.Game(content={"situations": [], "items": [{**items[0], "id": "x" * 501}]})


class TestSampleState:
    """sample_state refuses a view that no match reaches, whatever was tampered with."""

    def test_hand_sizes_that_cannot_be(self) -> None:
        state = malilla.Game().new_state(1)
        view = state.view(0)
        tampered = attrs.evolve(view, hand_sizes=(10, 11, 10, 10))
        with pytest.raises(CardRulesError):
            state.game.sample_state(tampered, 0)

    def test_a_view_from_json_is_sampled_as_before(self) -> None:
        state = malilla.Game().new_state(1)
        view = malilla.View.from_dict(state.view(2).to_dict())
        assert state.game.sample_state(view, 5).view(2) == view
