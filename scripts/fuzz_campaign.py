"""Run the fuzzers of ``tests/fuzz`` for N minutes and count the inputs tried and the escapes (0 expected).

Inputs are made in worker processes, each under ``resource`` limits: an address
space of ``--memory-mb`` and, per input, ``--cpu-seconds`` of CPU.  An input
that raises anything but a ``CardRulesError``, changes a state on a refused
apply, fails to round-trip once accepted, costs more than the suite's CPU budget
or kills its worker (memory, CPU) is an escape; each is printed with the
command that replays it.  Every input is a pure function of
``(seed, game, kind, index)``::

    python scripts/fuzz_campaign.py --minutes 10 --jobs 2
    python scripts/fuzz_campaign.py --replay malilla view 0 17
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import reprlib
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.fuzz.harness import GAMES, KINDS, Escape, Kind, corpus, inputs, judge  # noqa: E402

#: Inputs of each game and kind per worker process.
BATCH = 10


def _rng(seed: int, game: str, kind: str, index: int) -> random.Random:
    return random.Random(f"{seed}:{game}:{kind}:{index}")


def worker(
    cells: list[tuple[str, Kind]], seed: int, start: int, count: int, memory_mb: int, cpu_seconds: float
) -> None:
    """Try inputs ``start .. start+count-1`` of every cell, one JSON line before and after each."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2**20, memory_mb * 2**20))
    for name in GAMES:
        corpus(name)  # built before the limits per input start
    for index in range(start, start + count):
        for game, kind in cells:
            used = resource.getrusage(resource.RUSAGE_SELF)
            spent = used.ru_utime + used.ru_stime
            resource.setrlimit(resource.RLIMIT_CPU, (int(spent + cpu_seconds) + 1, resource.RLIM_INFINITY))
            print(json.dumps({"start": [game, kind, index]}), flush=True)
            data = inputs(game, kind, _rng(seed, game, kind, index))
            try:
                verdict = judge(game, kind, data)
            except Escape as exc:
                print(json.dumps({"escape": str(exc).splitlines()[0][:300]}), flush=True)
            else:
                print(json.dumps({"verdict": verdict}), flush=True)


def _run_batch(
    args: argparse.Namespace, cells: list[tuple[str, str]], start: int
) -> tuple[subprocess.Popen[str], IO[str]]:
    command = [sys.executable, __file__, "--worker", str(args.seed), str(start), str(BATCH)]
    command += ["--memory-mb", str(args.memory_mb), "--cpu-seconds", str(args.cpu_seconds)]
    command += ["--games", *sorted({g for g, _ in cells}), "--kinds", *sorted({k for _, k in cells})]
    # stderr to a file, not a pipe: a worker writing more than a pipe holds must not wait on us.
    errors = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed by the campaign once read)
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True), errors


def campaign(args: argparse.Namespace) -> int:
    """Batches of ``BATCH`` inputs of every game and kind, ``--jobs`` workers at a time, until the time is up."""
    deadline = time.monotonic() + args.minutes * 60
    tried: collections.Counter[tuple[str, str, str]] = collections.Counter()
    escapes: dict[tuple[str, str, str], list[int]] = collections.defaultdict(list)
    games = args.games or list(GAMES)
    kinds = args.kinds or list(KINDS)
    cells = [(g, k) for g in games for k in kinds]
    running: list[tuple[subprocess.Popen[str], IO[str]]] = []
    next_start = 0
    while running or time.monotonic() < deadline:
        while len(running) < args.jobs and time.monotonic() < deadline:
            running.append(_run_batch(args, cells, next_start))
            next_start += BATCH
        process, errors = running.pop(0)
        started: list[Any] | None = None
        assert process.stdout is not None
        for line in process.stdout:
            entry = json.loads(line)
            if "start" in entry:
                started = entry["start"]
                continue
            assert started is not None
            game, kind, index = started
            if "escape" in entry:
                tried[game, kind, "escape"] += 1
                escapes[game, kind, entry["escape"]].append(index)
            else:
                tried[game, kind, entry["verdict"]] += 1
            started = None
        code = process.wait()
        errors.seek(0)
        last = (errors.read().strip().splitlines() or [""])[-1][:200]
        errors.close()
        if code and started is not None:
            game, kind, index = started
            tried[game, kind, "escape"] += 1
            cause = "the CPU limit" if code == -signal.SIGXCPU else f"exit {code}: {last}"
            escapes[game, kind, f"worker killed ({cause})"].append(index)
    _report(args, games, kinds, tried, escapes)
    return 1 if escapes else 0


def _report(
    args: argparse.Namespace,
    games: list[str],
    kinds: list[str],
    tried: collections.Counter[tuple[str, str, str]],
    escapes: dict[tuple[str, str, str], list[int]],
) -> None:
    lines = [
        f"{args.minutes:g} minutes, {args.jobs} workers, seed {args.seed}; limits per input: "
        f"{args.memory_mb} MB of address space, {args.cpu_seconds:g} CPU seconds",
        "",
        "| game | " + " | ".join(kinds) + " | escapes |",
        "|---|" + "---:|" * (len(kinds) + 1),
    ]
    for game in games:
        cells = []
        for kind in kinds:
            total = sum(tried[game, kind, v] for v in ("refused", "accepted", "escape"))
            cells.append(f"{total:,} ({tried[game, kind, 'accepted']:,} accepted)")
        lost = sum(tried[game, kind, "escape"] for kind in kinds)
        lines.append(f"| {game} | " + " | ".join(cells) + f" | {lost:,} |")
    total = sum(tried.values())
    lines += ["", f"{total:,} inputs, {sum(len(v) for v in escapes.values()):,} escapes"]
    for (game, kind, message), indices in sorted(escapes.items()):
        replay = f"python scripts/fuzz_campaign.py --replay {game} {kind} {args.seed} {indices[0]}"
        lines.append(f"- {game} {kind} x{len(indices)}: {message}  [{replay}]")
    print("\n".join(lines))


def replay(game: str, kind: Kind, seed: int, index: int) -> None:
    """Show one input and what the library makes of it."""
    data = inputs(game, kind, _rng(seed, game, kind, index))
    pair = kind in ("handmade", "handmade_view")  # (a real value, the one built from it)
    shown = data[1] if pair else data[2] if kind == "notation" else data  # type: ignore[index]
    shown_text = reprlib.Repr()
    shown_text.maxlevel, shown_text.maxlist, shown_text.maxdict, shown_text.maxstring = 8, 12, 30, 80
    print(shown_text.repr(shown)[:4000])
    print(judge(game, kind, data))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--memory-mb", type=int, default=1024)
    parser.add_argument("--cpu-seconds", type=float, default=10.0)
    parser.add_argument("--games", nargs="*", choices=GAMES)
    parser.add_argument("--kinds", nargs="*", choices=KINDS)
    parser.add_argument("--worker", nargs=3, metavar=("SEED", "START", "COUNT"))
    parser.add_argument("--replay", nargs=4, metavar=("GAME", "KIND", "SEED", "INDEX"))
    args = parser.parse_args()
    if args.worker:
        seed, start, count = map(int, args.worker)
        cells = [(g, k) for g in args.games or GAMES for k in args.kinds or KINDS]
        worker(cells, seed, start, count, args.memory_mb, args.cpu_seconds)
        return 0
    if args.replay:
        game, kind, seed, index = args.replay
        replay(game, kind, int(seed), int(index))
        return 0
    return campaign(args)


if __name__ == "__main__":
    sys.exit(main())
