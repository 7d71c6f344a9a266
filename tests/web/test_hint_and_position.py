"""Advice at the table (a seat's hint) and tables started from a position, over the API and in storage."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette asks for httpx2; httpx is what the dev extra has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules import ConfigError, Record, SerializationError, advise, game, games
from cardrules.web import Limits
from cardrules.web import _tables as tables_module
from cardrules.web._messages import message_schema, openapi
from cardrules.web._storage import SCHEMA_VERSION, Match, Storage
from cardrules.web._tables import Hub

from .test_api import SMALL, UNHURRIED, bearer, client, hub_table

GAMES = sorted(games())


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with client(tmp_path / "tables.sqlite3", limits=Limits(**{**_unhurried(), "advice_seconds": 0.3})) as c:
        yield c


def _unhurried() -> dict[str, Any]:
    return {
        "rate": UNHURRIED.rate,
        "burst": UNHURRIED.burst,
        "address_rate": 100_000.0,
        "address_burst": 100_000,
    }


def humans(api: TestClient, game_name: str, **extra: Any) -> tuple[str, list[str], Any]:
    """A table of ``game_name`` (its small options) with a human in every seat: its id, tokens and table."""
    players = SMALL[game_name].get("players") or 4
    body = {"game": game_name, "options": SMALL[game_name], "seats": ["human"] * players, **extra}
    answer = api.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["table"], [s["token"] for s in created["seats"]], hub_table(api, created["table"])


class SpyAdvise:
    """``cardrules.advise`` as the server calls it, recording each call's view, budget, thread and end."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, view: Any, **kwargs: Any) -> Any:
        call = {"view": view, "thread": threading.current_thread().name, **kwargs}
        self.calls.append(call)
        try:
            return advise(view, **kwargs)
        finally:
            call["ended"] = time.monotonic()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> SpyAdvise:
    found = SpyAdvise()
    monkeypatch.setattr(tables_module, "advise", found)
    return found


