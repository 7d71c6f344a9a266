"""Small public and private facts a position keeps: forgotten calls, known cards, the match, memory."""

from __future__ import annotations

import attrs

from .._fast import fast_init
from ._cards import Card, Element, Hero

__all__ = ["Known", "Match", "Memory", "Silent"]


@attrs.frozen
class Silent:
    """``seat`` was left with no cards and did not say MALDICIÓN.

    ``stage`` is 0 until the next turn begins, then 1: the call-out window
    opens once that turn has been played (ruling 13).
    """

    seat: int
    stage: int


@attrs.frozen
class Known:
    """``viewer`` knows for certain that ``holder`` holds ``cards`` (Brishen's raise, Odilia's robbery)."""

    viewer: int
    holder: int
    cards: tuple[Card, ...]


@attrs.frozen
class Match:
    """What changes only between games or on rare events: the deal, Heroes, Curses, Life Counters.

    ``curses`` has one element per seat (per team in ``guild_war``); ``hp``
    holds the Life Counters in ``pvp`` and is empty otherwise.
    """

    game_number: int
    dealer: int
    heroes: tuple[Hero, ...]
    heroes_shown: tuple[bool, ...]
    curses: tuple[Element, ...]
    curses_shown: tuple[bool, ...]
    hp: tuple[int, ...]

    # Every view holds these, and a match record outlives many states: worked out once per record,
    # as fields rather than cached properties, for which attrs gives a slotted class a __getattr__
    # that makes reading any of its attributes dearer (docs/benchmarks.md).
    #: Each seat's Hero where it has been shown, else ``None``.
    public_heroes: tuple[Hero | None, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Each Curse's element where a failed attempt has shown it, else ``None``.
    public_curses: tuple[Element | None, ...] = attrs.field(init=False, eq=False, repr=False)

    # Not strict: a match being set up has its flags before its Heroes and Curses are dealt.
    @public_heroes.default
    def _public_heroes(self) -> tuple[Hero | None, ...]:
        return tuple(h if shown else None for h, shown in zip(self.heroes, self.heroes_shown, strict=False))

    @public_curses.default
    def _public_curses(self) -> tuple[Element | None, ...]:
        return tuple(e if shown else None for e, shown in zip(self.curses, self.curses_shown, strict=False))


@fast_init
@attrs.frozen
class Memory:
    """What seats know beyond their hands.

    ``known``: cards some seat knows another holds; ``reshuffled``: the cards of
    the last reshuffle; ``seen``: the cards each seat drew since it;
    ``voids``: kinds of card each seat is known by all not to hold (apart from
    cards known to be there), learned when it had to draw or was not asked to
    follow Buckminster, and forgotten when it takes an unseen card.  (What a
    Reflex window going past a seat shows changes with nearly every play, so
    it is kept in :attr:`State.passed` instead.)
    """

    known: tuple[Known, ...]
    reshuffled: tuple[Card, ...] | None
    seen: tuple[tuple[Card, ...], ...]
    voids: tuple[frozenset[Card], ...]
