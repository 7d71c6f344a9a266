"""cardrules' ISMCTSPlayer or ExpertPlayer against OpenSpiel's Python IS-MCTS bot, head to head on one game.

    python benchmarks/openspiel_ismcts.py [--game malilla] [--option target=12] [--matches 200]
        [--bot ismcts|expert] [--rounds iterations,time] [--iterations 100] [--seconds 0.05]
        [--horizon match] [--jobs 1] [--out NAME]

Both bots search the same information sets: the OpenSpiel bot runs on
``cardrules.openspiel`` and resamples with ``Game.sample_state``, exactly as
the cardrules bot does.  It is wrapped as a cardrules ``Player``: from the
view alone it builds a state the seat cannot tell apart (``sample_state``),
hands that to the bot, and maps the chosen index back to a move, so it sees
what the cardrules bot sees and no more.  Its play-outs are uniformly random
to the end of the match (OpenSpiel's ``RandomRolloutEvaluator``); the
cardrules bot gets ``--horizon match`` (the default here) for the same
play-outs, or ``round`` for its own round value.  ``--bot expert`` seats
cardrules' ``ExpertPlayer`` instead (``--horizon`` does not apply: it searches
as it does in play, and in Malilla's last tricks solves sampled deals).

Two rounds (``--rounds``, both by default), each of ``--matches`` matches with the
seats rotated (the cardrules bot takes the even seats in even matches and the odd
seats in odd ones, so a partnership game gives each bot one side):

- equal iterations: ``--iterations`` per decision for both;
- equal time: ``--seconds`` of CPU per decision for each: a bot gets as many
  iterations as its own measured CPU time per iteration so far fits in the
  budget (a process's first decision uses ``--iterations``; OpenSpiel's bot
  gets at least 2, as its first simulation only expands the root).  CPU
  time, not wall time, so a busy machine does not favour either.  The expert
  gets ``time_limit=--seconds`` and keeps to it itself (``time.process_time``);
  it counts no iterations in its endgame, so it plays this round only.

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
iterations per decision (the expert's: its search's iterations per decision
where it searched, and deals solved per decision in Malilla's endgame; only
decisions with more than one legal move count).  Writes
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
from cardrules.bots import ExpertPlayer, ISMCTSPlayer
from cardrules.openspiel import load_game

RESULTS = Path(__file__).parent / "results"

#: The cardrules bots (``--bot``) by the class that plays.
BOTS = {"ismcts": "ISMCTSPlayer", "expert": "ExpertPlayer"}
ROUNDS = ("iterations", "time")


class Counted:
    """A bot whose decisions with a choice are counted in ``tally``: their number, their CPU
    seconds and their iterations (or what a bot counts instead)."""

    def __init__(self) -> None:
        self.tally: dict[str, float] = {"decisions": 0, "cpu": 0.0, "iterations": 0}

    def reseed(self, seed: int) -> None:
        raise NotImplementedError

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        raise NotImplementedError


class Budgeted(Counted):
    """A search bot held to ``iterations`` per decision, or to ``seconds`` of CPU per decision by its
    own running CPU cost per iteration (never fewer than ``least``); counts its CPU time and iterations."""

    least = 1

    def __init__(self, iterations: int, seconds: float | None) -> None:
        super().__init__()
        self.iterations = iterations
        self.seconds = seconds

    def budget(self) -> int:
        tally = self.tally
        if self.seconds is None or not tally["iterations"]:
            return self.iterations
        return max(self.least, round(self.seconds * tally["iterations"] / tally["cpu"]))

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        budget = self.budget()
        start = time.process_time()
        move = self.search(view, legal_moves, budget)
        self.tally["cpu"] += time.process_time() - start
        self.tally["decisions"] += 1
        self.tally["iterations"] += budget
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


class CardrulesExpert(Counted):
    """cardrules' ExpertPlayer with ``time_limit=seconds``, which it keeps to by CPU time itself.  Counts
    apart the decisions its search made (and their iterations) and those of Malilla's endgame (and the
    deals solved): an iteration and a solved deal are not the same work."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        super().__init__()
        self.game = game
        self.seconds = seconds
        self.tally.update(search_decisions=0, endgame_decisions=0, endgame_deals=0)
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        self.player = ExpertPlayer(self.game, seed=seed, time_limit=self.seconds)

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        if len(legal_moves) == 1:
            return self.player.choose(view, legal_moves)  # as in play: it counts every decision
        start = time.process_time()
        move = self.player.choose(view, legal_moves)
        tally = self.tally
        tally["cpu"] += time.process_time() - start
        tally["decisions"] += 1
        if self.player.last_samples:  # PIMC decided (it solves one deal at least)
            tally["endgame_decisions"] += 1
            tally["endgame_deals"] += self.player.last_samples
        else:
            tally["search_decisions"] += 1
            tally["iterations"] += self.player.search.last_iterations
        return move


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