class TestAdvice:
    """A seat's hint: cardrules.advise on its own view, in the bots' lane, within the server's budget."""

    @pytest.mark.parametrize("game_name", GAMES)
    def test_the_seat_to_decide_gets_its_moves_ranked(
        self, api: TestClient, spy: SpyAdvise, game_name: str
    ) -> None:
        table_id, tokens, table = humans(api, game_name)
        seat = table.state.current_player
        answer = api.post(f"/api/tables/{table_id}/advice", json={"version": 0}, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        advice = answer.json()
        jsonschema.Draft202012Validator(message_schema(game_name, "advice")).validate(advice)
        document = {**openapi(), "$ref": "#/components/schemas/AdviceMessage"}
        jsonschema.Draft202012Validator(document).validate(advice)
        legal = table.state.legal_moves()
        assert advice["seat"] == seat and advice["version"] == 0 and advice["seconds"] == 0.3
        assert advice["advice"], "at least the best move"
        for entry in advice["advice"]:
            move = legal[entry["index"]]
            assert entry["text"] == str(move) and entry["move"] == move.to_dict()["data"]
            assert entry["reason"]
        values = [entry["value"] for entry in advice["advice"]]
        assert values == sorted(values, reverse=True), "best first"
        (call,) = spy.calls
        assert call["view"] == table.state.view(seat), "the seat's own view, nothing more of the state"
        assert type(call["view"]) is game(game_name).view_type
        assert call["time_limit"] == 0.3, "the server's budget"
        assert call["thread"].startswith("cardrules-search"), "in the bots' lane"
        again = api.post(f"/api/tables/{table_id}/advice", json={}, headers=bearer(tokens[seat]))
        assert again.json() == advice and len(spy.calls) == 1, "kept for the position: no second search"

    def test_the_search_keeps_to_the_budget(self, tmp_path: Path) -> None:
        limits = Limits(**{**_unhurried(), "advice_seconds": 0.25})
        with client(tmp_path / "t.sqlite3", limits=limits) as api:
            table_id, tokens, table = humans(api, "magyar_nepmesek")
            seat = table.state.current_player
            began = time.process_time()
            answer = api.post(f"/api/tables/{table_id}/advice", json={}, headers=bearer(tokens[seat]))
            spent = time.process_time() - began
        assert answer.status_code == 200
        assert spent < 0.25 + 1.5, f"the search took {spent:.2f} CPU seconds against a budget of 0.25"

    def test_one_search_a_table_however_many_ask(self, spy: SpyAdvise) -> None:
        async def scenario() -> list[dict[str, Any]]:
            hub = Hub(None, Limits(advice_seconds=0.2))
            table, tokens = hub.create({"game": "malilla", "options": {"target": 1}, "seats": ["human"] * 4})
            mover = table.state.current_player
            assert mover is not None
            seat = table.seat_of(tokens[mover])
            answers = await asyncio.gather(*(hub.advise(table, seat) for _ in range(5)))
            await hub.close()
            return answers

        answers = asyncio.run(scenario())
        assert len(spy.calls) == 1 and all(answer == answers[0] for answer in answers)

    def test_hints_and_search_bots_take_turns_in_one_lane(self, spy: SpyAdvise) -> None:
        """Three tables asking for hints again and again hold up a search bot by one search each, no more.

        The budget is CPU time: on a loaded machine a search takes longer on the clock, so the bot's wait
        is measured from the end of the last hint searched before it.
        """
        first = game("malilla", target=1).new_state(7).current_player
        assert first is not None
        bot_seats = ["ismcts-5000" if seat == first else "human" for seat in range(4)]

        async def scenario() -> float:
            hub = Hub(None, Limits(advice_seconds=0.3, bot_seconds=0.3), seeds=lambda: 7)
            humans_only = {"game": "malilla", "options": {"target": 1}, "seats": ["human"] * 4}
            asking = [hub.create(humans_only) for _ in range(3)]
            requests = [
                hub.advise(table, table.seat_of(tokens[first])) for table, tokens in asking for _ in range(4)
            ]
            pending = asyncio.gather(*requests)
            await asyncio.sleep(0)  # the hints are in the lane first
            searching, _ = hub.create({**humans_only, "seats": bot_seats})
            while not searching.moves:
                await asyncio.sleep(0.01)
            moved = time.monotonic()
            await pending
            await hub.close()
            return moved

        moved = asyncio.run(scenario())
        assert len(spy.calls) == 3, "one search a table, however often it asks"
        last = max(call["ended"] for call in spy.calls)
        assert moved - last < 0.3 + 1.5, (
            "the bot decided once the three hints were searched, within its budget"
        )

    def test_refused_with_the_reason(self, api: TestClient, spy: SpyAdvise) -> None:
        table_id, tokens, table = humans(api, "malilla")
        seat = table.state.current_player
        other = (seat + 1) % 4
        url = f"/api/tables/{table_id}/advice"
        spectator = api.post(url, json={})
        assert spectator.status_code == 403 and "token" in spectator.json()["error"]
        waiting = api.post(url, json={}, headers=bearer(tokens[other]))
        assert waiting.status_code == 409
        assert (
            waiting.json()["error"]
            == f"there is no decision of seat {other} to advise on; it is seat {seat}'s"
        )
        stale = api.post(url, json={"version": 3}, headers=bearer(tokens[seat]))
        assert stale.status_code == 409 and "moved on" in stale.json()["error"]
        bodies: list[Any] = [[], {"version": 0, "seconds": 100}]
        for body in bodies:
            assert api.post(url, json=body, headers=bearer(tokens[seat])).status_code == 400
        assert spy.calls == [], "no search for a refused request"
        rng = random.Random(3)
        while not table.state.is_terminal:
            mover = table.state.current_player
            move = {"move": rng.randrange(len(table.state.legal_moves())), "version": len(table.moves)}
            assert api.post(
                f"/api/tables/{table_id}/moves", json=move, headers=bearer(tokens[mover])
            ).is_success
        over = api.post(url, json={}, headers=bearer(tokens[0]))
        assert over.status_code == 409 and "the match is over" in over.json()["error"]

    def test_advice_of_an_old_position_is_not_given_for_a_new_one(
        self, api: TestClient, spy: SpyAdvise
    ) -> None:
        table_id, tokens, table = humans(api, "malilla")
        url = f"/api/tables/{table_id}/advice"
        seat = table.state.current_player
        first = api.post(url, json={}, headers=bearer(tokens[seat])).json()
        move = {"move": first["advice"][0]["index"], "version": 0}
        assert api.post(f"/api/tables/{table_id}/moves", json=move, headers=bearer(tokens[seat])).is_success
        assert table.moves[0] == table.match.states().__next__().legal_moves()[first["advice"][0]["index"]]
        second = api.post(url, json={}, headers=bearer(tokens[table.state.current_player])).json()
        assert second["version"] == 1 and len(spy.calls) == 2
        assert spy.calls[1]["view"] == table.state.view(table.state.current_player)


def _position(game_name: str, moves: int, seed: int = 5) -> str:
    """The notation of ``game_name``'s position (its small options) after ``moves`` random moves."""
    played = games()[game_name](**SMALL[game_name])
    state = played.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_moves()))
    text: str = state.to_notation()
    return text


