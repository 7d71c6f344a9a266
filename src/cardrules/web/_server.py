"""Serving the app with uvicorn, so that even requests it cannot parse get the app's JSON refusal.

uvicorn answers a request it cannot read (a bad request line, a NUL byte in
the path, a malformed or oversized header) with a plain-text 400 before any
app sees it, and the WebSocket library does the same for a bad handshake.
The protocol classes here answer those with ``{"error": ..., "status": N}``
and the app's security headers instead.  uvicorn's pure-Python HTTP parser
(h11) is pinned, and the WebSocket implementation built on ``websockets``'
Sans-I/O layer: their refusals are the two methods overridden.

uvicorn bounds the wait between requests of a kept-alive connection, but not
the time a client takes to send a request's headers, so a client could hold
connections open by sending a header a byte at a time.  The protocol here
answers 408 and hangs up when the headers are not all in within
``Limits.header_seconds`` of the connection opening or of the request's
first byte.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Response
from websockets.server import ServerProtocol

from ._guard import SECURITY_HEADERS, error_body
from ._limits import Limits, checked_address, checked_limits

__all__ = ["JsonH11Protocol", "JsonWebSocketProtocol", "uvicorn_config"]

#: Characters of the parser's own words kept in a refusal (they may quote the offending bytes).
_DETAIL = 200


def _detail(words: str) -> str:
    """``words`` cut to :data:`_DETAIL` characters, ``...`` marking the cut."""
    return words if len(words) <= _DETAIL else words[: _DETAIL - 3] + "..."


def uvicorn_config(
    app: Any, host: str = "127.0.0.1", port: int = 8000, *, limits: Limits | None = None
) -> uvicorn.Config:
    """The ``uvicorn.Config`` :func:`serve` runs ``app`` with: embed the app the same way.

    Every refusal, even of a request uvicorn cannot parse or of a bad
    WebSocket handshake, is the app's JSON error; WebSocket messages are capped
    at ``limits.max_message`` bytes, connections at ``limits.max_connections``
    (and a margin for plain requests).  Pass the app's own ``limits``.
    """
    host, port = checked_address("uvicorn_config", host, port)
    limits = checked_limits("uvicorn_config", limits)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=type("JsonH11Protocol", (JsonH11Protocol,), {"header_seconds": limits.header_seconds}),
        ws=JsonWebSocketProtocol,
        ws_max_size=limits.max_message,
        limit_concurrency=limits.max_connections + 64,
        timeout_keep_alive=5,
        server_header=False,
        log_level="warning",
    )


class JsonH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, refusing a request it cannot parse or whose headers are late with JSON."""

    #: Seconds the headers of a request may take (:func:`uvicorn_config` sets ``Limits.header_seconds``).
    header_seconds: ClassVar[float] = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the clock of the first request's headers."""
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        """Parse, keeping the clock running while a request's headers are incomplete."""
        if self.conn.their_state is h11.IDLE:
            self._arm()
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock."""
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        """Answer 408 (h11 has no request to answer: the bytes are written as they are) and hang up."""
        self._header_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        body = error_body(408, f"the request's headers did not arrive within {self.header_seconds:g} seconds")
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        head = b"HTTP/1.1 408 Request Timeout\r\n" + b"".join(k + b": " + v + b"\r\n" for k, v in headers)
        self.transport.write(head + b"\r\n" + body)
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Answer what h11 refused, with its status (431 for oversized headers) and reason, then hang up."""
        exc = sys.exc_info()[1]  # uvicorn calls this while handling h11's RemoteProtocolError
        status, words = 400, msg
        if isinstance(exc, h11.RemoteProtocolError):
            status, words = exc.error_status_hint, f"the request cannot be parsed: {exc}"
        body = error_body(status, _detail(words))
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        reason = STATUS_PHRASES.get(status, b"")
        for event in (h11.Response(status_code=status, headers=headers, reason=reason), h11.Data(data=body)):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


class _JsonRejects(ServerProtocol):
    """websockets' server side, writing its handshake refusals as the app's JSON error."""

    def reject(self, status: Any, text: str) -> Response:
        """websockets' refusal (its status and words) as ``{"error": ..., "status": N}``."""
        response = super().reject(status, text)
        body = error_body(response.status_code, _detail(text))
        del response.headers["Content-Type"], response.headers["Content-Length"]
        response.headers["Content-Type"] = "application/json"
        response.headers["Content-Length"] = str(len(body))
        for key, value in SECURITY_HEADERS:
            response.headers[key.decode()] = value.decode()
        return dataclasses.replace(response, body=body)


class JsonWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (on ``websockets``), refusing a bad handshake with the app's JSON error."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain = self.conn
        self.conn = _JsonRejects(
            extensions=plain.available_extensions, max_size=self.config.ws_max_size, logger=plain.logger
        )
