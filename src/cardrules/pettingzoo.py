"""Every cardrules game as a PettingZoo AEC environment (the optional extra ``rl``).

::

    from cardrules.pettingzoo import env

    table = env("malilla", target=12)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        ...

- **Agents** are ``seat_0`` .. ``seat_<n-1>``, in turn order; the agent to act
  is the state's ``current_player``, windows and secret choices included.
- **Observations** are ``{"observation": ..., "action_mask": ...}``: the
  seat's view as ``Game.encode_view`` floats (in finite bounds: 0..1 but for
  the segments a game's encoding widens), and a 0/1 ``int8`` mask over the
  game's fixed action space, the seat's ``Game.legal_actions`` when it is to
  act and all zeros otherwise.
- ``state()`` is every seat's observation in seat order (``state_space``),
  for a centralised critic.
- **Actions** are indices into that space; ``step`` turns one into the legal
  move with ``Game.action_move``.  An index outside the mask raises
  :class:`~cardrules.IllegalMoveError` naming it and the legal ones, and
  changes nothing.
- **Rewards** come at the end of the match: +1 for each of
  ``Outcome.winners``, -1 for the other seats.
- ``reset(seed=s)`` seeds the environment's generator, which draws each
  match's seed for ``Game.new_state``: the same seed and the same actions give
  the same matches.
- ``render_mode="ansi"``: ``render()`` returns the game's own rendering of the
  acting seat's view (``View.render``); ``"human"`` prints it instead.
"""

from __future__ import annotations

from typing import Any, Literal

from ._extras import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise missing_extra("cardrules.pettingzoo", "PettingZoo, Gymnasium and NumPy", "rl") from error

from ._base import BaseGame, BaseState
from ._errors import ConfigError
from ._rl import Arrays, resolve_game, rewards
from ._words import brief

__all__ = ["CardRulesEnv", "env", "raw_env"]

RenderMode = Literal["ansi", "human"]


def env(game: str | BaseGame[Any, Any], render_mode: RenderMode | None = None, **options: Any) -> AECEnv:
    """The AEC environment of ``game`` (a name with ``options``, or a ``Game``), with PettingZoo's
    order-enforcing wrapper; :func:`raw_env` without it.

    Raises :class:`~cardrules.ConfigError` for an unknown game or option, options given
    beside a ``Game``, or a render mode other than ``"ansi"``, ``"human"`` or ``None``.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode, **options))


def raw_env(
    game: str | BaseGame[Any, Any], render_mode: RenderMode | None = None, **options: Any
) -> CardRulesEnv:
    """The unwrapped :class:`CardRulesEnv` of ``game``; the arguments are those of :func:`env`."""
    return CardRulesEnv(resolve_game(game, options, "env"), render_mode)


class CardRulesEnv(AECEnv):  # type: ignore[misc]
    """One cardrules configuration as an AEC environment; see the module's docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: BaseGame[Any, Any], render_mode: RenderMode | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(
                f"{game.name}: render_mode must be 'ansi', 'human' or None; got {render_mode!r}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"cardrules_{game.name}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(game.num_actions)
        self._arrays = Arrays(game)
        self._observation_space = spaces.Dict(
            {
                "observation": self._arrays.observation_space,
                "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
            }
        )
        #: Every seat's observation, in seat order: the space of :meth:`state`.
        self.state_space = self._arrays.state_space
        self._generator, _ = seeding.np_random(None)
        self._match: BaseState[Any, Any, Any] | None = None

    @property
    def match(self) -> BaseState[Any, Any, Any]:
        """The cardrules state of the match in progress (after :meth:`reset`)."""
        if self._match is None:
            raise ConfigError(f"{self.game.name}: call reset() before using the environment")
        return self._match

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same dict space for every agent."""
        self._seat(agent)
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's fixed action space, for every agent."""
        self._seat(agent)
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: its seed is drawn from the generator that ``seed`` (if given) reseeds."""
        if seed is not None:
            if type(seed) is not int or seed < 0:  # gymnasium's own rule, with cardrules' error
                raise ConfigError(
                    f"{self.game.name}: seed must be an integer >= 0 or None; got {brief(seed)}"
                )
            self._generator, _ = seeding.np_random(seed)
        self._match = self.game.new_state(int(self._generator.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act(self._match)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s encoded view and action mask."""
        state = self.match
        seat = self._seat(agent)
        return {
            "observation": self._arrays.observation(state, seat),
            "action_mask": self._arrays.mask(state, seat),
        }

    def state(self) -> np.ndarray[Any, Any]:
        """Every seat's encoded view, in seat order (:attr:`state_space`): all the seats know
        together, for a centralised critic; what no seat has seen (the deck's order) stays out."""
        return self._arrays.state(self.match)

    def step(self, action: Any) -> None:
        """Make the acting agent's move of index ``action``; ``None`` once it is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.match
        after = state.apply(self.game.action_move(state, action))  # IllegalMoveError: nothing changed
        self._match = after
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        outcome = after.outcome
        if outcome is None:
            self.agent_selection = self._agent_to_act(after)
        else:
            final = rewards(outcome, self.game.players)
            for name in self.agents:
                self.rewards[name] = final[self._seats[name]]
                self.terminations[name] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The acting seat's view as the game draws it: returned in ``"ansi"`` mode, printed in ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        text: str = self.match.view(self._seats[self.agent_selection]).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``; :class:`ConfigError` for a name that is none of the agents."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ConfigError(
                f"{self.game.name}: unknown agent {brief(agent)}; the agents are "
                f"{', '.join(self.possible_agents)}"
            )
        return seat

    def _agent_to_act(self, state: BaseState[Any, Any, Any]) -> str:
        seat = state.current_player
        return self.possible_agents[0 if seat is None else seat]

    def close(self) -> None:
        """Nothing to release."""
