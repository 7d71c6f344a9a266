"""Faithful, typed rules engines for five card games.

Each game is a module: :mod:`cardrules.malilla`, ... exporting ``Game``,
``State``, ``Move`` and ``View``.  This package holds what they share: the
errors, :class:`Outcome`, the :class:`Player` protocol, :func:`games`,
:func:`play` and :class:`Record`, :func:`schema`, and the base classes a game is built on.
"""

from ._advice import Advice, advise
from ._base import FORMAT, BaseGame, BaseMove, BaseState, BaseView, Sampler
from ._encoding import Encoding
from ._errors import CardRulesError, ConfigError, IllegalMoveError, PositionError, SerializationError
from ._lineup import LineupEntry
from ._outcome import Outcome
from ._player import Player
from ._random import Rng
from ._ratings import Rating
from ._record import Record, play
from ._registry import game, games
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
    "Player",
    "PositionError",
    "Rating",
    "Record",
    "Rng",
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
    Advice,
    CardRulesError,
    Encoding,
    ConfigError,
    IllegalMoveError,
    PositionError,
    SerializationError,
    Outcome,
    Rng,
    Player,
    Record,
    BotError,
    BotStanding,
    MatchResult,
    SideStanding,
    Rating,
    TournamentResult,
):
    _obj.__module__ = __name__
for _func in (advise, game, games, play, schema, spectator_view, tournament):
    _func.__module__ = __name__
del _obj, _func
