"""Malilla as a PettingZoo AEC environment, checked with PettingZoo's own ``api_test``.

    pip install -e '.[rl]'
    python examples/pettingzoo_env.py

Actions are the 40 cards (``Card`` values, 0-39) with an action mask of the
legal ones.  The observation is a 0/1 vector of what the seat may see: its
hand, the cards played this hand, the trick in progress by relative seat, the
face-up trump card and whether the dealer still holds it, the dealer's
relative seat, the suits each relative seat has shown void in, and the two
sides' scores as a fraction of the target.  Rewards are +1 for each seat of
the winning partnership and -1 for the others, at the end of the match.
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.test import api_test

from cardrules import malilla

OBSERVATION_SIZE = 40 + 40 + 3 * 40 + 40 + 1 + 4 + 16 + 2


def encode(view: malilla.View) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The observation vector of a view (seat-relative, so one policy fits every seat)."""
    obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    obs[list(view.hand)] = 1
    obs[[40 + c for c in view.played]] = 1
    for i, card in enumerate(view.trick):
        relative = (view.leader + i - view.seat) % 4  # 1..3: the other seats
        obs[80 + (relative - 1) * 40 + card] = 1
    obs[200 + view.trump] = 1
    obs[240] = view.trump_with_dealer
    obs[241 + (view.dealer - view.seat) % 4] = 1
    for seat, suit in view.voids:
        obs[245 + ((seat - view.seat) % 4) * 4 + list(malilla.Suit).index(suit)] = 1
    mine, theirs = view.scores[view.seat % 2], view.scores[1 - view.seat % 2]
    obs[261] = min(mine / view.game.target, 1.0)
    obs[262] = min(theirs / view.game.target, 1.0)
    return obs


class MalillaEnv(AECEnv):  # type: ignore[misc]
    """Four agents, ``seat_0`` .. ``seat_3``; partners 0+2 against 1+3."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "malilla_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, target: int = 12, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = malilla.Game(target=target)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(4)]
        self._action_space = spaces.Discrete(40)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (40,), np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state = self.game.new_state(0 if seed is None else seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{self.state.current_player}"

    def observe(self, agent: str) -> dict[str, Any]:
        seat = int(agent.split("_")[1])
        mask = np.zeros(40, dtype=np.int8)
        if self.state.current_player == seat:
            mask[[m.card for m in self.state.legal_moves()]] = 1
        return {"observation": encode(self.state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = int(agent.split("_")[1])
        move = malilla.Move(seat, malilla.Card(int(action)))  # type: ignore[arg-type]
        self.state = self.state.apply(move)  # raises IllegalMoveError for a masked-out card
        self._clear_rewards()
        if self.state.outcome is not None:
            winners = self.state.outcome.winners
            for a in self.agents:
                self.rewards[a] = 1 if int(a.split("_")[1]) in winners else -1
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = f"seat_{self.state.current_player}"

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.state.view(int(self.agent_selection.split("_")[1])).render())
        return None

    def close(self) -> None:
        pass


def random_episode(env: MalillaEnv, seed: int) -> dict[str, float]:
    """Play one match with random masked actions; the final rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


if __name__ == "__main__":
    api_test(MalillaEnv(), num_cycles=200 if os.environ.get("CARDRULES_SMALL") else 1000)
    print("PettingZoo api_test passed")
    print("rewards of a random match:", random_episode(MalillaEnv(), seed=3))
