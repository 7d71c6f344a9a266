"""Bad moves: the wrong number of items, an item not on the table, two Bonus items; nothing changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardrules import IllegalMoveError, SerializationError
from cardrules.mala_e_cuia import Game, Guess, Pack, Slot, State

from ..helpers import refused
from .builders import competitive, cooperative, tile


def start() -> State:
    return competitive([tile(), tile(), tile()])


class TestWholePacks:
    """Rulebook: "Each player must choose exactly 4 of the 12 available items" with "One of the 4 items ... in the BONUS
    field"."""

    @pytest.mark.parametrize(
        "general", [["Umbrella", "Flashlight"], ["Umbrella", "Flashlight", "Raincoat", "Passport"]]
    )
    def test_the_wrong_number_of_items(self, general: list[str]) -> None:
        state = start()
        with pytest.raises(IllegalMoveError, match=f"exactly 4 items .* got {len(general)} General"):
            state.commit(general, "Sunscreen")

    def test_two_bonus_items(self) -> None:
        with pytest.raises(IllegalMoveError, match="BONUS field holds exactly one item"):
            start().commit(["Umbrella", "Flashlight", "Raincoat"], ["Passport", "Sunscreen"])  # type: ignore[arg-type]

    def test_the_bonus_item_repeated_as_general(self) -> None:
        with pytest.raises(IllegalMoveError, match="Umbrella is already written"):
            start().commit(["Umbrella", "Flashlight", "Raincoat"], "Umbrella")

    def test_an_item_not_on_the_table(self) -> None:
        with pytest.raises(IllegalMoveError, match="'Sun hat' is not one of the 12 items on the table"):
            start().commit(["Umbrella", "Flashlight", "Sun hat"], "Passport")

    def test_a_tile_already_begun(self) -> None:
        state = start().apply(Pack(0, "Umbrella", Slot.GENERAL))
        with pytest.raises(IllegalMoveError, match="already written 1 item"):
            state.commit(["Flashlight", "Raincoat", "Passport"], "Sunscreen")


class TestSingleWrites:
    """One item at a time, the same rules name what is wrong."""

    def test_a_second_bonus_item(self) -> None:
        state = start().apply(Pack(0, "Umbrella", Slot.BONUS))
        refused(
            state,
            Pack(0, "Flashlight", Slot.BONUS),
            "BONUS field of seat 0's Suitcase Tile already holds Umbrella",
        )

    def test_a_fourth_general_item(self) -> None:
        state = competitive([tile(["Umbrella", "Flashlight", "Raincoat"]), tile(), tile()])
        refused(state, Pack(0, "Passport", Slot.GENERAL), "General field .* already holds 3 items")

    def test_an_unknown_item(self) -> None:
        refused(start(), Pack(0, "Kitchen sink", Slot.GENERAL), "'Kitchen sink' is not an item of the deck")

    def test_the_same_item_twice(self) -> None:
        state = start().apply(Pack(0, "Umbrella", Slot.GENERAL))
        refused(state, Pack(0, "Umbrella", Slot.BONUS), "Umbrella is already written")

    def test_another_seats_tile(self) -> None:
        refused(start(), Pack(1, "Umbrella", Slot.GENERAL), "it is seat 0's decision")

    def test_a_guess_while_packing(self) -> None:
        refused(start(), Guess(0, "Umbrella", Slot.GENERAL), "must pack its Suitcase Tile")

    def test_a_guess_of_an_item_not_on_the_table(self) -> None:
        packs = [tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")] * 3
        state = cooperative(packs, first_protagonist=0)
        refused(state, Guess(1, "Water bottle", Slot.GENERAL), "not one of the 10 items on the table")

    def test_moves_of_the_wrong_shape(self) -> None:
        state = Game().new_state(1)
        refused(state, Pack(0, 7, Slot.GENERAL), "not a well-formed move, at item: expected a string, got 7")  # type: ignore[arg-type]
        refused(
            state,
            Pack(0, "Umbrella", "GENERAL"),  # type: ignore[arg-type]
            "not a well-formed move, at slot: expected a Slot, got .GENERAL.",
        )

    def test_nothing_is_packed_after_the_end(self) -> None:
        state = cooperative(
            [tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")] * 3, first_protagonist=0
        )
        while state.outcome is None:
            state = state.apply(state.legal_moves()[0])
        with pytest.raises(
            IllegalMoveError, match=r"^mala_e_cuia: the match is over; nothing can be packed$"
        ):
            state.commit(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")


#: The progress of a competitive match, as JSON.
COMPETITION = {
    "round": 1,
    "situation": 0,
    "discarded_situations": [],
    "discarded_items": [],
    "flipped": False,
    "rounds": [],
}


class TestInconsistentStates:
    """A state read from JSON must hold a table, tiles and progress that fit the game, or it is refused."""

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d.update(scores=d["scores"][:2]), "scores has length 2; it must be 4"),
            (
                lambda d: d.update(table=[d["table"][0]] * 12),
                "table must show distinct Item cards of the deck",
            ),
            (
                lambda d: d.update(table=[*d["table"][:11], 10_000]),
                "table must show distinct Item cards of the deck",
            ),
            (
                lambda d: d["tiles"][0].update(bonus=d["table"][0] ^ 1),
                r"tiles\[0\] holds items that are not on the table",
            ),
            (lambda d: d["progress"].update(round=5), "progress.round must be from 1 to 4; got 5"),
            (
                lambda d: d["progress"].update(situation=999),
                "progress.situation is not a Situation card still in the pile",
            ),
        ],
    )
    def test_competitive(self, change: Any, message: str) -> None:
        good: dict[str, Any] = Game().new_state(1).to_dict()
        data = copy.deepcopy(good["data"])
        change(data)
        with pytest.raises(SerializationError, match=f"^mala_e_cuia state: {message}$"):
            State.from_dict({**good, "data": data})

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (
                lambda d: d.update(progress=COMPETITION),
                "progress is a competitive one in a cooperative match",
            ),
            (
                lambda d: d["progress"].update(situations=[0, 0, 1]),
                "progress.situations must be one distinct Situation card of the deck per seat",
            ),
            (
                lambda d: d["progress"].update(first_protagonist=3),
                "progress shows the Guess phase while a seat is still packing",
            ),
        ],
    )
    def test_cooperative(self, change: Any, message: str) -> None:
        good: dict[str, Any] = Game(players=3, mode="cooperative").new_state(1).to_dict()
        data = copy.deepcopy(good["data"])
        change(data)
        with pytest.raises(SerializationError, match=f"^mala_e_cuia state: {message}"):
            State.from_dict({**good, "data": data})
