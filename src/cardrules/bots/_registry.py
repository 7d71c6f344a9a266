"""Bots by name, for the command line and tournaments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._base import BaseGame
from .._errors import ConfigError
from ._random import RandomPlayer

__all__ = ["BOTS", "make_bot"]

#: ``name -> factory(game, seed)``.
BOTS: dict[str, Callable[[BaseGame[Any, Any], int], Any]] = {
    "random": lambda game, seed: RandomPlayer(seed),
}


def make_bot(name: str, game: BaseGame[Any, Any], *, seed: int = 0) -> Any:
    """The bot called ``name`` for ``game``; raises :class:`ConfigError` for an unknown name."""
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; the bots are {', '.join(sorted(BOTS))}")
    return BOTS[name](game, seed)
