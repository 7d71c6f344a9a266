"""Faults and attacks against a real server: a full disk, bad rows, a file that is no database, files
others may read, slow headers, and bots asked to search without end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from cardrules.web import Limits, default_db
from cardrules.web._storage import Match, Storage
from cardrules.web._tables import Hub

from .conftest import LiveServer

GENEROUS = Limits(rate=1_000.0, burst=1_000, address_rate=1_000.0, address_burst=1_000)


def create(server: LiveServer, game: str, seats: list[str], **options: Any) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats, "options": options})


@contextlib.contextmanager
def hello(server: LiveServer, table: str, token: str | None) -> Iterator[ClientConnection]:
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/live") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws


def fill(storage: Storage) -> None:
    """Make the real SQLite file full: no page beyond those it has, and every page filled to the brim.

    ``max_page_count`` is SQLite's own cap on the file's size: past it a write fails with
    SQLITE_FULL ("database or disk is full"), as on a full disk.
    """
    db = storage._db
    with storage._lock:
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        number = 0
        for insert in (
            "INSERT INTO moves VALUES ('zz-filler', :number, :text)",
            "INSERT INTO tables VALUES ('zz-filler-' || :number, :text, '[]', 0, NULL)",
        ):
            for size in (4096 >> shift for shift in range(13)):
                while True:
                    number += 1
                    try:
                        db.execute(insert, {"number": number, "text": "x" * size})
                    except sqlite3.OperationalError as exc:
                        assert "full" in str(exc)
                        break


class TestFullDisk:
    """A move that cannot be saved is answered 503 and changes nothing: version, watchers, memory, file."""

    def test_a_failed_write_refuses_the_move(self, live: LiveServer) -> None:
        created = create(live, "malilla", ["human"] * 4)
        assert created.status_code == 201
        table_id = created.json()["table"]
        tokens = [seat["token"] for seat in created.json()["seats"]]
        hub = live.app.state.hub
        table = hub.tables[table_id]
        turn = table.state.current_player
        watcher = (turn + 1) % 4
        with hello(live, table_id, tokens[watcher]) as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == 0
            fill(hub.storage)
            state, log, moves = table.state, list(table.log), list(table.moves)
            answer = httpx.post(
                f"{live.url}/api/tables/{table_id}/moves",
                json={"move": 0, "version": 0},
                headers={"Authorization": f"Bearer {tokens[turn]}"},
            )
            assert answer.status_code == 503, answer.text
            assert "full" in answer.json()["error"] and "nothing changed" in answer.json()["error"]
            assert table.state is state and table.log == log and table.moves == moves
            seen = httpx.get(
                f"{live.url}/api/tables/{table_id}", headers={"Authorization": f"Bearer {tokens[turn]}"}
            )
            assert seen.json()["version"] == 0 and seen.json()["turn"] == turn
            with pytest.raises(TimeoutError):
                ws.recv(timeout=0.5)  # the watcher is told nothing: nothing happened
        live.restart()  # a fresh connection: the file is no longer capped
        again = live.app.state.hub.tables[table_id]
        assert again.state == state and len(again.moves) == 0
        answer = httpx.post(
            f"{live.url}/api/tables/{table_id}/moves",
            json={"move": 0, "version": 0},
            headers={"Authorization": f"Bearer {tokens[turn]}"},
        )
        assert answer.status_code == 200 and answer.json()["version"] == 1

    def test_a_table_that_cannot_be_saved_is_not_made(self, live: LiveServer) -> None:
        hub = live.app.state.hub
        fill(hub.storage)
        answer = create(live, "malilla", ["human"] * 4)
        assert answer.status_code == 503 and "full" in answer.json()["error"]
        assert hub.tables == {}

    def test_bots_stopped_by_a_full_disk_go_on_when_it_has_room(
        self, tmp_path: Path, caplog: pytest.LogCaptureFixture
    ) -> None:
        """A bot's move that cannot be saved is not made; the table's next visit sets its bots going again."""
        storage = Storage(tmp_path / "tables.sqlite3")
        hub = Hub(storage, GENEROUS)

        async def scenario() -> None:
            table, _ = hub.create({"game": "malilla", "options": {"target": 1}, "seats": ["random"] * 4})
            fill(storage)  # before the bots' task first runs
            await asyncio.sleep(0.2)
            assert table.moves == [] and not table.state.is_terminal, "no move was made unsaved"
            assert "a bot's move is not saved" in caplog.text and "full" in caplog.text
            with storage._lock:
                storage._db.execute("PRAGMA max_page_count = 1073741823")
            hub.get(table.id)
            for _ in range(200):
                await asyncio.sleep(0.05)
                if table.state.is_terminal:
                    break
            assert table.state.is_terminal
            await hub.close()

        with caplog.at_level(logging.WARNING, logger="cardrules.web"):
            asyncio.run(scenario())
        storage.close()
        reopened = Storage(tmp_path / "tables.sqlite3")
        ((_, match, _, _),) = list(reopened.load())
        assert list(match.states())[-1].is_terminal, (
            "every move made was saved: the stored match replays to its end"
        )
        reopened.close()


class TestFile:
    """The database is its owner's alone; every row is checked; a file that is not one is refused in a line."""

    def test_the_file_and_its_side_files_are_owner_only(self, tmp_path: Path) -> None:
        old = os.umask(0o022)
        try:
            storage = Storage(tmp_path / "tables.sqlite3")
            storage._write([("INSERT INTO moves VALUES ('x', 0, 'y')", ())])
            files = [
                tmp_path / name for name in ("tables.sqlite3", "tables.sqlite3-wal", "tables.sqlite3-shm")
            ]
            assert all(path.exists() for path in files)
            assert [oct(stat.S_IMODE(path.stat().st_mode)) for path in files] == [oct(0o600)] * 3
            storage.close()
        finally:
            os.umask(old)

    def test_a_file_others_may_read_is_warned_about(
        self, tmp_path: Path, caplog: pytest.LogCaptureFixture
    ) -> None:
        path = tmp_path / "tables.sqlite3"
        Storage(path).close()
        path.chmod(0o644)
        with caplog.at_level(logging.WARNING, logger="cardrules.web"):
            Storage(path).close()
        assert f"{path} is readable by others than its owner (mode 0o644)" in caplog.text

    def test_the_default_file_is_in_the_users_data_folder(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("XDG_DATA_HOME", "/somewhere/data")
        if sys.platform.startswith("linux"):
            assert default_db() == Path("/somewhere/data/cardrules/tables.sqlite3")
        assert default_db().is_absolute()

    def test_bad_rows_are_skipped_each_named(self, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
        db = tmp_path / "tables.sqlite3"
        storage = Storage(db)
        from cardrules import Record, game

        good = Record(game=game("malilla"), seed=5, moves=())
        seats = [{"token_hash": "ab" * 32}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
        storage.save("good-table-0000000000", Match(game=good.game, seed=5), seats, 1.0)
        text = json.dumps(good.to_dict())
        move = json.dumps(good.replay().__next__().legal_moves()[0].to_dict()["data"])
        rows: list[tuple[str, object, object, object]] = [
            ("seats-not-objects-0000", text, '["human", 3, 4, 5]', 1.0),
            ("touched-not-a-number-0", text, json.dumps(seats), "yesterday"),
            ("record-garbage-0000000", "{nope", json.dumps(seats), 1.0),
            ("record-not-a-record-00", '{"kind": "record"}', json.dumps(seats), 1.0),
            ("seats-too-few-00000000", text, json.dumps(seats[:2]), 1.0),
            ("bot-import-path-000000", text, json.dumps([*seats[:3], {"bot": "os:system"}]), 1.0),
            ("bot-searches-too-much0", text, json.dumps([*seats[:3], {"bot": "ismcts-99999999"}]), 1.0),
            ("record-as-a-number-000", 5, json.dumps(seats), 1.0),
            ("bad id!", text, json.dumps(seats), 1.0),
            ("moves-do-not-replay-00", text, json.dumps(seats), 1.0),
        ]
        raw = sqlite3.connect(db, isolation_level=None)
        raw.executemany("INSERT INTO tables (id, record, seats, touched) VALUES (?, ?, ?, ?)", rows)
        raw.executemany(
            "INSERT INTO moves VALUES (?, ?, ?)",
            [("moves-do-not-replay-00", 0, move), ("moves-do-not-replay-00", 1, move)],
        )
        raw.close()
        storage.close()
        with caplog.at_level(logging.WARNING, logger="cardrules.web"):
            server = LiveServer(db, limits=GENEROUS)
        try:
            assert set(server.app.state.hub.tables) == {"good-table-0000000000"}
            for table_id, *_ in rows:
                assert repr(table_id) in caplog.text or table_id in caplog.text, table_id
            assert httpx.get(f"{server.url}/api/tables/good-table-0000000000").status_code == 200
        finally:
            server.stop()

    @pytest.mark.parametrize("content", ["garbage", "truncated", "folder"])
    def test_a_file_that_is_not_a_database_is_one_clear_line(self, tmp_path: Path, content: str) -> None:
        path = tmp_path / "tables.sqlite3"
        if content == "garbage":
            path.write_bytes(b"this is not a database, it is a letter to my aunt\n" * 200)
        elif content == "folder":
            path.mkdir()
        else:
            storage = Storage(path)
            from cardrules import game

            for number in range(40):
                match = Match(game=game("malilla"), seed=number)
                storage.save(f"table-{number:016d}", match, [{"bot": "random"}] * 4, 1.0)
            with storage._lock:
                storage._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            storage.close()
            data = path.read_bytes()
            path.write_bytes(data[: len(data) // 2])
        done = subprocess.run(
            [sys.executable, "-m", "cardrules", "serve", "--port", "0", "--db", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"cardrules: error: {path} is not a readable database")


class TestSlowClients:
    """A client that sends its headers too slowly is answered 408 and hung up on."""

    @pytest.fixture
    def quick(self, tmp_path: Path) -> Iterator[LiveServer]:
        server = LiveServer(tmp_path / "tables.sqlite3", limits=attrs.evolve(GENEROUS, header_seconds=1.0))
        yield server
        server.stop()

    @pytest.mark.parametrize("sent", [b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a", b""])
    def test_half_a_header_is_cut_off(self, quick: LiveServer, sent: bytes) -> None:
        start = time.monotonic()
        with socket.create_connection(("127.0.0.1", quick.port), timeout=10) as conn:
            conn.sendall(sent)
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        waited = time.monotonic() - start
        assert 0.9 < waited < 5, waited
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408 ") and b"content-type: application/json" in head
        assert json.loads(body) == {
            "error": "the request's headers did not arrive within 1 seconds",
            "status": 408,
        }
        assert httpx.get(f"{quick.url}/api/games").status_code == 200, "still serving"

    def test_a_kept_alive_connection_gets_the_same_clock(self, quick: LiveServer) -> None:
        with socket.create_connection(("127.0.0.1", quick.port), timeout=10) as conn:
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            first = conn.recv(65536)
            assert first.startswith(b"HTTP/1.1 200 ")
            while b'"bots"' not in first:
                first += conn.recv(65536)
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 ")

    def test_a_slow_but_steady_request_within_the_limit_is_served(self, quick: LiveServer) -> None:
        with socket.create_connection(("127.0.0.1", quick.port), timeout=10) as conn:
            for part in (
                b"GET /api/games HTTP/1.1\r\n",
                b"Host: 127.0.0.1\r\n",
                b"Connection: close\r\n\r\n",
            ):
                conn.sendall(part)
                time.sleep(0.2)
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200 ")


class TestBots:
    """Search bots take turns in a lane of their own, cut at their budget; quick bots are not held up."""

    def test_caps_on_search_seats_and_tables_of_bots_only(self, live: LiveServer) -> None:
        answer = create(live, "malilla", ["ismcts"] * 4)
        assert answer.status_code == 400 and "at most 3 search bots" in answer.json()["error"]
        searching = ["ismcts-5000", "ismcts-5000", "ismcts-5000", "random"]
        for _ in range(live.limits.max_bot_tables):
            assert create(live, "malilla", searching).status_code == 201
        answer = create(live, "malilla", searching)
        assert answer.status_code == 429 and "tables of bots only" in answer.json()["error"]
        assert create(live, "malilla", ["human", "random", "random", "random"]).status_code == 201

    def test_a_legitimate_table_stays_quick_while_hostile_tables_search(self, tmp_path: Path) -> None:
        """20 tables of bots only, each with three ``ismcts-5000``: a table with random bots still moves at once."""
        limits = attrs.evolve(GENEROUS, max_bot_tables=20)
        server = LiveServer(tmp_path / "tables.sqlite3", limits=limits)
        try:
            hostile = [
                create(server, "malilla", ["ismcts-5000", "ismcts-5000", "ismcts-5000", "random"])
                for _ in range(20)
            ]
            assert [answer.status_code for answer in hostile] == [201] * 20
            refused = create(server, "malilla", ["ismcts-5000"] * 3 + ["random"])
            assert refused.status_code == 429 and "tables of bots only" in refused.json()["error"]
            created = create(server, "malilla", ["human", "random", "random", "random"])
            table_id, token = created.json()["table"], created.json()["seats"][0]["token"]
            rounds = []
            with hello(server, table_id, token) as ws:
                message = json.loads(ws.recv(timeout=10))
                while message["turn"] != 0:
                    message = json.loads(ws.recv(timeout=10))
                for _ in range(8):
                    start = time.monotonic()
                    answer = httpx.post(
                        f"{server.url}/api/tables/{table_id}/moves",
                        json={"move": 0, "version": message["version"]},
                        headers={"Authorization": f"Bearer {token}"},
                        timeout=10,
                    )
                    assert answer.status_code == 200, answer.text
                    message = answer.json()
                    moved = message["version"]
                    while message["version"] < moved or (message["turn"] != 0 and message["outcome"] is None):
                        message = json.loads(ws.recv(timeout=10))
                    rounds.append(time.monotonic() - start)
                    if message["outcome"] is not None:
                        break
            hub = server.app.state.hub
            searched = sum(len(t.moves) for t in hub.tables.values() if t.all_bots)
            assert searched > 0, "the hostile tables' bots were searching meanwhile"
            assert max(rounds) < 1.0, rounds
        finally:
            server.stop()

    def test_a_search_is_cut_at_its_budget(self, tmp_path: Path) -> None:
        limits = attrs.evolve(GENEROUS, bot_seconds=0.2)
        server = LiveServer(tmp_path / "tables.sqlite3", limits=limits)
        try:
            created = create(server, "malilla", ["human", "ismcts-5000", "human", "human"])
            table_id = created.json()["table"]
            table = server.app.state.hub.tables[table_id]
            assert table.searching == {1}
            tokens = [seat["token"] for seat in created.json()["seats"]]
            bot = table.bots[1]
            # Until the bot has searched: a card that is its only legal one is played without a search.
            start = time.monotonic()
            while bot.last_iterations == 0 and time.monotonic() - start < 30:
                seat = table.state.current_player
                if seat is not None and seat != 1:
                    httpx.post(
                        f"{server.url}/api/tables/{table_id}/moves",
                        json={"move": 0},
                        headers={"Authorization": f"Bearer {tokens[seat]}"},
                    )
                time.sleep(0.02)
            assert bot.time_limit == 0.2 and 0 < bot.last_iterations < 5000
        finally:
            server.stop()
