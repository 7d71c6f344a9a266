"""The records a Malilla state and view keep their fields in: few fields each, and what a view shares is public."""

from __future__ import annotations

import attrs
import pytest

from cardrules import SerializationError
from cardrules.malilla import Board, Game, State, Turn, View

_GAMES = [Game(target=12), Game(), Game(irregularities="lose_game")]


def _positions(game: Game, seed: int) -> list[State]:
    """Every fifth state of a random match of ``game``, and its last."""
    state = game.new_state(seed)
    reached = [state]
    step = 0
    while not state.is_terminal:
        moves = state.legal_moves()
        state = state.apply(moves[(seed * 7 + step) % len(moves)])
        step += 1
        if step % 5 == 0 or state.is_terminal:
            reached.append(state)
    return reached


class TestShapes:
    """No constructor takes more than eight fields (issue 35)."""

    @pytest.mark.parametrize("cls", [State, View, Board, Turn])
    def test_at_most_eight_init_fields(self, cls: type) -> None:
        assert len([f for f in attrs.fields(cls) if f.init]) <= 8

    def test_the_old_names_read_as_before(self) -> None:
        state = Game().new_state(seed=2)
        view = state.view(3)
        board = state.board
        assert (view.hand_number, view.dealer, view.trump, view.scores, view.held_bonus, view.last_hand) == (
            board.hand_number,
            board.dealer,
            board.trump,
            board.scores,
            board.held_bonus,
            board.last_hand,
        )
        assert (view.leader, view.trick, view.tricks, view.current_player, view.outcome) == (
            state.leader,
            state.trick,
            state.tricks,
            state.current_player,
            state.outcome,
        )
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        assert view.trump_with_dealer is (state.trump in state.hands[state.dealer])


class TestSharedRecords:
    """A view holds its state's own board, and its records hold only what every seat may see."""

    @pytest.mark.parametrize("game", _GAMES)
    def test_every_view_shares_the_states_board(self, game: Game) -> None:
        for state in _positions(game, 5):
            for seat in range(4):
                assert state.view(seat).board is state.board

    def test_the_records_name_nothing_private(self) -> None:
        private = {"rng", "hands"}
        assert not private & {f.name for f in attrs.fields(Board)}
        assert not private & {f.name for f in attrs.fields(Turn)}

    @pytest.mark.parametrize("game", _GAMES)
    def test_states_that_differ_in_private_facts_give_equal_records(self, game: Game) -> None:
        """Another deal of the hidden cards, or another seed of the next deals, changes no seat's records."""
        for index, state in enumerate(_positions(game, 11)):
            seat = index % 4
            other = game.sample_state(state.view(seat), seed=index)
            reseeded = attrs.evolve(state, rng=state.rng ^ 0x5DEECE66D)
            assert other.rng != state.rng
            for looking in range(4):
                view = state.view(looking)
                for twin in (other.view(looking), reseeded.view(looking)):
                    assert twin.board == view.board
                    assert twin.turn == view.turn

    def test_every_seat_shares_the_turn(self) -> None:
        """While the match goes on, a view's turn is one of eight, shared; after it, equal in every view."""
        for state in _positions(Game(), 3):
            turns = [state.view(seat).turn for seat in range(4)]
            assert all(turn == turns[0] for turn in turns)
            if state.outcome is None:
                assert all(turn is turns[0] for turn in turns)


class TestBuiltByHand:
    """A record built by hand with a field of another type is refused, naming the field."""

    def test_a_views_turn(self) -> None:
        view = Game().new_state(seed=1).view(0)
        edited = attrs.evolve(view, turn=attrs.evolve(view.turn, current_player="x"))  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match=r"malilla view: at turn\.current_player: expected"):
            edited.to_dict()
        with pytest.raises(SerializationError, match=r"at turn\.current_player"):
            edited.render()

    def test_a_states_board(self) -> None:
        state = Game().new_state(seed=1)
        edited = attrs.evolve(state, board=attrs.evolve(state.board, game="x"))  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match=r"malilla state: at board\.game: expected a Game"):
            edited.legal_moves()
