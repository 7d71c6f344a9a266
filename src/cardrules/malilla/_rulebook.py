"""What Malilla's rules page says of a card: its points and rank, and whether it is a trump, read from
the page's quotes (the lines ``?`` shows at the prompt)."""

from __future__ import annotations

import functools
import re
from typing import Any

from .._base import BaseView
from .._rulebook import Rulebook, page, quote_text

__all__ = ["MalillaRulebook"]


@functools.lru_cache(maxsize=1)
def _malilla_facts() -> tuple[tuple[str, ...], dict[str, str], str, str]:
    """The ranking (high to low), the points of each rank in the rulebook's words, what makes the
    trump suit, and the 7 rule, all as RULES.md quotes them."""
    quotes = quote_text(page("malilla"))
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


class MalillaRulebook(Rulebook):
    """No Malilla card has an effect: what matters is its points, its rank, and whether it is a trump,
    as the page's quotes give them."""

    __slots__ = ()

    def card(self, view: BaseView[Any], card: object, name: str) -> str:
        return _malilla(view, name)


def _malilla(view: BaseView[Any], name: str) -> str:
    """A card's points and rank, and what makes it a trump or restricts it (a 7)."""
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
