"""A La Maldición position: the table, the pending decision, and the rules that move it on."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init
from .._outcome import Outcome
from ._cards import CARDS, Card, Element, Hero
from ._draft import HANDLERS as _DRAFT_HANDLERS
from ._game import Game
from ._heroes import HANDLERS as _HERO_HANDLERS
from ._moves import Give, Move
from ._narrate import event_line
from ._phases import Phase
from ._records import Event, Known, Match, Memory, Silent
from ._table import Table
from ._turn import HANDLERS as _TURN_HANDLERS
from ._view import View, view_of
from ._windows import HANDLERS as _WINDOW_HANDLERS

__all__ = ["State"]

_Legal = Callable[[Any, Any], tuple[Move, ...]]
_Apply = Callable[[Table, Any, Move], Phase]
_Why = Callable[[Any, Any, Move], str] | None
_HANDLERS: dict[type[Phase], tuple[_Legal, _Apply, _Why]] = {
    **_TURN_HANDLERS,  # type: ignore[dict-item]
    **_WINDOW_HANDLERS,  # type: ignore[dict-item]
    **_HERO_HANDLERS,  # type: ignore[dict-item]
    **_DRAFT_HANDLERS,  # type: ignore[dict-item]
}


def _public(move: Move) -> str:
    return f"gives a card to seat {move.to}" if isinstance(move, Give) else str(move)


# A seat's voids change rarely and its passed bits by one kind at most plays, so the pair recurs
# from one state to the next: in random playouts three look-ups in four find it here (keyed by
# the bits alone: one in 25).
@functools.lru_cache(maxsize=4096)
def _lacking(void: frozenset[Card], bits: int) -> frozenset[Card]:
    """``void`` with the kinds of card whose bits (``1 << card.index``) are set in ``bits``."""
    kinds = []
    while bits:
        low = bits & -bits
        kinds.append(CARDS[low.bit_length() - 1])
        bits ^= low
    return void.union(kinds)


@fast_init
@attrs.frozen
class State(BaseState[Game, Move, View]):
    """A position in a match of La Maldición.

    Hands are sorted (cards in :data:`CARDS` order); ``deck`` and ``pile`` hold
    their top card last.  ``match`` holds the deal, Heroes, Curses and Life
    Counters; ``element`` is the element in play (``None`` only while a
    starting Gem waits for its element); ``direction`` is +1 (seat numbers
    going up) or -1.  ``silent`` lists seats that forgot MALDICIÓN and may still
    be called out; ``memory`` what seats know beyond their hands, and
    ``passed`` for each seat the kinds of card a Reflex window went past it
    with since it last took an unseen card, so that it holds none (bits by
    ``card.index``; see :meth:`lacking`); ``events`` what the last decision did.  Fields that change rarely are grouped so that
    a transition copies few of them.
    """

    game_name: ClassVar[str] = "maldicion"
    move_type = Move
    game: Game
    rng: int
    match: Match
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    pile: tuple[Card, ...]
    element: Element | None
    direction: int
    penalized: tuple[bool, ...]
    phase: Phase
    silent: tuple[Silent, ...]
    memory: Memory
    passed: tuple[int, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    def lacking(self, seat: int) -> frozenset[Card]:
        """Every kind of card all seats know ``seat`` does not hold: its voids and what windows passed it by."""
        bits = self.passed[seat]
        void = self.memory.voids[seat]
        return _lacking(void, bits) if bits else void

    @property
    def voids(self) -> tuple[frozenset[Card], ...]:
        """:meth:`lacking` for every seat, as each view holds it."""
        return tuple(map(_lacking, self.memory.voids, self.passed))

    @property
    def game_number(self) -> int:
        """Which game of the match this is (PvP plays several)."""
        return self.match.game_number

    @property
    def dealer(self) -> int:
        """The seat that dealt this game."""
        return self.match.dealer

    @property
    def heroes(self) -> tuple[Hero, ...]:
        """Each seat's Hero."""
        return self.match.heroes

    @property
    def heroes_shown(self) -> tuple[bool, ...]:
        """Whether each seat's Hero has been shown."""
        return self.match.heroes_shown

    @property
    def curses(self) -> tuple[Element, ...]:
        """The element of each Curse (one per seat, or per team in ``guild_war``)."""
        return self.match.curses

    @property
    def curses_shown(self) -> tuple[bool, ...]:
        """Whether each Curse's element has been shown by a failed ``hard`` attempt."""
        return self.match.curses_shown

    @property
    def hp(self) -> tuple[int, ...]:
        """The Life Counters in ``pvp``; empty otherwise."""
        return self.match.hp

    @property
    def known(self) -> tuple[Known, ...]:
        """What seats know for certain of other seats' hands."""
        return self.memory.known

    @property
    def reshuffled(self) -> tuple[Card, ...] | None:
        """The cards of the last reshuffle of the Discard Pile into the Deck."""
        return self.memory.reshuffled

    @property
    def seen(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat drew since the last reshuffle."""
        return self.memory.seen

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.phase.seat

    def _legal_moves(self) -> tuple[Move, ...]:
        return _HANDLERS[type(self.phase)][0](self, self.phase)

    def _apply(self, move: Move) -> State:
        table = Table(self)
        phase = _HANDLERS[type(self.phase)][1](table, self.phase, move)
        return table.freeze(phase)

    def _why_illegal(self, move: Move) -> str:
        why = _HANDLERS[type(self.phase)][2]
        if why is not None:
            return why(self, self.phase, move)
        return f"{move} is not possible now (awaiting seat {self.phase.seat}: {type(self.phase).__name__})"

    def observation(self, move: Move, seat: int) -> Hashable:
        """Odilia's returned card is seen by her and the seat it goes to; the others see that she gave one."""
        if type(move) is Give and seat != move.seat and seat != move.to:
            return ("give", move.seat, move.to, move.call)
        return move

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """The public events of ``move``, in words (a card given or drawn stays unnamed)."""
        lines = tuple(event_line(e) for e in after.events) or (f"seat {move.seat}: {_public(move)}",)
        if after.outcome is not None:
            lines = (*lines, f"the match is over: {after.outcome}")
        return lines

    def opening(self) -> tuple[str, ...]:
        return tuple(event_line(e) for e in self.events)

    def _view(self, seat: int) -> View:
        return view_of(self, seat)

    def _validate(self) -> None:
        from .._invariants import check_playable
        from ._validate import check_state

        check_state(self)
        check_playable(self)
