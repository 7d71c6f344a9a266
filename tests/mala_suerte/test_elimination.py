"""Elimination and the end: "If at the end of any turn one of these two situations occurs, you are out"."""

from __future__ import annotations

from cardrules.mala_suerte import Card, Colour, EventKind, NameColour, Play, Take

from .builders import cards, play, position


def card(text: str) -> Card:
    return Card.parse(text)


class TestElimination:
    """ "A. There is a Clover in your pile. B. You have no cards left in your hand."."""

    def test_playing_a_clover_puts_the_player_out(self) -> None:
        """Clover: "You lose if it is in your pile."."""
        state = position(["red Clover, blue Crows", "blue Crows", "red Crows"]).apply(
            Play(0, card("red Clover"))
        )
        assert state.alive == (False, True, True) and state.turn == 1

    def test_the_clovers_of_the_hand_go_back_to_the_deck_and_the_rest_is_discarded(self) -> None:
        """ "you must return the Clover cards in your hand to the deck, shuffle the deck, and discard your hand"."""
        state = position(
            ["red Spilled Salt, red Crows", "yellow Clover, blue Clover, red Crows", "blue Crows"],
            deck="red Horseshoe, yellow Horseshoe",
        )
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, Colour.YELLOW))
        assert state.alive == (True, False, True)
        assert state.hands[1] == () and state.piles[1] == cards("yellow Clover")
        assert sorted(state.deck) == sorted(cards("blue Clover, red Horseshoe, yellow Horseshoe"))
        assert state.discard == cards("red Crows")
        shown = next(e for e in state.last_turn if e.kind is EventKind.ELIMINATED)
        assert shown.seat == 1 and shown.cards == cards("blue Clover, red Crows")

    def test_an_empty_hand_puts_the_player_out(self) -> None:
        state = position(["red Evil Eye", "blue Crows", "red Horseshoe"])
        state = play(state, Play(0, card("red Evil Eye")), NameColour(0, Colour.RED))
        assert state.alive == (False, True, True) and state.turn == 1

    def test_a_seat_not_on_turn_is_checked_too(self) -> None:
        """Crows takes the last card of seat 1 and nothing comes back (all red): seat 1 is out."""
        state = position(["red Crows, red Horseshoe", "red Clover", "blue Horseshoe, blue Crows"])
        state = play(state, Play(0, card("red Crows")), Take(0, 1, Colour.RED))
        assert state.alive == (True, False, True) and state.turn == 2

    def test_eliminated_seats_are_skipped(self) -> None:
        """Ruling 19: "the next person" is the next seat still in."""
        state = position(
            ["red Crows, blue Crows", "", "red Horseshoe, blue Horseshoe"], alive=[True, False, True]
        )
        state = play(state, Play(0, card("blue Crows")), Take(0, 2, Colour.RED))
        assert state.hands[2] == cards("blue Horseshoe") and state.turn == 2


class TestEnd:
    """ "The game ends when all participants but one have been eliminated. That last person is the
    unfortunate winner."."""

    def test_two_out_at_once_with_two_left_is_not_the_end(self) -> None:
        """The player's last card and the next seat's Clover put both out; two seats are still in, so the
        match goes on, from the player's seat (ruling 25)."""
        state = position(["red Spilled Salt", "yellow Clover", "blue Crows", "red Crows"])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, Colour.YELLOW))
        assert state.alive == (False, False, True, True)
        assert not state.is_terminal and state.outcome is None and state.turn == 2

    def test_the_turn_passes_from_the_seat_of_a_player_who_went_out(self) -> None:
        """Ruling 25: a Horseshoe as the last card (empty deck) turns the token and puts its player out; the
        next turn goes to the next seat after the player in the token's new direction."""
        state = position(["red Crows", "red Horseshoe", "blue Crows", "yellow Crows"], turn=1)
        state = state.apply(Play(1, card("red Horseshoe")))
        assert state.alive == (True, False, True, True) and not state.clockwise and state.turn == 0

    def test_last_one_standing_wins(self) -> None:
        state = position(["red Spilled Salt, red Crows", "", "blue Clover"], alive=[True, False, True])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 2, Colour.BLUE))
        assert state.is_terminal and state.current_player is None
        assert state.outcome is not None and state.outcome.winners == {0}
        assert state.outcome.scores == (1.0, 0.0, 0.0)

    def test_the_last_two_out_together_share_the_victory(self) -> None:
        """ "If at the end of a turn the last two people playing are both eliminated at the same time,
        ¡Mala Suerte! They share the victory."."""
        state = position(["red Spilled Salt", "", "blue Clover"], alive=[True, False, True])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 2, Colour.BLUE))
        assert state.outcome is not None and state.outcome.winners == {0, 2}
        assert "share" in state.outcome.reason

    def test_three_out_together_share_it_too(self) -> None:
        """Ruling 20: everyone eliminated in the last check shares the victory."""
        state = position(["red Spilled Salt", "blue Clover", "blue Crows"], piles=["", "", "yellow Clover"])
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, Colour.BLUE))
        assert state.outcome is not None and state.outcome.winners == {0, 1, 2}
