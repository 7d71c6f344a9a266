"""The Ray backend: a local Ray instance started and stopped by the test gives the local backend's results."""

from __future__ import annotations

import importlib.util
import os

import pytest

from cardrules import ConfigError, malilla, tournament

GAME = malilla.Game(target=5)
LINEUP = ["heuristic", "random", "heuristic", "random"]


def _need_ray() -> None:
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs the dev extra, which includes ray")
        pytest.skip("needs the ray extra")


class TestRayBackend:
    """backend='ray' is the same tournament, on a cluster."""

    def test_results_equal_the_local_backend(self) -> None:
        _need_ray()
        on_ray = tournament(GAME, LINEUP, 6, seed=3, jobs=2, backend="ray", progress=False)
        local = tournament(GAME, LINEUP, 6, seed=3, jobs=1, progress=False)
        assert on_ray == local
        import ray

        assert not ray.is_initialized(), "the instance the tournament started is stopped again"

    @pytest.mark.parametrize(
        ("address", "message"),
        [("nonsense", "must be HOST:PORT"), ("127.0.0.1:1", "cannot reach the Ray cluster at '127.0.0.1:1'")],
    )
    def test_bad_addresses_fail_before_any_match(self, address: str, message: str) -> None:
        _need_ray()
        with pytest.raises(ConfigError, match=message):
            tournament(GAME, LINEUP, 2, backend="ray", address=address, progress=False)

    def test_address_without_ray_backend(self) -> None:
        with pytest.raises(ConfigError, match="address is for backend='ray'"):
            tournament(GAME, LINEUP, 1, address="127.0.0.1:6379", progress=False)
