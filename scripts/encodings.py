"""Write the per-game sections of docs/encodings.md from the code: each game's ``_encoding``
module docstring, its action ranges and observation segments, and the sizes of every example
configuration.

    python scripts/encodings.py          # rewrite docs/encodings.md below its marker
    python scripts/encodings.py --check  # exit 1 if the page is out of date (the tests do this)
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys
from pathlib import Path

import cardrules
from cardrules import BaseGame

PAGE = Path(__file__).resolve().parent.parent / "docs" / "encodings.md"
MARKER = "<!-- Everything below is written by scripts/encodings.py from the code; do not edit it by hand. -->"
TITLES = {
    "malilla": "Malilla",
    "mala_suerte": "Mala Suerte",
    "magyar_nepmesek": "Magyar népmesék",
    "mala_e_cuia": "Mala e Cuia",
    "maldicion": "La Maldición",
}


def _table(header: str, rows: tuple[tuple[str, int], ...]) -> list[str]:
    lines = [f"| {header} | indices | length |", "|---|---|---|"]
    at = 0
    for name, length in rows:
        span = "–" if length == 0 else str(at) if length == 1 else f"{at}–{at + length - 1}"
        lines.append(f"| {name} | {span} | {length} |")
        at += length
    lines.append(f"| **total** | | **{at}** |")
    return lines


def section(name: str) -> list[str]:
    """The docs section of one game: how its encoding works, its tables, its sizes."""
    cls = cardrules.games()[name]
    module = importlib.import_module(f"cardrules.{name}._encoding")
    game: BaseGame[object, object] = cls()  # type: ignore[type-var]
    about = inspect.cleandoc(module.__doc__ or "").split("\n", 1)[1].strip()
    lines = [f"## {TITLES[name]}", "", about, "", f"Actions of `{game}`:", ""]
    lines += _table("action", game.action_layout())
    lines += ["", f"Observation of `{game}`:", ""]
    lines += _table("segment", game.observation_layout())
    lines += [
        "",
        "Sizes of the example configurations:",
        "",
        "| configuration | `num_actions` | `observation_size` |",
    ]
    lines.append("|---|---|---|")
    for example in cls.examples():
        lines.append(f"| `{example}` | {example.num_actions} | {example.observation_size} |")
    return [*lines, ""]


def render(current: str) -> str:
    """``current`` (the page) with everything after the marker written anew."""
    head, found, _ = current.partition(MARKER)
    if not found:
        raise SystemExit(f"{PAGE}: the marker line is missing")
    body = [line for name in TITLES for line in section(name)]
    return head + MARKER + "\n\n" + "\n".join(body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the page is up to date")
    args = parser.parse_args()
    current = PAGE.read_text(encoding="utf-8")
    wanted = render(current)
    if args.check:
        if wanted != current:
            print(f"{PAGE} is out of date: run python scripts/encodings.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
