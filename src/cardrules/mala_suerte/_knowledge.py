"""What one seat knows about cards it cannot see: facts it learned privately.

A seat sees its own hand and everything public.  Beyond that it may know
that another seat holds a card (it gave it, or that seat took it from it, or
drew a card it had put on the deck), that a card lies at some depth from the
top of the deck (it put it there with Horseshoe), or that a card is somewhere
in the deck (its own returned cards, or any of the above after a shuffle).

Every entry is a certainty, never a guess: when a hidden card leaves a hand
or the deck and the seat cannot tell which card it was, each known card that
could have been the one is forgotten once ("blurred").  The facts are
therefore a lower bound on where the cards are, which is what
``sample_state`` needs to place the unseen cards without contradicting them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from operator import attrgetter

import attrs

from .._fast import fast_init
from ._cards import Card, Colour, in_order

__all__ = ["Knowledge", "blank", "deck_known"]


@fast_init
@attrs.frozen
class Knowledge:
    """One seat's private facts.

    ``hands[s]`` are cards the seat knows seat ``s`` holds (its own entry is
    empty); ``deck_top[i]`` is the card it knows lies ``i`` cards below the
    top of the deck, or ``None``; ``deck`` are cards it knows are somewhere
    in the deck, apart from those of ``deck_top``.
    """

    hands: tuple[tuple[Card, ...], ...]
    deck_top: tuple[Card | None, ...] = ()
    deck: tuple[Card, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether the seat knows nothing beyond its hand and the public cards."""
        return not (self.deck or self.deck_top or any(self.hands))

    def learn_held(self, seat: int, card: Card) -> Knowledge:
        """``seat`` now holds ``card`` (given to it, or taken from this seat)."""
        hands = list(self.hands)
        held = hands[seat]
        i = bisect_right(held, card)  # kept sorted
        hands[seat] = (*held[:i], card, *held[i:])
        return Knowledge(tuple(hands), self.deck_top, self.deck)

    def seen_leave(self, seat: int, card: Card) -> Knowledge:
        """``card`` left the hand of ``seat`` and this seat saw which card it was."""
        held = self.hands[seat]
        if card not in held:
            return self
        hands = list(self.hands)
        hands[seat] = _without(held, card)
        return Knowledge(tuple(hands), self.deck_top, self.deck)

    def unseen_leave(self, seat: int, colour: Colour | None) -> Knowledge:
        """A card this seat did not see left the hand of ``seat``; ``colour`` if the back showed it."""
        held = self.hands[seat]
        blurred = _blur(held, colour)
        if blurred is held:
            return self
        hands = list(self.hands)
        hands[seat] = blurred
        return Knowledge(tuple(hands), self.deck_top, self.deck)

    def eliminated(self, seat: int, clovers: tuple[Card, ...]) -> Knowledge:
        """``seat`` is out: its hand is gone, and its ``clovers`` went into the deck to be shuffled."""
        hands = self.hands
        if hands[seat]:
            rest = list(hands)
            rest[seat] = ()
            hands = tuple(rest)
        elif not clovers:
            return self
        deck = in_order((*self.deck, *clovers)) if clovers else self.deck
        return Knowledge(hands, self.deck_top, deck)

    def drawn(self, seat: int, me: int, card: Card, colour: Colour | None) -> Knowledge:
        """``seat`` drew ``card``, the top of the deck; this seat is ``me``.

        The drawer sees the card; another seat learns it only if it knew the top card.
        """
        top = self.deck_top[0] if self.deck_top else None
        deck_top = _trim(self.deck_top[1:])
        deck = self.deck
        if seat == me:
            if top is None and card in deck:
                deck = _without(deck, card)
        elif top is not None:
            return Knowledge(self.learn_held(seat, top).hands, deck_top, deck)
        else:
            deck = _blur(deck, colour)
        return Knowledge(self.hands, deck_top, deck)

    def put_on_deck(self, card: Card | None) -> Knowledge:
        """A card went on top of the deck: ``card`` if this seat knows it, else ``None``."""
        return Knowledge(self.hands, _trim((card, *self.deck_top)), self.deck)

    def in_deck(self, cards: tuple[Card, ...]) -> Knowledge:
        """``cards`` went into the deck where they will be shuffled."""
        return Knowledge(self.hands, self.deck_top, in_order((*self.deck, *cards)))

    def shuffled(self) -> Knowledge:
        """The deck was shuffled: what was known by position is now known to be somewhere in it."""
        if not self.deck_top:
            return self
        known = tuple(c for c in self.deck_top if c is not None)
        return Knowledge(self.hands, (), in_order((*self.deck, *known)))


_DECK_TOP = attrgetter("deck_top")
_DECK = attrgetter("deck")


def deck_known(knowledge: Sequence[Knowledge]) -> bool:
    """Whether any seat knows anything of the deck (read in C: the usual answer, no, comes cheap)."""
    return any(map(_DECK_TOP, knowledge)) or any(map(_DECK, knowledge))


def blank(players: int) -> Knowledge:
    """Knowing nothing."""
    return Knowledge(((),) * players)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _blur(cards: tuple[Card, ...], colour: Colour | None) -> tuple[Card, ...]:
    """Drop one copy of every card that could be the one that left (of ``colour``, if known)."""
    if not cards:
        return cards
    out: list[Card] = []
    previous: Card | None = None
    changed = False
    for card in cards:
        if card != previous and (colour is None or card.colour is colour):
            changed = True  # the first copy of each candidate is dropped
        else:
            out.append(card)
        previous = card
    return tuple(out) if changed else cards


def _trim(slots: tuple[Card | None, ...]) -> tuple[Card | None, ...]:
    """Unknown slots at the bottom of the known run say nothing."""
    end = len(slots)
    while end and slots[end - 1] is None:
        end -= 1
    return slots[:end] if end != len(slots) else slots
