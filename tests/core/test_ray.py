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

    def test_users_bots_and_their_errors_on_ray(self) -> None:
        """Factories, import strings and Player instances reach Ray's workers; a bot's error comes back
        with its match seed and view; the results are the local backend's."""
        from . import bot_factories

        lineup = [bot_factories.seeded_random, "tests.core.bot_factories:greedy", bot_factories.Greedy(),
                  "tests.core.bot_factories:broken"]  # fmt: skip
        on_ray = tournament(GAME, lineup, 4, seed=2, jobs=2, backend="ray", progress=False)
        assert on_ray == tournament(GAME, lineup, 4, seed=2, progress=False)
        assert len(on_ray.errors) == 4 and {e.bot for e in on_ray.errors} == {
            "tests.core.bot_factories:broken"
        }
        assert malilla.View.from_dict(on_ray.errors[0].view).seat == on_ray.errors[0].seat

    @pytest.mark.parametrize(
        ("address", "message"),
        [
            ("nonsense", "must be HOST:PORT"),
            ("127.0.0.1:\u00b2", "must be HOST:PORT"),
            ("127.0.0.1:70000", "must be HOST:PORT"),
            ("127.0.0.1:" + "9" * 5000, "must be HOST:PORT"),
            ("127.0.0.1:1", "cannot reach the Ray cluster at '127.0.0.1:1'"),
        ],
    )
    def test_bad_addresses_fail_before_any_match(self, address: str, message: str) -> None:
        _need_ray()
        with pytest.raises(ConfigError, match=message):
            tournament(GAME, LINEUP, 2, backend="ray", address=address, progress=False)

    def test_address_without_ray_backend(self) -> None:
        with pytest.raises(ConfigError, match="address and runtime_env are for backend='ray'"):
            tournament(GAME, LINEUP, 1, address="127.0.0.1:6379", progress=False)
