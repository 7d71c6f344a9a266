"""Sphinx extension: a game page shows its ``RULES.md`` with the rules first and the options last.

A game's ``src/cardrules/<game>/RULES.md`` (also what ``cardrules rules GAME``
prints) opens with its title, a paragraph on the game, then Python and the
options table, then the rules in sections.  A docs page (``docs/games/<game>.md``)
has its own title and its own opening on how the game plays, so when it
includes the file this moves, without changing a word: the title goes, the
opening paragraph stays first, the sections follow, and the Python and options
table close the text under an "Options" heading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

__all__ = ["rules_first", "setup"]


def rules_first(text: str) -> str:
    """``RULES.md`` reordered: opening prose, the sections, then the options (the text before the first section
    that follows the first code block or table)."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        return text
    body = lines[1:]
    first_section = next((i for i, line in enumerate(body) if line.startswith("## ")), len(body))
    opening = body[:first_section]
    start = next((i for i, line in enumerate(opening) if line.startswith(("```", "|"))), len(opening))
    intro, options = opening[:start], opening[start:]
    moved = [*intro, *body[first_section:]]
    if any(line.strip() for line in options):
        moved += ["", "## Options", "", *options]
    return "\n".join(moved) + "\n"


def _on_include(app: Sphinx, path: Path, docname: str, content: list[str]) -> None:
    if path.name == "RULES.md":
        content[0] = rules_first(content[0])


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect to ``include-read``."""
    app.connect("include-read", _on_include)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