class TestStartFromAPosition:
    """A table from a position in the game's notation: checked, kept secret, stored, and replayed on load."""

    @pytest.mark.parametrize("game_name", GAMES)
    def test_the_table_starts_there_and_ends_showing_it(self, api: TestClient, game_name: str) -> None:
        text = _position(game_name, 6)
        table_id, tokens, table = humans(api, game_name, position=text)
        played = table.game
        assert table.state == played.from_notation(text) and table.moves == []
        seat = table.state.current_player
        message = api.get(f"/api/tables/{table_id}", headers=bearer(tokens[seat])).json()
        assert message["view"] == table.state.view(seat).to_dict()
        assert text not in json.dumps(message) and "start" not in message, (
            "the position is the match's secret"
        )
        assert message["log"][0] == "the match starts from a position set up in the lobby"
        rng = random.Random(7)
        while not table.state.is_terminal:
            mover = table.state.current_player
            move = {"move": rng.randrange(len(table.state.legal_moves())), "version": len(table.moves)}
            assert api.post(
                f"/api/tables/{table_id}/moves", json=move, headers=bearer(tokens[mover])
            ).is_success
        last = api.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()
        jsonschema.Draft202012Validator(message_schema(game_name)).validate(last)
        assert "record" not in last, "no seed replays this match"
        assert last["start"]["position"] == text
        assert last["start"]["moves"] == [move.to_notation() for move in table.moves]

    @pytest.mark.parametrize(
        "position",
        ["malilla:1 rng=5 hands=[[", "mala_suerte:1", "malilla:9", "", "malilla:1 dealer=7"],
    )
    def test_a_bad_notation_gets_the_engines_reason_and_no_table(
        self, api: TestClient, position: str
    ) -> None:
        answer = api.post("/api/tables", json={"game": "malilla", "position": position})
        assert answer.status_code == 400
        with pytest.raises(SerializationError) as caught:
            game("malilla").from_notation(position)
        assert answer.json()["error"] == str(caught.value)
        assert api.app.state.hub.tables == {}  # type: ignore[attr-defined]

    def test_bounded_input(self, api: TestClient) -> None:
        limit = Limits().max_position
        long = api.post("/api/tables", json={"game": "malilla", "position": "x" * (limit + 1)})
        assert long.status_code == 413 and f"at most {limit}" in long.json()["error"]
        not_text = api.post("/api/tables", json={"game": "malilla", "position": ["malilla:1"]})
        assert not_text.status_code == 400 and "position must be" in not_text.json()["error"]
        state = game("malilla", target=1).new_state(2)
        rng = random.Random(2)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        over = api.post(
            "/api/tables", json={"game": "malilla", "options": {"target": 1}, "position": state.to_notation()}
        )
        assert over.status_code == 400 and "finished match" in over.json()["error"]
        assert api.app.state.hub.tables == {}  # type: ignore[attr-defined]

    def test_a_restart_replays_it_from_the_stored_position(self, tmp_path: Path) -> None:
        db = tmp_path / "tables.sqlite3"
        text = _position("mala_suerte", 4)
        with client(db) as first:
            table_id, tokens, table = humans(first, "mala_suerte", position=text)
            for _ in range(3):
                mover = table.state.current_player
                body = {"move": 0, "version": len(table.moves)}
                assert first.post(
                    f"/api/tables/{table_id}/moves", json=body, headers=bearer(tokens[mover])
                ).is_success
            before = table.state
        with client(db) as second:
            again = hub_table(second, table_id)
            assert again.state == before and again.position == text and len(again.moves) == 3


#: A Mala e Cuia position as the notation wrote it before it named items (face numbers): the deal of
#: seed 3 after ten packing decisions, the first move each time.
OLD_MALA_E_CUIA = (
    "mala_e_cuia:1 rng=1270680123050334757 table=[19,98,10,46,119,102,73,42,36,49,63,54] "
    "tiles=[{general:[10,19,98],bonus:46},{general:[10,19,98],bonus:46},{general:[19,98],bonus:-},"
    "{general:[],bonus:-}] scores=[0,0,0,0] progress={round:1,situation:21,discarded_situations:[],"
    "discarded_items:[],flipped:false,rounds:[]} outcome=-"
)


