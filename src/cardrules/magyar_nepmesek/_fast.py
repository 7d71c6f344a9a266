"""Short cuts for the commonest transitions: a plain draw, a single discard, a pass in a window.

Most decisions of a match are "draw a card" and "discard a card" by a seat
without Villages, away from a Midnight, the last card and a missed turn.  For
those, the new State is built directly from the old one's tuples (no working
:class:`~._table.Table`), with exactly the result the general path gives;
anything unusual returns ``None`` and the general path runs instead.
"""

from __future__ import annotations

from bisect import insort
from itertools import chain
from typing import TYPE_CHECKING

from ._cards import CardTable
from ._deck import Category
from ._melds import group_kind
from ._moves import Discard, Draw, Pass
from ._pending import Main, Pending, Refill, Window

if TYPE_CHECKING:
    from ._state import Board, State

__all__ = ["fast_apply", "fast_pass", "group_adds"]

_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}
_MAIN = tuple(Main(s) for s in range(6))
_NOTHING: frozenset[str] = frozenset()
_DREW = tuple(f"seat {s} drew a card" for s in range(6))
#: The events of single discards, by (seat, card): built once, not at every discard.
_DISCARDED: dict[tuple[int, str], str] = {}


def fast_pass(state: State, move: Pass) -> State | None:
    """The state after passing in an extra-action window or on a Village refill, or ``None``."""
    if state.board.final:
        return None
    pending = state.pending
    if isinstance(pending, Window):
        queue, unable = pending.queue, pending.unable
    elif isinstance(pending, Refill):
        queue, unable = _ORDERS[state.game.players][move.seat], ()
    else:
        return None
    return _then(state, state.hands, state.draw, state.discard, state.known, queue, (), unable)


def fast_apply(state: State, move: Draw | Discard) -> State | None:
    """The state after the plain ``move``, or ``None`` when the general path is needed."""
    seat = move.seat
    board = state.board
    if board.final:
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
            return None  # from a Village
        i = old.index(card)
        hand = [*old[:i], *old[i + 1 :]]
        discard = (*discard, card)
        shared = _DISCARDED.get((seat, card))
        if shared is None:
            shared = _DISCARDED[seat, card] = f"seat {seat} discarded {card}"
        event = shared
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
    if board.villages[seat] and hand:
        # "a new card may immediately be placed there": the Village refill comes first (ruling 15).
        return type(state)(
            state.game,
            state.turn,
            Refill(seat),
            new_hands,
            draw,
            discard,
            known,
            (event,),
            state.outcome,
            board,
        )
    return _then(state, new_hands, draw, discard, known, _ORDERS[state.game.players][seat], (event,))


def _then(
    state: State,
    hands: tuple[tuple[str, ...], ...],
    draw: tuple[str, ...],
    discard: tuple[str, ...],
    known: tuple[tuple[tuple[str, ...], ...], ...],
    queue: tuple[int, ...],
    events: tuple[str, ...],
    unable: tuple[int, ...] = (),
) -> State | None:
    """The extra-action window for ``queue``, else the next turn (``None`` if that needs the general path)."""
    board = state.board
    table = state.game.table
    matching = table.matching[discard[-1]] if discard else _NOTHING
    adds = board.adds
    if adds == ():
        adds = group_adds(board, table)
    pending: Pending | None = None
    if not (
        len(queue) == len(hands)
        and matching.isdisjoint(chain.from_iterable(hands))
        and (adds is None or all(map(frozenset.isdisjoint, adds, hands)))
    ):  # else nobody may act, the commonest case, found without a loop in Python
        pending = _window(matching, adds, hands, queue, unable)
    if pending is None:
        turn = (state.turn + 1) % len(hands)
        if board.skips[turn]:
            return None
        pending = _MAIN[turn]
    else:
        turn = state.turn
    return type(state)(state.game, turn, pending, hands, draw, discard, known, events, state.outcome, board)


def _window(
    matching: frozenset[str],
    adds: tuple[frozenset[str], ...] | None,
    hands: tuple[tuple[str, ...], ...],
    queue: tuple[int, ...],
    unable: tuple[int, ...],
) -> Pending | None:
    """The first seat of ``queue`` that may take an extra action, as in :func:`._flow.next_window`.

    ``matching`` are the cards matching the top of the discard pile, ``adds`` what :func:`group_adds` gives.
    """
    for i, seat in enumerate(queue):
        hand = hands[seat]
        if hand and (not matching.isdisjoint(hand) or (adds is not None and not adds[seat].isdisjoint(hand))):
            # The seats before it that hold cards were passed over (built only now: most scans find none).
            passed = tuple(s for s in queue[:i] if hands[s])
            return Window(seat, queue[i + 1 :], unable + passed)
    return None


def group_adds(board: Board, table: CardTable) -> tuple[frozenset[str], ...] | None:
    """Per seat, the kinds that may be added to its laid groups; ``None`` when no seat has a group.

    Remembered in ``board.adds``: the laid cards change seldom, the windows are scanned at every action.
    """
    adds = board.adds
    if adds == ():
        kinds = [
            frozenset(filter(None, (group_kind(meld, table) for meld in melds))) if melds else _NOTHING
            for melds in board.melds
        ]
        adds = tuple(kinds) if any(kinds) else None
        object.__setattr__(board, "adds", adds)  # a cache: boards stay values
    return adds
