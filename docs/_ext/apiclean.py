"""Sphinx extension: the API reference without serialization plumbing.

Hides from autodoc the class-level constants the JSON layer and the fast
constructors read (``json_tag``, ``json_order``, ``move_type``, ``game_name``,
...) and the JSON hooks of the card types (``to_json``, ``from_json``,
``json_schema``), which the library's own ``to_dict``/``from_dict`` call: users
call those.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

__all__ = ["PLUMBING", "setup", "skip_plumbing"]

#: Members that only the library's own machinery reads.
PLUMBING = frozenset(
    {
        "json_tag",
        "json_flat",
        "json_order",
        "json_kind",
        "json_schema",
        "to_json",
        "from_json",
        "game_name",
        "move_type",
        "view_type",
        "build_state",
        "build_board",
    }
)


def skip_plumbing(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """``autodoc-skip-member``: skip the plumbing of a class; leave every other decision to autodoc."""
    if what in {"class", "exception"} and name in PLUMBING:
        return True
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the hook."""
    app.connect("autodoc-skip-member", skip_plumbing)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
