"""Out-of-turn windows: Reflex, and calling out a forgotten MALDICIÓN."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._flow import enter, reflex_next
from ._moves import CallOut, Move, Pass, Reflex
from ._phases import CalloutPhase, Phase, ReflexPhase
from ._records import EventKind
from ._table import Table

if TYPE_CHECKING:
    from ._state import State

__all__ = ["HANDLERS"]

#: "punish the player who committed the error by giving them two cards from the Deck".
CALL_OUT_CARDS = 2


def _reflex_legal(s: State, p: ReflexPhase) -> tuple[Move, ...]:
    seat, top = p.seat, s.pile[-1]
    if len(s.hands[seat]) == 1:
        return (Reflex(seat, top, False), Reflex(seat, top, True), Pass(seat))
    return (Reflex(seat, top), Pass(seat))


def _reflex_apply(t: Table, p: ReflexPhase, m: Move) -> Phase:
    if isinstance(m, Reflex):
        # "The discarded card does NOT cause any effect or change in the round".
        t.put(p.seat, m.card, 1, EventKind.REFLEX)
        t.emptied(p.seat, m.call)
    return reflex_next(t, p.player, p.queue, p.then)


def _reflex_why(s: State, p: ReflexPhase, m: Move) -> str:
    if isinstance(m, Reflex):
        return f"a Reflex discards a card IDENTICAL to the last card on the Discard Pile ({s.pile[-1]}), not {m.card}"
    return f"seat {p.seat} may discard a card identical to {s.pile[-1]} (Reflex) or pass"


def _callout_legal(s: State, p: CalloutPhase) -> tuple[Move, ...]:
    return (CallOut(p.seat, p.culprit), Pass(p.seat))


def _callout_apply(t: Table, p: CalloutPhase, m: Move) -> Phase:
    if isinstance(m, CallOut):
        t.log(EventKind.CAUGHT, p.seat, target=p.culprit)
        t.draw(p.culprit, CALL_OUT_CARDS)
        return enter(t, p.then)
    if p.queue:
        return CalloutPhase(p.queue[0], p.culprit, p.queue[1:], p.then)
    return enter(t, p.then)


def _callout_why(s: State, p: CalloutPhase, m: Move) -> str:
    return f"seat {p.culprit} forgot to say MALDICIÓN: seat {p.seat} may call it out (only seat {p.culprit}) or pass"


HANDLERS = {
    ReflexPhase: (_reflex_legal, _reflex_apply, _reflex_why),
    CalloutPhase: (_callout_legal, _callout_apply, _callout_why),
}
