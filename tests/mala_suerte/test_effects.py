"""Every card's effect, from chosen deals: "activate its effects in order, whenever possible"."""

from __future__ import annotations

from cardrules.mala_suerte import (
    Card,
    Clean,
    Colour,
    Curse,
    Draw,
    EventKind,
    Game,
    NameColour,
    Play,
    Return,
    State,
    Step,
    Swap,
    Take,
)

from ..helpers import refused
from .builders import cards, play, position, texts, with_rng

RED, YELLOW, BLUE = Colour.RED, Colour.YELLOW, Colour.BLUE
PLAIN3 = Game(players=3, backs="plain")


def card(text: str) -> Card:
    return Card.parse(text)


class TestCrows:
    """ "Steal a card from the next person. That person then steals a card from you, of a different colour
    than the one you stole from them."."""

    def test_steal_then_counter_steal_of_another_colour(self) -> None:
        state = position(
            ["red Crows, yellow Horseshoe, blue Evil Eye", "red Clover, blue Black Cat", "yellow Crows"]
        )
        state = state.apply(Play(0, card("red Crows")))
        assert state.step is Step.CROWS_STEAL and state.current_player == 0
        # The thief sees the backs of seat 1's hand: one red card, one blue card.
        assert texts(state.legal_moves()) == ["take a red card from seat 1", "take a blue card from seat 1"]
        state = state.apply(Take(0, 1, RED))
        assert card("red Clover") in state.hands[0]
        # Seat 1 now steals back, but not red: it may take yellow or blue.
        assert state.step is Step.CROWS_COUNTER and state.current_player == 1
        assert [m.colour for m in state.legal_moves()] == [YELLOW, BLUE]  # type: ignore[attr-defined]
        state = state.apply(Take(1, 0, BLUE))
        assert state.hands[0] == cards("red Clover, yellow Horseshoe")
        assert state.hands[1] == cards("blue Black Cat, blue Evil Eye")
        assert state.turn == 1 and state.step is Step.OPEN

    def test_no_counter_steal_when_only_the_stolen_colour_is_left(self) -> None:
        """ "If you only have cards of the colour that was stolen, they cannot steal from you."."""
        state = position(["red Crows, blue Horseshoe", "blue Clover, red Black Cat", "yellow Crows"])
        state = play(state, Play(0, card("red Crows")), Take(0, 1, BLUE))
        assert state.turn == 1 and state.step is Step.OPEN
        assert state.hands[0] == cards("blue Clover, blue Horseshoe")
        assert any(e.kind is EventKind.NO_COUNTER for e in state.last_turn)

    def test_crows_as_the_last_card_still_steals(self) -> None:
        state = position(["red Crows", "blue Clover, red Black Cat", "yellow Crows"])
        state = play(state, Play(0, card("red Crows")), Take(0, 1, RED))
        assert state.hands[0] == cards("red Black Cat")
        assert state.alive == (True, True, True) and state.turn == 1

    def test_the_steal_is_blind_within_the_colour(self) -> None:
        """The thief sees colours, not names: which red card it gets comes from the seeded generator."""
        got = set()
        for seed in range(12):
            state = position(
                ["red Crows, blue Horseshoe", "red Clover, red Black Cat", "yellow Crows"], rng=seed
            )
            state = play(state, Play(0, card("red Crows")), Take(0, 1, RED))
            got.add(next(c for c in state.hands[0] if c.colour is RED))
        assert got == {card("red Clover"), card("red Black Cat")}

    def test_plain_backs_steal_at_random_and_counter_with_another_colour(self) -> None:
        for seed in range(10):
            state = position(
                ["red Crows, yellow Horseshoe, yellow Evil Eye", "blue Clover", "yellow Crows"],
                game=PLAIN3,
                rng=seed,
            )
            state = state.apply(Play(0, card("red Crows")))
            # No decision: both steals are blind picks, the counter never of the stolen colour (blue).
            assert state.turn == 1
            assert card("blue Clover") in state.hands[0]
            assert len(state.hands[1]) == 1 and state.hands[1][0].colour is YELLOW


