"""Tables kept in SQLite as records, so that they survive a restart.

A row holds a table's :class:`~cardrules.Record` (game, seed, moves), its
seats (bot names and the SHA-256 of each human seat's token, never the
token) and when it was last touched.  Loading replays the record, which checks
every move again.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from .._errors import CardRulesError
from .._record import Record

__all__ = ["Row", "Storage"]

_log = logging.getLogger("cardrules.web")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    seats TEXT NOT NULL,
    touched REAL NOT NULL
)
"""

#: ``(id, record, seats, touched)`` of a stored table; ``seats`` is a list of ``{"bot"|"token_hash": ...}``.
Row = tuple[str, Record, list[dict[str, str]], float]


class Storage:
    """One SQLite file (``":memory:"`` for none) holding every live table."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(_SCHEMA)

    def save(self, table_id: str, record: Record, seats: list[dict[str, str]], touched: float) -> None:
        """Write a table (inserted or replaced)."""
        text = json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO tables (id, record, seats, touched) VALUES (?, ?, ?, ?)",
                (table_id, text, json.dumps(seats), touched),
            )

    def touch(self, table_id: str, touched: float) -> None:
        """Note that a table was visited."""
        with self._lock:
            self._db.execute("UPDATE tables SET touched = ? WHERE id = ?", (touched, table_id))

    def delete(self, table_id: str) -> None:
        """Forget a table."""
        with self._lock:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def load(self) -> Iterator[Row]:
        """Every stored table, replayed; a row that no longer reads is logged and skipped."""
        with self._lock:
            rows = self._db.execute("SELECT id, record, seats, touched FROM tables").fetchall()
        for table_id, text, seats, touched in rows:
            try:
                record = Record.from_dict(json.loads(text))
                seat_list = json.loads(seats)
            except (CardRulesError, ValueError) as exc:
                _log.warning("table %s in the database does not read (%s); skipped", table_id, exc)
                continue
            yield table_id, record, seat_list, float(touched)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
