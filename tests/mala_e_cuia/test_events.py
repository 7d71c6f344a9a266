"""Typed events: what the table saw a move do, read from the states before and after it; a packed
item is in no event before its reveal."""

from __future__ import annotations

import attrs
import pytest

from cardrules.mala_e_cuia import Event, EventKind, Game, Guess, Pack, Slot, events_of, opening_events

from .builders import competitive, cooperative, tile

K = EventKind
PACK = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")


class TestOpening:
    """The competitive Situation card is public; the cooperative ones are secret."""

    def test_competitive(self) -> None:
        state = Game(players=3).new_state(2)
        situation = state.progress.situation  # type: ignore[union-attr]
        assert opening_events(state) == (
            Event(K.SITUATION, number=1, situation=situation),
            Event(K.TABLE, items=state.table),
        )

    def test_cooperative(self) -> None:
        state = Game(players=3, mode="cooperative").new_state(2)
        assert opening_events(state) == (Event(K.SECRET_SITUATIONS), Event(K.TABLE, items=state.table))


class TestMoves:
    """Rulebook: "Write down the chosen items on your Suitcase Tile, without letting other players see"."""

    def test_a_pack_names_no_item(self) -> None:
        state = Game(players=4).new_state(8)
        for move in state.legal_moves():
            events = events_of(state, move, state.apply(move))
            assert events == (Event(K.PACK, move.seat),)

    def test_compare_luggage(self) -> None:
        state = competitive([tile(*PACK), tile(*PACK), tile(["Passport", "Power bank", "First-aid kit"])])
        move = Pack(2, "Water bottle", Slot.BONUS)
        after = state.apply(move)
        events = events_of(state, move, after)
        assert [e.kind for e in events] == [K.PACK, K.TILE_DOWN, K.COMPARE, K.SCORED, K.SCORED, K.SCORED,
                                            K.DESTINATION, K.TABLE]  # fmt: skip
        scored = [e for e in events if e.kind is K.SCORED]
        assert [(e.seat, e.points, e.total) for e in scored] == [(0, 8, 8), (1, 8, 8), (2, 0, 0)]
        assert scored[0].tile == after.progress.rounds[-1].tiles[0]  # type: ignore[union-attr]

    def test_the_reveal(self) -> None:
        """Rulebook: "The protagonist then opens their Suitcase Tile and reveals their choices"."""
        nearly = cooperative(
            [tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0, guess=tile(PACK[0])
        )
        move = Guess(1, "Sunscreen", Slot.BONUS)
        events = events_of(nearly, move, nearly.apply(move))
        assert events[0] == Event(K.GUESS, 1, item="Sunscreen", slot=Slot.BONUS)
        assert [e.kind for e in events[1:]] == [K.OPENED, K.GUESSED, K.READ_ALOUD]
        assert (events[2].correct, events[2].points, events[2].total) == (4, 5, 5)
        assert (events[3].seat, events[3].other, events[3].situation) == (1, 2, 1)


class TestOnRandomPlay:
    """The narration words exactly the events, one line each, and the last says the match is over."""

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_one_line_an_event(self, game: Game) -> None:
        state = game.new_state(4)
        assert len(state.opening()) == len(opening_events(state))
        steps = 0
        while not state.is_terminal:
            move = state.legal_moves()[steps % len(state.legal_moves())]
            after = state.apply(move)
            events = events_of(state, move, after)
            assert len(state.describe(move, after)) == len(events)
            assert (events[-1].kind is K.OVER) == after.is_terminal
            state, steps = after, steps + 1

    def test_events_are_immutable_values(self) -> None:
        event = opening_events(Game(players=3).new_state(1))[0]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            event.number = 2  # type: ignore[misc]
