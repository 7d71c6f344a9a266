"""Tournaments between bots: many seeded matches, seats rotated, run in parallel.

Every match is reproducible from the tournament seed and its index, whatever
the number of jobs, the start method of the worker processes or the backend,
so results are equal for equal seeds.  A seat's bot is built afresh for every
match, in the process that plays it, from its lineup entry (see
:mod:`cardrules._lineup`).
"""

from __future__ import annotations

import csv
import io
import json
import math
import multiprocessing
import os
import shlex
import sys
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, Literal

import attrs

from ._arguments import integer
from ._base import BaseGame, check_game
from ._errors import ConfigError
from ._journal import Journal, match_to_dict
from ._json import JSON
from ._lineup import LineupEntry, resolve_lineup
from ._ratings import Rating, entry_labels, rate
from ._registry import games
from ._runners import (
    BotError,
    MatchResult,
    cpu_limit,
    executor_results,
    match_seed,
    process_results,
    ray_address,
    ray_results,
    run_match,
    run_matches,
    seating,
)
from .bots import make_bot

__all__ = [
    "MAX_MATCHES",
    "BotError",
    "BotStanding",
    "MatchResult",
    "SideStanding",
    "TournamentResult",
    "match_seed",
    "run_match",
    "run_matches",
    "save",
    "seating",
    "tournament",
]

#: A tournament plays at most this many matches (each is kept in its result).
MAX_MATCHES = 10_000_000

Backend = Literal["local", "ray"]
StartMethod = Literal["fork", "spawn", "forkserver"]


