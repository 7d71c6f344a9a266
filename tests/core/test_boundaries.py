"""Front ends, adapters and bots use a game through its public package: no module outside a game's
package imports that game's private modules."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import cardrules

SRC = Path(cardrules.__file__).resolve().parent
GAMES = sorted(cardrules.games())

#: Known crossings, by module, each with the reason it still stands (none: the core reaches a game's
#: own words through the game's hooks, ``endgame_reasons`` and ``rulebook``).
ALLOWED: dict[str, set[str]] = {}


def _imported(path: Path) -> set[str]:
    """The absolute names of the modules ``path`` imports from."""
    package = ["cardrules", *path.relative_to(SRC).parent.parts]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            names.add(".".join([*base, *(node.module or "").split(".")]).strip("."))
            names.update(
                ".".join([*base, *(node.module or "").split("."), alias.name]).strip(".")
                for alias in node.names
            )
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_module_reaches_into_another_packages_game_internals() -> None:
    crossings: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC)
        own = where.parts[0] if len(where.parts) > 1 else None
        crossed = {
            ".".join(parts[:3])
            for parts in (name.split(".") for name in _imported(path))
            if len(parts) >= 3 and parts[0] == "cardrules" and parts[1] in GAMES and parts[1] != own
        }
        crossings += [
            f"{where} imports {name}"
            for name in sorted(crossed)
            if name.rpartition(".")[2].startswith("_") and name not in ALLOWED.get(str(where), set())
        ]
    assert not crossings, "import the game's public names instead: " + "; ".join(crossings)


def test_the_check_sees_relative_imports() -> None:
    """The openspiel adapter's imports resolve to absolute names, so a private one would be caught."""
    assert "cardrules.mala_e_cuia" in _imported(SRC / "openspiel.py")
    assert "cardrules.malilla._advice" in _imported(SRC / "malilla" / "_game.py")


# Layered imports (issue 36): inside a game, imports flow one way and sit at the top of each module.


def _misplaced_imports(source: str) -> list[int]:
    """Lines of imports not at a module's top level (a module-level ``if TYPE_CHECKING:`` block counts
    as top level): an import in a function or a class dodges a cycle instead of removing it."""
    tree = ast.parse(source)
    allowed: set[ast.AST] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            allowed.add(node)
        elif isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            allowed.update(n for n in node.body if isinstance(n, (ast.Import, ast.ImportFrom)))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and node not in allowed
    )


def _late_imports(source: str) -> list[int]:
    """Lines whose comment silences E402, the mark of an import put at the bottom to dodge a cycle."""
    return [
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT and re.search(r"noqa\b.*\bE402\b", token.string)
    ]


def _injected_attributes(source: str) -> list[int]:
    """Lines that set an attribute of a name imported from another module (``Game.state_type = State``):
    a class says what it holds in its own body."""
    tree = ast.parse(source)
    imported = {
        alias.asname or alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    lines: list[int] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            targets = [ast.Attribute(value=node.args[0], attr="?")] if node.args else []
        for target in targets:
            base = target
            while isinstance(base, ast.Attribute):
                base = base.value
            if base is not target and isinstance(base, ast.Name) and base.id in imported:
                lines.append(base.lineno)
    return lines


def test_game_modules_import_only_at_their_top() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}"
        for game in GAMES
        for path in sorted((SRC / game).rglob("*.py"))
        for line in _misplaced_imports(path.read_text(encoding="utf-8"))
    ]
    assert not found, "import at the top of the module (or under TYPE_CHECKING): " + ", ".join(found)


def test_no_bottom_of_module_imports() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}"
        for path in sorted(SRC.rglob("*.py"))
        for line in _late_imports(path.read_text(encoding="utf-8"))
    ]
    assert not found, "an import silenced with noqa: E402: " + ", ".join(found)


def test_no_package_sets_attributes_of_imported_classes() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}"
        for path in sorted(SRC.rglob("__init__.py"))
        for line in _injected_attributes(path.read_text(encoding="utf-8"))
    ]
    assert not found, "an attribute set from another module: " + ", ".join(found)


def test_the_layering_checks_catch_each_violation() -> None:
    """Each check finds the knot it is for, and passes the accepted forms beside it."""
    assert _misplaced_imports(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ._game import Game\n"
        "def f() -> None:\n"
        "    from ._state import first_state\n"
        "class C:\n"
        "    import os\n"
        "if True:\n"
        "    import sys\n"
    ) == [5, 7, 9]
    assert _late_imports("x = 1\nfrom ._view import View  # noqa: E402\ny = '# noqa: E402'\n") == [2]
    assert _injected_attributes(
        "from ._game import Game\n"
        "from ._state import State\n"
        "import cardrules.malilla as m\n"
        "Game.state_type = State\n"
        "m.Game.x: int = 1\n"
        "setattr(Game, 'view_type', State)\n"
        "__all__ = ['Game']\n"
        "local = object()\n"
    ) == [4, 5, 6]
