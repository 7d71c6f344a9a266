"""The 42 Mala Suerte cards: seven kinds, three colours, two copies of each.

"Mala Suerte has seven types of card, six copies of each (two of each
colour)."  The rulebook does not name the three colours; cardrules calls them
red, yellow and blue (ruling 1).  The two copies of a card are identical, so a
:class:`Card` is a (kind, colour) pair and a hand is a sorted tuple that may
hold the same card twice.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

__all__ = ["CARDS", "COLOURS", "DECK", "KINDS", "ORDER", "Card", "Colour", "Kind", "sort_cards"]


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


@attrs.frozen(cache_hash=True, repr=False, order=False)
class Card:
    """One kind in one colour; ``str`` gives ``red Black Cat``, which :meth:`parse` reads back."""

    kind: Kind
    colour: Colour

    @classmethod
    def of(cls, kind: Kind, colour: Colour) -> Card:
        """The shared instance of this card."""
        return _BY_PAIR[kind, colour]

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
        return f"{self.colour.value} {self.kind.value}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        if not isinstance(data, str) or data not in _BY_JSON:
            raise ValueError(f"expected a card like 'red Clover', got {data!r}")
        return _BY_JSON[data]

    def __str__(self) -> str:
        return f"{self.colour.value} {self.kind.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_BY_PAIR = {(kind, colour): Card(kind, colour) for kind in Kind for colour in Colour}
#: The 21 different cards, kind by kind in the rulebook's order, each in red, yellow, blue.
CARDS: tuple[Card, ...] = tuple(_BY_PAIR.values())
#: The 42 cards of a fresh box: every card twice.
DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(2))
ORDER: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
_BY_JSON = {card.to_json(): card for card in CARDS}
_BY_TEXT = {card.to_json().lower(): card for card in CARDS}


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (by kind, then colour); hands are kept this way."""
    return tuple(sorted(cards, key=ORDER.__getitem__))
