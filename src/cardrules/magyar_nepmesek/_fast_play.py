"""Short cuts for the commonest action cards aimed at one opponent: the Crystal Ball and Pass 2 cards.

When the chosen opponent holds neither a Shield nor a Magic Mirror, nobody is
asked to react and the card acts at once: the new State is built from the old
one's tuples, with exactly the result of :func:`._actions.play`; anything else
(a possible reaction, every opponent at once, nothing to give) returns ``None``
and the general path runs instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._deck import Category
from ._fast import take_own
from ._moves import Play
from ._pending import FollowUp, Giving, Pending

if TYPE_CHECKING:
    from ._state import State

__all__ = ["fast_play"]

#: Enum members read once: every ``Category.X`` in a function would go through the
#: Python-level ``EnumType.__getattr__`` hook, which costs as much as a function call.
_CRYSTAL_BALL = Category.CRYSTAL_BALL
_PASS_TWO = Category.PASS_TWO
_SHIELD = Category.SHIELD
_MIRROR = Category.MIRROR
_LAZY_GIRL = Category.LAZY_GIRL

_LIMIT = 8


def fast_play(state: State, move: Play) -> State | None:
    """The state after playing a Crystal Ball or Pass 2 cards on one opponent who cannot react, or ``None``."""
    target = move.target
    if target is None:
        return None
    card = move.card
    category = state.game.table.category
    kind = category[card]
    if kind is not _CRYSTAL_BALL and kind is not _PASS_TWO:
        return None
    hands = state.hands
    aimed = hands[target]
    for held in aimed:
        if category[held] is _SHIELD or category[held] is _MIRROR:
            return None  # _actions.advance_react asks it: the general path
    seat = move.seat
    hand, known, villages = take_own(state, seat, (card,))
    board = state.board
    events: tuple[str, ...] = (f"seat {seat} played {card}",)
    skips = board.skips
    pending: Pending
    if kind is _CRYSTAL_BALL:
        # As _actions._effect: the actor sees the hand (Table.reveal), a Lazy Girl in it is shown.
        row = known[seat]
        known = (*known[:seat], (*row[:target], aimed, *row[target + 1 :]), *known[seat + 1 :])
        events += (f"seat {seat} looked at seat {target}'s hand",)
        if any(category[held] is _LAZY_GIRL for held in aimed):
            skips = (*skips[:target], True, *skips[target + 1 :])
            events += (f"seat {target} showed the Lazy Girl and misses a turn",)
        # "... and then immediately play one more action card" (_actions.resolve).
        pending = FollowUp(seat)
    else:
        # "Choose up to 2 cards from your hand and give them to another player" (no more than 8).
        limit = min(2, _LIMIT - len(aimed), len(hand))
        if limit <= 0:
            return None  # the action ends at once: the general path
        pending = Giving(seat, target, limit)
    if villages is not board.villages or skips is not board.skips:
        old = board
        board = type(board)(
            board.rng,
            villages,
            board.village_cards,
            board.zones,
            board.melds,
            skips,
            board.final,
            board.last_drawer,
        )
        object.__setattr__(board, "adds", old.adds)  # the same laid groups: keep the cache, as Table.freeze
    return type(state)(
        state.game,
        state.turn,
        pending,
        (*hands[:seat], tuple(hand), *hands[seat + 1 :]),
        state.draw,
        (*state.discard, card),
        known,
        events,
        state.outcome,
        board,
    )