_TABLE: tuple[Any, Counted, OpenSpielISMCTS] | None = None


def seat_bots(game: Any, bot: str, iterations: int, seconds: float | None, horizon: str) -> None:
    """Give this process its two bots (each keeps its running CPU cost per iteration across matches)."""
    global _TABLE
    ours: Counted
    if bot == "expert":
        assert seconds is not None
        ours = CardrulesExpert(game, seconds, 0)
    else:
        ours = CardrulesISMCTS(game, iterations, seconds, 0, horizon)
    _TABLE = (game, ours, OpenSpielISMCTS(game, iterations, seconds, 0))


def play(seed: int, match: int) -> dict[str, Any]:
    """One match with this process's bots, reseeded from the match; the cardrules bot's score in it and
    what each bot spent."""
    assert _TABLE is not None
    game, ours, theirs = _TABLE
    match_seed = seed * 100_003 + match
    ours.reseed(match_seed)
    theirs.reseed(match_seed)
    before = [dict(bot.tally) for bot in (ours, theirs)]
    ours_seats = {s for s in range(game.players) if s % 2 == match % 2}
    state = game.new_state(match_seed)
    while not state.is_terminal:
        seat = state.current_player
        player = ours if seat in ours_seats else theirs
        state = state.apply(player.choose(state.view(seat), state.legal_moves()))
    spent = {
        name: {key: value - tally[key] for key, value in bot.tally.items()}
        for name, bot, tally in zip(("cardrules", "openspiel"), (ours, theirs), before, strict=True)
    }
    winners = state.outcome.winners
    return {"score": len(ours_seats & winners) / len(ours_seats), "winners": len(winners), "spent": spent}


def head_to_head(
    game: Any,
    bot: str,
    matches: int,
    iterations: int,
    seconds: float | None,
    horizon: str,
    seed: int,
    jobs: int,
) -> dict[str, Any]:
    wall = time.perf_counter()
    results: list[dict[str, Any]] = []
    seeds = [seed] * matches
    if jobs == 1:
        seat_bots(game, bot, iterations, seconds, horizon)
        played: Any = map(play, seeds, range(matches))
    else:
        pool = ProcessPoolExecutor(
            jobs, initializer=seat_bots, initargs=(game, bot, iterations, seconds, horizon)
        )
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
        name: {key: sum(r["spent"][name][key] for r in results) for key in results[0]["spent"][name]}
        for name in ("cardrules", "openspiel")
    }
    report = {
        "matches": matches,
        "cardrules_score": sum(scores) / matches,
        "ci95": [low, high],
        "equal_strength_score": sum(r["winners"] for r in results) / matches / game.players,
        "cpu_per_decision": {name: s["cpu"] / max(s["decisions"], 1) for name, s in spent.items()},
        "iterations_per_decision": {
            name: s["iterations"] / max(s["decisions"], 1) for name, s in spent.items()
        },
        "cpu_seconds": sum(s["cpu"] for s in spent.values()),
        "wall_seconds": time.perf_counter() - wall,
        "scores": scores,
    }
    if bot == "expert":  # its search's iterations and its endgame's deals, each per its own decisions
        ours = spent["cardrules"]
        report["iterations_per_decision"]["cardrules"] = None
        report["expert"] = {
            "decisions": ours["decisions"],
            "search_decisions": ours["search_decisions"],
            "iterations_per_search_decision": ours["iterations"] / max(ours["search_decisions"], 1),
            "endgame_decisions": ours["endgame_decisions"],
            "deals_per_endgame_decision": ours["endgame_deals"] / max(ours["endgame_decisions"], 1),
        }
    return report


