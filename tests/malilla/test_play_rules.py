"""Which cards may be played: Malilla's "restrictions on what can be played to a trick"."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.malilla import Card, Game, Move, Suit, Trick

from .builders import cards, playable, position

#: A hand the scenario leaves to the seed.
FILL = ""


class TestLeading:
    """ "it is always OK to lead a 7—the restriction on them only applies to playing them when not following suit"."""

    def test_the_leader_may_lead_any_card(self) -> None:
        state = position(["7h 7d 2c As", FILL, FILL, FILL], trump="Kc", leader=0)
        assert playable(state) == {"7h", "7d", "2c", "As"}


class TestFollowSuit:
    """ "As in most trick-taking games, in Malilla, you must follow suit."."""

    def test_must_follow_the_led_suit(self) -> None:
        state = position(["2s", "3h Kh 4c", FILL, FILL], trump="Kc", leader=0, trick="Ah")
        assert playable(state) == {"3h", "Kh"}

    def test_refusal_names_the_rule(self) -> None:
        state = position(["2s", "3h Kh 4c", FILL, FILL], trump="Kc", leader=0, trick="Jh")
        with pytest.raises(IllegalMoveError, match=r"seat 1 cannot play 4♣: must follow suit: ♥ was led"):
            state.apply(Move(1, Card.parse("4c")))

    def test_void_may_play_any_card_including_a_trump(self) -> None:
        """ "If you cannot follow suit, you may play almost any card, including a trump."."""
        # Seat 2 led the K♥ and seat 3, its opponent, is void in hearts: it must trump (ruling 4).
        state = position(["2s", "3s", FILL, "5s 4c Qd"], trump="Kc", leader=2, trick="Kh")
        assert playable(state) == {"4c"}
        # Seat 0 plays after its partner's K♥ and seat 3's 5♠: void, it may play anything.
        partner_winning = position(["2s 4c Qd", "3s", FILL, FILL], trump="Kc", leader=2, trick="Kh 5s")
        assert playable(partner_winning) == {"2s", "4c", "Qd"}


class TestOffSuitSeven:
    """ "you cannot play a 7 of a non-trump suit that has not yet been led in that hand"."""

    def test_seven_of_an_unled_suit_is_forbidden_when_void(self) -> None:
        state = position(["2s", "7d 2c", FILL, FILL], trump="Kc", leader=0, trick="Jh")
        # Seat 0 (an opponent of seat 1) holds the trick, and the 2♣ trumps it.
        assert playable(state) == {"2c"}

    def test_seven_of_a_suit_already_led_is_allowed(self) -> None:
        led_diamonds = Trick(leader=1, cards=cards("2d 3d 4d 5d"), winner=0)
        state = position(["2s", "7d 3c", FILL, FILL], trump="Kh", leader=0, trick="Js", tricks=[led_diamonds])
        assert playable(state) == {"7d", "3c"}

    def test_the_suits_led_are_public(self) -> None:
        """What the rule looks at, "a non-trump suit that has not yet been led in that hand", every seat can see."""
        led_diamonds = Trick(leader=1, cards=cards("2d 3d 4d 5d"), winner=0)
        state = position(
            ["2s", "7d 3c 4c 5c 6c Jc Qc Ac 7c", FILL, FILL],
            trump="Kh",
            leader=0,
            trick="Js",
            tricks=[led_diamonds],
        )
        assert state.led_suits == {Suit.DIAMONDS, Suit.SPADES}
        assert state.trump_suit is Suit.HEARTS
        assert all(state.view(seat).trump_suit is Suit.HEARTS for seat in range(4))

    def test_seven_of_trumps_is_allowed(self) -> None:
        # Seat 1 is void in spades and the 7♣ of trumps beats seat 0's 6♠, so it must be played.
        state = position(["2s", "7c 4d", FILL, FILL], trump="Kc", leader=0, trick="6s")
        assert playable(state) == {"7c"}

    def test_waiver_when_only_forbidden_sevens_remain(self) -> None:
        """ "(In the rare case that this is the only card available to play, this rule is waived.)"."""
        state = position(["2s", "7d 7h", FILL, FILL], trump="Kc", leader=0, trick="Js")
        assert playable(state) == {"7d", "7h"}

    def test_refusal_names_the_seven_rule(self) -> None:
        state = position(["2s", "7d 3h", FILL, FILL], trump="Kc", leader=0, trick="Js")
        with pytest.raises(IllegalMoveError, match="has not been led this hand"):
            state.apply(Move(1, Card.parse("7d")))


class TestMustBeat:
    """ "if an opponent has played the card that is winning the trick as of your turn, you must beat it"."""

    def test_must_play_a_higher_card_of_the_led_suit(self) -> None:
        state = position(["2s", "3h Kh Ah", FILL, FILL], trump="Kc", leader=0, trick="Qh")
        assert playable(state) == {"Kh", "Ah"}

    def test_following_without_a_higher_card_is_free(self) -> None:
        """Ruling 4: a seat that can follow but cannot beat follows suit freely."""
        state = position(["2s", "3h 4h 2c", FILL, FILL], trump="Kc", leader=0, trick="Qh")
        assert playable(state) == {"3h", "4h"}

    def test_must_overtrump_an_opponents_trump(self) -> None:
        state = position(["2s", "6s", "3c Ac 2d", FILL], trump="Kc", leader=0, trick="Qh Jc")
        assert playable(state) == {"Ac"}, "seat 2 is void in hearts and must beat seat 1's J♣"

    def test_cannot_overtrump_then_anything_goes(self) -> None:
        state = position(["2s", "6s", "3c 2c 2d", FILL], trump="Kc", leader=0, trick="Qh Jc")
        assert playable(state) == {"3c", "2c", "2d"}

    def test_no_duty_when_the_partner_is_winning(self) -> None:
        """Ruling 5: "if an opponent has played the card that is winning" — a partner's does not count."""
        state = position(["2s", "6s", "3h Ah 2d", FILL], trump="Kc", leader=0, trick="Kh 6h")
        assert playable(state) == {"3h", "Ah"}

    def test_opponent_trumped_and_seat_can_follow(self) -> None:
        state = position(["2s", "6s", "3h Ah 3c", FILL], trump="Kc", leader=0, trick="Kh 2c")
        # Seat 1 trumped with the 2♣ (an opponent of seat 2); seat 2 follows hearts and cannot beat a trump.
        assert playable(state) == {"3h", "Ah"}

    def test_refusal_names_the_beat_rule(self) -> None:
        state = position(["2s", "3h Kh Ah", FILL, FILL], trump="Kc", leader=0, trick="Qh")
        with pytest.raises(IllegalMoveError, match="must beat Q♥"):
            state.apply(Move(1, Card.parse("3h")))


