"""Random-playout speed of every cardrules game, side by side with RLCard and OpenSpiel.

A playout deals a fresh match and plays uniformly random legal moves for every
seat to the end.  Engines take turns in short rounds (so a busy machine slows
them all alike) and the median rate of the rounds is reported.

The engines share one process, so before each engine's turn the objects the
others (and its own earlier turns) left alive are frozen out of the garbage
collector's reach: otherwise an engine pays for traversing them, and its
rate depends on how many engines ran before it (Magyar népmesék with 5 seats
measured 86,000 decisions/s among the 30 engines, 100,000 with them frozen).
Every engine, RLCard's and OpenSpiel's included, is treated alike.

    python benchmarks/playouts.py [--seconds 3] [--rounds 5] [--json FILE] [--markdown FILE] [--only NAME ...]

The table the docs include is ``--json benchmarks/results/playouts.json
--markdown benchmarks/results/playouts.md``, run on an otherwise idle machine.

RLCard's ``uno`` and ``bridge`` and OpenSpiel's ``crazy_eights`` and ``hearts``
join the run when the ``bench`` extra is installed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import cardrules

Playout = Callable[[int], int]  # seed -> decisions made


def cardrules_playout(game: Any) -> Playout:
    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(seed)
        decisions = 0
        while not state.is_terminal:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions

    return run


def rlcard_playouts() -> dict[str, Playout]:
    try:
        import numpy as np
        from rlcard.games.bridge.game import BridgeGame
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return {}

    def uno(seed: int) -> int:
        rng = random.Random(seed)
        game = UnoGame()
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    def bridge(seed: int) -> int:
        rng = random.Random(seed)
        game = BridgeGame()
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = game.judger.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return {"rlcard uno": uno, "rlcard bridge": bridge}


def open_spiel_playouts() -> dict[str, Playout]:
    try:
        import pyspiel
    except ImportError:
        return {}

    def make(name: str) -> Playout:
        game = pyspiel.load_game(name)

        def run(seed: int) -> int:
            rng = random.Random(seed)
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            return decisions

        return run

    return {f"open_spiel {name}": make(name) for name in ("crazy_eights", "hearts")}


def measure(playout: Playout, seconds: float, seed: int) -> tuple[int, int, float]:
    """Playouts until ``seconds`` have passed: (matches, decisions, elapsed).

    What is alive beforehand is collected and frozen for the turn (see the module's docstring).
    """
    gc.collect()
    gc.freeze()
    try:
        matches = decisions = 0
        start = time.perf_counter()
        while True:
            decisions += playout(seed + matches)
            matches += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return matches, decisions, elapsed
    finally:
        gc.unfreeze()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (the median is reported)")
    parser.add_argument("--json", metavar="FILE", help="save the results as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="save the results as a Markdown table")
    parser.add_argument("--only", nargs="*", help="engines whose name contains one of these words")
    args = parser.parse_args(argv)

    engines: dict[str, Playout] = {}
    for cls in cardrules.games().values():
        for game in (cls(), *cls.examples()):
            engines.setdefault(str(game), cardrules_playout(game))
    # The configuration that issue #5's figure names: the advanced game with the 5th-edition cards.
    figure = cardrules.game("magyar_nepmesek", variant="advanced", fifth_edition=True)
    engines.setdefault(str(figure), cardrules_playout(figure))
    engines.update(rlcard_playouts())
    engines.update(open_spiel_playouts())
    if args.only:
        engines = {k: v for k, v in engines.items() if any(word in k for word in args.only)}

    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for round_no in range(args.rounds):
        for name, playout in engines.items():
            matches, decisions, elapsed = measure(
                playout, args.seconds / 2 if round_no == 0 else args.seconds, 1000 * round_no
            )
            if round_no:  # the first round warms up
                rates[name].append((decisions / elapsed, matches / elapsed))
        print(f"round {round_no + 1}/{args.rounds} done", file=sys.stderr)

    results = {
        name: {
            "decisions_per_s": statistics.median(r[0] for r in runs),
            "matches_per_s": statistics.median(r[1] for r in runs),
        }
        for name, runs in rates.items()
        if runs
    }
    peers = [p for p in ("rlcard uno", "rlcard bridge") if p in results]
    header = f"{'engine':60} {'decisions/s':>12} {'matches/s':>10}" + "".join(
        f" {'vs ' + p[7:]:>10}" for p in peers
    )
    print(header)
    print("-" * len(header))
    for name, result in results.items():
        ratios = "".join(
            f" {result['decisions_per_s'] / results[p]['decisions_per_s']:>9.2f}x" for p in peers
        )
        print(f"{name:60} {result['decisions_per_s']:>12,.0f} {result['matches_per_s']:>10,.2f}{ratios}")
    if args.json:
        payload = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "seconds": args.seconds,
            "rounds": args.rounds,
            "results": results,
        }
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, indent=1)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write(markdown(results, args.seconds, args.rounds))
    return 0


def markdown(results: dict[str, dict[str, float]], seconds: float, rounds: int) -> str:
    """The results as the Markdown table the docs include, with the command and machine that made them."""
    peers = [p for p in ("rlcard uno", "rlcard bridge") if p in results]
    lines = [
        f"Random playouts, measured with `python benchmarks/playouts.py --seconds {seconds:g} --rounds {rounds}`"
        f" (Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, an otherwise idle"
        " machine; the median of the rounds; each engine's turn runs with the objects already alive frozen"
        " out of the garbage collector's reach, see the script's docstring).",
        "",
        "| engine | decisions/s | matches/s |" + "".join(f" vs RLCard {p[7:]} |" for p in peers),
        "|---|---|---|" + "---|" * len(peers),
    ]
    for name, result in results.items():
        ratios = "".join(
            f" {result['decisions_per_s'] / results[p]['decisions_per_s']:.2f}x |" for p in peers
        )
        lines.append(
            f"| `{name}` | {result['decisions_per_s']:,.0f} | {result['matches_per_s']:,.1f} |{ratios}"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
