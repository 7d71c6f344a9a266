"""Setup: the optional mulligan, and who starts."""

from __future__ import annotations

from .._random import Rng
from ._cards import COLOUR_INDEX, Card
from ._events import EventKind
from ._table import Table

__all__ = ["first_seat", "resolve_mulligan", "start_match"]


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
        # Nobody has seen another seat's hand yet (the commitments are secret): only the seat itself knows.
        table.knowledge[seat] = table.knowledge[seat].in_deck(cards)
        table.log(EventKind.MULLIGAN, seat, cards=cards, count=len(cards))
    table.deck = (*returned, *table.deck)
    table.shuffle()
    for seat, cards in enumerate(returns):
        if cards:
            got = tuple(card for card in (table.draw(seat, log=False) for _ in cards) if card is not None)
            table.log(EventKind.REFILL, seat, cards=got, count=len(got))
    start_match(table)


def start_match(table: Table) -> None:
    """ "Place the horseshoe token pointing clockwise. The person with the most cards of the same colour
    starts. In case of a tie, the person who has had the most bad luck recently starts."

    The tie is broken by the seeded generator (ruling 6).  Only who starts is told: the count is logged
    with coloured backs, which show it anyway, and not with plain backs (ruling 24).
    """
    table.clockwise = True
    first, best = first_seat(table.hands, table.rng)
    table.log(EventKind.STARTS, first, count=best if table.coloured else 0)
    table.begin(first)


def first_seat(hands: tuple[tuple[Card, ...], ...] | list[tuple[Card, ...]], rng: Rng) -> tuple[int, int]:
    """The seat with the most cards of one colour, a tie broken by ``rng``; and how many cards that is."""
    most = []
    for hand in hands:
        colours = bytes(map(COLOUR_INDEX.__getitem__, hand))  # counted in C, no list of the hand's colours
        most.append(max(colours.count(0), colours.count(1), colours.count(2)))
    best = max(most)
    tied = [seat for seat, count in enumerate(most) if count == best]
    return (tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]), best
