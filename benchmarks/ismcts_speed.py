"""IS-MCTS iterations per second of CPU time: every cardrules game, and OpenSpiel's Python and
C++ IS-MCTS on ``hearts``, interleaved in one process.

    python benchmarks/ismcts_speed.py [--games malilla ...] [--iterations 200] [--positions 8]
                                      [--rounds 3] [--label NAME] [--no-openspiel]
                                      [--horizon 20] [--plot FILE]
    python benchmarks/ismcts_speed.py --plot-only [--label NAME] --plot FILE

Each peer searches the same seeded positions (the first decisions of seeded matches, a few
random moves in; decisions with one legal move are skipped, as the bots answer them without
searching) with one bot object reused, round after round, so that a load on the machine
falls on every peer alike.  Random play-outs everywhere; OpenSpiel's bots use one random
roll-out per iteration and UCT constant 1, as ``ISMCTSPlayer`` does.  Saves the rates under
``--label`` (default "current") in benchmarks/results/ismcts_speed.json: run it under an
older checkout's ``src`` with another label to compare versions on one machine.  With
``--horizon N`` every game that values positions is searched a second time, its play-outs
stopped N moves after the sample (``ISMCTSPlayer(horizon=N)``), on the same positions.
``--plot FILE`` charts the label's rates (the docs show ``benchmarks/results/ismcts_speed.svg``);
``--plot-only`` searches nothing and charts the label's rates already saved.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _charts import pyplot, save

import cardrules
from cardrules.bots import ISMCTSPlayer, RandomPlayer

RESULTS = Path(__file__).parent / "results" / "ismcts_speed.json"

#: A peer: a name, and a function searching every position once, returning the iterations run.
Peer = tuple[str, Callable[[], int]]


def cardrules_peer(name: str, iterations: int, positions: int, horizon: int | None = None) -> Peer:
    game = cardrules.games()[name]()
    walker = RandomPlayer(3)
    found: list[Any] = []
    seed = 0
    while len(found) < positions:
        state = game.new_state(seed)
        seed += 1
        for _ in range(8 * seed % 23):  # a few random moves, to vary the positions
            if state.is_terminal:
                break
            state = state.apply(walker.choose(None, state.legal_moves()))
        if not state.is_terminal and len(state.legal_moves()) > 1:
            found.append((state.view(state.current_player), state.legal_moves()))
    bot = ISMCTSPlayer(game, iterations=iterations, seed=1, horizon="round" if horizon is None else horizon)

    def run() -> int:
        done = 0
        for view, legal in found:
            bot.choose(view, legal)
            done += bot.last_iterations
        return done

    return str(game) + ("" if horizon is None else f", horizon={horizon}"), run


def hearts_positions(positions: int) -> tuple[Any, list[Any]]:
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = np.random.RandomState(3)
    found: list[Any] = []
    seed = 0
    while len(found) < positions:
        seed += 1
        state = game.new_initial_state()
        walk = 12 + 8 * seed % 23  # past the passing of cards, into the play
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            if walk == 0:
                break
            walk -= 1
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return game, found


def openspiel_peers(iterations: int, positions: int) -> list[Peer]:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game, found = hearts_positions(positions)
    python_bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        1.0,
        iterations,
        random_state=np.random.RandomState(1),
    )
    cpp_bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 1.0, iterations)

    def runner(bot: Any) -> Callable[[], int]:
        def run() -> int:
            for state in found:
                bot.step(state)
            return iterations * len(found)

        return run

    return [
        ("open_spiel hearts, Python ismcts", runner(python_bot)),
        ("open_spiel hearts, C++ ISMCTSBot", runner(cpp_bot)),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="*", help="cardrules games (default: all, default options)")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--label", default="current")
    parser.add_argument("--no-openspiel", action="store_true")
    parser.add_argument("--horizon", type=int, help="also search with play-outs of this many moves")
    parser.add_argument("--plot", type=Path, metavar="FILE", help="chart the label's rates (SVG or PNG)")
    parser.add_argument("--plot-only", action="store_true", help="search nothing: chart the saved rates")
    args = parser.parse_args()
    if args.plot_only:
        if args.plot is None:
            parser.error("--plot-only needs --plot FILE")
        saved = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
        if args.label not in saved:
            parser.error(f"--plot-only: no run labelled {args.label!r} in {RESULTS.name}: {', '.join(saved)}")
        plot(saved[args.label]["iterations_per_cpu_second"], args.label, args.plot)
        return 0
    names = args.games or sorted(cardrules.games())
    peers = [cardrules_peer(name, args.iterations, args.positions) for name in names]
    if args.horizon is not None:
        from cardrules.bots._ismcts import position_value

        peers += [
            cardrules_peer(name, args.iterations, args.positions, args.horizon)
            for name in names
            if position_value(cardrules.games()[name]()) is not None
        ]
    if not args.no_openspiel:
        peers += openspiel_peers(args.iterations, args.positions)
    spent = dict.fromkeys((name for name, _ in peers), 0.0)
    counted = dict.fromkeys(spent, 0)
    for _ in range(args.rounds):
        for name, run in peers:
            start = time.process_time()
            counted[name] += run()
            spent[name] += time.process_time() - start
    rates = {name: counted[name] / spent[name] for name in spent}
    for name, rate in rates.items():
        print(f"{rate:10,.0f} iterations per CPU second  {name}")
    data = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    data = {
        label: row for label, row in data.items() if isinstance(row.get("iterations_per_cpu_second"), dict)
    }
    data[args.label] = {
        "iterations": args.iterations,
        "positions": args.positions,
        "rounds": args.rounds,
        "iterations_per_cpu_second": rates,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=1) + "\n")
    if args.plot is not None:
        plot(rates, args.label, args.plot)
    return 0


def plot(rates: dict[str, float], label: str, path: Path) -> None:
    """Iterations per CPU second of every peer of one run, on a log scale (C++ is 10x Python)."""
    if not rates:
        raise ValueError(f"{path.name}: the run {label!r} has no rate")
    plt = pyplot()
    peers = sorted(rates.items(), key=lambda item: item[1])
    names = [name.split("(")[0].replace("open_spiel ", "OpenSpiel ") for name, _ in peers]
    colours = ["#3b6fd1" if name.startswith("open_spiel") else "#2e6b4a" for name, _ in peers]
    fig, ax = plt.subplots(figsize=(8, 0.42 * len(peers) + 1.3))
    ax.barh(range(len(peers)), [rate for _, rate in peers], color=colours, height=0.7)
    ax.set_yticks(range(len(peers)), names)
    for i, (_, rate) in enumerate(peers):
        ax.text(rate, i, f" {rate:,.0f}", va="center", fontsize=8)
    ax.set_xscale("log")
    ax.set_xlim(right=max(rates.values()) * 4)
    ax.set_xlabel("IS-MCTS iterations per CPU second (log scale)")
    ax.set_title(
        f"IS-MCTS on seeded positions of each game; OpenSpiel on hearts (run {label!r})", fontsize=10
    )
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    save(fig, path)


if __name__ == "__main__":
    raise SystemExit(main())
