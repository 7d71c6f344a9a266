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
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Literal

import attrs

from ._base import BaseGame
from ._errors import ConfigError
from ._json import JSON
from ._lineup import BotSpec, LineupEntry, resolve_lineup
from ._numerals import whole_number
from ._random import Rng
from ._ratings import Rating, entry_labels, rate

__all__ = ["BotError", "BotStanding", "MatchResult", "SideStanding", "TournamentResult", "tournament"]

Backend = Literal["local", "ray"]
StartMethod = Literal["fork", "spawn", "forkserver"]


@attrs.frozen
class BotError:
    """A bot that raised or returned an illegal move; the match ended there, lost by that bot."""

    match: int
    match_seed: int
    seat: int
    bot: str
    message: str
    view: dict[str, Any] = attrs.field(eq=False, hash=False)


@attrs.frozen
class MatchResult:
    """One match: who sat where, who won, the scores and the bots' thinking time."""

    index: int
    seed: int
    seating: tuple[str, ...]
    winners: frozenset[int]
    scores: tuple[float, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...] = attrs.field(eq=False, hash=False)
    error: BotError | None = None


@attrs.frozen
class BotStanding:
    """One bot's results over the tournament, every seat it played counted."""

    bot: str
    played: int
    wins: int
    mean_score: float
    mean_decision_seconds: float
    errors: int

    @property
    def win_rate(self) -> float:
        """The share of its seats that were among the winners."""
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
            for positions in self.side_positions(match):
                seats = {(p - match.index) % n for p in positions}
                if match.error is not None and match.error.seat not in seats:
                    continue  # voided by another side's bot
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
            played = wins = errors = decisions = 0
            score = seconds = 0.0
            for match in self.matches:
                for seat, name in enumerate(match.seating):
                    if name != bot:
                        continue
                    if match.error is not None and match.error.seat != seat:
                        continue  # a match voided by another bot's fault does not count for this one
                    played += 1
                    wins += seat in match.winners
                    score += match.scores[seat]
                    decisions += match.decisions[seat]
                    seconds += match.seconds[seat]
                    errors += match.error is not None and match.error.seat == seat
            rows.append(
                BotStanding(
                    bot=bot,
                    played=played,
                    wins=wins,
                    mean_score=score / played if played else 0.0,
                    mean_decision_seconds=seconds / decisions if decisions else 0.0,
                    errors=errors,
                )
            )
        return tuple(rows)

    @property
    def errors(self) -> tuple[BotError, ...]:
        return tuple(m.error for m in self.matches if m.error is not None)

    def table(self) -> str:
        """The standings as a text table: a row per bot, a row per lineup entry with its rating, then a
        row per side."""
        ratings = self.ratings
        width = max(14, *(len(bot) for bot in self.lineup))
        lines = [
            f"{'bot':{width}} {'played':>7} {'wins':>6} {'win rate':>9} {'95% CI':>15} "
            f"{'mean score':>11} {'ms/decision':>12} {'errors':>7}"
        ]
        for row in self.standings:
            low, high = row.confidence
            lines.append(
                f"{row.bot:{width}} {row.played:>7} {row.wins:>6} {row.win_rate:>9.1%} "
                f"{f'{low:.1%}-{high:.1%}':>15} "
                f"{row.mean_score:>11.2f} {row.mean_decision_seconds * 1000:>12.3f} {row.errors:>7}"
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
            "matches": [
                {
                    "index": m.index,
                    "seed": m.seed,
                    "seating": list(m.seating),
                    "winners": sorted(m.winners),
                    "scores": list(m.scores),
                    "error": None if m.error is None else attrs.asdict(m.error),
                }
                for m in self.matches
            ],
        }

    def to_csv(self) -> str:
        """One line per match and seat."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["match", "seed", "seat", "bot", "won", "score", "decisions", "seconds", "error"])
        for m in self.matches:
            for seat, bot in enumerate(m.seating):
                error = m.error.message if m.error is not None and m.error.seat == seat else ""
                writer.writerow(
                    [m.index, m.seed, seat, bot, int(seat in m.winners), m.scores[seat], m.decisions[seat],
                     f"{m.seconds[seat]:.6f}", error]
                )  # fmt: skip
        return out.getvalue()


def _wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a tournament seeded ``seed``."""
    return Rng.from_seed(seed, index).next64() >> 1