class TestBlackCat:
    """ "Draw the first card of the deck. The next person discards a card from your hand to their pile.
    The effects of discarded cards are not activated, except for a Clover."."""

    def test_draw_then_the_next_seat_discards_from_the_players_hand_to_its_own_pile(self) -> None:
        state = position(
            ["red Black Cat, blue Crows", "yellow Evil Eye, red Horseshoe", "blue Clover"],
            deck="yellow Clover",
        )
        state = state.apply(Play(0, card("red Black Cat")))
        assert state.hands[0] == cards("yellow Clover, blue Crows")
        assert state.step is Step.CAT_TAKE and state.current_player == 1
        assert texts(state.legal_moves()) == [
            "take a yellow card from seat 0",
            "take a blue card from seat 0",
        ]
        state = state.apply(Take(1, 0, YELLOW))
        # The Clover lands on seat 1's own pile (ruling 8) and seat 1 is out at the end of the turn.
        assert state.piles[1] == cards("yellow Clover")
        assert state.alive == (True, False, True)
        assert state.turn == 2

    def test_a_discarded_card_has_no_effect(self) -> None:
        state = position(
            ["red Black Cat, blue Crows", "yellow Evil Eye", "blue Clover"], deck="red Horseshoe"
        )
        state = play(state, Play(0, card("red Black Cat")), Take(1, 0, BLUE))
        assert state.piles[1] == cards("blue Crows")
        assert state.step is Step.OPEN and state.turn == 1  # the Crows stole nothing

    def test_empty_deck_draws_nothing_but_the_discard_happens(self) -> None:
        state = position(["red Black Cat, blue Crows", "yellow Evil Eye", "blue Clover"])
        state = play(state, Play(0, card("red Black Cat")), Take(1, 0, BLUE))
        assert state.hands[0] == () and state.alive == (False, True, True)

    def test_last_card_and_empty_deck_leave_nothing_to_discard(self) -> None:
        state = position(["red Black Cat", "yellow Evil Eye", "blue Clover"])
        state = state.apply(Play(0, card("red Black Cat")))
        assert state.piles[1] == () and state.alive == (False, True, True) and state.turn == 1


