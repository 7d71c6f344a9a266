"""What a front end needs to draw a game: printed names and faces of its cards, its options in words.

Everything comes from the engine: the game module's one-line summary, the
``Game``'s fields and validators (as the command line's ``--help`` lists them),
the cards' own names (``str`` of a card, Magyar népmesék's :func:`card_name`,
Mala e Cuia's deck) and the effect and ability texts of the game's rules page
(``RULES.md``, the text ``cardrules rules`` prints).  A view's JSON names a card
by its id (``"club/fire"``) and a Hero or element by its enum name; the
catalogue maps each to what the terminal prints, so a page never shows an id.
"""

from __future__ import annotations

import copy
import functools
import re
import sys
from importlib import resources
from typing import Any, Literal

import attrs

from .. import magyar_nepmesek, mala_suerte, maldicion, malilla
from .._base import BaseGame
from .._registry import games

__all__ = ["OptionInfo", "catalogue", "option_fields"]

AnyGame = BaseGame[Any, Any]
OptionKind = Literal["choice", "integer", "boolean", "data"]

_TITLES = {
    "malilla": "Malilla",
    "mala_suerte": "Mala Suerte",
    "magyar_nepmesek": "Magyar népmesék",
    "mala_e_cuia": "Mala e Cuia",
    "maldicion": "La Maldición",
}
_BOUNDS = re.compile(r"(-?\d+) to (-?\d+)|at least (-?\d+)")
_SENTENCE = re.compile(r"(?<=[.])\s+(?=``|[A-Z\"(])|\n\s*\*\s+")


@attrs.frozen
class OptionInfo:
    """One option of a game as a form offers it: allowed values, default and one line of help."""

    name: str
    kind: OptionKind
    default: object
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def to_json(self) -> dict[str, object]:
        """The option as JSON, for ``GET /api/games/GAME``."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default if self.kind != "data" else None,
            "help": self.help,
            "choices": list(self.choices),
            "min": self.low,
            "max": self.high,
        }


def option_fields(cls: type[AnyGame]) -> tuple[OptionInfo, ...]:
    """The options of ``cls`` from its fields: a validator's allowed values, the default, its docstring's words.

    An option with no validator of its own (a deck of cards given as data) is
    ``"data"``: a form leaves it at its default.
    """
    doc = (cls.__doc__ or "").strip()
    found: list[OptionInfo] = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        check = field.validator
        allowed: str | None = getattr(check, "allowed", None)
        choices: tuple[str, ...] | None = getattr(check, "choices", None)
        default = field.default
        help_text = _help(doc, field.alias)
        if allowed is None or isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            found.append(
                OptionInfo(field.alias, "data", None, help_text or "the card data: the built-in deck")
            )
        elif isinstance(default, bool):
            found.append(OptionInfo(field.alias, "boolean", default, help_text or allowed))
        elif choices:
            found.append(OptionInfo(field.alias, "choice", default, help_text or allowed, tuple(choices)))
        else:
            bounds = _BOUNDS.fullmatch(allowed)
            low = high = None
            if bounds is not None:
                low = int(bounds.group(1) or bounds.group(3))
                high = int(bounds.group(2)) if bounds.group(2) else None
            found.append(OptionInfo(field.alias, "integer", default, help_text or allowed, (), low, high))
    return tuple(found)


def _help(doc: str, name: str) -> str:
    """The first sentence of the ``Game`` docstring that names option ``name``, in plain words."""
    if name == "players":
        return "how many seats at the table"
    for sentence in _SENTENCE.split(doc):
        if f"``{name}``" in sentence or f"``{name}=" in sentence:
            text = re.sub(r":\w+:`~?([^`]+)`", r"\1", sentence)
            text = " ".join(text.replace("``", "").split())
            text = text.removeprefix(f"{name}: ")
            return text if len(text) <= 240 else text[:239].rsplit(" ", 1)[0] + "…"
    return ""


def _rules(game: str) -> str:
    return resources.files(f"cardrules.{game}").joinpath("RULES.md").read_text(encoding="utf-8")


def _table_column(rules: str, first: int, column: int) -> dict[str, str]:
    """The rows of the rules page's Markdown tables: the text of column ``column`` by that of column ``first``."""
    rows: dict[str, str] = {}
    for line in rules.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) > column and cells[0] and not set(cells[0]) <= {"-"}:
            key = re.sub(r"\s*\(.*\)$", "", cells[first])
            rows.setdefault(key, cells[column].strip('"'))
    return rows


