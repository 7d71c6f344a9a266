"""Rate limits per connection, under a ceiling per client address that reconnecting does not escape."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardrules.web import Limits
from cardrules.web._limits import Budgets

from .conftest import LiveServer

#: Budgets that refill too slowly to matter within a test: 3 a connection, 7 an address.
TIGHT = Limits(rate=0.001, burst=3, address_rate=0.001, address_burst=7)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_each_connection_has_its_own_budget_under_its_addresss_ceiling() -> None:
    clock = Clock()
    budgets = Budgets(Limits(rate=1.0, burst=2, address_rate=1.0, address_burst=5), clock=clock)
    one, two, three, elsewhere = (
        ("10.0.0.1", 4001),
        ("10.0.0.1", 4002),
        ("10.0.0.1", 4003),
        ("10.0.0.2", 4001),
    )
    assert [budgets.spend(one) for _ in range(2)] == [None, None]
    assert "this connection is over its 1 a second (bursts of 2)" in str(budgets.spend(one))
    assert [budgets.spend(two) for _ in range(2)] == [None, None], "a second connection: its own budget"
    assert budgets.spend(three) is None, "the address's fifth request"
    assert "this address is over its 1 a second" in str(budgets.spend(three)), "reconnecting runs out too"
    assert budgets.spend(elsewhere) is None, "another address is not slowed"
    clock.now += 1.0
    assert budgets.spend(one) is None, "a second later: one more for the connection and the address"


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "tables.sqlite3", limits=TIGHT)
    yield server
    server.stop()


def ask(conn: http.client.HTTPConnection) -> tuple[int, str]:
    conn.request("GET", "/api/games")
    answer = conn.getresponse()
    body = json.loads(answer.read())
    return answer.status, body.get("error", "")


def test_over_a_real_server_a_connection_is_slowed_alone_then_its_address(tight: LiveServer) -> None:
    """Keep-alive connections from 127.0.0.1: 3 requests each, 7 in all; 127.0.0.2 is served on."""
    first, second, third = (http.client.HTTPConnection("127.0.0.1", tight.port, timeout=10) for _ in range(3))
    assert [ask(first)[0] for _ in range(3)] == [200] * 3
    status, error = ask(first)
    assert status == 429 and "this connection is over" in error
    assert [ask(second)[0] for _ in range(3)] == [200] * 3, "a new connection has its own budget"
    assert ask(second)[0] == 429
    assert ask(third)[0] == 200, "the address's seventh"
    status, error = ask(third)
    assert status == 429 and "this address is over" in error, "new connections do not escape the ceiling"
    for conn in (first, second, third):
        conn.close()
    elsewhere = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    assert elsewhere.get(f"{tight.url}/api/games").status_code == 200, "another address is served"
    elsewhere.close()


def answer(ws: ClientConnection) -> str:
    """The server's answer to a message: its error, past the table messages pushed meanwhile."""
    while (message := json.loads(ws.recv()))["type"] == "table":
        pass
    error: str = message["error"]
    return error


def test_a_websocket_spends_its_own_connections_budget(tight: LiveServer) -> None:
    """The handshake and each message after the hello spend the WebSocket's own connection budget."""
    created = httpx.post(f"{tight.url}/api/tables", json={"game": "malilla"})
    assert created.status_code == 201
    table = created.json()["table"]
    url = f"ws://127.0.0.1:{tight.port}/api/tables/{table}/live"
    with connect(url) as live, connect(url) as other:
        for ws in (live, other):
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv())["type"] == "table"
        for _ in range(2):  # the handshake spent one of 3
            live.send("{}")
            assert "POST" in answer(live)
        live.send("{}")
        with pytest.raises(ConnectionClosed) as closed:
            live.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert "this connection is over" in closed.value.rcvd.reason
        other.send("{}")
        assert "POST" in answer(other), "the other connection keeps its budget"
