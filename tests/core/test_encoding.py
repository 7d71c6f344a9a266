"""Actions and views as numbers: the shared checks, bad input, and each game's own scenarios."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules import (
    ConfigError,
    IllegalMoveError,
    magyar_nepmesek,
    mala_e_cuia,
    mala_suerte,
    maldicion,
    malilla,
)
from cardrules._encoding import cut_list

from ..malilla.builders import cards, position


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

    def test_the_message_stays_short_whatever_is_handed_in(self) -> None:
        for garbage in ("x" * 100_000, list(range(100_000)), 10**100_000):
            with pytest.raises(IllegalMoveError) as raised:
                self.game.action_move(self.state, garbage)  # type: ignore[arg-type]
            assert len(str(raised.value)) < 200
            with pytest.raises(IllegalMoveError) as raised:
                self.game.action_index(garbage)  # type: ignore[arg-type]
            assert len(str(raised.value)) < 200

    @pytest.mark.parametrize(
        ("index", "shown"), [(-1, "-1"), (40, "40"), (10**20, "<an integer of 67 bits>")]
    )
    def test_an_index_outside_the_space_names_the_legal_ones(self, index: int, shown: str) -> None:
        legal = ", ".join(str(i) for i in self.game.legal_actions(self.state))
        with pytest.raises(
            IllegalMoveError,
            match=f"action {re.escape(shown)} is not legal now; the legal actions are {legal}$",
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
        state = position(["7s Ah", "", "", ""], trump="Kd", leader=0, trick="")
        assert state.current_player == 0
        assert self.game.legal_actions(state) == (malilla.Card.parse("7s"), malilla.Card.parse("Ah"))

    def test_the_encoding_counts_seats_from_the_viewer(self) -> None:
        # Seat 1 won the first trick, where every seat followed suit; seat 2 holds no heart.
        state = position(
            ["", "", "2s 3s Ac 2c 3c 4c 6c Jc", "Kd 7d Qd Jd 7s Qs 7h 6h 5h"],
            trump="Kd",
            dealer=3,
            leader=1,
            trick="Kh 5c",
            tricks=[malilla.Trick(0, cards("4s As 5s 6s"), 1)],
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
        state = position(["7s", "", "", ""], trump="Kd", scores=(7, 21))
        for seat, expected in ((0, (7 / 35, 21 / 35)), (1, (21 / 35, 7 / 35))):
            encoded = self.game.encode_view(state.view(seat))
            assert _segment(self.game, encoded, "match score / target (by side)") == expected


class TestMalaSuerte:
    """Mala Suerte: a range per kind of decision; seats in an action are counted from the mover."""

    def test_taking_from_the_next_seat_is_one_index_for_every_seat(self) -> None:
        game = mala_suerte.Game(players=4)
        red = mala_suerte.Colour.RED
        indices = {game.action_index(mala_suerte.Take(seat, (seat + 1) % 4, red)) for seat in range(4)}
        assert len(indices) == 1
        assert game.action_index(mala_suerte.Take(0, 3, red)) not in indices

    def test_a_swap_names_the_seat_the_card_given_and_the_colour_taken(self) -> None:
        game = mala_suerte.Game(players=3)
        card = mala_suerte.Card.parse("red Clover")
        moves = [
            mala_suerte.Swap(0, target, give, take)
            for target in (1, 2)
            for give in (card, None)
            for take in mala_suerte.COLOURS
        ]
        assert len({game.action_index(m) for m in moves}) == len(moves)

    def test_plain_backs_have_no_colour_to_take(self) -> None:
        game = mala_suerte.Game(backs="plain")
        assert all("take a colour" not in name for name, _ in game.action_layout())
        with pytest.raises(IllegalMoveError, match="has no action index"):
            game.action_index(mala_suerte.Take(0, 1, mala_suerte.Colour.RED))
        assert 0 <= game.action_index(mala_suerte.Swap(0, 1, None, None)) < game.num_actions

    def test_a_seat_beyond_the_table_has_no_index(self) -> None:
        game = mala_suerte.Game(players=2)
        with pytest.raises(IllegalMoveError, match="has no action index"):
            game.action_index(mala_suerte.Take(0, 5, mala_suerte.Colour.RED))


class TestMagyarNepmesek:
    """Magyar népmesék: combinations are numbered once per deck, whatever order they are laid in."""

    game = magyar_nepmesek.Game(players=3, variant="advanced", fifth_edition=True)

    def test_a_combination_is_its_cards_and_values_in_any_order(self) -> None:
        cards = ("plus1-goat", "plus2-miller", "plus3-hero")
        forward = self.game.action_index(magyar_nepmesek.Lay(0, cards, (1, 2, 3)))
        backward = self.game.action_index(magyar_nepmesek.Lay(1, cards[::-1], (3, 2, 1)))
        assert forward == backward

    def test_a_joker_standing_for_different_values_is_two_actions(self) -> None:
        low = magyar_nepmesek.Lay(0, ("pinko", "plus2-miller", "plus3-hero"), (1, 2, 3))
        high = magyar_nepmesek.Lay(0, ("plus2-miller", "plus3-hero", "pinko"), (2, 3, 4))
        assert self.game.action_index(low) != self.game.action_index(high)

    def test_a_combination_the_rules_never_allow_has_no_index(self) -> None:
        with pytest.raises(IllegalMoveError, match="has no action index"):
            self.game.action_index(magyar_nepmesek.Lay(0, ("plus1-goat", "plus4-king"), (1, 4)))

    def test_every_gift_of_up_to_two_kinds_has_its_own_index(self) -> None:
        kinds = sorted(self.game.table.kinds)
        gifts = [(), *((k,) for k in kinds), *((a, b) for i, a in enumerate(kinds) for b in kinds[i:])]
        indices = {self.game.action_index(magyar_nepmesek.Give(0, cards)) for cards in gifts}
        name, length = self.game.action_layout()[-1]
        start = self.game.num_actions - length
        assert name.startswith("give") and indices == set(range(start, start + length))

    def test_a_starter_deck_has_no_village_actions(self) -> None:
        layout = dict(magyar_nepmesek.Game().action_layout())
        assert layout["put a card on a Village (kind)"] == 0
        assert layout["exchange a Village card (Village, kind)"] == 0


class TestMalaECuia:
    """Mala e Cuia: an item is its face in the deck, so the same index is the same item every round."""

    def test_pack_is_face_and_field(self) -> None:
        game = mala_e_cuia.Game()
        face = 5
        item = game.deck.names[face]
        assert game.action_index(mala_e_cuia.Pack(2, item, mala_e_cuia.Slot.GENERAL)) == 2 * face
        assert game.action_index(mala_e_cuia.Pack(0, item, mala_e_cuia.Slot.BONUS)) == 2 * face + 1

    def test_no_guess_in_a_competitive_match(self) -> None:
        game = mala_e_cuia.Game(mode="competitive")
        item = game.deck.names[0]
        with pytest.raises(IllegalMoveError, match="has no action index"):
            game.action_index(mala_e_cuia.Guess(0, item, mala_e_cuia.Slot.BONUS))
        cooperative = mala_e_cuia.Game(mode="cooperative")
        assert (
            cooperative.action_index(mala_e_cuia.Guess(0, item, mala_e_cuia.Slot.BONUS))
            == 2 * len(cooperative.deck.faces) + 1
        )

    def test_an_unknown_item_has_no_index(self) -> None:
        with pytest.raises(IllegalMoveError, match="has no action index"):
            mala_e_cuia.Game().action_index(mala_e_cuia.Pack(0, "a unicorn", mala_e_cuia.Slot.BONUS))


class TestMaldicion:
    """La Maldición: a play is its card x Mirror x call x element x seat, each where the card has it."""

    def test_only_the_gem_names_an_element(self) -> None:
        game = maldicion.Game()
        gem, club = maldicion.Card.parse("gem"), maldicion.Card.parse("club/fire")
        named = {game.action_index(maldicion.Play(0, gem, element=e)) for e in maldicion.Element}
        assert len(named | {game.action_index(maldicion.Play(0, gem))}) == 5
        with pytest.raises(IllegalMoveError, match="has no action index"):
            game.action_index(maldicion.Play(0, club, element=maldicion.Element.FIRE))

    def test_attacks_are_aimed_only_in_guild_war(self) -> None:
        shot = maldicion.Card.parse("double-shot/fire")
        war = maldicion.Game(players=4, mode="guild_war")
        assert len({war.action_index(maldicion.Play(0, shot, target=t)) for t in (1, 3)}) == 2
        with pytest.raises(IllegalMoveError, match="has no action index"):
            maldicion.Game().action_index(maldicion.Play(0, shot, target=1))

    def test_a_move_with_malformed_fields_is_refused(self) -> None:
        with pytest.raises(IllegalMoveError, match="has no action index"):
            maldicion.Game().action_index(maldicion.Reflex(0, "club/fire"))  # type: ignore[arg-type]


class TestDocs:
    """docs/encodings.md shows what the code does: its generated sections are up to date."""

    def test_the_tables_are_current(self) -> None:
        path = Path(__file__).resolve().parents[2] / "scripts" / "encodings.py"
        spec = importlib.util.spec_from_file_location("encodings_script", path)
        assert spec is not None and spec.loader is not None
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
        current = script.PAGE.read_text(encoding="utf-8")
        assert script.render(current) == current, "run python scripts/encodings.py"
