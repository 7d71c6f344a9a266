"""A La Maldición position: the table, the pending decision, and the rules that move it on."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar, cast, final

import attrs

from .._base import BaseState
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._outcome import Outcome
from .._pending import Rules
from . import _heroes, _legal, _transition
from ._cards import CARDS, Card, Element, Hero
from ._events import Event
from ._moves import Give, Move
from ._narration import event_line
from ._pending import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    ClericPhase,
    DrawnPhase,
    EmmaPhase,
    EverardPhase,
    HeroChoicePhase,
    NameElementPhase,
    NecromancerPhase,
    Pending,
    ReflexPhase,
    SigourneyPhase,
    ThiefPhase,
    TurnPhase,
)
from ._records import Known, Match, Memory, Silent
from ._table import Table
from ._validate import check_state
from ._view import View, view_of

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["RULES", "KindRules", "PendingRules", "State", "build_state"]

P = TypeVar("P", bound=Pending)


@final
class KindRules(Generic[P]):
    """The rules of one kind of phase ``P``: its legal moves, their transition, why a move is refused.

    Implements :class:`cardrules._pending.Rules`; ``legal`` and ``why`` come from
    ``_legal``, ``apply`` applies a move on a :class:`Table` and freezes the result.
    """

    __slots__ = ("_apply", "_legal", "_why")

    def __init__(
        self,
        legal: Callable[[P, State], tuple[Move, ...]],
        apply: Callable[[Table, P, Move], Pending],
        why: Callable[[P, State, Move], str | None],
    ) -> None:
        self._legal = legal
        self._apply = apply
        self._why = why

    def legal(self, pending: P, state: State) -> tuple[Move, ...]:
        """The legal moves of ``state``, which waits for ``pending``."""
        return self._legal(pending, state)

    def apply(self, pending: P, state: State, move: Move) -> State:
        """The state after the legal ``move``."""
        table = Table(state)
        return table.freeze(self._apply(table, pending, move))

    def why(self, pending: P, state: State, move: Move) -> str | None:
        """Why ``move`` is not legal, in the rule's own words; ``None`` if it is."""
        return self._why(pending, state, move)


@final
class PendingRules:
    """The rules of every kind of phase, by the phase's class.

    :meth:`add` checks that a kind's rules take that kind; looking one up by
    ``type(pending)`` then gives rules that take ``pending``.
    """

    __slots__ = ("_by_kind",)

    def __init__(self) -> None:
        self._by_kind: dict[type[Pending], object] = {}

    def add(self, kind: type[P], rules: Rules[P, State, Move]) -> None:
        """Register ``rules`` for the phases of class ``kind``."""
        self._by_kind[kind] = rules

    def __getitem__(self, kind: type[P]) -> Rules[P, State, Move]:
        # Sound: add() registered these rules for exactly this kind.
        return cast("Rules[P, State, Move]", self._by_kind[kind])

    def __contains__(self, kind: object) -> bool:
        return kind in self._by_kind

    def __iter__(self) -> Iterator[type[Pending]]:
        return iter(self._by_kind)


#: The rules of each kind of phase (:class:`~._pending.NextTurn` is never pending).
RULES = PendingRules()
RULES.add(TurnPhase, KindRules(_legal.turn_legal, _transition.turn_apply, _legal.turn_why))
RULES.add(NameElementPhase, KindRules(_legal.name_legal, _transition.name_apply, _legal.name_why))
RULES.add(DrawnPhase, KindRules(_legal.drawn_legal, _transition.drawn_apply, _legal.drawn_why))
RULES.add(BonfirePhase, KindRules(_legal.bonfire_legal, _transition.bonfire_apply, _legal.bonfire_why))
RULES.add(AttackPhase, KindRules(_legal.attack_legal, _transition.attack_apply, _legal.attack_why))
RULES.add(ReflexPhase, KindRules(_legal.reflex_legal, _transition.reflex_apply, _legal.reflex_why))
RULES.add(CalloutPhase, KindRules(_legal.callout_legal, _transition.callout_apply, _legal.callout_why))
RULES.add(HeroChoicePhase, KindRules(_legal.choice_legal, _transition.choice_apply, _legal.choice_why))
RULES.add(AbilityPhase, KindRules(_legal.ability_legal, _heroes.ability_apply, _legal.ability_why))
RULES.add(EverardPhase, KindRules(_legal.everard_legal, _heroes.everard_apply, _legal.everard_why))
RULES.add(SigourneyPhase, KindRules(_legal.sigourney_legal, _heroes.sigourney_apply, _legal.sigourney_why))
RULES.add(ClericPhase, KindRules(_legal.cleric_legal, _heroes.cleric_apply, _legal.cleric_why))
RULES.add(ThiefPhase, KindRules(_legal.thief_legal, _heroes.thief_apply, _legal.thief_why))
RULES.add(
    NecromancerPhase, KindRules(_legal.necromancer_legal, _heroes.necromancer_apply, _legal.necromancer_why)
)
RULES.add(EmmaPhase, KindRules(_legal.emma_legal, _heroes.emma_apply, _legal.emma_why))


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
class State(BaseState["Game", Move, View]):
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
    _move_type = Move
    game: Game
    rng: int
    match: Match
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    pile: tuple[Card, ...]
    element: Element | None
    direction: int
    penalized: tuple[bool, ...]
    phase: Pending
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

    @property
    def pending(self) -> Pending:
        """The decision pending: whose it is, and what kind (the field :attr:`phase`)."""
        return self.phase

    def _legal_moves(self) -> tuple[Move, ...]:
        pending = self.phase
        return RULES[type(pending)].legal(pending, self)

    def _apply(self, move: Move) -> State:
        pending = self.phase
        return RULES[type(pending)].apply(pending, self, move)

    def _why_illegal(self, move: Move) -> str | None:
        pending = self.phase
        return RULES[type(pending)].why(pending, self, move)

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
        check_state(self)
        check_playable(self)


#: ``State(...)`` without the class call (fast_new), for the states the rules make outside a transition.
build_state = fast_new(State)
