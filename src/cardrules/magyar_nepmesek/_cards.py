"""Fast look-ups over the cards in play, built once per Game from its deck and options, and cards' names.

Cards are the ``id`` strings of their kinds: two cards with the same id are
"completely identical".  Hands and piles are tuples of ids, hands sorted.
People read them by :func:`card_name`, the one place a card's human name
comes from: moves, rendered views and narration all use it.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

from .._errors import ConfigError
from .._words import brief
from ._deck import ACTIONS, REACTIONS, CardKind, Category, Deck, Scope, default_deck

if TYPE_CHECKING:
    from ._melds import Meld
    from ._moves import Move

__all__ = [
    "JOKERS",
    "PURPLE",
    "CardTable",
    "LayRole",
    "MainMemo",
    "card_name",
    "card_names",
    "printed_value",
    "sort",
]

#: The turn's moves from some usable cards: without the draw, with it, and the action cards'
#: plays that depend on the position, in card order (a card's moves, or the card), if any.
MainMemo: TypeAlias = "tuple[tuple[Move, ...], tuple[Move, ...], tuple[tuple[Move, ...] | str, ...] | None]"

#: Cards that may stand in for another value in a group or row.
JOKERS = frozenset({Category.PINKO, Category.MUG})
#: Cards that a Midnight or "Lay down purple cards" forces down (dual cards count negative in hand).
PURPLE = frozenset({Category.NEGATIVE, Category.DUAL})


class LayRole(enum.Enum):
    """What a card may be in a laid-down combination; cards of no role are never laid by choice."""

    #: A positive card: in a group of its kind, a row, or alone as a +4.
    POSITIVE = "positive"
    #: A dual card: positive once laid, it joins the positive cards of its value (ruling 27).
    DUAL = "dual"
    #: The Palace: the 5 of a row, after a +3 and a +4.
    PALACE = "palace"
    #: A joker (Pinkó, the Chipped Mug): stands in for another value, within the Pinkó limits.
    JOKER = "joker"


_LAY_ROLES = {
    Category.POSITIVE: LayRole.POSITIVE,
    Category.DUAL: LayRole.DUAL,
    Category.PALACE: LayRole.PALACE,
    Category.PINKO: LayRole.JOKER,
    Category.MUG: LayRole.JOKER,
}
_STARTER_FIFTH = frozenset({Category.MUG, Category.DUAL, Category.PALACE})
_BASE = frozenset({Category.POSITIVE, Category.NEGATIVE, Category.PINKO, Category.MIDNIGHT})


def card_name(card: str) -> str:
    """A card's name as the rulebook's English prints it: ``"plus2-poor-man"`` is ``"+2 Poor man"``.

    The shipped deck's kinds are named from their ``name`` entries (the value,
    then the English picture name given there in brackets: "+2 Szegény ember
    (poor man)" reads "+2 Poor man", "Húzz 2 lapot (Draw 2 cards)" reads "Draw
    2 cards"); an id of another deck is spelled out from the id itself.  Anything but a string
    is a :class:`~cardrules.ConfigError`.
    """
    if not isinstance(card, str):
        raise ConfigError(f"magyar_nepmesek: card_name needs a card's id, a string, got {brief(card)}")
    found = _names().get(card)
    if found is not None:
        return found
    match = _VALUED.fullmatch(card)
    if match is None:
        return card.replace("-", " ").capitalize()
    sign = "+" if match["sign"] == "plus" else "-"
    return f"{sign}{match['value']} {match['picture'].replace('-', ' ').capitalize()}"


def card_names(cards: Iterable[str]) -> str:
    """Cards by name, separated by commas: ``"+4 King, +4 King"``; ``"nothing"`` for none."""
    return ", ".join(map(card_name, cards)) or "nothing"


def printed_value(card: str) -> int | None:
    """The number printed on a +/- card (``"minus2-witch"`` is -2); ``None`` for the other cards."""
    match = _VALUED.fullmatch(card)
    if match is None:
        return None
    return int(match["value"]) * (1 if match["sign"] == "plus" else -1)


_VALUED = re.compile(r"(?P<sign>plus|minus)(?P<value>\d+)-(?P<picture>.+)")
_BRACKETED = re.compile(r"(?P<value>[+-]\d+ )?(?P<local>[^(]*?)\s*(?:\((?P<english>[^)]+)\))?")


@functools.cache
def _names() -> dict[str, str]:
    names = {}
    for kind in default_deck().kinds:
        match = _BRACKETED.fullmatch(kind.name)
        assert match is not None, kind.name
        english = match["english"] or match["local"]
        names[kind.id] = (match["value"] or "") + english[0].upper() + english[1:]
    return names


def sort(cards: Iterable[str]) -> tuple[str, ...]:
    """A hand in its canonical (sorted) order."""
    return tuple(sorted(cards))


class CardTable:
    """The kinds in play for one configuration, and the whole multiset of cards."""

    __slots__ = (
        "advanced",
        "cards",
        "category",
        "dealt",
        "discards",
        "kinds",
        "ladders",
        "lanterns",
        "lay_role",
        "lays",
        "lazy_girls",
        "lone_purple",
        "matching",
        "memo",
        "midnight_kinds",
        "midnights",
        "negative_value",
        "negative_values",
        "picture",
        "playable",
        "plays",
        "positives",
        "purple",
        "purple_at_end",
        "reactions",
        "shields",
        "value",
    )

    def __init__(self, deck: Deck, advanced: bool, fifth_edition: bool) -> None:
        self.advanced = advanced
        # The turn's moves by (seat, usable cards): hands recur, enumeration is the hot path.
        self.memo: dict[tuple[int, tuple[str, ...]], MainMemo] = {}
        # Lay-down moves by (seat, the layable cards of a hand).
        self.lays: dict[tuple[int, tuple[str, ...]], tuple[Move, ...]] = {}
        # Discards of one kind by seat, then card; indexed by how many copies the seat may use.
        self.discards: dict[int, dict[str, tuple[tuple[Move, ...], ...]]] = {}
        # Play moves of one action card by (seat, card), or ``None`` if they depend on the position.
        self.plays: dict[tuple[int, str], tuple[Move, ...] | None] = {}
        # Play moves aimed at one opponent by (seat, card): per opponent, the moves taking 1, 2, ... cards.
        self.ladders: dict[tuple[int, str], tuple[tuple[int, tuple[Move, ...]], ...]] = {}
        chosen: list[CardKind] = []
        for kind in deck.kinds:
            cat = kind.category
            if cat in _BASE:
                chosen.append(kind)
            elif cat in _STARTER_FIFTH:
                if fifth_edition:
                    chosen.append(kind)
            elif cat in ACTIONS and advanced and (fifth_edition or cat not in _FIFTH_ACTIONS):
                chosen.append(kind)
        self.kinds: dict[str, CardKind] = {k.id: k for k in chosen}
        self.category: dict[str, Category] = {k.id: k.category for k in chosen}
        self.value: dict[str, int] = {k.id: k.value for k in chosen}
        self.picture: dict[str, str] = {k.id: k.picture for k in chosen}
        self.cards: tuple[str, ...] = sort(k.id for k in chosen for _ in range(k.count))
        #: The Midnights, and the cards dealt at setup (all the others), in ``cards``' order.
        self.midnights = tuple(c for c in self.cards if self.category[c] is Category.MIDNIGHT)
        self.dealt = tuple(c for c in self.cards if self.category[c] is not Category.MIDNIGHT)
        #: The kinds among the Midnights, each once.
        self.midnight_kinds = tuple(dict.fromkeys(self.midnights))
        #: Action cards played as the turn's action (not the reactions, the Lantern or the Lazy Girl).
        self.playable: frozenset[str] = frozenset(k.id for k in chosen if k.category in _PLAYABLE)
        #: For each card, the cards whose picture matches it (the Lazy Girl is never discarded).
        self.matching: dict[str, frozenset[str]] = {
            k.id: frozenset(
                o.id for o in chosen if o.picture == k.picture and o.category is not Category.LAZY_GIRL
            )
            for k in chosen
        }
        #: The cards a Midnight or "Lay down purple cards" forces down, and those laid down at the end
        #: (the Lazy Girl too): ids, so that a test is a string look-up, not an Enum hash.
        self.purple: frozenset[str] = frozenset(k.id for k in chosen if k.category in PURPLE)
        self.purple_at_end: frozenset[str] = frozenset(
            k.id for k in chosen if k.category in PURPLE or k.category is Category.LAZY_GIRL
        )
        #: The Lanterns and the Lazy Girls, by id (Midnight and the actions that show a hand look for them).
        self.lanterns: frozenset[str] = frozenset(k.id for k in chosen if k.category is Category.LANTERN)
        self.lazy_girls: frozenset[str] = frozenset(k.id for k in chosen if k.category is Category.LAZY_GIRL)
        #: The Shields and Magic Mirrors (what answers an action), and the Shields alone, by id.
        self.reactions: frozenset[str] = frozenset(k.id for k in chosen if k.category in REACTIONS)
        self.shields: frozenset[str] = frozenset(k.id for k in chosen if k.category is Category.SHIELD)
        #: The meld of a purple card laid down alone, by card (melds are values: one is shared).
        self.lone_purple: dict[str, Meld] = {}
        #: The positive cards (the only ones that can be added to a group).
        self.positives: frozenset[str] = frozenset(k.id for k in chosen if k.category is Category.POSITIVE)
        #: The role of each card that may be laid down by choice (the others are not keys).
        self.lay_role: dict[str, LayRole] = {
            k.id: _LAY_ROLES[k.category] for k in chosen if k.category in _LAY_ROLES
        }
        #: The value of each negative (purple, not dual) card.
        self.negative_value: dict[str, int] = {
            k.id: k.value for k in chosen if k.category is Category.NEGATIVE
        }
        self.negative_values: tuple[int, ...] = tuple(
            sorted({-k.value for k in chosen if k.category is Category.NEGATIVE})
        )

    def scope(self, card: str) -> Scope:
        """Whom the action card ``card`` hits."""
        return self.kinds[card].scope

    def amount(self, card: str) -> int:
        """The number printed on the card (Draw cards, Make a player discard; 2 for Take/Pass 2)."""
        kind = self.kinds[card]
        return kind.amount or 2


_PLAYABLE = frozenset(
    {
        Category.VILLAGE,
        Category.CRYSTAL_BALL,
        Category.DRAW_CARDS,
        Category.MAKE_DISCARD,
        Category.TAKE_TWO,
        Category.PASS_TWO,
        Category.LAY_PURPLE,
        Category.TAKE_BACK,
        Category.HUSSAR,
    }
)
_FIFTH_ACTIONS = frozenset(
    {Category.LANTERN, Category.MIRROR, Category.TAKE_BACK, Category.HUSSAR, Category.LAZY_GIRL}
)
