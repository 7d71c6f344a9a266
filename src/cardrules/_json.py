"""Turning attrs values into JSON-ready data and back, strictly.

Every game's states, moves and views are frozen attrs classes whose fields are
typed with a small vocabulary: ``int``, ``float``, ``str``, ``bool``, ``None``,
``Literal``, enums, ``tuple[X, ...]``, fixed tuples, ``frozenset``, unions and
other attrs classes.  :func:`unstructure` and :func:`structure` walk those type
hints, so a game gets exact JSON round trips without writing any, and a
malformed dict is reported with the path to the offending entry.

Two hooks let a class choose its own form:

* a class with ``to_json()`` and a classmethod ``from_json(data)`` (cards, for
  example) is written as whatever ``to_json`` returns;
* a class with a ``json_tag`` class attribute is written with a ``"type"`` key,
  so that a field typed with a base class (``Move``) can hold any subclass.
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeAlias, Union

import attrs

from ._errors import SerializationError

__all__ = ["JSON", "structure", "unstructure"]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None


class _Mismatch(Exception):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"at {path or 'top level'}: {message}")


def unstructure(value: object) -> JSON:
    """The JSON-ready form of ``value``."""
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        result: JSON = to_json()
        return result
    if isinstance(value, enum.Enum):
        return value.name
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [unstructure(item) for item in value]
    if isinstance(value, frozenset):
        items = [unstructure(item) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    cls: Any = type(value)
    if attrs.has(cls):
        out: dict[str, JSON] = {}
        tag = getattr(cls, "json_tag", None)
        if tag:
            out["type"] = tag
        for name, alias in _names(cls):
            out[alias] = unstructure(getattr(value, name))
        return out
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def structure(data: object, cls: Any, *, what: str) -> Any:
    """Build a value of type ``cls`` from JSON-ready ``data``.

    Raises :class:`SerializationError` naming ``what`` and the path of the
    first entry that does not fit.
    """
    try:
        return _structure(data, cls, "")
    except _Mismatch as exc:
        raise SerializationError(f"{what}: {exc}") from None


@functools.cache
def _names(cls: Any) -> tuple[tuple[str, str], ...]:
    """``(attribute name, init alias)`` of each init field of an attrs class."""
    return tuple((f.name, f.alias or f.name) for f in attrs.fields(cls) if f.init)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _describe(data: object) -> str:
    text = json.dumps(data) if _is_json(data) else repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_json(data: object) -> bool:
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def _structure(data: object, cls: Any, path: str) -> Any:
    origin = typing.get_origin(cls)
    if isinstance(cls, type) and hasattr(cls, "from_json"):
        from_json: Callable[[object], Any] = cls.from_json
        try:
            return from_json(data)
        except (ValueError, TypeError, KeyError) as exc:
            raise _Mismatch(path, str(exc)) from None
    if cls is Any or cls is object:
        return data
    if cls is type(None) or cls is None:
        if data is not None:
            raise _Mismatch(path, f"expected null, got {_describe(data)}")
        return None
    if cls is bool:
        if not isinstance(data, bool):
            raise _Mismatch(path, f"expected true or false, got {_describe(data)}")
        return data
    if cls is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _Mismatch(path, f"expected an integer, got {_describe(data)}")
        return data
    if cls is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise _Mismatch(path, f"expected a number, got {_describe(data)}")
        return float(data)
    if cls is str:
        if not isinstance(data, str):
            raise _Mismatch(path, f"expected a string, got {_describe(data)}")
        return data
    if origin is Literal:
        allowed = typing.get_args(cls)
        for option in allowed:
            if data == option and type(data) is type(option):
                return option
        raise _Mismatch(path, f"expected one of {', '.join(map(repr, allowed))}, got {_describe(data)}")
    if origin is Union or origin is types.UnionType:
        return _structure_union(data, typing.get_args(cls), path)
    if origin is tuple:
        return _structure_tuple(data, typing.get_args(cls), path)
    if origin is frozenset:
        (item_type,) = typing.get_args(cls)
        items = _expect_list(data, path)
        result = frozenset(_structure(item, item_type, f"{path}[{i}]") for i, item in enumerate(items))
        if len(result) != len(items):
            raise _Mismatch(path, "a set holds the same entry twice")
        return result
    if isinstance(cls, type) and issubclass(cls, enum.Enum):
        if not isinstance(data, str) or data not in cls.__members__:
            names = ", ".join(cls.__members__)
            raise _Mismatch(path, f"expected one of {names}, got {_describe(data)}")
        return cls[data]
    if isinstance(cls, type) and attrs.has(cls):
        return _structure_attrs(data, cls, path)
    raise TypeError(f"cardrules cannot read fields of type {cls!r}")


def _expect_list(data: object, path: str) -> list[object]:
    if not isinstance(data, list):
        raise _Mismatch(path, f"expected a list, got {_describe(data)}")
    return data


def _structure_tuple(data: object, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    items = _expect_list(data, path)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_structure(item, args[0], f"{path}[{i}]") for i, item in enumerate(items))
    if args == ((),):
        args = ()
    if len(items) != len(args):
        raise _Mismatch(path, f"expected a list of {len(args)} entries, got {len(items)}")
    return tuple(
        _structure(item, arg, f"{path}[{i}]") for i, (item, arg) in enumerate(zip(items, args, strict=True))
    )


def _structure_union(data: object, args: tuple[Any, ...], path: str) -> Any:
    if data is None and type(None) in args:
        return None
    errors: list[str] = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return _structure(data, arg, path)
        except _Mismatch as exc:
            errors.append(str(exc))
    raise _Mismatch(path, f"fits none of the allowed forms ({'; '.join(errors)})")


def _tagged_subclasses(cls: type) -> dict[str, type]:
    found: dict[str, type] = {}
    pending = [cls]
    while pending:
        current = pending.pop()
        if "__attrs_attrs__" not in current.__dict__:
            # The class attrs replaced by its slotted copy: a subclass until it is garbage-collected.
            continue
        tag = current.__dict__.get("json_tag")
        if isinstance(tag, str) and tag:
            found[tag] = current
        pending.extend(current.__subclasses__())
    return found


def _structure_attrs(data: object, cls: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise _Mismatch(path, f"expected an object for {cls.__name__}, got {_describe(data)}")
    keys = set(data)
    if hasattr(cls, "json_tag"):
        choices = _tagged_subclasses(cls)
        tag = data.get("type")
        if not isinstance(tag, str) or tag not in choices:
            raise _Mismatch(path, f"'type' must be one of {', '.join(sorted(choices))}, got {_describe(tag)}")
        cls = choices[tag]
        keys.discard("type")
    names = _names(cls)
    expected = {alias for _, alias in names}
    if keys != expected:
        missing = sorted(expected - keys)
        extra = sorted(str(k) for k in keys - expected)
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unexpected {', '.join(extra)}"] if extra else []
        )
        raise _Mismatch(path, f"{cls.__name__} fields: {'; '.join(parts)}")
    hints = _hints(cls)
    kwargs = {
        alias: _structure(data[alias], hints[name], f"{path}.{alias}" if path else alias)
        for name, alias in names
    }
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise _Mismatch(path, str(exc)) from None
