"""The Ray backend: a local Ray instance started and stopped by the test gives the local backend's results."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from cardrules import ConfigError, malilla, tournament
from cardrules._cli import main

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

    def test_ray_address_is_read_when_no_address_is_given(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """What ``ray job submit`` sets for the driver: joined, not a crash on num_cpus."""
        _need_ray()
        monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
        with pytest.raises(ConfigError, match=r"cannot reach the Ray cluster at '127\.0\.0\.1:1'"):
            tournament(GAME, LINEUP, 2, jobs=2, backend="ray", progress=False)

    def test_auto_with_a_stale_cluster_file(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """A cluster that stopped without removing its file: one ConfigError line, at once."""
        _need_ray()
        (tmp_path / "ray").mkdir()
        (tmp_path / "ray" / "ray_current_cluster").write_text("127.0.0.1:1\n")
        monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
        monkeypatch.delenv("RAY_ADDRESS", raising=False)
        with pytest.raises(
            ConfigError, match=r"address 'auto' reads .*ray_current_cluster, a stale cluster file"
        ):
            tournament(GAME, LINEUP, 2, backend="ray", address="auto", progress=False)

    def test_the_command_line_gives_one_line(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        _need_ray()
        monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
        argv = ["tournament", "malilla", "--lineup", "random", "--backend", "ray", "--target", "3"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("cardrules: error: cannot reach the Ray cluster") and err.count("\n") == 1

    def test_the_runtime_env_reaches_the_workers(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """``runtime_env={"working_dir": DIR}`` (``--working-dir DIR``): the workers run in a copy of DIR."""
        _need_ray()
        from . import bot_factories

        (tmp_path / "shipped.txt").write_text("here\n")
        monkeypatch.setattr(bot_factories, "DRIVER", os.getpid())
        lineup = ["tests.core.bot_factories:greedy_where_shipped", "random"] * 2
        runtime_env = {"working_dir": str(tmp_path)}
        assert not (Path.cwd() / "shipped.txt").exists()
        on_ray = tournament(GAME, lineup, 2, jobs=2, backend="ray", runtime_env=runtime_env, progress=False)
        assert on_ray.errors == () and len(on_ray.matches) == 2

    def test_working_dir_goes_with_ray(self, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["tournament", "malilla", "--lineup", "random", "--working-dir", ".", "--target", "3"]
        assert main(argv) == 2
        assert "--working-dir ships files to a Ray cluster" in capsys.readouterr().err

    def test_address_without_ray_backend(self) -> None:
        with pytest.raises(ConfigError, match="address and runtime_env are for backend='ray'"):
            tournament(GAME, LINEUP, 1, address="127.0.0.1:6379", progress=False)