class TestEvilEye:
    """ "Choose a colour. The next person must play a card of that colour on their turn, if they have one."."""

    def test_naming_a_colour_binds_the_next_seat(self) -> None:
        state = position(
            ["red Evil Eye, red Crows", "yellow Horseshoe, blue Crows, blue Clover", "blue Clover"]
        )
        state = state.apply(Play(0, card("red Evil Eye")))
        # "You may choose a colour you do not have in your hand."
        assert texts(state.legal_moves()) == ["name red", "name yellow", "name blue"]
        state = state.apply(NameColour(0, BLUE))
        assert state.curse == Curse(1, BLUE) and state.turn == 1
        assert texts(state.legal_moves()) == ["play blue Clover", "play blue Crows"]

    def test_draw_and_clean_come_first_and_a_drawn_card_counts(self) -> None:
        """ "Before playing a card of that colour, the next person may Draw and Clean."."""
        state = _cursed_red_with_a_full_pile()
        assert texts(state.legal_moves()) == ["draw", "clean", "play blue Crows", "play yellow Horseshoe"]
        state = state.apply(Draw(1))
        assert texts(state.legal_moves()) == ["clean", "play red Spilled Salt"]

    def test_a_card_drawn_by_cleaning_counts(self) -> None:
        """Ruling 11: "if they have one" is checked when the seat plays, after it has cleaned."""
        state = _cursed_red_with_a_full_pile()
        assert texts(state.apply(Clean(1)).legal_moves()) == ["play red Spilled Salt"]

    def test_any_card_without_that_colour_and_the_curse_lasts_one_turn(self) -> None:
        """ "If they have no cards of that colour, they may play any card."."""
        state = position(
            ["red Crows", "yellow Horseshoe, blue Crows", "blue Clover, red Crows"],
            turn=1,
            curse=Curse(1, RED),
        )
        assert texts(state.legal_moves()) == ["play blue Crows", "play yellow Horseshoe"]
        state = play(state, Play(1, card("yellow Horseshoe")), Return(1, card("blue Crows")))
        assert state.curse is None

    def test_a_refused_card_names_the_rule(self) -> None:
        import pytest

        from cardrules import IllegalMoveError

        state = position(
            ["red Crows", "red Horseshoe, blue Crows", "blue Clover"], turn=1, curse=Curse(1, RED)
        )
        with pytest.raises(IllegalMoveError, match="Evil Eye: seat 1 must play a red card"):
            state.apply(Play(1, card("blue Crows")))

    def test_a_forced_clover_is_played(self) -> None:
        """Ruling 12: the only card of the named colour is a Clover, so it is played and its owner goes out."""
        state = position(["red Crows", "red Clover, blue Crows", "blue Clover"], turn=1, curse=Curse(1, RED))
        assert texts(state.legal_moves()) == ["play red Clover"]
        state = state.apply(Play(1, card("red Clover")))
        assert state.alive == (True, False, True)

    def test_the_curse_lapses_if_its_seat_goes_out(self) -> None:
        state = position(["red Evil Eye, red Spilled Salt", "yellow Clover", "blue Clover, blue Crows"])
        state = play(state, Play(0, card("red Evil Eye")), NameColour(0, BLUE))
        assert state.curse == Curse(1, BLUE)
        state = state.apply(Play(1, card("yellow Clover")))
        assert state.curse is None and state.turn == 2

    def test_the_curse_lapses_if_its_seat_goes_out_on_another_turn(self) -> None:
        """A curse still pending on a seat put out by someone else's card goes with it."""
        state = position(["red Spilled Salt, blue Crows", "red Clover", "yellow Crows"], curse=Curse(1, RED))
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, RED))
        assert state.alive == (True, False, True) and state.curse is None and state.turn == 2


class TestHorseshoe:
    """ "Draw the first card of the deck. Return a card to the top of the deck. Reverse the direction of the
    horseshoe token."."""

    def test_draw_return_and_reverse(self) -> None:
        state = position(
            ["red Horseshoe, blue Crows", "yellow Evil Eye", "blue Clover", "red Crows"], deck="yellow Clover"
        )
        state = state.apply(Play(0, card("red Horseshoe")))
        assert state.step is Step.HORSESHOE_RETURN
        # "You may return the same card you drew."
        assert texts(state.legal_moves()) == [
            "return yellow Clover to the deck",
            "return blue Crows to the deck",
        ]
        state = state.apply(Return(0, card("yellow Clover")))
        assert state.deck == cards("yellow Clover") and state.hands[0] == cards("blue Crows")
        assert not state.clockwise and state.turn == 3  # the turn now goes the other way

    def test_empty_deck_still_returns_a_card(self) -> None:
        """ "Even when the deck is empty, you must return one card from your hand."."""
        state = position(["red Horseshoe, blue Crows, red Crows", "yellow Evil Eye", "blue Clover"])
        state = state.apply(Play(0, card("red Horseshoe")))
        assert state.step is Step.HORSESHOE_RETURN
        state = state.apply(Return(0, card("red Crows")))
        assert state.deck == cards("red Crows")

    def test_two_seats_left_reversal_changes_nothing(self) -> None:
        """ "When two people remain, changes of direction have no effect."."""
        state = position(
            ["red Horseshoe, blue Crows", "yellow Evil Eye", "blue Clover"],
            alive=[True, False, True],
            deck="red Crows",
        )
        state = play(state, Play(0, card("red Horseshoe")), Return(0, card("red Crows")))
        assert state.turn == 2

    def test_nothing_to_return_after_the_last_card(self) -> None:
        """Ruling 13: the last card, with an empty deck: nothing to return, the token still turns."""
        state = position(["red Horseshoe", "yellow Evil Eye", "blue Clover"])
        state = state.apply(Play(0, card("red Horseshoe")))
        assert not state.clockwise and state.alive == (False, True, True) and state.turn == 2


