"""Faithful, typed rules engines for five card games.

Each game is a module: :mod:`cardrules.malilla`, ... exporting ``Game``,
``State``, ``Move`` and ``View``.  This package holds what they share: the
errors, :class:`Outcome`, the :class:`Player` protocol, :func:`games`,
:func:`play` and :class:`Record`, :func:`schema`, the base classes a game is built on, and
:class:`Pending`, the base of every game's pending decision, with the :class:`Rules` each kind follows.
"""

import importlib
import types
from typing import TYPE_CHECKING, Any

from ._base import FORMAT, BaseGame, BaseMove, BaseState, BaseView, Sampler
from ._encoding import Encoding
from ._errors import CardRulesError, ConfigError, IllegalMoveError, PositionError, SerializationError
from ._outcome import Outcome
from ._pending import Pending, Rules
from ._player import Player
from ._random import Rng
from ._record import Record, play
from ._registry import game, games

if TYPE_CHECKING:
    from ._advice import Advice, advise
    from ._lineup import LineupEntry
    from ._ratings import Rating
    from ._schema import SCHEMA_KINDS, SchemaKind, schema
    from ._spectator import spectator_view
    from ._tournament import BotError, BotStanding, MatchResult, SideStanding, TournamentResult, tournament

__all__ = [
    "FORMAT",
    "SCHEMA_KINDS",
    "Advice",
    "BaseGame",
    "BaseMove",
    "BaseState",
    "BaseView",
    "BotError",
    "BotStanding",
    "CardRulesError",
    "ConfigError",
    "Encoding",
    "IllegalMoveError",
    "LineupEntry",
    "MatchResult",
    "Outcome",
    "Pending",
    "Player",
    "PositionError",
    "Rating",
    "Record",
    "Rng",
    "Rules",
    "Sampler",
    "SchemaKind",
    "SerializationError",
    "SideStanding",
    "TournamentResult",
    "advise",
    "game",
    "games",
    "play",
    "schema",
    "spectator_view",
    "tournament",
]

__version__ = "0.1.0"

# Show the public names as ``cardrules.X``.  The base classes keep their own
# module: their annotations are resolved there when states are read from JSON.
for _obj in (
    CardRulesError,
    Encoding,
    ConfigError,
    IllegalMoveError,
    PositionError,
    SerializationError,
    Outcome,
    Pending,
    Player,
    Record,
    Rng,
    Rules,
):
    _obj.__module__ = __name__
for _func in (game, games, play):
    _func.__module__ = __name__
del _obj, _func

#: Names whose modules load on first use (PEP 562), so that a program that plays matches does not pay
#: for the rest: the tournament runner imports multiprocessing and concurrent.futures.
_LAZY = {
    **dict.fromkeys(("Advice", "advise"), "._advice"),
    **dict.fromkeys(
        ("BotError", "BotStanding", "MatchResult", "SideStanding", "TournamentResult", "tournament"),
        "._tournament",
    ),
    "LineupEntry": "._lineup",
    "Rating": "._ratings",
    **dict.fromkeys(("SCHEMA_KINDS", "SchemaKind", "schema"), "._schema"),
    "spectator_view": "._spectator",
}


def __getattr__(name: str) -> Any:
    """Load a lazily imported public name and keep it; its classes and functions show as ``cardrules.X``."""
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(module_name, __name__)
    for lazy, where in _LAZY.items():
        if where == module_name:
            value = getattr(module, lazy)
            if isinstance(value, (type, types.FunctionType)):
                value.__module__ = __name__
            globals()[lazy] = value
    return globals()[name]


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