class TestTricks:
    """ "the person who contributed the highest trump, or the highest card of the suit led if no trump was played, wins"."""

    def test_highest_of_the_led_suit_wins(self) -> None:
        state = position([FILL, FILL, "7h", "Kd 3d"], trump="Kc", leader=0, trick="Ah 2h")
        state = state.apply(Move(2, Card.parse("7h")))
        state = state.apply(Move(3, Card.parse("Kd")))
        assert state.tricks[-1].winner == 2
        assert state.leader == 2, "The winner of each trick leads to the next one."

    def test_a_trump_beats_the_led_suit(self) -> None:
        state = position([FILL, FILL, FILL, "Kd 3d"], trump="Kc", leader=0, trick="7h 2c Ah")
        state = state.apply(Move(3, Card.parse("Kd")))
        assert state.tricks[-1].winner == 1

    def test_highest_trump_wins(self) -> None:
        state = position([FILL, FILL, FILL, "Kd 3d"], trump="Kc", leader=0, trick="7h 2c Ac")
        state = state.apply(Move(3, Card.parse("Kd")))
        assert state.tricks[-1].winner == 2

    def test_off_suit_cards_never_win(self) -> None:
        state = position([FILL, FILL, FILL, "3h 3d"], trump="Kc", leader=0, trick="2h 7s 7d", lead_first="sd")
        state = state.apply(Move(3, Card.parse("3h")))
        assert state.tricks[-1].winner == 3


class TestMustBeatOption:
    """Ruling 4 as an option: must_beat="led_suit" obliges only a seat that follows suit to beat."""

    def test_void_seat_need_not_trump(self) -> None:
        game = Game(must_beat="led_suit")
        state = position(["2s", "3s", FILL, "5s 4c Qd"], trump="Kc", leader=2, trick="Kh", game=game)
        assert playable(state) == {"5s", "4c", "Qd"}

    def test_following_suit_still_beats(self) -> None:
        game = Game(must_beat="led_suit")
        state = position(["2s", "3h Kh Ah", FILL, FILL], trump="Kc", leader=0, trick="Qh", game=game)
        assert playable(state) == {"Kh", "Ah"}

    def test_the_seven_rule_still_holds(self) -> None:
        game = Game(must_beat="led_suit")
        state = position(["2s", "7d 2c", FILL, FILL], trump="Kc", leader=0, trick="Jh", game=game)
        assert playable(state) == {"2c"}
