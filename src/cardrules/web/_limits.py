"""The bounds the server keeps, and the error every refused request becomes."""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Limits", "RateLimiter", "WebError", "parse_json"]


@attrs.frozen
class Limits:
    """How much any one client may ask of the server; every figure is a ceiling.

    The defaults suit a table of friends on one machine or a small network.
    """

    #: Bytes of a request body (creating a table, a move).
    max_body: int = 16_384
    #: Bytes of one WebSocket message from a client.
    max_message: int = 4_096
    #: Characters of a request path.
    max_path: int = 512
    #: Bytes of a request's headers, names and values (h11 refuses a header block still incomplete past 16 KiB).
    max_headers: int = 16_384
    #: Nesting depth of a JSON body.
    max_depth: int = 32
    #: Requests a second one client address may make, on average ...
    rate: float = 20.0
    #: ... and in a burst.
    burst: int = 60
    #: Tables held at once; creating one more is refused until others are evicted.
    max_tables: int = 1_000
    #: WebSocket connections open at once, over all tables.
    max_connections: int = 512
    #: WebSocket connections open at once to one table.
    max_watchers: int = 32
    #: Seconds a table may sit without a move or a visitor before it is evicted.
    idle_seconds: float = 6 * 3600.0
    #: The largest search a bot seat may make: ``ismcts-N`` with N at most this.
    max_bot_iterations: int = 5_000

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                from .._errors import ConfigError

                raise ConfigError(f"Limits.{field.name} must be a positive number; got {value!r}")


class WebError(Exception):
    """A refused request: its HTTP status and what was wrong, sent as ``{"error": ...}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class RateLimiter:
    """A token bucket per key (a client address or a connection), ``rate`` a second up to ``burst``.

    It remembers at most ``keys`` buckets, forgetting the least recently seen,
    so that many addresses cannot grow it without bound.
    """

    def __init__(
        self, rate: float, burst: int, *, keys: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.keys = keys
        self.clock = clock
        self._buckets: OrderedDict[object, tuple[float, float]] = OrderedDict()

    def allow(self, key: object) -> bool:
        """Spend one token of ``key``'s bucket; ``False`` when it is empty."""
        now = self.clock()
        tokens, since = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - since) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)
        if len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return allowed


def parse_json(raw: bytes, limits: Limits, what: str) -> Any:
    """The JSON in ``raw``, refused with a 4xx if it is too long, too deep or not JSON."""
    if len(raw) > limits.max_body:
        raise WebError(413, f"{what} is {len(raw)} bytes; at most {limits.max_body} are accepted")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise WebError(400, f"{what} is not UTF-8 text") from None
    depth = deepest = 0
    for char in text:  # count brackets before parsing: a deep document is refused, not recursed into
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > limits.max_depth:
        raise WebError(400, f"{what} nests {deepest} deep; at most {limits.max_depth} levels are accepted")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else "too deep"
        raise WebError(400, f"{what} is not JSON: {message}") from None
