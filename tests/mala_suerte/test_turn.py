"""The turn: "always in the order given and without repeating any of them"."""

from __future__ import annotations

from cardrules.mala_suerte import (
    Card,
    Clean,
    Colour,
    Curse,
    Draw,
    EventKind,
    NameColour,
    Play,
    Return,
    Step,
    Take,
)

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


def card(text: str) -> Card:
    return Card.parse(text)


class TestDirection:
    """ "Play proceeds in turns, in the direction indicated by the horseshoe token.": the next turn, and
    "the next person" of every effect, is the next seat still in that way round (ruling 19)."""

    def test_anticlockwise_the_turn_and_the_evil_eye_go_to_the_seat_below(self) -> None:
        state = position(
            ["red Evil Eye, blue Crows", "yellow Crows", "blue Horseshoe", "red Crows"], clockwise=False
        )
        state = play(state, Play(0, card("red Evil Eye")), NameColour(0, Colour.RED))
        assert state.curse == Curse(3, Colour.RED) and state.turn == 3

    def test_anticlockwise_spilled_salt_hits_the_seat_below_and_out_seats_are_skipped(self) -> None:
        state = position(
            ["red Spilled Salt, blue Crows", "yellow Clover", "blue Horseshoe", "red Clover, yellow Crows"],
            clockwise=False,
        )
        state = state.apply(Play(0, card("red Spilled Salt")))
        assert texts(state.legal_moves()) == ["take a red card from seat 3", "take a yellow card from seat 3"]
        state = state.apply(Take(0, 3, Colour.RED))
        assert state.piles[3] == cards("red Clover") and state.piles[1] == ()
        assert state.alive == (True, True, True, False) and state.turn == 2


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

    def test_a_card_returned_to_the_empty_deck_can_be_drawn(self) -> None:
        """Ruling 21: the common discard never makes a new deck, but a Horseshoe's return refills it."""
        state = position(
            ["red Horseshoe, blue Crows, yellow Evil Eye", "blue Clover, red Crows"], discard="yellow Clover"
        )
        state = play(state, Play(0, card("red Horseshoe")), Return(0, card("blue Crows")))
        assert state.turn == 1 and state.deck == cards("blue Crows")
        assert texts(state.legal_moves())[0] == "draw"
        state = state.apply(Draw(1))
        assert state.hands[1] == cards("blue Clover, red Crows, blue Crows") and state.deck == ()

    def test_an_eliminated_seats_clovers_refill_the_empty_deck(self) -> None:
        """Ruling 21: "return the Clover cards in your hand to the deck" works on a deck that ran out."""
        state = position(["red Spilled Salt, blue Crows", "yellow Clover, blue Clover", "red Crows"])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, Colour.YELLOW))
        assert state.alive == (True, False, True) and state.deck == cards("blue Clover")
        assert state.turn == 2 and texts(state.legal_moves())[0] == "draw"


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

    def test_a_card_put_on_the_pile_by_spilled_salt_counts(self) -> None:
        """Ruling 9: "the last three cards played to your pile" are the top three as the pile lies; a card
        another seat's Spilled Salt put there completes the set."""
        state = position(
            ["red Spilled Salt, blue Crows", "blue Horseshoe, red Evil Eye", "yellow Crows"],
            piles=["", "red Crows, yellow Crows", ""],
        )
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, Colour.BLUE))
        assert state.piles[1] == cards("red Crows, yellow Crows, blue Horseshoe") and state.turn == 1
        assert texts(state.legal_moves()) == ["clean", "play red Evil Eye"]

    def test_clean_with_an_empty_deck_draws_nothing(self) -> None:
        """Ruling 10: the draw is "whenever possible"."""
        state = position(["red Crows", "blue Crows"], piles=[PILE, ""]).apply(Clean(0))
        assert state.hands[0] == cards("red Crows") and state.discard == cards(PILE)
