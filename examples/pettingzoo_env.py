"""Any cardrules game as a PettingZoo environment, checked with PettingZoo's own ``api_test``.

    pip install -e '.[rl]'
    python examples/pettingzoo_env.py

``cardrules.pettingzoo.env`` takes a game's name and options (or a ``Game``);
observations are the seat's encoded view with the mask of its legal actions.
"""

from __future__ import annotations

import os

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.test import api_test

from cardrules.pettingzoo import env


def random_match(table: AECEnv, seed: int) -> dict[str, float]:
    """Play one match with random masked actions; each agent's total reward."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        action = (
            None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        table.step(action)
    return totals


if __name__ == "__main__":
    api_test(env("malilla", target=12), num_cycles=200 if os.environ.get("CARDRULES_SMALL") else 1000)
    print("rewards of a random Malilla match:", random_match(env("malilla", target=12), seed=3))
    print("rewards of a random Mala Suerte match:", random_match(env("mala_suerte", players=3), seed=3))
