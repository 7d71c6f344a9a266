"""Every type a public value hands out can be imported: a user who gets a value from a public attribute can
name its class (for ``isinstance``, type hints and ``from_dict``) without reaching into a private module."""

from __future__ import annotations

import enum
import importlib
import inspect
import sys
import types
import typing
from typing import Any

import attrs
import pytest

import cardrules

GAMES = sorted(cardrules.games())


def _classes_in(hint: Any) -> set[type]:
    """The classes a type hint names, through unions, tuples, literals and other generics."""
    if isinstance(hint, type) and not typing.get_args(hint):
        return {hint}
    found: set[type] = set()
    origin = typing.get_origin(hint)
    if isinstance(origin, type) and origin is not types.UnionType:
        found.add(origin)
    if origin is typing.Literal:
        return {type(arg) for arg in typing.get_args(hint) if isinstance(arg, enum.Enum)}
    for arg in typing.get_args(hint):
        found |= _classes_in(arg)
    return found


def _namespace(name: str) -> dict[str, Any]:
    """Every name the game's modules and the core see, for hints written as strings or kept behind
    ``TYPE_CHECKING``."""
    space: dict[str, Any] = {}
    for module in list(sys.modules.values()):
        module_name = getattr(module, "__name__", "")
        if module_name.startswith(f"cardrules.{name}") or module_name in ("cardrules._base", "cardrules"):
            space.update(vars(module))
    return space


def _handed_out(cls: type, space: dict[str, Any]) -> dict[str, set[type]]:
    """For each public field and property of ``cls``, the classes its type hint names."""
    out: dict[str, set[type]] = {}
    if attrs.has(cls):
        hints = typing.get_type_hints(cls, space)
        for field in attrs.fields(cls):
            if not field.name.startswith("_") and field.name in hints:
                out[field.name] = _classes_in(hints[field.name])
    for member_name, member in inspect.getmembers(cls):
        if member_name.startswith("_") or not isinstance(member, property) or member.fget is None:
            continue
        ret = typing.get_type_hints(member.fget, space).get("return")
        if ret is not None:
            out[member_name] = _classes_in(ret)
    return out


def _with_subclasses(cls: type) -> set[type]:
    """``cls`` and the public classes below it: a value of any of them may be what the hint announces."""
    found = {cls}
    if cls.__module__.startswith("cardrules"):
        subclasses: list[type] = cls.__subclasses__()
        for sub in subclasses:
            if not sub.__name__.startswith("_"):
                found |= _with_subclasses(sub)
    return found


def _importable(name: str) -> set[type]:
    """The classes a user reaches from the game's package, the top-level package and the bots."""
    reachable: set[type] = set()
    for module in (
        importlib.import_module(f"cardrules.{name}"),
        cardrules,
        importlib.import_module("cardrules.bots"),
    ):
        for attribute in module.__all__:
            value = getattr(module, attribute)
            if isinstance(value, type):
                reachable.add(value)
    return reachable


@pytest.mark.parametrize("name", GAMES)
def test_every_type_a_public_value_hands_out_is_exported(name: str) -> None:
    package = importlib.import_module(f"cardrules.{name}")
    reachable = _importable(name)
    space = _namespace(name)
    missing: list[str] = []
    for attribute in package.__all__:
        cls = getattr(package, attribute)
        if not isinstance(cls, type):
            continue
        for member, classes in _handed_out(cls, space).items():
            for handed in {kind for given in classes for kind in _with_subclasses(given)}:
                if handed.__module__.startswith("cardrules") and handed not in reachable:
                    missing.append(f"{cls.__name__}.{member} -> {handed.__module__}.{handed.__qualname__}")
    assert not missing, f"cardrules.{name} hands out types it does not export: " + "; ".join(
        sorted(set(missing))
    )