@attrs.frozen
class BotStanding:
    """One bot's results over the tournament, every seat it played counted.

    ``played`` counts the seats of matches played to their end, which alone
    count for wins and scores; ``failed`` the seats of matches a bot's error
    ended (the bot's own or another's), ``errors`` the failures that were its own.
    """

    bot: str
    played: int
    wins: int
    mean_score: float
    mean_decision_seconds: float
    errors: int
    failed: int = 0

    @property
    def win_rate(self) -> float:
        """The share of its seats, in matches played to their end, that were among the winners."""
        return self.wins / self.played if self.played else 0.0

    @property
    def confidence(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return _wilson(self.wins, self.played)


@attrs.frozen
class SideStanding:
    """The results of lineup entries that share an outcome: a partnership, a team, or one bot's seats.

    ``positions`` are indices into the lineup.  A side wins a match when any
    of its seats is among the winners (all of them, for a partnership or a
    team), so ``random`` at both Malilla partnerships reads as two sides near
    50%, not as one bot winning half its seats.
    """

    bots: tuple[str, ...]
    positions: tuple[int, ...]
    played: int
    wins: int

    @property
    def label(self) -> str:
        """The side's bots and lineup positions, as the table shows them."""
        return f"{' + '.join(self.bots)} [{','.join(map(str, self.positions))}]"

    @property
    def win_rate(self) -> float:
        """The share of matches the side won."""
        return self.wins / self.played if self.played else 0.0

    @property
    def confidence(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return _wilson(self.wins, self.played)


@attrs.frozen
class TournamentResult:
    """Every match, and the standings computed from them."""

    game: dict[str, JSON]
    lineup: tuple[str, ...]
    seed: int
    matches: tuple[MatchResult, ...]
    #: The game's sides (:meth:`BaseGame.sides`), as seats.
    seat_sides: tuple[frozenset[int], ...] = ()

    @property
    def sides(self) -> tuple[SideStanding, ...]:
        """A row per side where seats share an outcome: the game's partnerships or teams, else
        each bot that sits at several seats; empty when every side is one seat."""
        tally: dict[frozenset[int], list[int]] = {}
        n = len(self.lineup)
        for match in self.matches:
            if match.error is not None:
                continue  # failed: no side played it to the end
            for positions in self.side_positions(match):
                seats = {(p - match.index) % n for p in positions}
                played_won = tally.setdefault(positions, [0, 0])
                played_won[0] += 1
                played_won[1] += bool(seats & match.winners)
        return tuple(
            SideStanding(tuple(self.lineup[p] for p in sorted(key)), tuple(sorted(key)), played, wins)
            for key, (played, wins) in sorted(tally.items(), key=lambda kv: sorted(kv[0]))
        )

    def side_positions(self, match: MatchResult) -> list[frozenset[int]]:
        """The lineup positions of each side in ``match``: where the game's partnerships or teams
        sat, or, in a game of single seats, the positions of each bot that sits at several."""
        n = len(self.lineup)
        if any(len(side) > 1 for side in self.seat_sides):
            return [frozenset((seat + match.index) % n for seat in side) for side in self.seat_sides]
        repeated = [bot for bot in dict.fromkeys(self.lineup) if self.lineup.count(bot) > 1]
        return [frozenset(p for p, bot in enumerate(self.lineup) if bot == name) for name in repeated]

    @property
    def entries(self) -> tuple[str, ...]:
        """A distinct name per lineup position, as the ratings are keyed: the bot's label, or where the
        lineup repeats the bot, the label and the position (``random@2``)."""
        return entry_labels(self.lineup)

    @property
    def ratings(self) -> dict[str, Rating] | None:
        """Each lineup entry's openskill rating over the matches, keyed by :attr:`entries` in lineup
        order, or ``None`` without the ``ratings`` extra.

        Every entry is a participant of its own, so a bot at two seats gets two ratings, rated against
        each other as well.  See :mod:`cardrules._ratings` for how matches become rating updates.
        """
        return rate(self)

    @property
    def standings(self) -> tuple[BotStanding, ...]:
        """One row per distinct bot name of the lineup, in lineup order."""
        rows = []
        for bot in dict.fromkeys(self.lineup):
            played = wins = errors = failed = decisions = 0
            score = seconds = 0.0
            for match in self.matches:
                for seat, name in enumerate(match.seating):
                    if name != bot:
                        continue
                    decisions += match.decisions[seat]
                    seconds += match.seconds[seat]
                    if match.error is not None:
                        failed += 1
                        errors += match.error.seat == seat
                        continue
                    played += 1
                    wins += seat in match.winners
                    score += match.scores[seat]
            rows.append(
                BotStanding(
                    bot=bot,
                    played=played,
                    wins=wins,
                    mean_score=score / played if played else 0.0,
                    mean_decision_seconds=seconds / decisions if decisions else 0.0,
                    errors=errors,
                    failed=failed,
                )
            )
        return tuple(rows)

    @property
    def errors(self) -> tuple[BotError, ...]:
        """The error that failed each failed match, in match order."""
        return tuple(m.error for m in self.matches if m.error is not None)

    def replay_command(self, error: BotError) -> str | None:
        """The ``cardrules tournament`` command line that replays the match ``error`` failed, alone, in
        one process (``--match``), or ``None`` where the lineup or an option cannot be written on a
        command line (a Player instance, a function of ``__main__``, a deck given as data)."""
        game = games()[str(self.game["game"])].from_dict(self.game)
        if not all(_on_a_command_line(bot, game) for bot in self.lineup):
            return None
        words = ["cardrules", "tournament", str(self.game["game"]), "--lineup", ",".join(self.lineup)]
        words += ["--seed", str(self.seed), "--match", str(error.match)]
        options, defaults = game.to_dict()["data"], type(game)().to_dict()["data"]
        assert isinstance(options, dict) and isinstance(defaults, dict)
        for name, value in options.items():
            if value == defaults.get(name):
                continue
            if isinstance(value, bool):
                words += [f"--{name.replace('_', '-')}", str(value).lower()]
            elif isinstance(value, int | str):
                words += [f"--{name.replace('_', '-')}", str(value)]
            else:
                return None
        return shlex.join(words)

    def table(self) -> str:
        """The standings as a text table: a row per bot, a row per lineup entry with its rating, then a
        row per side."""
        ratings = self.ratings
        width = max(14, *(len(bot) for bot in self.lineup))
        lines = [
            f"{'bot':{width}} {'played':>7} {'wins':>6} {'win rate':>9} {'95% CI':>15} "
            f"{'mean score':>11} {'ms/decision':>12} {'failed':>7} {'errors':>7}"
        ]
        for row in self.standings:
            low, high = row.confidence
            lines.append(
                f"{row.bot:{width}} {row.played:>7} {row.wins:>6} {row.win_rate:>9.1%} "
                f"{f'{low:.1%}-{high:.1%}':>15} "
                f"{row.mean_score:>11.2f} {row.mean_decision_seconds * 1000:>12.3f} {row.failed:>7} "
                f"{row.errors:>7}"
            )
        if ratings is not None:
            entry_width = max(width, *(len(entry) for entry in ratings))
            lines += ["", f"{'entry':{entry_width}} {'position':>8} {'rating':>12} {'ordinal':>8}"]
            for position, (entry, rating) in enumerate(ratings.items()):
                lines.append(f"{entry:{entry_width}} {position:>8} {rating!s:>12} {rating.ordinal:>8.1f}")
        sides = self.sides
        if sides:
            side_width = max(width, *(len(side.label) for side in sides))
            lines += [
                "",
                f"{'side [lineup positions]':{side_width}} {'played':>7} {'wins':>6} {'win rate':>9} {'95% CI':>15}",
            ]
            for side in sides:
                low, high = side.confidence
                lines.append(
                    f"{side.label:{side_width}} {side.played:>7} {side.wins:>6} {side.win_rate:>9.1%} "
                    f"{f'{low:.1%}-{high:.1%}':>15}"
                )
        if ratings is None:
            lines += ["", "ratings need the ratings extra: pip install 'cardrules[ratings]'"]
        failed = len(self.errors)
        if failed:
            lines += [
                "",
                f"{failed} of {len(self.matches)} matches failed on a bot's error: counted as failed, "
                "not as played, for every bot at the table",
            ]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the standings, the ratings (``None`` without the extra), the sides and
        every match."""
        ratings = self.ratings
        return {
            "game": self.game,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "standings": [
                {
                    **attrs.asdict(row),
                    "win_rate": row.win_rate,
                    "ci95": list(row.confidence),
                }
                for row in self.standings
            ],
            "ratings": None
            if ratings is None
            else [
                {"entry": entry, "position": position, "bot": bot, **rating.to_dict()}
                for position, (bot, (entry, rating)) in enumerate(
                    zip(self.lineup, ratings.items(), strict=True)
                )
            ],
            "sides": [
                {
                    "bots": list(side.bots),
                    "positions": list(side.positions),
                    "played": side.played,
                    "wins": side.wins,
                    "win_rate": side.win_rate,
                    "ci95": list(side.confidence),
                }
                for side in self.sides
            ],
            "matches": [match_to_dict(m) for m in self.matches],
        }

    def to_csv(self) -> str:
        """One line per match and seat."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            ["match", "seed", "seat", "bot", "status", "won", "score", "decisions", "seconds", "error"]
        )
        for m in self.matches:
            for seat, bot in enumerate(m.seating):
                won: object = ""
                score: object = ""
                error = ""
                if m.error is None:
                    status, won, score = "played", int(seat in m.winners), m.scores[seat]
                else:
                    status = "failed"
                    error = m.error.message if m.error.seat == seat else ""
                writer.writerow(
                    [m.index, m.seed, seat, bot, status, won, score, m.decisions[seat], f"{m.seconds[seat]:.6f}",
                     error]
                )  # fmt: skip
        return out.getvalue()


def _wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _on_a_command_line(label: str, game: BaseGame[Any, Any]) -> bool:
    """Whether a lineup label means the same bot when the command line reads it back."""
    if ":" in label:
        return " " not in label and "<locals>" not in label
    try:
        make_bot(label, game)
    except ConfigError:
        return False
    return True


class _Progress:
    """A progress bar on standard error: tqdm's where it is installed, else a line of its own."""

    def __init__(self, total: int, done: int) -> None:
        self.total = total
        self.done = done
        self.start = time.perf_counter()
        try:
            from tqdm import tqdm
        except ImportError:
            self.bar: Any = None
        else:
            self.bar = tqdm(total=total, initial=done, unit="match", file=sys.stderr, dynamic_ncols=True)

    def add(self, count: int) -> None:
        self.done += count
        if self.bar is not None:
            self.bar.update(count)
            return
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate else 0.0
        width = 30
        filled = int(width * self.done / self.total)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} matches, {rate:.1f}/s, "
            f"{left:.0f}s left "
        )
        if self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def tournament(
    game: BaseGame[Any, Any],
    lineup: Sequence[LineupEntry] | str,
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    *,
    backend: Backend = "local",
    address: str | None = None,
    start_method: StartMethod | None = None,
    progress: bool | None = None,
    executor: Executor | None = None,
    runtime_env: dict[str, Any] | None = None,
    journal: str | os.PathLike[str] | None = None,
    resume: bool = False,
    only: Sequence[int] | None = None,
    duplicate: bool = False,
) -> TournamentResult:
    """Play ``matches`` matches of ``game`` between the bots of ``lineup``, one entry per seat.

    An entry is a bot name (:func:`cardrules.bots.make_bot`), an import string
    ``"package.module:attribute"`` naming a factory, a factory
    ``(game, seed) -> Player``, or a Player (copied afresh for each match); a
    single entry fills every seat.  Seats rotate from match to match.

    Where the matches are played (the results are the same everywhere):
    ``jobs`` worker processes (``backend="local"``, started by
    ``start_method``, the platform's default if ``None``); ``jobs`` is capped,
    with a warning, at the CPUs this process may use and at the number of
    matches.  Or the workers of ``executor``, any
    :class:`concurrent.futures.Executor` (``jobs`` then sets how finely the
    matches are cut into tasks).  Or Ray (``backend="ray"``, the ``ray``
    extra): a private local instance of ``jobs`` CPUs, or the cluster at
    ``address`` (``"HOST:PORT"``, ``"ray://HOST:PORT"``, ``"auto"``; ``None``
    reads ``RAY_ADDRESS``), with ``runtime_env`` (e.g.
    ``{"working_dir": "."}`` to ship the user's bot modules).

    ``journal`` names a JSON-lines file where each match is written as it
    ends; ``resume=True`` keeps the matches a file of the same tournament
    already holds and plays only the others.  ``only`` plays just those match
    indices (to replay a failed one).  A progress bar is drawn on a terminal
    unless ``progress=False``.  A bot's error fails its match, which keeps
    the traceback.  With ``duplicate=True`` the matches go in pairs that play
    the same deal with the seats rotated by one (the sides swapped, in a
    partnership game): ``matches`` must then be even.
    Every bad argument and every lineup entry that does not build a Player is
    a :class:`ConfigError`, raised before any match starts.
    """
    check_game("tournament", game)
    integer("matches", matches, 1, MAX_MATCHES)
    integer("jobs", jobs, 1)
    if backend not in ("local", "ray"):
        raise ConfigError(f"backend must be 'local' or 'ray'; got {backend!r}")
    if start_method is not None and start_method not in multiprocessing.get_all_start_methods():
        raise ConfigError(
            f"start_method must be one of {', '.join(multiprocessing.get_all_start_methods())}; got {start_method!r}"
        )
    if backend == "local" and (address is not None or runtime_env is not None):
        raise ConfigError(
            "address and runtime_env are for backend='ray'; the local backend runs on this machine"
        )
    if executor is not None and (backend != "local" or not isinstance(executor, Executor)):
        raise ConfigError(
            f"executor must be a concurrent.futures.Executor, with the local backend; got {executor!r:.80}"
        )
    if runtime_env is not None and not isinstance(runtime_env, dict):
        raise ConfigError(f"runtime_env must be a dict (Ray's runtime environment); got {runtime_env!r:.80}")
    if type(duplicate) is not bool or (duplicate and matches % 2):
        raise ConfigError(
            "duplicate must be True or False, and True needs an even number of matches (each deal is "
            f"played twice); got duplicate={duplicate!r:.40} with matches={matches}"
        )
    if resume and journal is None:
        raise ConfigError("resume needs the journal file to resume from")
    indices = _indices(matches, only)
    ray_cluster = backend == "ray" and (address is not None or bool(os.environ.get("RAY_ADDRESS")))
    if executor is None and not ray_cluster:
        jobs = _bounded_jobs(jobs, len(indices))
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ConfigError("backend='ray' needs Ray: pip install 'cardrules[ray]'") from None
        address = ray_address(address)
    spread = backend == "ray" or executor is not None or jobs > 1
    ships: Literal["no", "pickle", "ray"] = "ray" if backend == "ray" else "pickle" if spread else "no"
    specs = resolve_lineup(game, lineup, ships=ships)
    labels = tuple(spec.label for spec in specs)
    game_data = game.to_dict()
    log = None
    done: dict[int, MatchResult] = {}
    if journal is not None:
        header = {
            "tournament": {"game": game_data, "lineup": list(labels), "seed": seed, "duplicate": duplicate}
        }
        log = Journal(journal, header, resume=resume)
        done = {i: result for i, result in log.done.items() if i in set(indices)}
    todo = [i for i in indices if i not in done]
    show = sys.stderr.isatty() if progress is None else progress
    bar = _Progress(len(indices), len(done)) if show else None
    found: Iterator[list[MatchResult]]
    if not todo:
        found = iter(())
    elif backend == "ray":
        found = ray_results(game_data, specs, seed, todo, jobs, address, runtime_env, duplicate)
    elif executor is not None:
        found = executor_results(executor, game_data, specs, seed, todo, jobs, duplicate)
    elif jobs == 1:
        found = ([run_match(game, specs, seed, i, duplicate)] for i in todo)
    else:
        found = process_results(
            game_data, specs, seed, todo, jobs, multiprocessing.get_context(start_method), duplicate
        )
    results = list(done.values())
    try:
        for chunk in found:
            results += chunk
            if log is not None:
                log.write(chunk)
            if bar is not None:
                bar.add(len(chunk))
    finally:
        if log is not None:
            log.close()
        if bar is not None:
            bar.close()
    results.sort(key=lambda r: r.index)
    return TournamentResult(
        game=game_data, lineup=labels, seed=seed, matches=tuple(results), seat_sides=game.sides()
    )


