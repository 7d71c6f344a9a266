"""Every cardrules game as a single-agent Gymnasium environment (the optional extra ``rl``).

One seat learns; cardrules bots, or any lineup entry, play the others::

    import gymnasium
    import cardrules.gymnasium  # registers cardrules/<game>-v1 for every game

    env = gymnasium.make("cardrules/malilla-v1", opponents=["heuristic", "random", "heuristic"], target=12)
    observation, info = env.reset(seed=7)
    while True:
        action = policy(observation, info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break

- **Opponents** are lineup entries, as tournaments take them: bot names,
  ``"package.module:attribute"`` import strings, factories
  ``(game, seed) -> Player`` or Players (copied for every match); one entry
  fills every other seat, else entry ``i`` sits ``i + 1`` seats after the
  learner in turn order (so in Malilla the second is the learner's partner).
  They are built afresh for each match, seeded from the environment's
  generator, and play the moment it is their turn: ``reset`` and ``step``
  return at the learner's next decision or at the end of the match.  A
  match that ends before the learner's first decision (an opponent's foul
  in Malilla with ``irregularities="lose_game"``) is no episode: ``reset``
  deals the next one.
- **The learner** sits at ``seat`` (0 by default), or at a seat drawn each
  match with ``seat="random"``; ``info["seat"]`` says which.
- **Observations** are the learner's view as ``Game.encode_view`` floats, in
  finite bounds (``observation_space``); ``info["action_mask"]`` is the 0/1
  ``int8`` mask of its legal actions, and :meth:`CardRulesGymEnv.action_masks`
  the same as booleans (what sb3-contrib's ``MaskablePPO`` reads).
- **Rewards** come at the end of the match: +1 when the learner's seat is
  among ``Outcome.winners``, -1 otherwise.
- **An illegal action** (outside the mask): ``illegal="raise"`` (the default)
  raises :class:`~cardrules.IllegalMoveError` naming the index and the legal
  ones and changes nothing; ``illegal="end"`` ends the match there, as
  PettingZoo's classic games do, with ``illegal_reward`` (-1) and the message
  in ``info["illegal_action"]``.  Never is another action substituted.
- ``render_mode="ansi"``: ``render()`` returns the learner's view as the game
  draws it; ``"human"`` prints it.

An unknown game, option or opponent, a bad seat, policy or render mode is a
:class:`~cardrules.ConfigError` raised by the constructor, before any match.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise ImportError("cardrules.gymnasium needs Gymnasium and NumPy: pip install 'cardrules[rl]'") from error

from ._base import BaseGame, BaseState
from ._errors import ConfigError, IllegalMoveError
from ._lineup import BotSpec, resolve_entries
from ._registry import games
from ._rl import Array, Arrays, resolve_game, rewards
from ._words import brief

__all__ = ["ENV_IDS", "CardRulesGymEnv", "IllegalPolicy"]

#: What an action outside the mask does: raise, or end the match with ``illegal_reward``.
IllegalPolicy = Literal["raise", "end"]
RenderMode = Literal["ansi", "human"]

#: A match that ends before the learner's first decision (an opponent's foul in Malilla with
#: ``irregularities="lose_game"``) is no episode: ``reset`` deals again, this many times at most.
_DEALS = 100

#: The Gymnasium id of each game, registered on import: ``cardrules/<game>-v1``.
ENV_IDS: dict[str, str] = {name: f"cardrules/{name}-v1" for name in games()}


class CardRulesGymEnv(gymnasium.Env[Array, np.int64]):
    """One cardrules configuration seen from one learning seat; see the module's docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | BaseGame[Any, Any],
        opponents: Sequence[object] | object = "random",
        *,
        seat: int | Literal["random"] = 0,
        illegal: IllegalPolicy = "raise",
        illegal_reward: float = -1.0,
        render_mode: RenderMode | None = None,
        **options: Any,
    ) -> None:
        game = resolve_game(game, options, "gymnasium")
        self.game = game
        name = game.name
        if not (seat == "random" or (type(seat) is int and 0 <= seat < game.players)):
            raise ConfigError(f"{name}: seat must be 0 to {game.players - 1} or 'random'; got {brief(seat)}")
        if illegal not in ("raise", "end"):
            raise ConfigError(f"{name}: illegal must be 'raise' or 'end'; got {brief(illegal)}")
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise ConfigError(f"{name}: illegal_reward must be a number; got {brief(illegal_reward)}")
        if not math.isfinite(illegal_reward):
            raise ConfigError(f"{name}: illegal_reward must be finite; got {illegal_reward}")
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(
                f"{name}: render_mode must be 'ansi', 'human' or None; got {brief(render_mode)}"
            )
        entries = list(opponents) if isinstance(opponents, list | tuple) else [opponents]
        if len(entries) == 1:
            entries *= game.players - 1
        if len(entries) != game.players - 1:
            raise ConfigError(
                f"{name}: opponents needs {game.players - 1} entries, one per other seat (or one for "
                f"all); got {len(entries)}"
            )
        self.opponents: tuple[BotSpec, ...] = resolve_entries(game, entries, "opponent", ships="no")
        self.seat_choice = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._arrays = Arrays(game)
        self.observation_space = self._arrays.observation_space
        self.action_space = spaces.Discrete(game.num_actions)
        self._state: BaseState[Any, Any, Any] | None = None
        self._seat = 0 if seat == "random" else seat
        self._bots: dict[int, Any] = {}
        self._over = False

    @property
    def match(self) -> BaseState[Any, Any, Any]:
        """The cardrules state of the match in progress (after :meth:`reset`)."""
        if self._state is None:
            raise ConfigError(f"{self.game.name}: call reset() before using the environment")
        return self._state

    @property
    def seat(self) -> int:
        """The learner's seat in the match in progress."""
        return self._seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Deal a new match (its seed, the learner's seat if drawn, and the bots' seeds come from the
        generator that ``seed`` reseeds) and play the opponents up to the learner's first decision."""
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ConfigError(f"{self.game.name}: seed must be an integer >= 0 or None; got {brief(seed)}")
        super().reset(seed=seed)
        rng = self.np_random
        game = self.game
        for _ in range(_DEALS):
            state = game.new_state(int(rng.integers(0, 2**63)))
            if self.seat_choice == "random":
                self._seat = int(rng.integers(0, game.players))
            self._bots = {
                (self._seat + 1 + i) % game.players: spec.build(game, int(rng.integers(0, 2**63)))
                for i, spec in enumerate(self.opponents)
            }
            self._over = False
            self._state = self._play_opponents(state)
            if not self._over:
                break
        else:
            raise ConfigError(
                f"{game.name}: {_DEALS} matches in a row ended before the learner's first decision"
            )
        return self._arrays.observation(self._state, self._seat), self._info()

    def step(self, action: Any) -> tuple[Array, float, bool, bool, dict[str, Any]]:
        """Make the learner's move of index ``action``, then the opponents' up to its next decision."""
        state = self.match
        if self._over:
            raise ConfigError(f"{self.game.name}: the match is over; call reset() to deal the next one")
        try:
            move = self.game.action_move(state, action)
        except IllegalMoveError as exc:
            if self.illegal == "raise":
                raise
            self._over = True
            info = self._info()
            info["illegal_action"] = str(exc)
            return self._arrays.observation(state, self._seat), self.illegal_reward, True, False, info
        after = self._state = self._play_opponents(state.apply(move))
        reward = 0.0
        outcome = after.outcome
        if outcome is not None:
            self._over = True
            reward = rewards(outcome, self.game.players)[self._seat]
        return self._arrays.observation(after, self._seat), reward, self._over, False, self._info()

    def action_masks(self) -> Array:
        """The learner's legal actions as booleans (all ``False`` once the match is over)."""
        if self._over:
            return np.zeros(self.game.num_actions, bool)
        return self._arrays.mask(self.match, self._seat).astype(bool)

    def render(self) -> str | None:
        """The learner's view as the game draws it: returned in ``"ansi"`` mode, printed in ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        text: str = self.match.view(self._seat).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _play_opponents(self, state: BaseState[Any, Any, Any]) -> BaseState[Any, Any, Any]:
        seat = state.current_player
        while seat is not None and seat != self._seat:
            state = state.apply(self._bots[seat].choose(state.view(seat), state.legal_moves()))
            seat = state.current_player
        if state.outcome is not None:
            self._over = True
        return state

    def _info(self) -> dict[str, Any]:
        mask = (
            np.zeros(self.game.num_actions, np.int8)
            if self._over
            else self._arrays.mask(self.match, self._seat)
        )
        return {"action_mask": mask, "seat": self._seat}


for _name, _id in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="cardrules.gymnasium:CardRulesGymEnv", kwargs={"game": _name})
