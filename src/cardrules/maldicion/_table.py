"""A mutable working copy of a position, used for the length of one transition.

Rules code reads and changes a :class:`Table`, then :meth:`Table.freeze` makes
the next immutable :class:`State`.  Keeping the mutation inside one
transition keeps states immutable without copying them field by field.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs

from .._fast import fast_new
from .._outcome import Outcome
from .._random import Rng, resume
from ._cards import Card, Element, Hero
from ._events import Event, EventKind
from ._pending import Pending
from ._records import Known, Match, Memory, Silent

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["Table", "replace_at", "sort_cards"]


def _key(card: Card) -> int:
    return card.index


_T = TypeVar("_T")
_build_event = fast_new(Event)
_build_memory = fast_new(Memory)


_BUILDERS: dict[type[State], Callable[..., State]] = {}


def _builder(state_type: type[State]) -> Callable[..., State]:
    """``fast_new(state_type)``, made once: a table freezes into the class of the state it opened."""
    found = _BUILDERS.get(state_type)
    if found is None:
        found = _BUILDERS[state_type] = fast_new(state_type)
    return found


#: ``_OPPONENTS[n][direction][seat]``: the other seats in round order from the next one.
_OPPONENTS = {
    n: {d: tuple(tuple((seat + d * i) % n for i in range(1, n)) for seat in range(n)) for d in (1, -1)}
    for n in range(2, 9)
}


def replace_at(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with ``items[index]`` replaced by ``value``."""
    return (*items[:index], value, *items[index + 1 :])


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the fixed order of :data:`CARDS` (hands are kept sorted)."""
    return tuple(sorted(cards, key=_key))


class Table:
    """The fields of a :class:`State`, open for change during one transition."""

    __slots__ = (
        "_build",
        "_rng",
        "_rng_state",
        "deck",
        "direction",
        "element",
        "events",
        "game",
        "hands",
        "match",
        "memory",
        "n",
        "outcome",
        "passed",
        "penalized",
        "pile",
        "silent",
    )

    def __init__(self, state: State) -> None:
        self._build: Callable[..., State] = _builder(type(state))
        self.game: Game = state.game
        self.n: int = state.game.players
        self._rng: Rng | None = None
        self._rng_state: int = state.rng
        self.match: Match = state.match
        self.hands: list[tuple[Card, ...]] = list(state.hands)
        self.deck: tuple[Card, ...] = state.deck
        self.pile: tuple[Card, ...] = state.pile
        self.element: Element | None = state.element
        self.direction = state.direction
        self.penalized: tuple[bool, ...] = state.penalized
        self.silent: tuple[Silent, ...] = state.silent
        self.memory: Memory = state.memory
        self.passed: tuple[int, ...] = state.passed
        self.events: list[Event] = []
        self.outcome: Outcome | None = state.outcome

    @classmethod
    def blank(cls, game: Game, rng: Rng, state_type: type[State]) -> Table:
        """A table with nothing dealt yet, for the start of a match that :meth:`freeze` makes a ``state_type``."""
        t = cls.__new__(cls)
        t._build = _builder(state_type)
        n = game.players
        t.game, t.n, t._rng, t._rng_state = game, n, rng, rng.state
        hp = (game.start_hp,) * n if game.mode == "pvp" else ()
        t.match = Match(1, 0, (), (False,) * n, (), (False,) * game.curse_owners, hp)
        t.hands, t.deck, t.pile = [()] * n, (), ()
        t.element, t.direction = None, 1
        t.penalized, t.silent = (False,) * n, ()
        t.memory = Memory((), None, ((),) * n, (frozenset(),) * n)
        t.passed = (0,) * n
        t.events, t.outcome = [], None
        return t

    def freeze(self, pending: Pending) -> State:
        """The immutable position with ``pending`` pending."""
        # Positional, in the order of State's fields (the hot path of every transition).
        return self._build(
            self.game,
            self._rng_state if self._rng is None else self._rng.state,
            self.match,
            tuple(self.hands),
            self.deck,
            self.pile,
            self.element,
            self.direction,
            self.penalized,
            pending,
            self.silent,
            self.memory,
            self.passed,
            tuple(self.events),
            self.outcome,
        )

    @property
    def rng(self) -> Rng:
        """The match's random generator, resumed on first use (most transitions draw nothing)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = resume(self._rng_state)
        return rng

    # -- the rarely changing records, read and written field by field ----------

    @property
    def game_number(self) -> int:
        return self.match.game_number

    @game_number.setter
    def game_number(self, value: int) -> None:
        m = self.match
        self.match = Match(value, m.dealer, m.heroes, m.heroes_shown, m.curses, m.curses_shown, m.hp)

    @property
    def dealer(self) -> int:
        return self.match.dealer

    @dealer.setter
    def dealer(self, value: int) -> None:
        m = self.match
        self.match = Match(m.game_number, value, m.heroes, m.heroes_shown, m.curses, m.curses_shown, m.hp)

    @property
    def heroes(self) -> tuple[Hero, ...]:
        return self.match.heroes

    @heroes.setter
    def heroes(self, value: tuple[Hero, ...]) -> None:
        m = self.match
        self.match = Match(m.game_number, m.dealer, value, m.heroes_shown, m.curses, m.curses_shown, m.hp)

    @property
    def heroes_shown(self) -> tuple[bool, ...]:
        return self.match.heroes_shown

    @heroes_shown.setter
    def heroes_shown(self, value: tuple[bool, ...]) -> None:
        m = self.match
        self.match = Match(m.game_number, m.dealer, m.heroes, value, m.curses, m.curses_shown, m.hp)

    @property
    def curses(self) -> tuple[Element, ...]:
        return self.match.curses

    @curses.setter
    def curses(self, value: tuple[Element, ...]) -> None:
        m = self.match
        self.match = Match(m.game_number, m.dealer, m.heroes, m.heroes_shown, value, m.curses_shown, m.hp)

    @property
    def curses_shown(self) -> tuple[bool, ...]:
        return self.match.curses_shown

    @curses_shown.setter
    def curses_shown(self, value: tuple[bool, ...]) -> None:
        m = self.match
        self.match = Match(m.game_number, m.dealer, m.heroes, m.heroes_shown, m.curses, value, m.hp)

    @property
    def hp(self) -> tuple[int, ...]:
        return self.match.hp

    @hp.setter
    def hp(self, value: tuple[int, ...]) -> None:
        m = self.match
        self.match = Match(m.game_number, m.dealer, m.heroes, m.heroes_shown, m.curses, m.curses_shown, value)

    @property
    def known(self) -> tuple[Known, ...]:
        return self.memory.known

    @known.setter
    def known(self, value: tuple[Known, ...]) -> None:
        m = self.memory
        self.memory = _build_memory(value, m.reshuffled, m.seen, m.voids)

    @property
    def reshuffled(self) -> tuple[Card, ...] | None:
        return self.memory.reshuffled

    @reshuffled.setter
    def reshuffled(self, value: tuple[Card, ...] | None) -> None:
        m = self.memory
        self.memory = _build_memory(m.known, value, m.seen, m.voids)

    @property
    def seen(self) -> tuple[tuple[Card, ...], ...]:
        return self.memory.seen

    @seen.setter
    def seen(self, value: tuple[tuple[Card, ...], ...]) -> None:
        m = self.memory
        self.memory = _build_memory(m.known, m.reshuffled, value, m.voids)

    # -- seats ---------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The next seat in the current direction of the round."""
        return (seat + self.direction) % self.n

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every other seat, in round order from the next one."""
        return _OPPONENTS[self.n][self.direction][seat]

    def log(
        self,
        kind: EventKind,
        seat: int,
        card: Card | None = None,
        count: int = 0,
        target: int | None = None,
        element: Element | None = None,
        hero: Hero | None = None,
    ) -> None:
        """Record a public event of this transition."""
        self.events.append(_build_event(kind, seat, card, count, target, element, hero))

    # -- hands, deck and pile ------------------------------------------------

    def take(self, seat: int, card: Card, copies: int = 1) -> None:
        """Remove ``copies`` of ``card`` from ``seat``'s hand."""
        hand = self.hands[seat]
        i = hand.index(card)  # identical cards sit together in a sorted hand
        self.hands[seat] = hand[:i] + hand[i + copies :]

    def add(self, seat: int, cards: Iterable[Card], *, public: bool = False) -> None:
        """Put cards into ``seat``'s hand; an unseen card makes what was known it lacks uncertain."""
        cards = tuple(cards)
        hand = self.hands[seat]
        for card in cards:
            i = bisect.bisect_right(hand, card.index, key=_key)
            hand = (*hand[:i], card, *hand[i:])
        self.hands[seat] = hand
        void = self.memory.voids[seat]
        if void:
            self.set_void(seat, void - frozenset(cards) if public else frozenset())
        passed = self.passed[seat]
        if passed:
            if public:
                for card in cards:
                    passed &= ~(1 << card.index)
            else:
                passed = 0
            self.passed = replace_at(self.passed, seat, passed)

    def lacks(self, seats: Sequence[int], card: Card) -> None:
        """Every seat now knows that none of ``seats`` holds a card identical to ``card``."""
        bit = 1 << card.index
        passed = list(self.passed)
        for s in seats:
            passed[s] |= bit
        self.passed = tuple(passed)

    def set_void(self, seat: int, kinds: frozenset[Card]) -> None:
        """Every seat now knows ``seat`` holds no card of ``kinds`` (besides cards known to be there)."""
        m = self.memory
        self.memory = _build_memory(m.known, m.reshuffled, m.seen, replace_at(m.voids, seat, kinds))

    def pop_deck(self) -> Card | None:
        """The top card of the Deck, reshuffling the Discard Pile when it is empty (ruling 9)."""
        if not self.deck:
            if len(self.pile) < 2:
                return None
            top = self.pile[-1]
            rest = self.pile[:-1]
            self.deck = tuple(self.rng.shuffled(rest))
            self.pile = (top,)
            self.reshuffled = sort_cards(rest)
            self.seen = ((),) * self.n
            self.log(EventKind.RESHUFFLE, -1, count=len(rest))
        card = self.deck[-1]
        self.deck = self.deck[:-1]
        return card

    def draw(self, seat: int, count: int, *, seen_by_holder: bool = True) -> list[Card]:
        """``seat`` draws up to ``count`` cards (fewer if Deck and Discard Pile run out)."""
        drawn: list[Card] = []
        seen: list[Card] = []
        for _ in range(count):
            before = self.memory
            card = self.pop_deck()
            if card is None:
                break
            drawn.append(card)
            if self.memory is not before:
                seen = []  # a reshuffle: only what is drawn from the new Deck counts
            seen.append(card)
        if seen_by_holder and self.memory.reshuffled is not None and seen:
            self.seen = replace_at(self.seen, seat, (*self.seen[seat], *seen))
        if drawn:
            self.add(seat, drawn)
            self.log(EventKind.DRAW, seat, count=len(drawn))
        return drawn

    def put(self, seat: int, card: Card, copies: int, kind: EventKind) -> None:
        """Move ``copies`` of ``card`` from ``seat``'s hand onto the Discard Pile, face up."""
        self.take(seat, card, copies)
        self.pile = (*self.pile, card) if copies == 1 else (*self.pile, card, card)
        if self.memory.known:
            for _ in range(copies):
                self.forget_public(seat, card)
        if card.element is not None:
            self.element = card.element
        self.log(kind, seat, card=card, count=copies)

    def emptied(self, seat: int, call: bool) -> None:
        """After ``seat`` gave up cards: if its hand is empty, it said MALDICIÓN or stayed silent."""
        if self.hands[seat]:
            return
        if call:
            self.log(EventKind.MALDICION, seat)
        else:
            self.silent = (*self.silent, Silent(seat, 0))
            self.log(EventKind.SILENT, seat)

    def penalize(self, seat: int) -> None:
        """Mark ``seat`` Penalized: it loses its next turn (one flag, ruling 20)."""
        self.penalized = replace_at(self.penalized, seat, True)
        self.log(EventKind.PENALIZED, seat)

    # -- what seats know about other hands ------------------------------------

    def forget_public(self, holder: int, card: Card) -> None:
        """``holder`` showed and gave up ``card``: one known copy of it is no longer certain."""
        known = self.memory.known
        if not any(k.holder == holder and card in k.cards for k in known):
            return
        kept: list[Known] = []
        for k in known:
            if k.holder == holder and card in k.cards:
                cards = list(k.cards)
                cards.remove(card)
                if cards:
                    kept.append(Known(k.viewer, holder, tuple(cards)))
            else:
                kept.append(k)
        self.known = tuple(kept)

    def forget_hidden(self, holder: int, card: Card, saw: Iterable[int]) -> None:
        """``holder`` lost ``card``, seen only by ``saw``; the others no longer know anything certain."""
        if not self.known:
            return
        witnesses = set(saw)
        kept: list[Known] = []
        for k in self.known:
            if k.holder != holder:
                kept.append(k)
            elif k.viewer in witnesses:
                cards = list(k.cards)
                if card in cards:
                    cards.remove(card)
                if cards:
                    kept.append(attrs.evolve(k, cards=tuple(cards)))
        self.known = tuple(kept)

    def learn(self, viewer: int, holder: int, card: Card) -> None:
        """``viewer`` now knows that ``holder`` holds ``card``."""
        known = list(self.known)
        for i, k in enumerate(known):
            if k.viewer == viewer and k.holder == holder:
                known[i] = attrs.evolve(k, cards=sort_cards((*k.cards, card)))
                break
        else:
            known.append(Known(viewer, holder, (card,)))
            known.sort(key=lambda k: (k.viewer, k.holder))
        self.known = tuple(known)
