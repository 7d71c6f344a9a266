"""Tournaments in duplicate: each deal played twice, the sides swapped."""

from __future__ import annotations

import pytest

from cardrules import ConfigError, malilla, tournament


class TestDuplicate:
    """Pairs of matches share a deal and swap the sides."""

    def test_pairs_share_a_deal_with_the_sides_swapped(self) -> None:
        game = malilla.Game(target=12)
        result = tournament(game, ["heuristic", "random"] * 2, 4, seed=3, progress=False, duplicate=True)
        first, second, third, _ = result.matches
        assert first.seed == second.seed != third.seed
        assert first.seating == ("heuristic", "random", "heuristic", "random")
        assert second.seating == ("random", "heuristic", "random", "heuristic")

    def test_without_duplicate_every_match_has_its_own_deal(self) -> None:
        result = tournament(malilla.Game(target=12), "random", 2, seed=3, progress=False)
        assert result.matches[0].seed != result.matches[1].seed

    @pytest.mark.parametrize(("matches", "duplicate"), [(3, True), (2, "yes"), (2, 1)])
    def test_bad_duplicate(self, matches: int, duplicate: object) -> None:
        with pytest.raises(
            ConfigError, match="duplicate must be True or False, and True needs an even number"
        ):
            tournament(malilla.Game(), "random", matches, duplicate=duplicate)  # type: ignore[arg-type]
