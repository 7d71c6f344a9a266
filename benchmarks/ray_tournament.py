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
speed-up is wall time (parallel work is what it buys).

On a shared machine wall time says little, so each run's CPU time is counted
too (Linux ``/proc``, sampled every 0.2 s, over every process the run starts):
the driver's, the workers' (the busiest one's apart) and Ray's own processes'
(GCS, raylet, agents), with the 1-minute load average before the run.  From
them, ``CPU-bound speed-up`` is the one process's CPU time over the longer of
the busiest worker's CPU time and the run's whole CPU time over ``--cpus``:
the speed-up an otherwise idle machine would show if only CPU counted (Ray's
start-up waits are left out, so it is an upper bound for the runs that start
Ray).  Writes ``benchmarks/results/<out>.json`` and ``.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import ray

from cardrules import mala_suerte, tournament

RESULTS = Path(__file__).parent / "results"


TICK = os.sysconf("SC_CLK_TCK")


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    found: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            found.setdefault(parent, []).append(int(entry))
    return found


class Descendants:
    """The CPU seconds of every process started under this one while it runs: sampled every 0.2 s, the
    last sample of each process kept (so at most 0.2 s of a process that ends is missed)."""

    def __init__(self, before: dict[int, float] | None = None) -> None:
        self.before = before or {}
        self.cpu: dict[int, float] = {}
        self.kind: dict[int, str] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Descendants:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._sample()
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self._sample()

    def _sample(self) -> None:
        children = _children()
        todo = list(children.get(os.getpid(), []))
        while todo:
            pid = todo.pop()
            todo.extend(children.get(pid, []))
            try:
                with open(f"/proc/{pid}/stat") as handle:
                    fields = handle.read().rpartition(")")[2].split()
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    command = handle.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            self.cpu[pid] = (int(fields[11]) + int(fields[12])) / TICK - self.before.get(pid, 0.0)
            if self.kind.get(pid) != "worker":  # a Ray worker starts as default_worker.py, then "ray::..."
                daemon = "/ray/" in command and not command.startswith("ray::")
                self.kind[pid] = "ray" if daemon and "default_worker.py" not in command else "worker"

    def totals(self) -> dict[str, float]:
        workers = [cpu for pid, cpu in self.cpu.items() if self.kind[pid] == "worker"]
        return {
            "workers": sum(workers),
            "busiest_worker": max(workers, default=0.0),
            "ray_processes": sum(cpu for pid, cpu in self.cpu.items() if self.kind[pid] == "ray"),
        }


def timed(run: Any, before: dict[int, float] | None = None) -> tuple[dict[str, float], Any]:
    """Wall, driver CPU and descendants' CPU seconds of ``run()`` (less what processes running already
    had spent, ``before``), and the load before it."""
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), time.process_time()
    with Descendants(before) as descendants:
        result = run()
    counts = {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, "load": load}
    return counts | descendants.totals(), result


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
    times: dict[str, list[dict[str, float]]] = {name: [] for name in [*runs, joined]}
    reference = None
    for _ in range(args.rounds):
        for name, run in runs.items():
            counts, result = timed(run)
            times[name].append(counts)
            reference = reference or result
            assert result == reference, f"{name}: other results"
            print(f"{name}: {counts}", flush=True)
        with Descendants() as started:
            ray.init(  # as the tournament starts its own: workers at the driver's priority
                num_cpus=args.cpus,
                include_dashboard=False,
                log_to_driver=False,
                _node_ip_address="127.0.0.1",
                _system_config={"worker_niceness": 0},
            )
        try:
            counts, result = timed(
                lambda: tournament(game, lineup, args.matches, jobs=args.cpus, backend="ray", **common),
                started.cpu,  # the instance's processes ran before: only what they spend in the run
            )
        finally:
            ray.shutdown()
        assert result == reference, f"{joined}: other results"
        times[joined].append(counts)
        print(f"{joined}: {counts}", flush=True)
    best = {name: min(runs_, key=lambda c: c["wall"]) for name, runs_ in times.items()}
    base = best["one process"]
    report = {
        "game": str(game),
        "matches": args.matches,
        "lineup": lineup,
        "cpus": args.cpus,
        "rounds": args.rounds,
        "runs": times,
    }
    lines = [
        f"`{game}`, {args.matches:,} matches, lineup {', '.join(lineup)}, best wall time of {args.rounds}"
        " interleaved rounds:",
        "",
        "| where | load before | wall seconds | speed-up over one process | CPU seconds: driver"
        " / workers (busiest) / Ray's processes | CPU-bound speed-up |",
        "|---|---|---|---|---|---|",
    ]
    for name, c in best.items():
        total = c["cpu"] + c["workers"] + c["ray_processes"]
        bound = base["cpu"] / max(
            c["busiest_worker"] or c["cpu"], total / (1 if name == "one process" else args.cpus)
        )
        lines.append(
            f"| {name} | {c['load']:.1f} | {c['wall']:.1f} | {base['wall'] / c['wall']:.2f}x"
            f" | {c['cpu']:.1f} / {c['workers']:.1f} ({c['busiest_worker']:.1f}) / {c['ray_processes']:.1f}"
            f" | {bound:.2f}x |"
        )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