def deal_index(index: int, duplicate: bool) -> int:
    """The deal match ``index`` plays: its own, or in duplicate the one it shares with its twin.

    In duplicate, matches ``2k`` and ``2k + 1`` play the same deal (the same match seed) with the
    seats rotated by one between them, which swaps the sides of a partnership game: the luck of
    the cards is the same for both, and what differs is how the bots played them.
    """
    return index // 2 if duplicate else index


def seating(lineup: Sequence[Any], index: int) -> tuple[Any, ...]:
    """Seat ``s`` of match ``index`` is played by ``lineup[(s + index) % n]``: every bot sits everywhere."""
    n = len(lineup)
    return tuple(lineup[(seat + index) % n] for seat in range(n))


def run_match(
    game_data: dict[str, Any], lineup: Sequence[BotSpec], seed: int, index: int, duplicate: bool = False
) -> MatchResult:
    """Play match ``index`` of a tournament; a bot's failure ends it as that bot's loss."""
    from ._registry import games

    game = games()[game_data["game"]].from_dict(game_data)
    specs: tuple[BotSpec, ...] = seating(lineup, index)
    seats = tuple(spec.label for spec in specs)
    mseed = match_seed(seed, deal_index(index, duplicate))
    n = game.players
    decisions = [0] * n
    seconds = [0.0] * n
    state = game.new_state(mseed)
    error: BotError | None = None
    bots = []
    for seat, spec in enumerate(specs):
        try:
            bots.append(spec.build(game, match_seed(mseed, seat)))
        except Exception as exc:  # the user's factory, built for this match's seed
            message = f"building the bot raised {type(exc).__name__}: {exc}"
            error = BotError(index, mseed, seat, seats[seat], message, state.view(seat).to_dict())
            break
    while error is None and not state.is_terminal:
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_moves()
        start = time.process_time()  # CPU time: what the bot spent, whatever else the machine runs
        try:
            move = bots[seat].choose(view, legal)
            seconds[seat] += time.process_time() - start
            decisions[seat] += 1
            state = state.apply(move)
        except Exception as exc:  # a bot's bug or an illegal move: either ends the match as its loss
            error = BotError(index, mseed, seat, seats[seat], f"{type(exc).__name__}: {exc}", view.to_dict())
            break
    if error is not None:
        winners = frozenset(s for s in range(n) if s != error.seat)
        scores = tuple(0.0 for _ in range(n))
    else:
        outcome = state.outcome
        assert outcome is not None
        winners, scores = outcome.winners, outcome.scores
    return MatchResult(index, mseed, seats, winners, scores, tuple(decisions), tuple(seconds), error)


