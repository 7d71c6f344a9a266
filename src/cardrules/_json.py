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
* a class with a ``_json_tag`` class attribute is written with a ``"type"`` key,
  so that a field typed with a base class (``Move``) can hold any subclass.

Data read is untrusted: before any of it is looked at, :func:`check_size`
refuses anything deeper, longer or larger than the limits below, so that no
input costs more than its size in time and memory (``docs/reliability.md``
lists them).  :func:`mismatch` applies the same strict reading to values built
in Python, such as a hand-made move.
"""

from __future__ import annotations

import enum
import functools
import json
import math
import os
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeAlias, Union

import attrs

from ._errors import CardRulesError, SerializationError
from ._words import brief

__all__ = [
    "JSON",
    "MAX_DEPTH",
    "MAX_FILE",
    "MAX_INT_BITS",
    "MAX_LIST",
    "MAX_STRING",
    "MAX_VALUES",
    "check_size",
    "mismatch",
    "read_text",
    "structure",
    "unstructure",
]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None

#: Lists and objects nest at most this deep (the deepest real data nests 10 deep).
MAX_DEPTH = 32
#: A list or an object holds at most this many entries (a record's moves included).
MAX_LIST = 100_000
#: A string holds at most this many characters (a deck's longest text holds a few hundred).
MAX_STRING = 10_000
#: An integer needs at most this many bits (seeds, generator states and bit sets of card kinds need far fewer).
MAX_INT_BITS = 1024
#: The whole input holds at most this many values, counting every list, object, string and number.
MAX_VALUES = 1_000_000
#: A file read as input (a deck) holds at most this many bytes (the shipped decks hold under 34,000).
MAX_FILE = 4_000_000


def read_text(path: str | os.PathLike[str], what: str, error: type[CardRulesError]) -> str:
    """The UTF-8 text of the file at ``path``, read at most :data:`MAX_FILE` bytes far: a file that
    cannot be read, holds more or is not UTF-8 is an ``error`` naming ``what`` and the file."""
    name = os.fsdecode(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as exc:
        raise error(f"{what}: cannot read the file {brief(name, 200)}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE:
        raise error(f"{what}: the file {brief(name, 200)} holds more than {MAX_FILE:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{what}: the file {brief(name, 200)} is not UTF-8 text ({exc.reason})") from None


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
        tag = getattr(cls, "_json_tag", None)
        if tag:
            out["type"] = tag
        for name, alias in _names(cls):
            out[alias] = unstructure(getattr(value, name))
        return out
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def structure(data: object, cls: Any, *, what: str, flat: tuple[str, ...] = ()) -> Any:
    """Build a value of type ``cls`` from JSON-ready ``data``.

    Raises :class:`SerializationError` naming ``what`` and the path of the
    first entry that does not fit, or of the first that exceeds a size limit.
    ``flat`` names the fields of ``cls`` whose records the JSON wrote beside
    ``cls``'s own fields (a state's board): their entries' paths are named as
    written, without the field's name.
    """
    check_size(data, what)
    try:
        if flat:
            return _structure_attrs(data, cls, "", flat)
        return _structure(data, cls, "")
    except _Mismatch as exc:
        raise SerializationError(f"{what}: {exc}") from None


def mismatch(value: object, cls: Any) -> str | None:
    """Why a Python value does not have type ``cls`` exactly, or ``None`` if it does.

    As strict as :func:`structure`: ``True`` or ``1.0`` is not an ``int``, an
    ``int`` is not an ``IntEnum`` card, a list is not a tuple.  Fields are
    checked against their type hints, recursively; the answer names the path.
    """
    try:
        _conform(value, cls, "")
    except _Mismatch as exc:
        return str(exc)
    return None


def _conform(value: object, cls: Any, path: str) -> None:
    origin = typing.get_origin(cls)
    if cls is Any or cls is object:
        return
    if cls is None or cls is type(None):
        ok = value is None
    elif cls is float:
        ok = (type(value) is int and value.bit_length() <= MAX_INT_BITS) or (
            type(value) is float and math.isfinite(value)
        )
    elif cls is int:
        ok = type(value) is int and value.bit_length() <= MAX_INT_BITS
    elif cls in (bool, str):
        ok = type(value) is cls
    elif origin is Literal:
        ok = any(type(value) is type(option) and value == option for option in typing.get_args(cls))
    elif origin is Union or origin is types.UnionType:
        ok = any(mismatch(value, arg) is None for arg in typing.get_args(cls))
    elif origin is tuple or origin is frozenset:
        if type(value) is not origin:
            raise _Mismatch(path, f"expected a {origin.__name__}, got {brief(value)}")
        args = typing.get_args(cls)
        items = list(value)
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            args = (args[0],) * len(items)
        elif args == ((),):
            args = ()
        if len(items) != len(args):
            raise _Mismatch(path, f"expected {len(args)} entries, got {len(items)}")
        for i, (item, arg) in enumerate(zip(items, args, strict=True)):
            _conform(item, arg, f"{path}[{i}]")
        return
    elif isinstance(cls, type) and (issubclass(cls, enum.Enum) or hasattr(cls, "from_json")):
        ok = type(value) is cls
    elif isinstance(cls, type) and attrs.has(cls):
        if not isinstance(value, cls) or not attrs.has(type(value)):
            raise _Mismatch(path, f"expected a {cls.__name__}, got {brief(value)}")
        hints = _hints(type(value))
        for name, _ in _names(type(value)):
            _conform(getattr(value, name), hints[name], f"{path}.{name}" if path else name)
        return
    else:
        raise TypeError(f"cardrules cannot check fields of type {cls!r}")
    if not ok:
        raise _Mismatch(path, f"expected {_wanted(cls)}, got {brief(value)}")


def _wanted(cls: Any) -> str:
    if typing.get_origin(cls) is Literal:
        return f"one of {', '.join(map(repr, typing.get_args(cls)))}"
    if cls is None or cls is type(None):
        return "None"
    words = {bool: "True or False", int: "an integer", float: "a finite number", str: "a string"}
    if cls in words:
        return words[cls]
    name = getattr(cls, "__name__", None)
    return f"a {name}" if isinstance(name, str) else str(cls)


@functools.cache
def _names(cls: Any) -> tuple[tuple[str, str], ...]:
    """``(attribute name, init alias)`` of each init field of an attrs class."""
    return tuple((f.name, f.alias or f.name) for f in attrs.fields(cls) if f.init)


#: Each game's ``Game`` class by its name, recorded by ``BaseGame`` as each game is defined.
_GAMES: dict[str, type] = {}


def record_game(name: str, cls: type) -> None:
    """Let the fields of ``name``'s states, views and moves say ``game: Game`` without importing ``Game``.

    A game's ``Game`` sits above its state and view, which name it in their annotations only for the
    type checker; the reader resolves those annotations with the recorded class.  The last class
    recorded for a name is kept: attrs remakes a slotted class, and its remade class is the game's.
    """
    _GAMES[name] = cls


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of ``cls``'s fields, ``Game`` being its game's class."""
    game = _GAMES.get(getattr(cls, "game_name", None) or "")
    return typing.get_type_hints(cls, localns=None if game is None else {"Game": game})


