"""Random-playout speed of every cardrules game, side by side with RLCard and OpenSpiel.

A playout deals a fresh match and plays uniformly random legal moves for every
seat to the end.  Every engine is driven like for like, through its own lean
API, with its objects built once and reused from one playout to the next:

- cardrules: ``game.new_state(seed)``, then ``legal_moves()`` and ``apply()``.
- RLCard: one ``Game`` (``UnoGame``, ``BridgeGame``) and its ``RandomState``,
  reseeded and ``init_game()``-ed per playout, then ``get_legal_actions()`` and
  ``step()``.
- OpenSpiel (C++ driven from Python): one loaded game, ``new_initial_state()``
  per playout, ``legal_actions()`` and ``apply_action()``; a chance node
  (every one in these games is uniform, which the script checks once per
  game) draws a uniform index into ``chance_outcomes()``.  Chance nodes are
  not decisions and are not counted.

A second measure is what a reinforcement-learning loop pays on each side:
RLCard through its ``Env`` (``rlcard.make``, ``reset()``, ``step()``, which
builds the acting seat's observation at every step) against cardrules with
``state.view(seat)`` built for the seat to act at every step.

Time is CPU time (``time.process_time``) of this process.  Engines take turns
in short rounds, interleaved in one process, so a busy machine slows them all
alike; a warm-up turn each comes first and the median of the rounds is
reported.  Before each turn the objects alive are collected and frozen out of
the garbage collector's reach, so that no engine pays for traversing what the
others left alive (Magyar népmesék with 5 seats measured 86,000 decisions/s
among the 30 engines, 100,000 with them frozen).

    python benchmarks/playouts.py [--seconds 3] [--rounds 5] [--json FILE] [--markdown FILE] [--plot FILE]
                                  [--only NAME ...]
    python benchmarks/playouts.py --plot-only --json FILE --plot FILE

The table the docs include is ``--json benchmarks/results/playouts.json
--markdown benchmarks/results/playouts.md``, the chart ``--plot
benchmarks/results/playouts.svg``; ``--plot-only`` measures nothing and draws
the chart from the JSON of an earlier run.  RLCard and OpenSpiel join the run
when the ``bench`` extra is installed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _charts import pyplot, save

import cardrules

Playout = Callable[[int], int]  # seed -> decisions made

#: Each cardrules game's peers: (RLCard's game, OpenSpiel's game).  Malilla is a trick-taking
#: game of four seats in two partnerships, as bridge and hearts are; the others shed cards as
#: uno and crazy eights do.
PEERS = {"malilla": ("bridge", "hearts")}
DEFAULT_PEERS = ("uno", "crazy_eights")


def cardrules_playout(game: Any, *, views: bool) -> Playout:
    """Random playouts of a cardrules game; with ``views``, the acting seat's view is built at every step."""

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(seed)
        decisions = 0
        while not state.is_terminal:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions

    def run_with_views(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(seed)
        decisions = 0
        while not state.is_terminal:
            state.view(state.current_player)
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions

    return run_with_views if views else run


def rlcard_games() -> dict[str, Playout]:
    """RLCard's ``Game`` objects, each built once and reused."""
    try:
        from rlcard.games.bridge.game import BridgeGame
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return {}

    def make(game: Any, legal_actions: Callable[[], list[Any]]) -> Playout:
        def run(seed: int) -> int:
            rng = random.Random(seed)
            game.np_random.seed(seed)
            game.init_game()
            decisions = 0
            while not game.is_over():
                legal = legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                decisions += 1
            return decisions

        return run

    uno, bridge = UnoGame(), BridgeGame()
    return {
        "uno": make(uno, uno.get_legal_actions),
        "bridge": make(bridge, bridge.judger.get_legal_actions),
    }


def rlcard_envs() -> dict[str, Playout]:
    """RLCard's ``Env`` objects (``rlcard.make``), each built once and reused."""
    try:
        import rlcard
    except ImportError:
        return {}

    def make(name: str) -> Playout:
        env = rlcard.make(name)

        def run(seed: int) -> int:
            rng = random.Random(seed)
            env.game.np_random.seed(seed)
            observation, _ = env.reset()
            decisions = 0
            while not env.is_over():
                legal = list(observation["legal_actions"])
                observation, _ = env.step(legal[rng.randrange(len(legal))])
                decisions += 1
            return decisions

        return run

    return {name: make(name) for name in ("uno", "bridge")}


def open_spiel_games() -> dict[str, Playout]:
    """OpenSpiel's games, each loaded once."""
    try:
        import pyspiel
    except ImportError:
        return {}

    def make(name: str) -> Playout:
        game = pyspiel.load_game(name)
        _check_uniform_chance(game)

        def run(seed: int) -> int:
            rng = random.Random(seed)
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            return decisions

        return run

    return {name: make(name) for name in ("crazy_eights", "hearts")}


def _check_uniform_chance(game: Any, playouts: int = 20) -> None:
    """Refuse to draw chance outcomes by uniform index unless every chance node met is uniform."""
    rng = random.Random(0)
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if max(p for _, p in outcomes) - min(p for _, p in outcomes) > 1e-12:
                    raise SystemExit(f"open_spiel {game}: a chance node is not uniform: {outcomes}")
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def measure(playout: Playout, seconds: float, seed: int) -> tuple[int, int, float]:
    """Playouts until ``seconds`` of CPU time have passed: (matches, decisions, CPU seconds).

    What is alive beforehand is collected and frozen for the turn (see the module's docstring).
    """
    gc.collect()
    gc.freeze()
    try:
        matches = decisions = 0
        start = time.process_time()
        while True:
            decisions += playout(seed + matches)
            matches += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return matches, decisions, elapsed
    finally:
        gc.unfreeze()


def engines(only: list[str] | None) -> dict[str, Playout]:
    """Every engine to measure, by name: ``<game> [| view]``, ``rlcard <game>``, ``rlcard env <game>``, ``open_spiel <game>``."""
    found: dict[str, Playout] = {}
    configurations = [game for cls in cardrules.games().values() for game in (cls(), *cls.examples())]
    # The configuration that issue #5's figure names: the advanced game with the 5th-edition cards.
    configurations.append(cardrules.game("magyar_nepmesek", variant="advanced", fifth_edition=True))
    for game in configurations:
        found.setdefault(str(game), cardrules_playout(game, views=False))
        found.setdefault(f"{game} | view", cardrules_playout(game, views=True))
    found.update({f"rlcard {name}": run for name, run in rlcard_games().items()})
    found.update({f"rlcard env {name}": run for name, run in rlcard_envs().items()})
    found.update({f"open_spiel {name}": run for name, run in open_spiel_games().items()})
    if only:
        found = {k: v for k, v in found.items() if any(word in k for word in only)}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (the median is reported)")
    parser.add_argument("--json", metavar="FILE", help="save the results as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="save the results as a Markdown table")
    parser.add_argument("--only", nargs="*", help="engines whose name contains one of these words")
    parser.add_argument("--plot", metavar="FILE", help="draw the chart of the results (SVG or PNG)")
    parser.add_argument(
        "--plot-only", action="store_true", help="measure nothing: chart --json FILE's results"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    if args.plot_only:
        if not (args.json and args.plot):
            parser.error("--plot-only needs --json FILE (the results to draw) and --plot FILE")
        try:
            recorded = json.loads(Path(args.json).read_text(encoding="utf-8"))
            plot(recorded["results"], Path(args.plot))
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--plot-only: {args.json}: {error}")
        return 0

    measured = engines(args.only)
    for playout in measured.values():  # the warm-up turn, not reported
        measure(playout, args.seconds / 4, 0)
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in measured}
    for round_no in range(args.rounds):
        for name, playout in measured.items():
            matches, decisions, elapsed = measure(playout, args.seconds, 1000 * (round_no + 1))
            rates[name].append((decisions / elapsed, matches / elapsed))
        print(f"round {round_no + 1}/{args.rounds} done", file=sys.stderr)

    results = {
        name: {
            "decisions_per_s": statistics.median(r[0] for r in runs),
            "matches_per_s": statistics.median(r[1] for r in runs),
        }
        for name, runs in rates.items()
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(table(results, args.seconds, args.rounds, load))
    if args.json:
        payload = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cores": os.cpu_count(),
            "load": load,
            "seconds": args.seconds,
            "rounds": args.rounds,
            "results": results,
        }
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, indent=1)
            handle.write("\n")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write(table(results, args.seconds, args.rounds, load))
    if args.plot:
        plot(results, Path(args.plot))
    return 0


def _ratio(results: dict[str, dict[str, float]], name: str, peer: str) -> str:
    if name not in results or peer not in results:
        return "–"
    return f"{results[name]['decisions_per_s'] / results[peer]['decisions_per_s']:.2f}x"


def table(results: dict[str, dict[str, float]], seconds: float, rounds: int, load: float | None) -> str:
    """The results as the Markdown table the docs include, with the command and machine that made them.

    One row per cardrules configuration, its peers named in the columns' cells; the peers'
    own rates follow.
    """
    busy = f"load average {load:.1f} at the end" if load is not None else "load unknown"
    lines = [
        f"Random playouts, measured with `python benchmarks/playouts.py --seconds {seconds:g} --rounds {rounds}`"
        f" (Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, {busy};"
        " CPU time, engines interleaved in one process, the median of the rounds).",
        "",
        "| engine | decisions/s | matches/s | vs RLCard `Game` | vs OpenSpiel"
        " | with `view()` each step, decisions/s | vs RLCard `env.step` |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for name, result in results.items():
        if name.endswith(" | view") or name.startswith(("rlcard ", "open_spiel ")):
            continue
        rl, spiel = PEERS.get(name.partition("(")[0], DEFAULT_PEERS)
        viewed = results.get(f"{name} | view")
        viewed_rate = f"{viewed['decisions_per_s']:,.0f}" if viewed else "–"
        lines.append(
            f"| `{name}` | {result['decisions_per_s']:,.0f} | {result['matches_per_s']:,.1f}"
            f" | {_ratio(results, name, f'rlcard {rl}')} {rl}"
            f" | {_ratio(results, name, f'open_spiel {spiel}')} {spiel}"
            f" | {viewed_rate}"
            f" | {_ratio(results, f'{name} | view', f'rlcard env {rl}')} {rl} |"
        )
    for name, result in results.items():
        if name.startswith(("rlcard ", "open_spiel ")):
            label = name.replace("rlcard env ", "RLCard `env.step` ").replace("rlcard ", "RLCard `Game` ")
            label = label.replace("open_spiel ", "OpenSpiel ")
            lines.append(
                f"| {label} | {result['decisions_per_s']:,.0f} | {result['matches_per_s']:,.1f} | | | | |"
            )
    return "\n".join(lines) + "\n"


#: The chart's colours: cardrules, RLCard, OpenSpiel.
COLOURS = {"cardrules": "#2e6b4a", "RLCard": "#d9822b", "OpenSpiel": "#3b6fd1"}


def defaults(results: dict[str, dict[str, float]]) -> dict[str, str]:
    """Each game's row in its default configuration (else its first row): ``{game name: result key}``."""
    found: dict[str, str] = {}
    for name, cls in cardrules.games().items():
        rows = [k for k in results if k.partition("(")[0] == name and not k.endswith(" | view")]
        default = str(cls())
        if rows:
            found[name] = default if default in rows else rows[0]
    return found


def plot(results: dict[str, dict[str, float]], path: Path) -> None:
    """Decisions per CPU second, each game's default configuration beside RLCard's and OpenSpiel's games.

    Left: the lean API of every engine; right: with an observation built at every step (cardrules'
    ``view()``, RLCard's ``Env``).  Only measured rows are drawn; with none, nothing is.
    """
    games = defaults(results)
    lean = [(f"{name}", COLOURS["cardrules"], results[key]["decisions_per_s"]) for name, key in games.items()]
    lean += [(f"RLCard {k.removeprefix('rlcard ')}", COLOURS["RLCard"], r["decisions_per_s"])
             for k, r in results.items() if k.startswith("rlcard ") and not k.startswith("rlcard env ")]  # fmt: skip
    lean += [(f"OpenSpiel {k.removeprefix('open_spiel ')} (C++)", COLOURS["OpenSpiel"], r["decisions_per_s"])
             for k, r in results.items() if k.startswith("open_spiel ")]  # fmt: skip
    viewed = [(f"{name} + view()", COLOURS["cardrules"], results[f"{key} | view"]["decisions_per_s"])
              for name, key in games.items() if f"{key} | view" in results]  # fmt: skip
    viewed += [(f"RLCard env {k.removeprefix('rlcard env ')}", COLOURS["RLCard"], r["decisions_per_s"])
               for k, r in results.items() if k.startswith("rlcard env ")]  # fmt: skip
    panels = [(title, bars) for title, bars in (
        ("random playouts, each engine's lean API", lean),
        ("with an observation for the seat to act, every step", viewed),
    ) if bars]  # fmt: skip
    if not panels:
        raise ValueError(f"{path.name}: no result to plot")
    plt = pyplot()
    heights = [len(bars) for _, bars in panels]
    fig, axes = plt.subplots(
        len(panels),
        1,
        figsize=(7.5, 0.34 * sum(heights) + 1.4 * len(panels)),
        squeeze=False,
        gridspec_kw={"height_ratios": heights},
    )
    top = max(rate for _, bars in panels for _, _, rate in bars)
    for ax, (title, bars) in zip(axes[:, 0], panels, strict=True):
        bars = bars[::-1]
        ax.barh(
            range(len(bars)), [rate / 1000 for *_, rate in bars], color=[c for _, c, _ in bars], height=0.7
        )
        ax.set_yticks(range(len(bars)), [label for label, *_ in bars])
        for i, (*_, rate) in enumerate(bars):
            ax.text(rate / 1000, i, f" {rate / 1000:,.0f}k", va="center", fontsize=8)
        ax.set_xlim(0, top / 1000 * 1.18)
        ax.set_xlabel("thousand decisions per CPU second")
        ax.set_title(title, fontsize=10)
        ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    save(fig, path)


if __name__ == "__main__":
    raise SystemExit(main())
