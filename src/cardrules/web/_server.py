"""Serving the app with uvicorn, so that even requests it cannot parse get the app's JSON refusal.

uvicorn answers a request it cannot read (a bad request line, a NUL byte in
the path, a malformed or oversized header) with a plain-text 400 before any
app sees it, and the WebSocket library does the same for a bad handshake.
The protocol classes here answer those with ``{"error": ..., "status": N}``
and the app's security headers instead.  uvicorn's pure-Python HTTP parser
(h11) is pinned, and the WebSocket implementation built on ``websockets``'
Sans-I/O layer: their refusals are the two methods overridden.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Response
from websockets.server import ServerProtocol

from ._guard import SECURITY_HEADERS, error_body
from ._limits import Limits

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
    limits = limits or Limits()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=JsonH11Protocol,
        ws=JsonWebSocketProtocol,
        ws_max_size=limits.max_message,
        limit_concurrency=limits.max_connections + 64,
        timeout_keep_alive=5,
        server_header=False,
        log_level="warning",
    )


class JsonH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, refusing a request it cannot parse with the app's JSON error."""

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