class TestSpilledSalt:
    """ "Discard a card from the hand of the next person to their pile. The effects of discarded cards are
    not activated, except for a Clover."."""

    def test_a_clover_discarded_to_the_next_pile_eliminates(self) -> None:
        state = position(["red Spilled Salt, red Crows", "blue Clover, yellow Crows", "blue Crows"])
        state = state.apply(Play(0, card("red Spilled Salt")))
        assert state.step is Step.SALT_TAKE and state.current_player == 0
        state = state.apply(Take(0, 1, BLUE))
        assert state.piles[1] == cards("blue Clover") and state.alive == (True, False, True)
        assert state.turn == 2

    def test_a_discarded_horseshoe_does_nothing(self) -> None:
        state = position(["red Spilled Salt, red Crows", "blue Horseshoe, yellow Crows", "blue Crows"])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, BLUE))
        assert state.clockwise and state.turn == 1 and state.deck == ()

    def test_emptying_the_next_hand_eliminates_it(self) -> None:
        state = position(["red Spilled Salt, red Crows", "blue Horseshoe", "blue Crows"])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, BLUE))
        assert state.alive == (True, False, True)


class TestNothingToTake:
    """Effects apply "whenever possible": a next person with an empty hand has nothing to steal or
    discard (a position built by hand; in a dealt match an empty hand is out at the end of the turn
    before)."""

    def test_crows_steals_nothing_and_the_empty_hand_goes_out(self) -> None:
        state = position(["red Crows, blue Crows", "", "yellow Crows"])
        after = state.apply(Play(0, card("red Crows")))
        assert after.hands[0] == cards("blue Crows") and after.piles[0] == cards("red Crows")
        assert after.alive == (True, False, True) and after.turn == 2 and after.step is Step.OPEN
        assert state.describe(Play(0, card("red Crows")), after) == (
            "seat 0 played red Crows",
            "seat 1 is out with an empty hand",
            "the deck was shuffled",
        )

    def test_spilled_salt_discards_nothing(self) -> None:
        state = position(["red Spilled Salt, blue Crows", "", "yellow Crows"])
        after = state.apply(Play(0, card("red Spilled Salt")))
        assert after.piles[1] == () and after.alive == (True, False, True) and after.turn == 2

    def test_the_mirror_gives_without_taking(self) -> None:
        state = position(
            ["red Broken Mirror, yellow Clover, blue Crows", "blue Crows", ""],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        ).apply(Play(0, card("red Broken Mirror")))
        assert texts(state.legal_moves()) == [
            "Broken Mirror with seat 2: give yellow Clover, take a card",
            "Broken Mirror with seat 2: give blue Crows, take a card",
        ]
        after = state.apply(Swap(0, 2, card("yellow Clover"), None))
        assert after.hands[0] == cards("blue Crows") and after.hands[2] == cards("yellow Clover")
        assert state.describe(Swap(0, 2, card("yellow Clover"), None), after) == (
            "seat 0 gave a yellow card to seat 2",
        )


