"""Typed events: what the table saw a move do, read from the states before and after it."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules import IllegalMoveError, PositionError, malilla
from cardrules.malilla import Event, EventKind, events_of, opening_events

K = EventKind


def _moves(game: malilla.Game, seed: int) -> list[tuple[malilla.State, malilla.Move, malilla.State]]:
    rnd, state, steps = random.Random(seed), game.new_state(seed), []
    while not state.is_terminal:
        move = rnd.choice(state.legal_moves())
        after = state.apply(move)
        steps.append((state, move, after))
        state = after
    return steps


class TestOpening:
    """A match opens with its first deal."""

    def test_the_first_deal(self) -> None:
        state = malilla.Game().new_state(3)
        assert opening_events(state) == (
            Event(K.DEAL, state.dealer, state.trump, number=1, held=bool(state.held_bonus)),
        )


class TestOnRandomPlay:
    """Every move's events say what the records show, and the narration words exactly them."""

    @pytest.mark.parametrize("game", malilla.Game.examples(), ids=str)
    def test_events_follow_the_records(self, game: malilla.Game) -> None:
        for before, move, after in _moves(game, 5):
            events = events_of(before, move, after)
            assert events[0] == Event(K.PLAY, move.seat, move.card)
            kinds = [e.kind for e in events]
            if len(after.tricks) > len(before.tricks):
                trick = after.tricks[-1]
                taken = next(e for e in events if e.kind is K.TRICK)
                assert (taken.seat, taken.cards) == (trick.winner, trick.cards)
                assert taken.points == sum(c.points for c in trick.cards)
            if after.hand_number != before.hand_number:
                assert kinds[:5] == [K.PLAY, K.TRICK, K.HAND, K.SCORE, K.DEAL]
                hand = events[2]
                assert hand.number == before.hand_number and hand.result is after.last_hand
                assert events[4].number == after.hand_number and events[4].card == after.trump
            assert (K.OVER in kinds or K.FOUL in kinds) == (after.outcome is not None)
            assert len(before.describe(move, after)) == len(events)

    def test_a_foul_ends_the_events(self) -> None:
        game = malilla.Game(irregularities="lose_game")
        fouls = [
            events_of(b, m, a)
            for seed in range(20)
            for b, m, a in _moves(game, seed)
            if a.outcome is not None and "fouled" in a.outcome.reason
        ]
        assert fouls
        assert all([e.kind for e in events] == [K.PLAY, K.FOUL] for events in fouls)

    def test_events_are_immutable_values(self) -> None:
        event = opening_events(malilla.Game().new_state(1))[0]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            event.seat = 2  # type: ignore[misc]
        assert hash(event) == hash(attrs.evolve(event))


class TestBadArguments:
    """The events of a step that did not happen, or of another game's states, are refused."""

    def test_a_move_that_does_not_lead_to_after(self) -> None:
        (before, move, after), (_, _, later) = _moves(malilla.Game(), 2)[:2]
        assert events_of(before, move, after)
        with pytest.raises(
            PositionError, match="malilla: events_of: after is not the state the move leads to"
        ):
            events_of(before, move, later)

    def test_a_move_that_is_not_legal_in_before(self) -> None:
        (before, _, _), (_, other, later) = _moves(malilla.Game(), 2)[:2]
        with pytest.raises(IllegalMoveError):
            events_of(before, other, later)

    def test_states_of_another_game(self) -> None:
        state = malilla.Game().new_state(1)
        foreign = cardrules.game("mala_suerte").new_state(1)
        with pytest.raises(PositionError, match="malilla: events_of: before must be a malilla State"):
            events_of(foreign, state.legal_moves()[0], state)
        with pytest.raises(
            PositionError, match="malilla: opening_events: state must be a malilla State, got None"
        ):
            opening_events(None)  # type: ignore[arg-type]
