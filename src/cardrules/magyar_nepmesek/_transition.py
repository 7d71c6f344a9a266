"""The transition: carrying out a legal move, one typed handler per kind of move, chosen by the move's class.

What follows an action (the Village refill, the extra-action window, the next turn, the end) is
the turn's frame, in :mod:`._turn`; what the action cards do is in :mod:`._actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._actions import advance_react, give, play, resolve
from ._deck import Category
from ._events import Event, EventKind
from ._melds import make_meld
from ._moves import (
    AddToGroup,
    BonusDraw,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import BonusChoice, FollowUp, Giving, Main, React, Refill, Storing, Window
from ._table import Table
from ._turn import finish_action, finish_extra, next_window, open_window

if TYPE_CHECKING:
    from ._state import State

__all__ = ["apply_move"]


_LIMIT = 8
#: The commonest event, one per seat, built once (docs/benchmarks.md has what it saves).
_DREW = tuple(Event(EventKind.DRAW, s) for s in range(6))


def apply_move(state: State, move: Move) -> State:
    """The state after the legal ``move`` of the deciding seat: its handler changes a :class:`Table` of ``state``."""
    t = Table(state)
    # By the exact class, which mypy narrows ``move`` by, the commonest moves first.  Not ``match``,
    # whose failed isinstance tests of an ABC cost more (docs/benchmarks.md).
    if type(move) is Draw:
        _draw(t, move)
    elif type(move) is Discard:
        _discard(t, move)
    elif type(move) is Pass:
        _pass(t, move)
    elif type(move) is MatchDiscard:
        _match_discard(t, move)
    elif type(move) is Play:
        play(t, move)
    elif type(move) is Lay:
        _lay(t, move)
    elif type(move) is Store:
        _store(t, move)
    elif type(move) is Swap:
        _swap(t, move)
    elif type(move) is AddToGroup:
        _add_to_group(t, move)
    elif type(move) is BonusDraw:
        _bonus_draw(t, move)
    elif type(move) is Give:
        _give(t, move)
    elif type(move) is Shield or type(move) is Mirror:
        _react(t, move)
    else:
        raise AssertionError(f"magyar_nepmesek: no rule applies {move!r}")
    return t.freeze()


def _draw(t: Table, move: Draw) -> None:
    t.draw_one(move.seat)
    t.events += (_DREW[move.seat],)
    finish_action(t)


def _lay(t: Table, move: Lay) -> None:
    seat = move.seat
    for card in move.cards:
        t.take_own(seat, card)
    t.open_melds(seat).append(make_meld(move.cards, move.values, t.cards))
    t.events += (Event(EventKind.LAY, seat, cards=move.cards),)
    finish_action(t)


#: The DISCARD event of each seat and cards, shared as the discard moves are (most discards recur):
#: building an event is most of what a discard's bookkeeping costs.
_DISCARDED: dict[tuple[int, tuple[str, ...]], Event] = {}
#: Bound on the remembered events.
_MEMO = 20_000


def _discarded(seat: int, cards: tuple[str, ...]) -> Event:
    """The shared event of ``seat`` discarding ``cards``."""
    key = (seat, cards)
    event = _DISCARDED.get(key)
    if event is None:
        if len(_DISCARDED) > _MEMO:
            _DISCARDED.clear()
        event = _DISCARDED[key] = Event(EventKind.DISCARD, seat, cards=cards)
    return event


def _discard(t: Table, move: Discard) -> None:
    seat = move.seat
    for card in move.cards:
        t.take_own(seat, card)
    t.discard += move.cards
    t.events += (_discarded(seat, move.cards),)
    # "If a player has discarded at least 3 cards, they may immediately draw one card."
    if len(move.cards) >= 3 and t.draw and len(t.hands[seat]) < _LIMIT:
        t.pending = BonusChoice(seat)
    else:
        finish_action(t)


def _bonus_draw(t: Table, move: BonusDraw) -> None:
    t.draw_one(move.seat)
    t.events += (Event(EventKind.BONUS_DRAW, move.seat),)
    finish_action(t)


def _extra_cards(t: Table, seat: int, cards: tuple[str, ...]) -> int:
    """``seat``'s extra action uses ``cards``: from the hand, or on its own turn (by the option) from
    its Villages as well, the hand's copies first (ruling 14).  How many came from a Village."""
    if not t.game.villages_in_window(seat, t.turn) or not t.villages[seat]:
        for card in cards:
            t.lose(seat, card)
        return 0
    before = sum(1 for c in t.villages[seat] if c is not None)
    for card in cards:
        t.take_own(seat, card)
    return before - sum(1 for c in t.villages[seat] if c is not None)


