"""Screenshots of each game's web table for docs/front-ends.md, taken with Playwright and Debian's Chromium.

    python scripts/web_screenshots.py [--out docs/_static/web] [--moves 8] [--games malilla,...]

Serves the app on a free loopback port (tables in memory, fixed seeds), opens
a table of each game with bots in the other seats, plays ``--moves`` of the
human seat's decisions by clicking (the first playable card, else the first
move; at most 3 in Malilla), and saves ``GAME.png`` at desktop width (1280 px) and
``GAME-phone.png`` at a phone's 390x844; and the lobby on a phone, ``lobby-phone.png``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import ViewportSize, sync_playwright

from cardrules.web import Limits, create_app, uvicorn_config

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.clicking import click_once, wait_for_decision  # noqa: E402

#: The tables shown: options and seats (seat 0 is the person).
TABLES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "malilla": ({}, ["human", "heuristic", "heuristic", "heuristic"]),
    "mala_suerte": ({"players": 4}, ["human", "heuristic", "heuristic", "heuristic"]),
    "magyar_nepmesek": ({"players": 3, "variant": "advanced"}, ["human", "heuristic", "heuristic"]),
    "mala_e_cuia": ({"players": 4}, ["human", "heuristic", "heuristic", "heuristic"]),
    "maldicion": ({"players": 4}, ["human", "heuristic", "heuristic", "heuristic"]),
}
#: Games whose pictures come sooner (a Malilla hand is 10 cards: a picture after 3 still shows most of it).
FEWER = {"malilla": 3}
SIZES: dict[str, ViewportSize] = {"": {"width": 1280, "height": 860}, "-phone": {"width": 390, "height": 844}}


def serve() -> tuple[str, Any]:
    """The app on a free loopback port, in a thread; returns its URL and the uvicorn server."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    limits = Limits(rate=1_000.0, burst=1_000, address_rate=1_000.0, address_burst=1_000)
    app = create_app(None, limits=limits, seeds=itertools.count(20_261_206).__next__)
    server = uvicorn.Server(uvicorn_config(app, limits=limits))
    threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static" / "web")
    parser.add_argument("--moves", type=int, default=8, help="decisions of the person before the picture")
    parser.add_argument("--games", default=",".join(TABLES), help="comma-separated games")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("needs Debian's chromium (apt-get install chromium)")
    args.out.mkdir(parents=True, exist_ok=True)
    url, server = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            lobby = browser.new_context(bypass_csp=True, viewport=SIZES["-phone"]).new_page()
            lobby.goto(url + "/")
            lobby.wait_for_function("document.body.dataset.ready === 'yes'")
            lobby.select_option("#game", "maldicion")
            lobby.screenshot(path=str(args.out / "lobby-phone.png"), full_page=True)
            print(args.out / "lobby-phone.png")
            lobby.context.close()
            for game in args.games.split(","):
                options, seats = TABLES[game]
                answer = httpx.post(
                    f"{url}/api/tables", json={"game": game, "options": options, "seats": seats}
                )
                answer.raise_for_status()
                link = url + answer.json()["seats"][0]["link"]
                page = browser.new_context(bypass_csp=True, viewport=SIZES[""]).new_page()
                page.goto(link)
                for _ in range(min(args.moves, FEWER.get(game, args.moves))):
                    if wait_for_decision(page) != "mine":
                        break
                    click_once(page)
                wait_for_decision(page)
                for suffix, size in SIZES.items():
                    page.set_viewport_size(size)
                    page.wait_for_timeout(100)
                    page.screenshot(path=str(args.out / f"{game}{suffix}.png"))
                    print(args.out / f"{game}{suffix}.png")
                page.context.close()
            browser.close()
    finally:
        server.should_exit = True
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
