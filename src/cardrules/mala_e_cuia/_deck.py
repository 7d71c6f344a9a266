"""The content deck: Situation cards (a General and a Bonus situation) and double-sided Item cards.

The rulebook prints no card texts, so the deck is data: the built-in one ships
with the package (``builtin_deck.json``) and a user may load their own (see
:mod:`._load`).  Every check here raises :class:`~cardrules.ConfigError` naming
the entry at fault; read from a record, the same checks surface as a
:class:`~cardrules.SerializationError`.

An *item* is one face of an Item card.  On the table it is known by its face
number ``2 * card + side`` (side 0 is the front, 1 the back) and, in moves, by
its name, which is unique in a deck.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from .._errors import ConfigError
from .._json import check_size
from .._words import brief

__all__ = [
    "MAX_CARDS",
    "MAX_TAGS",
    "MAX_TEXT",
    "Deck",
    "Item",
    "ItemCard",
    "Situation",
    "SituationCard",
    "check_tags",
]

#: A deck holds at most this many Situation cards and as many Item cards (the built-in one 44 and 64),
MAX_CARDS = 1_000
#: a text or a name at most this many characters (the built-in deck's longest holds 72),
MAX_TEXT = 500
#: and a situation or an item at most this many tags (the built-in deck's at most 3).
MAX_TAGS = 32

_TAG = re.compile(r"^[a-z0-9][a-z0-9_-]*(:[a-z0-9][a-z0-9_-]*)?$")


def check_tags(tags: tuple[str, ...], where: str) -> None:
    """Tags are short lowercase words, optionally ``category:value`` (``climate:cold``), each once."""
    if len(tags) > MAX_TAGS:
        raise ConfigError(f"{where}: {len(tags)} tags; at most {MAX_TAGS}")
    for tag in tags:
        if not isinstance(tag, str) or len(tag) > MAX_TEXT or not _TAG.match(tag):
            raise ConfigError(
                f"{where}: the tag {brief(tag)} is not allowed; a tag is lowercase letters, digits, '-' or '_', "
                "optionally as category:value (like 'climate:cold')"
            )
    if len(set(tags)) != len(tags):
        twice = sorted({t for t in tags if tags.count(t) > 1})
        raise ConfigError(f"{where}: the tag {brief(twice[0])} is listed twice")


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ConfigError(f"tags are a list of strings, not the single string {brief(value)}")
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"tags are a list of strings; got {brief(value)}")
    return tuple(value)


def _cards(value: object, kind: type[Any], part: str) -> tuple[Any, ...]:
    """A deck's cards of one part, each a ``kind`` (a deck built in Python is checked as one read from data)."""
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"the deck's {part} are a list of {kind.__name__}s; got {brief(value)}")
    if len(value) > MAX_CARDS:
        raise ConfigError(
            f"the deck holds {len(value)} {kind.__name__.removesuffix('Card')} cards; at most {MAX_CARDS}"
        )
    for i, card in enumerate(value):
        if not isinstance(card, kind):
            raise ConfigError(f"{part}[{i}] must be {_a(kind)}; got {brief(card)}")
    return tuple(value)


def _situation_cards(value: Iterable[SituationCard]) -> tuple[SituationCard, ...]:
    return _cards(value, SituationCard, "situations")


def _item_cards(value: Iterable[ItemCard]) -> tuple[ItemCard, ...]:
    return _cards(value, ItemCard, "items")


def _side(value: object, kind: type[Any], where: str) -> None:
    if not isinstance(value, kind):
        raise ConfigError(f"{where} must be {_a(kind)}; got {brief(value)}")


def _a(kind: type[Any]) -> str:
    return f"{'an' if kind.__name__[0] in 'AEIOU' else 'a'} {kind.__name__}"


def _text(value: str, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where} must be a non-empty text; got {brief(value)}")
    if len(value) > MAX_TEXT:
        raise ConfigError(f"{where} must be at most {MAX_TEXT} characters; got {len(value)}")


@attrs.frozen
class Situation:
    """One situation to pack for: the General one (A) or the Bonus one (B) of a card."""

    text: str
    tags: tuple[str, ...] = attrs.field(default=(), converter=_strings)

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class SituationCard:
    """Rulebook: "Each Situation Card presents a General Situation (A) and a Bonus Situation (B)"."""

    id: str
    general: Situation
    bonus: Situation

    def __str__(self) -> str:
        return f"{self.general} / Bonus: {self.bonus}"


@attrs.frozen
class Item:
    """One face of an Item card: something to pack."""

    name: str
    tags: tuple[str, ...] = attrs.field(default=(), converter=_strings)

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class ItemCard:
    """A double-sided Item card: "flip the Item Cards to their other side"."""

    id: str
    front: Item
    back: Item

    def side(self, side: int) -> Item:
        """The front (0) or the back (1)."""
        return self.back if side else self.front


