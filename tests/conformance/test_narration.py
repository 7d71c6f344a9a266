"""What a human at a seat is told of a move depends only on what that seat may know.

The narration for seat S is the move's public lines (``describe``) and S's
news (``View.news`` of S's views before and after).  Replaying the same
observable move in states S cannot tell apart (``sample_state`` of S's view)
must tell S the same, whenever S's view after the move is the same too; a line
that named a hidden card would differ between the samples.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import BaseGame, games
from cardrules._random import Rng
from cardrules._terminal import narrate_for

CASES = [
    pytest.param(game, id=f"{name}-{i}")
    for name, cls in games().items()
    for i, game in enumerate(cls.examples())
]


@pytest.mark.parametrize("game", CASES)
def test_narration_for_a_seat_is_a_function_of_its_knowledge(game: BaseGame[Any, Any]) -> None:
    compared = 0
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(seed)
        for step in range(120):
            if state.is_terminal:
                break
            move = rng.choice(state.legal_moves())
            after = state.apply(move)
            if step % 6 == 0:
                for seat in range(game.players):
                    told = narrate_for(seat, state, move, after)
                    seen = state.observation(move, seat)
                    for sample_seed in range(2):
                        other = game.sample_state(state.view(seat), sample_seed)
                        same = [m for m in other.legal_moves() if other.observation(m, seat) == seen]
                        if not same:
                            continue
                        then = other.apply(same[0])
                        if then.view(seat) == after.view(seat):
                            assert narrate_for(seat, other, same[0], then) == told, (seat, move)
                            compared += 1
            state = after
    assert compared > 0
