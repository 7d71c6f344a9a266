"""JSON Schemas (draft 2020-12) of the dicts that games write.

The schemas are generated from the same attrs classes and type hints that
:mod:`cardrules._json` walks to write and read those dicts, and they follow its
conventions: a tagged class (``json_tag``) is a ``"type"`` key choosing among
its subclasses, a ``frozenset`` a list without repeats, an enum its member
names, and a class that writes itself (``to_json``) either an enum of what
its members write or whatever its ``json_schema()`` classmethod says.
Front ends in other languages validate what they receive against them.
"""

from __future__ import annotations

import enum
import functools
import importlib
import json
import types
import typing
from typing import Any, Literal, Union, cast, get_args

import attrs

from ._base import FORMAT, BaseGame, BaseState, _flat_fields
from ._errors import ConfigError
from ._json import JSON, _hints, _names, _tagged_subclasses
from ._registry import games

__all__ = ["SCHEMA_KINDS", "SchemaKind", "schema"]

SchemaKind = Literal["state", "view", "spectator", "move", "record"]
#: The kinds of dict :func:`schema` describes.
SCHEMA_KINDS: tuple[SchemaKind, ...] = get_args(SchemaKind)

_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema(game_name: str, kind: SchemaKind) -> dict[str, JSON]:
    """The JSON Schema of ``to_dict()`` of a game's ``State``, ``View``, ``Move`` or ``Record``.

    ``schema("malilla", "view")`` describes every dict ``view.to_dict()`` can
    give for any options; ``"spectator"`` every dict :func:`spectator_view`
    gives (any of the view's fields but ``seat``, since which ones every seat
    sees alike depends on the position).  Raises :class:`ConfigError` for an
    unknown game or kind.  The result is a fresh dict: change it freely.
    """
    registry = games()
    if not isinstance(game_name, str) or game_name not in registry:
        raise ConfigError(f"unknown game {game_name!r}; the games are {', '.join(sorted(registry))}")
    if kind not in SCHEMA_KINDS:
        raise ConfigError(f"unknown schema kind {kind!r}; the kinds are {', '.join(SCHEMA_KINDS)}")
    text = _schema_text(game_name, kind)
    result: dict[str, JSON] = json.loads(text)
    return result


@functools.cache
def _schema_text(game_name: str, kind: SchemaKind) -> str:
    game_cls = games()[game_name]
    state_cls = _state_class(game_cls)
    walker = _Walker()
    if kind == "record":
        body: dict[str, JSON] = {
            "type": "object",
            "properties": {
                "kind": {"const": "record"},
                "format": {"const": FORMAT},
                "game": walker.envelope(game_cls),
                "seed": {"type": "integer"},
                "moves": {"type": "array", "items": walker.of(state_cls.move_type)},
            },
            "required": ["kind", "format", "game", "seed", "moves"],
            "additionalProperties": False,
        }
    elif kind == "spectator":
        body = walker.spectator(game_cls.view_type)
    else:
        cls = {"state": state_cls, "view": game_cls.view_type, "move": state_cls.move_type}[kind]
        body = walker.envelope(cls)
    document: dict[str, JSON] = {
        "$schema": _DIALECT,
        "$id": f"https://cardrules.invalid/schemas/{game_name}/{kind}.json",
        "title": f"{game_name} {kind}",
        **body,
    }
    if walker.defs:
        document["$defs"] = dict(sorted(walker.defs.items()))
    return json.dumps(document, ensure_ascii=False)


def _envelope(game_name: str, kind: str, data: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "type": "object",
        "properties": {
            "game": {"const": game_name},
            "kind": {"const": kind},
            "format": {"const": FORMAT},
            "data": data,
        },
        "required": ["game", "kind", "format", "data"],
        "additionalProperties": False,
    }


def _state_class(game_cls: type[BaseGame[Any, Any]]) -> type[BaseState[Any, Any, Any]]:
    module = importlib.import_module(f"cardrules.{game_cls.name}")
    state: type[BaseState[Any, Any, Any]] = module.State
    return state