class TestBrokenMirror:
    """ "If beneath this mirror there is a card with the same name as the top card of another person's pile,
    give them one of your cards and steal one of theirs."."""

    def test_exchange_with_the_matching_seat(self) -> None:
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows, yellow Evil Eye"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert state.step is Step.MIRROR_SWAP
        assert texts(state.legal_moves()) == [
            "Broken Mirror with seat 2: give yellow Clover, take a red card",
            "Broken Mirror with seat 2: give yellow Clover, take a yellow card",
        ]
        state = state.apply(Swap(0, 2, card("yellow Clover"), YELLOW))
        assert state.hands[0] == cards("yellow Evil Eye")
        assert state.hands[2] == cards("yellow Clover, red Crows")
        assert state.turn == 1

    def test_the_given_card_cannot_come_back(self) -> None:
        """Ruling 17: both cards are chosen before the exchange."""
        state = position(
            ["red Broken Mirror, red Clover, red Crows", "blue Crows", "blue Black Cat"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert {m.take for m in state.legal_moves()} == {BLUE}  # type: ignore[attr-defined]
        state = state.apply(Swap(0, 2, card("red Clover"), BLUE))
        assert state.hands[2] == cards("red Clover") and card("blue Black Cat") in state.hands[0]

    def test_choice_of_seat_when_several_qualify(self) -> None:
        """ "If the condition is met for more than one participant, you choose with whom to carry out the effect."."""
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows", "yellow Evil Eye"],
            piles=["red Horseshoe", "blue Horseshoe", "", "yellow Horseshoe"],
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert {m.target for m in state.legal_moves()} == {1, 3}  # type: ignore[attr-defined]

    def test_the_exchange_is_not_optional(self) -> None:
        """Ruling 23: once the condition holds, "give them one of your cards and steal one of theirs" is
        done; the player cannot end the turn without it."""
        state = position(
            ["red Broken Mirror, yellow Clover, blue Crows", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        ).apply(Play(0, card("red Broken Mirror")))
        assert state.legal_moves() and all(isinstance(m, Swap) for m in state.legal_moves())
        refused(state, Play(0, card("blue Crows")), "Broken Mirror: seat 0 must choose whom to swap with")

    def test_no_match_no_effect(self) -> None:
        """ "You may play the card even if the condition is not met, but its effect will not apply."."""
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe, blue Crows", "", "blue Horseshoe"],
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert state.turn == 1 and state.hands[0] == cards("yellow Clover")

    def test_the_condition_is_checked_only_when_the_mirror_is_played(self) -> None:
        """ "The effect activates only at the moment the card is played.": a mirror already in a pile whose
        condition now holds does nothing when another card is played on it."""
        state = position(
            ["red Evil Eye, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe, red Broken Mirror", "", "blue Horseshoe"],
        )
        state = state.apply(Play(0, card("red Evil Eye")))
        assert state.step is Step.EVIL_EYE

    def test_only_the_card_directly_beneath_counts(self) -> None:
        """Ruling 16: the Horseshoe two cards down does not match."""
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe, blue Evil Eye", "", "blue Horseshoe"],
        )
        assert state.apply(Play(0, card("red Broken Mirror"))).turn == 1

    def test_an_eliminated_seats_pile_is_not_a_target(self) -> None:
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
            alive=[True, True, False],
        )
        assert state.apply(Play(0, card("red Broken Mirror"))).turn == 1

    def test_last_card_steals_without_giving(self) -> None:
        """Ruling 15: with nothing left to give, the steal still happens."""
        state = position(
            ["red Broken Mirror", "blue Crows", "red Crows"], piles=["red Horseshoe", "", "blue Horseshoe"]
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert texts(state.legal_moves()) == ["Broken Mirror with seat 2: give nothing, take a red card"]
        state = state.apply(Swap(0, 2, None, RED))
        assert state.hands[0] == cards("red Crows") and state.alive == (True, True, False)

    def test_plain_backs_take_blindly(self) -> None:
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows, yellow Evil Eye"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
            game=PLAIN3,
        )
        state = state.apply(Play(0, card("red Broken Mirror")))
        assert texts(state.legal_moves()) == ["Broken Mirror with seat 2: give yellow Clover, take a card"]
        taken = set()
        for seed in range(10):
            after = with_rng(state, seed).apply(Swap(0, 2, card("yellow Clover"), None))
            taken.add(after.hands[0])
        assert taken == {cards("red Crows"), cards("yellow Evil Eye")}


def _cursed_red_with_a_full_pile() -> State:
    """Seat 1, cursed to play red, holds none; its pile may be cleaned and a red card tops the deck."""
    return position(
        ["red Crows", "yellow Horseshoe, blue Crows", "blue Clover"],
        piles=["", "red Crows, yellow Crows, blue Crows", ""],
        deck="red Spilled Salt",
        turn=1,
        curse=Curse(1, RED),
    )
