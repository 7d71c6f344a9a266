"""The bounds the server keeps, and the error every refused request becomes."""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._arguments import integer
from .._errors import ConfigError
from .._words import brief

__all__ = [
    "Budgets",
    "Limits",
    "RateLimiter",
    "WebError",
    "checked_address",
    "checked_db",
    "checked_limits",
    "checked_names",
    "parse_json",
]


@attrs.frozen(kw_only=True)
class Limits:
    """How much any one client may ask of the server; every figure is a ceiling.

    The defaults suit a table of friends on one machine or a small network.  Each figure is
    given by name: ``Limits(max_tables=50)``.
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
    #: Requests (or WebSocket messages) a second one connection may make, on average ...
    rate: float = 20.0
    #: ... and in a burst.
    burst: int = 60
    #: Requests and messages a second of all connections from one client address together, on average ...
    address_rate: float = 60.0
    #: ... and in a burst: a ceiling that opening new connections does not escape.
    address_burst: int = 180
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
    #: Seconds a search bot (``ismcts...``) may think over one decision; its move is cut there.
    bot_seconds: float = 1.0
    #: CPU seconds the search behind a seat's hint (:func:`cardrules.advise`) takes, in the bots' lane.
    advice_seconds: float = 1.0
    #: Threads search bots think in, over all tables (they take turns, one decision of a table at a time).
    search_threads: int = 1
    #: Search bots at one table.
    max_search_seats: int = 3
    #: Tables of bots only in play at once; one more is refused (429) until one has finished.
    max_bot_tables: int = 4
    #: Seconds a connection may take to send a request's headers before it is answered 408 and closed.
    header_seconds: float = 10.0
    #: Characters of the position a new table starts from (its notation; the longest real ones hold a few thousand).
    max_position: int = 12_000

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value <= 0
            ):
                raise ConfigError(f"Limits.{field.name} must be a positive number; got {brief(value)}")


def checked_limits(what: str, limits: object) -> Limits:
    """``limits``, or the default ones for ``None``; anything else is a :class:`ConfigError` naming ``what``."""
    if limits is None:
        return Limits()
    if not isinstance(limits, Limits):
        raise ConfigError(f"{what}: limits must be a cardrules.web.Limits; got {brief(limits)}")
    return limits


def checked_names(what: str, names: object) -> tuple[str, ...]:
    """Host names or origins: strings, at most 1,000 of them (a single string is refused, not spelled out)."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ConfigError(f"{what} must be a list of names; got {brief(names)}")
    taken = tuple(itertools.islice(names, _MAX_NAMES + 1))
    if len(taken) > _MAX_NAMES or not all(isinstance(n, str) and 0 < len(n) <= 255 for n in taken):
        raise ConfigError(
            f"{what} must be at most {_MAX_NAMES} names of 1 to 255 characters; got {brief(taken)}"
        )
    return taken


def checked_address(what: str, host: object, port: object) -> tuple[str, int]:
    """A host to listen on and a port (0 to 65535); anything else is a :class:`ConfigError`."""
    if not isinstance(host, str) or not 0 < len(host) <= 255:
        raise ConfigError(f"{what}: host must be a name or an address; got {brief(host)}")
    return host, integer(f"{what}: port", port, 0, 65535)


def checked_db(what: str, db: object) -> str | Path | None:
    """A database file's path, or ``None``; anything else is a :class:`ConfigError`."""
    if db is None or isinstance(db, (str, Path)):
        return db
    if not isinstance(db, os.PathLike):
        raise ConfigError(f"{what}: db must be a file's path or None; got {brief(db)}")
    return Path(db)


#: Host names and origins the app is told of, at most.
_MAX_NAMES = 1_000


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


class Budgets:
    """The request budgets of one server: each connection's own, and a ceiling for each client address.

    A connection is its client's address and port (``scope["client"]``): the
    HTTP requests of one keep-alive connection, or one WebSocket's handshake
    and messages.  All connections from one address share the address's
    bucket, so that hanging up and reconnecting does not buy a fresh budget.
    """

    def __init__(self, limits: Limits, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.connections = RateLimiter(limits.rate, limits.burst, clock=clock)
        self.addresses = RateLimiter(limits.address_rate, limits.address_burst, clock=clock)

    def spend(self, client: Sequence[object] | None) -> str | None:
        """Spend one request of the connection ``client`` (host, port); ``None``, or what ran out, in words."""
        host, port = (client[0], client[1]) if client else (None, None)
        limits = self.limits
        if not self.connections.allow((host, port)):
            return (
                f"this connection is over its {limits.rate:g} a second (bursts of {limits.burst}); slow down"
            )
        if not self.addresses.allow(host):
            return (
                f"this address is over its {limits.address_rate:g} a second over all its connections "
                f"(bursts of {limits.address_burst}); slow down"
            )
        return None


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
    except json.JSONDecodeError as exc:
        raise WebError(400, f"{what} is not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # more digits than int() reads, or nested too deep
        message = "too deep" if isinstance(exc, RecursionError) else "a number has too many digits"
        raise WebError(400, f"{what} is not JSON: {message}") from None
