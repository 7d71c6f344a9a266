"""The deck as data: card kinds, their categories and numbers, read from a JSON file.

The rulebook does not print everything a program needs (the purple cards'
values, the pictures, how the 34 action cards split, the numbers on Draw
cards and Make-a-player-discard cards), so the deck is data: ``deck.json``
ships the chosen defaults, each marked in its entry's ``chosen`` text, and a
user may pass a file of their own, checked entry by entry.
"""

from __future__ import annotations

import enum
import functools
import json
import os
from collections.abc import Mapping
from importlib import resources
from typing import Any

import attrs

from .._errors import ConfigError
from .._json import check_size, read_text
from .._words import brief

__all__ = [
    "ACTIONS",
    "FIFTH_EDITION",
    "MAX_AMOUNT",
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_KINDS",
    "REACTIONS",
    "CardKind",
    "Category",
    "Deck",
    "Scope",
    "default_deck",
    "read_deck",
]


#: A deck holds at most this many kinds of card (the shipped one 44),
MAX_KINDS = 200
#: each kind at most this many copies (the shipped one at most 6),
MAX_COPIES = 100
#: and at most this many cards in all (the shipped one 130): what input controls stays small.
MAX_CARDS = 1_000
#: The number printed on a Draw or Make-a-player-discard card is at most this (the shipped ones 1..3).
MAX_AMOUNT = 10


class Category(enum.Enum):
    """What a card is; the rules look at this, never at a card's name."""

    POSITIVE = "positive"
    NEGATIVE = "negative"
    PINKO = "pinko"
    MIDNIGHT = "midnight"
    SHIELD = "shield"
    VILLAGE = "village"
    CRYSTAL_BALL = "crystal_ball"
    DRAW_CARDS = "draw_cards"
    MAKE_DISCARD = "make_discard"
    TAKE_TWO = "take_two"
    PASS_TWO = "pass_two"
    LAY_PURPLE = "lay_purple"
    MUG = "mug"
    DUAL = "dual"
    PALACE = "palace"
    LANTERN = "lantern"
    MIRROR = "mirror"
    TAKE_BACK = "take_back"
    HUSSAR = "hussar"
    LAZY_GIRL = "lazy_girl"


class Scope(enum.Enum):
    """Whom an action card hits: one chosen opponent, or every opponent."""

    ONE = "one"
    ALL = "all"


#: The action cards of the advanced game (the base 34 and the 5th-edition ones).
ACTIONS = frozenset(
    {
        Category.SHIELD,
        Category.VILLAGE,
        Category.CRYSTAL_BALL,
        Category.DRAW_CARDS,
        Category.MAKE_DISCARD,
        Category.TAKE_TWO,
        Category.PASS_TWO,
        Category.LAY_PURPLE,
        Category.LANTERN,
        Category.MIRROR,
        Category.TAKE_BACK,
        Category.HUSSAR,
        Category.LAZY_GIRL,
    }
)
#: Cards played out of turn, against an action.
REACTIONS = frozenset({Category.SHIELD, Category.MIRROR})
#: The ten cards of the 5th-edition supplement.
FIFTH_EDITION = frozenset(
    {
        Category.MUG,
        Category.DUAL,
        Category.PALACE,
        Category.LANTERN,
        Category.MIRROR,
        Category.TAKE_BACK,
        Category.HUSSAR,
        Category.LAZY_GIRL,
    }
)
#: Categories whose ``amount`` is the number printed on the card.
_COUNTED = frozenset({Category.DRAW_CARDS, Category.MAKE_DISCARD})
#: Categories that may affect all opponents.
_SCOPED = frozenset({Category.MAKE_DISCARD, Category.LAY_PURPLE, Category.CRYSTAL_BALL})


