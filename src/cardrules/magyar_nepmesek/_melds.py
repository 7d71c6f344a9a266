"""Combinations: what may be laid down (groups, rows, a lone +4), negative rows to discard, and their scores.

"Group: two or more completely identical positive (+) cards.  Row: a row of
at least 3 positive cards.  A single +4 card."  A joker (Pinkó, or the
Chipped Mug) "can replace any of the +1, +2 or +3 cards when laying down a
group or a row, but the +4 only in a row ... Only one Pinkó may appear in a
single laying down."
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product

import attrs

from .._fast import fast_init
from ._cards import JOKERS, CardTable, LayRole
from ._deck import Category
from ._rules import HIGHEST, JOKERS_PER_LAY, LOWEST, joker_may_replace, may_lay_alone

__all__ = [
    "GROUP",
    "PURPLE",
    "ROW",
    "SINGLE",
    "Meld",
    "MeldKind",
    "group_adds",
    "group_kind",
    "lay_options",
    "make_meld",
    "negative_rows",
    "purple_meld",
]


class MeldKind(enum.Enum):
    """What a laid-down set of cards is."""

    GROUP = "group"
    ROW = "row"
    SINGLE = "single"
    PURPLE = "purple"


#: The kinds as module constants, as the categories in ``_deck``.
GROUP = MeldKind.GROUP
PURPLE = MeldKind.PURPLE
ROW = MeldKind.ROW
SINGLE = MeldKind.SINGLE


@fast_init
@attrs.frozen
class Meld:
    """Cards laid in front of a seat.

    ``stands[i]`` is the value ``cards[i]`` stands for (a joker's declared
    value); ``points[i]`` what it scores (a Pinkó scores the card it
    replaces, the Chipped Mug 0, a purple card its negative value, a purple
    card under the Hussar its positive value); ``bonus`` is the Palace's +5
    for a complete 1-5 row without a joker.
    """

    kind: MeldKind
    cards: tuple[str, ...]
    stands: tuple[int, ...]
    points: tuple[int, ...]
    bonus: int = 0

    @property
    def score(self) -> int:
        """What the meld adds to its owner's total."""
        return sum(self.points) + self.bonus


_REAL = (Category.POSITIVE, Category.DUAL, Category.PALACE)


def make_meld(cards: tuple[str, ...], stands: tuple[int, ...], table: CardTable) -> Meld:
    """The meld laid by a legal :class:`Lay` of ``cards`` standing for ``stands``."""
    points = tuple(0 if table.category[c] is Category.MUG else v for c, v in zip(cards, stands, strict=True))
    if len(cards) == 1:
        return Meld(SINGLE, cards, stands, points)
    if len(set(stands)) == 1:
        return Meld(GROUP, cards, stands, points)
    joker = any(table.category[c] in JOKERS for c in cards)
    bonus = 5 if sorted(stands) == [1, 2, 3, 4, 5] and not joker else 0
    return Meld(ROW, cards, stands, points, bonus)


def purple_meld(cards: tuple[str, ...], table: CardTable) -> Meld:
    """A purple card laid down (with the Hussar on it, if ``cards`` holds one)."""
    card = cards[0]
    cat = table.category[card]
    magnitude = abs(table.value[card])
    sign = -1 if cat in (Category.DUAL, Category.NEGATIVE, Category.LAZY_GIRL) else 1
    hussar = any(table.category[c] is Category.HUSSAR for c in cards[1:])
    if cat is Category.HUSSAR:
        return Meld(PURPLE, cards, tuple(0 for _ in cards), tuple(0 for _ in cards))
    value = magnitude if hussar else sign * magnitude
    rest = tuple(0 for _ in cards[1:])
    return Meld(PURPLE, cards, (value, *rest), (value, *rest))


def group_kind(meld: Meld, table: CardTable) -> str | None:
    """The positive kind an identical card must have to be added to ``meld``, if it is a group."""
    if meld.kind is not GROUP:
        return None
    for card in meld.cards:
        if table.category[card] is Category.POSITIVE:
            return card
    return None


_NOTHING: frozenset[str] = frozenset()


def group_adds(melds: Sequence[Sequence[Meld]], table: CardTable) -> tuple[frozenset[str], ...] | None:
    """Per seat, the kinds that may be added to the groups in ``melds[seat]``; ``None`` when no seat has a group."""
    kinds = [
        frozenset(filter(None, (group_kind(meld, table) for meld in laid))) if laid else _NOTHING
        for laid in melds
    ]
    return tuple(kinds) if any(kinds) else None


