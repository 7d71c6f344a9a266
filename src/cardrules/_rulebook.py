"""What a game's rules page (its ``RULES.md``) says of each card: the lines ``?`` shows at the prompt.

Every line is the rulebook's: a sentence it quotes on the card, or facts read from its quotes and
tables (Malilla's points and ranking, La Maldición's card table, Magyar népmesék's deck table and its
rules for laying down and Midnight).  Nothing here states a rule the page does not.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from ._base import BaseView

__all__ = ["card_name", "explain_card", "explain_hand", "glossary"]


def card_name(view: BaseView[Any], card: object) -> str:
    """A card as the rulebook names it: the game's ``card_name`` where its cards print as ids."""
    name = getattr(importlib.import_module(f"cardrules.{view.game_name}"), "card_name", None)
    return str(name(card)) if callable(name) else str(card)


def explain_hand(view: BaseView[Any]) -> tuple[str, ...]:
    """A line on each kind of card at hand, then on the Curse and the Hero the seat holds: the
    rulebook's own words for it, or what its tables say of it."""
    lines = []
    for card in dict.fromkeys(getattr(view, "hand", ())):
        said = explain_card(view, card)
        if said:
            lines.append(f"{card_name(view, card)}: {said}")
    if view.game_name == "maldicion":
        lines.extend(_maldicion_curse(view))
    hero = getattr(view, "hero", None)
    entries = glossary(view.game_name)
    if hero is not None and str(hero) in entries:
        lines.append(f"your Hero, {hero}: {entries[str(hero)]}")
    return tuple(lines)


def explain_card(view: BaseView[Any], card: object) -> str | None:
    """What the rulebook says of ``card`` in the game of ``view`` (whose trump, for Malilla), or ``None``."""
    explain = _EXPLAINERS.get(view.game_name, _quoted)
    name = card_name(view, card)
    try:
        return explain(view, card, name)
    except LookupError:  # the page no longer says it as read here (the tests say so): its quotes only
        return _quoted(view, card, name)


def _page(game_name: str) -> str:
    return resources.files(f"cardrules.{game_name}").joinpath("RULES.md").read_text(encoding="utf-8")


def _quote_text(page: str) -> str:
    """The page's quoted lines (``> ...``) joined into one text, each quote on its own line."""
    quotes: list[str] = []
    for block in page.split("\n\n"):
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
    for block in _page(game_name).split("\n\n"):
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


def _quoted(view: BaseView[Any], card: object, name: str) -> str | None:
    """The glossary's entry whose name is the longest one in the card's name ("Fire Shield": Shield)."""
    entries = glossary(view.game_name)
    keys = [key for key in entries if re.search(rf"(?<!\w){re.escape(key)}(?!\w)", name, re.IGNORECASE)]
    return entries[max(keys, key=len)] if keys else None


# Malilla: no card has an effect; what matters is its points, its rank, and whether it is a trump.


@functools.lru_cache(maxsize=1)
def _malilla_facts() -> tuple[tuple[str, ...], dict[str, str], str, str]:
    """The ranking (high to low), the points of each rank in the rulebook's words, what makes the
    trump suit, and the 7 rule, all as RULES.md quotes them."""
    quotes = _quote_text(_page("malilla"))
    ranking_found = re.search(r"ranking of \(high\) (?P<ranks>[^(]+) \(low\)", quotes)
    trump_found = re.search(r"This card indicates the trump suit for the hand\.", quotes)
    seven_found = re.search(r"you cannot play a 7 of a non-trump suit that has not yet been led", quotes)
    if ranking_found is None or trump_found is None or seven_found is None:
        raise LookupError("malilla's RULES.md no longer quotes its ranking, trump and 7 rule")
    ranking = tuple(rank.strip() for rank in ranking_found["ranks"].split(","))
    points: dict[str, str] = {}
    for found in re.finditer(r"(?P<rank>\w+)(?: through (?P<last>\w+))?: (?P<points>\w+) points?\.", quotes):
        first, last = _malilla_rank(found["rank"], ranking), _malilla_rank(found["last"], ranking)
        if first is None:
            continue
        span = ranking[ranking.index(first) : ranking.index(last) + 1] if last is not None else (first,)
        for rank in span:
            points[rank] = f"{found['points']} point{'s' if found['points'] != 'one' else ''}"
    if set(points) != set(ranking):
        raise LookupError("malilla's RULES.md no longer gives the points of every rank")
    return ranking, points, trump_found[0], seven_found[0]


def _malilla_rank(word: str | None, ranking: tuple[str, ...]) -> str | None:
    """The rank a points sentence names: "7", "6s", "Ace" (its initial, as the ranking writes it)."""
    if word is None:
        return None
    word = word.removesuffix("s") if word[:-1].isdigit() else word
    for rank in ranking:
        if word == rank or (not word.isdigit() and word[0] == rank and len(rank) == 1 and rank.isalpha()):
            return rank
    return None


def _malilla(view: BaseView[Any], card: object, name: str) -> str:
    ranking, points, _, seven = _malilla_facts()
    rank, suit = name[:-1], name[-1]
    place = ranking.index(rank)
    where = (
        "the highest card"
        if place == 0
        else "the lowest card"
        if place == len(ranking) - 1
        else f"{_ORDINALS[place]} highest"
    )
    trump = str(getattr(view, "trump", ""))
    said = f"{points[rank]}; {where} of its suit ({', '.join(ranking)})"
    if trump.endswith(suit):
        return f"{said}; a trump (the dealer's face-up card, {trump}, names the trump suit)"
    if rank == "7":
        return (
            f'{said}; when you cannot follow suit, "{seven}" (waived when it is the only card you may play)'
        )
    return said


