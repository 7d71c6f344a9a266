"""Carrying out a legal move: one handler per kind of decision."""

from __future__ import annotations

from ._actions import advance_react, give, play, resolve
from ._flow import finish_action, next_window, open_window
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

__all__ = ["apply_move"]

_LIMIT = 8


def apply_move(t: Table, move: Move) -> None:
    """Change ``t`` by the legal ``move`` of the deciding seat."""
    pending = t.pending
    seat = move.seat
    if isinstance(move, Draw):
        t.draw_one(seat)
        t.events.append(f"seat {seat} drew a card")
        finish_action(t)
    elif isinstance(move, Lay):
        for card in move.cards:
            t.take_own(seat, card)
        t.melds[seat].append(make_meld(move.cards, move.values, t.cards))
        t.events.append(f"seat {seat} laid down {' '.join(move.cards)}")
        finish_action(t)
    elif isinstance(move, Discard):
        for card in move.cards:
            t.take_own(seat, card)
        t.discard += move.cards
        t.events.append(f"seat {seat} discarded {' '.join(move.cards)}")
        # "If a player has discarded at least 3 cards, they may immediately draw one card."
        if len(move.cards) >= 3 and t.draw and len(t.hands[seat]) < _LIMIT:
            t.pending = BonusChoice(seat)
        else:
            finish_action(t)
    elif isinstance(move, BonusDraw):
        t.draw_one(seat)
        t.events.append(f"seat {seat} drew a card for discarding three")
        finish_action(t)
    elif isinstance(move, Play):
        play(t, move)
    elif isinstance(move, MatchDiscard):
        for card in move.cards:
            t.lose(seat, card)
        t.discard += move.cards
        t.events.append(f"seat {seat} discarded matching {' '.join(move.cards)}")
        open_window(t, (seat + 1) % t.n)
    elif isinstance(move, AddToGroup):
        t.lose(seat, move.card)
        meld = t.melds[seat][move.meld]
        t.melds[seat][move.meld] = make_meld(
            (*meld.cards, move.card), (*meld.stands, meld.stands[0]), t.cards
        )
        t.events.append(f"seat {seat} added {move.card} to a group")
        open_window(t, (seat + 1) % t.n)
    elif isinstance(move, Store):
        t.hands[seat].remove(move.card)
        t.forget(seat, 1)
        slots = t.villages[seat]
        slots[slots.index(None)] = move.card
        t.events.append(f"seat {seat} laid a card face down on a Village")
        if isinstance(pending, Storing):
            finish_action(t, refill=False)
        else:
            open_window(t, seat)
    elif isinstance(move, Swap):
        t.hands[seat].remove(move.card)
        t.forget(seat, 1)
        old = t.villages[seat][move.village]
        assert old is not None
        t.hands[seat].append(old)
        t.villages[seat][move.village] = move.card
        t.events.append(f"seat {seat} exchanged the card on a Village")
        open_window(t, seat)
    elif isinstance(move, Give):
        assert isinstance(pending, Giving)
        give(t, seat, pending.receiver, move.cards)
    elif isinstance(move, (Shield, Mirror)):
        assert isinstance(pending, React)
        used = "shield" if isinstance(move, Shield) else "mirror"
        card = next(c for c in t.hands[seat] if t.cards.category[c].name.lower() == used)
        t.lose(seat, card)
        t.discard += (card,)
        t.events.append(f"seat {seat} used {card}")
        if pending.actor_turn:
            resolve(t, pending.action, pending.shielded, pending.reflected, True)
        elif isinstance(move, Shield):
            advance_react(
                t, pending.action, pending.queue[1:], (*pending.shielded, seat), pending.reflected, False
            )
        else:
            advance_react(
                t, pending.action, pending.queue[1:], pending.shielded, (*pending.reflected, seat), False
            )
    else:
        assert isinstance(move, Pass)
        _pass(t, pending)


def _pass(t: Table, pending: object) -> None:
    if isinstance(pending, Window):
        next_window(t, pending.queue)
    elif isinstance(pending, React):
        if pending.actor_turn:
            resolve(t, pending.action, pending.shielded, pending.reflected, False)
        else:
            advance_react(t, pending.action, pending.queue[1:], pending.shielded, pending.reflected, False)
    elif isinstance(pending, Refill):
        open_window(t, pending.seat)
    elif isinstance(pending, (Main, BonusChoice, FollowUp)):
        finish_action(t)
    else:
        raise AssertionError(f"no pass in {pending}")
