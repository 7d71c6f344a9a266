"""The Draw fast path gives exactly what the general path (a whole ``Table``) gives."""

from __future__ import annotations

import pytest

from cardrules.mala_suerte import Draw, Game, State, Step
from cardrules.mala_suerte._fast import plain_draw
from cardrules.mala_suerte._flow import apply_move
from cardrules.mala_suerte._game import Backs
from cardrules.mala_suerte._table import Table

from .builders import walked


def _general(state: State, move: Draw) -> State:
    table = Table(state)
    table.draw(move.seat)
    table.step = Step.DRAWN
    return table.freeze()


@pytest.mark.parametrize(("players", "backs"), [(5, "plain"), (4, "plain"), (6, "coloured"), (3, "coloured")])
def test_fast_draw_matches_general(players: int, backs: Backs) -> None:
    game = Game(players=players, mulligan=False, backs=backs)
    plain = deck_only = top = 0
    for state, moves in walked(game, 80):
        for move in moves:
            if isinstance(move, Draw):
                fast = plain_draw(state, move.seat)
                general = _general(state, move)
                assert apply_move(state, move) == general
                if fast is not None:
                    assert fast == general
                    assert fast.this_turn == general.this_turn
                    assert fast.knowledge == general.knowledge
                    if any(k.deck_top for k in state.knowledge):
                        top += 1
                    elif any(k.deck for k in state.knowledge):
                        deck_only += 1
                    else:
                        plain += 1
    assert plain > 100
    # the fast path is taken also when seats know which cards are in the deck, or which lie on top
    assert deck_only > 100
    assert top > 20
