"""Short cuts for the commonest transitions: a plain draw, a discard, a lay-down, a pass, a matching discard, a Village refill.

Most decisions of a match are "draw a card" and "discard a card" by a seat
away from a Midnight, the last card and the end of the match.  For
those, the new State is built directly from the old one's tuples (no working
:class:`~._table.Table`), with exactly the result the general path gives;
anything unusual returns ``None`` and the general path runs instead.  The
discards of matching cards in a window and the Store/Swap of a Village refill
are frequent enough (about one decision in ten) to have their own short cut;
:mod:`._fast_play` has those of the commonest action cards.
"""

from __future__ import annotations

from bisect import insort
from itertools import chain
from typing import TYPE_CHECKING

from ._cards import CardTable
from ._deck import MIDNIGHT
from ._melds import group_kind, make_meld
from ._moves import Discard, Draw, Lay, MatchDiscard, Pass, Store, Swap
from ._pending import BonusChoice, FollowUp, Main, Pending, Refill, Window

if TYPE_CHECKING:
    from ._state import Board, State

__all__ = [
    "ORDERS",
    "fast_apply",
    "fast_match",
    "fast_pass",
    "fast_village",
    "group_adds",
    "rebuilt",
    "refill_or_then",
    "shown",
    "take_own",
]


ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}
_MAIN = tuple(Main(s) for s in range(6))
_NOTHING: frozenset[str] = frozenset()
_DREW = tuple(f"seat {s} drew a card" for s in range(6))
_MISSES = tuple(f"seat {s} misses a turn" for s in range(6))
#: The decisions whose pass ends the turn's action (``finish_action``), for :func:`fast_pass`.
_ACTION_OVER = (Main, BonusChoice, FollowUp)
#: The events of single discards, by (seat, card): built once, not at every discard.
_DISCARDED: dict[tuple[int, str], str] = {}


def fast_pass(state: State, move: Pass) -> State | None:
    """The state after passing in an extra-action window, on a Village refill or to end the action, or ``None``."""
    pending = state.pending
    if isinstance(pending, Window):
        queue, unable = pending.queue, pending.unable
    elif isinstance(pending, Refill):
        queue, unable = _after_refill(state, pending), ()
    elif isinstance(pending, _ACTION_OVER):
        # As _flow.finish_action after a pass that ends the turn's action: the Village refill, else the window.
        seat = state.turn
        if state.board.villages[seat] and state.hands[seat]:
            return _refill(state, seat, state.hands, state.draw, state.discard, state.known, (), state.board)
        queue, unable = ORDERS[state.game.players][seat], ()
    else:
        return None
    return _then(state, state.hands, state.draw, state.discard, state.known, queue, (), unable)


def fast_apply(state: State, move: Draw | Discard | Lay) -> State | None:
    """The state after the plain ``move``, or ``None`` when the general path is needed."""
    seat = move.seat
    board = state.board
    table = state.game.table
    hands = state.hands
    known = state.known
    discard = state.discard
    draw = state.draw
    if isinstance(move, Draw):
        if len(draw) < 2:
            return None
        card = draw[-1]
        if table.category[card] is MIDNIGHT:
            return None
        hand = list(hands[seat])
        insort(hand, card)
        draw = draw[:-1]
        event = _DREW[seat]
    else:
        cards = move.cards
        old = hands[seat]
        lay = isinstance(move, Lay)
        if not lay and len(cards) == 1 and cards[0] in old:
            card = cards[0]
            i = old.index(card)
            hand = [*old[:i], *old[i + 1 :]]
            discard = (*discard, card)
            shared = _DISCARDED.get((seat, card))
            if shared is None:
                shared = _DISCARDED[seat, card] = f"seat {seat} discarded {card}"
            event = shared
            known = shown(known, seat, cards)
        elif lay or len(cards) < 3:  # three discarded or more may earn a bonus draw: the general path
            hand, known, villages = take_own(state, seat, cards)
            if isinstance(move, Lay):
                # As apply._lay: the new meld goes down after the seat's others; a new Board (so the
                # cache of the laid groups starts afresh, as Table.freeze does when melds change).
                melds = board.melds
                meld = make_meld(cards, move.values, table)
                board = type(board)(
                    board.rng,
                    villages,
                    board.village_cards,
                    board.zones,
                    (*melds[:seat], (*melds[seat], meld), *melds[seat + 1 :]),
                    board.skips,
                    board.final,
                    board.last_drawer,
                )
                event = f"seat {seat} laid down {' '.join(cards)}"
            else:
                discard = (*discard, *cards)
                event = f"seat {seat} discarded {' '.join(cards)}"
                if villages is not board.villages:
                    board = rebuilt(board, villages, board.final)
        else:
            return None
    new_hands = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    # refill_or_then, written out: a call fewer on the path of two decisions in three.
    if board.villages[seat] and hand:
        return _refill(state, seat, new_hands, draw, discard, known, (event,), board)
    return _then(
        state, new_hands, draw, discard, known, ORDERS[state.game.players][seat], (event,), (), board
    )


