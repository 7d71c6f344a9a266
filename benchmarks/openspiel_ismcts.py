"""cardrules' ISMCTSPlayer against OpenSpiel's Python IS-MCTS bot, head to head on one game.

    python benchmarks/openspiel_ismcts.py [--game malilla] [--option target=12] [--matches 200]
        [--iterations 100] [--seconds 0.05] [--horizon match] [--out NAME]

Both bots search the same information sets: the OpenSpiel bot runs on
``cardrules.openspiel`` and resamples with ``Game.sample_state``, exactly as
the cardrules bot does.  It is wrapped as a cardrules ``Player``: from the
view alone it builds a state the seat cannot tell apart (``sample_state``),
hands that to the bot, and maps the chosen index back to a move, so it sees
what the cardrules bot sees and no more.  Its play-outs are uniformly random
to the end of the match (OpenSpiel's ``RandomRolloutEvaluator``); the
cardrules bot gets ``--horizon match`` (the default here) for the same
play-outs, or ``round`` for its own round value.

Two rounds, each of ``--matches`` matches with the seats rotated (the cardrules
bot takes the even seats in even matches and the odd seats in odd ones, so a
partnership game gives each bot one side):

- equal iterations: ``--iterations`` per decision for both;
- equal time: ``--seconds`` of CPU per decision for each: a bot gets as many
  iterations as its own measured CPU time per iteration so far fits in the
  budget (the first decision uses ``--iterations``).  CPU time, not wall
  time, so a busy machine does not favour either.

Each round reports the cardrules bot's score per match (the share of its
seats among the winners: 1 or 0 in a partnership game) with a 95% interval
(Wilson for 0/1 scores, normal otherwise), and both bots' CPU seconds and
iterations per decision.  Writes
``benchmarks/results/<out>.json`` and ``.md``.  Run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import cardrules
from cardrules.bots import ISMCTSPlayer
from cardrules.openspiel import load_game

RESULTS = Path(__file__).parent / "results"


class Budgeted:
    """A search bot held to ``iterations`` per decision, or to ``seconds`` of CPU per decision by its
    own running CPU cost per iteration; counts its CPU time and iterations."""

    def __init__(self, iterations: int, seconds: float | None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.decisions = 0
        self.cpu = 0.0
        self.spent_iterations = 0

    def budget(self) -> int:
        if self.seconds is None or not self.spent_iterations:
            return self.iterations
        return max(1, round(self.seconds * self.spent_iterations / self.cpu))

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        budget = self.budget()
        start = time.process_time()
        move = self.search(view, legal_moves, budget)
        self.cpu += time.process_time() - start
        self.decisions += 1
        self.spent_iterations += budget
        return move

    def search(self, view: Any, legal_moves: Sequence[Any], budget: int) -> Any:
        raise NotImplementedError


class CardrulesISMCTS(Budgeted):
    """cardrules' ISMCTSPlayer."""

    def __init__(self, game: Any, iterations: int, seconds: float | None, seed: int, horizon: str) -> None:
        super().__init__(iterations, seconds)
        self.player = ISMCTSPlayer(game, iterations=iterations, seed=seed, horizon=horizon)  # type: ignore[arg-type]

    def search(self, view: Any, legal_moves: Sequence[Any], budget: int) -> Any:
        self.player.iterations = budget
        return self.player.choose(view, legal_moves)


class OpenSpielISMCTS(Budgeted):
    """OpenSpiel's Python ISMCTSBot (random play-outs to the end), seeing only the view."""

    def __init__(self, game: Any, iterations: int, seconds: float | None, seed: int) -> None:
        super().__init__(iterations, seconds)
        self.game = game
        self.spiel = load_game(game)
        self.rng = np.random.RandomState(seed)

    def search(self, view: Any, legal_moves: Sequence[Any], budget: int) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(1, self.rng)
        bot = ismcts.ISMCTSBot(self.spiel, evaluator, 1.0, budget, random_state=self.rng)
        seen = self.game.sample_state(view, int(self.rng.randint(2**31)))  # the seat cannot tell it apart
        return self.game.action_move(seen, bot.step(self.spiel.state_at(seen)))


