"""What a game's rules page (its ``RULES.md``) says of each card: the lines ``?`` shows at the prompt.

Every line is the rulebook's: a sentence it quotes on the card, or facts read from its quotes and
tables.  The core reads the quotes (:func:`glossary`); a game whose tables say more (Malilla's points
and ranking, La Maldición's card table, Magyar népmesék's deck table and its rules for laying down and
Midnight) reads them in its own ``_rulebook.py``, a :class:`Rulebook` its ``Game`` names as
``rulebook``.  Nothing here states a rule the page does not.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._base import BaseView

__all__ = [
    "Rulebook",
    "card_name",
    "explain_card",
    "explain_hand",
    "glossary",
    "page",
    "quote_text",
    "quoted",
]


class Rulebook:
    """What a game's rules page says of its cards.  This base reads only the page's quotes; a game
    whose tables say more subclasses it in its ``_rulebook.py`` and names it as ``Game.rulebook``."""

    __slots__ = ()

    def name(self, card: object) -> str:
        """``card`` as the rulebook names it (a game whose cards print as ids names them)."""
        return str(card)

    def card(self, view: BaseView[Any], card: object, name: str) -> str | None:
        """What the page says of ``card`` (named ``name``) in the game of ``view``, or ``None``.  Raises
        :class:`LookupError` when the page no longer says it as the game reads it (then its quotes
        alone are shown)."""
        return quoted(view, card, name)

    def held(self, view: BaseView[Any]) -> tuple[str, ...]:
        """Lines on what the seat holds beside its hand (La Maldición's Curse); none by default."""
        return ()


def card_name(view: BaseView[Any], card: object) -> str:
    """A card as the rulebook names it: the game's ``card_name`` where its cards print as ids."""
    return rulebook_of(view).name(card)


def rulebook_of(view: BaseView[Any]) -> Rulebook:
    """The reader of the rules page of ``view``'s game."""
    rulebook: Rulebook = view.game.rulebook
    return rulebook


def explain_hand(view: BaseView[Any]) -> tuple[str, ...]:
    """A line on each kind of card at hand, then on the Curse and the Hero the seat holds: the
    rulebook's own words for it, or what its tables say of it."""
    lines = []
    for card in dict.fromkeys(getattr(view, "hand", ())):
        said = explain_card(view, card)
        if said:
            lines.append(f"{card_name(view, card)}: {said}")
    lines.extend(rulebook_of(view).held(view))
    hero = getattr(view, "hero", None)
    entries = glossary(view.game_name)
    if hero is not None and str(hero) in entries:
        lines.append(f"your Hero, {hero}: {entries[str(hero)]}")
    return tuple(lines)


def explain_card(view: BaseView[Any], card: object) -> str | None:
    """What the rulebook says of ``card`` in the game of ``view`` (whose trump, for Malilla), or ``None``."""
    name = card_name(view, card)
    try:
        return rulebook_of(view).card(view, card, name)
    except LookupError:  # the page no longer says it as the game reads it (the tests say so): its quotes only
        return quoted(view, card, name)


def page(game_name: str) -> str:
    """The text of the game's ``RULES.md``."""
    # Imported on first use, as ``cardrules rules`` does: ``import cardrules`` (whose BaseGame names a
    # Rulebook) and Malilla or La Maldición stay free of importlib.resources and what it loads.
    from importlib import resources

    return resources.files(f"cardrules.{game_name}").joinpath("RULES.md").read_text(encoding="utf-8")


def quote_text(text: str) -> str:
    """A page's quoted lines (``> ...``) joined into one text, each quote on its own line."""
    quotes: list[str] = []
    for block in text.split("\n\n"):
        lines = [line.strip() for line in block.strip().split("\n")]
        if lines and all(line.startswith(">") or re.match(r"\d+\. >", line) for line in lines):
            quotes.append(" ".join(re.sub(r"^(?:\d+\. )?> ?", "", line) for line in lines).strip())
    return "\n".join(quotes)


_CARD_QUOTE = re.compile(r"(?P<name>[A-Z][\w' ]+?) card … (?P<text>.+)")
_HERO_QUOTE = re.compile(r"\w+ – (?P<name>\w+)\. Ability: (?P<ability>[^.]+)\. (?P<text>.+)")
#: "Pinkó (joker card): A joker that …": a card's name, its kind in brackets, then its rule.
_NAMED_QUOTE = re.compile(r"(?P<name>[A-Z]\w+) \((?P<kind>\w+ card)\): (?P<text>.+)")
_BULLET = re.compile(r"- (?P<names>(?:\*\*[^*]+\*\*(?:, | and )?)+): \"(?P<text>[^\"]+)\"")
_BULLET_NAME = re.compile(r"\*\*(?P<name>[^*(]+?)(?: \([^)]*\))?\*\*")


@functools.lru_cache(maxsize=8)  # one entry per game of the package
def glossary(game_name: str) -> dict[str, str]:
    """Card and Hero names with the rulebook's sentences on them, as the game's rules page quotes them:
    a quote under a ``###`` heading of that name, a quote "X card … text" or "X (joker card): text", a
    Hero's "Class – Name. Ability: ...", or a bullet ``- **Name**: "text"`` (or ``- **A**, **B**: "text"``)."""
    entries: dict[str, str] = {}
    heading = None
    for block in page(game_name).split("\n\n"):
        block = block.strip()
        text = " ".join(line.lstrip("> ").strip() for line in block.split("\n"))
        if block.startswith("### "):
            heading = block[4:].strip()
            continue
        if block.startswith('> "'):
            quote = text.strip().removeprefix('"').removesuffix('"')
            for pattern in (_CARD_QUOTE, _HERO_QUOTE, _NAMED_QUOTE):
                found = pattern.fullmatch(quote)
                if found is not None:
                    said = found["text"]
                    if "ability" in found.groupdict():
                        said = f"{found['ability']}: {said}"
                    entries.setdefault(found["name"], said)
                    break
            else:
                if heading is not None:
                    entries.setdefault(heading, quote)
        elif block.startswith("- **"):
            for item in re.split(r"\n(?=- )", block):
                found = _BULLET.match(" ".join(item.split()))
                if found is not None:
                    for name in _BULLET_NAME.finditer(found["names"]):
                        entries.setdefault(name["name"].strip(), found["text"].strip())
        heading = None
    return entries


def quoted(view: BaseView[Any], card: object, name: str) -> str | None:
    """The glossary's entry whose name is the longest one in the card's name ("Fire Shield": Shield)."""
    entries = glossary(view.game_name)
    keys = [key for key in entries if re.search(rf"(?<!\w){re.escape(key)}(?!\w)", name, re.IGNORECASE)]
    return entries[max(keys, key=len)] if keys else None
