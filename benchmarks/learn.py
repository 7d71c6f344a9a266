"""Learning works: MaskablePPO (sb3-contrib) learns one seat of a game through cardrules.gymnasium.

    python benchmarks/learn.py [--game mala_suerte] [--option players=2] [--opponent random]
        [--minutes 30] [--timesteps 2000000] [--eval 1000] [--out learn]

One seat (seat 0) learns; every other seat is played by a cardrules bot
(``--opponent``: ``random``, ``heuristic``, or ``mix``: random and heuristic
seats in alternate matches), the environment's opponents
(``cardrules.gymnasium``), which hands the learner the encoded view and the
action mask.
Training stops at ``--timesteps`` or after ``--minutes`` of wall time,
whichever comes first.  The learning curve is the learner's win rate over its
last 500 training matches against each kind of seat; the trained policy (deterministic, masked) then
plays ``--eval`` matches against random seats and ``--eval`` against
heuristic seats, each with a 95% Wilson interval, beside what a random
player scores in the same seat.  Writes ``benchmarks/results/<out>.json``,
``<out>.md`` (the table the docs include) and ``<out>.png``; ``--report``
rewrites the last two from the JSON.  Not run in CI; run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import cardrules
from cardrules.gymnasium import CardRulesGymEnv

RESULTS = Path(__file__).parent / "results"
KINDS = ("random", "heuristic")


class Mixed(gymnasium.Wrapper[Any, Any, Any, Any]):
    """One environment per kind of opponent, the kind changing with the seed: ``mix`` alternates them.

    ``info["opponent"]`` names the kind of the match in progress, for the learning curve.
    """

    def __init__(self, game: Any, kind: str, seed: int = 0) -> None:
        self.kinds = KINDS if kind == "mix" else (kind,)
        self.envs = {k: CardRulesGymEnv(game, opponents=k) for k in self.kinds}
        super().__init__(self.envs[self.kinds[0]])
        self.kind = self.kinds[0]
        self._seed = seed

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        if seed is None:
            self._seed += 1
            seed = self._seed
        self.kind = self.kinds[seed % len(self.kinds)]
        self.env = self.envs[self.kind]
        observation, info = self.env.reset(seed=seed)
        return observation, {**info, "opponent": self.kind}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        return observation, float(reward), terminated, truncated, {**info, "opponent": self.kind}

    def action_masks(self) -> np.ndarray[Any, Any]:
        unwrapped = self.env.unwrapped
        assert isinstance(unwrapped, CardRulesGymEnv)
        return unwrapped.action_masks()


class Curve(BaseCallback):  # type: ignore[misc,unused-ignore]
    """Records the rolling win rate of the training matches per opponent kind, and stops at the time limit."""

    def __init__(self, deadline: float, every: int = 2048) -> None:
        super().__init__()
        self.deadline = deadline
        self.every = every
        self.results: dict[str, list[float]] = {}
        self.points: dict[str, list[tuple[int, float]]] = {}

    def _on_step(self) -> bool:
        for done, reward, info in zip(
            self.locals["dones"], self.locals["rewards"], self.locals["infos"], strict=True
        ):
            if done:
                self.results.setdefault(info["opponent"], []).append(1.0 if reward > 0 else 0.0)
        if self.num_timesteps % self.every == 0:
            for kind, results in self.results.items():
                if len(results) >= 50:
                    recent = results[-500:]
                    self.points.setdefault(kind, []).append((self.num_timesteps, sum(recent) / len(recent)))
        return time.monotonic() < self.deadline


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(game: Any, policy: MaskablePPO | None, kind: str, matches: int, seed: int) -> dict[str, Any]:
    """The learner's (or, with no policy, a random player's) wins in seat 0 against ``kind`` seats."""
    env = CardRulesGymEnv(game, opponents=kind)
    rng = np.random.default_rng(seed)
    wins = 0
    for match in range(matches):
        observation, info = env.reset(seed=10**9 + seed * 100_000 + match)
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"].astype(bool)
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                chosen, _ = policy.predict(observation, action_masks=mask, deterministic=True)
                action = int(chosen)
            observation, reward, done, _, info = env.step(action)
        wins += reward > 0
    low, high = wilson(wins, matches)
    return {"matches": matches, "win_rate": wins / matches, "ci95": [low, high]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mala_suerte")
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value)")
    parser.add_argument("--opponent", choices=(*KINDS, "mix"), default="random")
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--timesteps", type=int, default=2_000_000)
    parser.add_argument("--eval", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="learn")
    parser.add_argument("--report", action="store_true", help="rewrite the table and plot from the JSON")
    args = parser.parse_args()
    if args.report:
        saved = json.loads((RESULTS / f"{args.out}.json").read_text())
        (RESULTS / f"{args.out}.md").write_text(markdown(saved))
        plot(saved, RESULTS / f"{args.out}.png")
        return
    options = {}
    for option in args.option:
        key, _, value = option.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    game = cardrules.game(args.game, **options)
    torch.set_num_threads(1)
    start = time.monotonic()
    cpu = time.process_time()
    model = MaskablePPO("MlpPolicy", Mixed(game, args.opponent, seed=args.seed), seed=args.seed, verbose=0)
    curve = Curve(start + args.minutes * 60)
    model.learn(total_timesteps=args.timesteps, callback=curve)
    trained: dict[str, float] = {
        "timesteps": model.num_timesteps,
        "matches": sum(map(len, curve.results.values())),
    }
    trained["wall_seconds"] = time.monotonic() - start
    trained["cpu_seconds"] = time.process_time() - cpu
    print(f"{game}: trained {trained}", flush=True)
    report = {
        "game": str(game),
        "learner": "MaskablePPO MlpPolicy (sb3-contrib defaults), seat 0",
        "trained_against": args.opponent,
        "training": trained,
        "curve": curve.points,
        "evaluation": {
            kind: {
                "trained": evaluate(game, model, kind, args.eval, args.seed + 1),
                "random_in_its_seat": evaluate(game, None, kind, args.eval, args.seed + 1),
            }
            for kind in KINDS
        },
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / f"{args.out}.md").write_text(markdown(report))
    plot(report, RESULTS / f"{args.out}.png")
    print(markdown(report))


def markdown(report: dict[str, Any]) -> str:
    """The results as the table the docs include."""
    t = report["training"]
    lines = [
        f"`{report['game']}`: {report['learner']}, trained against {report['trained_against']} seats for"
        f" {t['timesteps']:,} timesteps ({t['matches']:,} matches) in {t['wall_seconds'] / 60:.1f} minutes"
        f" of wall time, {t['cpu_seconds'] / 60:.1f} of CPU.",
        "",
        "| seat 0 played by | against random seats (95%) | against heuristic seats (95%) |",
        "|---|---|---|",
    ]
    for who, label in (("trained", "the trained policy"), ("random_in_its_seat", "a random player")):
        cells = []
        for kind in KINDS:
            r = report["evaluation"][kind][who]
            low, high = r["ci95"]
            cells.append(f"{r['win_rate']:.1%} ({low:.1%} - {high:.1%}), {r['matches']} matches")
        lines.append(f"| {label} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 3.8))
    for kind, colour in zip(KINDS, ("tab:blue", "tab:orange"), strict=True):
        if kind not in report["curve"]:
            continue
        steps, rates = zip(*report["curve"][kind], strict=True)
        axes.plot(steps, [100 * r for r in rates], color=colour, label=f"learner vs {kind}, last 500 matches")
        baseline = report["evaluation"][kind]["random_in_its_seat"]["win_rate"]
        axes.axhline(
            100 * baseline, linestyle="--", color=colour, alpha=0.6, label=f"a random player vs {kind}"
        )
    axes.set_xlabel("timesteps (the learner's decisions)")
    axes.set_ylabel("win rate (%)")
    axes.set_title(f"MaskablePPO on {report['game']}\nagainst {report['trained_against']} seats", fontsize=9)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
