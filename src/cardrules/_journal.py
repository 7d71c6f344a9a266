"""A tournament's results written as they come, one JSON line per match, so that it can resume.

The first line names the tournament (game, lineup, seed); each next line is
one :class:`MatchResult`.  A tournament that resumes from the file checks the
first line is its own, keeps every match already written and plays only the
others.  A last line cut short by an interruption is dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import IO, Any

from ._errors import ConfigError
from ._runners import BotError, MatchResult
from ._words import cut

__all__ = ["Journal", "match_from_dict", "match_to_dict"]


def match_to_dict(match: MatchResult) -> dict[str, Any]:
    """One match as JSON-ready data: what the JSON export lists and the journal writes."""
    error = match.error
    return {
        "index": match.index,
        "seed": match.seed,
        "status": "failed" if error is not None else "played",
        "seating": list(match.seating),
        "winners": sorted(match.winners),
        "scores": list(match.scores),
        "decisions": list(match.decisions),
        "seconds": list(match.seconds),
        "error": None
        if error is None
        else {
            "match": error.match,
            "match_seed": error.match_seed,
            "seat": error.seat,
            "bot": error.bot,
            "message": error.message,
            "view": error.view,
            "traceback": error.traceback,
        },
    }


def match_from_dict(data: dict[str, Any]) -> MatchResult:
    """The match :func:`match_to_dict` wrote; ``KeyError``, ``TypeError`` or ``ValueError`` for other data."""
    error = data["error"]
    return MatchResult(
        index=int(data["index"]),
        seed=int(data["seed"]),
        seating=tuple(str(bot) for bot in data["seating"]),
        winners=frozenset(int(seat) for seat in data["winners"]),
        scores=tuple(float(score) for score in data["scores"]),
        decisions=tuple(int(count) for count in data["decisions"]),
        seconds=tuple(float(s) for s in data["seconds"]),
        error=None
        if error is None
        else BotError(
            int(error["match"]),
            int(error["match_seed"]),
            int(error["seat"]),
            str(error["bot"]),
            str(error["message"]),
            dict(error["view"]),
            str(error["traceback"]),
        ),
    )


class Journal:
    """The JSON-lines file of one tournament, open for appending."""

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any], *, resume: bool) -> None:
        self.path = os.fspath(path)
        header = json.loads(json.dumps(header))  # as it reads back
        self.done: dict[int, MatchResult] = {}
        exists = os.path.exists(self.path) and os.path.getsize(self.path) > 0
        if exists and not resume:
            raise ConfigError(
                f"{self.path} already holds tournament results: resume it (--resume, resume=True) or "
                "choose another file"
            )
        if exists:
            self.done = _read(self.path, header)
        self._file: IO[str] = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
        if not exists:
            self._write(header)

    def write(self, results: Iterable[MatchResult]) -> None:
        """Append these matches and flush, so that an interruption keeps them."""
        for result in results:
            self._file.write(json.dumps(match_to_dict(result), ensure_ascii=False) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, ensure_ascii=False) + "\n")
        self._file.flush()


def _read(path: str, header: dict[str, Any]) -> dict[int, MatchResult]:
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    complete = lines[:-1]  # the text after the last newline is a line the interruption cut short
    if lines[-1].strip():
        _truncate(path, sum(len(line.encode()) + 1 for line in complete))
    try:
        found = json.loads(complete[0]) if complete else None
    except json.JSONDecodeError:
        found = None
    if found != header:
        raise ConfigError(
            f"{path} holds another tournament ({cut(str(found), 160)}), not this one "
            f"({cut(str(header), 160)}); choose another file"
        )
    done: dict[int, MatchResult] = {}
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        try:
            result = match_from_dict(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(
                f"{path}, line {number}: not a match result ({type(exc).__name__}: {exc})"
            ) from None
        done[result.index] = result
    return done


def _truncate(path: str, size: int) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(size)