def rounds(text: str) -> list[str]:
    """``--rounds``: a comma-separated choice of ``iterations`` and ``time``, in that order."""
    names = {name.strip() for name in text.split(",")}
    if not names or not names <= set(ROUNDS):
        raise argparse.ArgumentTypeError(f"write iterations, time or iterations,time; got {text!r}")
    return [name for name in ROUNDS if name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="malilla")
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument(
        "--bot",
        choices=tuple(BOTS),
        default="ismcts",
        help="the cardrules side: ISMCTSPlayer or ExpertPlayer (the expert plays --rounds time only)",
    )
    parser.add_argument(
        "--rounds", type=rounds, default=list(ROUNDS), help="iterations, time or iterations,time (default)"
    )
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
    if args.bot == "expert" and "iterations" in args.rounds:
        parser.error(
            "--bot expert plays the equal-time round only (its endgame solves deals, it counts no "
            "iterations there): add --rounds time"
        )
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
        "bot": BOTS[args.bot],
        "horizon": args.horizon if args.bot == "ismcts" else None,
        "seed": args.seed,
        "jobs": args.jobs,
    }
    print(f"{game}: cardrules' {BOTS[args.bot]} against OpenSpiel's ISMCTSBot", flush=True)
    if "iterations" in args.rounds:
        print(f"{game}: equal iterations ({args.iterations})", flush=True)
        report["equal_iterations"] = {
            "iterations": args.iterations,
            **head_to_head(
                game, args.bot, args.matches, args.iterations, None, args.horizon, args.seed, args.jobs
            ),
        }
    if "time" in args.rounds:
        print(f"{game}: equal CPU time ({args.seconds} s per decision)", flush=True)
        report["equal_time"] = {
            "seconds": args.seconds,
            **head_to_head(
                game,
                args.bot,
                args.matches,
                args.iterations,
                args.seconds,
                args.horizon,
                args.seed,
                args.jobs,
            ),
        }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text(markdown([report]))
    print(markdown([report]))


def markdown(reports: Sequence[dict[str, Any]]) -> str:
    """One table row per game, cardrules bot and budget (results written before ``--bot`` are
    ISMCTSPlayer's)."""
    rows = [
        "| game | cardrules bot | budget | matches | cardrules' score per match (95%) | equal strength"
        " | CPU ms per decision: cardrules / OpenSpiel | iterations per decision: cardrules / OpenSpiel |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for report in reports:
        options = ", ".join(f"{key}={value!r}" for key, value in report.get("options", {}).items())
        name = f"`{report['game'].split('(')[0]}({options})`"
        bot = report.get("bot", "ISMCTSPlayer")
        for key in ("equal_iterations", "equal_time"):
            if key not in report:
                continue
            r = report[key]
            budget = f"{r['iterations']} iterations" if key == "equal_iterations" else f"{r['seconds']} s CPU"
            low, high = r["ci95"]
            cpu, its = r["cpu_per_decision"], r["iterations_per_decision"]
            par = f"{r['equal_strength_score']:.1%}" if "equal_strength_score" in r else "-"
            if "expert" in r:  # iterations where it searched, deals solved in the endgame
                e = r["expert"]
                ours = f"{e['iterations_per_search_decision']:.1f} in {e['search_decisions']:.0f} searches"
                if e["endgame_decisions"]:  # Malilla's endgame, where the expert solves deals
                    ours += (
                        f", {e['deals_per_endgame_decision']:.1f} deals in {e['endgame_decisions']:.0f}"
                        " endgame decisions"
                    )
            else:
                ours = f"{its['cardrules']:.1f}"
            rows.append(
                f"| {name} | {bot} | {budget} | {r['matches']}"
                f" | {r['cardrules_score']:.1%} ({low:.1%} - {high:.1%})"
                f" | {par} | {cpu['cardrules'] * 1000:.1f} / {cpu['openspiel'] * 1000:.1f}"
                f" | {ours} / {its['openspiel']:.1f} |"
            )
    horizons = sorted({report["horizon"] for report in reports if report.get("horizon")})
    lines = [f"ISMCTSPlayer's horizon `{'`, `'.join(horizons)}`"] if horizons else []
    if any(report.get("bot") == "ExpertPlayer" for report in reports):
        lines.append(
            "ExpertPlayer with `time_limit` the budget, searching as it does in play"
            " (its iterations a decision where it searched, its deals solved a decision in Malilla's endgame)"
        )
    return "\n\n".join(lines) + "\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    main()
