"""The 40-card Malilla deck: suits, ranks, their order and their points.

A :class:`Card` is an ``IntEnum`` member (its deck index), so cards compare,
hash and index tables at C speed while printing as ``7♠``.
"""

from __future__ import annotations

import enum

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
_SUITS = tuple(Suit)


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
        return 9 - _RANKS.index(self)

    @property
    def points(self) -> int:
        """ "7: five points. Ace: four ... Jack: one point. 6s through 2s: zero"."""
        return _RANK_POINTS[_RANKS.index(self)]


_RANKS = tuple(Rank)
_RANK_POINTS = (5, 4, 3, 2, 1, 0, 0, 0, 0, 0)


class Card(enum.IntEnum):
    """A card, numbered in deck order (suit by suit, each from the 7 down to the 2).

    ``str`` gives ``7♠``; :meth:`parse` also reads ASCII ``7s``; JSON holds ``"7s"``.
    """

    SEVEN_OF_SPADES = 0
    ACE_OF_SPADES = 1
    KING_OF_SPADES = 2
    QUEEN_OF_SPADES = 3
    JACK_OF_SPADES = 4
    SIX_OF_SPADES = 5
    FIVE_OF_SPADES = 6
    FOUR_OF_SPADES = 7
    THREE_OF_SPADES = 8
    TWO_OF_SPADES = 9
    SEVEN_OF_HEARTS = 10
    ACE_OF_HEARTS = 11
    KING_OF_HEARTS = 12
    QUEEN_OF_HEARTS = 13
    JACK_OF_HEARTS = 14
    SIX_OF_HEARTS = 15
    FIVE_OF_HEARTS = 16
    FOUR_OF_HEARTS = 17
    THREE_OF_HEARTS = 18
    TWO_OF_HEARTS = 19
    SEVEN_OF_DIAMONDS = 20
    ACE_OF_DIAMONDS = 21
    KING_OF_DIAMONDS = 22
    QUEEN_OF_DIAMONDS = 23
    JACK_OF_DIAMONDS = 24
    SIX_OF_DIAMONDS = 25
    FIVE_OF_DIAMONDS = 26
    FOUR_OF_DIAMONDS = 27
    THREE_OF_DIAMONDS = 28
    TWO_OF_DIAMONDS = 29
    SEVEN_OF_CLUBS = 30
    ACE_OF_CLUBS = 31
    KING_OF_CLUBS = 32
    QUEEN_OF_CLUBS = 33
    JACK_OF_CLUBS = 34
    SIX_OF_CLUBS = 35
    FIVE_OF_CLUBS = 36
    FOUR_OF_CLUBS = 37
    THREE_OF_CLUBS = 38
    TWO_OF_CLUBS = 39

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self % 10]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self // 10]

    @property
    def points(self) -> int:
        """The card's value when captured."""
        return POINTS[self]

    @property
    def strength(self) -> int:
        """The card's place in its suit's order (the 7 highest, 9; the 2 lowest, 0)."""
        return STRENGTH[self]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` and ``suit``."""
        return cls(_SUITS.index(suit) * 10 + _RANKS.index(rank))

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
        """The ASCII notation, ``"7s"``."""
        return _ASCII[self]

    @classmethod
    def from_json(cls, data: object) -> Card:
        """The card written by :meth:`to_json`."""
        card = _BY_JSON.get(data) if isinstance(data, str) else None
        if card is None:
            raise ValueError(f"expected a card like '7s' or 'Ah', got {data!r}")
        return card

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_ASCII[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: The 40 cards in deck order.
DECK: tuple[Card, ...] = tuple(Card)
#: Tables indexed by card: suit number (0-3), strength (9 for the 7 ... 0 for the 2), points.
SUIT_OF: tuple[int, ...] = tuple(c // 10 for c in range(40))
STRENGTH: tuple[int, ...] = tuple(9 - c % 10 for c in range(40))
POINTS: tuple[int, ...] = tuple(_RANK_POINTS[c % 10] for c in range(40))
_ASCII = tuple(f"{_RANKS[c % 10].value}{_SUITS[c // 10].value}" for c in range(40))
_TEXT = tuple(f"{_RANKS[c % 10].value}{_SYMBOLS[_SUITS[c // 10]]}" for c in range(40))
_BY_JSON = {_ASCII[c]: card for c, card in enumerate(DECK)}
_BY_TEXT = {text.upper(): card for c, card in enumerate(DECK) for text in (_ASCII[c], _TEXT[c])}
