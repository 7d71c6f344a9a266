"""Mala e Cuia's items and cards in the one-line notation: an item by its printed name (``_`` for a
space: ``Blister_plasters``), an Item card by its id, a Situation card by its id.

The JSON form numbers them within the game's deck (a face is ``2 * card + side``), which a player
cannot read; the words follow the deck the reading game holds.  Numbers still read, so a line
written before the words were (a web table's stored position, say) loads as it did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

from .._errors import SerializationError
from .._json import JSON
from .._notation import Words
from .._words import brief

if TYPE_CHECKING:
    from ._deck import Deck
    from ._game import Game

__all__ = ["ITEM_WORDS"]

#: The keys whose values are faces (an item), Item cards, or Situation cards, wherever they nest.
_FACES: Final = frozenset({"table", "general", "bonus"})
_ITEM_CARDS: Final = frozenset({"discarded_items"})
_SITUATIONS: Final = frozenset({"situation", "situations", "discarded_situations"})


class _Lexicon:
    """The words of one deck, both ways (kept for the last deck read or written)."""

    __slots__ = ("card_ids", "cards", "face_words", "faces", "situation_ids", "situations")

    def __init__(self, deck: Deck) -> None:
        names = deck.names
        taken = set(names)
        # A name with a space is written with ``_``, unless it holds one or that word is another's name.
        self.face_words = tuple(
            name.replace(" ", "_")
            if "_" not in name and name.replace(" ", "_") not in taken - {name}
            else name
            for name in names
        )
        self.faces: dict[str, int] = {word: face for face, word in enumerate(self.face_words)}
        for face, name in enumerate(names):
            self.faces.setdefault(name, face)
        self.card_ids = tuple(card.id for card in deck.items)
        self.cards = {card_id: card for card, card_id in enumerate(self.card_ids)}
        self.situation_ids = tuple(card.id for card in deck.situations)
        self.situations = {card_id: card for card, card_id in enumerate(self.situation_ids)}


_LAST: list[tuple[Deck, _Lexicon]] = []


def _lexicon(deck: Deck) -> _Lexicon:
    if not _LAST or _LAST[0][0] is not deck:
        _LAST[:] = [(deck, _Lexicon(deck))]
    return _LAST[0][1]


class ItemWords(Words):
    """Faces, Item cards and Situation cards as the deck's words."""

    __slots__ = ()

    def write(self, game: Game, data: dict[str, JSON]) -> dict[str, JSON]:
        words = _lexicon(game.deck)
        written = {"face": words.face_words, "card": words.card_ids, "situation": words.situation_ids}

        def convert(kind: str, value: JSON, field: str) -> JSON:
            # Numbers the state checked: a face, card or situation of this deck.
            return written[kind][value] if type(value) is int else value

        return _mapped(data, "", convert)

    def read(self, game: Game, data: dict[str, JSON], what: str) -> dict[str, JSON]:
        words = _lexicon(game.deck)
        tables = {"face": words.faces, "card": words.cards, "situation": words.situations}
        names = {"face": "item", "card": "Item card's id", "situation": "Situation card's id"}

        def convert(kind: str, value: JSON, field: str) -> JSON:
            if not isinstance(value, str):
                return value  # a number, as the JSON form (and lines written before the words) hold
            found = tables[kind].get(value)
            if found is None:
                found = tables[kind].get(value.replace("_", " "))
            if found is None:
                raise SerializationError(
                    f"{what}: {field} holds {brief(value)}, which is no {names[kind]} of the deck {game.deck.name!r}"
                )
            return found

        return _mapped(data, "", convert)


#: What the values under each key are: ``face`` (an item), ``card`` (an Item card) or ``situation``.
_KINDS: Final[Mapping[str, str]] = {
    "table": "face",
    "general": "face",
    "bonus": "face",
    "discarded_items": "card",
    "situation": "situation",
    "situations": "situation",
    "discarded_situations": "situation",
}


def _mapped(data: dict[str, JSON], where: str, convert: Callable[[str, JSON, str], JSON]) -> dict[str, JSON]:
    """``data`` with the values under the keys of :data:`_KINDS` (or in lists under them) converted,
    wherever they nest; ``where`` is the path of ``data`` for the errors."""
    result: dict[str, JSON] = {}
    for key, value in data.items():
        field = f"{where}.{key}" if where else key
        kind = _KINDS.get(key)
        if kind is not None and isinstance(value, list):
            result[key] = [convert(kind, item, f"{field}[{index}]") for index, item in enumerate(value)]
        elif kind is not None:
            result[key] = convert(kind, value, field)
        else:
            result[key] = _nested(value, field, convert)
    return result


def _nested(value: JSON, field: str, convert: Callable[[str, JSON, str], JSON]) -> JSON:
    if isinstance(value, dict):
        return _mapped(value, field, convert)
    if isinstance(value, list):
        return [_nested(item, f"{field}[{index}]", convert) for index, item in enumerate(value)]
    return value


#: The words of every Mala e Cuia state and view.
ITEM_WORDS: Final = ItemWords()
