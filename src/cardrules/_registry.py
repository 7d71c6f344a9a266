"""The registered games, found by name."""

from __future__ import annotations

import importlib
from typing import Any

from ._base import BaseGame
from ._errors import ConfigError
from ._words import brief

__all__ = ["game", "games"]

#: Registered names; each is also the module ``cardrules.<name>``.
_NAMES = ("malilla", "mala_e_cuia", "magyar_nepmesek", "mala_suerte", "maldicion")


def games() -> dict[str, type[BaseGame[Any, Any]]]:
    """``{name: Game class}`` for every game in cardrules."""
    found: dict[str, type[BaseGame[Any, Any]]] = {}
    for name in _NAMES:
        module = importlib.import_module(f"cardrules.{name}")
        found[name] = module.Game
    return found


def game(name: str, **options: Any) -> BaseGame[Any, Any]:
    """The game called ``name`` with ``options``: ``game("malilla", target=12)``.

    Raises :class:`ConfigError` for an unknown name or a bad option.
    """
    registry = games()
    if type(name) is not str or name not in registry:
        raise ConfigError(f"unknown game {brief(name)}; the games are {', '.join(sorted(registry))}")
    return registry[name](**options)
