"""The heuristic player: legal everywhere, and the table's obvious tactics in plain positions."""

from __future__ import annotations

import random

from cardrules.malilla import Game, State, Trick
from cardrules.malilla._heuristic import HeuristicPlayer

from .builders import cards, position

#: A hand the scenario leaves to the seed.
FILL = ""


def choice(state: State) -> str:
    """The card the heuristic plays for the seat to play, as ASCII text."""
    seat = state.current_player
    assert seat is not None
    legal = state.legal_moves()
    move = HeuristicPlayer().choose(state.view(seat), legal)
    assert move in legal
    return move.card.to_json()


class TestLegal:
    """Every choice is one of the legal moves, in every example configuration."""

    def test_choices_are_legal_in_random_states(self) -> None:
        for game in Game.examples():
            for seed in range(3):
                rng = random.Random(seed)
                state = game.new_state(seed)
                while not state.is_terminal and state.hand_number <= 2:
                    choice(state)
                    moves = state.legal_moves()
                    state = state.apply(moves[rng.randrange(len(moves))])


class TestLeading:
    """What the seat leads."""

    def test_cashes_the_top_trump(self) -> None:
        """The 7 of trumps cannot be beaten ("(high) 7, A, K ..."), and it is worth five points."""
        state = position(["2s 7c 3h", FILL, FILL, FILL], trump="Kc", leader=0)
        assert choice(state) == "7c"

    def test_leads_a_side_suits_cheapest_card_from_its_longest_suit(self) -> None:
        """No sure winner (the 7♠ is unseen): the 2♠ of the three spades, keeping the ace and the trump."""
        state = position(["As 2s 3s Kh 2h 4c", FILL, FILL, FILL], trump="Kc", leader=0)
        assert choice(state) == "2s"

    def test_cashes_a_side_ace_when_the_opponents_have_shown_no_trumps(self) -> None:
        """The 7♠ is played and both opponents failed to follow a trump lead (void in ♥, the trumps):
        nothing can beat the A♠, so it is cashed."""
        tricks = [Trick(0, cards("7s 2s 3s 4s"), 0), Trick(0, cards("Kh 2c 3h 4c"), 0)]
        state = position(["As 5d 6d", FILL, FILL, FILL], trump="2h", leader=0, tricks=tricks)
        assert choice(state) == "As"

    def test_draws_trumps_to_make_a_side_ace_good(self) -> None:
        """Three trumps out (7♥ Q♥ 2♥) against the seat's three: lead the cheapest trump to draw
        them, so that the A♠ (the 7♠ is gone) can win later."""
        tricks = [Trick(2, cards("7s 2s 3s 4s"), 2), Trick(2, cards("3h 5h Jh 6h"), 0)]
        state = position(["Ah Kh 4h As 3d", FILL, FILL, FILL], trump="2h", leader=0, tricks=tricks)
        assert choice(state) == "4h"


class TestFollowing:
    """What the seat plays to a trick in progress."""

    def test_gives_points_to_the_partner_when_playing_last(self) -> None:
        """Seat 2, seat 0's partner, holds the trick and nobody plays after seat 0: the K♥'s 3 points."""
        state = position(["Kh 4h 7c", FILL, FILL, FILL], trump="Kc", leader=1, trick="2h Ah 3h")
        assert choice(state) == "Kh"

    def test_gives_points_to_a_partner_holding_the_best_card_left(self) -> None:
        """The partner led the 7 of trumps, which nothing can beat: the K♥'s 3 points go to it."""
        state = position(["Kh 3h", FILL, FILL, FILL], trump="2h", leader=2, trick="7h 2h")
        assert choice(state) == "Kh"

    def test_keeps_the_top_trump_for_a_trick_of_its_own(self) -> None:
        """Under the partner's 7♥ the A♥ is the best trump left, sure to win a trick of its own: the 3♥."""
        state = position(["Ah 3h", FILL, FILL, FILL], trump="2h", leader=2, trick="7h 2h", keep="Kh")
        assert choice(state) == "3h"

    def test_never_the_trump_seven_onto_the_partners_sure_trick(self) -> None:
        """Seat 0 plays last onto its partner's A♥, void in hearts: the K♦'s points, not the 7♣ of
        trumps, which wins a trick of its own ("(high) 7, A, K ...")."""
        state = position(["7c Kd 2s", FILL, FILL, FILL], trump="Kc", leader=1, trick="2h Ah 3h", keep="7d Ad")
        assert choice(state) == "Kd"

    def test_never_a_point_card_onto_a_lost_trick(self) -> None:
        """Void in hearts and in trumps, seat 0 cannot beat the opponent's A♥: the 2♦, not the K♠."""
        state = position(["Ks 2d", FILL, FILL, FILL], trump="Kc", leader=1, trick="Ah 2h 3h")
        assert choice(state) == "2d"

    def test_keeps_points_back_when_the_partners_card_may_be_beaten(self) -> None:
        """The partner's K♥ may still lose to the unseen 7♥ or A♥: the 3♥, worth nothing."""
        state = position(["Qh 3h", FILL, FILL, FILL], trump="Kc", leader=2, trick="Kh 2h")
        assert choice(state) == "3h"

    def test_beats_an_opponent_as_cheaply_as_it_can(self) -> None:
        """Seat 0 must beat the opponent's Q♥ and may with the K♥ or the A♥: the K♥ costs less."""
        state = position(["Kh Ah 2h", FILL, FILL, FILL], trump="Kc", leader=3, trick="Qh")
        assert choice(state) == "Kh"

    def test_throws_the_card_worth_least_when_it_cannot_win(self) -> None:
        """Nothing beats the opponent's 7♥: the 2♥ rather than the K♥."""
        state = position(["Kh 2h", FILL, FILL, FILL], trump="Kc", leader=3, trick="7h")
        assert choice(state) == "2h"
