"""The API reference (``docs/api/``: a page per module and per game) documents every public name.

A public name is each name in a public module's ``__all__``.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import cardrules

API = Path(__file__).resolve().parents[2] / "docs" / "api"
DIRECTIVE = re.compile(
    r"^\.\. (?:auto|py:)(module|class|function|exception|data|attribute|method|public)::\s+(\S+)\s*$"
)


def public_modules() -> list[ModuleType]:
    """``cardrules`` and every module or package under it whose dotted name has no leading underscore."""
    found = [cardrules]
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            found.append(importlib.import_module(info.name))
    return found


def documented() -> tuple[set[str], set[int]]:
    """The dotted names the reference documents, and the ids of the classes and functions behind them.

    An ``automodule`` with ``:members:`` documents every name of its module's ``__all__``, and so does an
    ``autopublic`` (``docs/_ext/apiclean.py``: the module's ``__all__``, its contract classes first).
    """
    names: set[str] = set()
    lines = [
        line for page in sorted(API.glob("*.md")) for line in page.read_text(encoding="utf-8").splitlines()
    ]
    for i, line in enumerate(lines):
        match = DIRECTIVE.match(line.strip())
        if match is None:
            continue
        kind, name = match.groups()
        names.add(name)
        options = []
        for follow in lines[i + 1 :]:
            if not follow.startswith("   :"):
                break
            options.append(follow.strip())
        if kind == "public" or (kind == "module" and any(o.startswith(":members:") for o in options)):
            module = importlib.import_module(name)
            names.update(f"{name}.{member}" for member in getattr(module, "__all__", ()))
    ids = set()
    for name in names:
        module_name, _, attribute = name.rpartition(".")
        if not module_name:
            continue
        try:
            value = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError):
            continue
        if isinstance(value, type) or callable(value):
            ids.add(id(value))
    return names, ids


class TestApiReference:
    """ "a test pins that nothing public is missing from it"."""

    def test_every_public_name_is_in_the_reference(self) -> None:
        names, ids = documented()
        missing = [
            f"{module.__name__}.{name}"
            for module in public_modules()
            for name in getattr(module, "__all__", ())
            if f"{module.__name__}.{name}" not in names and id(getattr(module, name)) not in ids
        ]
        assert missing == [], f"add these to a page of docs/api/: {', '.join(missing)}"

    def test_every_public_module_declares_its_public_names(self) -> None:
        assert [m.__name__ for m in public_modules() if not hasattr(m, "__all__")] == []

    def test_the_bots_and_tournaments_are_there(self) -> None:
        names, _ = documented()
        for name in ("cardrules.tournament", "cardrules.TournamentResult", "cardrules.bots.ISMCTSPlayer",
                     "cardrules.bots.BOTS", "cardrules.bots.heuristic", "cardrules.malilla.HeuristicPlayer"):  # fmt: skip
            assert name in names

    def test_each_game_has_its_own_page(self) -> None:
        for name in cardrules.games():
            page = (API / f"{name}.md").read_text(encoding="utf-8")
            assert f".. autopublic:: cardrules.{name}" in page
