"""What one seat of La Maldición may know."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init, fast_new
from .._invariants import check_view
from .._outcome import Outcome
from ._cards import Card, Element, Hero
from ._events import Event
from ._narration import hint, news, render_view
from ._pending import DrawnPhase, HeroChoicePhase, Pending
from ._records import Known, Silent
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["View", "view_of"]


@fast_init
@attrs.frozen
class View(BaseView["Game"]):
    """One seat's knowledge.

    Its own hand and Hero (``None`` until chosen, in ``pvp`` by choice); its Curse's element (``None`` in ``hard``, until a
    failed attempt shows it); everything public: the Discard Pile, the element
    in play, the direction, hand sizes, the Deck's size, Penalized seats,
    Heroes shown by their abilities, Curses shown by failed attempts, forgotten
    calls, Life Counters, the pending decision (a drawn card only to its drawer)
    and the last decision's events; and what it learned privately: cards it
    knows others hold (``known``), and the cards it drew since the last
    reshuffle (``seen``), whose candidates are public (``reshuffled``); and what
    everyone knows some seat lacks (``voids``).
    """

    game_name: ClassVar[str] = "maldicion"
    game: Game
    seat: int
    hand: tuple[Card, ...]
    hero: Hero | None
    curse: Element | None
    game_number: int
    dealer: int
    heroes: tuple[Hero | None, ...]
    curses: tuple[Element | None, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    pile: tuple[Card, ...]
    element: Element | None
    direction: int
    penalized: tuple[bool, ...]
    phase: Pending
    silent: tuple[Silent, ...]
    known: tuple[Known, ...]
    reshuffled: tuple[Card, ...] | None
    seen: tuple[Card, ...]
    voids: tuple[frozenset[Card], ...]
    hp: tuple[int, ...]
    events: tuple[Event, ...]
    current_player: int | None
    outcome: Outcome | None

    @property
    def pending(self) -> Pending:
        """The decision pending (the field :attr:`phase`)."""
        return self.phase

    def _validate(self) -> None:
        check_view_fields(self)
        check_view(self)

    def render(self) -> str:
        """The table as this seat sees it."""
        return render_view(self)

    def news(self, before: View) -> tuple[str, ...]:
        """What this seat alone learned since ``before``: "you drew Fire Club, Elemental Gem"."""
        return news(self, before)

    def hint(self) -> str:
        """The decision pending, in one line with the rule it follows."""
        return hint(self)

    @property
    def top(self) -> Card:
        """The last card on the Discard Pile."""
        return self.pile[-1]


_build_view = fast_new(View)


def view_of(state: State, seat: int) -> View:
    """``seat``'s view of ``state``."""
    game = state.game
    match = state.match
    memory = state.memory
    owner = game.owner(seat)
    curse = match.curses[owner] if game.difficulty != "hard" or match.curses_shown[owner] else None
    phase = state.phase
    choosing = isinstance(phase, HeroChoicePhase) and not match.heroes_shown[seat]
    if isinstance(phase, DrawnPhase) and phase.seat != seat:
        phase = DrawnPhase(phase.seat, None)
    known = memory.known
    # Positional, in the order of View's fields (docs/benchmarks.md: why not by keyword).
    return _build_view(
        game,
        seat,
        state.hands[seat],  # hand
        None if choosing else match.heroes[seat],  # hero
        curse,
        match.game_number,
        match.dealer,
        match.public_heroes,  # heroes
        match.public_curses,  # curses
        tuple(map(len, state.hands)),  # hand_sizes
        len(state.deck),  # deck_size
        state.pile,
        state.element,
        state.direction,
        state.penalized,
        phase,
        state.silent,
        tuple(k for k in known if k.viewer == seat) if known else (),  # known
        memory.reshuffled,
        memory.seen[seat],  # seen
        state.voids,
        match.hp,
        state.events,
        state.current_player,
        state.outcome,
    )