def interval(scores: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """A 95% interval of the mean score: Wilson's for 0/1 scores, the normal one otherwise."""
    n = len(scores)
    if all(score in (0.0, 1.0) for score in scores):
        return wilson(round(sum(scores)), n, z)
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(n - 1, 1))
    return (max(0.0, mean - z * sd / math.sqrt(n)), min(1.0, mean + z * sd / math.sqrt(n)))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_to_head(
    game: Any, matches: int, iterations: int, seconds: float | None, horizon: str, seed: int
) -> dict[str, Any]:
    ours = CardrulesISMCTS(game, iterations, seconds, seed, horizon)
    theirs = OpenSpielISMCTS(game, iterations, seconds, seed)
    scores: list[float] = []
    wall = time.perf_counter()
    for match in range(matches):
        ours_seats = {s for s in range(game.players) if s % 2 == match % 2}
        state = game.new_state(seed * 100_003 + match)
        while not state.is_terminal:
            seat = state.current_player
            player = ours if seat in ours_seats else theirs
            state = state.apply(player.choose(state.view(seat), state.legal_moves()))
        scores.append(len(ours_seats & state.outcome.winners) / len(ours_seats))
        print(f"  match {match + 1}/{matches}: cardrules {sum(scores):g} of {len(scores)}", flush=True)
    low, high = interval(scores)
    return {
        "matches": matches,
        "cardrules_score": sum(scores) / matches,
        "ci95": [low, high],
        "cpu_per_decision": {
            "cardrules": ours.cpu / max(ours.decisions, 1),
            "openspiel": theirs.cpu / max(theirs.decisions, 1),
        },
        "iterations_per_decision": {
            "cardrules": ours.spent_iterations / max(ours.decisions, 1),
            "openspiel": theirs.spent_iterations / max(theirs.decisions, 1),
        },
        "wall_seconds": time.perf_counter() - wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="malilla")
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.05)
    parser.add_argument("--horizon", choices=("match", "round"), default="match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="openspiel_ismcts")
    args = parser.parse_args()
    options = {}
    for option in args.option:
        key, _, value = option.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    game = cardrules.game(args.game, **options)
    report: dict[str, Any] = {"game": str(game), "horizon": args.horizon, "seed": args.seed}
    print(f"{game}: equal iterations ({args.iterations})", flush=True)
    report["equal_iterations"] = {
        "iterations": args.iterations,
        **head_to_head(game, args.matches, args.iterations, None, args.horizon, args.seed),
    }
    print(f"{game}: equal CPU time ({args.seconds} s per decision)", flush=True)
    report["equal_time"] = {
        "seconds": args.seconds,
        **head_to_head(game, args.matches, args.iterations, args.seconds, args.horizon, args.seed),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text(markdown(report))
    print(markdown(report))


def markdown(report: dict[str, Any]) -> str:
    rows = [
        "| budget | matches | cardrules' score per match (95%) | CPU ms per decision: cardrules / OpenSpiel"
        " | iterations per decision: cardrules / OpenSpiel |",
        "|---|---|---|---|---|",
    ]
    for key, label in (("equal_iterations", "iterations"), ("equal_time", "seconds")):
        r = report[key]
        budget = f"{r[label]} {label}" if key == "equal_iterations" else f"{r[label]} s CPU"
        low, high = r["ci95"]
        cpu, its = r["cpu_per_decision"], r["iterations_per_decision"]
        rows.append(
            f"| {budget} | {r['matches']} | {r['cardrules_score']:.1%} ({low:.1%} - {high:.1%})"
            f" | {cpu['cardrules'] * 1000:.1f} / {cpu['openspiel'] * 1000:.1f}"
            f" | {its['cardrules']:.0f} / {its['openspiel']:.0f} |"
        )
    return f"`{report['game']}`, cardrules horizon `{report['horizon']}`\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    main()