class _Walker:
    """One schema's walk: attrs classes are written once, under ``$defs``, and referred to."""

    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}
        self._named: dict[type, str] = {}

    def envelope(self, cls: type) -> dict[str, JSON]:
        """The checked envelope of ``to_dict``: game, kind, format and the data."""
        serial = cast(Any, cls)
        data = self._flat(serial) if serial.json_flat is not None else self.of(cls)
        return _envelope(serial.game_name, serial.json_kind, data)

    def spectator(self, view_cls: type) -> dict[str, JSON]:
        """A spectator's view: any of the fields of ``view_cls``'s data but ``seat``, none required."""
        serial = cast(Any, view_cls)
        data = self._flat(serial) if serial.json_flat is not None else self._object(view_cls)
        cast(dict[str, JSON], data["properties"]).pop("seat", None)
        data["required"] = []
        return _envelope(serial.game_name, "spectator", data)

    def _flat(self, cls: Any) -> dict[str, JSON]:
        """A class whose ``json_flat`` record is written beside its own fields, defaults left out."""
        own = self._object(cls, skip=cls.json_flat)
        record = _hints(cls)[cls.json_flat]
        flat = self._object(record)
        properties = cast(dict[str, JSON], own["properties"])
        properties.update(cast(dict[str, JSON], flat["properties"]))
        required = cast(list[JSON], own["required"])
        defaults = _flat_fields(cls, cls.json_flat)
        required.extend(name for name, (has, _) in defaults.items() if not has)
        return own

    def of(self, hint: Any) -> dict[str, JSON]:
        """The schema of a value typed ``hint``."""
        origin = typing.get_origin(hint)
        if isinstance(hint, type) and hasattr(hint, "to_json"):
            return self._self_written(hint)
        if hint is Any or hint is object:
            return {}
        if hint is None or hint is type(None):
            return {"type": "null"}
        simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
        if hint in simple:
            return {"type": simple[hint]}
        if origin is Literal:
            return {"enum": list(get_args(hint))}
        if origin is Union or origin is types.UnionType:
            options = [self.of(arg) for arg in get_args(hint)]
            return {"anyOf": cast(list[JSON], options)}
        if origin is tuple:
            args = get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            fixed = [] if args == ((),) else [self.of(arg) for arg in args]
            return {
                "type": "array",
                "prefixItems": cast(list[JSON], fixed),
                "minItems": len(fixed),
                "maxItems": len(fixed),
            }
        if origin is frozenset:
            (item,) = get_args(hint)
            return {"type": "array", "items": self.of(item), "uniqueItems": True}
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"enum": list(hint.__members__)}
        if isinstance(hint, type) and attrs.has(hint):
            return self._ref(hint)
        raise TypeError(f"cardrules cannot describe fields of type {hint!r}")

    def _self_written(self, cls: type) -> dict[str, JSON]:
        own = getattr(cls, "json_schema", None)
        if own is not None:
            result: dict[str, JSON] = own()
            return result
        if issubclass(cls, enum.Enum):
            return {"enum": [cast(Any, member).to_json() for member in cls]}
        raise TypeError(f"{cls.__name__} writes itself with to_json but gives no json_schema()")

    def _ref(self, cls: type) -> dict[str, JSON]:
        name = self._named.get(cls)
        if name is None:
            name = cls.__qualname__
            if name in self.defs:
                name = f"{cls.__module__}.{cls.__qualname__}"
            self._named[cls] = name
            self.defs[name] = {}  # reserved first, so that a class holding itself ends in a $ref
            self.defs[name] = self._tagged(cls) if hasattr(cls, "json_tag") else self._object(cls)
        return {"$ref": f"#/$defs/{name}"}

    def _tagged(self, cls: type) -> dict[str, JSON]:
        """A field typed with a tagged base: one of its subclasses, chosen by ``"type"``."""
        choices = _tagged_subclasses(cls)
        return {"oneOf": [self._object(choices[tag], tag=tag) for tag in sorted(choices)]}

    def _object(self, cls: type, *, tag: str | None = None, skip: str | None = None) -> dict[str, JSON]:
        hints = _hints(cls)
        properties: dict[str, JSON] = {}
        if tag is not None:
            properties["type"] = {"const": tag}
        for name, alias in _names(cls):
            if name != skip:
                properties[alias] = self.of(hints[name])
        return {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
