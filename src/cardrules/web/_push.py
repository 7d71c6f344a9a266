"""Pushing each watcher of a table its own message whenever the table changes.

A watcher is one WebSocket connection, authenticated as a seat or a
spectator.  It keeps only the newest message: a slow client skips
intermediate positions instead of making the server queue them.
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["Watcher"]


class Watcher:
    """One connection's mailbox: the newest message for its seat (``None``: a spectator)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._latest: dict[str, Any] | None = None
        self._ready = asyncio.Event()
        self.closed = False

    def offer(self, message: dict[str, Any]) -> None:
        """Replace the pending message with ``message``."""
        self._latest = message
        self._ready.set()

    async def next(self) -> dict[str, Any] | None:
        """The next message to send, waiting for one; ``None`` once closed."""
        await self._ready.wait()
        self._ready.clear()
        message, self._latest = self._latest, None
        return None if self.closed else message

    def close(self) -> None:
        """Wake the sender so that it ends."""
        self.closed = True
        self._ready.set()
