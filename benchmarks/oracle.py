"""What the hidden cards cost IS-MCTS on Malilla: the honest search, and the same search shown more.

    python benchmarks/oracle.py [--matches 200] [--iterations 500] [--exploration 1.0]
                                [--rollout random|heuristic] [--sees all|partner|own]
                                [--search ismcts|pimc] [--determinizations 20]
                                [--target 12] [--jobs 2]

Each run plays one row: an IS-MCTS partnership (:class:`~cardrules.bots.ISMCTSPlayer`
with the given budget, exploration constant and play-out policy) against a random partnership,
in Malilla matches to ``--target`` points (12 unless told), the sides alternating; match ``i`` is dealt from seed
``i`` and every bot is seeded from ``i`` and its seat, so a row is the same
whenever it is played.  What the search is shown (``--sees``):

- ``all`` (an *oracle*): every "sample" it draws is the real state, so it sees
  all four hands.  No honest player can do better than such a search at the
  same budget, so its win rate bounds what better inference could add.
- ``partner``: the partner's hand is the real one and the opponents' cards are
  dealt at random among their hands, as ``sample_state`` deals them (what the
  rules show they lack is respected).  This bounds what inferring the
  partner's hand from its play could add.
- ``own``: the real thing, ``game.sample_state`` on the seat's view.

``--search pimc`` plays a determinized search instead (perfect-information
Monte Carlo): each decision samples ``--determinizations`` deals as above,
searches each as if it were the real one with an equal share of the
iterations, and plays the move most of them chose.  It asks whether another
way of searching the same samples would do better than IS-MCTS.

The rows are kept in benchmarks/results/oracle.json (a run replaces the row
with the same settings) and all of them are written to oracle.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Literal

from cardrules import malilla
from cardrules._random import Rng
from cardrules._sampling import deal_constrained
from cardrules.bots import ISMCTSPlayer, RandomPlayer

RESULTS = Path(__file__).parent / "results"
GAME = malilla.Game(target=12)


Sees = Literal["all", "partner", "own"]
Rollout = Literal["random", "heuristic"]
Search = Literal["ismcts", "pimc"]


class _Shown:
    """A stand-in for the game whose ``sample_state`` shows the real state, or the partner's real hand."""

    name = GAME.name
    players = GAME.players

    def __init__(self, sees: Sees) -> None:
        self.sees = sees
        self.state: malilla.State | None = None

    def sample_state(self, view: malilla.View, seed: int) -> malilla.State:
        state = self.state
        assert state is not None
        if self.sees == "all":
            return state
        rng = Rng(seed)
        opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)
        pinned = view.trump_with_dealer and view.dealer in opponents  # the face-up trump stays put
        cards = [c for o in opponents for c in state.hands[o] if not (pinned and c == view.trump)]
        room = [len(state.hands[o]) - (pinned and o == view.dealer) for o in opponents]
        lacks = view.cannot_hold
        dealt = deal_constrained(cards, room, lambda card, place: card not in lacks[opponents[place]], rng)
        hands = list(state.hands)
        for place, seat in enumerate(opponents):
            hands[seat] = tuple(
                sorted(dealt[place] + ([view.trump] if pinned and seat == view.dealer else []))
            )
        return state._replace(hands=(hands[0], hands[1], hands[2], hands[3]), rng=rng.next64())


class _Determinized:
    """Perfect-information Monte Carlo: a search of each of ``k`` sampled deals, and a vote."""

    def __init__(self, source: Any, k: int, search: ISMCTSPlayer, fixed: _Shown, seed: int) -> None:
        self.source, self.k, self.search, self.fixed = source, k, search, fixed
        self.rng = Rng.from_seed(seed, 0xD0)

    def choose(self, view: malilla.View, legal_moves: Sequence[malilla.Move]) -> malilla.Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        votes: Counter[malilla.Move] = Counter()
        for _ in range(self.k):
            self.fixed.state = self.source.sample_state(view, self.rng.next64())
            votes[self.search.choose(view, legal_moves)] += 1
        return max(legal_moves, key=votes.__getitem__)  # ties to the first in the legal order


