"""The 42 Mala Suerte cards: seven kinds, three colours, two copies of each.

"Mala Suerte has seven types of card, six copies of each (two of each
colour)."  The rulebook does not name the three colours; cardrules calls them
red, yellow and blue (ruling 1).  The two copies of a card are identical, so a
:class:`Card` is a (kind, colour) pair and a hand is a sorted tuple that may
hold the same card twice.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable

from .._errors import ConfigError
from .._words import brief

__all__ = [
    "CARDS",
    "COLOURS",
    "COLOUR_INDEX",
    "COLOUR_OF",
    "DECK",
    "KINDS",
    "KIND_OF",
    "MINI_DECK",
    "Card",
    "Colour",
    "Kind",
    "in_order",
    "sort_cards",
]


class Kind(enum.Enum):
    """The seven kinds of card, in the rulebook's order."""

    CLOVER = "Clover"
    CROWS = "Crows"
    BLACK_CAT = "Black Cat"
    EVIL_EYE = "Evil Eye"
    HORSESHOE = "Horseshoe"
    SPILLED_SALT = "Spilled Salt"
    BROKEN_MIRROR = "Broken Mirror"

    def __str__(self) -> str:
        return self.value


class Colour(enum.Enum):
    """The three colours (the rulebook leaves them unnamed: ruling 1)."""

    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"

    def __str__(self) -> str:
        return self.value


KINDS: tuple[Kind, ...] = tuple(Kind)
COLOURS: tuple[Colour, ...] = tuple(Colour)


class Card(enum.IntEnum):
    """One kind in one colour, numbered kind by kind (red, yellow, blue), so cards hash, compare
    and index tables at C speed.

    ``str`` gives ``red Black Cat``, which :meth:`parse` reads back; JSON holds the same text.
    """

    RED_CLOVER = 0
    YELLOW_CLOVER = 1
    BLUE_CLOVER = 2
    RED_CROWS = 3
    YELLOW_CROWS = 4
    BLUE_CROWS = 5
    RED_BLACK_CAT = 6
    YELLOW_BLACK_CAT = 7
    BLUE_BLACK_CAT = 8
    RED_EVIL_EYE = 9
    YELLOW_EVIL_EYE = 10
    BLUE_EVIL_EYE = 11
    RED_HORSESHOE = 12
    YELLOW_HORSESHOE = 13
    BLUE_HORSESHOE = 14
    RED_SPILLED_SALT = 15
    YELLOW_SPILLED_SALT = 16
    BLUE_SPILLED_SALT = 17
    RED_BROKEN_MIRROR = 18
    YELLOW_BROKEN_MIRROR = 19
    BLUE_BROKEN_MIRROR = 20

    @property
    def kind(self) -> Kind:
        """The card's name: Clover, Crows, ..."""
        return KINDS[self // 3]

    @property
    def colour(self) -> Colour:
        """The card's colour."""
        return COLOUR_OF[self]

    @classmethod
    def of(cls, kind: Kind, colour: Colour) -> Card:
        """The card of ``kind`` in ``colour``."""
        return CARDS[KINDS.index(kind) * 3 + COLOURS.index(colour)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``red Clover``, ``Blue black cat`` or ``yellow_broken_mirror``; ``ValueError`` otherwise."""
        key = " ".join(text.replace("_", " ").lower().split()) if isinstance(text, str) else None
        card = _BY_TEXT.get(key) if key is not None else None
        if card is None:
            raise ValueError(
                f"{text!r} is not a Mala Suerte card: write a colour (red, yellow, blue) and a kind "
                f"({', '.join(k.value for k in Kind)}), like 'red Clover'"
            )
        return card

    def to_json(self) -> str:
        """The text ``"red Clover"``."""
        return _TEXT[self]

    @classmethod
    def from_json(cls, data: object) -> Card:
        """The card written by :meth:`to_json`."""
        card = _BY_JSON.get(data) if isinstance(data, str) else None
        if card is None:
            raise ValueError(f"expected a card like 'red Clover', got {data!r}")
        return card

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: The 21 different cards, kind by kind in the rulebook's order, each in red, yellow, blue.
CARDS: tuple[Card, ...] = tuple(Card)
#: The 42 cards of a fresh box: every card twice.
DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(2))
#: The five cards of the small variant ``deck="mini"`` (two Clovers, two Spilled Salts, a Crows).
MINI_DECK: tuple[Card, ...] = (
    Card.RED_CLOVER,
    Card.BLUE_CLOVER,
    Card.RED_CROWS,
    Card.RED_SPILLED_SALT,
    Card.BLUE_SPILLED_SALT,
)
#: Tables indexed by card: its kind, and its colour (cards are numbered kind by kind, each in red, yellow,
#: blue), as the colour's place in :data:`COLOURS` (0, 1 or 2: for counting in C) and as the colour.  The
#: one place a card's colour is worked out.
KIND_OF: tuple[Kind, ...] = tuple(KINDS[c // 3] for c in range(21))
COLOUR_INDEX: tuple[int, ...] = tuple(c % 3 for c in range(21))
COLOUR_OF: tuple[Colour, ...] = tuple(COLOURS[i] for i in COLOUR_INDEX)
_TEXT = tuple(f"{COLOUR_OF[c].value} {KIND_OF[c].value}" for c in range(21))
_BY_JSON = {_TEXT[c]: card for c, card in enumerate(CARDS)}
_BY_TEXT = {_TEXT[c].lower(): card for c, card in enumerate(CARDS)}


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (by kind, then colour); hands are kept this way."""
    return tuple(sorted(cards))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (by kind, then colour), as hands are kept.

    Anything but Mala Suerte cards, or more of them than a box holds (42), is a
    :class:`~cardrules.ConfigError` naming it.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ConfigError(f"mala_suerte: sort_cards needs cards, got {brief(cards)}")
    taken = list(itertools.islice(cards, len(DECK) + 1))
    if len(taken) > len(DECK):
        raise ConfigError(f"mala_suerte: sort_cards takes at most the box's {len(DECK)} cards")
    for card in taken:
        if not isinstance(card, Card):
            raise ConfigError(f"mala_suerte: sort_cards takes Mala Suerte cards, got {brief(card)}")
    return in_order(taken)
