"""The short cuts for plain draws, discards, passes, matching discards and Village refills give the general path's states."""

from __future__ import annotations

from cardrules._random import Rng
from cardrules.magyar_nepmesek import Discard, Draw, Game, MatchDiscard, Pass, Store, Swap
from cardrules.magyar_nepmesek._apply import apply_move
from cardrules.magyar_nepmesek._fast import fast_apply, fast_match, fast_pass, fast_village
from cardrules.magyar_nepmesek._table import Table


class TestFastPath:
    """Every short-cut transition equals the general one."""

    def test_same_states_as_the_general_path(self) -> None:
        """Random matches of several tables: each short cut taken equals Table + apply + freeze."""
        taken = matched = refilled = 0
        for game in (
            Game(players=5, variant="advanced", fifth_edition=True),
            Game(players=2),
            Game(players=6),
            Game(players=3, variant="advanced"),
        ):
            for seed in range(6):
                state = game.new_state(seed)
                rng = Rng(seed)
                while not state.is_terminal:
                    move = rng.choice(state.legal_moves())
                    fast = None
                    if isinstance(move, (Draw, Discard)):
                        fast = fast_apply(state, move)
                    elif isinstance(move, Pass):
                        fast = fast_pass(state, move)
                    elif isinstance(move, MatchDiscard):
                        fast = fast_match(state, move)
                        matched += fast is not None
                    elif isinstance(move, (Store, Swap)):
                        fast = fast_village(state, move)
                        refilled += fast is not None
                    if fast is not None:
                        taken += 1
                        table = Table(state)
                        apply_move(table, move)
                        assert fast == table.freeze(), move
                    state = state.apply(move)
        assert taken > 500
        assert matched > 20
        assert refilled > 20