def lay_options(cards: Iterable[str], table: CardTable) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """Every distinct combination that may be laid from ``cards``, as (cards, stands).

    Each holds at most one joker (:data:`~._rules.JOKERS_PER_LAY`), standing only for a value
    :func:`~._rules.joker_may_replace` allows: every result passes :func:`~._rules.is_combination`.
    """
    role_of = table.lay_role
    value_of = table.value
    counts: dict[str, int] = {}
    for card in cards:
        if card in role_of:
            counts[card] = counts.get(card, 0) + 1
    real: dict[int, list[str]] = {}
    jokers: list[str] = []
    duals = False
    for card in sorted(counts):
        role = role_of[card]
        if role is LayRole.JOKER:
            jokers.append(card)
            continue
        real.setdefault(value_of[card], []).append(card)
        duals = duals or role is LayRole.DUAL
    out: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    if not real:
        return out
    if duals:
        _groups_with_duals(real, jokers, Counter(counts), table, out)
    else:
        # Groups: copies of one positive kind, with one joker where it may stand; a lone +4.
        for value, kinds in real.items():
            for base in kinds:
                if role_of[base] is not LayRole.POSITIVE:
                    continue
                count = counts[base]
                for n in range(2, count + 1):
                    out.append(((base,) * n, (value,) * n))
                if joker_may_replace(value, in_row=False):
                    for joker in jokers:
                        for n in range(1, count + 1):
                            out.append(((*(base,) * n, joker), (value,) * (n + 1)))
                elif may_lay_alone(LayRole.POSITIVE, value):
                    out.append(((base,), (value,)))
    if len(real) + (1 if jokers else 0) >= 3:
        _rows(real, jokers, out)
    return out


def _groups_with_duals(
    real: dict[int, list[str]],
    jokers: list[str],
    counts: Counter[str],
    table: CardTable,
    out: list[tuple[tuple[str, ...], tuple[int, ...]]],
) -> None:
    """Groups when dual cards are in hand: they join the positive cards of their value (ruling 27)."""
    cat = table.category
    for value in range(1, 5):
        kinds = real.get(value, [])
        positives = [k for k in kinds if cat[k] is Category.POSITIVE]
        duals = [k for k in kinds if cat[k] is Category.DUAL]
        dual_choices = list(product(*[range(counts[d] + 1) for d in duals]))
        joker_choices: list[str | None] = (
            [None, *jokers] if joker_may_replace(value, in_row=False) else [None]
        )
        for base in [None, *positives]:
            base_range = range(1, counts[base] + 1) if base is not None else range(0, 1)
            for n in base_range:
                for dual_counts in dual_choices:
                    body = [base] * n if base is not None else []
                    for d, c in zip(duals, dual_counts, strict=True):
                        body.extend([d] * c)
                    if not body:
                        continue
                    for joker in joker_choices:
                        group = [*body, joker] if joker is not None else body
                        if len(group) >= 2:
                            out.append((tuple(group), (value,) * len(group)))
        if may_lay_alone(LayRole.POSITIVE, value):
            for base in positives:
                out.append(((base,), (value,)))


def _rows(
    real: dict[int, list[str]], jokers: list[str], out: list[tuple[tuple[str, ...], tuple[int, ...]]]
) -> None:
    """Rows: at least 3 consecutive values, one card each, at most one joker (never as the Palace's 5)."""
    for low in range(LOWEST, HIGHEST - 1):
        for high in range(low + 2, HIGHEST + 1):
            values = range(low, high + 1)
            options = [real.get(v, []) for v in values]
            missing = sum(1 for o in options if not o)
            if missing == 0:
                for combo in product(*options):
                    out.append((tuple(combo), tuple(values)))
            if not jokers or missing > JOKERS_PER_LAY:
                continue
            for hole, v in enumerate(values):
                if not joker_may_replace(v, in_row=True):
                    continue
                others = options[:hole] + options[hole + 1 :]
                if not all(others):
                    continue
                for joker in jokers:
                    for combo in product(*others):
                        out.append(((*combo[:hole], joker, *combo[hole:]), tuple(values)))


_SUBSTITUTES = frozenset(Category) - {Category.NEGATIVE, Category.MIDNIGHT, Category.LAZY_GIRL}


def negative_rows(cards: Iterable[str], table: CardTable) -> list[tuple[str, ...]]:
    """Negative rows that may be discarded (advanced): at least 3 consecutive purple values, one may be a substitute.

    "Discard a complete or incomplete negative row, in which one card may be
    replaced by any positive card or action card" (rulings 9 and 10).
    """
    category, value = table.category, table.value
    negatives: dict[int, list[str]] = {}
    substitutes: list[str] = []
    for card in sorted(set(cards)):
        cat = category[card]
        if cat is Category.NEGATIVE:
            negatives.setdefault(-value[card], []).append(card)
        elif cat in _SUBSTITUTES:
            substitutes.append(card)
    out: list[tuple[str, ...]] = []
    if len(negatives) < 2 or (len(negatives) == 2 and not substitutes):
        return out
    magnitudes = table.negative_values
    for i in range(len(magnitudes)):
        for j in range(i + 2, len(magnitudes)):
            span = magnitudes[i : j + 1]
            if span[-1] - span[0] != len(span) - 1:
                continue
            options = [negatives.get(v, []) for v in span]
            missing = sum(1 for o in options if not o)
            if missing == 0:
                out.extend(tuple(combo) for combo in product(*options))
            elif missing > 1 or not substitutes:
                continue
            for hole in range(len(span)):
                others = options[:hole] + options[hole + 1 :]
                if not all(others):
                    continue
                for sub in substitutes:
                    for combo in product(*others):
                        out.append((*combo[:hole], sub, *combo[hole:]))
    return out
