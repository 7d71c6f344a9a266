"""The exceptions of cardrules.

Every error raised on bad input derives from :class:`CardRulesError` and from
:class:`ValueError`, so callers may catch either::

    ValueError
     └── CardRulesError
          ├── ConfigError         a bad game name, option or seed
          ├── IllegalMoveError    a move that is not in ``legal_moves()``
          ├── PositionError       a position a search cannot work on (over, of another game, impossible)
          └── SerializationError  a malformed or foreign dict in ``from_dict``
"""

from __future__ import annotations

__all__ = ["CardRulesError", "ConfigError", "IllegalMoveError", "PositionError", "SerializationError"]


class CardRulesError(ValueError):
    """Base class of every error cardrules raises on bad input."""


class ConfigError(CardRulesError):
    """A game name, option or seed that is unknown, of the wrong type or out of range."""


class IllegalMoveError(CardRulesError):
    """A move that the rules do not allow now; the state is left unchanged."""


class PositionError(CardRulesError):
    """A state or view that a solver or adviser cannot work on: the match is over, it is of another
    game, or no deal fits the view."""


class SerializationError(CardRulesError):
    """A dict that does not describe a valid object of the expected game and kind."""
