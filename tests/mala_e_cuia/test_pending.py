"""The pending decision: a seat packing its own tile, or the spokesperson writing the team's guess."""

from __future__ import annotations

import random

import pytest

from cardrules import mala_e_cuia
from cardrules._pending import Pending as CorePending
from cardrules.mala_e_cuia import Game, Guess, Guessing, Pack, Packing, Pending


class TestKinds:
    """Two kinds, each a core pending decision, exported from the package."""

    def test_exported(self) -> None:
        for cls in (Packing, Guessing):
            assert issubclass(cls, Pending) and issubclass(cls, CorePending)
            assert cls.__name__ in mala_e_cuia.__all__
        assert "Pending" in mala_e_cuia.__all__


class TestFromTheState:
    """``state.pending`` says who writes and on which tile; every view says the same."""

    def test_a_new_match_waits_for_seat_0_to_pack(self) -> None:
        assert Game(players=4).new_state(seed=1).pending == Packing(0)

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_on_random_play(self, game: Game) -> None:
        rng = random.Random(5)
        state = game.new_state(seed=2)
        seen: set[type] = set()
        while not state.is_terminal:
            pending = state.pending
            assert pending is not None and pending.seat == state.current_player
            seen.add(type(pending))
            assert all(state.view(seat).pending == pending for seat in range(game.players))
            kind = Pack if isinstance(pending, Packing) else Guess
            assert all(isinstance(move, kind) for move in state.legal_moves())
            if isinstance(pending, Guessing):
                # Ruling 4: the seat after the protagonist, clockwise, points at the guess.
                assert pending.seat == (pending.protagonist + 1) % game.players
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.pending is None
        assert seen == ({Packing, Guessing} if game.mode == "cooperative" else {Packing})
