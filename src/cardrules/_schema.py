"""JSON Schemas (draft 2020-12) of the dicts that games write.

The schemas are generated from the same attrs classes and type hints that
:mod:`cardrules._json` walks to write and read those dicts, and they follow its
conventions: a tagged class (``_json_tag``) is a ``"type"`` key choosing among
its subclasses, a ``frozenset`` a list without repeats, an enum its member
names, and a class that writes itself (``to_json``) either an enum of what
its members write or whatever its ``json_schema()`` classmethod says.
Front ends in other languages validate what they receive against them, and
build on them: every class is a ``$defs`` entry described by its docstring,
every property has a ``description`` (:mod:`cardrules._field_docs`), each
card and enum lists the names the engine prints for its values
(``x-enumNames``, beside ``enum``) and what each means where its source says
(``x-enum-descriptions``), and seats are bounded by the game's largest table.
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import json
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union, cast, get_args

import attrs

from ._base import FORMAT, BaseGame, BaseState, _flat_fields
from ._errors import ConfigError
from ._field_docs import Role, field_doc
from ._json import JSON, _hints, _names, _tagged_subclasses
from ._registry import games

__all__ = ["SCHEMA_KINDS", "SchemaKind", "largest_table", "schema"]

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
    walker = _Walker(largest_table(game_name))
    if kind == "record":
        body: dict[str, JSON] = {
            "type": "object",
            "description": "A whole match: the game and its options, the seed every deal is drawn from, and "
            "every move in order (Record.to_dict()).",
            "properties": {
                "kind": {"const": "record", "description": "What the dict is: a record."},
                "format": {"const": FORMAT, "description": "The version of the JSON format."},
                "game": {**walker.envelope(game_cls), "description": "The game and its options."},
                "seed": {
                    "type": "integer",
                    "description": "The seed every random draw of the match flows from.",
                },
                "moves": {
                    "type": "array",
                    "items": walker.of(state_cls._move_type),
                    "description": "Every move of the match, in the order they were made.",
                },
            },
            "required": ["kind", "format", "game", "seed", "moves"],
            "additionalProperties": False,
        }
    elif kind == "spectator":
        body = walker.spectator(game_cls.view_type)
    else:
        cls = {"state": state_cls, "view": game_cls.view_type, "move": state_cls._move_type}[kind]
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


@functools.cache
def largest_table(game_name: str) -> int:
    """The most seats a table of ``game_name`` can have (the bound of every seat number in its schemas)."""
    cls = games()[game_name]
    for players in range(16, 0, -1):
        try:
            return cls(players=players).players  # type: ignore[call-arg]
        except (ConfigError, TypeError):
            continue
    return cls().players


def _envelope(game_name: str, kind: str, data: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "type": "object",
        "properties": {
            "game": {"const": game_name, "description": "The game's name."},
            "kind": {"const": kind, "description": "What the dict is."},
            "format": {"const": FORMAT, "description": "The version of the JSON format."},
            "data": {**data, "description": data.get("description", f"The {kind} itself.")},
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

    def __init__(self, seats: int) -> None:
        self.defs: dict[str, JSON] = {}
        self._named: dict[type, str] = {}
        self.seats = seats

    def envelope(self, cls: type) -> dict[str, JSON]:
        """The checked envelope of ``to_dict``: game, kind, format and the data."""
        serial = cast(Any, cls)
        data = self._named_def(cls, lambda: self._flat(serial)) if serial._json_flat else self.of(cls)
        return _envelope(serial.game_name, serial._json_kind, data)

    def spectator(self, view_cls: type) -> dict[str, JSON]:
        """A spectator's view: any of the fields of ``view_cls``'s data but ``seat``, none required."""
        serial = cast(Any, view_cls)
        data = self._flat(serial) if serial._json_flat else self._object(view_cls)
        cast(dict[str, JSON], data["properties"]).pop("seat", None)
        data["required"] = []
        return _envelope(serial.game_name, "spectator", data)

    def _flat(self, cls: Any) -> dict[str, JSON]:
        """A class whose ``_json_flat`` records are written beside its own fields, defaults left out."""
        own = self._object(cls, skip=cls._json_flat)
        properties = cast(dict[str, JSON], own["properties"])
        required = cast(list[JSON], own["required"])
        for name in cls._json_flat:
            flat = self._object(_hints(cls)[name])
            properties.update(cast(dict[str, JSON], flat["properties"]))
            required.extend(field for field, (has, _) in _flat_fields(cls, name).items() if not has)
        order = [
            *(k for k in cls._json_order if k in properties),
            *(k for k in properties if k not in cls._json_order),
        ]
        own["properties"] = {key: properties[key] for key in order}
        own["required"] = [key for key in order if key in required]
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
            return self._enum(hint)
        if isinstance(hint, type) and attrs.has(hint):
            return self._ref(hint)
        raise TypeError(f"cardrules cannot describe fields of type {hint!r}")

    def _self_written(self, cls: type) -> dict[str, JSON]:
        """A class that writes itself, such as a card: a ``$defs`` entry, with the name each value prints."""
        own = getattr(cls, "json_schema", None)
        if own is not None:
            body: dict[str, JSON] = own()
        elif issubclass(cls, enum.Enum):
            body = {"enum": [cast(Any, member).to_json() for member in cls]}
        else:
            raise TypeError(f"{cls.__name__} writes itself with to_json but gives no json_schema()")
        values = body.get("enum")
        reader = getattr(cls, "from_json", None)
        if isinstance(values, list) and reader is not None:
            body = {"enum": values, "x-enumNames": [str(reader(value)) for value in values]}
        return self._named_def(cls, lambda: body)

    def _enum(self, cls: type[enum.Enum]) -> dict[str, JSON]:
        """An enum, written by its member names: a ``$defs`` entry, with the names it prints if it prints itself."""
        body: dict[str, JSON] = {"enum": list(cls.__members__)}
        if "__str__" in vars(cls):
            body["x-enumNames"] = [str(member) for member in cls]
        docs = _member_docs(cls)
        if any(docs):
            body["x-enum-descriptions"] = cast(list[JSON], docs)
        return self._named_def(cls, lambda: body)

    def _ref(self, cls: type) -> dict[str, JSON]:
        return self._named_def(
            cls, lambda: self._tagged(cls) if hasattr(cls, "_json_tag") else self._object(cls)
        )

    def _named_def(self, cls: type, body: Callable[[], dict[str, JSON]]) -> dict[str, JSON]:
        """``{"$ref": ...}`` to ``cls``'s ``$defs`` entry, written by ``body()`` the first time."""
        name = self._named.get(cls)
        if name is None:
            name = cls.__qualname__
            if name in self.defs:
                name = f"{cls.__module__}.{cls.__qualname__}"
            self._named[cls] = name
            self.defs[name] = {}  # reserved first, so that a class holding itself ends in a $ref
            written = body()
            doc = _class_doc(cls)
            self.defs[name] = {"title": cls.__name__, **({"description": doc} if doc else {}), **written}
        return {"$ref": f"#/$defs/{name}"}

    def _tagged(self, cls: type) -> dict[str, JSON]:
        """A field typed with a tagged base: one of its subclasses, chosen by ``"type"``."""
        choices = _tagged_subclasses(cls)
        return {"oneOf": [self._object(choices[tag], tag=tag) for tag in sorted(choices)]}

    def _object(self, cls: type, *, tag: str | None = None, skip: tuple[str, ...] = ()) -> dict[str, JSON]:
        hints = _hints(cls)
        properties: dict[str, JSON] = {}
        if tag is not None:
            properties["type"] = {"const": tag, "description": f"Which kind this is: {tag}."}
        for name, alias in _names(cls):
            if name not in skip:
                doc, role = field_doc(cls, name)
                described: dict[str, JSON] = {**self.of(hints[name])}
                if doc:
                    described["description"] = doc
                properties[alias] = _bounded(described, role, self.seats)
        result: dict[str, JSON] = {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
        if tag is not None:
            doc = _class_doc(cls)
            result = {"title": cls.__name__, **({"description": doc} if doc else {}), **result}
        return result


def _member_docs(cls: type[enum.Enum]) -> list[str]:
    """The ``#:`` comment above each member of ``cls`` in its source ('' for none, or without the source)."""
    try:
        lines, _ = inspect.getsourcelines(cls)
    except (OSError, TypeError):
        return ["" for _ in cls]
    found: dict[str, str] = {}
    comment: list[str] = []
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("#:"):
            comment.append(text[2:].strip())
            continue
        name = text.split("=")[0].strip()
        if comment and name in cls.__members__:
            found[name] = " ".join(comment)
        comment = []
    return [found.get(name, "") for name in cls.__members__]


def _class_doc(cls: type) -> str:
    """The first paragraph of ``cls``'s own docstring, on one line ('' if it has none)."""
    doc = cls.__dict__.get("__doc__") or ""
    text = " ".join(doc.strip().split("\n\n")[0].split())
    return _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text).replace("``", "")


#: A Sphinx cross-reference in a docstring, :class:`~pkg.Name`, shown as its last name.
_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def _bounded(node: JSON, role: Role, seats: int) -> JSON:
    """``node`` with every integer in it bounded as ``role`` says: a seat number, or a count (not negative)."""
    if role is None:
        return node
    if isinstance(node, list):
        return [_bounded(item, role, seats) for item in node]
    if not isinstance(node, dict):
        return node
    bounded = {key: _bounded(value, role, seats) if key in _HOLDING else value for key, value in node.items()}
    if node.get("type") == "integer":
        bounded["minimum"] = 0
        if role == "seat":
            bounded["maximum"] = seats - 1
    return bounded


#: The keywords of a schema whose values hold the schemas of the values inside.
_HOLDING = frozenset({"anyOf", "oneOf", "items", "prefixItems"})
