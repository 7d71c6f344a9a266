"""Latency of the web table under load: a real server on loopback, many tables at once.

    python benchmarks/web_load.py [--tables 5,20] [--seconds 30] [--every 2] [--profile FILE]

For each number of tables, a fresh ``cardrules serve``-like server (uvicorn, the app, an SQLite
file) runs in its own process; each table has one scripted human (a WebSocket for its pushes,
a POST for its moves, the first legal move) and two heuristic bots, Mala Suerte for three.  Each
human moves every ``--every`` seconds once it is its decision; the latency is the time from
sending its move to receiving the push in which it is its decision again (or the match is
over), bot replies included.  A finished match is replaced by a new table.  Printed per number
of tables: human moves, p50 and p99 latency, and the server's CPU time per human move (user and
system time of its process, read from /proc, over the measured seconds).  ``--profile FILE``
runs the last server under cProfile (CPU time) and writes its statistics to FILE.  Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

GAME = {"game": "mala_suerte", "options": {"players": 3}, "seats": ["human", "heuristic", "heuristic"]}


def serve(db: str, port: int) -> None:
    """The server of one run (``--serve DB PORT``): the app, limits no benchmark client reaches."""
    import uvicorn

    from cardrules.web import Limits, create_app, uvicorn_config

    limits = Limits(
        rate=1e6, burst=10**6, address_rate=1e6, address_burst=10**6, max_connections=4000, max_tables=10**5
    )
    app = create_app(db, limits=limits)
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, limits=limits))
    profile = os.environ.get("WEB_LOAD_PROFILE")
    profiler = cProfile.Profile(time.process_time) if profile else None  # CPU time, not the machine's load
    if profiler is not None:
        profiler.enable()
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if profiler is not None and profile:
        profiler.disable()
        profiler.dump_stats(profile)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def human(
    url: str, client: httpx.AsyncClient, every: float, until: float, latencies: list[float]
) -> None:
    """One seat: a table, then a move whenever it is its decision, at most one every ``every`` seconds."""
    while time.monotonic() < until:
        created = (await client.post(f"{url}/api/tables", json=GAME)).json()
        table, token = created["table"], created["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        ws_url = url.replace("http", "ws") + f"/api/tables/{table}/live"
        async with websockets.connect(ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            message = json.loads(await ws.recv())
            next_move = time.monotonic()
            while time.monotonic() < until and message["outcome"] is None:
                if message["turn"] != 0:
                    message = json.loads(await ws.recv())
                    continue
                await asyncio.sleep(max(0.0, next_move - time.monotonic()))
                next_move = time.monotonic() + every
                start = time.monotonic()
                answer = await client.post(
                    f"{url}/api/tables/{table}/moves",
                    json={"move": 0, "version": message["version"]},
                    headers=headers,
                )
                moved = answer.json()
                version = moved.get("version", message["version"] + 1)
                message = moved if answer.status_code == 200 else message
                while message["version"] < version or (message["turn"] != 0 and message["outcome"] is None):
                    message = json.loads(await ws.recv())
                if time.monotonic() < until:
                    latencies.append(time.monotonic() - start)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def run(tables: int, seconds: float, every: float, profile: str | None) -> dict[str, Any]:
    """One server, ``tables`` humans for ``seconds``; the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {**os.environ, **({"WEB_LOAD_PROFILE": profile} if profile else {})}
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(Path(tmp) / "t.sqlite3"), str(port)], env=env
        )
        url = f"http://127.0.0.1:{port}"
        try:
            async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=tables)) as client:
                for _ in range(200):
                    with contextlib.suppress(httpx.TransportError):
                        if (await client.get(f"{url}/api/games")).status_code == 200:
                            break
                    await asyncio.sleep(0.1)
                latencies: list[float] = []
                warm = time.monotonic() + min(5.0, seconds / 4)
                until = warm + seconds
                humans = [
                    asyncio.create_task(human(url, client, every, until + 1, latencies))
                    for _ in range(tables)
                ]
                await asyncio.sleep(max(0.0, warm - time.monotonic()))
                latencies.clear()
                cpu = cpu_seconds(server.pid)
                await asyncio.sleep(max(0.0, until - time.monotonic()))
                cpu = cpu_seconds(server.pid) - cpu
                moves = len(latencies)
                ordered = sorted(latencies)
                await asyncio.gather(*humans, return_exceptions=True)
        finally:
            server.send_signal(2)  # SIGINT: uvicorn stops cleanly, cProfile writes its file
            server.wait(timeout=60)
    return {
        "tables": tables,
        "moves": moves,
        "p50": statistics.median(ordered) if ordered else float("nan"),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan"),
        "cpu_per_move_ms": 1000 * cpu / moves if moves else float("nan"),
    }


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--serve":
        serve(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="5,20", help="numbers of tables, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per number of tables")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between a human's moves")
    parser.add_argument("--profile", help="run the last server under cProfile, statistics to this file")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    print(f"{'tables':>6} {'moves':>6} {'p50 s':>7} {'p99 s':>7} {'server CPU ms/move':>19}")
    for i, tables in enumerate(counts):
        profile = args.profile if args.profile and i == len(counts) - 1 else None
        row = asyncio.run(run(tables, args.seconds, args.every, profile))
        print(
            f"{row['tables']:>6} {row['moves']:>6} {row['p50']:>7.3f} {row['p99']:>7.3f} "
            f"{row['cpu_per_move_ms']:>19.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