@attrs.frozen
class CardKind:
    """One kind of card: ``count`` completely identical copies.

    ``id`` names the kind (cards of one kind are "completely identical");
    ``picture`` is what the matching discard compares; ``value`` is the face
    value (+1..+4, a purple card's negative value, a dual card's magnitude,
    the Palace's 5, the Lazy Girl's -2; 0 otherwise); ``amount`` is the
    number printed on Draw cards and Make-a-player-discard cards; ``chosen``
    says which numbers are chosen defaults rather than the rulebook's, and why.
    """

    id: str
    name: str
    category: Category
    value: int
    count: int
    picture: str
    amount: int = 0
    scope: Scope = Scope.ONE
    chosen: str = ""


@attrs.frozen
class Deck:
    """Every card kind of the game, base and 5th edition, with where its numbers come from."""

    name: str
    about: str
    kinds: tuple[CardKind, ...]


def _check_kind(index: int, raw: object) -> CardKind:
    where = f"deck entry {index}"
    if not isinstance(raw, Mapping):
        raise ConfigError(f"magyar_nepmesek: {where} must be an object; got {brief(raw)}")
    ident = raw.get("id")
    if isinstance(ident, str) and ident:
        where = f"deck entry {index} ({brief(ident)})"
    allowed = {f.name for f in attrs.fields(CardKind)}
    unknown = sorted(set(map(str, raw)) - allowed)
    if unknown:
        raise ConfigError(f"magyar_nepmesek: {where} has unknown field(s) {', '.join(unknown)}")
    for field in ("id", "name", "category", "value", "count"):
        if field not in raw:
            raise ConfigError(f"magyar_nepmesek: {where} lacks the field {field!r}")
    for field in ("id", "name", "picture", "chosen"):
        if field in raw and not (isinstance(raw[field], str) and (raw[field] or field == "chosen")):
            raise ConfigError(
                f"magyar_nepmesek: {where}: {field} must be a non-empty string; got {brief(raw[field])}"
            )
    for field in ("value", "count", "amount"):
        if field in raw and (isinstance(raw[field], bool) or not isinstance(raw[field], int)):
            raise ConfigError(
                f"magyar_nepmesek: {where}: {field} must be an integer; got {brief(raw[field])}"
            )
    category = _enum(Category, raw["category"], where, "category")
    scope = _enum(Scope, raw.get("scope", "ONE"), where, "scope")
    kind = CardKind(
        id=raw["id"],
        name=raw["name"],
        category=category,
        value=raw["value"],
        count=raw["count"],
        picture=raw.get("picture", raw["id"]),
        amount=raw.get("amount", 0),
        scope=scope,
        chosen=raw.get("chosen", ""),
    )
    problem = _value_problem(kind)
    if problem:
        raise ConfigError(f"magyar_nepmesek: {where}: {problem}")
    return kind


def _enum(cls: type[enum.Enum], raw: object, where: str, field: str) -> Any:
    if isinstance(raw, str):
        for member in cls:
            if raw in (member.name, member.value):
                return member
    names = ", ".join(m.name for m in cls)
    raise ConfigError(f"magyar_nepmesek: {where}: {field} must be one of {names}; got {brief(raw)}")


def _value_problem(kind: CardKind) -> str:
    cat = kind.category
    if not 1 <= kind.count <= MAX_COPIES:
        return f"count must be from 1 to {MAX_COPIES}; got {brief(kind.count)}"
    wanted = {
        Category.POSITIVE: range(1, 5),
        Category.NEGATIVE: range(-9, 0),
        Category.DUAL: range(1, 4),
        Category.PALACE: range(5, 6),
        Category.LAZY_GIRL: range(-9, 0),
    }.get(cat, range(0, 1))
    if kind.value not in wanted:
        return (
            f"a {cat.name} card's value must be in {wanted.start}..{wanted.stop - 1}; got {brief(kind.value)}"
        )
    if cat in _COUNTED and not 1 <= kind.amount <= MAX_AMOUNT:
        return f"a {cat.name} card needs the number printed on it as amount from 1 to {MAX_AMOUNT}; got {brief(kind.amount)}"
    if cat not in _COUNTED and cat not in (Category.TAKE_TWO, Category.PASS_TWO) and kind.amount != 0:
        return f"only Draw cards and Make-a-player-discard cards carry an amount; got {brief(kind.amount)}"
    if cat in (Category.TAKE_TWO, Category.PASS_TWO) and kind.amount not in (0, 2):
        return f"Take 2 cards and Pass 2 cards move up to 2 cards; amount must be 2; got {brief(kind.amount)}"
    if kind.scope is Scope.ALL and cat not in _SCOPED:
        return f"only Make-a-player-discard, Lay down purple cards and Crystal Ball may affect all opponents, not {cat.name}"
    return ""


