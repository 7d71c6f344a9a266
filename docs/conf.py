"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

import sphinx.util.inspect

import cardrules

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardrules"
author = "The cardrules developers"
release = cardrules.__version__
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.graphviz",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "apiclean",
    "rulespage",
    "cardtable",
]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
html_theme = "furo"
html_title = "cardrules"
html_static_path = ["_css"]
html_css_files = ["cardrules.css"]
graphviz_output_format = "svg"
graphviz_dot_args = ["-Gfontname=DejaVu Sans", "-Nfontname=DejaVu Sans", "-Efontname=DejaVu Sans"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
nitpicky = False
exclude_patterns = ["_build"]
suppress_warnings = ["myst.xref_missing"]
# Aliases shown by name in signatures, not expanded (the JSON union is 100 characters long).
autodoc_type_aliases = {"JSON": "JSON", "LineupEntry": "cardrules.LineupEntry"}


def _alias_by_name(self: object) -> str:
    return str(getattr(self, "name", ""))


# Sphinx 9 writes an alias nested in another type (``dict[str, JSON]``) as
# ``TypeAliasForwardRef('JSON')``: its repr is what it prints there.
sphinx.util.inspect.TypeAliasForwardRef.__repr__ = _alias_by_name  # type: ignore[method-assign,assignment]