def refill_or_then(
    state: State,
    seat: int,
    hands: tuple[tuple[str, ...], ...],
    draw: tuple[str, ...],
    discard: tuple[str, ...],
    known: tuple[tuple[tuple[str, ...], ...], ...],
    events: tuple[str, ...],
    board: Board,
) -> State | None:
    """The end of ``seat``'s action, as :func:`._flow.finish_action`: its Village refill, else the window."""
    if board.villages[seat] and hands[seat]:
        # "a new card may immediately be placed there": the Village refill comes first (ruling 15).
        return _refill(state, seat, hands, draw, discard, known, events, board)
    return _then(state, hands, draw, discard, known, ORDERS[state.game.players][seat], events, (), board)


def take_own(
    state: State, seat: int, cards: tuple[str, ...]
) -> tuple[list[str], tuple[tuple[tuple[str, ...], ...], ...], tuple[tuple[str | None, ...], ...]]:
    """``seat``'s hand, the knowledge and the Villages after it used ``cards`` openly, as :meth:`._table.Table.take_own`.

    Each card comes from the hand if it holds one (the others forget it), else from a Village;
    the Villages are the board's own tuple when none was touched.
    """
    hand = list(state.hands[seat])
    slots: list[str | None] | None = None
    seen: list[str] = []
    for card in cards:
        if card in hand:
            hand.remove(card)
            seen.append(card)
        else:
            if slots is None:
                slots = list(state.board.villages[seat])
            slots[slots.index(card)] = None
    known = shown(state.known, seat, tuple(seen)) if seen else state.known
    villages = state.board.villages
    if slots is not None:
        villages = (*villages[:seat], tuple(slots), *villages[seat + 1 :])
    return hand, known, villages


def _refill(
    state: State,
    seat: int,
    hands: tuple[tuple[str, ...], ...],
    draw: tuple[str, ...],
    discard: tuple[str, ...],
    known: tuple[tuple[tuple[str, ...], ...], ...],
    events: tuple[str, ...],
    board: Board,
) -> State:
    """The Village refill offered to ``seat`` after its action, as :func:`._flow.finish_action` offers it."""
    return type(state)(
        state.game, state.turn, Refill(seat), hands, draw, discard, known, events, state.outcome, board
    )


def fast_match(state: State, move: MatchDiscard) -> State | None:
    """The state after discarding matching cards in an extra-action window, or ``None``."""
    seat = move.seat
    cards = move.cards
    hand = list(state.hands[seat])
    for card in cards:
        if card not in hand:
            return None  # a card from a Village (ruling 15): the general path, with its refill
        hand.remove(card)
    hands = state.hands
    new_hands = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    known = shown(state.known, seat, cards)
    event = f"seat {seat} discarded matching {' '.join(cards)}"
    queue = ORDERS[len(hands)][(seat + 1) % len(hands)]
    return _then(state, new_hands, state.draw, (*state.discard, *cards), known, queue, (event,))


def fast_village(state: State, move: Store | Swap) -> State | None:
    """The state after laying a card on a Village, or exchanging one, in a Village refill; or ``None``."""
    board = state.board
    if not isinstance(state.pending, Refill):
        return None
    seat = move.seat
    hand = list(state.hands[seat])
    hand.remove(move.card)
    slots = list(board.villages[seat])
    if isinstance(move, Store):
        slots[slots.index(None)] = move.card
        event = f"seat {seat} laid a card face down on a Village"
    else:
        old = slots[move.village]
        assert old is not None
        insort(hand, old)
        slots[move.village] = move.card
        event = f"seat {seat} exchanged the card on Village {move.village}"
    hands = state.hands
    new_hands = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    known = _forget_one(state.known, seat)
    queue = _after_refill(state, state.pending)
    return _then(
        state,
        new_hands,
        state.draw,
        state.discard,
        known,
        queue,
        (event,),
        (),
        _with_slots(board, seat, slots),
    )


def _after_refill(state: State, pending: Refill) -> tuple[int, ...]:
    """The window's order after a Village refill, as :func:`._apply._after_refill`: from the owner
    after its turn's action, from the next seat after an extra action."""
    n = state.game.players
    return ORDERS[n][(pending.seat + 1) % n if pending.extra else pending.seat]


