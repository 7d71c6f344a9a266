"""What one seat may know."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init, fast_new
from .._invariants import check_view
from .._outcome import Outcome
from ._events import Event
from ._melds import Meld
from ._narration import hint, news, render
from ._pending import Pending
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["View", "midnights_left", "view_of"]


@fast_init
@attrs.frozen
class View(BaseView["Game"]):
    """One seat's knowledge.

    Its own ``hand`` and the cards on its own Villages (``own_villages``);
    everything public: each seat's hand size ("How many cards each player
    holds is always public information"), which Village slots hold a card,
    the draw pile's size and thirds and which thirds still hide their
    Midnight, the whole discard pile, every card laid down, the Lazy Girl
    skips, the final round, the decision pending and the events of the last
    move; and ``known[s]``, the cards this seat is sure seat s holds, from a
    Midnight, a Crystal Ball, "Lay down purple cards", cards it passed or
    that were taken from it.
    """

    game_name: ClassVar[str] = "magyar_nepmesek"
    game: Game
    seat: int
    hand: tuple[str, ...]
    own_villages: tuple[str | None, ...]
    villages: tuple[tuple[bool, ...], ...]
    village_cards: tuple[tuple[str, ...], ...]
    hand_sizes: tuple[int, ...]
    draw_size: int
    zones: tuple[int, int, int]
    midnights_left: tuple[bool, bool, bool]
    discard: tuple[str, ...]
    melds: tuple[tuple[Meld, ...], ...]
    known: tuple[tuple[str, ...], ...]
    skips: tuple[bool, ...]
    final: int
    last_drawer: int | None
    turn: int
    pending: Pending | None
    events: tuple[Event, ...]
    outcome: Outcome | None

    @property
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the match is over."""
        return None if self.pending is None else self.pending.seat

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return tuple(sum(m.score for m in melds) for melds in self.melds)

    def _validate(self) -> None:
        check_view_fields(self)
        check_view(self)

    def render(self) -> str:
        """The view as a card table: the piles, what each seat laid, the own hand, the decision."""
        return render(self)

    def news(self, before: View) -> tuple[str, ...]:
        """What this seat alone learned since ``before``: "you drew +3 Hero", "seat 2 took Shield from you"."""
        return news(self, before)

    def hint(self) -> str:
        """The decision pending, in one line with the rule it follows."""
        return hint(self)


def midnights_left(state: State) -> tuple[bool, bool, bool]:
    """For each third of the draw pile (top first), whether its Midnight is still in the pile."""
    _, z1, z2 = state.zones
    draw = state.draw
    left = [False, False, False]
    # Every view asks: the few Midnights are found with the tuple's own count and index, rather than
    # by looking up every card's category (docs/benchmarks.md, the table of view costs).
    for kind in state.game.table.midnight_kinds:
        at = -1
        for _ in range(draw.count(kind)):
            at = draw.index(kind, at + 1)
            left[0 if at >= z2 + z1 else 1 if at >= z2 else 2] = True
    return (left[0], left[1], left[2])


# Villages change at a few moves a match and every view asks: remembered, a view costs 0.61 of a
# move instead of 0.77 (benchmarks/view_cost.py).
@functools.lru_cache(maxsize=1024)
def _occupied(villages: tuple[tuple[str | None, ...], ...]) -> tuple[tuple[bool, ...], ...]:
    """What every seat sees of the Villages: which slots hold a face-down card."""
    return tuple(tuple(card is not None for card in slots) for slots in villages)


_build_view = fast_new(View)


def view_of(state: State, seat: int) -> View:
    """``seat``'s view of ``state``."""
    # Positional, in the order of View's fields (docs/benchmarks.md: why not by keyword).
    return _build_view(
        state.game,
        seat,
        state.hands[seat],  # hand
        state.villages[seat],  # own_villages
        _occupied(state.villages),  # villages
        state.village_cards,
        tuple(map(len, state.hands)),  # hand_sizes
        len(state.draw),  # draw_size
        state.zones,
        midnights_left(state),  # midnights_left
        state.discard,
        state.melds,
        state.known[seat],  # known
        state.skips,
        state.final,
        state.last_drawer,
        state.turn,
        state.pending,
        state.events,
        state.outcome,
    )
