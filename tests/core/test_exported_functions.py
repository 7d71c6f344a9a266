"""Every function a game package exports answers bad arguments with a CardRulesError naming them.

A bot writer calls these with values of their own making; whatever those are (a string for a
list, a number out of range, an integer too large to write, an endless iterator, a value of
another game), the answer is a result or a CardRulesError, never an IndexError, a TypeError (a
compiled function's own, raised before its body runs) or a hang.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardrules
from cardrules import CardRulesError

#: Arguments no exported function is meant to take, one of each kind.
HOSTILE: tuple[Any, ...] = (
    None,
    "7s",
    "",
    -1,
    10**400,
    2.5,
    True,
    [object()],
    (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    {"a": 1},
    frozenset({-3}),
)


def _endless() -> Iterator[int]:
    return itertools.count()


#: The modules whose functions are checked: the package, its bots, every game, and the adapters
#: whose extra is installed (the web's functions serve and open files, and have tests of their own).
MODULES = ("cardrules", "cardrules.bots", *(f"cardrules.{name}" for name in sorted(cardrules.games())))
ADAPTERS = ("cardrules.openspiel", "cardrules.pettingzoo", "cardrules.gymnasium")


def _functions() -> list[tuple[str, Callable[..., Any]]]:
    """Every function (interpreted or compiled) in those modules' ``__all__`` that takes arguments."""
    found: list[tuple[str, Callable[..., Any]]] = []
    for name in (*MODULES, *ADAPTERS):
        try:
            module = importlib.import_module(name)
        except ImportError:  # an adapter whose extra is missing: its own tests say so
            continue
        for public in module.__all__:
            value = getattr(module, public)
            if inspect.isroutine(value) and _parameters(value) != (0, []):
                found.append((f"{name}.{public}", value))
    return found


def _parameters(function: Callable[..., Any]) -> tuple[int, list[str]]:
    """How many positional arguments ``function`` requires, and the names of the rest it takes."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):  # a compiled function may not say
        return 1, []
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in parameters if p.default is inspect.Parameter.empty and p.kind in positional]
    rest = [
        p.name
        for p in parameters
        if p not in required
        and p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    ]
    return len(required), rest


@pytest.mark.parametrize(("name", "function"), _functions(), ids=[name for name, _ in _functions()])
def test_bad_arguments_get_a_cardrules_error(name: str, function: Callable[..., Any]) -> None:
    arity, optional = _parameters(function)
    refused = 0
    for bad in (*HOSTILE, _endless()):
        calls: list[tuple[list[Any], dict[str, Any]]] = [
            ([bad if i == place else HOSTILE[1] for i in range(arity)], {}) for place in range(arity)
        ]
        calls += [([HOSTILE[1]] * arity, {keyword: bad}) for keyword in optional]
        for arguments, keywords in calls:
            try:
                function(*arguments, **keywords)  # any exception but a CardRulesError fails the test
            except CardRulesError:
                refused += 1
    assert refused > 0, f"{name} took every hostile argument"
