"""cardrules' ISMCTSPlayer against OpenSpiel's Python IS-MCTS bot, head to head on one game.

    python benchmarks/openspiel_ismcts.py [--game malilla] [--option target=12] [--matches 200]
        [--iterations 100] [--seconds 0.05] [--horizon match] [--jobs 1] [--out NAME]

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
  budget (a process's first decision uses ``--iterations``; OpenSpiel's bot
  gets at least 2, as its first simulation only expands the root).  CPU
  time, not wall time, so a busy machine does not favour either.

Match ``m`` is dealt from seed ``seed * 100_003 + m`` and both bots are
seeded from it afresh, so at equal iterations a match's result does not
depend on ``--jobs`` (the matches are shared among that many processes) or on
the matches before it; at equal time the budgets follow measured CPU, so no
two runs are alike.

Each round reports the cardrules bot's score per match (the share of its
seats among the winners: 1 or 0 in a partnership game) with a 95% interval
(Wilson for 0/1 scores, normal otherwise), beside the score a bot of equal
strength expects (the mean number of winners over the number of seats: a
seat's chance to win when no seat is better), and both bots' CPU seconds and
iterations per decision.  Writes
``benchmarks/results/<out>.json`` and ``.md``.  Run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
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
    own running CPU cost per iteration (never fewer than ``least``); counts its CPU time and iterations."""

    least = 1

    def __init__(self, iterations: int, seconds: float | None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.decisions = 0
        self.cpu = 0.0
        self.spent_iterations = 0

    def budget(self) -> int:
        if self.seconds is None or not self.spent_iterations:
            return self.iterations
        return max(self.least, round(self.seconds * self.spent_iterations / self.cpu))

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
        self.game = game
        self.horizon = horizon
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        self.player = ISMCTSPlayer(
            self.game,
            iterations=self.iterations,
            seed=seed,
            horizon=self.horizon,  # type: ignore[arg-type]
        )

    def search(self, view: Any, legal_moves: Sequence[Any], budget: int) -> Any:
        self.player.iterations = budget
        return self.player.choose(view, legal_moves)


class SeededISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python IS-MCTS bot, its resampling drawn from its own random state: as shipped it
    resamples through an unseeded ``pyspiel.UniformProbabilitySampler``, so no two runs agree."""

    def resample_from_infostate(self, state: Any) -> Any:
        return state.resample_from_infostate(state.current_player(), self._random_state.uniform)


class OpenSpielISMCTS(Budgeted):
    """OpenSpiel's Python ISMCTSBot (random play-outs to the end), seeing only the view.  Its first
    simulation only expands the root, so it needs two to choose."""

    least = 2

    def __init__(self, game: Any, iterations: int, seconds: float | None, seed: int) -> None:
        super().__init__(iterations, seconds)
        self.game = game
        self.spiel = load_game(game)
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        self.rng = np.random.RandomState(seed % 2**32)

    def search(self, view: Any, legal_moves: Sequence[Any], budget: int) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(1, self.rng)
        bot = SeededISMCTSBot(self.spiel, evaluator, 1.0, budget, random_state=self.rng)
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


_TABLE: tuple[Any, CardrulesISMCTS, OpenSpielISMCTS] | None = None


def seat_bots(game: Any, iterations: int, seconds: float | None, horizon: str) -> None:
    """Give this process its two bots (each keeps its running CPU cost per iteration across matches)."""
    global _TABLE
    _TABLE = (
        game,
        CardrulesISMCTS(game, iterations, seconds, 0, horizon),
        OpenSpielISMCTS(game, iterations, seconds, 0),
    )


def play(seed: int, match: int) -> dict[str, Any]:
    """One match with this process's bots, reseeded from the match; the cardrules bot's score in it and
    what each bot spent."""
    assert _TABLE is not None
    game, ours, theirs = _TABLE
    match_seed = seed * 100_003 + match
    ours.reseed(match_seed)
    theirs.reseed(match_seed)
    before = [(bot.cpu, bot.decisions, bot.spent_iterations) for bot in (ours, theirs)]
    ours_seats = {s for s in range(game.players) if s % 2 == match % 2}
    state = game.new_state(match_seed)
    while not state.is_terminal:
        seat = state.current_player
        player = ours if seat in ours_seats else theirs
        state = state.apply(player.choose(state.view(seat), state.legal_moves()))
    spent = {
        name: [bot.cpu - cpu, bot.decisions - decisions, bot.spent_iterations - iterations]
        for name, bot, (cpu, decisions, iterations) in zip(
            ("cardrules", "openspiel"), (ours, theirs), before, strict=True
        )
    }
    winners = state.outcome.winners
    return {"score": len(ours_seats & winners) / len(ours_seats), "winners": len(winners), "spent": spent}


def head_to_head(
    game: Any, matches: int, iterations: int, seconds: float | None, horizon: str, seed: int, jobs: int
) -> dict[str, Any]:
    wall = time.perf_counter()
    results: list[dict[str, Any]] = []
    seeds = [seed] * matches
    if jobs == 1:
        seat_bots(game, iterations, seconds, horizon)
        played: Any = map(play, seeds, range(matches))
    else:
        pool = ProcessPoolExecutor(jobs, initializer=seat_bots, initargs=(game, iterations, seconds, horizon))
        played = pool.map(play, seeds, range(matches))
    for result in played:
        results.append(result)
        total = sum(r["score"] for r in results)
        print(f"  match {len(results)}/{matches}: cardrules {total:g} of {len(results)}", flush=True)
    if jobs != 1:
        pool.shutdown()
    scores = [r["score"] for r in results]
    low, high = interval(scores)
    spent = {
        name: [sum(r["spent"][name][i] for r in results) for i in range(3)]
        for name in ("cardrules", "openspiel")
    }
    return {
        "matches": matches,
        "cardrules_score": sum(scores) / matches,
        "ci95": [low, high],
        "equal_strength_score": sum(r["winners"] for r in results) / matches / game.players,
        "cpu_per_decision": {name: cpu / max(decisions, 1) for name, (cpu, decisions, _) in spent.items()},
        "iterations_per_decision": {
            name: its / max(decisions, 1) for name, (_, decisions, its) in spent.items()
        },
        "cpu_seconds": sum(cpu for cpu, _, _ in spent.values()),
        "wall_seconds": time.perf_counter() - wall,
        "scores": scores,
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
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the matches")
    parser.add_argument("--out", default="openspiel_ismcts")
    parser.add_argument(
        "--summary", nargs="+", metavar="NAME", help="write <out>.md from these results' JSON"
    )
    args = parser.parse_args()
    if args.summary:
        reports = [json.loads((RESULTS / f"{name}.json").read_text()) for name in args.summary]
        (RESULTS / f"{args.out}.md").write_text(markdown(reports))
        return
    options = {}
    for option in args.option:
        key, _, value = option.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    game = cardrules.game(args.game, **options)
    report: dict[str, Any] = {
        "game": str(game),
        "options": options,
        "horizon": args.horizon,
        "seed": args.seed,
        "jobs": args.jobs,
    }
    print(f"{game}: equal iterations ({args.iterations})", flush=True)
    report["equal_iterations"] = {
        "iterations": args.iterations,
        **head_to_head(game, args.matches, args.iterations, None, args.horizon, args.seed, args.jobs),
    }
    print(f"{game}: equal CPU time ({args.seconds} s per decision)", flush=True)
    report["equal_time"] = {
        "seconds": args.seconds,
        **head_to_head(game, args.matches, args.iterations, args.seconds, args.horizon, args.seed, args.jobs),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text(markdown([report]))
    print(markdown([report]))


def markdown(reports: Sequence[dict[str, Any]]) -> str:
    """One table row per game and budget."""
    rows = [
        "| game | budget | matches | cardrules' score per match (95%) | equal strength"
        " | CPU ms per decision: cardrules / OpenSpiel | iterations per decision: cardrules / OpenSpiel |",
        "|---|---|---|---|---|---|---|",
    ]
    for report in reports:
        options = ", ".join(f"{key}={value!r}" for key, value in report.get("options", {}).items())
        name = f"`{report['game'].split('(')[0]}({options})`"
        for key in ("equal_iterations", "equal_time"):
            r = report[key]
            budget = f"{r['iterations']} iterations" if key == "equal_iterations" else f"{r['seconds']} s CPU"
            low, high = r["ci95"]
            cpu, its = r["cpu_per_decision"], r["iterations_per_decision"]
            par = f"{r['equal_strength_score']:.1%}" if "equal_strength_score" in r else "-"
            rows.append(
                f"| {name} | {budget} | {r['matches']} | {r['cardrules_score']:.1%} ({low:.1%} - {high:.1%})"
                f" | {par} | {cpu['cardrules'] * 1000:.1f} / {cpu['openspiel'] * 1000:.1f}"
                f" | {its['cardrules']:.1f} / {its['openspiel']:.1f} |"
            )
    horizons = sorted({report["horizon"] for report in reports})
    return f"cardrules horizon `{'`, `'.join(horizons)}`\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    main()