def check_size(data: object, what: str, error: type[CardRulesError] = SerializationError) -> None:
    """Raise ``error`` naming ``what`` and the path if ``data`` exceeds a limit, or has a key that is not a string.

    The walk is iterative (no recursion, whatever the nesting) and stops at the
    first excess, so its cost is bounded by the limits, not by the input.
    """
    pending: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    values = 0
    while pending:
        item, path = pending.pop()
        values += 1
        if values > MAX_VALUES:
            raise error(f"{what}: holds more than {MAX_VALUES} values in all")
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise error(
                    f"{what}: at {_path(path)}: a string of {len(item)} characters; at most {MAX_STRING}"
                )
        elif isinstance(item, int):
            if item.bit_length() > MAX_INT_BITS:
                raise error(
                    f"{what}: at {_path(path)}: {brief(item)} is too large; at most {MAX_INT_BITS} bits"
                )
        elif isinstance(item, (list, dict)):
            if len(path) >= MAX_DEPTH:
                raise error(f"{what}: at {_path(path)}: lists and objects nest more than {MAX_DEPTH} deep")
            if len(item) > MAX_LIST:
                raise error(f"{what}: at {_path(path)}: {len(item)} entries; at most {MAX_LIST}")
            if isinstance(item, list):
                pending.extend((entry, (*path, i)) for i, entry in enumerate(item))
            else:
                for key, entry in item.items():
                    if not isinstance(key, str):
                        raise error(f"{what}: at {_path(path)}: the key {brief(key)} is not a string")
                    pending.append((entry, (*path, key)))


