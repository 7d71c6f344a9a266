"""What Malilla's double-dummy solver costs: CPU seconds to value every legal move of a position.

    python benchmarks/solver.py [--tricks 6 10] [--positions 20] [--seed 1] [--limit 600]

For each number of tricks left (the trick in progress counted: 10 is the first lead of a hand),
``--positions`` seeded positions are reached by random legal play from a new deal, and
:func:`cardrules.malilla.solve` values every legal move of each; the figure is CPU time
(``time.process_time``), with the mean's 95% interval, the median, the slowest and the positions
searched (the nodes of the search).  The machine's load average is printed before and after, as
other processes slow a run down even in CPU time.  The positions of all sizes are solved in turn
(interleaved), one size after another for each seed.  ``--limit`` stops taking new positions once
that many CPU seconds are spent, and says so.  Which build runs (pure Python, or the compiled one
of ``scripts/build_compiled.py``) is printed: run it once with each.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

import cardrules.malilla._solver as solver_module
from cardrules import malilla
from cardrules._random import Rng
from cardrules.malilla import Solver, State


def position(game: malilla.Game, seed: int, tricks_left: int) -> State:
    """A seeded position with ``tricks_left`` tricks to finish, reached by random legal play."""
    rng = Rng.from_seed(seed, tricks_left)
    state = game.new_state(seed)
    played = (10 - tricks_left) * 4 + (rng.below(4) if tricks_left < 10 else 0)
    while len(state.tricks) * 4 + len(state.trick) < played:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


def summary(seconds: list[float]) -> str:
    """Mean with its 95% interval (normal), median, 90th percentile and slowest, in milliseconds."""
    n = len(seconds)
    mean = statistics.fmean(seconds)
    half = 1.96 * statistics.stdev(seconds) / math.sqrt(n) if n > 1 else float("nan")
    ninetieth = statistics.quantiles(seconds, n=10)[-1] if n > 1 else seconds[0]
    return (
        f"mean {1000 * mean:.1f} ms ({1000 * (mean - half):.1f}-{1000 * (mean + half):.1f}), "
        f"median {1000 * statistics.median(seconds):.1f} ms, 90% under {1000 * ninetieth:.1f} ms, "
        f"slowest {1000 * max(seconds):.1f} ms"
    )


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes, in words."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f}, {five:.1f}, {fifteen:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tricks", type=int, nargs="+", default=[6, 10], help="tricks left (1-10)")
    parser.add_argument("--positions", type=int, default=20, help="positions of each size")
    parser.add_argument("--seed", type=int, default=1, help="the first position's seed")
    parser.add_argument("--limit", type=float, default=600.0, help="CPU seconds after which to stop")
    args = parser.parse_args()
    if any(not 1 <= t <= 10 for t in args.tricks):
        parser.error("--tricks: each must be between 1 and 10")
    compiled = solver_module.__file__.endswith((".so", ".pyd"))
    print(f"build: {'compiled' if compiled else 'pure Python'}; {load()}", flush=True)
    game = malilla.Game()
    seconds: dict[int, list[float]] = {t: [] for t in args.tricks}
    nodes: dict[int, list[int]] = {t: [] for t in args.tricks}
    spent = time.process_time()
    stopped = False
    for seed in range(args.seed, args.seed + args.positions):
        for tricks in args.tricks:
            state = position(game, seed, tricks)
            start = time.process_time()
            solver = Solver(state)
            solver.values()
            seconds[tricks].append(time.process_time() - start)
            nodes[tricks].append(solver.nodes)
        if time.process_time() - spent > args.limit:
            stopped = seed + 1 < args.seed + args.positions
            break
    for tricks in args.tricks:
        done = len(seconds[tricks])
        print(
            f"{tricks} tricks left, {done} positions: {summary(seconds[tricks])}; "
            f"{statistics.fmean(nodes[tricks]):.0f} positions searched on average"
        )
    print(load())
    if stopped:
        print(f"stopped after {args.limit:.0f} CPU seconds", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
