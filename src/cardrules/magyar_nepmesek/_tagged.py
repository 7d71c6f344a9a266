"""JSON for tagged classes (moves, pending decisions) that refuses a non-string ``"type"`` cleanly.

The core's reader looks the ``"type"`` entry up in a dict of tags, which
raises ``TypeError`` (not a SerializationError) when a malformed dict puts a
list or an object there.  Classes using this mixin check the tag first and
otherwise read and write exactly the core's form.
"""

from __future__ import annotations

from typing import Any, Self

import attrs

from .._json import JSON, _structure_attrs, unstructure

__all__ = ["Tagged"]


class Tagged:
    """Mixin for an attrs class with a ``json_tag``: the core's JSON form, with a checked tag."""

    __slots__ = ()

    def to_json(self) -> JSON:
        """``{"type": tag, field: value, ...}``, as the core writes tagged classes."""
        out: dict[str, JSON] = {"type": getattr(type(self), "json_tag")}  # noqa: B009
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            out[field.alias] = unstructure(getattr(self, field.name))
        return out

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Read the form :meth:`to_json` writes; ``ValueError`` for anything else."""
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {cls.__name__}, got {type(data).__name__}")
        if not isinstance(data.get("type"), str):
            raise ValueError(f"'type' must be a string naming the kind of {cls.__name__}")
        value: Self = _structure_attrs(data, cls, "")
        return value