def _indices(matches: int, only: Sequence[int] | None) -> list[int]:
    if only is None:
        return list(range(matches))
    if isinstance(only, str | bytes) or not isinstance(only, Sequence):
        raise ConfigError(f"only must be a list of match indices; got {only!r:.80}")
    picked = []
    for index in only:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < matches:
            raise ConfigError(f"only: a match index is an integer from 0 to {matches - 1}; got {index!r:.40}")
        picked.append(index)
    return sorted(set(picked))


def _bounded_jobs(jobs: int, matches: int) -> int:
    """``jobs`` capped at the CPUs this process may use and at the number of matches, with a word."""
    cpus = cpu_limit()
    bounded = min(jobs, cpus, matches)
    if bounded < jobs:
        why = (
            f"{cpus} CPU{'s' if cpus > 1 else ''} available"
            if bounded == cpus
            else f"{matches} matches to play"
        )
        warnings.warn(f"jobs={jobs} capped at {bounded}: {why}", RuntimeWarning, stacklevel=3)
    return bounded


def save(result: TournamentResult, stem: str) -> tuple[str, str]:
    """Write ``stem.json`` and ``stem.csv``; returns their paths."""
    json_path, csv_path = f"{stem}.json", f"{stem}.csv"
    with open(json_path, "w", encoding="utf-8") as handle:
        json.dump(result.to_dict(), handle, ensure_ascii=False, indent=1)
    with open(csv_path, "w", encoding="utf-8", newline="") as handle:
        handle.write(result.to_csv())
    return json_path, csv_path
