"""How big each game's OpenSpiel tree is, in its smallest configurations: why tabular CFR solves no more.

    python benchmarks/tree_sizes.py [--probes 200] [--seed 1]

A tree too big to enumerate is measured by Knuth's estimator (1975): walk from the root to an end
taking uniformly random branches (chance outcomes counted as branches, not weighted), and add up the
products of the branching factors met on the way; the mean of that sum over many walks is an unbiased
estimate of the number of histories (nodes) in the tree.  Its spread is wide, so the table gives the
orders of magnitude of the estimate and of the deal alone (the histories before the first decision).
The two solved variants, whose trees are counted exactly, check it.  Writes
``benchmarks/results/tree_sizes.json`` and ``.md``.  Not run in CI; run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

import cardrules
from cardrules.openspiel import load_game

RESULTS = Path(__file__).parent / "results"

#: The configurations measured: the smallest each game's rules allow, and the two solved variants.
CONFIGURATIONS: tuple[tuple[str, dict[str, Any], int | None], ...] = (
    ("mala_suerte", {"players": 2, "mulligan": False, "deck": "mini"}, 7910),
    ("magyar_nepmesek", {"players": 2, "variant": "mini"}, 14233),
    ("mala_suerte", {"players": 2, "mulligan": False}, None),
    ("magyar_nepmesek", {"players": 2}, None),
    ("malilla", {"target": 1}, None),
    ("mala_e_cuia", {"players": 3, "mode": "cooperative"}, None),
    ("maldicion", {"players": 2, "mode": "pvp", "start_hp": 1}, None),
)


def _log_mean_exp(logs: list[float]) -> float:
    """``log10`` of the mean of ``10**x`` over ``logs``, without overflow."""
    top = max(logs)
    return top + math.log10(sum(10 ** (x - top) for x in logs) / len(logs))


def probe(game: Any, rng: np.random.RandomState) -> tuple[float, float, int]:
    """One random walk: log10 of Knuth's estimate of the tree's histories, log10 of the deal's
    histories along it (the product of chance branchings before the first decision), and its length."""
    state = game.new_initial_state()
    log_product, logs, deal, length = 0.0, [0.0], None, 0
    while not state.is_terminal():
        if state.is_chance_node():
            branches = [action for action, _ in state.chance_outcomes()]
        else:
            if deal is None:
                deal = log_product
            branches = state.legal_actions()
        log_product += math.log10(len(branches))
        logs.append(log_product)
        state.apply_action(int(branches[rng.randint(len(branches))]))
        length += 1
    return _log_mean_exp(logs) + math.log10(len(logs)), deal if deal is not None else log_product, length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for name, options, exact in CONFIGURATIONS:
        game = load_game(cardrules.game(name, **options))
        rng = np.random.RandomState(args.seed)
        start = time.process_time()
        walks = [probe(game, rng) for _ in range(args.probes)]
        shown = ", ".join(f"{key}={value!r}" for key, value in options.items())
        row = {
            "game": f"{name}({shown})",
            "players": game.num_players(),
            "probes": args.probes,
            "log10_histories": _log_mean_exp([w[0] for w in walks]),
            "log10_deal": _log_mean_exp([w[1] for w in walks]),
            "mean_length": sum(w[2] for w in walks) / len(walks),
            "exact_histories": exact,
            "cpu_seconds": round(time.process_time() - start, 1),
        }
        rows.append(row)
        print(row, flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tree_sizes.json").write_text(json.dumps(rows, indent=1) + "\n")
    lines = [
        f"Knuth's estimate over {args.probes} random walks (seed {args.seed}):",
        "",
        "| configuration | seats | histories (estimate) | histories of the deal alone | actions a walk (mean)"
        " | counted exactly |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        counted = f"{row['exact_histories']:,}" if row["exact_histories"] else "-"
        lines.append(
            f"| `{row['game']}` | {row['players']} | {_power(row['log10_histories'])}"
            f" | {_power(row['log10_deal'])} | {row['mean_length']:.0f} | {counted} |"
        )
    (RESULTS / "tree_sizes.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def _power(log10: float) -> str:
    """``10^x`` as text: a plain number below a million."""
    if log10 < 6:
        return f"{10**log10:,.0f}"
    return f"10^{log10:.0f}"


if __name__ == "__main__":
    main()
