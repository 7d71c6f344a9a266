"""What an IS-MCTS iteration costs: instructions counted by callgrind, not seconds.

    python benchmarks/ismcts_cost.py [--games malilla ...] [--iterations 100] [--positions 3] [--src DIR ...]

The search of ``ismcts_speed.py`` (``ISMCTSPlayer`` with whole play-outs, seed 1) runs on the
same seeded positions of each game (default options) under ``valgrind --tool=callgrind``,
and once with no search, which is subtracted as start-up; the table gives instructions per
iteration.  Each ``--src`` (a checkout's ``src``; the installed package when none is given) is
a column and the last one is compared with the first, so the speed of two versions compares
exactly whatever the machine's load.  The hash seed is fixed, as in ``view_cost.py``.  Needs
valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from ismcts_speed import cardrules_peer
from view_cost import callgrind

import cardrules


def search(name: str, iterations: int, positions: int) -> int:
    """Search ``positions`` positions of ``name`` with ``iterations`` iterations each; the iterations run."""
    _, run = cardrules_peer(name, max(iterations, 1), positions)
    return run() if iterations else 0


def per_iteration(name: str, iterations: int, positions: int, src: Path | None) -> float:
    """Instructions per iteration of :func:`search`, start-up (the positions found, no search) subtracted."""
    start, _ = callgrind(__file__, [name, "0", str(positions)], src)
    total, done = callgrind(__file__, [name, str(iterations), str(positions)], src)
    return (total - start) / done


def main() -> int:
    if sys.argv[1:2] == ["--run"]:  # inside callgrind
        print(search(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
        return 0
    parser = argparse.ArgumentParser(description="Instructions per IS-MCTS iteration (callgrind).")
    names = sorted(cardrules.games())
    parser.add_argument("--games", nargs="*", choices=names, default=names)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--src", type=Path, nargs="*", default=[], help="checkouts' src to compare, in order")
    args = parser.parse_args()
    if args.iterations < 1 or args.positions < 1:
        parser.error("--iterations and --positions must be at least 1")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    sources: list[Path | None] = list(args.src) or [None]
    compare = len(sources) > 1
    heads = [str(s) if s is not None else "installed" for s in sources]
    print("| game | " + " | ".join(heads) + (" | last's speed vs first |" if compare else " |"))
    print("|---|" + "---:|" * (len(sources) + compare))
    for name in args.games:
        costs = [per_iteration(name, args.iterations, args.positions, src) for src in sources]
        cells = [f"{c:,.0f}" for c in costs] + ([f"{costs[0] / costs[-1]:.2f}x"] if compare else [])
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
