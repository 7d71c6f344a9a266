"""States consistent with one seat's view, for search bots.

The cards the seat cannot see (the Deck and the other hands) are placed at
random, respecting what it knows: cards it knows another seat holds stay
there; after a reshuffle the Deck can only hold cards of that reshuffle the
seat has not drawn; a seat asked in a window holds a card that lets it act
there; no seat gets a card of its public voids (which include a card
identical to one a Reflex window went past it with); a seat deciding on the
card it drew held nothing that fitted before.  Unknown Heroes and Curses are
dealt at random from those left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .._base import Sampler
from .._random import Rng
from .._sampling import ConstrainedDeal
from ._cards import ACTION_DECK, CURSE_DECK, Card, Element, Hero, fitting
from ._phases import ClericPhase, DrawnPhase, EmmaPhase, Phase, ReflexPhase
from ._records import Match, Memory
from ._state import State
from ._table import sort_cards
from ._view import View

__all__ = ["ViewSampler"]


def _expand(counts: Counter[Card]) -> list[Card]:
    return [c for c in sort_cards(counts) for _ in range(counts[c])]


class _Pool:
    """The hidden cards, and which of them may lie in the Deck."""

    def __init__(self, free: Counter[Card], deck_size: int, candidates: Counter[Card] | None) -> None:
        self.free = free
        self.deck_size = deck_size
        self.candidates = candidates

    def deckable(self, card: Card) -> int:
        """How many of the hidden copies of ``card`` may lie in the Deck."""
        if self.candidates is None:
            return self.free[card]
        return max(0, min(self.candidates[card], self.free[card]))

    def pin(self, rng: Rng, wanted: Callable[[Card], bool]) -> Card:
        """Take a random hidden card with ``wanted`` out of the pool, leaving the Deck enough cards."""
        options: list[Card] = []
        for card in _expand(self.free):
            if not wanted(card):
                continue
            self.free[card] -= 1
            if sum(self.deckable(c) for c in self.free) >= self.deck_size:
                options.append(card)
            self.free[card] += 1
        card = rng.choice(options)
        self.free[card] -= 1
        return card


#: A hidden card: its kind and which of the identical copies it is.
_Copy = tuple[Card, int]
_DECK = -1  # the Deck's place, and the place of a card just drawn from it
_DRAWN = -2
_ASIDE = -3


class _Deal:
    """The hidden cards of one pool dealt to the Deck, the card just drawn (if any) and the other
    hands, each seat kept off the kinds it is known to lack and the Deck off the copies that
    cannot lie in it; every such deal equally likely (:class:`ConstrainedDeal`).  If the voids
    leave no deal, they are set aside."""

    __slots__ = ("_deal", "_places")

    def __init__(
        self, pool: _Pool, rooms: dict[int, int], voids: tuple[frozenset[Card], ...], drawn: bool
    ) -> None:
        copies: list[_Copy] = []
        deckable: set[_Copy] = set()
        for card in sort_cards(pool.free):
            may = pool.deckable(card)
            for i in range(pool.free[card]):
                copies.append((card, i))
                if i < may:
                    deckable.add((card, i))
        places = [_DECK, *([_DRAWN] if drawn else []), *rooms]
        sizes = [pool.deck_size, *([1] if drawn else []), *rooms.values()]
        # Cards that are nowhere: none in a match, some in a position built by hand.
        places.append(_ASIDE)
        sizes.append(len(copies) - sum(sizes))
        self._places = places

        def allowed(copy: _Copy, place: int) -> bool:
            where = places[place]
            if where == _ASIDE:
                return True
            return copy in deckable if where < 0 else copy[0] not in voids[where]

        def anywhere(copy: _Copy, place: int) -> bool:
            return copy in deckable or places[place] >= 0 or places[place] == _ASIDE

        try:
            self._deal = ConstrainedDeal(copies, sizes, allowed)
        except ValueError:
            self._deal = ConstrainedDeal(copies, sizes, anywhere)

    def deal(self, rng: Rng) -> tuple[list[Card], Card | None, dict[int, list[Card]]]:
        """The Deck (in random order), the card just drawn, and the cards of each other hand."""
        dealt = self._deal.deal(rng)
        by_place = dict(zip(self._places, ([card for card, _ in got] for got in dealt), strict=True))
        drawn = by_place.pop(_DRAWN, [None])[0]
        del by_place[_ASIDE]
        deck = rng.shuffled(by_place.pop(_DECK))
        return deck, drawn, by_place


def _need(phase: Phase, seat: int) -> Callable[[Card], bool] | None:
    """What a seat asked in a window (and not the viewer) must hold for the question to arise."""
    if phase.seat == seat:
        return None
    if isinstance(phase, ReflexPhase):
        return None  # handled with the top card, see below
    if isinstance(phase, ClericPhase) and phase.seat != phase.cleric:
        match = phase.match
        return lambda c: match is None or c.element is match
    if isinstance(phase, EmmaPhase):
        element = phase.element
        return lambda c: c.element is element
    return None


def _inferred_voids(view: View) -> tuple[frozenset[Card], ...]:
    """The public voids, with what a pending drawn card shows besides: the rest of its drawer's hand."""
    voids = view.voids
    phase = view.phase
    if (
        isinstance(phase, DrawnPhase)
        and phase.seat != view.seat
        and not view.game.draw_when_able
        and view.element is not None
    ):
        # "If the player whose turn it is has no card to play, they must draw": nothing fitted.
        drawer = phase.seat
        extra = fitting(view.top, view.element)
        return tuple(v | extra if s == drawer else v for s, v in enumerate(voids))
    return voids


