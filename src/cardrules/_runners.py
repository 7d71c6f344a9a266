"""Where a tournament's matches are played: this process, worker processes, any executor, or Ray.

Matches travel in chunks (a list of match indices per task), so a worker
process or a Ray task pays its start-up and the game's rebuilding once per
chunk, not once per match; every runner yields the results of each chunk as
it ends, so they can be written down as they come.  A match depends only on
the tournament seed and its index, so every runner gives the same results.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from ._base import BaseGame
from ._errors import ConfigError
from ._lineup import BotSpec
from ._numerals import whole_number
from ._random import Rng
from ._registry import games

__all__ = [
    "BotError",
    "MatchResult",
    "chunks",
    "cpu_limit",
    "executor_results",
    "match_seed",
    "ray_results",
    "run_match",
    "run_matches",
    "seating",
]

#: A kept traceback is cut to its last this many characters: a deep recursion stays small.
TRACEBACK_CHARS = 8000


@attrs.frozen
class BotError:
    """A bot that raised or returned an illegal move: the match failed there.

    ``traceback`` is the Python traceback of the failure, as text (its last
    8,000 characters), and ``view`` the failing seat's view.
    """

    match: int
    match_seed: int
    seat: int
    bot: str
    message: str
    view: dict[str, Any] = attrs.field(eq=False, hash=False)
    traceback: str = attrs.field(default="", eq=False, hash=False)


@attrs.frozen
class MatchResult:
    """One match: who sat where, who won, the scores and the bots' thinking time.

    A match a bot's error ended (``error`` is set) failed: it has no winners
    and its scores are zeros.
    """

    index: int
    seed: int
    seating: tuple[str, ...]
    winners: frozenset[int]
    scores: tuple[float, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...] = attrs.field(eq=False, hash=False)
    error: BotError | None = None

    @property
    def failed(self) -> bool:
        """Whether a bot's error ended the match before its end."""
        return self.error is not None


def cpu_limit() -> int:
    """The CPUs this process may run on: the most worker processes that can run at once."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        found: int | None = counter()
    elif hasattr(os, "sched_getaffinity"):
        found = len(os.sched_getaffinity(0))
    else:  # pragma: no cover - macOS and Windows before 3.13
        found = os.cpu_count()
    return max(1, found or 1)


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


def chunks(indices: Sequence[int], jobs: int) -> list[list[int]]:
    """``indices`` cut into chunks: about four per job, so that the last ones keep every job busy,
    and none above 64 matches, so that results come in steadily."""
    size = max(1, min(64, len(indices) // (4 * jobs)))
    return [list(indices[at : at + size]) for at in range(0, len(indices), size)]


def run_matches(
    game_data: dict[str, Any],
    lineup: Sequence[BotSpec],
    seed: int,
    indices: Sequence[int],
    duplicate: bool = False,
) -> list[MatchResult]:
    """Play the matches ``indices`` of a tournament (one chunk), the game built once."""
    game = games()[game_data["game"]].from_dict(game_data)
    return [run_match(game, lineup, seed, index, duplicate) for index in indices]


def run_match(
    game: BaseGame[Any, Any] | dict[str, Any],
    lineup: Sequence[BotSpec],
    seed: int,
    index: int,
    duplicate: bool = False,
) -> MatchResult:
    """Play match ``index`` of a tournament; a bot's failure ends it, failed, with the traceback kept."""
    if isinstance(game, dict):
        game = games()[game["game"]].from_dict(game)
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
            error = _error(index, mseed, seat, seats[seat], message, state.view(seat).to_dict())
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
        except Exception as exc:  # a bot's bug or an illegal move: either ends the match, failed
            error = _error(index, mseed, seat, seats[seat], f"{type(exc).__name__}: {exc}", view.to_dict())
            break
    if error is not None:
        return MatchResult(
            index, mseed, seats, frozenset(), (0.0,) * n, tuple(decisions), tuple(seconds), error
        )
    outcome = state.outcome
    assert outcome is not None
    return MatchResult(
        index, mseed, seats, outcome.winners, outcome.scores, tuple(decisions), tuple(seconds), None
    )


def _error(index: int, mseed: int, seat: int, bot: str, message: str, view: dict[str, Any]) -> BotError:
    text = traceback.format_exc()[-TRACEBACK_CHARS:]
    return BotError(index, mseed, seat, bot, message, view, text)


