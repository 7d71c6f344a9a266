"""The rules on card masks (:func:`~cardrules.malilla.legal_mask`): the same cards as the tuple form."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.malilla import DECK, SUIT_OF, Card, legal_cards, legal_mask, trick_winner


def mask(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def cards_of(bits: int, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c for c in hand if bits >> c & 1)


def situation(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...], int, int]:
    """A hand of 1-10 cards, a trick of 0-3 other cards, the trump and the suits led (the trick's
    own among them)."""
    deck = list(DECK)
    rng.shuffle(deck)
    size = rng.randint(1, 10)
    hand = tuple(sorted(deck[:size]))
    trick = tuple(deck[size : size + rng.randint(0, 3)])
    led = rng.randrange(16) | (1 << SUIT_OF[trick[0]] if trick else 0)
    return hand, trick, rng.randrange(4), led


def as_the_rulebook_words_it(
    hand: tuple[Card, ...], trick: tuple[Card, ...], trump: int, led: int, void_must_beat: bool
) -> tuple[Card, ...]:
    """A model of the rule written apart from the library's: follow suit; when void, no non-trump 7
    of a suit not led unless nothing else is left; then beat an opponent's winning card if possible."""
    if not trick:
        return hand
    suit = SUIT_OF[trick[0]]
    allowed = [c for c in hand if SUIT_OF[c] == suit]
    follows = bool(allowed)
    if not follows:
        allowed = [c for c in hand if not (c % 10 == 0 and SUIT_OF[c] != trump and not led >> SUIT_OF[c] & 1)]
        allowed = allowed or list(hand)
    winner = trick_winner(trick, trump)
    if (len(trick) - winner) % 2 and (follows or void_must_beat):

        def power(card: int) -> int:
            return (30 if SUIT_OF[card] == trump else 10 if SUIT_OF[card] == suit else -100) + 9 - card % 10

        beating = [c for c in allowed if power(c) > power(trick[winner])]
        if beating:
            return tuple(beating)
    return tuple(allowed)


class TestLegalMask:
    """``legal_mask`` on random hands and tricks: the cards ``legal_cards`` and the rulebook allow."""

    def test_the_mask_form_is_the_tuple_form(self) -> None:
        rng = random.Random(37)
        for _ in range(3000):
            hand, trick, trump, led = situation(rng)
            void_must_beat = rng.random() < 0.5
            if trick:
                suit = SUIT_OF[trick[0]]
                at = trick_winner(trick, trump)
                bits = legal_mask(
                    mask(hand), suit, trick[at], (len(trick) - at) % 2 == 1, trump, led, void_must_beat
                )
            else:
                bits = legal_mask(mask(hand), -1, -1, False, trump, led, void_must_beat)
            assert bits & ~mask(hand) == 0
            assert cards_of(bits, hand) == legal_cards(hand, trick, trump, (), void_must_beat, led)

    def test_the_tuple_form_is_the_rulebooks(self) -> None:
        rng = random.Random(38)
        for _ in range(3000):
            hand, trick, trump, led = situation(rng)
            void_must_beat = rng.random() < 0.5
            expected = as_the_rulebook_words_it(hand, trick, trump, led, void_must_beat)
            assert legal_cards(hand, trick, trump, (), void_must_beat, led) == expected, (
                hand,
                trick,
                trump,
                led,
            )

    def test_a_leader_may_lead_anything(self) -> None:
        hand = mask(DECK[::3])
        assert legal_mask(hand, -1, -1, False, 0, 0) == hand

    def test_a_forbidden_seven_when_nothing_else_is_left(self) -> None:
        # Void in spades, holding only the 7 of hearts, a suit not led: ruling 7 lets it go.
        seven_of_hearts = Card.parse("7h")
        assert legal_mask(1 << seven_of_hearts, 0, Card.parse("2s"), True, 2, 0b0001) == 1 << seven_of_hearts
