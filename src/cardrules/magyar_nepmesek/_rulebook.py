"""What Magyar népmesék's rules page says of a card: the deck data (the page's table, or the user's
own file) gives each card's category and value; the rules for laying down and for Midnight say what a
positive and a purple card do."""

from __future__ import annotations

import functools
import re
from typing import Any

from .._base import BaseView
from .._rulebook import Rulebook, glossary, page, quote_text, quoted
from ._cards import card_name

__all__ = ["MagyarRulebook"]


@functools.lru_cache(maxsize=1)
def _magyar_facts() -> dict[str, str]:
    """What the rulebook says of a positive card (its combinations) and of a purple one (laid down at
    Midnight and at the end)."""
    quotes = quote_text(page("magyar_nepmesek"))
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


class MagyarRulebook(Rulebook):
    """A card by its human name; its category and value from the deck data, with what the rules for
    laying down and for Midnight say of a positive or purple card, or its category's quote."""

    __slots__ = ()

    def name(self, card: object) -> str:
        return card_name(str(card))

    def card(self, view: BaseView[Any], card: object, name: str) -> str | None:
        return _magyar(view, card, name)


def _magyar(view: BaseView[Any], card: object, name: str) -> str | None:
    """What the deck data and the rules for laying down and for Midnight say of ``card``."""
    facts = _magyar_facts()
    rows = _magyar_kinds(view)
    row = rows.get(str(card))
    if row is None:
        return quoted(view, card, name) or quoted(view, card, _without_numbers(name))
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
    first_name = card_name(first)
    shared = quoted(view, first, first_name) or quoted(view, first, _without_numbers(first_name))
    if shared is not None and scope == "ALL":
        everyone = glossary(view.game_name).get("Actions affecting all opponents")
        if everyone is not None:
            shared = f"{shared} Against all opponents: {everyone}"
    return shared


def _without_numbers(name: str) -> str:
    """ "Draw 2 cards" as the rulebook names the kind: "Draw cards"."""
    return re.sub(r" \d+(?= |$)", "", name)
