"""The web table's JSON API, in process: tables of every game, seat tokens, views, storage, limits."""

from __future__ import annotations

import json
import random
import sqlite3
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette asks for httpx2; httpx is what the dev extra has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardrules import schema
from cardrules.web import Limits, create_app

BASE = "http://127.0.0.1"
SMALL: dict[str, dict[str, Any]] = {
    "malilla": {"target": 1},
    "mala_suerte": {"players": 2},
    "magyar_nepmesek": {"players": 2},
    "mala_e_cuia": {"players": 3},
    "maldicion": {"players": 2, "mode": "pvp", "start_hp": 20},
}


#: The tests make requests faster than a person: a rate no test reaches unless it means to.
UNHURRIED = Limits(rate=100_000.0, burst=100_000, address_rate=100_000.0, address_burst=100_000)


def client(db: Path | None = None, **kwargs: Any) -> TestClient:
    kwargs.setdefault("limits", UNHURRIED)
    return TestClient(create_app(db, **kwargs), base_url=BASE)


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with client(tmp_path / "tables.sqlite3") as test_client:
        yield test_client


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def new_table(api: TestClient, game: str, seats: list[str] | None = None, **options: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "options": options}
    if seats is not None:
        body["seats"] = seats
    answer = api.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    links: dict[str, Any] = answer.json()
    return links


def hub_table(api: TestClient, table_id: str) -> Any:
    return api.app.state.hub.tables[table_id]  # type: ignore[attr-defined]


