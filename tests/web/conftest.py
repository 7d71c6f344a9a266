"""A real server for the web tests: uvicorn in a thread on a free port, tables in a tmp_path file."""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")

from cardrules.web import Limits, create_app, uvicorn_config  # noqa: E402

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class LiveServer:
    """The app served by uvicorn on 127.0.0.1; :meth:`restart` stops it and serves the same file again."""

    def __init__(
        self, db: Path, limits: Limits | None = None, seeds: Callable[[], int] | None = None
    ) -> None:
        self.db = db
        self.seeds = seeds
        self.limits = limits or Limits(rate=1_000.0, burst=1_000, address_rate=1_000.0, address_burst=1_000)
        self.port = 0
        self._server: Any = None
        self.app: Any = None
        self._thread: threading.Thread | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        self.app = app = create_app(self.db, limits=self.limits, seeds=self.seeds)
        config = uvicorn_config(app, limits=self.limits)
        self._server = server = uvicorn.Server(config)
        self._thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self._server.should_exit = True
        assert self._thread is not None
        self._thread.join(timeout=20)

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose tables are dealt from fixed seeds (7340001, 7340002, ...): the browser matches replay."""
    server = LiveServer(tmp_path / "tables.sqlite3", seeds=itertools.count(7_340_001).__next__)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium() -> str:
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        executable = None
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Debian's chromium and playwright (see .ci/run)")
        pytest.skip("needs Debian's chromium and the playwright package")
    return executable


@pytest.fixture
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
