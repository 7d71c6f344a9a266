"""Checks of the arguments public functions take, with messages that name the argument and the value.

Game options are checked by the validators of :mod:`._options`; these serve the functions a bot
writer or a host calls directly (the rules a search calls, the tournament, the web server).
"""

from __future__ import annotations

from ._errors import CardRulesError, ConfigError
from ._words import brief

__all__ = ["boolean", "integer"]


def integer(
    what: str, value: object, low: int, high: int | None = None, error: type[CardRulesError] = ConfigError
) -> int:
    """``value`` if it is an integer (not a ``bool``) from ``low`` to ``high``, else ``error`` naming ``what``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        wanted = (
            f"an integer >= {_number(low)}"
            if high is None
            else f"an integer from {_number(low)} to {_number(high)}"
        )
        raise error(f"{what} must be {wanted}; got {brief(value)}")
    return int(value)


def boolean(what: str, value: object, error: type[CardRulesError] = ConfigError) -> bool:
    """``value`` if it is ``True`` or ``False``, else ``error`` naming ``what``."""
    if not isinstance(value, bool):
        raise error(f"{what} must be True or False; got {brief(value)}")
    return value


def _number(n: int) -> str:
    """``n`` as a reader takes it in: a long one in groups of three (``10,000,000``), a port as it is."""
    return f"{n:,}" if abs(n) >= 100_000 else str(n)
