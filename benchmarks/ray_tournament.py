"""Ray against one process: the same tournament, timed on each backend, rounds interleaved.

    python benchmarks/ray_tournament.py [--matches 1500] [--lineup ismcts-10,random] [--cpus 2] [--rounds 2]
        [--out ray_tournament]

Two-seat Mala Suerte (the tournament of issue 40), by default IS-MCTS with 10
iterations a decision against a random bot: a match of two random bots takes
half a millisecond, too little work for any parallel backend to pay its way
(measured too, with ``--lineup random``).  Each
round plays it in this process (``jobs=1``), on ``--cpus`` local worker
processes, and on Ray with ``--cpus`` CPUs twice: once starting a private
instance (what ``--backend ray`` costs from the command line) and once on an
instance already running (as on a cluster: the tournament joins it).  A
speed-up is wall time (parallel work is what it buys); the driver's own CPU
time is shown beside.  Writes ``benchmarks/results/<out>.json`` and ``.md``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import ray

from cardrules import mala_suerte, tournament

RESULTS = Path(__file__).parent / "results"


def timed(run: Any) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1500)
    parser.add_argument("--lineup", default="ismcts-10,random")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", default="ray_tournament")
    args = parser.parse_args()
    game = mala_suerte.Game(players=2)
    lineup = args.lineup.split(",")
    common: dict[str, Any] = {"seed": 1, "progress": False}
    runs: dict[str, Any] = {
        "one process": lambda: tournament(game, lineup, args.matches, jobs=1, **common),
        f"{args.cpus} worker processes": lambda: tournament(
            game, lineup, args.matches, jobs=args.cpus, **common
        ),
        f"Ray, {args.cpus} CPUs, starting it": lambda: tournament(
            game, lineup, args.matches, jobs=args.cpus, backend="ray", **common
        ),
    }
    joined = f"Ray, {args.cpus} CPUs, already running"
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in [*runs, joined]}
    reference = None
    for _ in range(args.rounds):
        for name, run in runs.items():
            wall, cpu, result = timed(run)
            times[name].append((wall, cpu))
            reference = reference or result
            assert result == reference, f"{name}: other results"
            print(f"{name}: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
        ray.init(
            num_cpus=args.cpus, include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1"
        )
        try:
            wall, cpu, result = timed(
                lambda: tournament(game, lineup, args.matches, jobs=args.cpus, backend="ray", **common)
            )
        finally:
            ray.shutdown()
        assert result == reference, f"{joined}: other results"
        times[joined].append((wall, cpu))
        print(f"{joined}: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
    best = {name: min(walls) for name, walls in times.items()}
    base = best["one process"][0]
    report = {
        "game": str(game),
        "matches": args.matches,
        "lineup": lineup,
        "cpus": args.cpus,
        "rounds": args.rounds,
        "runs": {name: [{"wall": w, "cpu": c} for w, c in walls] for name, walls in times.items()},
    }
    lines = [
        f"`{game}`, {args.matches:,} matches, lineup {', '.join(lineup)}, best of {args.rounds} interleaved"
        " rounds:",
        "",
        "| where | wall seconds | driver CPU seconds | speed-up over one process |",
        "|---|---|---|---|",
    ]
    lines += [f"| {name} | {w:.1f} | {c:.1f} | {base / w:.2f}x |" for name, (w, c) in best.items()]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
