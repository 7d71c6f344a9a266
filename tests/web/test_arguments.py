"""The web's functions refuse arguments they cannot use with a ConfigError naming them, before
anything is opened, listened on or created."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError
from cardrules.web import Limits, create_app, serve, uvicorn_config

#: The functions as a caller's untyped code sees them, handing in anything.
loose_config: Any = uvicorn_config
loose_limits: Any = Limits


@pytest.mark.parametrize(
    ("function", "keywords", "words"),
    [
        (create_app, {"db": 3}, "create_app: db must be a file's path or None; got 3"),
        (create_app, {"hosts": "localhost"}, "create_app: hosts must be a list of names; got 'localhost'"),
        (
            create_app,
            {"hosts": [None]},
            "create_app: hosts must be at most 1000 names of 1 to 255 characters",
        ),
        (create_app, {"origins": ("x" * 300,)}, "create_app: origins must be at most 1000 names"),
        (create_app, {"limits": {"rate": 1}}, "create_app: limits must be a cardrules.web.Limits"),
        (create_app, {"clock": 0.5}, "create_app: clock and seeds must be functions"),
        (serve, {"host": None}, "serve: host must be a name or an address; got None"),
        (serve, {"port": 70_000}, "serve: port must be an integer from 0 to 65535; got 70000"),
        (serve, {"port": "8000"}, "serve: port must be an integer from 0 to 65535; got '8000'"),
        (serve, {"db": 2.5}, "serve: db must be a file's path or None; got 2.5"),
        (
            serve,
            {"db": "t.sqlite", "allowed_hosts": "example.org"},
            "serve: allowed_hosts must be a list of names",
        ),
    ],
)
def test_refused_before_anything_is_made(
    function: Any, keywords: dict[str, Any], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is listened on, and no database file is made, for arguments that are refused."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=f"^{re.escape(words)}"):
        function(**keywords)
    assert list(tmp_path.iterdir()) == []


def test_uvicorn_config() -> None:
    app = create_app()
    assert uvicorn_config(app, "127.0.0.1", 0).port == 0
    with pytest.raises(
        ConfigError, match="uvicorn_config: port must be an integer from 0 to 65535; got True"
    ):
        loose_config(app, "127.0.0.1", True)
    with pytest.raises(
        ConfigError, match=r"uvicorn_config: limits must be a cardrules\.web\.Limits; got 'tight'"
    ):
        loose_config(app, limits="tight")


@pytest.mark.parametrize("value", [0, -1, math.inf, math.nan, True, "60"])
def test_a_limit_is_a_positive_finite_number(value: object) -> None:
    with pytest.raises(ConfigError, match=r"^Limits\.rate must be a positive number; got"):
        loose_limits(rate=value)
