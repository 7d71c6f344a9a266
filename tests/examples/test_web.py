"""The web table example: its JSON API, and a whole hand played by clicking in headless Chromium."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "output"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _load_server() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_server", ROOT / "examples" / "web" / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = _load_server().serve(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def call(url: str, body: object | None = None, raw: bytes | None = None) -> tuple[int, dict[str, Any]]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class TestApi:
    """The JSON API answers bad requests with a 4xx naming the problem, and changes nothing."""

    def test_a_table_shows_only_the_seat(self, base_url: str) -> None:
        status, table = call(f"{base_url}/api/tables", {"seed": 3, "target": 12, "seat": 1})
        assert status == 201
        assert table["seat"] == 1 and table["view"]["data"]["seat"] == 1
        assert table["current_player"] == 1
        assert table["legal"] and len(table["hand"]) == table["hand_sizes"][1]
        assert "hands" not in json.dumps(table), "no other seat's hand is sent"

    def test_moves_and_errors(self, base_url: str) -> None:
        _, table = call(f"{base_url}/api/tables", {"seed": 5})
        url = f"{base_url}/api/tables/{table['id']}/moves"
        for bad, code, words in [
            ({"move": 99}, 409, "index of the legal moves"),
            ({"move": "7s"}, 409, "index of the legal moves"),
            ({}, 409, "got None"),
        ]:
            status, answer = call(url, bad)
            assert status == code and words in answer["error"]
        status, answer = call(url, raw=b"{not json")
        assert status == 400 and "not JSON" in answer["error"]
        _, unchanged = call(f"{base_url}/api/tables/{table['id']}")
        assert unchanged["view"] == table["view"]
        status, after = call(url, {"move": 0})
        assert status == 200 and after["view"] != table["view"]

    def test_bad_tables(self, base_url: str) -> None:
        assert call(f"{base_url}/api/tables", {"seat": 7})[0] == 400
        assert "target" in call(f"{base_url}/api/tables", {"target": 0})[1]["error"]
        assert "unknown field colour" in call(f"{base_url}/api/tables", {"colour": 1})[1]["error"]
        assert call(f"{base_url}/api/tables/404")[0] == 404
        assert call(f"{base_url}/api/nothing")[0] == 404


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class TestBrowser:
    """A whole hand of Malilla, played by clicking in headless Chromium; a screenshot is saved."""

    def test_play_a_hand_by_clicking(self, base_url: str) -> None:
        executable = _chromium()
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            executable = None
        if executable is None:
            if os.environ.get("CI"):
                pytest.fail("CI must have Debian's chromium and playwright (see .ci/run)")
            pytest.skip("needs Debian's chromium and the playwright package")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=executable,
                args=CHROMIUM_FLAGS,
            )
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto(f"{base_url}/?seed=21")
            page.wait_for_selector("#hand button.card")
            first_hand = page.locator("#hand button.card").count()
            assert first_hand == 10
            clicks = 0
            while page.locator("#hand button.card").count() > 0 and clicks < 10:
                if clicks == 4:
                    page.screenshot(path=str(SCREENSHOTS / "web_table.png"))
                before = page.locator("#hand button.card").count()
                page.locator("#hand button.card:not([disabled])").first.click()
                page.wait_for_function(
                    f"document.querySelectorAll('#hand button.card').length < {before} || "
                    "document.body.dataset.state === 'over' || document.querySelectorAll('#hand button.card').length === 10"
                )
                clicks += 1
            assert clicks == 10, "ten cards, ten clicks: one whole hand"
            assert page.locator("#events li").count() > 0
            assert "seats 0+2:" in page.locator("#scores").inner_text()
            page.screenshot(path=str(SCREENSHOTS / "web_table_after_a_hand.png"))
            browser.close()
        assert (SCREENSHOTS / "web_table.png").stat().st_size > 10_000
