"""Dealing hidden cards at random under constraints, for the games' samplers."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import combinations
from math import comb
from typing import Generic, TypeVar

from ._random import Rng

__all__ = ["ConstrainedDeal", "deal_constrained"]

_C = TypeVar("_C", bound=Hashable)


class ConstrainedDeal(Generic[_C]):
    """Every card in one of ``len(capacities)`` places, filling each exactly, prepared once.

    ``allowed(card, place)`` says whether a card may go to a place (a seat
    known to be void in a suit may not receive it).  Every deal that respects
    the constraints is equally likely: cards with the same places allowed
    form a group, the number of deals left by each split of a group among its
    places is counted, and the splits are drawn in proportion to it.  When
    the constraints are so varied that counting would be slow, each card goes
    instead to a place chosen in proportion to its room among the places that
    keep the rest of the deal possible (close to uniform, not exactly).

    The groups and their counts depend on the constraints alone, so they are
    worked out here and kept: each :meth:`deal` only draws.  Raises
    ``ValueError`` if no deal fits.
    """

    __slots__ = ("_capacities", "_cards", "_counts", "_groups", "_options", "_signatures", "_ways")

    def __init__(
        self, cards: Sequence[_C], capacities: Sequence[int], allowed: Callable[[_C, int], bool]
    ) -> None:
        places = range(len(capacities))
        if sum(capacities) != len(cards):
            raise ValueError(f"{len(cards)} cards cannot fill places of sizes {list(capacities)}")
        self._cards = tuple(cards)
        self._capacities = tuple(capacities)
        options = {card: frozenset(p for p in places if allowed(card, p)) for card in cards}
        groups: dict[frozenset[int], list[_C]] = {}
        for card in cards:
            groups.setdefault(options[card], []).append(card)
        self._options: dict[_C, frozenset[int]] | None = None
        self._ways: _Ways | None = None
        self._groups: tuple[list[_C], ...] = ()
        self._signatures: tuple[tuple[int, ...], ...] = ()
        self._counts: tuple[int, ...] = ()
        if len(groups) == 1 and frozenset(places) in groups:
            return  # no constraint: a shuffle cut into hands
        # The largest group last: its split is whatever room the others leave.
        order = sorted(groups, key=lambda sig: (len(sig), len(groups[sig]), sorted(sig)))
        self._signatures = tuple(tuple(sorted(sig)) for sig in order)
        self._counts = tuple(len(groups[sig]) for sig in order)
        if _split_bound(self._signatures, self._counts) > _MAX_SPLITS:
            self._options = options
            remaining: dict[frozenset[int], int] = {sig: len(group) for sig, group in groups.items()}
            if not _feasible(remaining, list(capacities)):
                raise ValueError("the constraints leave no possible deal")
            return
        self._groups = tuple(groups[sig] for sig in order)
        self._ways = _Ways(self._signatures, self._counts)
        if not self._ways.count(0, self._capacities):
            raise ValueError("the constraints leave no possible deal")

    def deal(self, rng: Rng) -> list[list[_C]]:
        """One deal: the cards of each place, drawn from ``rng``."""
        if self._options is not None:
            return _deal_sequentially(self._cards, self._capacities, self._options, rng)
        ways = self._ways
        if ways is None:
            return _cut(rng.shuffled(self._cards), self._capacities)
        room = self._capacities
        hands: list[list[_C]] = [[] for _ in room]
        for index, group in enumerate(self._groups):
            split = _pick(rng, ways.splits(index, room))
            shuffled = rng.shuffled(group)
            start = 0
            next_room = list(room)
            for place, n in zip(self._signatures[index], split, strict=True):
                hands[place].extend(shuffled[start : start + n])
                start += n
                next_room[place] -= n
            room = tuple(next_room)
        return hands


def deal_constrained(
    cards: Sequence[_C],
    capacities: Sequence[int],
    allowed: Callable[[_C, int], bool],
    rng: Rng,
) -> list[list[_C]]:
    """One deal of a :class:`ConstrainedDeal`, for a deal made once.

    Raises ``ValueError`` if no deal fits.
    """
    return ConstrainedDeal(cards, capacities, allowed).deal(rng)


#: Above this many splits to weigh, deals are placed card by card instead.
_MAX_SPLITS = 20_000


def _cut(deck: list[_C], capacities: Sequence[int]) -> list[list[_C]]:
    hands = []
    start = 0
    for size in capacities:
        hands.append(deck[start : start + size])
        start += size
    return hands


def _pick(rng: Rng, weighted: list[tuple[tuple[int, ...], int]]) -> tuple[int, ...]:
    """One of the items, each drawn in proportion to its (integer) weight."""
    pick = _below(rng, sum(w for _, w in weighted))
    for item, w in weighted:
        if pick < w:
            return item
        pick -= w
    raise AssertionError("unreachable: the pick is below the total weight")


def _below(rng: Rng, n: int) -> int:
    """A uniform integer in ``range(n)``, for ``n`` of any size."""
    if n <= 1 << 64:
        return rng.below(n)
    words = (n.bit_length() + 63) // 64
    limit = ((1 << (64 * words)) // n) * n
    while True:
        x = 0
        for _ in range(words):
            x = (x << 64) | rng.next64()
        if x < limit:
            return x % n


def _split_bound(signatures: tuple[tuple[int, ...], ...], counts: tuple[int, ...]) -> int:
    """An upper bound on the room states the count may visit: the product of the groups' splits."""
    bound = 1
    for sig, n in zip(signatures[:-1], counts[:-1], strict=True):
        bound *= comb(n + len(sig) - 1, len(sig) - 1)
    return bound


class _Ways:
    """Counts of the deals that fill given room with the groups from ``index`` on."""

    def __init__(self, signatures: tuple[tuple[int, ...], ...], counts: tuple[int, ...]) -> None:
        self.signatures = signatures
        self.counts = counts
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.split_memo: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}

    def splits(self, index: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to split group ``index`` among its places, with the deals it leaves."""
        key = (index, room)
        found = self.split_memo.get(key)
        if found is None:
            found = self.split_memo[key] = self._splits(index, room)
        return found

    def _splits(self, index: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        sig, n = self.signatures[index], self.counts[index]
        if index == len(self.counts) - 1:  # the last group takes exactly the room left
            split = tuple(room[p] for p in sig)
            fits = sum(split) == n and sum(room) == n
            return [(split, _multinomial(n, split) if fits else 0)]
        out: list[tuple[tuple[int, ...], int]] = []
        for split in _compositions(n, [room[p] for p in sig]):
            rest = list(room)
            for place, k in zip(sig, split, strict=True):
                rest[place] -= k
            ways = _multinomial(n, split) * self.count(index + 1, tuple(rest))
            out.append((split, ways))
        return out

    def count(self, index: int, room: tuple[int, ...]) -> int:
        if index == len(self.counts):
            return 0 if any(room) else 1
        key = (index, room)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = sum(w for _, w in self.splits(index, room))
        return found


def _compositions(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as a sum of ``len(caps)`` parts, each at most its cap."""
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out: list[tuple[int, ...]] = []
    rest_cap = sum(caps[1:])
    for first in range(max(0, n - rest_cap), min(n, caps[0]) + 1):
        out.extend((first, *tail) for tail in _compositions(n - first, caps[1:]))
    return out


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    ways = 1
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


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
