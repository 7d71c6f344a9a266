"""What a move costs in each example configuration: instructions counted by callgrind, not seconds.

    python benchmarks/move_cost.py [--games magyar_nepmesek ...] [--matches 12] [--src DIR ...]

For every example configuration of each game (``Game.examples()``), ``--matches`` seeded random
playouts (``legal_moves()``, a uniformly random move, ``apply``, to the end of the match) run
under ``valgrind --tool=callgrind``, and once with no match, which is subtracted as start-up;
the table gives instructions per decision.  Each ``--src`` (a checkout's ``src``; the installed
package when none is given) is a column and the last one is compared with the first, so that
two versions, say before and after a change, compare exactly on the same matches.  The hash
seed is fixed, as in ``view_cost.py``.  Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from view_cost import callgrind, playouts

import cardrules
from cardrules import BaseGame


def per_decision(name: str, example: int, matches: int, src: Path | None) -> float:
    """Instructions per decision of seeded random playouts of an example configuration, start-up subtracted."""
    start, _ = callgrind(__file__, [name, str(example), "0"], src)
    total, steps = callgrind(__file__, [name, str(example), str(matches)], src)
    return (total - start) / steps


def label(game: BaseGame[Any, Any]) -> str:
    """``game`` by the options it sets away from the defaults (a deck by its name)."""
    defaults = type(game)().options()
    changed = []
    for key, value in game.options().items():
        if value != defaults.get(key):
            shown = value.get("name", "...") if isinstance(value, dict) else value
            changed.append(f"{key}={shown!r}")
    return f"{game.name}({', '.join(changed)})"


def main() -> int:
    if sys.argv[1:2] == ["--run"]:  # inside callgrind
        print(playouts(cardrules.games()[sys.argv[2]].examples()[int(sys.argv[3])], False, int(sys.argv[4])))
        return 0
    parser = argparse.ArgumentParser(
        description="Instructions per decision, by example configuration (callgrind)."
    )
    names = sorted(cardrules.games())
    parser.add_argument("--games", nargs="*", choices=names, default=names)
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--src", type=Path, nargs="*", default=[], help="checkouts' src to compare, in order")
    args = parser.parse_args()
    if args.matches < 1:
        parser.error(f"--matches must be at least 1; got {args.matches}")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    sources: list[Path | None] = list(args.src) or [None]
    heads = [str(s) if s is not None else "installed" for s in sources]
    compare = len(sources) > 1
    print("| configuration | " + " | ".join(heads) + (" | last's speed vs first |" if compare else " |"))
    print("|---|" + "---:|" * (len(sources) + compare))
    for name in args.games:
        for example, game in enumerate(cardrules.games()[name].examples()):
            costs = [per_decision(name, example, args.matches, src) for src in sources]
            cells = [f"{c:,.0f}" for c in costs] + ([f"{costs[0] / costs[-1]:.2f}x"] if compare else [])
            print(f"| `{label(game)}` | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
