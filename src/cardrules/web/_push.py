"""Pushing each watcher of a table its own message whenever the table changes.

A watcher is one WebSocket connection, authenticated as a seat or a
spectator.  It is told that the table changed, and its message is composed
only when the connection is ready to send it: a slow client skips
intermediate positions, and the server composes no message nobody reads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

__all__ = ["Watcher"]

#: Composes the message of a seat (``None``: a spectator).
Compose = Callable[[int | None], dict[str, Any]]


class Watcher:
    """One connection's mailbox: how to compose the newest message for its seat (``None``: a spectator)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._compose: Compose | None = None
        self._ready = asyncio.Event()
        self.closed = False

    def offer(self, compose: Compose) -> None:
        """Note that the table changed; ``compose(seat)`` gives its message when it is sent."""
        self._compose = compose
        self._ready.set()

    async def next(self) -> dict[str, Any] | None:
        """The next message to send, waiting for a change; ``None`` once closed."""
        await self._ready.wait()
        self._ready.clear()
        compose, self._compose = self._compose, None
        return None if self.closed or compose is None else compose(self.seat)

    def close(self) -> None:
        """Wake the sender so that it ends."""
        self.closed = True
        self._ready.set()
