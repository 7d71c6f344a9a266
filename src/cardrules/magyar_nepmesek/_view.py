"""What one seat may know."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init, fast_new
from .._invariants import check_view
from ._events import Event
from ._narration import hint, news, render
from ._pending import Pending
from ._records import Tableau, TableauFacts
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game  # noqa: F401  (named in the base's parameter, a string)
    from ._state import State

__all__ = ["Moment", "View", "midnights_left", "view_of"]


@fast_init
@attrs.frozen
class Moment:
    """What every seat sees now that a move may change: whose turn it is, the decision pending, the
    events of the last move, the piles, the hands' sizes and which Village slots hold a card.

    ``turn`` is the seat whose turn it is; ``discard`` the whole discard pile, top last;
    ``draw_size`` how many cards the draw pile holds; ``hand_sizes[s]`` how many cards seat s holds
    ("How many cards each player holds is always public information"); ``villages[s]`` which of
    seat s's Village slots hold a face-down card; ``midnights_left`` for each third of the draw pile
    (top first) whether its Midnight is still in it.
    """

    turn: int
    pending: Pending | None
    events: tuple[Event, ...]
    discard: tuple[str, ...]
    draw_size: int
    hand_sizes: tuple[int, ...]
    villages: tuple[tuple[bool, ...], ...]
    midnights_left: tuple[bool, bool, bool]


#: The fields of a view in JSON, flat (the records' among them), as they always have been.
_JSON_ORDER = (
    "game",
    "seat",
    "hand",
    "own_villages",
    "villages",
    "village_cards",
    "hand_sizes",
    "draw_size",
    "zones",
    "midnights_left",
    "discard",
    "melds",
    "known",
    "skips",
    "final",
    "last_drawer",
    "turn",
    "pending",
    "events",
    "outcome",
)


@fast_init
@attrs.frozen
class View(TableauFacts, BaseView["Game"]):
    """One seat's knowledge.

    Its own ``hand``, the cards on its own Villages (``own_villages``) and ``known[s]``, the cards
    this seat is sure seat s holds, from a Midnight, a Crystal Ball, "Lay down purple cards", cards
    it passed or that were taken from it; everything public, in two records read through the
    properties of the same names: ``moment`` (a :class:`Moment`: the turn, the decision pending,
    the events of the last move, the discard pile, the draw pile's size, each seat's hand size,
    which Village slots hold a card, which thirds of the draw pile still hide their Midnight) and
    ``tableau`` (the state's own :class:`Tableau`: the game, the Village cards, the draw pile's
    thirds, every card laid down, the Lazy Girl skips, the final round, the outcome).
    """

    game_name: ClassVar[str] = "magyar_nepmesek"
    _json_flat: ClassVar[tuple[str, ...]] = ("moment", "tableau")
    _json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
    seat: int
    hand: tuple[str, ...]
    own_villages: tuple[str | None, ...]
    known: tuple[tuple[str, ...], ...]
    moment: Moment
    tableau: Tableau

    @property
    def villages(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat, which of its Village slots hold a face-down card."""
        return self.moment.villages

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return self.moment.hand_sizes

    @property
    def draw_size(self) -> int:
        """How many cards the draw pile holds."""
        return self.moment.draw_size

    @property
    def midnights_left(self) -> tuple[bool, bool, bool]:
        """For each third of the draw pile (top first), whether its Midnight is still in it."""
        return self.moment.midnights_left

    @property
    def discard(self) -> tuple[str, ...]:
        """The whole discard pile, its top card last."""
        return self.moment.discard

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self.moment.turn

    @property
    def pending(self) -> Pending | None:
        """The decision waiting to be made, and whose it is; ``None`` once the match is over."""
        return self.moment.pending

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events of the last move."""
        return self.moment.events

    @property
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the match is over."""
        pending = self.moment.pending
        return None if pending is None else pending.seat

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
    """For each third of the draw pile (top first), whether its Midnight is still in it."""
    tableau = state.tableau
    _, z1, z2 = tableau.zones
    draw = state.draw
    left = [False, False, False]
    # Every view asks: the few Midnights are found with the tuple's own count and index, rather than
    # by looking up every card's category (docs/benchmarks.md, the table of view costs).
    for kind in tableau.game.table.midnight_kinds:
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
_build_moment = fast_new(Moment)


def view_of(state: State, seat: int) -> View:
    """``seat``'s view of ``state``: the state's own tableau, and a moment built for it."""
    board = state.board
    hands = state.hands
    # Positional, in the order of the fields (docs/benchmarks.md: why not by keyword).
    moment = _build_moment(
        state.turn,
        state.pending,
        state.events,
        state.discard,
        len(state.draw),  # draw_size
        tuple(map(len, hands)),  # hand_sizes
        _occupied(board.villages),  # villages
        midnights_left(state),
    )
    return _build_view(seat, hands[seat], board.villages[seat], board.known[seat], moment, state.tableau)
