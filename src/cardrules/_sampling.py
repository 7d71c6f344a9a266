"""Dealing hidden cards at random under constraints, for ``sample_state``."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import combinations
from typing import TypeVar

from ._random import Rng

__all__ = ["deal_constrained"]

_C = TypeVar("_C", bound=Hashable)


def deal_constrained(
    cards: Sequence[_C],
    capacities: Sequence[int],
    allowed: Callable[[_C, int], bool],
    rng: Rng,
) -> list[list[_C]]:
    """Place every card in one of ``len(capacities)`` places, filling each exactly.

    ``allowed(card, place)`` says whether a card may go to a place (a seat
    known to be void in a suit may not receive it).  Without constraints the
    deal is uniform; with them, each card goes to a place chosen in proportion
    to its room among the places that keep the rest of the deal possible.
    Raises ``ValueError`` if no such deal exists.
    """
    places = range(len(capacities))
    if sum(capacities) != len(cards):
        raise ValueError(f"{len(cards)} cards cannot fill places of sizes {list(capacities)}")
    options = {card: frozenset(p for p in places if allowed(card, p)) for card in cards}
    # First try plain uniform deals and keep the first that fits: exactly uniform among the
    # deals that respect the constraints, and fast when the constraints are loose.
    everywhere = frozenset(places)
    constrained = any(options[card] != everywhere for card in cards)
    for _ in range(_REJECTION_TRIES if constrained else 1):
        deck = rng.shuffled(cards)
        hands: list[list[_C]] = []
        start = 0
        for size in capacities:
            hands.append(deck[start : start + size])
            start += size
        if all(all(p in options[c] for c in hand) for p, hand in zip(places, hands, strict=True)):
            return hands
    return _deal_sequentially(cards, capacities, options, rng)


_REJECTION_TRIES = 12


def _deal_sequentially(
    cards: Sequence[_C], capacities: Sequence[int], options: dict[_C, frozenset[int]], rng: Rng
) -> list[list[_C]]:
    """Each card in turn to a place with room, in proportion to its room, keeping the rest possible."""
    places = range(len(capacities))
    room = list(capacities)
    remaining: dict[frozenset[int], int] = {}
    for card in cards:
        remaining[options[card]] = remaining.get(options[card], 0) + 1
    if not _feasible(remaining, room):
        raise ValueError("the constraints leave no possible deal")
    hands: list[list[_C]] = [[] for _ in places]
    for card in rng.shuffled(cards):
        signature = options[card]
        remaining[signature] -= 1
        candidates = []
        for place in sorted(signature):
            if room[place] == 0:
                continue
            room[place] -= 1
            if _feasible(remaining, room):
                candidates.append(place)
            room[place] += 1
        pick = rng.below(sum(room[p] for p in candidates))
        index = 0
        while pick >= room[candidates[index]]:
            pick -= room[candidates[index]]
            index += 1
        place = candidates[index]
        room[place] -= 1
        hands[place].append(card)
    return hands


def _feasible(remaining: dict[frozenset[int], int], room: list[int]) -> bool:
    """Hall's condition: every set of places has room for the cards that can only go there."""
    live = [sig for sig, count in remaining.items() if count]
    if any(not sig for sig in live):
        return False
    if len(live) == 1:
        return remaining[live[0]] <= sum(room[p] for p in live[0])
    places = sorted({p for sig in live for p in sig})
    for size in range(1, len(places) + 1):
        for subset in combinations(places, size):
            chosen = frozenset(subset)
            need = sum(remaining[sig] for sig in live if sig <= chosen)
            if need > sum(room[p] for p in chosen):
                return False
    return True