def play(args: tuple[int, int, float, Rollout, Sees, Search, int, int]) -> bool:
    """Match ``index`` (its deal seed): whether the searching side, seats ``index % 2`` and ``+ 2``, won."""
    index, iterations, exploration, rollout, sees, search, k, target = args
    game = malilla.Game(target=target)
    side = index % 2
    shown = _Shown(sees)
    players: dict[int, Any] = {}
    for seat in range(4):
        if seat % 2 == side:
            bot = ISMCTSPlayer(
                game,
                iterations=iterations if search == "ismcts" else max(1, iterations // k),
                seed=1000 * index + seat,
                exploration=exploration,
                rollout=rollout,
            )
            source: Any = game if sees == "own" else shown
            if search == "pimc":
                fixed = _Shown("all")  # each sample the search draws is the deal it is given
                bot.game = fixed  # type: ignore[assignment]
                players[seat] = _Determinized(source, k, bot, fixed, 1000 * index + seat)
            else:
                bot.game = source
                players[seat] = bot
        else:
            players[seat] = RandomPlayer(1000 * index + seat)
    state = game.new_state(index)
    while state.outcome is None:
        shown.state = state
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


_SEES = {"own": "its own hand (honest)", "partner": "its partner's hand too", "all": "every hand (oracle)"}


def _command(row: dict[str, Any]) -> str:
    search = (
        "" if row["search"] == "ismcts" else f" --search pimc --determinizations {row['determinizations']}"
    )
    return (
        f"python benchmarks/oracle.py --matches {row['matches']} --iterations {row['iterations']}"
        f" --exploration {row['exploration']} --rollout {row['rollout']} --sees {row['sees']}{search}"
        f" --target {row['target']}"
    )


def _search(row: dict[str, Any]) -> str:
    return "IS-MCTS" if row["search"] == "ismcts" else f"PIMC, {row['determinizations']} deals"


def _table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "A searching partnership against a random partnership in Malilla matches"
        " (`benchmarks/oracle.py`, one command a row):",
        "",
        "| target | the search sees | search | iterations | exploration | play-outs | matches | wins"
        " | win rate (95% interval) | command |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    order = list(_SEES)
    for row in sorted(
        rows,
        key=lambda r: (
            r["target"],
            order.index(r["sees"]),
            r["search"],
            r["determinizations"],
            r["rollout"],
            r["iterations"],
            -r["exploration"],
        ),
    ):
        low, high = row["ci95"]
        lines.append(
            f"| {row['target']} | {_SEES[row['sees']]} | {_search(row)} | {row['iterations']} | {row['exploration']}"
            f" | {row['rollout']}"
            f" | {row['matches']} | {row['wins']}"
            f" | {row['win_rate']:.0%} ({low:.0%}–{high:.0%}) | `{_command(row)}` |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Search on Malilla against random, shown more or less of the deal."
    )
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--exploration", type=float, default=1.0)
    parser.add_argument(
        "--rollout", choices=["random", "heuristic"], default="random", help="play-out policy"
    )
    parser.add_argument("--sees", choices=list(_SEES), default="all", help="what the search is shown")
    parser.add_argument("--search", choices=["ismcts", "pimc"], default="ismcts", help="how to search")
    parser.add_argument(
        "--determinizations", type=int, default=20, help="PIMC: the deals searched for each decision"
    )
    parser.add_argument("--target", type=int, default=GAME.target, help="the points that win a match")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    k = args.determinizations if args.search == "pimc" else 0
    start = time.perf_counter()
    tasks = [
        (i, args.iterations, args.exploration, args.rollout, args.sees, args.search, k, args.target)
        for i in range(args.matches)
    ]
    with Pool(args.jobs) as pool:
        won = pool.map(play, tasks, chunksize=1)
    wins = sum(won)
    row = {
        "target": args.target,
        "sees": args.sees,
        "iterations": args.iterations,
        "exploration": args.exploration,
        "rollout": args.rollout,
        "search": args.search,
        "determinizations": k,
        "matches": args.matches,
        "wins": wins,
        "win_rate": wins / args.matches,
        "ci95": list(wilson(wins, args.matches)),
        "seconds": time.perf_counter() - start,
    }
    path = RESULTS / "oracle.json"
    kept = json.loads(path.read_text()) if path.exists() else {}
    key = ("target", "sees", "search", "determinizations", "iterations", "exploration", "rollout", "matches")
    rows = [r for r in kept.get("rows", []) if any(r[k] != row[k] for k in key)] + [row]
    RESULTS.mkdir(exist_ok=True)
    path.write_text(json.dumps({"game": "malilla", "rows": rows}, indent=1) + "\n")
    text = _table(rows)
    (RESULTS / "oracle.md").write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
