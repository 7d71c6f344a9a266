"""What one Mala Suerte seat may know."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init, fast_new
from .._invariants import check_view
from .._outcome import Outcome
from ._cards import COLOUR_INDEX, Card, Colour
from ._events import Event
from ._knowledge import Knowledge
from ._narration import hint, news, render
from ._notation import CODES
from ._pending import Decision, Step, decision
from ._records import Curse
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["View", "colour_counts", "make_view"]


@fast_init
@attrs.frozen
class View(BaseView["Game"]):
    """One seat's knowledge: its hand, everything public, and what it learned privately.

    Public are the piles (every name can be seen), the common discard, the
    number of cards in each hand and in the deck, the token's direction,
    who is still in, whose turn and which step, Evil Eye's pending colour and
    the events of this turn and the last.  With coloured backs (ruling 2)
    also ``hand_colours`` (red, yellow, blue counts of every hand) and
    ``deck_colours`` (the colours seen on the top cards of the deck); with
    plain backs ``voids`` (seats that showed they hold no card of a colour)
    and ``one_colour``, ``(seat, witness, colour)``: a seat whose Crows got
    no counter-steal showed that its whole hand is of one colour, ``colour``,
    which is ``None`` unless this seat is that seat or the ``witness`` it
    stole from (who saw the stolen card).
    ``returning`` is the seat's own mulligan commitment (or the cards it has
    set aside so far) while the setup lasts; ``knowledge`` what it learned privately (cards it gave, took or
    put on the deck: see :class:`~cardrules.mala_suerte.Knowledge`).
    """

    game_name: ClassVar[str] = "mala_suerte"
    _notation_codes: ClassVar[Mapping[str, str]] = CODES
    game: Game
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    hand_colours: tuple[tuple[int, int, int], ...]
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    deck_size: int
    deck_colours: tuple[Colour, ...]
    alive: tuple[bool, ...]
    clockwise: bool
    turn: int | None
    step: Step
    current_player: int | None
    curse: Curse | None
    stolen: Colour | None
    decided: int
    returning: tuple[Card, ...] | None
    voids: frozenset[tuple[int, Colour]]
    one_colour: tuple[tuple[int, int, Colour | None], ...]
    knowledge: Knowledge
    last_turn: tuple[Event, ...]
    this_turn: tuple[Event, ...]
    outcome: Outcome | None

    @property
    def pending(self) -> Decision | None:
        """The decision the match waits for, as :attr:`State.pending <cardrules.mala_suerte.State.pending>`
        says it."""
        return decision(self.step, self.turn, self.alive, self.clockwise, self.decided, self.stolen)

    def render(self) -> str:
        """The table as this seat sees it: piles, hand sizes (and colours), its hand, what it knows, the log."""
        return render(self)

    def news(self, before: View) -> tuple[str, ...]:
        """What this seat alone saw since ``before``: "you drew blue Crows", "seat 2 took red Clover from you"."""
        return news(self, before)

    def hint(self) -> str:
        """The decision pending, in one line with the rule it follows."""
        return hint(self)

    def _validate(self) -> None:
        check_view_fields(self)
        check_view(self)


# Every view counts every hand, and a move changes one or two of them: cached, a view of four hands
# counts them in 0.4 µs instead of 1.5 µs.
@functools.lru_cache(maxsize=4096)
def colour_counts(hand: tuple[Card, ...]) -> tuple[int, int, int]:
    """How many red, yellow and blue cards ``hand`` holds."""
    colours = list(map(COLOUR_INDEX.__getitem__, hand))
    return (colours.count(0), colours.count(1), colours.count(2))


_build_view = fast_new(View)


def make_view(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    board = state.board
    turn = state.turn
    mine = None
    if turn is None:
        decided = len(state.returns)
        mine = state.returns[seat] if seat < decided else state.aside if seat == decided else None
    # Positional, in the order of View's fields (docs/benchmarks.md: why not by keyword).
    return _build_view(
        state.game,
        seat,
        state.hands[seat],  # hand
        tuple(map(len, state.hands)),  # hand_sizes
        tuple(map(colour_counts, state.hands)) if state.game.coloured_backs else (),  # hand_colours
        state.piles,
        board.discard,
        len(state.deck),  # deck_size
        state.deck_colours,
        board.alive,
        board.clockwise,
        turn,
        state.step,
        state.current_player,
        board.curse,
        board.stolen,
        len(state.returns) if turn is None else 0,  # decided
        mine,  # returning
        board.voids,
        # one_colour
        tuple(
            (s, witness, colour if seat in (s, witness) else None) for s, witness, colour in board.one_colour
        )
        if board.one_colour
        else (),
        state.knowledge[seat],  # knowledge
        tuple(e.seen_by(seat) for e in state.last_turn),  # last_turn
        tuple(e.seen_by(seat) for e in state.this_turn),  # this_turn
        state.outcome,
    )
