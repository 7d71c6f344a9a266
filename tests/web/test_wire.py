"""Malformed requests on the wire, against the real server: each gets a 4xx JSON error, and it serves on.

Some of these uvicorn cannot parse at all (a bad request line, a NUL byte in
the path, a bad header, headers over h11's 16 KiB): ``uvicorn_config``'s
protocol answers them with the app's JSON error, as the app answers the rest.
"""

from __future__ import annotations

import json
import socket

import httpx
import pytest

from .conftest import LiveServer


def raw(server: LiveServer, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as bytes; the answer's status, headers and body (status 0 if the server hung up)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(request)
        conn.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    if not answer:
        return 0, {}, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, body


def get(path: bytes, *headers: bytes) -> bytes:
    lines = [b"GET " + path + b" HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close", *headers]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def post(path: bytes, body: bytes, *headers: bytes) -> bytes:
    lines = [b"POST " + path + b" HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close", *headers]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


JSON_BODY = b"Content-Type: application/json"
#: A WebSocket handshake to a table's live path, but for the headers given.
UPGRADE = (b"Upgrade: websocket", b"Connection: Upgrade", b"Sec-WebSocket-Version: 13")


@pytest.mark.parametrize(
    ("request_bytes", "status", "words"),
    [
        # uvicorn's parser refuses these before the app sees them.
        (post(b"/api/tables", b"{}", JSON_BODY, b"Content-Length: -5"), 400, "bad Content-Length"),
        (get(b"/api/tables/\x00"), 400, "request line"),
        (b"NONSENSE\r\n\r\n", 400, "request line"),
        (get(b"/api/games", b"Bad Header Name: x"), 400, "header"),
        (b"GET /api/games HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "Host"),
        # websockets refuses this handshake before the app sees it.
        (get(b"/api/tables/x/live", *UPGRADE), 400, "Sec-WebSocket-Key"),
        # The app's own refusals.
        (post(b"/api/tables", b"{}", JSON_BODY, b"Content-Length: 99999999"), 413, "bytes"),
        (post(b"/api/tables", b"[" * 100_000, JSON_BODY, b"Content-Length: 100000"), 413, "bytes"),
        (post(b"/api/tables", b"{}", b"Content-Type: text/plain", b"Content-Length: 2"), 415, "json"),
        (get(b"/api/tables/%00"), 400, "NUL"),
        (get(b"/" + b"a" * 5_000), 414, "path"),
        (get(b"/api/games", b"X-Big: " + b"a" * 20_000), 431, "headers are"),
        (b"GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400, "Host"),
    ],
)
def test_malformed_requests_get_a_json_4xx_and_the_server_serves_on(
    live: LiveServer, request_bytes: bytes, status: int, words: str
) -> None:
    got, headers, body = raw(live, request_bytes)
    assert got == status, body
    assert headers["content-type"] == "application/json"
    assert headers["x-content-type-options"] == "nosniff"
    error = json.loads(body)
    assert set(error) == {"error", "status"} and error["status"] == status
    assert words.lower() in error["error"].lower(), error
    assert httpx.get(f"{live.url}/api/games").status_code == 200, "still serving"


def test_a_huge_bad_header_is_quoted_briefly(live: LiveServer) -> None:
    status, _, body = raw(live, get(b"/api/games", b"X-Bad: " + b"\x00" * 10_000))
    error = json.loads(body)["error"]
    assert status == 400 and "illegal header line" in error
    assert len(error) <= 200, "the parser's words, cut short"


def test_headers_still_arriving_past_16_kib_are_refused_by_the_parser(live: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as conn:
        conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20_000)
        answer = b""
        while chunk := conn.recv(65536):  # the server answers and hangs up before the headers end
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 ") and b"content-type: application/json" in head.lower()
    assert json.loads(body) == {
        "error": "the request cannot be parsed: Receive buffer too long",
        "status": 431,
    }
    assert httpx.get(f"{live.url}/api/games").status_code == 200, "still serving"
