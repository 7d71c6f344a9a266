"""The embedding example builds an app that serves tables and answers to the Host name it adds."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette asks for httpx2; httpx is what the dev extra has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_server", ROOT / "examples" / "web" / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_app_hosts_a_table(tmp_path: Path) -> None:
    app = _load_example().make_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app, base_url="http://cards.lan") as client:
        created = client.post("/api/tables", json={"game": "mala_suerte", "options": {"players": 3}})
        assert created.status_code == 201
        table = client.get(f"/api/tables/{created.json()['table']}").json()
        assert table["game"] == "mala_suerte" and table["seat"] is None
        assert client.get("/api/games", headers={"Host": "elsewhere.example"}).status_code == 400