def _match_discard(t: Table, move: MatchDiscard) -> None:
    seat = move.seat
    used = _extra_cards(t, seat, move.cards)
    t.discard += move.cards
    t.events += (Event(EventKind.MATCH_DISCARD, seat, cards=move.cards, villages=used),)
    finish_extra(t, seat, bool(used))


def _add_to_group(t: Table, move: AddToGroup) -> None:
    seat = move.seat
    used = _extra_cards(t, seat, (move.card,))
    meld = t.melds[seat][move.meld]
    t.open_melds(seat)[move.meld] = make_meld(
        (*meld.cards, move.card), (*meld.stands, meld.stands[0]), t.cards
    )
    t.events += (Event(EventKind.ADD_TO_GROUP, seat, cards=(move.card,), villages=used),)
    finish_extra(t, seat, bool(used))


def _store(t: Table, move: Store) -> None:
    seat = move.seat
    t.open_hand(seat).remove(move.card)
    t.forget(seat, 1)
    slots = t.open_slots(seat)
    slots[slots.index(None)] = move.card
    t.events += (Event(EventKind.STORE, seat),)
    if isinstance(t.pending, Storing):
        finish_action(t, refill=False)
    else:
        _after_refill(t, seat)


def _after_refill(t: Table, seat: int) -> None:
    """The window after a Village refill: from the owner after its turn's action, from the next seat
    after an extra action (ruling 6)."""
    pending = t.pending
    open_window(t, (seat + 1) % t.n if isinstance(pending, Refill) and pending.extra else seat)


def _swap(t: Table, move: Swap) -> None:
    seat = move.seat
    t.open_hand(seat).remove(move.card)
    t.forget(seat, 1)
    old = t.villages[seat][move.village]
    assert old is not None
    t.receive(seat, old)
    t.open_slots(seat)[move.village] = move.card
    t.events += (Event(EventKind.SWAP, seat, village=move.village),)
    _after_refill(t, seat)


def _give(t: Table, move: Give) -> None:
    pending = t.pending
    assert isinstance(pending, Giving)
    give(t, move.seat, pending.receiver, move.cards)


def _react(t: Table, move: Shield | Mirror) -> None:
    pending = t.pending
    assert isinstance(pending, React)
    seat = move.seat
    wanted = Category.SHIELD if isinstance(move, Shield) else Category.MIRROR
    card = next(c for c in t.hands[seat] if t.cards.category[c] is wanted)
    t.lose(seat, card)
    t.discard += (card,)
    t.events += (Event(EventKind.REACT, seat, cards=(card,)),)
    if pending.actor_turn:
        resolve(t, pending.action, pending.shielded, pending.reflected, True)
    elif wanted is Category.SHIELD:
        advance_react(
            t,
            pending.action,
            pending.queue[1:],
            (*pending.shielded, seat),
            pending.reflected,
            False,
            pending.unable,
        )
    else:
        advance_react(
            t,
            pending.action,
            pending.queue[1:],
            pending.shielded,
            (*pending.reflected, seat),
            False,
            pending.unable,
        )


def _pass(t: Table, move: Pass) -> None:
    pending = t.pending
    if isinstance(pending, Window):
        next_window(t, pending.queue, pending.unable)
    elif isinstance(pending, React):
        if pending.actor_turn:
            resolve(t, pending.action, pending.shielded, pending.reflected, False)
        else:
            advance_react(
                t,
                pending.action,
                pending.queue[1:],
                pending.shielded,
                pending.reflected,
                False,
                pending.unable,
            )
    elif isinstance(pending, Refill):
        _after_refill(t, pending.seat)
    elif isinstance(pending, (Main, BonusChoice, FollowUp)):
        finish_action(t)
    else:
        raise AssertionError(f"no pass in {pending}")
