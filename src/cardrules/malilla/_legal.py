"""The legal moves of the seat to play, and why a move is not legal.

Both come from the same rules (:mod:`._rules`): :func:`legal_moves` plays the cards
:func:`~._rules.legal_cards` allows, and :func:`why_illegal` words what :func:`~._rules.foul`
finds, which refuses exactly the cards ``legal_cards`` leaves out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cards import SUIT_OF
from ._moves import MOVES, Move
from ._rules import foul, legal_cards

if TYPE_CHECKING:
    from ._state import State

__all__ = ["legal_moves", "why_illegal"]


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the seat to play: any card of its hand under ``irregularities="lose_game"``."""
    seat = (state.leader + len(state.trick)) % 4
    hand = state.hands[seat]
    row = MOVES[seat]
    board = state.board
    game = board.game
    if game.irregularities == "lose_game":
        return tuple(map(row.__getitem__, hand))
    cards = legal_cards(hand, state.trick, SUIT_OF[board.trump], state.tricks, game.must_beat == "any_card")
    return tuple(map(row.__getitem__, cards))


def why_illegal(state: State, move: Move) -> str | None:
    """Which rule ``move`` breaks, in the rule's words; ``None`` if it breaks none.  Under
    ``irregularities="lose_game"`` any card in hand may be played (a foul ends the match)."""
    hand = state.hands[move.seat]
    if state.game.irregularities == "lose_game" and move.card in hand:
        return None
    broken = foul(
        move.card,
        hand,
        state.trick,
        SUIT_OF[state.board.trump],
        state.tricks,
        state.game.must_beat == "any_card",
    )
    return None if broken is None else f"seat {move.seat} cannot play {move.card}: {broken}"