def executor_results(
    executor: Executor,
    game_data: dict[str, Any],
    lineup: tuple[BotSpec, ...],
    seed: int,
    indices: Sequence[int],
    jobs: int,
    duplicate: bool = False,
) -> Iterator[list[MatchResult]]:
    """The results of each chunk as it ends, played by ``executor``'s workers."""
    futures: list[Future[list[MatchResult]]] = [
        executor.submit(run_matches, game_data, lineup, seed, chunk, duplicate)
        for chunk in chunks(indices, jobs)
    ]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def process_results(
    game_data: dict[str, Any],
    lineup: tuple[BotSpec, ...],
    seed: int,
    indices: Sequence[int],
    jobs: int,
    context: Any,
    duplicate: bool = False,
) -> Iterator[list[MatchResult]]:
    """The results of each chunk as it ends, on ``jobs`` worker processes started by ``context``."""
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        yield from executor_results(pool, game_data, lineup, seed, indices, jobs, duplicate)


def ray_address(address: str | None) -> str | None:
    """The cluster to join: ``address``, else ``RAY_ADDRESS`` (what ``ray job submit`` sets), else
    ``None`` for a private local instance.  A malformed or closed HOST:PORT, or an ``auto`` that
    finds a stale cluster file, is a ConfigError now, before Ray's minutes of retries."""
    if address is None:
        address = os.environ.get("RAY_ADDRESS") or None
        if address is None:
            return None
    if address == "local":
        return address
    if address == "auto":
        path = ray_cluster_file()
        try:
            with open(path, encoding="utf-8") as handle:
                written = handle.read().strip()
        except OSError:
            return address  # no cluster file: Ray looks for a running instance, or says there is none
        try:
            _check_reachable(written)
        except ConfigError as exc:
            raise ConfigError(
                f"address 'auto' reads {path}, a stale cluster file: {exc}; start the cluster "
                "(ray start --head) or remove the file"
            ) from None
        return address
    _check_reachable(address)
    return address


def ray_cluster_file() -> str:
    """Where ``ray start`` writes the address that ``auto`` reads (Ray's own rule for its temp dir)."""
    temp = os.environ.get("RAY_TMPDIR") or (
        os.environ.get("TMPDIR") if sys.platform.startswith("linux") else None
    )
    return os.path.join(temp or "/tmp", "ray", "ray_current_cluster")


def _check_reachable(address: str) -> None:
    host, _, digits = address.removeprefix("ray://").rpartition(":")
    port = whole_number(digits)
    if not host or port is None or port > 65535:
        raise ConfigError(
            f"the Ray address must be HOST:PORT (e.g. 127.0.0.1:6379), ray://HOST:PORT or auto; got {address!r}"
        )
    try:
        with socket.create_connection((host, port), timeout=3):
            pass
    except OSError as exc:
        raise ConfigError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _environment(name: str, value: str) -> Iterator[None]:
    """``os.environ[name]`` is ``value`` inside the block, and what it was again after it."""
    before = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if before is None:
            del os.environ[name]
        else:
            os.environ[name] = before


def ray_results(
    game_data: dict[str, Any],
    lineup: tuple[BotSpec, ...],
    seed: int,
    indices: Sequence[int],
    jobs: int,
    address: str | None,
    runtime_env: dict[str, Any] | None,
    duplicate: bool = False,
) -> Iterator[list[MatchResult]]:
    """The results of each chunk as it ends, played as Ray tasks: on a private local instance of
    ``jobs`` CPUs, or on the cluster at ``address`` (see :func:`ray_address`)."""
    import ray

    started_here = False
    if not ray.is_initialized():
        _join(ray, jobs, address, runtime_env)
        started_here = True
    remote: Callable[..., Any] = ray.remote(run_matches).remote
    pending = [remote(game_data, lineup, seed, chunk, duplicate) for chunk in chunks(indices, jobs)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=min(jobs, len(pending)), timeout=1.0)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started_here:
            ray.shutdown()


def _join(ray: Any, jobs: int, address: str | None, runtime_env: dict[str, Any] | None) -> None:
    if address is None:
        # A private local instance, on the loopback interface only.  Its workers import what this
        # process imports: they inherit the environment of the processes ray.init starts, so the
        # module search path goes as PYTHONPATH there.  Not as a runtime_env: Ray would then set that
        # environment up and start fresh workers for it rather than its prestarted ones (seconds).
        # Ray starts its workers 15 steps nicer than itself; these play at this process's priority,
        # as local worker processes do, and do not give way to every other program on a shared machine.
        with _environment("PYTHONPATH", os.pathsep.join(p for p in sys.path if p)):
            ray.init(
                address="local",  # not a cluster a stale /tmp/ray/ray_current_cluster names
                num_cpus=jobs,
                include_dashboard=False,
                log_to_driver=False,
                _node_ip_address="127.0.0.1",
                _system_config={"worker_niceness": 0},
                runtime_env=runtime_env,
            )
        return
    try:
        ray.init(address=address, log_to_driver=False, runtime_env=runtime_env)
    except Exception as exc:  # Ray reports a stale cluster file or a bad cluster in several ways
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"cannot join the Ray cluster at {address!r}: {first}") from None