def _progress(done: int, total: int, start: float) -> None:
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed > 0 else 0.0
    left = (total - done) / rate if rate else 0.0
    width = 30
    filled = int(width * done / total)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches, {rate:.1f}/s, {left:.0f}s left "
    )
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


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
    duplicate: bool = False,
) -> TournamentResult:
    """Play ``matches`` matches of ``game`` between the bots of ``lineup``, one entry per seat.

    An entry is a bot name (:func:`cardrules.bots.make_bot`), an import string
    ``"package.module:attribute"`` naming a factory, a factory
    ``(game, seed) -> Player``, or a Player (copied afresh for each match); a
    single entry fills every seat.  Seats rotate from match to match.
    ``jobs`` worker processes play in parallel (``backend="local"``, started
    by ``start_method``, the platform's default if ``None``), or a Ray cluster
    at ``address`` does (``backend="ray"``, needs the ``ray`` extra); the
    results are the same on every backend.  A progress bar is drawn on a
    terminal unless ``progress=False``.  With ``duplicate=True`` the matches
    go in pairs that play the same deal with the seats rotated by one (the
    sides swapped, in a partnership game; :func:`deal_index`): ``matches``
    must then be even.  Every bad argument and every lineup
    entry that does not build a Player is a :class:`ConfigError`, raised
    before any match starts.
    """
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise ConfigError(f"matches must be an integer >= 1; got {matches!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"jobs must be an integer >= 1; got {jobs!r}")
    if not isinstance(duplicate, bool) or (duplicate and matches % 2):
        raise ConfigError(
            f"duplicate must be True or False, and True needs an even number of matches; got {duplicate!r} with {matches}"
        )
    if backend not in ("local", "ray"):
        raise ConfigError(f"backend must be 'local' or 'ray'; got {backend!r}")
    if start_method is not None and start_method not in multiprocessing.get_all_start_methods():
        raise ConfigError(
            f"start_method must be one of {', '.join(multiprocessing.get_all_start_methods())}; got {start_method!r}"
        )
    if backend == "local" and address is not None:
        raise ConfigError("address is for backend='ray'; the local backend runs on this machine")
    ships: Literal["no", "pickle", "ray"] = "ray" if backend == "ray" else "pickle" if jobs > 1 else "no"
    specs = resolve_lineup(game, lineup, ships=ships)
    show = sys.stderr.isatty() if progress is None else progress
    game_data = game.to_dict()
    start = time.perf_counter()
    results: list[MatchResult] = []
    if backend == "ray":
        found = _ray_results(game_data, specs, seed, matches, jobs, address, duplicate)
    else:
        found = _local_results(game_data, specs, seed, matches, jobs, start_method, duplicate)
    for result in found:
        results.append(result)
        if show:
            _progress(len(results), matches, start)
    results.sort(key=lambda r: r.index)
    return TournamentResult(
        game=game_data,
        lineup=tuple(spec.label for spec in specs),
        seed=seed,
        matches=tuple(results),
        seat_sides=game.sides(),
    )


def _local_results(
    game_data: dict[str, Any],
    lineup: tuple[BotSpec, ...],
    seed: int,
    matches: int,
    jobs: int,
    start_method: StartMethod | None,
    duplicate: bool = False,
) -> Iterator[MatchResult]:
    if jobs == 1:
        for index in range(matches):
            yield run_match(game_data, lineup, seed, index, duplicate)
        return
    context = multiprocessing.get_context(start_method)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(run_match, game_data, lineup, seed, i, duplicate) for i in range(matches)]
        for future in as_completed(futures):
            yield future.result()


def _ray_results(
    game_data: dict[str, Any],
    lineup: tuple[BotSpec, ...],
    seed: int,
    matches: int,
    jobs: int,
    address: str | None,
    duplicate: bool = False,
) -> Iterator[MatchResult]:
    try:
        import ray
    except ImportError:
        raise ConfigError("backend='ray' needs Ray: pip install 'cardrules[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        if address is None:
            # A private local instance, on the loopback interface only.
            # Its workers import what this process imports: the same module search path.
            ray.init(
                num_cpus=jobs,
                include_dashboard=False,
                log_to_driver=False,
                _node_ip_address="127.0.0.1",
                runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}},
            )
        else:
            _check_reachable(address)
            try:
                ray.init(address=address, log_to_driver=False)
            except Exception as exc:  # Ray reports a bad cluster in several ways
                raise ConfigError(f"cannot join the Ray cluster at {address!r}: {exc}") from None
        started_here = True
    remote: Callable[..., Any] = ray.remote(run_match).remote
    pending = [remote(game_data, lineup, seed, i, duplicate) for i in range(matches)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def _check_reachable(address: str) -> None:
    """Fail fast, before Ray's own minute of retries, on an address that is malformed or closed."""
    import socket

    host, _, digits = address.removeprefix("ray://").rpartition(":")
    port = whole_number(digits)
    if not host or port is None or port > 65535:
        raise ConfigError(f"the Ray address must be HOST:PORT (e.g. 127.0.0.1:6379); got {address!r}")
    try:
        with socket.create_connection((host, port), timeout=3):
            pass
    except OSError as exc:
        raise ConfigError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


def save(result: TournamentResult, stem: str) -> tuple[str, str]:
    """Write ``stem.json`` and ``stem.csv``; returns their paths."""
    json_path, csv_path = f"{stem}.json", f"{stem}.csv"
    with open(json_path, "w", encoding="utf-8") as handle:
        json.dump(result.to_dict(), handle, ensure_ascii=False, indent=1)
    with open(csv_path, "w", encoding="utf-8", newline="") as handle:
        handle.write(result.to_csv())
    return json_path, csv_path
