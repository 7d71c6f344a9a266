"""How strong the bots are: heuristic against random for every game, IS-MCTS on Malilla,
and the win rate of IS-MCTS against its number of iterations, drawn as an SVG plot.

    python benchmarks/bots.py [--matches 200] [--jobs 2] [--curve-matches 40]
                              [--ismcts ismcts-300] [--iterations 10,30,100,300] [--only malilla ...]

Writes benchmarks/results/bots.json, bots.md (the tables the docs include) and
bots.svg (the plot).  Everything is seeded: the same command gives the same tables.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import cardrules
from cardrules import tournament

RESULTS = Path(__file__).parent / "results"


def alternating(first: str, second: str, players: int) -> list[str]:
    """first, second, first, ...: partners and interleaved teams get the same bot."""
    return [first if seat % 2 == 0 else second for seat in range(players)]


def duel(game: Any, first: str, second: str, matches: int, jobs: int, seed: int = 1) -> dict[str, Any]:
    """``first`` against ``second`` on alternating seats; rates per bot, with 95% intervals."""
    start = time.perf_counter()
    result = tournament(game, alternating(first, second, game.players), matches, seed, jobs, progress=False)
    rows = {row.bot: row for row in result.standings}
    shared = sum(1 for m in result.matches if len(m.winners) == game.players)
    first_won = sum(1 for m in result.matches if any(m.seating[s] == first for s in m.winners))
    return {
        "game": str(game),
        "first": first,
        "second": second,
        "matches": matches,
        "win_rate": {bot: row.win_rate for bot, row in rows.items()},
        "ci95": {bot: row.confidence for bot, row in rows.items()},
        "mean_score": {bot: row.mean_score for bot, row in rows.items()},
        "ms_per_decision": {bot: row.mean_decision_seconds * 1000 for bot, row in rows.items()},
        "shared_by_all": shared,
        "matches_won_by_first": first_won / matches,
        "seconds": time.perf_counter() - start,
    }


def svg_plot(curves: dict[str, list[tuple[int, float]]], path: Path) -> None:
    """A small line chart, win rate (0-100%) against iterations (log scale), one line per game."""
    import math

    width, height, left, bottom, top, right = 640, 380, 60, 50, 20, 170
    plot_w, plot_h = width - left - right, height - top - bottom
    xs = sorted({x for points in curves.values() for x, _ in points})
    lo, hi = math.log10(min(xs)), math.log10(max(xs)) if len(xs) > 1 else math.log10(min(xs)) + 1

    def px(x: int) -> float:
        return left + (math.log10(x) - lo) / (hi - lo or 1) * plot_w

    def py(y: float) -> float:
        return top + (1 - y) * plot_h

    colours = ["#1b6ca8", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#2c3e50", "#16a085", "#7f8c8d"]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="14">IS-MCTS win rate against random players, by iterations per decision</text>',
    ]
    for y in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{left}" y1="{py(y):.1f}" x2="{left + plot_w}" y2="{py(y):.1f}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{left - 8}" y="{py(y) + 4:.1f}" text-anchor="end">{y:.0%}</text>')
    for x in xs:
        parts.append(f'<text x="{px(x):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{x}</text>')
    parts.append(
        f'<text x="{left + plot_w / 2}" y="{height - 10}" text-anchor="middle">iterations per decision</text>'
    )
    for i, (name, points) in enumerate(curves.items()):
        colour = colours[i % len(colours)]
        path_d = " ".join(
            f"{'M' if j == 0 else 'L'}{px(x):.1f},{py(y):.1f}" for j, (x, y) in enumerate(points)
        )
        parts.append(f'<path d="{path_d}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y in points:
            parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}"/>')
        parts.append(f'<text x="{left + plot_w + 10}" y="{top + 16 + 18 * i}" fill="{colour}">{name}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n")


def markdown(report: dict[str, Any]) -> str:
    lines = [
        "Measured with `python benchmarks/bots.py` (its options and the seeds are in `bots.json`); every",
        "match is seeded, so the same command gives the same tables.",
        "",
        "**Heuristic against random** (alternating seats, so partners and teams share a bot; the rate is the",
        "share of seats played that ended among the winners, with its 95% interval; a cooperative game's",
        "outcome is shared by the table, so there its mean team score says more).",
        "",
        "| game | matches | won by a heuristic seat | heuristic seats' win rate | random seats' win rate "
        "| heuristic mean score | random mean score |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in report["heuristic"]:
        h, r = row["win_rate"]["heuristic"], row["win_rate"]["random"]
        (hl, hh), (rl, rh) = row["ci95"]["heuristic"], row["ci95"]["random"]
        lines.append(
            f"| `{row['game']}` | {row['matches']} | {row.get('matches_won_by_first', float('nan')):.0%} "
            f"| {h:.0%} ({hl:.0%}–{hh:.0%}) | {r:.0%} ({rl:.0%}–{rh:.0%}) "
            f"| {row['mean_score']['heuristic']:.2f} | {row['mean_score']['random']:.2f} |"
        )
    if report["ismcts"]:
        lines += ["", "**IS-MCTS on Malilla** (target 12, partnership against partnership)", "",
                  "| IS-MCTS | against | matches | IS-MCTS wins | ms per decision |", "|---|---|---|---|---|"]  # fmt: skip
        for row in report["ismcts"]:
            bot, other = row["first"], row["second"]
            low, high = row["ci95"][bot]
            lines.append(
                f"| {bot} | {other} | {row['matches']} | {row['win_rate'][bot]:.0%} ({low:.0%}–{high:.0%}) "
                f"| {row['ms_per_decision'][bot]:.1f} |"
            )
    if report["curves"]:
        lines += [
            "",
            f"**IS-MCTS against random, by iterations** ({report.get('curve_matches', '?')} matches a point, alternating"
            " seats; each game's default configuration)",
            "",
            "![IS-MCTS win rate against iterations](../benchmarks/results/bots.svg)",
        ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description="Bot strength tables and the IS-MCTS curve.")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ismcts", default="ismcts-300", help="the IS-MCTS bot of the Malilla table")
    parser.add_argument("--ismcts-matches", type=int, default=None, help="matches of the IS-MCTS table")
    parser.add_argument("--iterations", default="10,30,100", help="points of the curve")
    parser.add_argument("--curve-matches", type=int, default=40)
    parser.add_argument("--only", nargs="*", help="games to (re)measure; the others keep their saved results")
    parser.add_argument("--skip", nargs="*", default=[], help="parts to skip: heuristic, ismcts, curve")
    args = parser.parse_args()
    games = {name: cls for name, cls in cardrules.games().items() if not args.only or name in args.only}
    saved = RESULTS / "bots.json"
    report: dict[str, Any] = json.loads(saved.read_text()) if saved.exists() else {}
    report.setdefault("heuristic", [])
    report.setdefault("ismcts", [])
    report.setdefault("curves", {})
    command = " ".join(
        f"--{k.replace('_', '-')} {' '.join(v) if isinstance(v, list) else v}"
        for k, v in vars(args).items()
        if v
    )
    report.pop("arguments", None)
    ran = report.setdefault("commands", {})  # the arguments that measured each part, as it was last run
    for part in ("heuristic", "ismcts", "curve"):
        if part not in args.skip and (part != "ismcts" or "malilla" in games):
            ran[part] = command
    if "heuristic" not in args.skip:
        report["heuristic"] = [row for row in report["heuristic"] if row["game"].split("(")[0] not in games]
        for cls in games.values():
            for game in cls.examples()[:2]:
                report["heuristic"].append(duel(game, "heuristic", "random", args.matches, args.jobs))
                print(f"{game}: heuristic {report['heuristic'][-1]['win_rate']}", flush=True)
    if "malilla" in games and "ismcts" not in args.skip:
        malilla = cardrules.game("malilla", target=12)
        report["ismcts"] = []
        for other in ("random", "heuristic"):
            matches = args.ismcts_matches or args.matches
            report["ismcts"].append(duel(malilla, args.ismcts, other, matches, args.jobs))
            print(f"malilla {args.ismcts} vs {other}: {report['ismcts'][-1]['win_rate']}", flush=True)
    iterations = [int(x) for x in args.iterations.split(",") if x]
    if "curve" not in args.skip:
        for name, cls in games.items():
            game = cls()
            points = []
            for n in iterations:
                row = duel(game, f"ismcts-{n}", "random", args.curve_matches, args.jobs)
                points.append((n, row["win_rate"][f"ismcts-{n}"]))
            report["curves"][name] = points
            report["curve_matches"] = args.curve_matches
            print(f"{name} curve: {points}", flush=True)
    report["heuristic"].sort(key=lambda row: row["game"])
    RESULTS.mkdir(exist_ok=True)
    saved.write_text(json.dumps(report, indent=1) + "\n")
    (RESULTS / "bots.md").write_text(markdown(report))
    if report["curves"]:
        svg_plot(dict(sorted(report["curves"].items())), RESULTS / "bots.svg")
    print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
