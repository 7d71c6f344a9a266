"""A Magyar népmesék position, and the first one of a match."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._random import Rng
from ._cards import sort
from ._events import Event, EventKind
from ._legal import legal_moves, why_illegal
from ._moves import Give, Move, Play, Store, Swap
from ._narration import describe, opening
from ._pending import Giving, Main, Pending
from ._records import Board, Tableau, TableauFacts
from ._transition import apply_move
from ._validate import check_state
from ._view import View, view_of

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["State", "build_state", "first_state"]

HAND = 7


#: The fields of a state in JSON, flat (the board's among them), as they always have been.
_JSON_ORDER = (
    "game",
    "rng",
    "turn",
    "pending",
    "hands",
    "villages",
    "village_cards",
    "draw",
    "zones",
    "discard",
    "melds",
    "known",
    "skips",
    "final",
    "last_drawer",
    "events",
    "outcome",
)


@fast_init
@attrs.frozen
class State(TableauFacts, BaseState["Game", Move, View]):
    """A position in a match.

    ``hands[s]`` is seat s's hand, sorted; ``draw`` the draw pile, its top
    card last; ``discard`` the discard pile, top last.  ``events`` are the
    public events of the last move.  What changes seldom is in two records,
    read through the properties of the same names: the hidden facts in
    ``board`` (a :class:`Board`: ``rng``, ``villages``, ``known``), the open
    ones in ``tableau`` (a :class:`Tableau`, which every view shares:
    ``game``, ``village_cards``, ``zones``, ``melds``, ``skips``, ``final``,
    ``last_drawer``, ``outcome``).
    """

    game_name: ClassVar[str] = "magyar_nepmesek"
    _move_type = Move
    _json_flat: ClassVar[tuple[str, ...]] = ("board", "tableau")
    _json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
    turn: int
    pending: Pending | None
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[str, ...]
    discard: tuple[str, ...]
    events: tuple[Event, ...]
    board: Board
    tableau: Tableau

    @property
    def rng(self) -> int:
        """The state of the match's random generator."""
        return self.board.rng

    @property
    def villages(self) -> tuple[tuple[str | None, ...], ...]:
        """Per seat, one slot per Village: the face-down card on it, or ``None``."""
        return self.board.villages

    @property
    def known(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """``known[o][s]``: the cards seat o is sure seat s holds."""
        return self.board.known

    @property
    def current_player(self) -> int | None:
        return None if self.pending is None or self.tableau.outcome is not None else self.pending.seat

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points so far: the values of the cards laid in front of it."""
        return tuple(sum(m.score for m in melds) for melds in self.melds)

    def _legal_moves(self) -> tuple[Move, ...]:
        return legal_moves(self)

    def _apply(self, move: Move) -> State:
        return apply_move(self, move)

    def observation(self, move: Move, seat: int) -> Hashable:
        """What another seat sees of a move: not the card laid face down on a Village or swapped
        with one, nor the cards passed by Pass 2 cards (which their receiver sees), nor which of two
        equal melds an action card was aimed at."""
        if seat == move.seat:
            return move
        if isinstance(move, Play) and move.meld >= 0:
            # Aimed at one of two equal melds, it does what it would do at the first: a Take back
            # that empties either leaves the same table, so the others cannot tell which it was.
            melds = self.tableau.melds[move.seat]
            first = melds.index(melds[move.meld])
            if first != move.meld:
                return Play(move.seat, move.card, move.target, move.count, first, move.position)
        if isinstance(move, Store):
            return ("store", move.seat)
        if isinstance(move, Swap):
            return ("swap", move.seat, move.village)
        if isinstance(move, Give):
            pending = self.pending
            if isinstance(pending, Giving) and seat == pending.receiver:
                return move
            return ("give", move.seat, len(move.cards))
        return move

    def _why_illegal(self, move: Move) -> str | None:
        return why_illegal(self, move)

    def _view(self, seat: int) -> View:
        return view_of(self, seat)

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """What happened, from the public event log: never a hidden card."""
        return describe(self, move, after)

    def opening(self) -> tuple[str, ...]:
        """The deal and who begins."""
        return opening(self)

    def _validate(self) -> None:
        check_state(self)
        check_playable(self)


#: ``State(...)`` without the class call (fast_new), for the states the rules make outside a transition.
build_state = fast_new(State)


def first_state(game: Game, rng: Rng) -> State:
    """ "Shuffle the deck and deal 7 cards to each player" (2 in the mini variant), then build the draw
    pile in thirds."""
    table = game.table
    midnights = table.midnights
    deck = rng.shuffled(table.dealt)
    n = game.players
    hand = game.hand_size
    hands = tuple(sort(deck[s * hand : (s + 1) * hand]) for s in range(n))
    rest = deck[n * hand :]
    # "Split the remaining cards into 3 roughly equal-sized piles, shuffle 1 Midnight card face
    # down into each pile, and then stack the piles" (ruling 3: larger piles on top).
    base, extra = divmod(len(rest), 3)
    sizes = [base + (1 if i < extra else 0) for i in range(3)]
    piles: list[list[str]] = []
    start = 0
    for size, midnight in zip(sizes, midnights, strict=True):
        pile = rest[start : start + size]
        start += size
        pile.insert(rng.below(size + 1), midnight)
        piles.append(pile)
    # The draw pile's top is its last entry: the top third goes last.
    draw = tuple(piles[2] + piles[1] + piles[0])
    first = rng.below(n)
    return build_state(
        turn=first,
        pending=Main(first),
        hands=hands,
        draw=draw,
        discard=(),
        events=(Event(EventKind.BEGINS, first),),
        board=Board(rng=rng.state, villages=((),) * n, known=(((),) * n,) * n),
        tableau=Tableau(
            game=game,
            village_cards=((),) * n,
            zones=(sizes[0] + 1, sizes[1] + 1, sizes[2] + 1),
            melds=((),) * n,
            skips=(False,) * n,
            final=0,
            last_drawer=None,
            outcome=None,
        ),
    )
