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

    def deckable(self, free: Counter[Card]) -> int:
        if self.candidates is None:
            return sum(free.values())
        return sum(min(n, free[c]) for c, n in self.candidates.items())

    def pin(self, rng: Rng, wanted: Callable[[Card], bool], *, from_deck: bool = False) -> Card:
        """Take a random hidden card with ``wanted`` out of the pool, keeping a Deck possible."""
        options: list[Card] = []
        for card in _expand(self.free):
            if not wanted(card):
                continue
            if from_deck and self.candidates is not None and self.candidates[card] <= 0:
                continue
            self._move(card, from_deck, -1)
            if self.deckable(self.free) >= self.deck_size:
                options.append(card)
            self._move(card, from_deck, 1)
        card = rng.choice(options)
        self._move(card, from_deck, -1)
        return card

    def put_back(self, card: Card) -> None:
        """Undo :meth:`pin` of ``card`` taken ``from_deck``."""
        self._move(card, True, 1)

    def _move(self, card: Card, from_deck: bool, step: int) -> None:
        self.free[card] += step
        if from_deck and self.candidates is not None:
            self.candidates[card] += step

    def deck(self, rng: Rng) -> list[Card]:
        if self.candidates is None:
            pool = _expand(self.free)
        else:
            pool = _expand(Counter({c: min(n, self.free[c]) for c, n in self.candidates.items() if n > 0}))
        deck = rng.sample(pool, self.deck_size)
        self.free.subtract(deck)
        return deck


def _distribute(
    pool: _Pool, rooms: dict[int, int], voids: tuple[frozenset[Card], ...], rng: Rng
) -> tuple[list[Card], dict[int, list[Card]]]:
    """The Deck and the other hands from the hidden cards, keeping seats off the kinds they lack.

    Without such knowledge the Deck is a random pick of its candidates and the
    rest is shuffled out.  With it, cards go one by one, the most restricted
    first, to a place with room in proportion to its room; a dead end (rare)
    starts over, and after many the knowledge of what seats lack is set aside.
    """
    if any(voids[s] for s in rooms):
        for _ in range(_ATTEMPTS):
            placed = _place(pool, rooms, voids, rng)
            if placed is not None:
                return placed
    deck = pool.deck(rng)
    rest = rng.shuffled(_expand(pool.free))
    dealt: dict[int, list[Card]] = {}
    for s, room in rooms.items():
        dealt[s], rest = rest[:room], rest[room:]
    return deck, dealt


_ATTEMPTS = 40


def _draw_and_distribute(
    pool: _Pool, rooms: dict[int, int], voids: tuple[frozenset[Card], ...], rng: Rng
) -> tuple[Card, tuple[list[Card], dict[int, list[Card]]]]:
    """The card a seat just drew (from the Deck), then :func:`_distribute` of the rest.

    The drawn card may be anything, but the others must still fit where seats'
    voids allow: a drawn card that leaves them no place is drawn again (a seat
    holding nothing that fitted may have drawn the one card nobody else can hold).
    """
    if any(voids[s] for s in rooms):
        for _ in range(_ATTEMPTS):
            drawn = pool.pin(rng, lambda c: True, from_deck=True)
            placed = _place(pool, rooms, voids, rng)
            if placed is not None:
                return drawn, placed
            pool.put_back(drawn)
    drawn = pool.pin(rng, lambda c: True, from_deck=True)
    return drawn, _distribute(pool, rooms, voids, rng)


def _place(
    pool: _Pool, rooms: dict[int, int], voids: tuple[frozenset[Card], ...], rng: Rng
) -> tuple[list[Card], dict[int, list[Card]]] | None:
    candidates = pool.candidates
    left = Counter(pool.free)

    def deckable(card: Card) -> int:
        """How many more cards of this kind the Deck could still take."""
        if candidates is None:
            return left[card]
        return max(0, min(candidates[card] - in_deck[card], left[card]))

    def allowed(card: Card) -> int:
        deck = 1 if candidates is None or candidates[card] > 0 else 0
        return deck + sum(1 for s in rooms if card not in voids[s])

    in_deck: Counter[Card] = Counter()
    cards = sorted(rng.shuffled(_expand(pool.free)), key=allowed)
    room = dict(rooms)
    deck_room = pool.deck_size
    reach = sum(deckable(c) for c in left)  # cards that could still end in the Deck
    deck: list[Card] = []
    dealt: dict[int, list[Card]] = {s: [] for s in rooms}
    for card in cards:
        before = deckable(card)
        left[card] -= 1
        # Sent to a seat, this card may leave the Deck too few cards to fill it.
        seat_ok = reach - (before - deckable(card)) >= deck_room
        places: list[tuple[int, int]] = []
        if deck_room and before > 0:
            places.append((-1, deck_room))
        if seat_ok:
            places.extend((s, r) for s, r in room.items() if r and card not in voids[s])
        if not places:
            return None
        place = _weighted(places, rng)
        if place < 0:
            deck.append(card)
            in_deck[card] += 1
            deck_room -= 1
        else:
            dealt[place].append(card)
            room[place] -= 1
        reach += deckable(card) - before
    return rng.shuffled(deck), dealt


def _weighted(places: list[tuple[int, int]], rng: Rng) -> int:
    """One of ``places``, each ``(place, room)`` with probability in proportion to its room."""
    pick = rng.below(sum(r for _, r in places))
    for place, room in places:
        if pick < room:
            return place
        pick -= room
    raise AssertionError("unreachable: pick is below the total room")


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
    the Deck, the rooms and the voids are worked out once.
    """

    __slots__ = ("_candidates", "_free", "_pins", "_rooms", "_view", "_voids")

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
        rooms = {
            s: view.hand_sizes[s] - len(pins[s]) - (drawing and s == phase.seat)
            for s in range(n)
            if s != seat
        }
        voids = self._voids
        if drawing:
            drawn, (deck, dealt) = _draw_and_distribute(pool, rooms, voids, rng)
            pins[phase.seat].append(drawn)
            phase = DrawnPhase(phase.seat, drawn)
        else:
            deck, dealt = _distribute(pool, rooms, voids, rng)
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
