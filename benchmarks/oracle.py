"""What the hidden cards cost IS-MCTS on Malilla: the same search, shown the true state.

    python benchmarks/oracle.py [--matches 200] [--iterations 500] [--jobs 2]

An *oracle* partnership runs :class:`~cardrules.bots.ISMCTSPlayer` exactly as
the strength table does (matches to 12 against a random partnership, the
sides alternating), except that every "sample" it draws is the real state,
so it sees all four hands.  No honest player can do better than such a
search at the same budget, so its win rate bounds what better inference
could add.  Writes benchmarks/results/oracle.json and oracle.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from cardrules import malilla
from cardrules.bots import ISMCTSPlayer, RandomPlayer

RESULTS = Path(__file__).parent / "results"
GAME = malilla.Game(target=12)


class _Oracle:
    """A stand-in for the game whose ``sample_state`` returns the real state."""

    name = GAME.name
    players = GAME.players

    def __init__(self) -> None:
        self.state: malilla.State | None = None

    def sample_state(self, view: malilla.View, seed: int) -> malilla.State:
        assert self.state is not None
        return self.state


def play(args: tuple[int, int]) -> bool:
    """Match ``index`` (its deal seed): whether the oracle side, seats ``index % 2`` and ``+ 2``, won."""
    index, iterations = args
    side = index % 2
    oracle = _Oracle()
    players: dict[int, Any] = {}
    for seat in range(4):
        if seat % 2 == side:
            bot = ISMCTSPlayer(GAME, iterations=iterations, seed=1000 * index + seat)
            bot.game = oracle  # type: ignore[assignment]
            players[seat] = bot
        else:
            players[seat] = RandomPlayer(1000 * index + seat)
    state = GAME.new_state(index)
    while state.outcome is None:
        oracle.state = state
        mover = state.current_player
        assert mover is not None
        state = state.apply(players[mover].choose(state.view(mover), state.legal_moves()))
    return side in state.outcome.winners


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> int:
    parser = argparse.ArgumentParser(description="IS-MCTS on Malilla, shown every hand, against random.")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        won = pool.map(play, [(i, args.iterations) for i in range(args.matches)], chunksize=1)
    wins = sum(won)
    low, high = wilson(wins, args.matches)
    report = {
        "game": str(GAME),
        "iterations": args.iterations,
        "matches": args.matches,
        "oracle_wins": wins,
        "win_rate": wins / args.matches,
        "ci95": [low, high],
        "seconds": time.perf_counter() - start,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "oracle.json").write_text(json.dumps(report, indent=1) + "\n")
    text = (
        f"Measured with `python benchmarks/oracle.py --matches {args.matches} --iterations {args.iterations}`: "
        f"IS-MCTS with {args.iterations} iterations, shown every hand, won {wins} of {args.matches} "
        f"Malilla matches to 12 against a random partnership ({wins / args.matches:.0%}, "
        f"95% interval {low:.0%}–{high:.0%}).\n"
    )
    (RESULTS / "oracle.md").write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
