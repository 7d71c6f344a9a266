"""The checks every request passes before any route sees it.

An ASGI middleware, so that they hold for every path, static files and
WebSockets included: the path's length and bytes, the headers' size, the Host header (against
DNS rebinding), the Origin header (against cross-site requests and WebSocket
hijacking), the body's declared type and length, and the request budgets of
the connection and of its client address.  A refusal is a JSON ``{"error": ...}`` with a 4xx status; a refused
WebSocket handshake is closed before it is accepted.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from .._numerals import whole_number
from ._limits import Budgets, Limits

__all__ = ["Guard", "error_body"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Headers sent with every answer: no sniffing, no framing, no referrer (seat links hold tokens).
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
]


def error_body(status: int, message: str) -> bytes:
    """The JSON of a refusal."""
    return json.dumps({"error": message, "status": status}).encode()


class Guard:
    """Refuses, with a 4xx JSON answer, any request that fails a check; passes the rest on."""

    def __init__(
        self, app: ASGIApp, hosts: Iterable[str], origins: Iterable[str], limits: Limits, budgets: Budgets
    ) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(o.lower().rstrip("/") for o in origins)
        self.limits = limits
        self.budgets = budgets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._check(scope)
        if refusal is None:
            await self.app(scope, receive, _with_headers(send))
        elif scope["type"] == "http":
            status, message = refusal
            body = error_body(status, message)
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ]
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        else:
            await receive()  # the handshake
            await send({"type": "websocket.close", "code": 1008, "reason": refusal[1][:120]})

    def _check(self, scope: Scope) -> tuple[int, str] | None:
        path: str = scope.get("path", "")
        raw = scope.get("raw_path") or path.encode("utf-8", "replace")
        if len(raw) > self.limits.max_path or len(path) > self.limits.max_path:
            return 414, f"the path is longer than {self.limits.max_path} characters"
        if "\x00" in path or b"\x00" in raw:
            return 400, "the path holds a NUL byte"
        size = sum(len(key) + len(value) for key, value in scope.get("headers", ()))
        if size > self.limits.max_headers:
            return 431, f"the headers are {size} bytes; at most {self.limits.max_headers} are accepted"
        headers = _headers(scope)
        host = headers.get("host")
        if host is None or _hostname(host) not in self.hosts:
            return 400, f"the Host header {host!r} is not one this server answers to"
        origin = headers.get("origin")
        if origin is not None:
            scheme = {"ws": "http", "wss": "https"}.get(
                scope.get("scheme", "http"), scope.get("scheme", "http")
            )
            own = f"{scheme}://{host}".lower()
            if origin.lower().rstrip("/") not in {own, *self.origins}:
                return 403, f"requests from the origin {origin!r} are refused"
        spent = self.budgets.spend(scope.get("client"))
        if spent is not None:
            return 429, spent
        if scope["type"] == "http" and scope.get("method") in ("POST", "PUT", "PATCH", "DELETE"):
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return 415, f"the body must be application/json, not {kind or 'untyped'}"
            length = headers.get("content-length")
            if length is not None:
                body = whole_number(length)
                if body is None:
                    return 400, f"Content-Length {length[:40]!r} is not a length"
                if body > self.limits.max_body:
                    return 413, f"the body is {body} bytes; at most {self.limits.max_body} are accepted"
        return None


def _headers(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for key, value in scope.get("headers", ()):
        name = key.decode("latin-1").lower()
        if name not in found:  # the first of repeated headers
            found[name] = value.decode("latin-1")
    return found


def _hostname(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return sending
