"""The State and View keep their facts in a few records: the JSON is written as it always was, and
the record a view shares with its state holds nothing a seat may not see."""

from __future__ import annotations

import attrs
import pytest

from cardrules._random import Rng
from cardrules.magyar_nepmesek import Board, Game, Moment, State, Tableau, View

#: The keys of a state's and a view's JSON data, in the order they had before the records.
STATE_KEYS = [
    "game", "rng", "turn", "pending", "hands", "villages", "village_cards", "draw", "zones", "discard",
    "melds", "known", "skips", "final", "last_drawer", "events", "outcome",
]  # fmt: skip
VIEW_KEYS = [
    "game", "seat", "hand", "own_villages", "villages", "village_cards", "hand_sizes", "draw_size", "zones",
    "midnights_left", "discard", "melds", "known", "skips", "final", "last_drawer", "turn", "pending",
    "events", "outcome",
]  # fmt: skip


def _played(game: Game, seed: int, moves: int) -> State:
    """The state after ``moves`` seeded random moves (fewer if the match ends)."""
    rng = Rng.from_seed(seed, 0)
    state = game.new_state(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.below(len(legal))])
    return state


def _init_fields(cls: type) -> list[str]:
    return [f.name for f in attrs.fields(cls) if f.init]


class TestShape:
    """No value takes more than eight fields; the old names still read the same."""

    @pytest.mark.parametrize("cls", [State, View, Board, Tableau, Moment])
    def test_at_most_eight_fields(self, cls: type) -> None:
        assert len(_init_fields(cls)) <= 8

    def test_the_old_names_read_through_the_records(self) -> None:
        state = _played(Game(players=3, variant="advanced"), 4, 60)
        board, tableau = state.board, state.tableau
        assert (state.rng, state.villages, state.known) == (board.rng, board.villages, board.known)
        assert (state.game, state.melds, state.outcome) == (tableau.game, tableau.melds, tableau.outcome)
        view = state.view(1)
        assert (view.turn, view.pending, view.discard) == (state.turn, state.pending, state.discard)
        assert view.draw_size == len(state.draw) and view.known == state.known[1]
        assert view.hand_sizes == tuple(map(len, state.hands))


class TestJsonKeys:
    """The records are written flat, in the order of the fields before them."""

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_a_state_and_a_view_write_their_keys_as_before(self, game: Game) -> None:
        for moves in (0, 40):
            state = _played(game, 2, moves)
            data = state.to_dict()["data"]
            assert isinstance(data, dict) and list(data) == STATE_KEYS
            for seat in range(game.players):
                data = state.view(seat).to_dict()["data"]
                assert isinstance(data, dict) and list(data) == VIEW_KEYS

    def test_they_read_back_equal(self) -> None:
        state = _played(Game(players=4, variant="advanced", fifth_edition=True), 5, 80)
        assert State.from_dict(state.to_dict()) == state
        view = state.view(2)
        assert View.from_dict(view.to_dict()) == view


class TestSharedRecords:
    """A view holds its state's tableau itself, and the tableau holds only what every seat sees."""

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_every_view_holds_the_state_s_own_tableau(self, game: Game) -> None:
        state = _played(game, 1, 30)
        assert all(state.view(seat).tableau is state.tableau for seat in range(game.players))

    def test_a_sample_keeps_the_view_s_tableau(self) -> None:
        game = Game(players=3, variant="advanced")
        view = _played(game, 3, 50).view(0)
        assert game.sample_state(view, seed=9).tableau is view.tableau

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_private_facts_leave_the_shared_records_alike(self, game: Game) -> None:
        """Two states that differ only in hidden facts (hands, Village cards, the draw pile's order, the
        generator, what each seat knows) give every seat views whose tableau and moment are equal."""
        state = _played(game, 6, 45)
        view = state.view(state.turn)
        for seed in range(4):
            other = game.sample_state(view, seed=seed)
            assert other.board != state.board or other.hands != state.hands or other.draw != state.draw
            for seat in range(game.players):
                mine, theirs = state.view(seat), other.view(seat)
                assert theirs.tableau == mine.tableau and theirs.moment == mine.moment

    def test_the_shared_records_name_no_hidden_fact(self) -> None:
        hidden = {"rng", "hands", "draw", "known", "own_villages", "hand"}
        assert hidden.isdisjoint(_init_fields(Tableau)) and hidden.isdisjoint(_init_fields(Moment))
        assert "villages" not in _init_fields(Tableau)  # the face-down cards; a moment has only which slots
