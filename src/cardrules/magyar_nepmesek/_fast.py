"""Short cuts for the commonest transitions: a plain draw and a single discard.

Most decisions of a match are "draw a card" and "discard a card" by a seat
without Villages, away from a Midnight, the last card and a missed turn.  For
those, the new State is built directly from the old one's tuples (no working
:class:`~._table.Table`), with exactly the result the general path gives;
anything unusual returns ``None`` and the general path runs instead.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from ._deck import Category
from ._melds import MeldKind, group_kind
from ._moves import Discard, Draw
from ._pending import Main, Pending, Window

if TYPE_CHECKING:
    from ._state import State

__all__ = ["fast_apply"]

_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}
_MAIN = tuple(Main(s) for s in range(6))
_NOTHING: frozenset[str] = frozenset()
_DREW = tuple(f"seat {s} drew a card" for s in range(6))


def fast_apply(state: State, move: Draw | Discard) -> State | None:
    """The state after the plain ``move``, or ``None`` when the general path is needed."""
    seat = move.seat
    if state.villages[seat] or state.final:
        return None
    table = state.game.table
    hands = state.hands
    known = state.known
    discard = state.discard
    draw = state.draw
    if isinstance(move, Draw):
        if len(draw) < 2:
            return None
        card = draw[-1]
        if table.category[card] is Category.MIDNIGHT:
            return None
        hand = list(hands[seat])
        insort(hand, card)
        draw = draw[:-1]
        event = _DREW[seat]
    else:
        if len(move.cards) != 1:
            return None
        card = move.cards[0]
        old = hands[seat]
        if card not in old:
            return None
        i = old.index(card)
        hand = [*old[:i], *old[i + 1 :]]
        discard = (*discard, card)
        event = f"seat {seat} discarded {card}"
        rows = None
        for o, row in enumerate(known):
            if o != seat and card in row[seat]:
                if rows is None:
                    rows = list(known)
                mine = list(row[seat])
                mine.remove(card)
                rows[o] = (*row[:seat], tuple(mine), *row[seat + 1 :])
        if rows is not None:
            known = tuple(rows)
    new_hands = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    pending = _window(state, new_hands, discard, seat)
    if pending is None:
        n = state.game.players
        nxt = (seat + 1) % n
        if state.skips[nxt] or state.turn != seat:
            return None
        pending = _MAIN[nxt]
        turn = nxt
    else:
        turn = state.turn
    return type(state)(
        state.game,
        state.rng,
        turn,
        pending,
        new_hands,
        state.villages,
        state.village_cards,
        draw,
        state.zones,
        discard,
        state.melds,
        known,
        state.skips,
        state.final,
        state.last_drawer,
        (event,),
        state.outcome,
    )


def _window(
    state: State, hands: tuple[tuple[str, ...], ...], discard: tuple[str, ...], start: int
) -> Pending | None:
    """The first seat from ``start`` that may take an extra action, as in :func:`._flow.next_window`."""
    table = state.game.table
    matching = table.matching[discard[-1]] if discard else _NOTHING
    positives = table.positives
    melds_of = state.melds
    queue = _ORDERS[state.game.players][start]
    for i, seat in enumerate(queue):
        hand = hands[seat]
        if not hand:
            continue
        if not matching.isdisjoint(hand):
            return Window(seat, queue[i + 1 :])
        melds = melds_of[seat]
        if melds and not positives.isdisjoint(hand):
            for meld in melds:
                if meld.kind is MeldKind.GROUP:
                    kind = group_kind(meld, table)
                    if kind is not None and kind in hand:
                        return Window(seat, queue[i + 1 :])
    return None
