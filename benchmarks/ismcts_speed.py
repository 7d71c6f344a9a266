"""IS-MCTS iterations per second, one process, on the first decisions of seeded matches.

    python benchmarks/ismcts_speed.py [GAME] [--iterations 500] [--positions 12] [game options]

Decisions with a single legal move are skipped (the bot answers them without
searching).  Prints the rate and saves it to benchmarks/results/ismcts_speed.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cardrules
from cardrules._cli import parse_options
from cardrules.bots import ISMCTSPlayer, RandomPlayer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game", nargs="?", default="malilla")
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--positions", type=int, default=12)
    args, extra = parser.parse_known_args()
    options = parse_options(extra) or ({"target": 12} if args.game == "malilla" else {})
    game = cardrules.game(args.game, **options)
    walker = RandomPlayer(3)
    searched = iterations = 0
    elapsed = 0.0
    seed = 0
    while searched < args.positions:
        state = game.new_state(seed)
        seed += 1
        for _ in range(8 * seed % 23):  # a few random moves, to vary the positions
            if state.is_terminal:
                break
            state = state.apply(walker.choose(None, state.legal_moves()))
        if state.is_terminal or len(state.legal_moves()) < 2:
            continue
        seat = state.current_player
        bot = ISMCTSPlayer(game, iterations=args.iterations, seed=seed)
        start = time.process_time()
        bot.choose(state.view(seat), state.legal_moves())
        elapsed += time.process_time() - start
        iterations += bot.last_iterations
        searched += 1
    rate = iterations / elapsed
    print(f"{game}: {rate:,.0f} IS-MCTS iterations per second of CPU time ({searched} positions)")
    out = Path(__file__).parent / "results" / "ismcts_speed.json"
    out.parent.mkdir(exist_ok=True)
    data = json.loads(out.read_text()) if out.exists() else {}
    data[str(game)] = {
        "iterations_per_cpu_second": rate,
        "positions": searched,
        "iterations": args.iterations,
    }
    out.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
