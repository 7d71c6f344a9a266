"""The Play, NameColour and Return short cuts give exactly what the general path (a whole ``Table``) gives."""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules.mala_suerte import Game, Move, NameColour, Play, Return, State
from cardrules.mala_suerte._effects import evil_eye, horseshoe_return, on_play
from cardrules.mala_suerte._fast import FAST_KINDS, fast_name_colour, fast_play, fast_return
from cardrules.mala_suerte._flow import apply_move
from cardrules.mala_suerte._game import Backs
from cardrules.mala_suerte._table import Table

from .builders import walked


def _general(state: State, move: Move) -> State:
    """The move through a Table, as the rules drive it when no short cut applies."""
    table = Table(state)
    if isinstance(move, Play):
        table.play(move.seat, move.card)
        on_play(table, move.card)
    elif isinstance(move, NameColour):
        evil_eye(table, move.colour)
    else:
        assert isinstance(move, Return)
        horseshoe_return(table, move.card)
    return table.freeze()


def _short(state: State, move: Move) -> State | None:
    coloured = state.game.coloured_backs
    if isinstance(move, Play):
        if move.card // 3 not in FAST_KINDS[coloured]:
            return None
        return fast_play(state, move.seat, move.card, coloured)
    if isinstance(move, NameColour):
        return fast_name_colour(state, move.seat, move.colour)
    assert isinstance(move, Return)
    return fast_return(state, move.seat, move.card, coloured)


@pytest.mark.parametrize(
    ("players", "mulligan", "backs"),
    [(5, False, "plain"), (3, True, "plain"), (4, True, "coloured"), (6, False, "coloured")],
)
def test_short_cuts_match_general(players: int, mulligan: bool, backs: Backs) -> None:
    game = Game(players=players, mulligan=mulligan, backs=backs)
    taken: Counter[str] = Counter()
    declined: Counter[str] = Counter()
    for state, moves in walked(game, 60):
        for move in moves:
            if not isinstance(move, (Play, NameColour, Return)):
                continue
            general = _general(state, move)
            assert apply_move(state, move) == general
            fast = _short(state, move)
            name = (
                f"{type(move).__name__} {move.card.kind}" if isinstance(move, Play) else type(move).__name__
            )
            if fast is None:
                declined[name] += 1
                continue
            taken[name] += 1
            assert fast == general
            assert fast.board == general.board
            assert fast.this_turn == general.this_turn and fast.last_turn == general.last_turn
            assert fast.knowledge == general.knowledge
            assert fast.legal_moves() == general.legal_moves()
    # Each short cut is taken often, and each is also declined (for the general path) where it must be.
    for name in ("Play Evil Eye", "Play Horseshoe", "Play Broken Mirror", "NameColour", "Return"):
        assert taken[name] > 50, (name, taken)
    for name in ("Play Clover", "Play Broken Mirror", "NameColour"):
        assert declined[name] > 0, (name, declined)
    if backs == "coloured":
        for name in ("Play Crows", "Play Black Cat", "Play Spilled Salt"):
            assert taken[name] > 50, (name, taken)
