"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import cardrules

project = "cardrules"
author = "The cardrules developers"
release = cardrules.__version__
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
html_theme = "furo"
html_title = "cardrules"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
exclude_patterns = ["_build"]
suppress_warnings = ["myst.xref_missing"]