def catalogue(game: AnyGame) -> dict[str, Any]:
    """Everything a page draws ``game`` with (JSON-ready): title, summary, options, cards and names.

    A fresh copy each time: the one kept for each game stays as it was made.
    """
    return copy.deepcopy(_catalogue(game))


@functools.lru_cache(maxsize=64)
def _catalogue(game: AnyGame) -> dict[str, Any]:
    cls = games()[game.name]
    module = sys.modules[cls.__module__.rsplit(".", 1)[0]]
    summary = (module.__doc__ or "").strip().splitlines()[0]
    entry: dict[str, Any] = {
        "game": game.name,
        "title": _TITLES.get(game.name, game.name),
        "description": summary,
        "players": game.players,
        "options": [option.to_json() for option in option_fields(cls)],
        "cards": {},
        "names": {},
    }
    _FILL[game.name](game, entry)
    return entry


def _malilla(game: AnyGame, entry: dict[str, Any]) -> None:
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    for card in malilla.DECK:
        code = card.to_json()
        entry["cards"][code] = {
            "name": str(card),
            "rank": card.rank.value,
            "suit": str(card.suit),
            "suit_name": suits[card.suit.value],
            "red": card.suit.value in "hd",
            "points": card.points,
        }
        entry["names"][code] = str(card)


def _mala_suerte(game: AnyGame, entry: dict[str, Any]) -> None:
    effects = _table_column(_rules("mala_suerte"), 0, 1)
    for card in mala_suerte.CARDS:
        entry["cards"][card.to_json()] = {
            "name": str(card),
            "kind": str(card.kind),
            "colour": str(card.colour),
            "effect": effects[str(card.kind)],
        }
    for colour in mala_suerte.COLOURS:
        entry["names"][colour.name] = str(colour)
    for step in mala_suerte.Step:
        entry["names"][step.name] = step.value.replace("_", " ")


def _magyar_nepmesek(game: AnyGame, entry: dict[str, Any]) -> None:
    for kind in game.deck.kinds:  # type: ignore[attr-defined]
        name = magyar_nepmesek.card_name(kind.id)
        purple = kind.category is magyar_nepmesek.Category.NEGATIVE
        picture = re.sub(r"^[+-]\d+\s*", "", name)
        entry["cards"][kind.id] = {
            "name": name,
            "value": kind.value or None,
            "picture": picture,
            "purple": purple,
            "category": kind.category.value.replace("_", " "),
        }
    for meld in magyar_nepmesek.MeldKind:
        entry["names"][meld.name] = meld.value


def _mala_e_cuia(game: AnyGame, entry: dict[str, Any]) -> None:
    deck = game.deck  # type: ignore[attr-defined]
    entry["items"] = list(deck.names)
    entry["situations"] = [{"general": s.general.text, "bonus": s.bonus.text} for s in deck.situations]
    for face, name in enumerate(deck.names):
        entry["cards"][str(face)] = {"name": name}


def _maldicion(game: AnyGame, entry: dict[str, Any]) -> None:
    rules = _rules("maldicion")
    effects = _table_column(rules, 1, 4)
    for card in maldicion.CARDS:
        effect = effects.get(card.figure.printed, "")
        entry["cards"][card.to_json()] = {
            "name": str(card),
            "figure": card.figure.printed,
            "element": None if card.element is None else str(card.element),
            "group": card.group.value,
            "hp": card.hp,
            "effect": "" if effect == "none" or effect.startswith("none:") else effect,
        }
    for element in maldicion.Element:
        entry["names"][element.name] = str(element)
    abilities = _abilities(rules)
    entry["heroes"] = {hero.name: {"name": str(hero), **abilities[str(hero)]} for hero in maldicion.Hero}
    for hero in maldicion.Hero:
        entry["names"][hero.name] = str(hero)


def _abilities(rules: str) -> dict[str, dict[str, str]]:
    """Each Hero's role, ability and its text, as the rules page quotes them."""
    quoted = " ".join(line[1:].strip() for line in rules.splitlines() if line.startswith(">"))
    found = {}
    for match in re.finditer(r"\"(\w+) – (\w+)\. Ability: ([^.]+)\. (.*?)\"", quoted):
        role, name, ability, text = match.groups()
        found[name] = {"role": role, "ability": ability, "text": " ".join(text.split())}
    return found


_FILL = {
    "malilla": _malilla,
    "mala_suerte": _mala_suerte,
    "magyar_nepmesek": _magyar_nepmesek,
    "mala_e_cuia": _mala_e_cuia,
    "maldicion": _maldicion,
}
