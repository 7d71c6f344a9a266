"""Short cuts for common action cards: the Crystal Ball, Pass 2 cards and Make a player discard.

When no affected opponent holds a Shield or a Magic Mirror, nobody is asked to
react and the card acts at once: the new State is built from the old one's
tuples, with exactly the result of :func:`._actions.play`; anything else (a
possible reaction, a Crystal Ball or Pass 2 on every opponent, nothing to give)
returns ``None`` and the general path runs instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._random import Rng
from ._deck import CRYSTAL_BALL, LAZY_GIRL, MAKE_DISCARD, MIRROR, PASS_TWO, SHIELD
from ._fast import ORDERS, rebuilt, refill_or_then, shown, take_own
from ._moves import Play
from ._pending import FollowUp, Giving, Pending

if TYPE_CHECKING:
    from ._state import State

__all__ = ["fast_play"]


_LIMIT = 8


def fast_play(state: State, move: Play) -> State | None:
    """The state after playing a Crystal Ball or Pass 2 cards on one opponent who cannot react, or ``None``."""
    card = move.card
    category = state.game.table.category
    kind = category[card]
    if kind is MAKE_DISCARD:
        return _make_discard(state, move)
    target = move.target
    if target is None or (kind is not CRYSTAL_BALL and kind is not PASS_TWO):
        return None
    hands = state.hands
    aimed = hands[target]
    for held in aimed:
        if category[held] is SHIELD or category[held] is MIRROR:
            return None  # _actions.advance_react asks it: the general path
    seat = move.seat
    hand, known, villages = take_own(state, seat, (card,))
    board = state.board
    events: tuple[str, ...] = (move.event(),)
    skips = board.skips
    pending: Pending
    if kind is CRYSTAL_BALL:
        # As _actions._effect: the actor sees the hand (Table.reveal), a Lazy Girl in it is shown.
        row = known[seat]
        known = (*known[:seat], (*row[:target], aimed, *row[target + 1 :]), *known[seat + 1 :])
        events += (f"seat {seat} looked at seat {target}'s hand",)
        if any(category[held] is LAZY_GIRL for held in aimed):
            skips = (*skips[:target], True, *skips[target + 1 :])
            events += (f"seat {target} showed the Lazy Girl and misses a turn",)
        # "... and then immediately play one more action card" (_actions.resolve).
        pending = FollowUp(seat)
    else:
        # "Choose up to 2 cards from your hand and give them to another player" (no more than 8).
        # The cards on the actor's Villages count as in its hand (ruling 14), as in _actions.
        limit = min(2, _LIMIT - len(aimed), len(hand) + sum(1 for c in villages[seat] if c is not None))
        if limit <= 0:
            return None  # the action ends at once: the general path
        pending = Giving(seat, target, limit)
    if villages is not board.villages or skips is not board.skips:
        board = rebuilt(board, villages, board.final, skips)
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


def _make_discard(state: State, move: Play) -> State | None:
    """Make a player discard (one opponent, or all of them), as :func:`._actions.play` and ``_effect``.

    "Randomly draw from their hand up to as many cards as the card indicates, and discard them";
    the Lazy Girl is never drawn (ruling 32).
    """
    seat = move.seat
    n = state.game.players
    targets = ORDERS[n][seat][1:] if move.target is None else (move.target,)
    category = state.game.table.category
    hands = state.hands
    for target in targets:
        for held in hands[target]:
            if category[held] is SHIELD or category[held] is MIRROR:
                return None  # _actions.advance_react asks it: the general path
    hand, known, villages = take_own(state, seat, (move.card,))
    board = state.board
    new_hands = list(hands)
    new_hands[seat] = tuple(hand)
    discard = (*state.discard, move.card)
    events = [move.event()]
    rng = Rng(board.rng)
    for target in targets:
        left = list(hands[target])
        keep = [c for c in left if category[c] is LAZY_GIRL]
        lost: list[str] = []
        for _ in range(min(move.count, len(left) - len(keep))):
            pool = [c for c in left if c not in keep] if keep else left
            lose = pool[rng.below(len(pool))]
            left.remove(lose)
            lost.append(lose)
            events.append(f"seat {target} had to discard {lose}")
        if lost:
            new_hands[target] = tuple(left)
            known = shown(known, target, tuple(lost))
            discard = (*discard, *lost)
    if rng.state != board.rng or villages is not board.villages:
        board = rebuilt(board, villages, board.final, rng=rng.state)
    # _actions.resolve then ends the action: _flow.finish_action.
    return refill_or_then(state, seat, tuple(new_hands), state.draw, discard, known, tuple(events), board)
