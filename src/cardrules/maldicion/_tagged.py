"""JSON for the tagged families (moves, phases): a ``"type"`` key names the subclass.

The core's generic tag dispatch looks the ``"type"`` value up in a dict and so
raises ``TypeError`` on an unhashable value (a list or dict in a garbage
input) instead of ``SerializationError``; these classes write and read their
own form, checking the tag first (noted in the report to the lead).
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar, Self

import attrs

from .._json import JSON, structure, unstructure

__all__ = ["Tagged"]


_CHOICES: dict[type, dict[str, type]] = {}
_FIELDS: dict[type, tuple[tuple[str, str, Any], ...]] = {}


def _choices(cls: type) -> dict[str, type]:
    cached = _CHOICES.get(cls)
    if cached is not None:
        return cached
    found: dict[str, type] = {}
    pending = [cls]
    while pending:
        current = pending.pop()
        tag = current.__dict__.get("json_tag")
        if isinstance(tag, str):
            found[tag] = current
        pending.extend(current.__subclasses__())
    _CHOICES[cls] = found
    return found


def _fields(cls: type) -> tuple[tuple[str, str, Any], ...]:
    cached = _FIELDS.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        cached = _FIELDS[cls] = tuple((f.name, f.alias, hints[f.name]) for f in attrs.fields(cls) if f.init)
    return cached


class Tagged:
    """Mixin: ``to_json`` gives ``{"type": tag, field: value, ...}``; ``from_json`` reads it back."""

    __slots__ = ()
    json_tag: ClassVar[str | None] = None

    def to_json(self) -> JSON:
        out: dict[str, JSON] = {"type": self.json_tag}
        for name, alias, _ in _fields(type(self)):
            out[alias] = unstructure(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: object) -> Self:
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {cls.__name__}, got {type(data).__name__}")
        choices = _choices(cls)
        tag = data.get("type")
        if not isinstance(tag, str) or tag not in choices:
            raise ValueError(f"'type' must be one of {', '.join(sorted(choices))}, got {tag!r}"[:200])
        sub = choices[tag]
        fields = _fields(sub)
        expected = {alias for _, alias, _ in fields}
        keys = set(data) - {"type"}
        if keys != expected:
            missing = sorted(expected - keys)
            extra = sorted(str(k) for k in keys - expected)
            raise ValueError(f"{sub.__name__} fields: missing {missing}, unexpected {extra}")
        kwargs = {
            alias: structure(data[alias], hint, what=f"{sub.__name__}.{alias}") for _, alias, hint in fields
        }
        value: Self = sub(**kwargs)
        return value