def _path(parts: tuple[str | int, ...]) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts).lstrip(".")
    return brief(text, 100).strip("'") if text else "top level"


def _describe(data: object) -> str:
    """``data`` for a message, as JSON when it is a JSON scalar, else as a brief repr."""
    if data is None or isinstance(data, bool):
        return json.dumps(data)
    if type(data) is str:
        return json.dumps(data if len(data) <= 40 else data[:37] + "...")
    return brief(data)


def _structure(data: object, cls: Any, path: str) -> Any:
    origin = typing.get_origin(cls)
    if isinstance(cls, type) and hasattr(cls, "from_json"):
        from_json: Callable[[object], Any] = cls.from_json
        try:
            return from_json(data)
        except (ValueError, TypeError, LookupError) as exc:
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
        if type(data) is not int:
            raise _Mismatch(path, f"expected an integer, got {_describe(data)}")
        return data
    if cls is float:
        if type(data) not in (int, float) or not math.isfinite(data):  # type: ignore[arg-type]
            raise _Mismatch(path, f"expected a finite number, got {_describe(data)}")
        return float(data)  # type: ignore[arg-type]
    if cls is str:
        if type(data) is not str:
            raise _Mismatch(path, f"expected a string, got {_describe(data)}")
        return data
    if origin is Literal:
        allowed = typing.get_args(cls)
        for option in allowed:
            if type(data) is type(option) and data == option:
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
        if type(data) is not str or data not in cls.__members__:
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
        tag = current.__dict__.get("_json_tag")
        if isinstance(tag, str) and tag:
            found[tag] = current
        pending.extend(current.__subclasses__())
    return found


def _structure_attrs(data: object, cls: type, path: str, flat: tuple[str, ...] = ()) -> Any:
    if not isinstance(data, dict):
        raise _Mismatch(path, f"expected an object for {cls.__name__}, got {_describe(data)}")
    keys = set(data)
    if hasattr(cls, "_json_tag"):
        choices = _tagged_subclasses(cls)
        tag = data.get("type")
        if type(tag) is not str or tag not in choices:
            raise _Mismatch(path, f"'type' must be one of {', '.join(sorted(choices))}, got {_describe(tag)}")
        cls = choices[tag]
        keys.discard("type")
    names = _names(cls)
    expected = {alias for _, alias in names}
    if keys != expected:
        missing = sorted(expected - keys)
        extra = sorted(brief(k, 40).strip("'") for k in keys - expected)
        extra = extra if len(extra) <= 5 else [*extra[:5], f"and {len(extra) - 5} more"]
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unexpected {', '.join(extra)}"] if extra else []
        )
        raise _Mismatch(path, f"{cls.__name__} fields: {'; '.join(parts)}")
    hints = _hints(cls)
    kwargs = {
        alias: _structure(
            data[alias], hints[name], path if name in flat else f"{path}.{alias}" if path else alias
        )
        for name, alias in names
    }
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise _Mismatch(path, str(exc)) from None