class ViewSampler(Sampler[State]):
    """Full states that ``view.seat`` cannot tell apart from the real one (see the module's docstring).

    The hidden cards, what the seat knows others hold, which cards may lie in
    the Deck, the rooms, the voids and the counts of the deals that respect
    them are worked out once; a sample draws the few cards pinned by a window
    and one deal.
    """

    __slots__ = ("_candidates", "_deals", "_free", "_pins", "_view", "_voids")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
        n = view.game.players
        free = Counter(ACTION_DECK)
        free.subtract(view.hand)
        free.subtract(view.pile)
        pins: list[list[Card]] = [[] for _ in range(n)]
        for k in view.known:
            pins[k.holder].extend(k.cards)
            free.subtract(k.cards)
        candidates = None
        if view.reshuffled is not None:
            candidates = Counter(view.reshuffled)
            candidates.subtract(view.seen)
        self._view = view
        self._free = +free
        self._candidates = candidates
        self._pins = tuple(tuple(p) for p in pins)
        self._voids = _inferred_voids(view)
        #: The deals prepared so far, by the cards pinned to each seat (they vary only in a window).
        self._deals: dict[tuple[tuple[Card, ...], ...], _Deal] = {}

    def _sample(self, rng: Rng) -> State:
        view = self._view
        game, seat, n = view.game, view.seat, view.game.players
        pins = [list(p) for p in self._pins]
        candidates = None if self._candidates is None else Counter(self._candidates)
        pool = _Pool(Counter(self._free), view.deck_size, candidates)
        phase = view.phase
        if isinstance(phase, ReflexPhase) and phase.seat != seat and view.top not in pins[phase.seat]:
            top = view.top
            pins[phase.seat].append(pool.pin(rng, lambda c: c is top))
        need = _need(phase, seat)
        if need is not None and not any(need(c) for c in pins[phase.seat]):
            pins[phase.seat].append(pool.pin(rng, need))
        drawing = isinstance(phase, DrawnPhase) and phase.seat != seat
        pinned = tuple(tuple(p) for p in pins)
        deal = self._deals.get(pinned)
        if deal is None:
            rooms = {
                s: view.hand_sizes[s] - len(pins[s]) - (drawing and s == phase.seat)
                for s in range(n)
                if s != seat
            }
            deal = self._deals[pinned] = _Deal(pool, rooms, self._voids, drawing)
        deck, drawn, dealt = deal.deal(rng)
        if drawn is not None:
            pins[phase.seat].append(drawn)
            phase = DrawnPhase(phase.seat, drawn)
        hands: list[tuple[Card, ...]] = []
        for s in range(n):
            hands.append(view.hand if s == seat else sort_cards((*pins[s], *dealt[s])))
        heroes = _heroes(view, rng)
        curses = _curses(view, rng)
        match = Match(
            game_number=view.game_number,
            dealer=view.dealer,
            heroes=heroes,
            heroes_shown=tuple(h is not None for h in view.heroes),
            curses=curses,
            curses_shown=tuple(e is not None for e in view.curses),
            hp=view.hp,
        )
        memory = Memory(
            known=view.known,
            reshuffled=view.reshuffled,
            seen=tuple(view.seen if s == seat else () for s in range(n)),
            voids=view.voids,
        )
        return State(
            game=game,
            rng=rng.next64(),
            match=match,
            hands=tuple(hands),
            deck=tuple(deck),
            pile=view.pile,
            element=view.element,
            direction=view.direction,
            penalized=view.penalized,
            phase=phase,
            silent=view.silent,
            memory=memory,
            passed=(0,) * n,
            events=view.events,
            outcome=view.outcome,
        )


def _heroes(view: View, rng: Rng) -> tuple[Hero, ...]:
    known = [view.hero if s == view.seat else h for s, h in enumerate(view.heroes)]
    left = rng.shuffled([h for h in Hero if h not in known])
    return tuple(h if h is not None else left.pop() for h in known)


def _curses(view: View, rng: Rng) -> tuple[Element, ...]:
    mine = view.game.owner(view.seat)
    known = [view.curse if e is None and i == mine else e for i, e in enumerate(view.curses)]
    left = Counter(CURSE_DECK)
    left.subtract(e for e in known if e is not None)
    pool = rng.shuffled([e for e in Element for _ in range(left[e])])
    return tuple(e if e is not None else pool.pop() for e in known)
