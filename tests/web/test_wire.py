"""Malformed requests on the wire, against uvicorn itself: each gets a 4xx, and the server goes on serving."""

from __future__ import annotations

import json
import socket

import httpx
import pytest

from .conftest import LiveServer


def raw(server: LiveServer, request: bytes) -> tuple[int, bytes]:
    """Send ``request`` as bytes; returns the status and body of the answer (0 if the server hung up)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(request)
        conn.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    if not answer:
        return 0, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def post(path: bytes, body: bytes, *headers: bytes) -> bytes:
    lines = [b"POST " + path + b" HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close", *headers]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


@pytest.mark.parametrize(
    ("request_bytes", "json_error"),
    [
        (post(b"/api/tables", b"{}", b"Content-Type: application/json", b"Content-Length: -5"), False),
        (post(b"/api/tables", b"{}", b"Content-Type: application/json", b"Content-Length: 99999999"), True),
        (
            post(
                b"/api/tables", b"[" * 100_000, b"Content-Type: application/json", b"Content-Length: 100000"
            ),
            True,
        ),
        (post(b"/api/tables", b"{}", b"Content-Type: text/plain", b"Content-Length: 2"), True),
        (b"GET /api/tables/\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", False),
        (b"GET /api/tables/%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", True),
        (b"GET /" + b"a" * 5_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", True),
        (b"GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", True),
        (b"NONSENSE\r\n\r\n", False),
    ],
)
def test_malformed_requests_get_a_4xx_and_the_server_serves_on(
    live: LiveServer, request_bytes: bytes, json_error: bool
) -> None:
    status, body = raw(live, request_bytes)
    assert 400 <= status < 500
    if json_error:  # the app's own refusals; uvicorn answers requests it cannot parse before the app
        assert "error" in json.loads(body)
    assert httpx.get(f"{live.url}/api/games").status_code == 200, "still serving"
