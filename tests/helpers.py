"""Helpers shared by the tests of every game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import BaseGame, BaseMove, BaseState, IllegalMoveError
from cardrules._random import Rng

AnyGame = BaseGame[Any, Any]
AnyState = BaseState[Any, Any, Any]

#: No match of any game in any configuration takes more decisions than this.
MAX_DECISIONS = 20_000


def json_round_trip(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` through real JSON text, as a front end would send it."""
    result: dict[str, Any] = json.loads(json.dumps(data))
    return result


def random_walk(
    game: AnyGame, seed: int, limit: int = MAX_DECISIONS
) -> Iterator[tuple[AnyState, BaseMove | None]]:
    """Every state of a uniformly random match, each with the move made from it (``None`` at the end)."""
    rng = Rng.from_seed(seed, 99)
    state = game.new_state(seed)
    for _ in range(limit):
        if state.is_terminal:
            yield state, None
            return
        move = rng.choice(state.legal_moves())
        yield state, move
        state = state.apply(move)
    raise AssertionError(f"{game} seed {seed}: no end after {limit} decisions")


def reached(game: AnyGame, seed: int, steps: int) -> AnyState:
    """The state of a uniformly random match of ``seed`` after ``steps`` moves, or its last one."""
    for state, move in random_walk(game, seed):
        if steps <= 0 or move is None:
            return state
        steps -= 1
    raise AssertionError("random_walk ends with its last state")


def every_game() -> list[AnyGame]:
    """One game per registered configuration example."""
    from cardrules import games

    return [example for cls in games().values() for example in cls.examples()]


def refused(state: AnyState, move: object, reason: str) -> None:
    """``move`` is refused with an IllegalMoveError matching ``reason``, is not a legal move, and
    leaves ``state`` as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match=reason):
        state.apply(move)
    assert state.to_dict() == before
    assert move not in state.legal_moves()
