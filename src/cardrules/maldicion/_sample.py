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
from .._sampling import ConstrainedDeal, NoDeal
from ._cards import ACTION_DECK, CURSE_DECK, Card, Element, Hero, fitting
from ._pending import ClericPhase, DrawnPhase, EmmaPhase, ReflexPhase
from ._records import Match, Memory
from ._state import State, build_state
from ._table import sort_cards
from ._view import View

__all__ = ["ViewSampler"]


_Token = tuple[Card, bool]  # a hidden card, and whether it may lie in the Deck


class _Deals:
    """The Deck and the other hands, dealt with :class:`~cardrules._sampling.ConstrainedDeal`.

    Places are the other seats with room, then the Deck (one more card while a
    seat decides on the card it drew: it came from there).  A copy may lie in
    the Deck unless, after a reshuffle, it was not in it: of a kind's hidden
    copies, as many as the reshuffle put in and this seat did not draw may be
    there, which tells those copies apart as tokens.  A seat gets nothing of
    its voids.  A seat asked in a window must hold a card that lets it act:
    one is pinned there first, drawn among those that leave a deal possible.
    The deals are prepared once per pinned card.
    """

    __slots__ = ("_needy", "_prepared", "_rooms", "_seats", "_tokens", "_voids")

    def __init__(
        self,
        tokens: list[_Token],
        rooms: dict[int, int],
        deck_room: int,
        voids: tuple[frozenset[Card], ...],
        needy: tuple[int, Callable[[Card], bool]] | None,
    ) -> None:
        self._needy = needy
        self._seats = [s for s, room in rooms.items()]
        # A place for cards a hand-built position leaves out of play (no match does: from_dict
        # refuses such a state); too few hidden cards leave no deal.
        surplus = len(tokens) - sum(rooms.values()) - deck_room
        self._rooms = [rooms[s] for s in self._seats] + [deck_room, max(0, surplus)]
        self._tokens = tokens
        self._voids = voids
        self._prepared: dict[_Token | None, ConstrainedDeal[_Token] | None] = {}

    def _ready(self, pin: tuple[int, _Token] | None) -> ConstrainedDeal[_Token] | None:
        key = None if pin is None else pin[1]
        if key in self._prepared:
            return self._prepared[key]
        tokens, rooms = self._tokens, list(self._rooms)
        if pin is not None:
            tokens = list(tokens)
            tokens.remove(pin[1])
            rooms[self._seats.index(pin[0])] -= 1
        deck, seats, voids = len(self._seats), self._seats, self._voids

        def allowed(token: _Token, place: int) -> bool:
            if place >= deck:
                return token[1] or place > deck
            return token[0] not in voids[seats[place]]

        try:
            ready: ConstrainedDeal[_Token] | None = ConstrainedDeal(tokens, rooms, allowed)
        except NoDeal:
            ready = None
        self._prepared[key] = ready
        return ready

    def deal(self, rng: Rng) -> tuple[tuple[int, Card] | None, list[Card], dict[int, list[Card]]]:
        """The card pinned to a seat asked in a window (seat and card, if one is), the Deck in order,
        the hands."""
        pin: tuple[int, _Token] | None = None
        if self._needy is None:
            ready = self._ready(None)
        else:
            seat, need = self._needy
            options = [t for t in self._tokens if need(t[0]) and t[0] not in self._voids[seat]]
            ready = None
            while options and ready is None:
                pin = (seat, options[rng.below(len(options))])
                ready = self._ready(pin)
                if ready is None:
                    options = [t for t in options if t != pin[1]]
        if ready is None:
            raise NoDeal("no deal of the hidden cards fits what the seat knows")
        places = ready.deal(rng)
        deck = rng.shuffled([card for card, _ in places[len(self._seats)]])
        dealt = {s: [card for card, _ in cards] for s, cards in zip(self._seats, places, strict=False)}
        return (None if pin is None else (pin[0], pin[1][0])), deck, dealt


def _need(view: View) -> Callable[[Card], bool] | None:
    """What the seat asked in a window (not the viewer) must hold for the question to arise."""
    phase = view.phase
    if phase.seat == view.seat:
        return None
    if isinstance(phase, ReflexPhase):
        top = view.top
        return lambda c: c is top
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
    the Deck, the rooms and the voids are worked out once, and so are the
    deals (:class:`_Deals`).
    """

    __slots__ = ("_deals", "_pins", "_view")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
        seat, n = view.seat, view.game.players
        free = Counter(ACTION_DECK)
        free.subtract(view.hand)
        free.subtract(view.pile)
        pins: list[list[Card]] = [[] for _ in range(n)]
        for k in view.known:
            pins[k.holder].extend(k.cards)
            free.subtract(k.cards)
        if any(count < 0 for count in free.values()):
            raise NoDeal("the view shows more copies of a card than the game has")
        deckable = Counter(free)
        if view.reshuffled is not None:
            deckable = Counter(view.reshuffled)
            deckable.subtract(view.seen)
        tokens: list[_Token] = []
        for card in sort_cards(+free):
            in_deck = max(0, min(free[card], deckable[card]))
            tokens += [(card, True)] * in_deck + [(card, False)] * (free[card] - in_deck)
        phase = view.phase
        need = _need(view)
        if need is not None and any(need(c) for c in pins[phase.seat]):
            need = None  # a card it is known to hold lets it act
        drawing = isinstance(phase, DrawnPhase) and phase.seat != seat
        rooms = {
            s: view.hand_sizes[s] - len(pins[s]) - (drawing and s == phase.seat)
            for s in range(n)
            if s != seat
        }
        if any(room < 0 for room in rooms.values()):
            raise NoDeal("a seat is known to hold more cards than its hand has")
        self._view = view
        self._pins = tuple(tuple(p) for p in pins)
        needy = None if need is None else (phase.seat, need)
        self._deals = _Deals(tokens, rooms, view.deck_size + drawing, _inferred_voids(view), needy)

    def _sample(self, rng: Rng) -> State:
        view = self._view
        game, seat, n = view.game, view.seat, view.game.players
        pins = [list(p) for p in self._pins]
        pinned, deck, dealt = self._deals.deal(rng)
        if pinned is not None:
            pins[pinned[0]].append(pinned[1])
        phase = view.phase
        if isinstance(phase, DrawnPhase) and phase.seat != seat:
            drawn = deck.pop()
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
        return build_state(
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
