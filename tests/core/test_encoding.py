"""Actions and views as numbers: the shared checks, bad input, and each game's own scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import ConfigError, IllegalMoveError, mala_suerte, malilla
from cardrules._encoding import cut_list

from ..malilla.builders import position


def _segment(game: Any, encoded: tuple[float, ...], name: str) -> tuple[float, ...]:
    at = 0
    for segment, length in game.observation_layout():
        if segment == name:
            return encoded[at : at + length]
        at += length
    raise KeyError(name)


class TestBadInput:
    """An index, move, state or view the game cannot take is refused by name, and nothing changes."""

    game = malilla.Game()
    state = game.new_state(seed=5)

    @pytest.mark.parametrize("index", [True, False, 2.0, "3", None, (1,)])
    def test_an_index_that_is_not_an_integer(self, index: Any) -> None:
        before = self.state.to_dict()
        with pytest.raises(IllegalMoveError, match=r"an action index is an integer; got"):
            self.game.action_move(self.state, index)
        assert self.state.to_dict() == before

    @pytest.mark.parametrize("index", [-1, 40, 10**100])
    def test_an_index_outside_the_space_names_the_legal_ones(self, index: int) -> None:
        legal = ", ".join(str(i) for i in self.game.legal_actions(self.state))
        with pytest.raises(
            IllegalMoveError, match=f"action {index} is not legal now; the legal actions are {legal}$"
        ):
            self.game.action_move(self.state, index)

    def test_an_index_not_in_the_mask(self) -> None:
        outside = next(i for i in range(40) if i not in self.game.legal_actions(self.state))
        with pytest.raises(IllegalMoveError, match=f"action {outside} is not legal now"):
            self.game.action_move(self.state, outside)

    def test_an_integer_like_index_is_taken(self) -> None:
        np = pytest.importorskip("numpy")
        index = self.game.legal_actions(self.state)[0]
        assert self.game.action_move(self.state, np.int64(index)) == self.game.action_move(self.state, index)

    def test_no_action_once_the_match_is_over(self) -> None:
        state = self.state
        while not state.is_terminal:
            state = state.apply(state.legal_moves()[0])
        assert self.game.legal_actions(state) == ()
        with pytest.raises(IllegalMoveError, match="the match is over"):
            self.game.action_move(state, 0)

    def test_a_long_list_of_legal_actions_is_cut(self) -> None:
        assert cut_list(range(30)) == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ... (18 more)"
        assert cut_list([]) == "none"

    @pytest.mark.parametrize("move", [None, 3, "play 7s", malilla.Move])
    def test_action_index_of_a_non_move(self, move: Any) -> None:
        with pytest.raises(IllegalMoveError, match="action_index needs a malilla move, got"):
            self.game.action_index(move)

    def test_action_index_of_another_games_move(self) -> None:
        other = mala_suerte.Game().new_state(seed=1).legal_moves()[0]
        with pytest.raises(IllegalMoveError, match="needs a malilla move, got a mala_suerte move"):
            self.game.action_index(other)

    def test_a_state_of_another_game_or_configuration(self) -> None:
        other = mala_suerte.Game().new_state(seed=1)
        with pytest.raises(ConfigError, match="legal_actions needs a malilla State, got State"):
            self.game.legal_actions(other)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="another configuration"):
            malilla.Game(target=12).action_move(self.state, 0)
        with pytest.raises(ConfigError, match="action_move needs a malilla State, got dict"):
            self.game.action_move({}, 0)  # type: ignore[arg-type]

    def test_a_view_of_another_game_or_configuration(self) -> None:
        with pytest.raises(ConfigError, match="encode_view needs a malilla View, got State"):
            self.game.encode_view(self.state)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="the view is of another configuration"):
            malilla.Game(target=12).encode_view(self.state.view(0))


class TestCaching:
    """The tables are built once per configuration and are no part of the game's value."""

    def test_one_encoding_per_game_object(self) -> None:
        game = malilla.Game()
        assert game.num_actions == 40
        assert game._codec is game._codec

    def test_equal_games_stay_equal_and_serialize_alike(self) -> None:
        used, fresh = malilla.Game(), malilla.Game()
        used.encode_view(used.new_state(seed=1).view(0))
        assert used == fresh and hash(used) == hash(fresh) and used.to_dict() == fresh.to_dict()
        assert str(used) == str(fresh) and used.options() == fresh.options()


class TestMalilla:
    """Malilla: an action is a card; the observation holds the hand, the table and the scores."""

    game = malilla.Game()

    def test_an_action_is_the_card_played_whoever_plays_it(self) -> None:
        for card in malilla.DECK:
            assert {self.game.action_index(malilla.Move(seat, card)) for seat in range(4)} == {int(card)}

    def test_the_mask_is_the_playable_cards(self) -> None:
        state = position(["7s Ah", "Kh 2h", "5c 4c", "6d 3d"], trump="Kd", leader=0, trick="")
        assert state.current_player == 0
        assert self.game.legal_actions(state) == (malilla.Card.parse("7s"), malilla.Card.parse("Ah"))

    def test_the_encoding_counts_seats_from_the_viewer(self) -> None:
        state = position(
            ["7s Ah 2d", "Kh 2h 4s", "5c 4c 3c", "6d 3d Jc"], trump="Kd", dealer=3, leader=1, trick="Kh 5c"
        )
        view = state.view(3)
        encoded = self.game.encode_view(view)
        hand = _segment(self.game, encoded, "hand")
        assert [i for i, x in enumerate(hand) if x] == sorted(int(c) for c in view.hand)
        assert _segment(self.game, encoded, "dealer (by seat)") == (1.0, 0.0, 0.0, 0.0)
        assert _segment(self.game, encoded, "leader (by seat)") == (0.0, 0.0, 1.0, 0.0)
        assert _segment(self.game, encoded, "to act (by seat)") == (1.0, 0.0, 0.0, 0.0)
        trick = _segment(self.game, encoded, "trick on the table (by seat, card)")
        assert [(i // 40, i % 40) for i, x in enumerate(trick) if x] == [
            (2, int(malilla.Card.parse("Kh"))),
            (3, int(malilla.Card.parse("5c"))),
        ]
        # Seat 2 (three seats on from seat 3) played a club to a heart lead: void in hearts.
        voids = _segment(self.game, encoded, "shown void (by seat, suit)")
        assert [i for i, x in enumerate(voids) if x] == [3 * 4 + 1]

    def test_scores_are_mine_then_theirs(self) -> None:
        state = position(["7s", "Kh", "5c", "6d"], trump="Kd", scores=(7, 21))
        for seat, expected in ((0, (7 / 35, 21 / 35)), (1, (21 / 35, 7 / 35))):
            encoded = self.game.encode_view(state.view(seat))
            assert _segment(self.game, encoded, "match score / target (by side)") == expected
