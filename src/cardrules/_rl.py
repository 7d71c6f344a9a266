"""What the learning adapters share: a configuration's observations, state and masks as NumPy arrays.

The PettingZoo and the Gymnasium environments build their spaces and arrays
here, once per environment, so both bound every observation alike: 0..1 for
every value but the segments a game declares in its encoding's ``ranges()``
(scores beyond a target, hands beyond a deal).  Values are clipped to the
bounds, which only a counter no rule bounds can ever reach (see
``Encoding.ranges``).  Needs the ``rl`` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ._base import BaseGame, BaseState
from ._errors import ConfigError
from ._outcome import Outcome
from ._registry import game as find_game
from ._words import brief

__all__ = ["Arrays", "resolve_game", "rewards"]

Array = np.ndarray[Any, Any]


class Arrays:
    """One configuration's observation and state spaces, with the arrays that fill them."""

    __slots__ = ("game", "high", "low", "observation_space", "state_high", "state_low", "state_space")

    def __init__(self, game: BaseGame[Any, Any]) -> None:
        self.game = game
        low = np.zeros(game.observation_size, np.float32)
        high = np.ones(game.observation_size, np.float32)
        layout = game.observation_layout()
        starts: dict[str, tuple[int, int]] = {}
        at = 0
        for name, length in layout:
            starts[name] = (at, at + length)
            at += length
        for name, (lowest, highest) in game._codec.ranges().items():
            begin, end = starts[name]  # a KeyError here is a game's typo, caught by the adapters' tests
            low[begin:end] = lowest
            high[begin:end] = highest
        self.low, self.high = low, high
        self.observation_space = spaces.Box(low, high, (game.observation_size,), np.float32)
        self.state_low = np.tile(low, game.players)
        self.state_high = np.tile(high, game.players)
        self.state_space = spaces.Box(
            self.state_low, self.state_high, (game.players * game.observation_size,), np.float32
        )

    def observation(self, state: BaseState[Any, Any, Any], seat: int) -> Array:
        """``seat``'s view of ``state`` as ``encode_view`` floats, within the bounds."""
        encoded = np.asarray(self.game.encode_view(state.view(seat)), np.float32)
        return np.clip(encoded, self.low, self.high)

    def state(self, state: BaseState[Any, Any, Any]) -> Array:
        """Every seat's observation, in seat order: all a centralised critic can be told."""
        encode = self.game.encode_view
        encoded = np.asarray(
            [x for seat in range(self.game.players) for x in encode(state.view(seat))], np.float32
        )
        return np.clip(encoded, self.state_low, self.state_high)

    def mask(self, state: BaseState[Any, Any, Any], seat: int) -> Array:
        """The 0/1 ``int8`` mask of ``seat``'s legal actions: all zeros when another seat acts."""
        mask = np.zeros(self.game.num_actions, np.int8)
        if state.current_player == seat:
            mask[list(self.game.legal_actions(state))] = 1
        return mask


def resolve_game(game: object, options: dict[str, Any], what: str) -> BaseGame[Any, Any]:
    """The game an environment is made for: a game's name with its ``options``, or a ``Game``."""
    if isinstance(game, BaseGame):
        if options:
            raise ConfigError(
                f"{game.name}: options ({', '.join(sorted(options))}) go with a game's name, not beside a Game"
            )
        return game
    if isinstance(game, str):
        return find_game(game, **options)
    raise ConfigError(f"{what}: game must be a game's name or a cardrules Game; got {brief(game)}")


def rewards(outcome: Outcome, players: int) -> tuple[float, ...]:
    """+1 for each of the winners, -1 for every other seat."""
    return tuple(1.0 if seat in outcome.winners else -1.0 for seat in range(players))
