"""Validation of game options, with messages that name the option, the value and what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ._errors import ConfigError
from ._words import brief

__all__ = ["MAX_OPTION", "boolean", "choice", "integer", "reject_unknown"]

#: The largest value an integer option without a bound of its own may take.
MAX_OPTION = 1_000_000

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _where(instance: Any, attribute: attrs.Attribute[Any]) -> str:
    return f"{getattr(instance, 'name', type(instance).__name__)}: option {attribute.alias!r}"


def choice(*allowed: str) -> Validator:
    """The option must be one of the given strings."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            raise ConfigError(
                f"{_where(instance, attribute)} must be one of {', '.join(map(repr, allowed))}; got {brief(value)}"
            )

    return _described(check, f"one of {', '.join(allowed)}", allowed)


def integer(low: int, high: int | None = None) -> Validator:
    """The option must be an ``int`` (not a ``bool`` or an ``int`` subclass) in ``low..high``.

    Without ``high`` it is at most :data:`MAX_OPTION`, so that no option is too large to write or to play.
    """

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        wanted = f"an integer from {low} to {high}" if high is not None else f"an integer >= {low}"
        if type(value) is not int or value < low:
            raise ConfigError(f"{_where(instance, attribute)} must be {wanted}; got {brief(value)}")
        if value > (MAX_OPTION if high is None else high):
            limit = "" if high is not None else f" (at most {MAX_OPTION})"
            raise ConfigError(f"{_where(instance, attribute)} must be {wanted}{limit}; got {brief(value)}")

    return _described(check, f"{low} to {high}" if high is not None else f"at least {low}", None)


def boolean() -> Validator:
    """The option must be ``True`` or ``False``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, bool):
            raise ConfigError(f"{_where(instance, attribute)} must be True or False; got {brief(value)}")

    return _described(check, "true or false", ("true", "false"))


def _described(check: Validator, allowed: str, choices: tuple[str, ...] | None) -> Validator:
    """``check`` with what it allows in words and, for a closed set, the values: the command line lists them."""
    check.allowed = allowed  # type: ignore[attr-defined]
    check.choices = choices  # type: ignore[attr-defined]
    return check


def reject_unknown(game: str, unknown: Mapping[str, object], known: Iterable[str]) -> None:
    """Raise :class:`ConfigError` if ``unknown`` names any option."""
    if unknown:
        names = ", ".join(sorted(brief(name, 40).strip("'") for name in unknown)[:5])
        names += f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ConfigError(f"{game}: unknown option {names}; the options are {', '.join(sorted(known))}")
