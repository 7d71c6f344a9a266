"""Views: a seat sees its own pack, never another's before the reveal; samples redraw what it cannot see."""

from __future__ import annotations

from cardrules.mala_e_cuia import Competition, CooperationSeen, Game, Tile

from .builders import competitive, cooperative, tile

PACK = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")


class TestCompetitiveViews:
    """Rulebook: "Each player writes down the chosen items on their Suitcase Tile, without showing them to other players"."""

    def test_a_seat_sees_its_own_pack_and_only_the_size_of_the_others(self) -> None:
        state = competitive([tile(*PACK), tile(["Raincoat"]), tile()])
        view = state.view(2)
        assert view.tile == Tile() and view.tile_sizes == (4, 1, 0)
        assert state.view(0).tile == state.tiles[0]
        other = competitive(
            [tile(["Passport", "Raincoat", "Power bank"], "Water bottle"), tile(["Umbrella"]), tile()]
        )
        assert other.view(2) == view  # seats 0 and 1 packed differently; seat 2 cannot tell

    def test_samples_redraw_the_other_packs(self) -> None:
        state = competitive([tile(*PACK), tile(*PACK), tile()])
        view = state.view(2)
        samples = {Game(players=3).sample_state(view, seed).tiles[0] for seed in range(20)}
        assert len(samples) > 10
        assert all(s.complete and s.items <= set(state.table) for s in samples)

    def test_packs_become_public_at_compare_luggage(self) -> None:
        state = competitive([tile(*PACK), tile(*PACK), tile()])
        after = state.commit(["Raincoat", "Passport", "Power bank"], "Water bottle")
        progress = after.view(1).progress
        assert isinstance(progress, Competition)
        assert progress.rounds[0].tiles == (
            state.tiles[0],
            state.tiles[1],
            tile(["Raincoat", "Passport", "Power bank"], "Water bottle"),
        )
        assert after.view(1).tile == Tile()  # the next round's tile is empty


class TestCooperativeViews:
    """Rulebook: "Each player secretly looks at their Situation Card" and "places their Suitcase Tile face down"."""

    def test_only_the_own_situation_is_known_while_packing(self) -> None:
        state = Game(players=5, mode="cooperative").new_state(9)
        for seat in range(5):
            seen = state.view(seat).progress
            assert isinstance(seen, CooperationSeen)
            assert [s is not None for s in seen.situations] == [i == seat for i in range(5)]

    def test_samples_redeal_unknown_situations_and_keep_known_ones(self) -> None:
        state = cooperative([tile(*PACK)] * 4, situations=(3, 8, 21, 30), first_protagonist=1)
        view = state.view(3)
        game = state.game
        dealt = [game.sample_state(view, seed).progress.situations for seed in range(20)]  # type: ignore[union-attr]
        assert all(d[1] == 8 and d[3] == 30 and len(set(d)) == 4 for d in dealt)
        assert len({(d[0], d[2]) for d in dealt}) > 5
        assert all(game.sample_state(view, s).view(3) == view for s in range(5))
