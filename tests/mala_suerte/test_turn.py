"""The turn: "always in the order given and without repeating any of them"."""

from __future__ import annotations

from cardrules.mala_suerte import Clean, Draw, EventKind, Play, Step

from .builders import cards, play, position, texts

PILE = "red Crows, yellow Black Cat, blue Evil Eye"


class TestOrder:
    """ "1. Draw (Optional) ... 2. Clean (Optional) ... 3. Play a Card (Mandatory)"."""

    def test_all_three_are_offered_at_the_start(self) -> None:
        state = position(["red Crows, blue Horseshoe", "blue Crows"], piles=[PILE, ""], deck="red Horseshoe")
        assert texts(state.legal_moves()) == ["draw", "clean", "play red Crows", "play blue Horseshoe"]

    def test_no_draw_after_cleaning_and_no_repeat(self) -> None:
        state = position(
            ["red Crows", "blue Crows"], piles=[PILE, ""], deck="red Horseshoe, yellow Clover, blue Clover"
        )
        after_draw = state.apply(Draw(0))
        assert after_draw.step is Step.DRAWN
        assert texts(after_draw.legal_moves()) == ["clean", "play red Crows", "play red Horseshoe"]
        after_clean = state.apply(Clean(0))
        assert after_clean.step is Step.CLEANED
        assert all(isinstance(m, Play) for m in after_clean.legal_moves())

    def test_play_is_mandatory(self) -> None:
        """ "You must play a card from your hand on top of your pile"; there is no pass."""
        state = position(["red Crows, blue Horseshoe", "blue Crows"])
        assert all(isinstance(m, Play) for m in state.legal_moves())

    def test_a_played_card_goes_on_top_of_the_own_pile(self) -> None:
        state = position(["red Clover, blue Evil Eye", "blue Crows"], piles=["yellow Crows", ""])
        state = play(state, Play(0, cards("blue Evil Eye")[0]))
        assert state.piles[0] == cards("yellow Crows, blue Evil Eye")


class TestDraw:
    """ "You may draw the first card of the deck and put it in your hand. ... Once the deck runs out, it is
    not created again."."""

    def test_draw_takes_the_top_card(self) -> None:
        state = position(["red Crows", "blue Crows"], deck="yellow Clover, blue Clover").apply(Draw(0))
        assert state.hands[0] == cards("yellow Clover, red Crows") and state.deck == cards("blue Clover")

    def test_there_is_no_hand_limit(self) -> None:
        hand = ", ".join(
            ["red Crows"] * 2 + ["yellow Crows"] * 2 + ["blue Crows"] * 2 + ["red Horseshoe"] * 2
        )
        state = position([hand, "blue Clover"], deck="yellow Clover").apply(Draw(0))
        assert len(state.hands[0]) == 9

    def test_no_draw_from_an_empty_deck_and_the_discard_is_never_reshuffled(self) -> None:
        state = position(["red Crows, blue Crows", "blue Clover"], discard="red Clover, yellow Evil Eye")
        assert "draw" not in texts(state.legal_moves())
        state = play(state, Play(0, cards("red Crows")[0]))
        assert state.deck == ()


class TestClean:
    """ "If the last three cards played to your pile are one of each colour, you may discard them face up to
    the common discard and draw the first card of the deck."."""

    def test_clean_discards_three_and_draws_one(self) -> None:
        state = position(
            ["red Crows", "blue Crows"], piles=["yellow Clover, " + PILE, ""], deck="blue Horseshoe"
        ).apply(Clean(0))
        assert state.piles[0] == cards("yellow Clover")
        assert state.discard == cards(PILE)
        assert state.hands[0] == cards("red Crows, blue Horseshoe")
        assert [e.kind for e in state.this_turn] == [EventKind.CLEAN, EventKind.DRAW]

    def test_not_one_of_each_colour_cannot_clean(self) -> None:
        state = position(["red Crows", "blue Crows"], piles=["red Crows, yellow Black Cat, red Evil Eye", ""])
        assert "clean" not in texts(state.legal_moves())

    def test_the_top_three_count_however_they_arrived(self) -> None:
        """Ruling 9: the pile as it lies, cards put there by Black Cat or Spilled Salt included."""
        state = position(["red Crows", "blue Crows"], piles=["blue Crows, " + PILE, ""])
        assert "clean" in texts(state.legal_moves())

    def test_clean_with_an_empty_deck_draws_nothing(self) -> None:
        """Ruling 10: the draw is "whenever possible"."""
        state = position(["red Crows", "blue Crows"], piles=[PILE, ""]).apply(Clean(0))
        assert state.hands[0] == cards("red Crows") and state.discard == cards(PILE)
