"""Sphinx extension: the API reference without serialization plumbing, the contract's classes first.

- Hides from autodoc the class-level constants the library's own machinery
  reads (``game_name``, ``view_type``, ``state_type``, ...; the serialization
  plumbing, ``_json_tag``, ``_json_order``, ``_move_type``, ..., is private and
  so never documented) and the JSON hooks of the card types (``to_json``,
  ``from_json``, ``json_schema``), which the library's own ``to_dict``/``from_dict`` call: users
  call those.  An enumeration of more than a dozen values (a deck's 40 cards)
  is documented without listing them one by one.
- ``.. autopublic:: cardrules.malilla`` with ``:first: Game State Move View``
  documents every name of the module's ``__all__``, those first, then the rest
  in ``__all__`` order: a name added to ``__all__`` is documented with no edit
  of the page.
"""

from __future__ import annotations

import enum
import importlib
import inspect
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped]
from docutils.parsers.rst import directives  # type: ignore[import-untyped]
from docutils.statemachine import StringList  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

__all__ = ["PLUMBING", "AutoPublic", "autodoc_lines", "setup", "skip_plumbing"]

#: Members that only the library's own machinery reads.
PLUMBING = frozenset(
    {
        "json_schema",
        "to_json",
        "from_json",
        "game_name",
        "move_type",
        "view_type",
        "state_type",
        "build_state",
        "build_board",
    }
)
#: An enumeration with more values than this is not listed value by value.
LISTED_VALUES = 12


def skip_plumbing(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """``autodoc-skip-member``: skip the plumbing of a class; leave every other decision to autodoc."""
    if what in {"class", "exception"} and name in PLUMBING:
        return True
    if isinstance(obj, enum.Enum) and len(type(obj)) > LISTED_VALUES:
        return True
    return None


def autodoc_lines(module_name: str, first: list[str]) -> list[str]:
    """The autodoc directives of every name of ``module_name.__all__``, the names of ``first`` first."""
    module = importlib.import_module(module_name)
    public = list(getattr(module, "__all__", ()))
    order = [n for n in first if n in public] + [n for n in public if n not in first]
    lines = [f".. automodule:: {module_name}", "   :no-members:", ""]
    for name in order:
        obj = getattr(module, name)
        full = f"{module_name}.{name}"
        if isinstance(obj, type) and issubclass(obj, BaseException):
            lines += [f".. autoexception:: {full}", "   :members:", ""]
        elif isinstance(obj, type):
            lines += [f".. autoclass:: {full}", "   :members:", "   :undoc-members:", ""]
        elif inspect.isfunction(inspect.unwrap(obj)):
            lines += [f".. autofunction:: {full}", ""]
        else:
            lines += [f".. autodata:: {full}", ""]
    return lines


class AutoPublic(SphinxDirective):
    """``autopublic MODULE`` (``:first: NAME ...``): every public name of the module, documented."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"first": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        first = self.options.get("first", "").replace(",", " ").split()
        try:
            lines = autodoc_lines(self.arguments[0], first)
        except ImportError as error:
            raise self.error(f"autopublic: {error}") from error
        source = self.get_source_info()[0]
        return list(nested_parse_to_nodes(self.state, StringList(lines, source)))


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the hook and register the directive."""
    app.connect("autodoc-skip-member", skip_plumbing)
    app.add_directive("autopublic", AutoPublic)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
