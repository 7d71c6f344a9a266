"""Pure rules of laying down: what a combination is, and the Pinkó limits, each written once.

"Group: two or more completely identical positive (+) cards.  Row: a row of at least 3 positive
cards.  A single +4 card."  A joker (Pinkó, or the Chipped Mug) "can replace any of the +1, +2 or +3
cards when laying down a group or a row, but the +4 only in a row ... Only one Pinkó may appear in
a single laying down."  The lay-down generator (:func:`~._melds.lay_options`) builds its
combinations with these predicates; the explainer (:func:`~._legal.why_illegal`) judges a lay-down
with :func:`is_combination` and words a refusal with :func:`pinko_fault`; a test checks on random
play that the two agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import CardTable, LayRole

__all__ = [
    "HIGHEST",
    "JOKERS_PER_LAY",
    "LOWEST",
    "is_combination",
    "joker_may_replace",
    "may_lay_alone",
    "pinko_fault",
]

#: "Only one Pinkó may appear in a single laying down."
JOKERS_PER_LAY = 1
#: The lowest and highest values a row spans: +1 up to the Palace's 5.
LOWEST = 1
HIGHEST = 5
#: "A single +4 card."
_ALONE = 4


def joker_may_replace(value: int, in_row: bool) -> bool:
    """Whether a joker may stand for ``value``: "any of the +1, +2 or +3 cards when laying down a group or
    a row, but the +4 only in a row" (never the Palace's 5, which no card replaces)."""
    return LOWEST <= value <= 3 or (in_row and value == 4)


def may_lay_alone(role: LayRole | None, value: int) -> bool:
    """Whether a card of ``role`` worth ``value`` may be laid down alone: "a single +4 card"."""
    return role is LayRole.POSITIVE and value == _ALONE


def pinko_fault(stands: Sequence[int], jokers: int) -> str | None:
    """The Pinkó limit broken by a lay-down of ``jokers`` jokers among cards standing for ``stands``, in the
    rulebook's words; ``None`` if it breaks none (whatever else is wrong with it)."""
    if jokers > JOKERS_PER_LAY:
        return "only one Pinkó may appear in a single laying down"
    if not jokers:
        return None
    if len(stands) == 1:
        return "Pinkó cannot be laid down alone"
    if len(stands) == 2 and _ALONE in stands:
        return "Pinkó cannot stand beside a +4 in a pair"
    if len(set(stands)) == 1 and stands[0] == 4:
        return "Pinkó replaces a +4 only in a row"
    return None


def is_combination(cards: Sequence[str], stands: Sequence[int], table: CardTable) -> bool:
    """Whether ``cards``, standing for ``stands``, may be laid down, in the order the moves list them.

    A group lists its positive cards (one kind), then its dual cards by kind (they join the positive
    cards of their value: ruling 27), then its joker; a row lists its cards by the values they stand
    for, from the lowest.
    """
    n = len(cards)
    if n == 0 or len(stands) != n:
        return False
    roles = [table.lay_role.get(card) for card in cards]
    if None in roles:
        return False
    jokers = [i for i, role in enumerate(roles) if role is LayRole.JOKER]
    if pinko_fault(stands, len(jokers)) is not None:
        return False
    value = table.value
    if any(stands[i] != value[card] for i, card in enumerate(cards) if roles[i] is not LayRole.JOKER):
        return False  # only a joker stands for another value
    if n == 1:
        return may_lay_alone(roles[0], stands[0])
    if len(set(stands)) == 1:
        return _is_group(cards, roles, jokers, stands[0])
    low = stands[0]
    in_order = list(stands) == list(range(low, low + n))
    return (
        n >= 3
        and in_order
        and low >= LOWEST
        and low + n - 1 <= HIGHEST
        and all(joker_may_replace(stands[i], in_row=True) for i in jokers)
    )


def _is_group(cards: Sequence[str], roles: Sequence[LayRole | None], jokers: list[int], value: int) -> bool:
    """Whether ``cards`` (two or more, all standing for ``value``) are a group in the listed order."""
    if jokers and not joker_may_replace(value, in_row=False):
        return False
    positives = [card for card, role in zip(cards, roles, strict=True) if role is LayRole.POSITIVE]
    duals = [card for card, role in zip(cards, roles, strict=True) if role is LayRole.DUAL]
    if len(set(positives)) > 1 or not (positives or duals):
        return False
    return tuple(cards) == (*positives, *sorted(duals), *(cards[i] for i in jokers))
