"""A mutable working copy of a position, used for the length of one transition.

Rules code reads and changes a :class:`Table`, then :meth:`Table.freeze` makes
the next immutable :class:`State`.  Keeping the mutation inside one
transition keeps states immutable without copying them field by field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from .._outcome import Outcome
from .._random import Rng
from ._cards import Card, Element, Hero
from ._phases import Phase
from ._records import Event, EventKind, Known, Silent

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["Table", "sort_cards"]


def _key(card: Card) -> int:
    return card.index


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the fixed order of :data:`CARDS` (hands are kept sorted)."""
    return tuple(sorted(cards, key=_key))


class Table:
    """The fields of a :class:`State`, open for change during one transition."""

    __slots__ = (
        "curses",
        "curses_shown",
        "dealer",
        "deck",
        "direction",
        "element",
        "events",
        "game",
        "game_number",
        "hands",
        "heroes",
        "heroes_shown",
        "hp",
        "known",
        "n",
        "outcome",
        "penalized",
        "pile",
        "reshuffled",
        "rng",
        "seen",
        "silent",
    )

    def __init__(self, state: State) -> None:
        self.game: Game = state.game
        self.n: int = state.game.players
        self.rng = Rng(state.rng)
        self.game_number = state.game_number
        self.dealer = state.dealer
        self.heroes: list[Hero] = list(state.heroes)
        self.heroes_shown: list[bool] = list(state.heroes_shown)
        self.curses: list[Element] = list(state.curses)
        self.curses_shown: list[bool] = list(state.curses_shown)
        self.hands: list[tuple[Card, ...]] = list(state.hands)
        self.deck: tuple[Card, ...] = state.deck
        self.pile: tuple[Card, ...] = state.pile
        self.element: Element | None = state.element
        self.direction = state.direction
        self.penalized: list[bool] = list(state.penalized)
        self.silent: list[Silent] = list(state.silent)
        self.known: list[Known] = list(state.known)
        self.reshuffled: tuple[Card, ...] | None = state.reshuffled
        self.seen: list[tuple[Card, ...]] = list(state.seen)
        self.hp: list[int] = list(state.hp)
        self.events: list[Event] = []
        self.outcome: Outcome | None = state.outcome

    @classmethod
    def blank(cls, game: Game, rng: Rng) -> Table:
        """A table with nothing dealt yet, for the start of a match."""
        t = cls.__new__(cls)
        n = game.players
        t.game, t.n, t.rng = game, n, rng
        t.game_number, t.dealer = 1, 0
        t.heroes, t.heroes_shown = [], [False] * n
        t.curses, t.curses_shown = [], [False] * game.curse_owners
        t.hands, t.deck, t.pile = [()] * n, (), ()
        t.element, t.direction = None, 1
        t.penalized, t.silent, t.known = [False] * n, [], []
        t.reshuffled, t.seen = None, [()] * n
        t.hp = [game.start_hp] * n if game.mode == "pvp" else []
        t.events, t.outcome = [], None
        return t

    def freeze(self, phase: Phase) -> State:
        """The immutable position with ``phase`` pending."""
        from ._state import State

        return State(
            game=self.game,
            rng=self.rng.state,
            game_number=self.game_number,
            dealer=self.dealer,
            heroes=tuple(self.heroes),
            heroes_shown=tuple(self.heroes_shown),
            curses=tuple(self.curses),
            curses_shown=tuple(self.curses_shown),
            hands=tuple(self.hands),
            deck=self.deck,
            pile=self.pile,
            element=self.element,
            direction=self.direction,
            penalized=tuple(self.penalized),
            phase=phase,
            silent=tuple(self.silent),
            known=tuple(self.known),
            reshuffled=self.reshuffled,
            seen=tuple(self.seen),
            hp=tuple(self.hp),
            events=tuple(self.events),
            outcome=self.outcome,
        )

    # -- seats ---------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The next seat in the current direction of the round."""
        return (seat + self.direction) % self.n

    def opponents(self, seat: int) -> list[int]:
        """Every other seat, in round order from the next one."""
        d, n = self.direction, self.n
        return [(seat + d * i) % n for i in range(1, n)]

    def log(self, kind: EventKind, seat: int, **extra: object) -> None:
        """Record a public event of this transition."""
        self.events.append(Event(kind, seat, **extra))  # type: ignore[arg-type]

    # -- hands, deck and pile ------------------------------------------------

    def take(self, seat: int, card: Card, copies: int = 1) -> None:
        """Remove ``copies`` of ``card`` from ``seat``'s hand."""
        hand = list(self.hands[seat])
        for _ in range(copies):
            hand.remove(card)
        self.hands[seat] = tuple(hand)

    def add(self, seat: int, cards: Iterable[Card]) -> None:
        """Put cards into ``seat``'s hand."""
        self.hands[seat] = sort_cards((*self.hands[seat], *cards))

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
            self.seen = [()] * self.n
            self.log(EventKind.RESHUFFLE, -1, count=len(rest))
        card = self.deck[-1]
        self.deck = self.deck[:-1]
        return card

    def draw(self, seat: int, count: int, *, seen_by_holder: bool = True) -> list[Card]:
        """``seat`` draws up to ``count`` cards (fewer if Deck and Discard Pile run out)."""
        drawn: list[Card] = []
        for _ in range(count):
            card = self.pop_deck()
            if card is None:
                break
            drawn.append(card)
            if seen_by_holder and self.reshuffled is not None:
                self.seen[seat] = (*self.seen[seat], card)
        if drawn:
            self.add(seat, drawn)
            self.log(EventKind.DRAW, seat, count=len(drawn))
        return drawn

    def put(self, seat: int, card: Card, copies: int, kind: EventKind) -> None:
        """Move ``copies`` of ``card`` from ``seat``'s hand onto the Discard Pile, face up."""
        self.take(seat, card, copies)
        self.pile = (*self.pile, card) if copies == 1 else (*self.pile, card, card)
        if self.known:
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
            self.silent.append(Silent(seat, 0))
            self.log(EventKind.SILENT, seat)

    def penalize(self, seat: int) -> None:
        """Mark ``seat`` Penalized: it loses its next turn (one flag, ruling 20)."""
        self.penalized[seat] = True
        self.log(EventKind.PENALIZED, seat)

    # -- what seats know about other hands ------------------------------------

    def forget_public(self, holder: int, card: Card) -> None:
        """``holder`` showed and gave up ``card``: one known copy of it is no longer certain."""
        if not self.known:
            return
        for i, k in enumerate(self.known):
            if k.holder == holder and card in k.cards:
                cards = list(k.cards)
                cards.remove(card)
                self.known[i] = attrs.evolve(k, cards=tuple(cards))
        self.known = [k for k in self.known if k.cards]

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
        self.known = kept

    def learn(self, viewer: int, holder: int, card: Card) -> None:
        """``viewer`` now knows that ``holder`` holds ``card``."""
        for i, k in enumerate(self.known):
            if k.viewer == viewer and k.holder == holder:
                self.known[i] = attrs.evolve(k, cards=sort_cards((*k.cards, card)))
                return
        self.known.append(Known(viewer, holder, (card,)))
        self.known.sort(key=lambda k: (k.viewer, k.holder))
