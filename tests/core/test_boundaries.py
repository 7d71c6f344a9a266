"""Front ends, adapters and bots use a game through its public package: no module outside a game's
package imports that game's private modules."""

from __future__ import annotations

import ast
from pathlib import Path

import cardrules

SRC = Path(cardrules.__file__).resolve().parent
GAMES = sorted(cardrules.games())

#: Known crossings, by module, each with the reason it still stands.
ALLOWED = {
    # The advice for a human seat explains Malilla's cards in Malilla's words; it awaits a public hook.
    "_advice.py": {"cardrules.malilla._advice", "cardrules.malilla._heuristic"},
}


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
    assert "cardrules.malilla._advice" in _imported(SRC / "_advice.py")
