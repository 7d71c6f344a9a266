"""Setup: the deal, the optional mulligan, and who starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._random import Rng
from ._cards import DECK, Card, sort_cards
from ._knowledge import blank
from ._records import EventKind, Step
from ._shuffle import shuffled
from ._state import Board, State
from ._table import Table

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["HAND", "first_state", "resolve_mulligan", "start_match"]

#: Enum members as module constants: a class attribute lookup costs more in the hot path.
_EV_MULLIGAN = EventKind.MULLIGAN
_EV_REFILL = EventKind.REFILL
_EV_STARTS = EventKind.STARTS
_STEP_MULLIGAN = Step.MULLIGAN

#: "deal six cards to each person"; the mulligan refills "until everyone has 6 cards again".
HAND = 6


def first_state(game: Game, rng: Rng) -> State:
    """ "Shuffle the Mala Suerte cards and deal six cards to each person. Leave the rest face down ... as a deck."

    Seat 0 is dealt to first, one card at a time (ruling 22).  With the
    mulligan the match opens on seat 0's commitment; without it, on the
    first turn of the seat with the most cards of one colour.
    """
    n = game.players
    deck = shuffled(rng, DECK)
    hands = tuple(sort_cards(deck[seat : n * HAND : n]) for seat in range(n))
    rest = tuple(deck[n * HAND :])
    state = State(
        game=game,
        rng=rng.state,
        hands=hands,
        piles=((),) * n,
        deck=rest,
        deck_colours=(rest[0].colour,) if game.coloured_backs else (),
        turn=None,
        step=_STEP_MULLIGAN,
        knowledge=(blank(n),) * n,
        last_turn=(),
        this_turn=(),
        outcome=None,
        returns=(),
        aside=(),
        board=Board(
            discard=(),
            alive=(True,) * n,
            clockwise=True,
            curse=None,
            stolen=None,
            voids=frozenset(),
        ),
    )
    if game.mulligan:
        return state
    table = Table(state)
    start_match(table)
    return table.freeze()


def resolve_mulligan(table: Table) -> None:
    """ "(Optional) Anyone may return between 1 and 6 cards to the deck, once. Then shuffle and deal until
    everyone has 6 cards again."

    Every seat has committed (in seat order, hidden from the others: ruling 5);
    the returned cards go into the deck together, the deck is shuffled once,
    and the seats are refilled in seat order from the top.
    """
    returns = table.returns
    table.returns = ()
    if not any(returns):
        start_match(table)
        return
    returned: list[Card] = []
    for seat, cards in enumerate(returns):
        if not cards:
            continue
        for card in cards:
            table.remove(seat, card)
        returned.extend(cards)
        for o, k in enumerate(table.knowledge):
            if o == seat:
                table.knowledge[o] = k.in_deck(cards)
            elif k.hands[seat]:
                for card in cards:
                    k = k.unseen_leave(seat, card.colour if table.coloured else None)
                table.knowledge[o] = k
        table.log(_EV_MULLIGAN, seat, cards=cards, count=len(cards))
    table.deck = (*returned, *table.deck)
    table.shuffle()
    for seat, cards in enumerate(returns):
        if cards:
            got = tuple(card for card in (table.draw(seat, log=False) for _ in cards) if card is not None)
            table.log(_EV_REFILL, seat, cards=got, count=len(got))
    start_match(table)


def start_match(table: Table) -> None:
    """ "Place the horseshoe token pointing clockwise. The person with the most cards of the same colour
    starts. In case of a tie, the person who has had the most bad luck recently starts."

    The tie is broken by the seeded generator (ruling 6).
    """
    table.clockwise = True
    most = []
    for hand in table.hands:
        colours = [c % 3 for c in hand]
        most.append(max(colours.count(0), colours.count(1), colours.count(2)))
    best = max(most)
    tied = [seat for seat, count in enumerate(most) if count == best]
    first = tied[table.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    table.log(_EV_STARTS, first, count=best)
    table.begin(first)
