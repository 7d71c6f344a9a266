"""Each game's heuristic player, by the game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .._base import BaseGame, check_game
from .._errors import ConfigError

__all__ = ["heuristic"]


def heuristic(game: BaseGame[Any, Any], seed: int = 0) -> Any:
    """The heuristic player of ``game``: it plays the way a sensible person would."""
    check_game("heuristic", game)
    try:
        module = importlib.import_module(f"cardrules.{game.name}._heuristic")
    except ModuleNotFoundError:
        raise ConfigError(f"{game.name} has no heuristic player yet") from None
    factory: Callable[..., Any] = module.HeuristicPlayer
    return factory(seed=seed, game=game)
