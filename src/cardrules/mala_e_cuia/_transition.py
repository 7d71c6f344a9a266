"""Applying a legal move: an item written on a tile, and what a full tile sets off in each mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ._competitive import compare_luggage_and_renew
from ._cooperative import after_guess, start_guessing
from ._moves import Guess, Move
from ._progress import Competition

if TYPE_CHECKING:
    from ._state import State

__all__ = ["StateBuilder", "apply_move"]

#: What makes a state of its fields, given positionally in field order: the state's module hands its
#: builder to the transition, which sits below it.
StateBuilder = Callable[..., "State"]


def apply_move(state: State, move: Move, build: StateBuilder) -> State:
    """The state after ``move``, already known to be legal.

    A seat's last item of the round opens every tile: Compare Luggage (competitive), or the Guess phase
    (cooperative).
    """
    face = state.game.deck.face_of(move.item)
    assert face is not None
    if isinstance(move, Guess):
        return after_guess(state, face, move.slot, build)
    seat = move.seat
    tile = state.tiles[seat].write(face, move.slot)
    tiles = (*state.tiles[:seat], tile, *state.tiles[seat + 1 :])
    if seat < len(tiles) - 1 or not tile.complete:
        return build(state.game, state.rng, state.table, tiles, state.scores, state.progress, None)
    if isinstance(state.progress, Competition):
        return compare_luggage_and_renew(state, tiles, build)
    return start_guessing(state, tiles, build)