_ORDINALS = ("first", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


# La Maldición: its card table says what each figure is, with its printed HP and effect.


@functools.lru_cache(maxsize=1)
def _maldicion_table(game_name: str) -> dict[str, tuple[str, str, str]]:
    """Each figure of the card table ("Club", "Curse") with its group, printed HP and effect; a bare
    "none" reads as the fuller "none: …" given to an earlier figure of its group."""
    rows: dict[str, tuple[str, str, str]] = {}
    effects: dict[str, str] = {}
    for line in _page(game_name).split("\n"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("group", "---"):
            continue
        group, figure, _, hp, effect = cells
        effect = effects.get(group, effect) if effects.get(group, "").startswith(f"{effect}:") else effect
        effects.setdefault(group, effect)
        name = figure.split(" (")[0]
        rows[name] = (group, hp, effect)
    return rows


def _maldicion(view: BaseView[Any], card: object, name: str) -> str | None:
    quoted = _quoted(view, card, name)
    if quoted is not None:
        return quoted
    table = _maldicion_table(view.game_name)
    figure = next((key for key in sorted(table, key=len, reverse=True) if name.endswith(key)), None)
    if figure is None:
        return None
    group, hp, effect = table[figure]
    return f"{group} card, effect {effect}; printed HP {hp} (used only in PvP)"


def _maldicion_curse(view: BaseView[Any]) -> tuple[str, ...]:
    """The Curse the seat holds beside its hand (its team's in Guild War), by the card table's row."""
    row = _maldicion_table(view.game_name).get("Curse")
    if row is None:
        return ()
    curse = getattr(view, "curse", None)
    which = f"your Curse, {curse}" if curse is not None else "your Curse (its element unseen)"
    return (f"{which}: {row[2]}",)


# Magyar népmesék: the deck data (the table of the rules page, or the user's own file) gives each
# card's category and value; the rules for laying down and for Midnight say what a positive and a
# purple card do.


@functools.lru_cache(maxsize=1)
def _magyar_facts() -> dict[str, str]:
    """What the rulebook says of a positive card (its combinations) and of a purple one (laid down at
    Midnight and at the end)."""
    quotes = _quote_text(_page("magyar_nepmesek"))
    lay = re.search(
        r"Group \(Csoport\): (?P<group>[^.]+)\. Row \(Sor\): (?P<row>[^.]+)\. A single \+4 card: (?P<single>[^.]+)\.",
        quotes,
    )
    purple = re.search(r"every negative \(purple\) card (?P<rule>must be laid down in front of its owner)\. "
                       r"These remain there until the end of the game and (?P<then>reduce the player's total "
                       r"score)\.", quotes)  # fmt: skip
    end = re.search(r"must lay down every purple card in front of themselves", quotes)
    if lay is None or purple is None or end is None:
        raise LookupError("magyar_nepmesek's RULES.md no longer quotes its deck, combinations and Midnight")
    facts = {
        "group": lay["group"],
        "row": lay["row"],
        "single": lay["single"],
        "purple": f"at a Midnight and at the end of the game every purple card {purple['rule']}; "
        f"these {purple['then']}",
    }
    return facts


def _magyar_kinds(view: BaseView[Any]) -> dict[str, tuple[str, int, str]]:
    """Each card id of the game's deck with its category, value and scope (``POSITIVE``, 1, ``ONE``)."""
    deck = getattr(view.game, "deck", None)
    return {kind.id: (kind.category.name, kind.value, kind.scope.name) for kind in getattr(deck, "kinds", ())}


def _magyar(view: BaseView[Any], card: object, name: str) -> str | None:
    facts = _magyar_facts()
    rows = _magyar_kinds(view)
    row = rows.get(str(card))
    if row is None:
        return _quoted(view, card, name) or _quoted(view, card, _without_numbers(name))
    category, value, scope = row
    if category == "POSITIVE":
        said = (
            f"a positive card, {value:+d}, laid down in a Group ({facts['group']}) or a Row ({facts['row']})"
        )
        return said + (f", or alone ({facts['single']})" if value == 4 else "")
    if category == "NEGATIVE":
        return f"a purple negative card, {value:+d}: {facts['purple']}"
    # A category's cards share what the rulebook says of its first one ("All opponents discard 1" is
    # a "Make a player discard" card; "Draw 3 cards" a "Draw cards" one).
    first = next(other for other, (kind, _, _) in rows.items() if kind == category)
    first_name = card_name(view, first)
    quoted = _quoted(view, first, first_name) or _quoted(view, first, _without_numbers(first_name))
    if quoted is not None and scope == "ALL":
        everyone = glossary(view.game_name).get("Actions affecting all opponents")
        if everyone is not None:
            quoted = f"{quoted} Against all opponents: {everyone}"
    return quoted


def _without_numbers(name: str) -> str:
    """ "Draw 2 cards" as the rulebook names the kind: "Draw cards"."""
    return re.sub(r" \d+(?= |$)", "", name)


_EXPLAINERS: Mapping[str, Callable[[BaseView[Any], object, str], str | None]] = {
    "malilla": _malilla,
    "maldicion": _maldicion,
    "magyar_nepmesek": _magyar,
}
