"""The typed events: what the transition logs, how JSON writes it, and the words narration gives it."""

from __future__ import annotations

import re

import pytest

from cardrules import SerializationError
from cardrules._random import Rng
from cardrules.magyar_nepmesek import Event, EventKind, Game, State
from cardrules.magyar_nepmesek._cards import card_names
from cardrules.magyar_nepmesek._narration import words


def _states(game: Game, seed: int) -> list[State]:
    state = game.new_state(seed)
    rng = Rng(seed)
    states = [state]
    while not state.is_terminal:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
        states.append(state)
    return states


def _old_words(line: str, cards: tuple[str, ...]) -> str:
    """The narration as it was when events were strings: runs of card ids in the line become names."""
    one = "|".join(re.escape(k) for k in sorted(set(cards), key=len, reverse=True))
    ids = re.compile(rf"(?<![\w-])(?:{one})(?: (?:{one}))*(?![\w-])")
    return ids.sub(lambda m: card_names(m[0].split(" ")), line)


@pytest.mark.parametrize("game", Game.examples(), ids=str)
class TestRandomMatches:
    """Every event of random matches, in every example configuration."""

    def test_each_event_is_its_line_and_reads_back(self, game: Game) -> None:
        seen: set[EventKind] = set()
        for seed in range(3):
            for state in _states(game, seed):
                for event in state.events:
                    assert isinstance(event, Event)
                    seen.add(event.kind)
                    assert Event.from_json(event.to_json()) == event
                    assert words(event) == _old_words(str(event), game.table.cards)
        assert {EventKind.BEGINS, EventKind.DRAW, EventKind.GAME_OVER} <= seen

    def test_states_and_views_round_trip_through_json(self, game: Game) -> None:
        for state in _states(game, 7)[::5]:
            assert State.from_dict(state.to_dict()) == state
            data = state.to_dict()["data"]
            assert isinstance(data, dict)
            assert data["events"] == [str(e) for e in state.events]
            view = state.view(0)
            assert type(view).from_dict(view.to_dict()) == view


class TestLines:
    """Each kind's line of the log, as the JSON of every saved match holds it."""

    @pytest.mark.parametrize(
        ("event", "line"),
        [
            (Event(EventKind.BEGINS, 2), "seat 2 begins"),
            (Event(EventKind.LAY, 0, cards=("plus1-piglet", "pinko")), "seat 0 laid down plus1-piglet pinko"),
            (
                Event(EventKind.MATCH_DISCARD, 0, cards=("minus1-snake", "minus1-snake"), villages=1),
                "seat 0 discarded matching minus1-snake minus1-snake (1 of them from a Village)",
            ),
            (
                Event(EventKind.MATCH_DISCARD, 1, cards=("minus1-snake",), villages=1),
                "seat 1 discarded matching minus1-snake from a Village",
            ),
            (
                Event(EventKind.ADD_TO_GROUP, 0, cards=("plus2-shepherd",), villages=1),
                "seat 0 added plus2-shepherd from a Village to a group",
            ),
            (Event(EventKind.PLAY, 0, 3, ("take-2",), 2), "seat 0 played take-2 on seat 3, up to 2"),
            (Event(EventKind.PLAY, 0, cards=("village",)), "seat 0 played village"),
            (Event(EventKind.SWAP, 1, village=2), "seat 1 exchanged the card on Village 2"),
            (Event(EventKind.TAKE, 0, 1, count=1), "seat 0 took 1 card from seat 1"),
            (
                Event(EventKind.GIVE, 0, 1, count=2, villages=1),
                "seat 0 gave 2 cards (1 from a Village) to seat 1",
            ),
            (
                Event(EventKind.SHIELDED_REFLECTED, 0, cards=("take-2",)),
                "seat 0's Shield stopped the reflected take-2",
            ),
            (Event(EventKind.GAME_OVER, None), "the game is over"),
        ],
    )
    def test_line(self, event: Event, line: str) -> None:
        assert event.to_json() == line
        assert Event.from_json(line) == event

    def test_a_line_that_is_no_event_is_refused(self) -> None:
        data = Game().new_state(1).to_dict()
        inner = data["data"]
        assert isinstance(inner, dict)
        inner["events"] = ["seat 0 sang a song"]
        with pytest.raises(SerializationError, match="events"):
            State.from_dict(data)

    def test_narration_names_the_cards(self) -> None:
        event = Event(EventKind.LAY, 0, cards=("plus4-king", "plus4-king"))
        assert words(event) == "seat 0 laid down +4 King, +4 King"
