"""Tables kept in SQLite, so that they survive a restart.

A table is a row of ``tables`` (its :class:`~cardrules.Record` as created:
game, seed and no moves; the notation of the position it started from, or
null for a table dealt from its seed; its seats, bot names and the SHA-256 of
each human seat's token, never the token; when it was last touched) and one
row of ``moves`` a move, appended in the same transaction that touches the
table.  A move is written before the server applies it: a failed write
refuses the move.  Loading checks every row, reads the position again and
replays the moves from the start, which checks every move again; a row that
does not pass is logged and skipped.

A file written before tables could start from a position (no ``position``
column, ``user_version`` 0) is migrated when opened: the column is added,
null for every table already there; a file of a later schema than this
version knows is refused.

The file and SQLite's ``-wal`` and ``-shm`` beside it are created readable
by their owner only: they hold every table's seed, hence every hidden card.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sqlite3
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from .._base import BaseGame, BaseMove, BaseState
from .._errors import CardRulesError, ConfigError, IllegalMoveError
from .._json import JSON, structure, unstructure
from .._record import Record
from .._words import brief, cut
from ._limits import WebError

__all__ = ["BOT_NAME", "SCHEMA_VERSION", "TABLE_ID", "Match", "Row", "Storage", "default_db"]

_log = logging.getLogger("cardrules.web")

#: A table's id, as the server draws them (``secrets.token_urlsafe(16)``) and as paths may name them.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: A bot seat's name: a registry name, never an import path.
BOT_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}(-[0-9]{1,18}(-t[0-9]{1,18})?)?")
_TOKEN_HASH = re.compile(r"[0-9a-f]{64}")

#: The schema's version, kept in SQLite's ``user_version``: 1 added ``tables.position``.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    seats TEXT NOT NULL,
    touched REAL NOT NULL,
    position TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
"""

AnyGame = BaseGame[Any, Any]
AnyState = BaseState[Any, Any, Any]


@attrs.frozen
class Match:
    """A table's match so far: the game, the seed the server drew, where it started and the moves.

    ``position`` is the notation of the position the table started from
    (``game.from_notation``), or ``None`` for a table dealt from ``seed``; the
    seed also seeds the bots.  :meth:`states` replays it.
    """

    game: AnyGame
    seed: int
    moves: tuple[BaseMove, ...] = ()
    position: str | None = None

    def start(self) -> AnyState:
        """The first state: the deal of ``seed``, or the position read again."""
        state: AnyState = (
            self.game.new_state(self.seed)
            if self.position is None
            else self.game.from_notation(self.position)
        )
        return state

    def states(self) -> Iterator[AnyState]:
        """Every state of the match, from the start to the last, in order."""
        state = self.start()
        yield state
        for move in self.moves:
            state = state.apply(move)
            yield state

    @property
    def record(self) -> Record | None:
        """The match as a :class:`~cardrules.Record`; ``None`` when it started from a position."""
        return Record(game=self.game, seed=self.seed, moves=self.moves) if self.position is None else None


#: ``(id, match, seats, touched)`` of a stored table; ``seats`` is a list of ``{"bot"|"token_hash": ...}``.
Row = tuple[str, Match, list[dict[str, str]], float]


def default_db() -> Path:
    """Where ``cardrules serve`` keeps its tables unless told: a file in the user's data folder.

    ``%LOCALAPPDATA%\\cardrules`` on Windows, ``~/Library/Application Support/cardrules``
    on macOS, ``$XDG_DATA_HOME/cardrules`` (``~/.local/share/cardrules``) elsewhere;
    the file is ``tables.sqlite3``.
    """
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base.absolute() / "cardrules" / "tables.sqlite3"


