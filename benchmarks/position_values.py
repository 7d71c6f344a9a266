"""How well each game's position value foretells who wins, on matches of heuristic players.

    python benchmarks/position_values.py [--matches 2000] [--every 5]

Searches with play-outs of N moves (``ISMCTSPlayer(horizon=N)``) are only as good as the value
that judges where the play-outs stop.  For every game that values positions (its default
configuration), seeded matches of heuristic players are played to the end, and every
``--every``-th position met on the way is judged: the score of a position is the log of the
share of the win the value gives the seats that went on to win (natural log; 0 is a perfect
forecast).  The table gives the mean score by the third of the match the position lies in,
beside the score of the forecast that knows nothing (every seat's share alike): a value whose
score is below that one foretells the winner worse than no value at all.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import cardrules
from cardrules.bots import make_bot
from cardrules.bots._ismcts import position_value


def scores(game: Any, matches: int, every: int) -> dict[str, list[float]]:
    """The value's and the even forecast's scores of the positions, by third of the match."""
    value = position_value(game)
    assert value is not None
    found: dict[str, list[float]] = {}
    n = game.players
    for seed in range(matches):
        players = [make_bot("heuristic", game, seed=seed * n + s) for s in range(n)]
        state = game.new_state(seed)
        positions = []
        while not state.is_terminal:
            positions.append(state)
            seat = state.current_player
            state = state.apply(players[seat].choose(state.view(seat), state.legal_moves()))
        winners = state.outcome.winners
        judged = positions[::every]
        for index, position in enumerate(judged):
            third = ("first", "second", "last")[min(2, 3 * index // len(judged))]
            shares = value(position)
            found.setdefault(third, []).append(math.log(max(1e-12, sum(shares[w] for w in winners))))
            found.setdefault(f"{third} even", []).append(math.log(len(winners) / n))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--every", type=int, default=5, help="judge every N-th position")
    args = parser.parse_args()
    if args.matches < 1 or args.every < 1:
        parser.error(f"--matches and --every must be at least 1; got {args.matches} and {args.every}")
    print(
        f"Measured with `python benchmarks/position_values.py --matches {args.matches} --every {args.every}`: "
        "the mean log of the share given to the seats that won (0 is a perfect forecast), "
        "the value's / every seat's share alike.\n"
    )
    print("| game | first third | second third | last third |")
    print("|---|---|---|---|")
    for _, factory in sorted(cardrules.games().items()):
        game = factory()
        if position_value(game) is None:
            continue
        found = scores(game, args.matches, args.every)
        cells = []
        for third in ("first", "second", "last"):
            mine, even = found[third], found[f"{third} even"]
            cells.append(f"{sum(mine) / len(mine):.3f} / {sum(even) / len(even):.3f}")
        print(f"| {game} | {' | '.join(cells)} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
