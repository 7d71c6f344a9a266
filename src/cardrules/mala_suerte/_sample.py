"""States consistent with one seat's view, for search bots."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from .._base import Sampler
from .._random import Rng
from .._sampling import ConstrainedDeal, NoDeal
from ._cards import CARDS, COLOURS, Card, Colour, Kind, in_order
from ._events import EventKind
from ._knowledge import Knowledge, blank
from ._records import Board
from ._state import State, build_state
from ._view import View

__all__ = ["ViewSampler", "public_knowledge"]


class ViewSampler(Sampler[State]):
    """Place every card the seat cannot see at random where it could be.

    Cards the seat knows another seat holds stay in that hand; cards it knows
    are in the deck stay there, at their known depth if it knows it.  With
    coloured backs every hand card and every deck card whose colour was seen
    gets a card of that colour; with plain backs a seat known to be void in a
    colour gets none of it, and a seat known to hold one colour only gets
    cards of one colour (that colour, if the seat saw which).  The unseen
    cards and the counts of the plain-back deals are worked out once.
    """

    __slots__ = ("_deals", "_pool", "_view")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
        know = view.knowledge
        unseen = Counter(view.game.cards)
        unseen.subtract(view.hand)
        for cards in (*view.piles, view.discard, *know.hands, know.deck):
            unseen.subtract(cards)
        unseen.subtract(c for c in know.deck_top if c is not None)
        self._view = view
        self._pool = [card for card in CARDS for _ in range(unseen[card])]
        #: The plain-back deals prepared so far, by the one-colour hands they assume.
        self._deals: dict[tuple[tuple[int, Colour], ...], ConstrainedDeal[tuple[Card, bool]] | None] = {}

    def _sample(self, rng: Rng) -> State:
        view = self._view
        game = view.game
        n = game.players
        me = view.seat
        know = view.knowledge
        pool = self._pool
        deck: list[Card | None] = [None] * view.deck_size
        for depth, card in enumerate(know.deck_top):
            deck[depth] = card
        dealt: dict[int, list[Card]] = {s: list(know.hands[s]) for s in range(n) if s != me}
        one_colour: dict[int, Colour] = {}
        if game.coloured_backs:
            loose = _place_by_colour(view, pool, deck, dealt, rng)
        else:
            loose, one_colour = _place_blind(view, pool, deck, dealt, rng, self._deals)
        free = [i for i, slot in enumerate(deck) if slot is None]
        for i, card in zip(free, rng.shuffled(loose), strict=True):
            deck[i] = card
        hands = [in_order(dealt[s]) if s != me else view.hand for s in range(n)]
        returns: tuple[tuple[Card, ...], ...] = ()
        aside: tuple[Card, ...] = ()
        if view.turn is None:
            # Other seats' commitments are hidden: any part of their hands may be set aside.
            picks = [
                view.returning or () if s == me else tuple(c for c in hands[s] if rng.below(2))
                for s in range(n)
            ]
            returns = tuple(picks[: view.decided])
            aside = picks[view.decided]
        knowledge = [public_knowledge(view)] * n
        knowledge[me] = know
        return build_state(
            game=game,
            rng=rng.next64(),
            hands=tuple(hands),
            piles=view.piles,
            deck=tuple(c for c in deck if c is not None),
            deck_colours=view.deck_colours,
            turn=view.turn,
            step=view.step,
            knowledge=tuple(knowledge),
            last_turn=view.last_turn,
            this_turn=view.this_turn,
            outcome=view.outcome,
            returns=returns,
            aside=aside,
            board=Board(
                discard=view.discard,
                alive=view.alive,
                clockwise=view.clockwise,
                curse=view.curse,
                stolen=view.stolen,
                voids=view.voids,
                one_colour=tuple(
                    (seat, witness, colour if colour is not None else one_colour[seat])
                    for seat, witness, colour in view.one_colour
                ),
            ),
        )


def public_knowledge(view: View) -> Knowledge:
    """What every seat knows of the deck, as far as ``view`` shows it: the Clovers an elimination
    returned to the deck (ruling 7: the hand is shown), those this seat still knows are there.

    The sample gives it to the other seats, whose own private facts stay unknown.
    """
    returned = [
        card
        for event in (*view.last_turn, *view.this_turn)
        if event.kind is EventKind.ELIMINATED
        for card in event.cards
        if card.kind is Kind.CLOVER
    ]
    known = Counter(view.knowledge.deck) & Counter(returned)
    blank_hands = blank(view.game.players)
    return Knowledge(blank_hands.hands, (), in_order(known.elements())) if known else blank_hands


def _place_by_colour(
    view: View, pool: list[Card], deck: list[Card | None], dealt: dict[int, list[Card]], rng: Rng
) -> list[Card]:
    """Coloured backs: colour by colour, fill the hands' slots, then the deck slots of that colour.

    Returns the cards left for the deck slots whose colour nobody has seen.
    """
    loose: list[Card] = []
    for ci, colour in enumerate(COLOURS):
        unseen = rng.shuffled([c for c in pool if c.colour is colour])
        for seat, held in dealt.items():
            room = view.hand_colours[seat][ci] - sum(1 for c in held if c.colour is colour)
            held.extend(unseen[:room])
            del unseen[:room]
        rest = rng.shuffled(unseen + [c for c in view.knowledge.deck if c.colour is colour])
        for depth, seen in enumerate(view.deck_colours):
            if seen is colour and deck[depth] is None:
                deck[depth] = rest.pop()
        loose.extend(rest)
    for depth in range(len(view.deck_colours)):
        if deck[depth] is None:  # pragma: no cover - every seen colour was filled above
            raise AssertionError("a deck slot of a seen colour was left empty")
    return loose


_Token = tuple[Card, bool]  # a card, and whether the seat knows it is in the deck


def _place_blind(
    view: View,
    pool: list[Card],
    deck: list[Card | None],
    dealt: dict[int, list[Card]],
    rng: Rng,
    prepared: dict[tuple[tuple[int, Colour], ...], ConstrainedDeal[_Token] | None],
) -> tuple[list[Card], dict[int, Colour]]:
    """Plain backs: any unseen card may be in any hand (unless void in its colour) or in the deck.

    A seat whose hand is known to be all one colour gets cards of that colour only; when this seat did
    not see which colour, one is drawn first, each in proportion to the ways the seat's hand could be
    filled with it.  Returns the cards left for the deck and the colour of each such seat.  The deals
    depend on the view and the one-colour hands alone: ``prepared`` keeps them (``None`` for none).
    """
    seats = list(dealt)
    room = [view.hand_sizes[s] - len(dealt[s]) for s in seats]
    room.append(sum(1 for slot in deck if slot is None))
    tokens = [(card, False) for card in pool] + [(card, True) for card in view.knowledge.deck]
    voids = view.voids
    here = len(seats)
    known = {seat: colour for seat, _, colour in view.one_colour if colour is not None}
    unknown = [seat for seat, _, colour in view.one_colour if colour is None]

    def deal(only: dict[int, Colour]) -> list[list[_Token]]:
        key = tuple(sorted(only.items()))
        if key not in prepared:

            def allowed(token: _Token, place: int) -> bool:
                if place == here:
                    return True
                seat, colour = seats[place], token[0].colour
                if token[1] or (seat, colour) in voids:
                    return False
                wanted = only.get(seat)
                return wanted is None or colour is wanted

            try:
                prepared[key] = ConstrainedDeal(tokens, room, allowed)
            except NoDeal:
                prepared[key] = None
        ready = prepared[key]
        if ready is None:
            raise NoDeal("the constraints leave no possible deal")
        return ready.deal(rng)

    chosen: dict[int, Colour] = {}
    if not unknown:
        places = deal(known)
    else:
        options = [
            _one_colour_options(view, seat, dealt[seat], room[seats.index(seat)], pool) for seat in unknown
        ]
        places = []
        for attempt in itertools.chain(
            (tuple(_weighted(o, rng) for o in options) for _ in range(_COLOUR_TRIES)),
            itertools.product(*([c for c, _ in o] for o in options)),
        ):
            chosen = dict(zip(unknown, attempt, strict=True))
            try:
                places = deal({**known, **chosen})
            except NoDeal:
                continue
            break
        else:  # pragma: no cover - the real deal is one of the options tried
            raise AssertionError("no deal fits what the seat knows")
    for seat, got in zip(seats, places, strict=False):
        dealt[seat].extend(card for card, _ in got)
    return [card for card, _ in places[here]], {**known, **chosen}


#: Colour draws tried before every combination is tried in turn.
_COLOUR_TRIES = 8


def _one_colour_options(
    view: View, seat: int, held: list[Card], room: int, pool: list[Card]
) -> list[tuple[Colour, int]]:
    """The colours the one-colour hand of ``seat`` may have, each with the number of ways to fill it."""
    options = []
    for colour in COLOURS:
        if (seat, colour) in view.voids or any(c.colour is not colour for c in held):
            continue
        options.append((colour, math.comb(sum(1 for c in pool if c.colour is colour), room)))
    return options


def _weighted(options: list[tuple[Colour, int]], rng: Rng) -> Colour:
    """A colour drawn in proportion to its weight (uniformly if every weight is 0)."""
    total = sum(weight for _, weight in options)
    if not total:
        return options[rng.below(len(options))][0]
    pick = rng.below(total)
    for colour, weight in options:
        if pick < weight:
            return colour
        pick -= weight
    raise AssertionError("unreachable")  # pragma: no cover
