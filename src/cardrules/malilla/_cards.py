"""The 40-card Malilla deck: suits, ranks, their order and their points."""

from __future__ import annotations

import enum

import attrs

__all__ = ["DECK", "Card", "Rank", "Suit"]


class Suit(enum.Enum):
    """The four suits; any four will do, these are the French ones."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's sign: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT = {**{s.value: s for s in Suit}, **{v: s for s, v in _SYMBOLS.items()}}


class Rank(enum.Enum):
    """The ten ranks, listed from the highest: "(high) 7, A, K, Q, J, 6, 5, 4, 3, 2 (low)"."""

    SEVEN = "7"
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    @property
    def strength(self) -> int:
        """Higher beats lower within a suit: the 7 is 9, the 2 is 0."""
        return _STRENGTH[self]

    @property
    def points(self) -> int:
        """ "7: five points. Ace: four ... Jack: one point. 6s through 2s: zero"."""
        return _POINTS[self]


_STRENGTH = {rank: 9 - i for i, rank in enumerate(Rank)}
_POINTS = {Rank.SEVEN: 5, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_POINTS.update({r: 0 for r in (Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)})


@attrs.frozen(cache_hash=True, repr=False)
class Card:
    """A card; ``str`` gives ``7♠``, :meth:`parse` also reads ASCII ``7s``."""

    rank: Rank
    suit: Suit

    @property
    def points(self) -> int:
        """The card's value when captured."""
        return _POINTS[self.rank]

    @property
    def strength(self) -> int:
        """The card's place in its suit's order (the 7 highest)."""
        return _STRENGTH[self.rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7♠``, ``7s``, ``A♥`` or ``ah``; raises ``ValueError`` on anything else."""
        card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise ValueError(
                f"{text!r} is not a Malilla card: write a rank (7 A K Q J 6 5 4 3 2) "
                "and a suit (s h d c or ♠ ♥ ♦ ♣), like 7s or A♥"
            )
        return card

    def to_json(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        if not isinstance(data, str) or data not in _BY_JSON:
            raise ValueError(f"expected a card like '7s' or 'Ah', got {data!r}")
        return _BY_JSON[data]

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({self.to_json()!r})"


#: The 40 cards, suit by suit, each suit from the 7 down to the 2.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_BY_JSON = {card.to_json(): card for card in DECK}
_BY_TEXT = {text.upper(): card for card in DECK for text in (card.to_json(), str(card))}