class Storage:
    """One SQLite file holding every live table.

    Raises :class:`ConfigError` naming the file when it cannot be opened or
    is not a database of tables (a corrupt or truncated file, another kind of
    file, a folder).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        old = os.umask(0o077)  # SQLite creates -wal and -shm as it needs them: owner only
        try:
            self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            # A commit survives the server's crash (WAL); only the machine's own crash may lose the last.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._migrate()
            self._db.execute("SELECT id, record, seats, touched, position FROM tables LIMIT 1").fetchall()
            self._db.execute("SELECT table_id, number, move FROM moves LIMIT 1").fetchall()
        except (sqlite3.Error, OSError) as exc:
            raise ConfigError(f"{self.path} is not a readable database of tables ({exc})") from None
        finally:
            os.umask(old)
        _warn_if_readable(self.path)

    def _migrate(self) -> None:
        """Bring a file of an earlier schema to :data:`SCHEMA_VERSION` in one transaction; refuse a later one."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"its schema is version {version}; this version of cardrules reads up to {SCHEMA_VERSION}"
            )
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            if "position" not in columns:  # a file of version 0: every table there was dealt from its seed
                self._db.execute("ALTER TABLE tables ADD COLUMN position TEXT")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def save(self, table_id: str, match: Match, seats: list[dict[str, str]], touched: float) -> None:
        """Write a new table, its moves so far included; 503 if the write fails."""
        head = Record(game=match.game, seed=match.seed, moves=()).to_dict()
        moves = [_text(unstructure(move)) for move in match.moves]
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO tables (id, record, seats, touched, position) VALUES (?, ?, ?, ?, ?)",
                    (table_id, _text(head), json.dumps(seats), touched, match.position),
                ),
                ("DELETE FROM moves WHERE table_id = ?", (table_id,)),
                *(
                    ("INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)", (table_id, n, move))
                    for n, move in enumerate(moves)
                ),
            ]
        )

    def append(self, table_id: str, number: int, move: JSON, touched: float) -> None:
        """Write a table's move ``number`` (its JSON); 503 if the write fails, nothing written."""
        self._write(
            [
                (
                    "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                    (table_id, number, _text(move)),
                ),
                ("UPDATE tables SET touched = ? WHERE id = ?", (touched, table_id)),
            ]
        )

    def delete(self, table_id: str) -> None:
        """Forget a table (a failed write is logged: the table is gone from memory all the same)."""
        try:
            self._write(
                [
                    ("DELETE FROM moves WHERE table_id = ?", (table_id,)),
                    ("DELETE FROM tables WHERE id = ?", (table_id,)),
                ]
            )
        except WebError as exc:
            _log.warning("table %s: %s", table_id, exc.message)

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` in one transaction: all written, or none and a 503."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, parameters in statements:
                        self._db.execute(sql, parameters)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except (sqlite3.Error, OSError) as exc:
                raise WebError(
                    503, f"the server could not save this ({exc}); nothing changed, try later"
                ) from None

    def load(self) -> Iterator[Row]:
        """Every stored table that reads; a row that does not is logged, naming it, and skipped."""
        try:
            with self._lock:
                rows = self._db.execute("SELECT id, record, seats, touched, position FROM tables").fetchall()
                moves: dict[object, list[tuple[object, object]]] = {}
                for table_id, number, move in self._db.execute("SELECT table_id, number, move FROM moves"):
                    moves.setdefault(table_id, []).append((number, move))
        except sqlite3.Error as exc:
            raise ConfigError(f"{self.path} is not a readable database of tables ({exc})") from None
        for table_id, record, seats, touched, position in rows:
            try:
                yield _row(table_id, record, seats, touched, position, moves.get(table_id, []))
            except _BadRow as exc:
                _log.warning("table %s in %s: %s; skipped", brief(table_id), self.path, exc)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


class _BadRow(Exception):
    """What is wrong with a stored row."""


def _text(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _row(
    table_id: object,
    record: object,
    seats: object,
    touched: object,
    position: object,
    moves: list[tuple[object, object]],
) -> Row:
    """A stored row checked field by field; :class:`_BadRow` saying which field is wrong."""
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise _BadRow("its id is not a table id")
    if isinstance(touched, bool) or not isinstance(touched, (int, float)) or not math.isfinite(touched):
        raise _BadRow(f"touched is {brief(touched)}, not a time")
    loaded = _json(record, "record")
    if not isinstance(loaded, dict) or not isinstance(loaded.get("moves"), list):
        raise _BadRow("record is not a record")
    numbers = [number for number, _ in moves]
    if sorted(n for n in numbers if isinstance(n, int)) != list(range(len(moves))):
        raise _BadRow("its moves are not numbered 0, 1, 2, ...")
    extra = [_json(move, "a move") for _, move in sorted(moves, key=lambda pair: pair[0])]  # type: ignore[arg-type,return-value]
    if position is not None and not isinstance(position, str):
        raise _BadRow(f"position is {brief(position)}, not a notation")
    try:
        head = Record.from_dict({**loaded, "moves": []})
        move_type = head.game.new_state(0)._move_type
        made = structure([*loaded["moves"], *extra], tuple[move_type, ...], what="the moves")  # type: ignore[valid-type]
    except (CardRulesError, ValueError, TypeError, RecursionError) as exc:
        raise _BadRow(f"record does not read: {brief(str(exc), 200)}") from None
    full = Match(game=head.game, seed=head.seed, moves=made, position=position)
    try:
        for _ in full.states():
            pass
    except IllegalMoveError as exc:
        raise _BadRow(f"its moves do not replay: {cut(str(exc), 200)}") from None
    except (CardRulesError, ValueError, TypeError, RecursionError) as exc:
        raise _BadRow(f"position does not read: {cut(str(exc), 200)}") from None
    seat_list = _json(seats, "seats")
    if not isinstance(seat_list, list) or len(seat_list) != full.game.players:
        raise _BadRow(f"seats is not a list of {full.game.players} seats")
    for spec in seat_list:
        ok = isinstance(spec, dict) and len(spec) == 1
        if ok and "bot" in spec:
            ok = isinstance(spec["bot"], str) and BOT_NAME.fullmatch(spec["bot"]) is not None
        elif ok:
            hashed = spec.get("token_hash")
            ok = isinstance(hashed, str) and _TOKEN_HASH.fullmatch(hashed) is not None
        if not ok:
            raise _BadRow(f"seat {brief(spec)} is neither a bot name nor a token's hash")
    return table_id, full, seat_list, float(touched)


def _json(text: object, what: str) -> Any:
    if not isinstance(text, str):
        raise _BadRow(f"{what} is not text")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise _BadRow(f"{what} is not JSON") from None


def _warn_if_readable(path: Path) -> None:
    """Log a warning for the database or a side file that others than its owner may read."""
    for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            mode = each.stat().st_mode
        except OSError:
            continue
        if stat.S_ISREG(mode) and mode & 0o077:
            _log.warning(
                "%s is readable by others than its owner (mode %s); it holds every table's hidden cards: "
                "chmod 600 it",
                each,
                oct(stat.S_IMODE(mode)),
            )
