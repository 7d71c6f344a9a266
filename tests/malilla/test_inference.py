"""What play reveals about the hidden hands, and samples that respect it."""

from __future__ import annotations

from cardrules import malilla
from cardrules.malilla import Card, Game, Move, State, Trick

from .builders import cards, position

# Clubs are trumps (the K♣ is face up with the dealer, seat 3); every card is dealt.
DEAL = [
    "Jh 3s As Ks Qs Js 6s 5s 4s 7s",
    "3h 2h 7d Ad Kd Qd Jd 6d 5d 4d",
    "7h Ah Kh Qh 6h 2s 3d 2d 7c Ac",
    "5h 4h Kc Qc Jc 6c 5c 4c 3c 2c",
]


def after(plays: str, game: Game | None = None) -> State:
    """The deal above after the cards ``plays``, played in turn from seat 0."""
    state = malilla.position(game, hands=DEAL, trump="Kc", dealer=3)
    for card in cards(plays):
        seat = state.current_player
        assert seat is not None
        state = state.apply(Move(seat, card))
    return state


def suit(letter: str) -> set[Card]:
    return {c for c in Card if c.to_json().endswith(letter)}


class TestWhatPlayReveals:
    """ "you must follow suit" and must beat an opponent's winning card "if you can": a play that does not shows what was not held."""

    def test_a_lower_card_of_the_led_suit_shows_no_higher_one(self) -> None:
        # Seat 1 answers seat 0's J♥ with the 3♥: it holds none of 7♥ A♥ K♥ Q♥.
        view = after("Jh 3h").view(3)
        assert view.cannot_hold[1] == set(cards("7h Ah Kh Qh"))
        assert view.cannot_hold[0] == view.cannot_hold[2] == view.cannot_hold[3] == frozenset()

    def test_a_void_seat_that_does_not_trump_holds_no_trump(self) -> None:
        # Seat 1 discards the 4♦ on seat 0's 3♠: no spades, and no trump to take the trick with.
        view = after("3s 4d").view(0)
        assert view.cannot_hold[1] == (suit("s") | suit("c")) - {Card.parse("3s")}

    def test_with_must_beat_led_suit_a_discard_shows_only_the_void(self) -> None:
        view = after("3s 4d", Game(must_beat="led_suit")).view(0)
        assert view.cannot_hold[1] == suit("s") - {Card.parse("3s")}

    def test_no_duty_to_beat_a_partner_shows_nothing_more(self) -> None:
        # Seat 2 follows its partner's winning 3♠ with the 2♠; seat 3 trumps, as it must.
        view = after("3s 4d 2s 2c").view(0)
        assert view.cannot_hold[2] == frozenset()
        assert view.cannot_hold[3] == suit("s") - set(cards("3s 2s"))

    def test_a_forbidden_seven_shows_a_hand_of_forbidden_sevens(self) -> None:
        """Ruling 7: the 7 of an unled suit is played only when nothing else can be."""
        # Seat 0 cashed the 7♥ and then its clubs (trumps), seat 1 discarding: spades and diamonds were never led.
        tricks = [
            Trick(0, cards("7h 2s Ah Kh"), 0),
            Trick(0, cards("7c 3s 3c Kc"), 0),
            Trick(0, cards("Ac 4s 2c 6d"), 0),
            Trick(0, cards("Qc 5s As Jd"), 0),
            Trick(0, cards("Jc 6s 2d Qd"), 0),
            Trick(0, cards("6c Js 3d Kd"), 0),
            Trick(0, cards("5c Qs 4d Ad"), 0),
            Trick(0, cards("4c Ks 5d Qh"), 0),
        ]
        hands = ["3h", "7d 7s", "4h 5h", "6h Jh"]
        state = position(hands, trump="Kc", dealer=3, leader=0, trick="2h", tricks=tricks)
        view = state.apply(Move(1, Card.parse("7d"))).view(2)
        # Every card not played ("2h 7d" are on the table) but the 7♠.
        played = {c for t in tricks for c in t.cards}
        assert view.cannot_hold[1] == set(Card) - played - set(cards("7s 2h 7d"))


class TestSamples:
    """Samples deal no seat a card its play has shown it does not hold."""

    def test_samples_keep_what_play_revealed(self) -> None:
        state = after("3s 4d 2s 2c")
        view = state.view(0)
        for seed in range(40):
            sample = state.game.sample_state(view, seed)
            assert sample.view(0) == view
            assert not set(sample.hands[1]) & (suit("s") | suit("c"))
            assert not set(sample.hands[3]) & suit("s")
