"""States consistent with one seat's view, for search bots."""

from __future__ import annotations

from collections import Counter

from .._base import Sampler
from .._random import Rng
from ._deck import Category
from ._melds import group_kind
from ._pending import React, Window
from ._records import Board
from ._state import State, build_state
from ._validate import draw_thirds
from ._view import View

__all__ = ["ViewSampler"]

_TRIES = 64


class ViewSampler(Sampler[State]):
    """Place every card the seat cannot see at random among the places it could be.

    Cards another seat is known to hold stay with it; the rest go uniformly
    to the other hands, the other seats' Villages and the draw pile, each
    remaining Midnight somewhere in what is left of its own third.  When
    another seat is deciding a window or a reaction, it must hold a card that
    lets it (it would not be asked otherwise), and the seats the window or
    reaction passed over (``pending.unable``) must hold none: deals that break
    this are redrawn, a bounded number of times.  In a window of its own turn
    a seat's Village cards count with its hand (ruling 15, by the option).
    The unseen cards are counted once.
    """

    __slots__ = ("_midnight", "_pool", "_view")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
        table = view.game.table
        unseen = Counter(table.cards)
        unseen.subtract(view.hand)
        unseen.subtract(c for c in view.own_villages if c is not None)
        unseen.subtract(view.discard)
        for fronts in view.village_cards:
            unseen.subtract(fronts)
        for melds in view.melds:
            for meld in melds:
                unseen.subtract(meld.cards)
        for s in range(view.game.players):
            if s != view.seat:
                unseen.subtract(view.known[s])
        self._view = view
        self._midnight = tuple(c for c in unseen.elements() if table.category[c] is Category.MIDNIGHT)
        self._pool = tuple(sorted(c for c in unseen.elements() if table.category[c] is not Category.MIDNIGHT))

    def _sample(self, rng: Rng) -> State:
        view = self._view
        for _ in range(_TRIES):
            state = _deal(view, self._midnight, self._pool, rng)
            if _consistent(state, view.seat):
                return state
        # Rare constraints: deal the asked seat an enabling card and the passed-over seats none.
        for _ in range(_TRIES):
            state = _deal(view, self._midnight, self._pool, rng, constrain=True)
            if _consistent(state, view.seat):
                return state
        return state


def _enabling(view: View, seat: int) -> frozenset[str]:
    """The cards that would let ``seat`` act at the pending window or reaction."""
    table = view.game.table
    pending = view.pending
    if isinstance(pending, React):
        return table.shields if pending.actor_turn and seat == pending.seat else table.reactions
    kinds = set(table.matching[view.discard[-1]]) if view.discard else set()
    kinds.update(k for m in view.melds[seat] if (k := group_kind(m, table)) is not None)
    return frozenset(kinds)