def test_a_position_stored_before_the_notation_named_items_still_loads(tmp_path: Path) -> None:
    """Mala e Cuia's notation names items (``Blister_plasters``) where it wrote face numbers: a table
    stored with the old line loads and replays as it did."""
    played = game("mala_e_cuia")
    state = played.new_state(3)
    for _ in range(10):
        state = state.apply(state.legal_moves()[0])
    assert "Blister_plasters" in state.to_notation() and state.to_notation() != OLD_MALA_E_CUIA
    path = tmp_path / "tables.sqlite3"
    storage = Storage(path)
    storage.save(
        "old-position-00000000",
        Match(game=played, seed=1, position=OLD_MALA_E_CUIA),
        [{"bot": "random"}] * 4,
        1.0,
    )
    storage.close()
    reopened = Storage(path)
    ((table_id, match, _, _),) = list(reopened.load())
    reopened.close()
    assert table_id == "old-position-00000000" and match.position == OLD_MALA_E_CUIA
    assert match.start() == state == played.from_notation(state.to_notation())


def _old_file(path: Path, record: Record) -> None:
    """A database as cardrules wrote it before tables could start from a position (schema 0)."""
    raw = sqlite3.connect(path, isolation_level=None)
    raw.executescript(
        """
        CREATE TABLE tables (id TEXT PRIMARY KEY, record TEXT NOT NULL, seats TEXT NOT NULL, touched REAL NOT NULL);
        CREATE TABLE moves (table_id TEXT NOT NULL, number INTEGER NOT NULL, move TEXT NOT NULL,
                            PRIMARY KEY (table_id, number)) WITHOUT ROWID;
        """
    )
    head = {**record.to_dict(), "moves": []}
    raw.execute(
        "INSERT INTO tables VALUES (?, ?, ?, ?)",
        ("old-table-00000000000", json.dumps(head), json.dumps([{"bot": "random"}] * 4), 1.0),
    )
    for number, move in enumerate(record.moves):
        raw.execute(
            "INSERT INTO moves VALUES (?, ?, ?)",
            ("old-table-00000000000", number, json.dumps(move.to_dict()["data"])),
        )
    raw.close()


class TestSchemaMigration:
    """A file of the earlier schema is migrated in place; a later one is refused; stored positions are checked."""

    def test_an_old_file_gains_the_position_column_and_keeps_its_tables(self, tmp_path: Path) -> None:
        path = tmp_path / "tables.sqlite3"
        played = game("malilla")
        state = played.new_state(9)
        moves = []
        for _ in range(5):
            moves.append(state.legal_moves()[0])
            state = state.apply(moves[-1])
        _old_file(path, Record(game=played, seed=9, moves=tuple(moves)))
        storage = Storage(path)
        ((table_id, match, seats, _),) = list(storage.load())
        assert (
            table_id == "old-table-00000000000"
            and match.position is None
            and list(match.states())[-1] == state
        )
        text = _position("malilla", 3)
        storage.save(
            "new-table-00000000000", Match(game=game("malilla", target=1), seed=1, position=text), seats, 2.0
        )
        storage.close()
        raw = sqlite3.connect(path)
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        columns = [row[1] for row in raw.execute("PRAGMA table_info(tables)")]
        raw.close()
        assert columns == ["id", "record", "seats", "touched", "position"]
        reopened = Storage(path)
        loaded = {row[0]: row[1] for row in reopened.load()}
        reopened.close()
        assert loaded["new-table-00000000000"].position == text
        assert loaded["new-table-00000000000"].start() == game("malilla", target=1).from_notation(text)

    def test_a_file_of_a_later_schema_is_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "tables.sqlite3"
        Storage(path).close()
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("PRAGMA user_version = 99")
        raw.close()
        with pytest.raises(ConfigError, match="schema is version 99"):
            Storage(path)

    def test_stored_positions_that_do_not_read_are_skipped_each_named(
        self, tmp_path: Path, caplog: pytest.LogCaptureFixture
    ) -> None:
        path = tmp_path / "tables.sqlite3"
        storage = Storage(path)
        seats = [{"bot": "random"}] * 4
        good = _position("malilla", 2)
        small = game("malilla", **SMALL["malilla"])
        storage.save("good-position-0000000", Match(game=small, seed=1, position=good), seats, 1.0)
        head = json.dumps(Record(game=small, seed=1, moves=()).to_dict())
        rows = [
            ("position-garbage-00000", "malilla:1 rng=[["),
            ("position-a-blob-000000", b"malilla:1"),
            ("position-other-game-00", _position("mala_suerte", 2)),
        ]
        with storage._lock:
            for table_id, position in rows:
                storage._db.execute(
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?)",
                    (table_id, head, json.dumps(seats), 1.0, position),
                )
        with caplog.at_level(logging.WARNING, logger="cardrules.web"):
            loaded = {row[0] for row in storage.load()}
        storage.close()
        assert loaded == {"good-position-0000000"}
        for table_id, _ in rows:
            assert f"table {table_id}" in caplog.text or repr(table_id) in caplog.text, table_id
        assert "position is b'malilla:1', not a notation" in caplog.text
        assert "position does not read" in caplog.text
