"""Dealing hidden cards at random under constraints, for the games' samplers."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import comb
from typing import Generic, TypeVar

from ._random import Rng

__all__ = ["ConstrainedDeal", "NoDeal", "deal_constrained"]

_C = TypeVar("_C", bound=Hashable)


class NoDeal(ValueError):
    """No deal of the hidden cards fits what a view shows: the view is one no match reaches.

    ``sample_state`` turns it into a :class:`~cardrules.ConfigError`.
    """


class ConstrainedDeal(Generic[_C]):
    """Every card in one of ``len(capacities)`` places, filling each exactly, prepared once.

    ``allowed(card, place)`` says whether a card may go to a place (a seat
    known to be void in a suit may not receive it).  Every deal that respects
    the constraints is equally likely: cards with the same places allowed
    form a group, the number of deals left by each split of a group among its
    places is counted, and the splits are drawn in proportion to it.  When
    the constraints are so varied that counting would be slow, each card goes
    instead to a place chosen in proportion to its room among the places that
    keep the rest of the deal possible, the most restricted first (close to
    uniform, not exactly; see :class:`_CardByCard`).

    The groups and their counts depend on the constraints alone, so they are
    worked out here and kept: each :meth:`deal` only draws.  Raises
    :class:`NoDeal` if no deal fits.
    """

    __slots__ = ("_capacities", "_card_by_card", "_cards", "_counts", "_groups", "_signatures", "_ways")

    def __init__(
        self, cards: Sequence[_C], capacities: Sequence[int], allowed: Callable[[_C, int], bool]
    ) -> None:
        places = range(len(capacities))
        if sum(capacities) != len(cards):
            raise NoDeal(f"{len(cards)} cards cannot fill places of sizes {list(capacities)}")
        self._cards = tuple(cards)
        self._capacities = tuple(capacities)
        options = {card: frozenset(p for p in places if allowed(card, p)) for card in dict.fromkeys(cards)}
        groups: dict[frozenset[int], list[_C]] = {}
        for card in cards:
            groups.setdefault(options[card], []).append(card)
        self._card_by_card: _CardByCard[_C] | None = None
        self._ways: _Ways | None = None
        self._groups: tuple[list[_C], ...] = ()
        self._signatures: tuple[tuple[int, ...], ...] = ()
        self._counts: tuple[int, ...] = ()
        if frozenset() in groups:
            raise NoDeal("the constraints leave no possible deal")
        if len(groups) == 1 and frozenset(places) in groups:
            return  # no constraint: a shuffle cut into hands
        # The largest group last: its split is whatever room the others leave.
        order = sorted(groups, key=lambda sig: (len(sig), len(groups[sig]), sorted(sig)))
        self._signatures = tuple(tuple(sorted(sig)) for sig in order)
        self._counts = tuple(len(groups[sig]) for sig in order)
        if _split_bound(self._signatures, self._counts) > _MAX_SPLITS:
            self._card_by_card = _CardByCard(cards, capacities, options)
            return
        self._groups = tuple(groups[sig] for sig in order)
        self._ways = _Ways(self._signatures, self._counts)
        if not self._ways.count(0, self._capacities):
            raise NoDeal("the constraints leave no possible deal")

    def deal(self, rng: Rng) -> list[list[_C]]:
        """One deal: the cards of each place, drawn from ``rng``."""
        if self._card_by_card is not None:
            return self._card_by_card.deal(rng)
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

    Raises :class:`NoDeal` if no deal fits.
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


class _CardByCard(Generic[_C]):
    """Deals placed card by card, for constraints too varied to count, prepared once.

    The restricted cards (those some place with room may not take) go first,
    the most restricted first, each to a place chosen in proportion to its
    room among those that keep the rest possible; then the cards any place
    may take fill what room is left, shuffled.  Whether the rest is possible
    is answered by a *witness*: a split of the restricted cards still to place
    that fits, found once here and mended as cards go elsewhere (a placement
    that no mending fits is one that leaves no deal).
    """

    __slots__ = ("_capacities", "_free", "_group_of", "_restricted", "_signatures", "_witness")

    def __init__(
        self, cards: Sequence[_C], capacities: Sequence[int], options: dict[_C, frozenset[int]]
    ) -> None:
        live = frozenset(p for p, room in enumerate(capacities) if room)
        index: dict[tuple[int, ...], int] = {}
        self._group_of: dict[_C, int] = {}
        self._free: list[_C] = []
        self._restricted: list[_C] = []
        for card in cards:
            places = options[card] & live
            if places == live:
                self._free.append(card)
                continue
            sig = tuple(sorted(places))
            if not sig:
                raise NoDeal("the constraints leave no possible deal")
            self._group_of[card] = index.setdefault(sig, len(index))
            self._restricted.append(card)
        self._signatures = tuple(index)
        self._capacities = tuple(capacities)
        split = _Split(self._signatures, list(capacities))
        for card in self._restricted:
            if not split.add(self._group_of[card]):
                raise NoDeal("the constraints leave no possible deal")
        self._witness = split.counts

    def deal(self, rng: Rng) -> list[list[_C]]:
        room = list(self._capacities)
        split = _Split(self._signatures, room, [row[:] for row in self._witness])
        hands: list[list[_C]] = [[] for _ in room]
        signatures, group_of = self._signatures, self._group_of
        for card in sorted(rng.shuffled(self._restricted), key=lambda c: len(signatures[group_of[c]])):
            group = group_of[card]
            places = [p for p in signatures[group] if room[p]]
            while True:
                pick = rng.below(sum(room[p] for p in places))
                at = 0
                while pick >= room[places[at]]:
                    pick -= room[places[at]]
                    at += 1
                if split.take(group, places[at]):
                    break
                del places[at]  # the witness keeps one place that works
            hands[places[at]].append(card)
        start = 0
        rest = rng.shuffled(self._free)
        for place, size in enumerate(room):
            hands[place].extend(rest[start : start + size])
            start += size
        return hands


class _Split:
    """How many restricted cards of each group go to each place in one deal that fits the room.

    ``room`` is shared with the caller, who places cards; ``counts[g][p]`` is
    the split, and ``used[p]`` its total at ``p``, never above ``room[p]``.
    """

    __slots__ = ("counts", "room", "signatures", "used")

    def __init__(
        self, signatures: tuple[tuple[int, ...], ...], room: list[int], counts: list[list[int]] | None = None
    ) -> None:
        self.signatures = signatures
        self.room = room
        self.counts = counts if counts is not None else [[0] * len(room) for _ in signatures]
        self.used = [sum(row[p] for row in self.counts) for p in range(len(room))]

    def add(self, group: int) -> bool:
        """One more card of ``group`` in the split, moving others to make room; ``False`` if none."""
        place = self.signatures[group][0]
        self.counts[group][place] += 1
        self.used[place] += 1
        if self.used[place] <= self.room[place] or self._shed(place):
            return True
        self.counts[group][place] -= 1
        self.used[place] -= 1
        return False

    def take(self, group: int, place: int) -> bool:
        """A card of ``group`` is placed at ``place`` (its room shrinks), if the rest still fits."""
        counts, used, room = self.counts[group], self.used, self.room
        source = place if counts[place] else next(p for p in self.signatures[group] if counts[p])
        counts[source] -= 1
        used[source] -= 1
        room[place] -= 1
        if used[place] <= room[place] or self._shed(place):
            return True
        room[place] += 1
        used[source] += 1
        counts[source] += 1
        return False

    def _shed(self, full: int) -> bool:
        """Move one card of the split away from ``full`` along a chain of moves ending in spare room."""
        came_from: dict[int, tuple[int, int]] = {full: (-1, -1)}
        frontier = [full]
        for place in frontier:
            for group, row in enumerate(self.counts):
                if not row[place]:
                    continue
                for other in self.signatures[group]:
                    if other in came_from:
                        continue
                    came_from[other] = (group, place)
                    if self.used[other] < self.room[other]:
                        self._move_back(other, came_from)
                        return True
                    frontier.append(other)
        return False

    def _move_back(self, end: int, came_from: dict[int, tuple[int, int]]) -> None:
        self.used[end] += 1
        place = end
        while True:
            group, source = came_from[place]
            if group < 0:
                break
            self.counts[group][place] += 1
            self.counts[group][source] -= 1
            place = source
        self.used[place] -= 1