def read_deck(data: object) -> Deck:
    """A :class:`Deck` from a parsed deck file, a path to one, or a Deck; ConfigError names a bad entry."""
    if isinstance(data, Deck):
        data = _as_data(data)
    if isinstance(data, (str, os.PathLike)):
        text = read_text(data, "magyar_nepmesek: option 'deck'", ConfigError)
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ConfigError(f"magyar_nepmesek: option 'deck': the deck file is not JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise ConfigError(
            f"magyar_nepmesek: option 'deck' must be None, a path to a deck file, its parsed JSON or a Deck; got {brief(data)}"
        )
    check_size(data, "magyar_nepmesek: option 'deck'", ConfigError)
    unknown = sorted(set(map(str, data)) - {"name", "about", "kinds"})
    if unknown:
        raise ConfigError(f"magyar_nepmesek: the deck has unknown field(s) {', '.join(unknown)}")
    name, about, raw_kinds = data.get("name"), data.get("about", ""), data.get("kinds")
    if not isinstance(name, str) or not name or not isinstance(about, str):
        raise ConfigError(
            f"magyar_nepmesek: the deck needs a non-empty string 'name' and a string 'about'; got {brief(name)}"
        )
    if not isinstance(raw_kinds, (list, tuple)) or not raw_kinds:
        raise ConfigError("magyar_nepmesek: the deck needs a non-empty list 'kinds'")
    if len(raw_kinds) > MAX_KINDS:
        raise ConfigError(
            f"magyar_nepmesek: the deck has {len(raw_kinds)} kinds of card; at most {MAX_KINDS}"
        )
    kinds = tuple(_check_kind(i, raw) for i, raw in enumerate(raw_kinds))
    total = sum(kind.count for kind in kinds)
    if total > MAX_CARDS:
        raise ConfigError(f"magyar_nepmesek: the deck holds {total} cards; at most {MAX_CARDS}")
    seen: set[str] = set()
    for i, kind in enumerate(kinds):
        if kind.id in seen:
            raise ConfigError(
                f"magyar_nepmesek: deck entry {i} ({brief(kind.id)}) repeats an id already used"
            )
        seen.add(kind.id)
    midnights = sum(k.count for k in kinds if k.category is Category.MIDNIGHT)
    if midnights != 3:
        raise ConfigError(
            f"magyar_nepmesek: the deck must hold exactly 3 Midnight cards (one per third); it holds {midnights}"
        )
    if not any(k.category is Category.POSITIVE for k in kinds):
        raise ConfigError("magyar_nepmesek: the deck holds no positive card")
    return Deck(name=name, about=about, kinds=kinds)


def _as_data(deck: Deck) -> dict[str, Any]:
    kinds = [
        {**attrs.asdict(k, recurse=False), "category": k.category.name, "scope": k.scope.name}
        for k in deck.kinds
    ]
    return {"name": deck.name, "about": deck.about, "kinds": kinds}


@functools.cache
def default_deck() -> Deck:
    """The shipped ``deck.json``."""
    text = resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
    return read_deck(json.loads(text))


@functools.cache
def mini_deck() -> Deck:
    """The shipped ``mini_deck.json``: the small variant's four cards and three Midnights."""
    text = resources.files(__package__).joinpath("mini_deck.json").read_text(encoding="utf-8")
    return read_deck(json.loads(text))
