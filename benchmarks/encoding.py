"""CPU microseconds per call of the numeric interface, for each game's default configuration.

    python benchmarks/encoding.py [--positions 300] [--rounds 5]

Positions come from seeded random play (the first ``positions`` decisions);
each call is timed over them, game after game in one process, with
the Game object reused (its tables are built once).  ``legal_moves`` is
timed as well, on states whose moves are already listed, since the mask and
``action_move`` start from it.  Prints a Markdown table and saves the figures to
benchmarks/results/encoding.json.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import cardrules
from cardrules.bots import RandomPlayer


def _positions(game: Any, count: int) -> list[Any]:
    walker = RandomPlayer(5)
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        state = game.new_state(seed)
        seed += 1
        while not state.is_terminal and len(states) < count:
            states.append(state)
            state = state.apply(walker.choose(None, state.legal_moves()))
    return states


def _per_call(calls: list[Callable[[], object]], rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for call in calls:
            call()
    return (time.process_time() - start) / (rounds * len(calls)) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    for cls in cardrules.games().values():
        game = cls()
        states = _positions(game, args.positions)
        for state in states:
            state.legal_moves()
        views = [state.view(state.current_player) for state in states]
        first = [(state, game.legal_actions(state)[0]) for state in states]
        results[str(game)] = {
            "encode_view_us": _per_call([partial(game.encode_view, v) for v in views], args.rounds),
            "legal_actions_us": _per_call([partial(game.legal_actions, s) for s in states], args.rounds),
            "action_move_us": _per_call([partial(game.action_move, s, i) for s, i in first], args.rounds),
            "legal_moves_cached_us": _per_call([s.legal_moves for s in states], args.rounds),
            "num_actions": game.num_actions,
            "observation_size": game.observation_size,
        }
    print("| configuration | encode_view µs | legal_actions µs | action_move µs | actions | observation |")
    print("|---|---|---|---|---|---|")
    for config, row in results.items():
        print(
            f"| `{config}` | {row['encode_view_us']:.1f} | {row['legal_actions_us']:.1f} | "
            f"{row['action_move_us']:.1f} | {row['num_actions']:.0f} | {row['observation_size']:.0f} |"
        )
    out = Path(__file__).parent / "results" / "encoding.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
