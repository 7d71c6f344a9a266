"""The pending decision: Malilla waits for one thing only, a card from the seat to play."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules.malilla import Card, Game, Move, Pending, PlayCard

from .builders import position

#: A hand the scenario leaves to the seed.
FILL = ""


class TestPlayCard:
    def test_is_a_malilla_pending_decision_and_a_core_one(self) -> None:
        assert issubclass(PlayCard, Pending)
        assert issubclass(Pending, cardrules.Pending)
        assert PlayCard(2).seat == 2

    def test_is_an_immutable_value(self) -> None:
        decision = PlayCard(1)
        assert decision == PlayCard(1) and decision != PlayCard(3)
        assert hash(decision) == hash(PlayCard(1))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            decision.seat = 2  # type: ignore[misc]


class TestStatePending:
    def test_the_leader_plays_first(self) -> None:
        state = position(["7h 7d 2c As", FILL, FILL, FILL], trump="Kc", leader=2)
        assert state.pending == PlayCard(2)

    def test_then_the_seat_after_the_cards_played(self) -> None:
        state = position(["2s", "3h Kh 4c", FILL, FILL], trump="Kc", leader=0, trick="Ah")
        assert state.pending == PlayCard(1)

    def test_none_once_a_foul_ends_the_match(self) -> None:
        """ "the partnership committing the foul loses the entire game": nothing is then pending."""
        game = Game(irregularities="lose_game")
        state = position(["2s", "3h Kh 4c", "5s", "6s"], trump="Kc", leader=0, trick="Qh", game=game)
        after = state.apply(Move(1, Card.parse("4c")))
        assert after.outcome is not None and after.pending is None

    @pytest.mark.parametrize("seed", [3, 11])
    def test_names_the_seat_to_play_through_a_whole_match(self, seed: int) -> None:
        rng = random.Random(seed)
        state = Game(target=12).new_state(seed=seed)
        while state.outcome is None:
            pending = state.pending
            assert isinstance(pending, PlayCard) and pending.seat == state.current_player
            assert {m.seat for m in state.legal_moves()} == {pending.seat}
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.pending is None and state.current_player is None