@attrs.frozen(cache_hash=True)
class Deck:
    """A full set of Situation and Item cards, with a name for people.

    ``faces[f]`` is the item on face ``f`` (card ``f // 2``, front when ``f``
    is even); :meth:`face_of` finds a face by its item's name.
    """

    name: str
    situations: tuple[SituationCard, ...] = attrs.field(converter=_situation_cards)
    items: tuple[ItemCard, ...] = attrs.field(converter=_item_cards)
    faces: tuple[Item, ...] = attrs.field(init=False, eq=False, repr=False)
    names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _by_name: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _text(self.name, "the deck's name")
        _check_situations(self.situations)
        faces = tuple(face for card in self.items for face in (card.front, card.back))
        _check_items(self.items)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "names", tuple(f.name for f in faces))
        object.__setattr__(self, "_by_name", {f.name: i for i, f in enumerate(faces)})

    def face_of(self, name: str) -> int | None:
        """The face number of the item called ``name`` (exactly), or ``None``."""
        return self._by_name.get(name) if isinstance(name, str) else None

    def summary(self) -> str:
        """``'Travel kit' (40 Situation cards, 60 Item cards)``."""
        return f"{self.name!r} ({len(self.situations)} Situation cards, {len(self.items)} Item cards)"

    @classmethod
    def from_data(cls, data: object, *, source: str = "content") -> Deck:
        """A deck from parsed JSON or TOML data (see the docs page for the format).

        ``tags`` may be left out (no tags) and so may the deck's ``name``.
        Raises :class:`~cardrules.ConfigError` naming ``source`` and the entry at fault.
        """
        try:
            check_size(data, "the deck", ConfigError)
            return _parse_deck(data)
        except ConfigError as exc:
            raise ConfigError(f"mala_e_cuia: {source}: {exc}") from None


def _check_situations(cards: tuple[SituationCard, ...]) -> None:
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        where = f"situations[{i}]"
        _text(card.id, f"{where}.id")
        if card.id in seen:
            raise ConfigError(f"{where}: the id {card.id!r} is already used by situations[{seen[card.id]}]")
        seen[card.id] = i
        for part in ("general", "bonus"):
            situation: Situation = getattr(card, part)
            _side(situation, Situation, f"{where} ({card.id!r}).{part}")
            _text(situation.text, f"{where} ({card.id!r}).{part}.text")
            check_tags(situation.tags, f"{where} ({card.id!r}).{part}.tags")


def _check_items(cards: tuple[ItemCard, ...]) -> None:
    ids: dict[str, int] = {}
    names: dict[str, str] = {}
    for i, card in enumerate(cards):
        where = f"items[{i}]"
        _text(card.id, f"{where}.id")
        if card.id in ids:
            raise ConfigError(f"{where}: the id {card.id!r} is already used by items[{ids[card.id]}]")
        ids[card.id] = i
        for part in ("front", "back"):
            item: Item = getattr(card, part)
            here = f"{where} ({card.id!r}).{part}"
            _side(item, Item, here)
            _text(item.name, f"{here}.name")
            if item.name != item.name.strip():
                raise ConfigError(f"{here}.name {item.name!r} starts or ends with spaces")
            check_tags(item.tags, f"{here}.tags")
            key = item.name.casefold()
            if key in names:
                raise ConfigError(
                    f"{here}: the item name {item.name!r} is already on {names[key]}; every face needs its own item"
                )
            names[key] = here


# Reading user data, with messages that point at the entry.


def _mapping(
    data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ConfigError(f"{where} must be a table/object; got {_show(data)}")
    missing = [k for k in required if k not in data]
    if missing:
        raise ConfigError(f"{where} is missing {', '.join(missing)}")
    extra = sorted(str(k) for k in data if k not in required and k not in optional)
    if extra:
        allowed = ", ".join((*required, *optional))
        raise ConfigError(f"{where} has the unknown key {extra[0]!r}; the keys are {allowed}")
    return data


def _string(data: object, where: str) -> str:
    if not isinstance(data, str) or not data.strip():
        raise ConfigError(f"{where} must be a non-empty string; got {_show(data)}")
    return data


def _list(data: object, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise ConfigError(f"{where} must be a list; got {_show(data)}")
    return data


def _tags(data: object, where: str) -> tuple[str, ...]:
    tags = tuple(_string(t, f"{where}[{i}]") for i, t in enumerate(_list(data, where)))
    check_tags(tags, where)
    return tags


def _show(data: object) -> str:
    return brief(data, 50)


def _situation(data: object, where: str) -> Situation:
    entry = _mapping(data, where, ("text",), ("tags",))
    return Situation(_string(entry["text"], f"{where}.text"), _tags(entry.get("tags", []), f"{where}.tags"))


def _item(data: object, where: str) -> Item:
    entry = _mapping(data, where, ("name",), ("tags",))
    return Item(_string(entry["name"], f"{where}.name"), _tags(entry.get("tags", []), f"{where}.tags"))


def _parse_deck(data: object) -> Deck:
    top = _mapping(data, "the deck", ("situations", "items"), ("name",))
    situations = []
    for i, raw in enumerate(_list(top["situations"], "situations")):
        where = f"situations[{i}]"
        entry = _mapping(raw, where, ("id", "general", "bonus"), ())
        card_id = _string(entry["id"], f"{where}.id")
        here = f"{where} ({card_id!r})"
        situations.append(
            SituationCard(
                card_id,
                _situation(entry["general"], f"{here}.general"),
                _situation(entry["bonus"], f"{here}.bonus"),
            )
        )
    items = []
    for i, raw in enumerate(_list(top["items"], "items")):
        where = f"items[{i}]"
        entry = _mapping(raw, where, ("id", "front", "back"), ())
        card_id = _string(entry["id"], f"{where}.id")
        here = f"{where} ({card_id!r})"
        items.append(
            ItemCard(card_id, _item(entry["front"], f"{here}.front"), _item(entry["back"], f"{here}.back"))
        )
    name = _string(top.get("name", "custom deck"), "name")
    return Deck(name, tuple(situations), tuple(items))
