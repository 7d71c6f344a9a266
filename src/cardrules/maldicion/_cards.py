"""The 140 cards: 124 Action cards (Objects, Attacks, Effects), 8 Curses and 8 Heroes.

Identical cards (same figure and element) are interchangeable, so a card is a
value: one interned :class:`Card` per figure and element, compared by identity.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .._json import JSON

__all__ = [
    "ACTION_COUNTS",
    "ACTION_DECK",
    "CARDS",
    "CURSE_DECK",
    "CURSE_HP",
    "OF_ELEMENT",
    "Card",
    "Element",
    "Figure",
    "Group",
    "Hero",
    "fitting",
    "mirrored",
]


class Element(enum.Enum):
    """ "Elements: Fire, Water, Plant and Lightning"; ``str`` is the name as printed (``Fire``)."""

    FIRE = "fire"
    WATER = "water"
    PLANT = "plant"
    LIGHTNING = "lightning"

    def __str__(self) -> str:
        return self.value.capitalize()


class Group(enum.Enum):
    """The kinds of Action card."""

    OBJECT = "object"
    ATTACK = "attack"
    EFFECT = "effect"


class Figure(enum.Enum):
    """The 17 figures of the Action cards: JSON label, name as the rulebook prints it, group,
    copies per element and printed HP."""

    CLUB = ("club", "Club", Group.OBJECT, 2, -1)
    DAGGER = ("dagger", "Dagger", Group.OBJECT, 2, -2)
    SMALL_POTION = ("small-potion", "Small Potion", Group.OBJECT, 2, 3)
    BOW = ("bow", "Bow", Group.OBJECT, 2, -4)
    HAND_AXE = ("hand-axe", "Hand Axe", Group.OBJECT, 2, -5)
    LARGE_POTION = ("large-potion", "Large Potion", Group.OBJECT, 2, 6)
    SWORD = ("sword", "Sword", Group.OBJECT, 2, -7)
    GREAT_AXE = ("great-axe", "Great Axe", Group.OBJECT, 2, -8)
    SCEPTRE = ("sceptre", "Cleric's Sceptre", Group.OBJECT, 2, 9)
    STAFF = ("staff", "Sorcerer's Staff", Group.OBJECT, 2, -10)
    PARALYSE = ("paralyse", "Paralyse", Group.ATTACK, 2, -10)
    DOUBLE_SHOT = ("double-shot", "Double Shot", Group.ATTACK, 2, -15)
    RAIN_OF_SPEARS = ("rain-of-spears", "Rain of Spears", Group.ATTACK, 1, -20)
    SHIELD = ("shield", "Shield", Group.EFFECT, 2, 15)
    GEM = ("gem", "Elemental Gem", Group.EFFECT, 4, -25)
    BONFIRE = ("bonfire", "Bonfire", Group.EFFECT, 1, -30)
    ABILITY = ("ability", "Ability", Group.EFFECT, 2, -10)

    def __init__(self, label: str, printed: str, group: Group, copies: int, hp: int) -> None:
        self.label = label
        self.printed = printed
        self.group = group
        #: Copies per element; for the neutral Gem, the copies in all.
        self.copies = copies
        self.hp = hp

    def __str__(self) -> str:
        return self.printed


class Hero(enum.Enum):
    """The eight Heroes of Lorthar and their abilities (each member's comment quotes the rulebook)."""

    #: Knight. Ability: Circular Thrust. "Allard paralyses the first half of the opponents and forces them to
    #: draw one card. The second half draws two cards and adds them to their hand. If the number is odd, the
    #: leftover opponent also draws two cards."
    ALLARD = "Allard"
    #: Sorceress. Ability: Multiple Conjuring. "All opponents must draw two cards from the Deck and add them to
    #: their hand; or Trea may choose a single opponent, who must draw from the Deck the number of cards equal
    #: to the total number of players."
    TREA = "Trea"
    #: Barbarian. Ability: War Cry. "Everard decides the next player in the round and the direction of the
    #: round. He then plays a card of his choice. The card played CANNOT be evaded."
    EVERARD = "Everard"
    #: Archer. Ability: Directed Arrows. "Sigourney draws from the Deck the number of cards equal to the total
    #: number of players. Without looking at them, she deals them as she chooses among the opponents."
    SIGOURNEY = "Sigourney"
    #: Cleric. Ability: Absolution. "Buckminster discards any card of his choice. The opponents, following the
    #: order of the round, may discard a card from their hand, respecting the element of the card discarded by
    #: the cleric. Buckminster discards another card of his choice after each discard by an opponent."
    BUCKMINSTER = "Buckminster"
    #: Thief. Ability: Cross Robbery. "Odilia steals one card at random from each opponent's hand and adds them
    #: to her own. She then returns to each opponent one card from their hand, and finally discards one card of
    #: her choice. If an opponent has no cards, Odilia draws one card from the Deck."
    ODILIA = "Odilia"
    #: Necromancer. Ability: Raise the Dead. "Following the order of the round, each opponent must draw an
    #: Object card from the Discard Pile and add it to their hand. If the card to be drawn is not an Object
    #: card, it is ignored and the card beneath it is drawn instead. At the end of this action, Brishen
    #: discards a card of his choice."
    BRISHEN = "Brishen"
    #: Alchemist. Ability: Transmutation. "Emma chooses an element to change to. She then plays up to two cards
    #: of that element. Only the last card played is taken into account if any attack or effect is activated.
    #: The card played CANNOT be evaded."
    EMMA = "Emma"

    def __str__(self) -> str:
        return self.value


#: "Curse cards ... -50 HP".
CURSE_HP = -50


class Card:
    """An Action card: a figure and an element (``None`` for the neutral Elemental Gem).

    There is exactly one object per kind (see :data:`CARDS`), so cards compare by
    identity; ``str`` gives the name as printed, ``Fire Club``; JSON gives ``"club/fire"``.
    """

    __slots__ = ("element", "figure", "group", "hp", "index", "is_object", "label")

    figure: Figure
    element: Element | None
    index: int
    group: Group
    hp: int
    is_object: bool
    label: str

    def __new__(cls, figure: Figure, element: Element | None) -> Card:
        found = _BY_KIND.get((figure, element))
        if found is None:
            kind = f"{element} {figure} card" if element is not None else f"{figure} card without an element"
            raise ValueError(f"there is no {kind}")
        return found

    @classmethod
    def _make(cls, figure: Figure, element: Element | None, index: int) -> Card:
        card = object.__new__(cls)
        card.figure = figure
        card.element = element
        card.index = index
        card.group = figure.group
        card.hp = figure.hp
        card.is_object = figure.group is Group.OBJECT
        card.label = figure.label if element is None else f"{figure.label}/{element.value}"
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Figure, Element | None]]:
        return (Card, (self.figure, self.element))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def to_json(self) -> str:
        return self.label

    @classmethod
    def from_json(cls, data: object) -> Card:
        card = _BY_LABEL.get(data) if isinstance(data, str) else None
        if card is None:
            raise ValueError(f"expected a card like 'club/fire' or 'gem', got {data!r}")
        return card

    @classmethod
    def json_schema(cls) -> dict[str, JSON]:
        """The JSON Schema of what :meth:`to_json` writes: one of the labels."""
        return {"enum": [card.label for card in CARDS]}

    @classmethod
    def parse(cls, text: str) -> Card:
        """``Card.parse("club/fire")``, ``"Fire Club"`` (in any case), ``"gem"`` or ``"Elemental Gem"``."""
        key = " ".join(text.lower().split()) if isinstance(text, str) else ""
        card = _BY_LABEL.get(key) or _BY_TEXT.get(key)
        if card is None:
            raise ValueError(f"{text!r} is not a La Maldición Action card (write e.g. 'club/fire' or 'gem')")
        return card

    def __str__(self) -> str:
        return str(self.figure) if self.element is None else f"{self.element} {self.figure}"

    def __repr__(self) -> str:
        return f"Card.parse({self.label!r})"