def wait_for(
    api: TestClient, table_id: str, token: str | None, test: Any, seconds: float = 30
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = api.get(f"/api/tables/{table_id}", headers=bearer(token)).json()
        if test(message):
            return message
        assert time.monotonic() < deadline, "the bots did not get to the expected point in time"
        time.sleep(0.02)


class TestTables:
    """A table of any game with any seats: links carry secret tokens, the server keeps the seed."""

    @pytest.mark.parametrize("game", sorted(SMALL))
    def test_a_table_of_each_game_with_bots_reaches_the_human(self, api: TestClient, game: str) -> None:
        links = new_table(api, game, **SMALL[game])
        token = links["seats"][0]["token"]
        assert links["seats"][0]["link"] == f"/table/{links['table']}#seat={token}"
        assert all(seat["token"] is None for seat in links["seats"][1:]), "bot seats have no link"
        message = wait_for(api, links["table"], token, lambda m: m["moves"] or m["outcome"])
        assert message["seat"] == 0 and message["view"]["data"]["seat"] == 0
        assert "seed" not in json.dumps(message) and "record" not in message
        jsonschema.validate(message["view"], schema(game, "view"))
        for choice in message["moves"]:
            jsonschema.validate(
                {"game": game, "kind": "move", "format": 1, "data": choice["move"]}, schema(game, "move")
            )

    def test_tokens_are_long_random_and_never_stored(self, api: TestClient, tmp_path: Path) -> None:
        links = new_table(api, "malilla", ["human", "human", "human", "human"])
        tokens = [seat["token"] for seat in links["seats"]]
        assert len(set(tokens)) == 4 and all(len(t) >= 32 for t in tokens)
        assert len(links["table"]) >= 22
        stored = (
            sqlite3.connect(tmp_path / "tables.sqlite3").execute("SELECT seats FROM tables").fetchone()[0]
        )
        assert not any(token in stored for token in tokens)

    def test_the_seed_is_drawn_by_the_server_and_sent_only_at_the_end(self, api: TestClient) -> None:
        links = new_table(api, "malilla", ["random"] * 4, target=1)
        seed = hub_table(api, links["table"]).seed
        over = wait_for(api, links["table"], None, lambda m: m["outcome"] is not None)
        assert over["record"]["seed"] == seed
        seeds = {hub_table(api, new_table(api, "malilla")["table"]).seed for _ in range(3)}
        assert len(seeds) == 3

    @pytest.mark.parametrize(
        ("body", "words"),
        [
            ({"game": "chess"}, "game must be one of"),
            ({"game": "malilla", "options": {"target": 0}}, "target"),
            ({"game": "malilla", "options": {"colour": 1}}, "no option 'colour'"),
            ({"game": "malilla", "options": []}, "options must be an object"),
            ({"game": "malilla", "seats": ["human"]}, "seats must be a list of 4"),
            ({"game": "malilla", "seats": ["human", "robot", "human", "human"]}, "unknown bot 'robot'"),
            ({"game": "malilla", "seats": ["human", "ismcts-99999999", "human", "human"]}, "more than"),
            ({"game": "malilla", "seats": ["human", "ismctsgh-99999999", "human", "human"]}, "more than"),
            (
                {"game": "maldicion", "seats": ["human", "ismctsg-99999999-t10", "human", "human"]},
                "more than",
            ),
            (
                {"game": "malilla", "seats": ["human", "ismctsg-100-t10", "human", "human"]},
                "does not value positions",
            ),
            ({"game": "malilla", "seats": ["human", "os:system", "human", "human"]}, "a bot name"),
            # More digits than Python converts, and digits int() refuses: names, not crashes.
            ({"game": "malilla", "seats": ["human", "ismcts-" + "9" * 5000, "human", "human"]}, "a bot name"),
            ({"game": "malilla", "seats": ["human", "ismcts-\u00b2", "human", "human"]}, "a bot name"),
            ({"game": "magyar_nepmesek", "options": {"deck": "/etc/passwd"}}, "expected an object"),
            ({"game": "malilla", "seed": 777}, "unknown field seed"),
            ([1, 2], "must be a JSON object"),
        ],
    )
    def test_bad_tables_are_refused_and_none_is_made(self, api: TestClient, body: Any, words: str) -> None:
        answer = api.post("/api/tables", json=body)
        assert answer.status_code == 400 and words in answer.json()["error"]
        assert api.app.state.hub.tables == {}  # type: ignore[attr-defined]


class TestMoves:
    """Only a seat's token moves that seat, only on its turn, only legally; a refusal changes nothing."""

    def test_refusals(self, api: TestClient) -> None:
        links = new_table(api, "malilla", ["human"] * 4)
        table_id = links["table"]
        tokens = [seat["token"] for seat in links["seats"]]
        url = f"/api/tables/{table_id}/moves"
        turn = hub_table(api, table_id).state.current_player
        mine, other = tokens[turn], tokens[(turn + 1) % 4]
        before = hub_table(api, table_id).state
        theirs = before.legal_moves()[0].to_dict()
        foreign = {**theirs, "data": {**theirs["data"], "seat": (turn + 1) % 4}}
        for headers, body, status, words in [
            ({}, {"move": 0}, 403, "needs the seat's token"),
            (bearer("not-a-token"), {"move": 0}, 403, "opens no seat"),
            ({"Authorization": "Basic abc"}, {"move": 0}, 401, "Bearer"),
            (bearer(other), {"move": 0}, 409, f"it is not seat {(turn + 1) % 4}'s decision"),
            (bearer(mine), {"move": 99}, 409, "index of the legal moves"),
            (bearer(mine), {"move": -1}, 409, "index of the legal moves"),
            (bearer(mine), {"move": True}, 400, "an index of the legal moves or a move's JSON"),
            (bearer(mine), {"move": foreign}, 403, f"this move is seat {(turn + 1) % 4}'s"),
            (bearer(mine), {"move": {"game": "malilla"}}, 400, "expected the keys"),
            (bearer(mine), {"move": 0, "version": 5}, 409, "moved on"),
            (bearer(mine), {"move": 0, "extra": 1}, 400, "expected"),
            (bearer(mine), {}, 400, "expected"),
        ]:
            answer = api.post(url, json=body, headers=headers)
            assert answer.status_code == status and words in answer.json()["error"], (body, answer.text)
        assert hub_table(api, table_id).state is before, "no refusal changed the table"
        illegal = [m for m in before.view(turn).hand if all(m != x.card for x in before.legal_moves())]
        if illegal:
            move = {
                "game": "malilla",
                "kind": "move",
                "format": 1,
                "data": {"seat": turn, "card": illegal[0].to_json()},
            }
            answer = api.post(url, json={"move": move}, headers=bearer(mine))
            assert answer.status_code == 409 and "cannot play" in answer.json()["error"]
        answer = api.post(url, json={"move": theirs, "version": 0}, headers=bearer(mine))
        assert answer.status_code == 200 and answer.json()["version"] == 1

    @pytest.mark.parametrize("game", sorted(SMALL))
    def test_every_message_is_exactly_the_seats_view(self, game: str) -> None:
        """All seats human, random clicks to the end: each seat gets its own view and nothing else.

        The server's seed is fixed, so every run plays the same match: random play can run long
        (one La Maldición deal in a hundred takes over 3,000 moves), and a test must not depend on luck.
        """
        with client(seeds=lambda: 20261207) as api:
            self.play_to_the_end(api, game)

    def play_to_the_end(self, api: TestClient, game: str) -> None:
        links = new_table(api, game, ["human"] * (SMALL[game].get("players") or 4), **SMALL[game])
        table_id, tokens = links["table"], [s["token"] for s in links["seats"]]
        table = hub_table(api, table_id)
        rng = random.Random(7)
        for _ in range(3000):
            state = table.state
            if state.is_terminal:
                break
            if rng.random() < 0.2 or len(table.moves) < 3:
                for seat, token in enumerate(tokens):
                    message = api.get(f"/api/tables/{table_id}", headers=bearer(token)).json()
                    assert message["view"] == state.view(seat).to_dict()
                    assert "record" not in message
                shown = api.get(f"/api/tables/{table_id}").json()["view"]
                jsonschema.validate(shown, schema(game, "spectator"))
                spectator = shown["data"]
                for seat in range(len(tokens)):
                    seen = state.view(seat).to_dict()["data"]
                    assert all(seen[key] == value for key, value in spectator.items())
            seat = state.current_player
            choice = rng.randrange(len(state.legal_moves()))
            answer = api.post(
                f"/api/tables/{table_id}/moves", json={"move": choice}, headers=bearer(tokens[seat])
            )
            assert answer.status_code == 200, answer.text
        assert table.state.is_terminal
        over = api.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()
        assert over["outcome"]["winners"] and over["record"]["seed"] == table.seed

    def test_refused_cards_carry_the_engines_reason(self, api: TestClient) -> None:
        links = new_table(api, "malilla", ["human"] * 4)
        table_id, tokens = links["table"], [s["token"] for s in links["seats"]]
        table = hub_table(api, table_id)
        for _ in range(40):
            seat = table.state.current_player
            message = api.get(f"/api/tables/{table_id}", headers=bearer(tokens[seat])).json()
            if message["refused"]:
                for refusal in message["refused"]:
                    assert "cannot play" in refusal["reason"]
                    assert refusal["card"] in message["view"]["data"]["hand"]
                return
            api.post(f"/api/tables/{table_id}/moves", json={"move": 0}, headers=bearer(tokens[seat]))
        pytest.fail("forty plays and never a card that could not be played")

    def test_mala_e_cuia_writes_that_cannot_be_made_carry_the_engines_reason(self, api: TestClient) -> None:
        links = new_table(api, "mala_e_cuia", ["human"] * 3, players=3)
        table_id, tokens = links["table"], [s["token"] for s in links["seats"]]
        url = f"/api/tables/{table_id}"
        first = api.get(url, headers=bearer(tokens[0])).json()
        assert first["refused"] == [], "an empty tile: every write of an item on the table is legal"
        packed = first["moves"][0]["move"]["item"]
        api.post(f"{url}/moves", json={"move": 0}, headers=bearer(tokens[0]))
        message = api.get(url, headers=bearer(tokens[0])).json()
        refused = message["refused"]
        assert {r["text"] for r in refused} == {f"pack {packed} (General)", f"pack {packed} (Bonus)"}
        offered = {m["text"] for m in message["moves"]}
        assert len(offered) + len(refused) == 2 * len(message["view"]["data"]["table"]), (
            "every write is shown"
        )
        for refusal in refused:
            assert refusal["card"] is None
            assert f"{packed} is already written on seat 0's Suitcase Tile" in refusal["reason"]
            jsonschema.validate(
                {"game": "mala_e_cuia", "kind": "move", "format": 1, "data": refusal["move"]},
                schema("mala_e_cuia", "move"),
            )
            move = {"game": "mala_e_cuia", "kind": "move", "format": 1, "data": refusal["move"]}
            answer = api.post(f"{url}/moves", json={"move": move}, headers=bearer(tokens[0]))
            assert answer.status_code == 409 and answer.json()["error"] == refusal["reason"], (
                "the engine's words"
            )
        waiting = api.get(url, headers=bearer(tokens[1])).json()
        assert waiting["refused"] == [] and waiting["moves"] == [], "no controls before the seat's decision"


class TestPush:
    """The WebSocket pushes each seat its own message whenever the table changes."""

    def test_a_seat_and_a_spectator_are_pushed_each_move(self, api: TestClient) -> None:
        links = new_table(api, "malilla", ["human"] * 4)
        table_id, tokens = links["table"], [s["token"] for s in links["seats"]]
        table = hub_table(api, table_id)
        turn = table.state.current_player
        watcher = (turn + 1) % 4
        with (
            api.websocket_connect(f"ws://127.0.0.1/api/tables/{table_id}/live") as seat_socket,
            api.websocket_connect(f"ws://127.0.0.1/api/tables/{table_id}/live") as spectator_socket,
        ):
            seat_socket.send_json({"type": "hello", "token": tokens[watcher]})
            spectator_socket.send_json({"type": "hello", "token": None})
            assert seat_socket.receive_json()["version"] == 0
            assert spectator_socket.receive_json()["seat"] is None
            api.post(f"/api/tables/{table_id}/moves", json={"move": 0}, headers=bearer(tokens[turn]))
            pushed = seat_socket.receive_json()
            while pushed["version"] < 1:
                pushed = seat_socket.receive_json()
            assert pushed["view"] == table.state.view(watcher).to_dict()
            assert pushed["turn"] == watcher and pushed["moves"]

    @pytest.mark.parametrize(
        ("hello", "words"),
        [
            ({"type": "hello", "token": "wrong"}, "opens no seat"),
            ({"type": "move", "move": 0}, "first message"),
            ({"type": "hello", "token": 5}, "token must be a string"),
        ],
    )
    def test_a_bad_hello_is_answered_and_closed(self, api: TestClient, hello: Any, words: str) -> None:
        links = new_table(api, "malilla")
        with api.websocket_connect(f"ws://127.0.0.1/api/tables/{links['table']}/live") as socket:
            socket.send_json(hello)
            assert words in socket.receive_json()["error"]

    def test_a_cross_site_websocket_is_refused(self, api: TestClient) -> None:
        links = new_table(api, "malilla")
        url = f"ws://127.0.0.1/api/tables/{links['table']}/live"
        with pytest.raises(WebSocketDisconnect) as refused:
            api.websocket_connect(url, headers={"Origin": "https://evil.example"}).__enter__()
        assert refused.value.code == 1008 and "origin" in refused.value.reason
        with pytest.raises(WebSocketDisconnect) as unknown:
            api.websocket_connect("ws://127.0.0.1/api/tables/no-such-table-0000000/live").__enter__()
        assert unknown.value.code == 1008


class TestGuard:
    """Requests from elsewhere, of the wrong shape or size, or too many, get a 4xx JSON and change nothing."""

    def test_cross_origin_and_foreign_hosts(self, api: TestClient) -> None:
        body = {"game": "malilla"}
        answer = api.post("/api/tables", json=body, headers={"Origin": "https://evil.example"})
        assert answer.status_code == 403 and "origin" in answer.json()["error"]
        answer = api.post("/api/tables", content=json.dumps(body), headers={"Content-Type": "text/plain"})
        assert answer.status_code == 415, "a cross-site 'simple' POST is refused"
        answer = api.get("/api/games", headers={"Host": "attacker.example"})
        assert answer.status_code == 400 and "Host" in answer.json()["error"]
        assert api.post("/api/tables", json=body, headers={"Origin": BASE}).status_code == 201
        assert len(api.app.state.hub.tables) == 1  # type: ignore[attr-defined]

    def test_malformed_and_oversized_bodies(self, api: TestClient) -> None:
        url = "/api/tables"
        json_type = {"Content-Type": "application/json"}
        for content, status, words in [
            (b"{not json", 400, "not JSON"),
            (b"\xff\xfe", 400, "UTF-8"),
            (b"[" * 100_000, 413, "bytes"),
            (b"[" * 1000 + b"]" * 1000, 400, "nests"),
            (b'{"game": ' + b"9" * 5000 + b"}", 400, "too many digits"),
            (b'{"game": "' + b"x" * 20_000 + b'"}', 413, "bytes"),
        ]:
            answer = api.post(url, content=content, headers=json_type)
            assert answer.status_code == status and words in answer.json()["error"], answer.text
        for length in (b"\xb2", b"9" * 5000):  # a digit int() refuses; more digits than it converts
            answer = api.post(url, content=b"{}", headers={**json_type, "Content-Length": length})
            assert answer.status_code == 400 and "is not a length" in answer.json()["error"], answer.text
        answer = api.get("/x" * 600)
        assert answer.status_code == 414
        assert api.get("/api/nothing").json() == {"error": "nothing at /api/nothing", "status": 404}
        assert api.put("/api/tables", json={}).status_code == 405
        assert api.get("/api/tables/%00").status_code == 400
        assert api.get("/api/tables/not-a-table-at-all-but-long").status_code == 404
        assert api.get("/api/games").status_code == 200, "still serving"

    def test_a_client_over_its_rate_is_slowed(self, tmp_path: Path) -> None:
        with client(None, limits=Limits(rate=1.0, burst=5)) as slow:
            answers = [slow.get("/api/games") for _ in range(8)]
        assert [a.status_code for a in answers[:5]] == [200] * 5 and answers[-1].status_code == 429
        assert "this connection is over its 1 a second (bursts of 5)" in answers[-1].json()["error"]

    def test_schemas_are_served(self, api: TestClient) -> None:
        for kind in ("view", "spectator"):
            answer = api.get(f"/api/schemas/maldicion/{kind}")
            assert answer.status_code == 200 and answer.json() == schema("maldicion", kind)
        assert api.get("/api/schemas/maldicion/hand").status_code == 404
        assert api.get("/api/schemas/chess/view").status_code == 404


class TestStorage:
    """Tables outlive the server: the next one replays them from SQLite; idle ones are evicted."""

    def test_a_restart_resumes_every_table(self, tmp_path: Path) -> None:
        db = tmp_path / "tables.sqlite3"
        with client(db) as first:
            links = new_table(first, "maldicion", ["human", "human"], players=2, mode="pvp")
            table_id, tokens = links["table"], [s["token"] for s in links["seats"]]
            table = hub_table(first, table_id)
            for _ in range(5):
                seat = table.state.current_player
                first.post(f"/api/tables/{table_id}/moves", json={"move": 0}, headers=bearer(tokens[seat]))
            before = table.state
        with client(db) as second:
            again = hub_table(second, table_id)
            assert again.state == before and again.seed == table.seed and again.log == table.log
            seat = again.state.current_player
            answer = second.post(
                f"/api/tables/{table_id}/moves", json={"move": 0}, headers=bearer(tokens[seat])
            )
            assert answer.status_code == 200 and answer.json()["version"] == 6

    def test_a_bot_table_goes_on_after_a_restart(self, tmp_path: Path) -> None:
        db = tmp_path / "tables.sqlite3"
        with client(db) as first:
            links = new_table(first, "malilla", ["random"] * 4, target=1)
            first.app.state.hub.tables[links["table"]].bots.clear()  # type: ignore[attr-defined]
        with client(db) as second:
            over = wait_for(second, links["table"], None, lambda m: m["outcome"] is not None)
            assert over["version"] > 0

    def test_a_row_that_does_not_read_is_skipped(self, tmp_path: Path) -> None:
        db = tmp_path / "tables.sqlite3"
        with client(db) as first:
            good = new_table(first, "malilla")["table"]
        sqlite3.connect(db, isolation_level=None).execute(
            "INSERT INTO tables (id, record, seats, touched) VALUES ('bad-table-0000000000', '{\"kind\": \"record\"}', '[]', 0)"
        )
        with client(db) as second:
            assert set(second.app.state.hub.tables) == {good}  # type: ignore[attr-defined]

    def test_idle_tables_are_evicted(self, tmp_path: Path) -> None:
        now = [1_000.0]
        with client(
            tmp_path / "t.sqlite3",
            limits=attrs.evolve(UNHURRIED, idle_seconds=60),
            clock=lambda: now[0],
        ) as api:
            old = new_table(api, "malilla")["table"]
            now[0] += 50
            fresh = new_table(api, "malilla")["table"]
            now[0] += 20
            assert api.app.state.hub.evict() == [old]  # type: ignore[attr-defined]
            assert api.get(f"/api/tables/{old}").status_code == 404
            assert api.get(f"/api/tables/{fresh}").status_code == 200
        with client(tmp_path / "t.sqlite3") as later:
            assert set(later.app.state.hub.tables) == {fresh}  # type: ignore[attr-defined]

    def test_the_table_limit_holds(self, tmp_path: Path) -> None:
        with client(None, limits=attrs.evolve(UNHURRIED, max_tables=2)) as api:
            new_table(api, "malilla")
            new_table(api, "malilla")
            answer = api.post("/api/tables", json={"game": "malilla"})
            assert answer.status_code == 503 and "limit" in answer.json()["error"]


def test_serve_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules._cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be from 0 to 65535" in capsys.readouterr().err