def _deal(
    view: View, midnights: tuple[str, ...], unseen: tuple[str, ...], rng: Rng, constrain: bool = False
) -> State:
    """One deal of the ``unseen`` cards (sorted) and the unseen ``midnights``."""
    game = view.game
    n = game.players
    me = view.seat
    midnight = list(midnights)
    pool = rng.shuffled(unseen)
    hands: list[tuple[str, ...]] = []
    villages: list[tuple[str | None, ...]] = []
    #: The hidden cards dealt ahead to a seat: its hand's unknown cards, then (for the seat whose
    #: Village cards count in the window, ruling 15) its Village cards.
    dealt: dict[int, tuple[str, ...]] = {}
    pending = view.pending
    if constrain and isinstance(pending, (Window, React)):
        asked = pending.seat
        if asked != me and _hidden(view, asked, pending):
            enabling = _enabling(view, asked)
            if enabling.isdisjoint(view.known[asked]):
                first = next((i for i, c in enumerate(pool) if c in enabling), None)
                if first is not None:
                    pool.insert(0, pool.pop(first))
            room = _hidden(view, asked, pending)
            dealt[asked] = tuple(pool[:room])
            del pool[:room]
        for s in pending.unable:
            if s == me or s in dealt:
                continue
            forbidden = _enabling(view, s)
            room = _hidden(view, s, pending)
            picks = [i for i, c in enumerate(pool) if c not in forbidden][:room]
            dealt[s] = tuple(pool[i] for i in picks)
            for i in reversed(picks):
                del pool[i]
    for s in range(n):
        if s == me:
            hands.append(view.hand)
            villages.append(view.own_villages)
            continue
        room = view.hand_sizes[s] - len(view.known[s])
        ahead = list(dealt.get(s, ()))
        if s in dealt:
            hands.append(tuple(sorted((*view.known[s], *ahead[:room]))))
            del ahead[:room]
        else:
            hands.append(tuple(sorted((*view.known[s], *pool[:room]))))
            del pool[:room]
        slots: list[str | None] = []
        for occupied in view.villages[s]:
            slots.append((ahead.pop() if ahead else pool.pop()) if occupied else None)
        villages.append(tuple(slots))
    draw: list[str | None] = [None] * view.draw_size
    bounds = draw_thirds(view.zones)
    for zone, left in enumerate(view.midnights_left):
        if left:
            low, high = bounds[zone]
            high = min(high, view.draw_size)
            draw[low + rng.below(high - low)] = midnight.pop()
    cards = iter(pool)
    filled = tuple(c if c is not None else next(cards) for c in draw)
    return build_state(
        turn=view.turn,
        pending=view.pending,
        hands=tuple(hands),
        draw=filled,
        discard=view.discard,
        events=view.events,
        board=Board(rng=rng.next64(), villages=tuple(villages), known=_known(view, hands)),
        tableau=view.tableau,  # the open facts: the view's are the state's
    )


def _hidden(view: View, seat: int, pending: Window | React) -> int:
    """How many of ``seat``'s cards that count at ``pending`` are hidden: the unknown cards of its
    hand, and in a window of its own turn (by the option) the cards on its Villages (ruling 15)."""
    room = view.hand_sizes[seat] - len(view.known[seat])
    if isinstance(pending, Window) and view.game.villages_in_window(seat, view.turn):
        room += sum(view.villages[seat])
    return room


def _known(view: View, hands: list[tuple[str, ...]]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The seat's own knowledge as in the view; other seats know what they must (their facts are not visible)."""
    n = view.game.players
    rows = []
    for o in range(n):
        if o == view.seat:
            rows.append(view.known)
        else:
            rows.append(tuple(() for _ in range(n)))
    return tuple(rows)


def _consistent(state: State, me: int) -> bool:
    """Whether a seat asked in a window or a reaction holds what lets it act there, and the seats
    passed over (``unable``) hold nothing that would have let them."""
    pending = state.pending
    if pending is None:
        return True
    if isinstance(pending, React):
        able = _can_react if not pending.actor_turn else _can_shield
        return able(state, pending.seat) and not any(_can_react(state, s) for s in pending.unable if s != me)
    if isinstance(pending, Window):
        return _can_extra(state, pending.seat) and not any(
            _can_extra(state, s) for s in pending.unable if s != me
        )
    return True


def _can_react(state: State, seat: int) -> bool:
    return not state.tableau.game.table.reactions.isdisjoint(state.hands[seat])


def _can_shield(state: State, seat: int) -> bool:
    return not state.tableau.game.table.shields.isdisjoint(state.hands[seat])


def _can_extra(state: State, seat: int) -> bool:
    table = state.tableau.game.table
    hand = state.hands[seat]
    if state.tableau.game.villages_in_window(seat, state.turn):
        hand += tuple(c for c in state.board.villages[seat] if c is not None)
    if state.discard and not table.matching[state.discard[-1]].isdisjoint(hand):
        return True
    return any(group_kind(m, table) in hand for m in state.tableau.melds[seat])