def mirrored(card: Card, mirror: bool) -> str:
    """The card in words, or a Mirror's two of it: ``Fire Club``, ``two Fire Club cards``."""
    return f"two {card} cards" if mirror else str(card)


_BY_KIND: dict[tuple[Figure, Element | None], Card] = {}


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for figure in Figure:
        elements: tuple[Element | None, ...] = (None,) if figure is Figure.GEM else tuple(Element)
        for element in elements:
            card = Card._make(figure, element, len(cards))
            _BY_KIND[(figure, element)] = card
            cards.append(card)
    return tuple(cards)


#: The 65 kinds of Action card (40 Object, 12 Attack, 13 Effect), in a fixed order (``card.index``).
CARDS: tuple[Card, ...] = _build()
_BY_LABEL = {card.label: card for card in CARDS}
#: The printed names and the labels' words, lower case: "fire club", "fire cleric's sceptre", "fire sceptre".
_BY_TEXT = {
    text.lower(): card
    for card in CARDS
    for figure in (str(card.figure), card.figure.label.replace("-", " "))
    for text in ((figure,) if card.element is None else (f"{card.element} {figure}",))
}

#: How many copies of each kind the Deck holds, by ``card.index``.
ACTION_COUNTS: tuple[int, ...] = tuple(c.figure.copies for c in CARDS)

#: The 124 Action cards: "80 Object + 20 Attack + 24 Effect".
ACTION_DECK: tuple[Card, ...] = tuple(c for c in CARDS for _ in range(c.figure.copies))

#: The 8 Curse cards, "2 of each element".
CURSE_DECK: tuple[Element, ...] = tuple(e for e in Element for _ in range(2))

#: The kinds of card of each element.
OF_ELEMENT: dict[Element, frozenset[Card]] = {
    e: frozenset(c for c in CARDS if c.element is e) for e in Element
}
_FITTING: dict[tuple[Card, Element], frozenset[Card]] = {}


def fitting(top: Card, element: Element) -> frozenset[Card]:
    """The kinds of card that may be played on ``top`` with ``element`` in play."""
    found = _FITTING.get((top, element))
    if found is None:
        found = _FITTING[(top, element)] = frozenset(
            c for c in CARDS if c.figure is Figure.GEM or c.figure is top.figure or c.element is element
        )
    return found


assert len(ACTION_DECK) == 124 and sum(c.is_object for c in ACTION_DECK) == 80
