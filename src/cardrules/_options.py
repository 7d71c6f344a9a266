"""Validation of game options, with messages that name the option, the value and what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ._errors import ConfigError

__all__ = ["boolean", "choice", "integer", "reject_unknown"]

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _where(instance: Any, attribute: attrs.Attribute[Any]) -> str:
    return f"{getattr(instance, 'name', type(instance).__name__)}: option {attribute.alias!r}"


def choice(*allowed: str) -> Validator:
    """The option must be one of the given strings."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            raise ConfigError(
                f"{_where(instance, attribute)} must be one of {', '.join(map(repr, allowed))}; got {value!r}"
            )

    return _described(check, f"one of {', '.join(allowed)}", allowed)


def integer(low: int, high: int | None = None) -> Validator:
    """The option must be an ``int`` (not a ``bool``) in ``low..high``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        wanted = f"an integer from {low} to {high}" if high is not None else f"an integer >= {low}"
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{_where(instance, attribute)} must be {wanted}; got {value!r}")
        if value < low or (high is not None and value > high):
            raise ConfigError(f"{_where(instance, attribute)} must be {wanted}; got {value!r}")

    return _described(check, f"{low} to {high}" if high is not None else f"at least {low}", None)


def boolean() -> Validator:
    """The option must be ``True`` or ``False``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, bool):
            raise ConfigError(f"{_where(instance, attribute)} must be True or False; got {value!r}")

    return _described(check, "true or false", ("true", "false"))


def _described(check: Validator, allowed: str, choices: tuple[str, ...] | None) -> Validator:
    """``check`` with what it allows in words and, for a closed set, the values: the command line lists them."""
    check.allowed = allowed  # type: ignore[attr-defined]
    check.choices = choices  # type: ignore[attr-defined]
    return check


def reject_unknown(game: str, unknown: Mapping[str, object], known: Iterable[str]) -> None:
    """Raise :class:`ConfigError` if ``unknown`` names any option."""
    if unknown:
        names = ", ".join(sorted(unknown))
        raise ConfigError(f"{game}: unknown option {names}; the options are {', '.join(sorted(known))}")