def _with_slots(board: Board, seat: int, slots: list[str | None]) -> Board:
    """``board`` with new Village ``slots`` for ``seat``."""
    villages = board.villages
    return rebuilt(board, (*villages[:seat], tuple(slots), *villages[seat + 1 :]), board.final)


def rebuilt(
    board: Board,
    villages: tuple[tuple[str | None, ...], ...],
    final: int,
    skips: tuple[bool, ...] | None = None,
    rng: int | None = None,
) -> Board:
    """``board`` with new ``villages``, ``final``, and ``skips`` and ``rng`` if given (the laid
    cards, hence the groups' cache, unchanged)."""
    new = type(board)(
        board.rng if rng is None else rng,
        villages,
        board.village_cards,
        board.zones,
        board.melds,
        board.skips if skips is None else skips,
        final,
        board.last_drawer,
    )
    object.__setattr__(new, "adds", board.adds)  # the same laid groups: keep the cache
    return new


def shown(
    known: tuple[tuple[tuple[str, ...], ...], ...], seat: int, cards: tuple[str, ...]
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``known`` after ``seat`` showed ``cards`` leaving its hand: each observer forgets one of each it knew of."""
    rows = None
    for o, row in enumerate(known):
        mine = row[seat]
        if not mine or o == seat:
            continue  # most rows are empty
        left = list(mine)
        for card in cards:
            if card in left:
                left.remove(card)
        if len(left) < len(mine):
            if rows is None:
                rows = list(known)
            rows[o] = (*row[:seat], tuple(left), *row[seat + 1 :])
    return known if rows is None else tuple(rows)


def _forget_one(
    known: tuple[tuple[tuple[str, ...], ...], ...], seat: int
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``known`` after ``seat`` lost one card unseen, as :meth:`._table.Table.forget` with ``n=1``.

    Each observer is sure of one copy fewer of every kind: in a sorted row, the first of each run goes.
    """
    rows = None
    for o, row in enumerate(known):
        mine = row[seat]
        if o != seat and mine:
            if rows is None:
                rows = list(known)
            kept = tuple(c for i, c in enumerate(mine) if i and mine[i - 1] == c)
            rows[o] = (*row[:seat], kept, *row[seat + 1 :])
    return known if rows is None else tuple(rows)


def _then(
    state: State,
    hands: tuple[tuple[str, ...], ...],
    draw: tuple[str, ...],
    discard: tuple[str, ...],
    known: tuple[tuple[tuple[str, ...], ...], ...],
    queue: tuple[int, ...],
    events: tuple[str, ...],
    unable: tuple[int, ...] = (),
    board: Board | None = None,
) -> State | None:
    """The extra-action window for ``queue``, else the next turn (``None`` if that needs the general path).

    ``board`` is the new position's board when the move changed it (else the state's own).
    """
    if board is None:
        board = state.board
    table = state.game.table
    matching = table.matching[discard[-1]] if discard else _NOTHING
    adds = board.adds
    if adds == ():
        adds = group_adds(board, table)
    pending: Pending | None = None
    usable = hands
    owner = state.turn
    if board.villages[owner] and state.game.village_extra_actions == "own_turn":
        # As _flow.next_window: the seat whose turn it is may use its Village cards too (ruling 15).
        stored = tuple(c for c in board.villages[owner] if c is not None)
        if stored:
            usable = (*hands[:owner], hands[owner] + stored, *hands[owner + 1 :])
    if not (
        len(queue) == len(usable)
        and matching.isdisjoint(chain.from_iterable(usable))
        and (adds is None or all(map(frozenset.isdisjoint, adds, usable)))
    ):  # else nobody may act, the commonest case, found without a loop in Python
        pending = _window(matching, adds, usable, queue, unable)
    if pending is None:
        turn = (state.turn + 1) % len(hands)
        if board.skips[turn]:
            if board.final:
                return None
            # As _flow.end_turn away from the final round: each seat that showed the Lazy Girl in turn
            # misses this turn (its mark is cleared), and the next one plays.
            skips = list(board.skips)
            missed: list[str] = []
            while skips[turn]:
                skips[turn] = False
                missed.append(_MISSES[turn])
                turn = (turn + 1) % len(hands)
            board = rebuilt(board, board.villages, 0, tuple(skips))
            events = (*events, *missed)
        elif board.final:
            # As _flow.end_turn: the closing turn's end ends the match (the general path); the
            # last drawer's turn coming round again begins the closing turn.
            if board.final == 2 and state.turn == board.last_drawer:
                return None
            if board.final == 1 and turn == board.last_drawer:
                board = rebuilt(board, board.villages, 2)
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

    ``matching`` are the cards matching the top of the discard pile, ``adds`` what :func:`group_adds` gives;
    ``hands`` are the cards each seat may use (the turn's seat's Village cards among them, by the option).
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
