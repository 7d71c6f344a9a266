"""OpenSpiel's CFR+ solves a small variant: the exploitability curve, and the policy the ``cfr`` bot plays.

    python benchmarks/cfr.py [--variant mala_suerte_mini] [--iterations 30]

Runs ``open_spiel.python.algorithms.cfr.CFRPlusSolver`` on the variant's OpenSpiel game (every deal and
random pick a chance node, information states perfect recall) and measures
``open_spiel.python.algorithms.exploitability.exploitability`` of the average policy after chosen
iterations.  CPU time is the solver's alone (the measurements are not counted).  Writes
``benchmarks/results/cfr_<variant>.json``, ``.md`` (the table the docs include) and ``.svg`` (the curve),
and the average policy to ``src/cardrules/bots/policies/<variant>.json``, keyed as the
:class:`~cardrules.bots.CFRPlayer` keys a decision; it checks over the whole tree that those keys are one
to one with OpenSpiel's information states.  Not run in CI; run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import pyspiel
from _charts import pyplot, save
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from cardrules.bots._cfr import solved
from cardrules.openspiel import OpenSpielGame, decisions, load_game

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
POLICIES = ROOT / "src" / "cardrules" / "bots" / "policies"
#: The iterations after which exploitability is measured.
MEASURED = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)


def tree_size(game: pyspiel.Game) -> dict[str, int]:
    """Histories, decision nodes, terminal nodes and information states of the whole tree."""
    counts = {"histories": 0, "decisions": 0, "terminals": 0}
    infos: set[str] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        counts["histories"] += 1
        if state.is_terminal():
            counts["terminals"] += 1
        elif state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        else:
            counts["decisions"] += 1
            infos.add(state.information_state_string())
            stack.extend(state.child(a) for a in state.legal_actions())
    counts["information_states"] = len(infos)
    return counts


def policy_table(game: OpenSpielGame, average: policy_lib.Policy) -> dict[str, list[list[float]]]:
    """The average policy by the CFR player's decision keys; refuses keys that are not one to one with
    information states."""
    table: dict[str, list[list[float]]] = {}
    info_of: dict[str, str] = {}
    for state, key in decisions(game):
        info = state.information_state_string()
        if info_of.setdefault(key, info) != info:
            raise RuntimeError(f"decision key {key} stands for two information states")
        probabilities = average.action_probabilities(state)
        table[key] = [[action, round(p, 6)] for action, p in sorted(probabilities.items())]
    if len(set(info_of.values())) != len(info_of):
        raise RuntimeError("an information state has two decision keys")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="mala_suerte_mini", choices=sorted(solved()))
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--chart", action="store_true", help="only rewrite the table and chart from the JSON")
    args = parser.parse_args()
    if args.chart:
        write_report(args.variant, json.loads((RESULTS / f"cfr_{args.variant}.json").read_text()))
        return
    variant = solved()[args.variant]
    game = load_game(variant)
    size = tree_size(game)
    print(f"{variant}: {size}", flush=True)
    solver = cfr.CFRPlusSolver(game)
    curve: list[dict[str, float]] = []
    spent = 0.0
    for iteration in range(1, args.iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if iteration in MEASURED or iteration == args.iterations:
            value = exploitability.exploitability(game, solver.average_policy())
            curve.append({"iteration": iteration, "exploitability": value, "cpu_seconds": round(spent, 1)})
            print(curve[-1], flush=True)
    table = policy_table(game, solver.average_policy())
    final = curve[-1]
    POLICIES.mkdir(parents=True, exist_ok=True)
    (POLICIES / f"{args.variant}.json").write_text(
        json.dumps(
            {
                "game": variant.to_dict(),
                "solver": "open_spiel.python.algorithms.cfr.CFRPlusSolver",
                "iterations": final["iteration"],
                "exploitability": final["exploitability"],
                "policy": table,
            },
            separators=(",", ":"),
            sort_keys=True,
        )
        + "\n"
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    result = {"game": str(variant), "tree": size, "solver": "CFR+", "curve": curve}
    (RESULTS / f"cfr_{args.variant}.json").write_text(json.dumps(result, indent=1) + "\n")
    write_report(args.variant, result)


def write_report(name: str, result: dict[str, Any]) -> None:
    """The Markdown table and the curve."""
    plt = pyplot()
    tree = result["tree"]
    lines = [
        f"`{result['game']}`: {tree['histories']:,} histories, {tree['decisions']:,} decision nodes,"
        f" {tree['information_states']:,} information states, {tree['terminals']:,} ends.",
        "",
        "| CFR+ iterations | exploitability | solver CPU seconds |",
        "|---:|---:|---:|",
    ]
    lines += [
        f"| {p['iteration']} | {p['exploitability']:.4f} | {p['cpu_seconds']:.1f} |" for p in result["curve"]
    ]
    (RESULTS / f"cfr_{name}.md").write_text("\n".join(lines) + "\n")
    figure, axes = plt.subplots(figsize=(6.4, 3.8))
    axes.plot(
        [p["iteration"] for p in result["curve"]], [p["exploitability"] for p in result["curve"]], marker="o"
    )
    axes.axhline(0.05, color="grey", linestyle="--", linewidth=1, label="0.05")
    axes.set_yscale("log")
    axes.set_xlabel("CFR+ iterations")
    axes.set_ylabel("exploitability (returns of ±1)")
    axes.set_title(result["game"], fontsize=9)
    axes.legend()
    save(figure, RESULTS / f"cfr_{name}.svg")


if __name__ == "__main__":
    main()
