"""What a view costs, in moves: instructions counted by valgrind's callgrind, not seconds.

    python benchmarks/view_cost.py [--games maldicion ...] [--matches 40] [--src DIR]

For each game (default configuration), the same seeded random playouts are run four ways
under ``valgrind --tool=callgrind``: no match and ``--matches`` matches, each with and without
``state.view(seat)`` for the seat to act before every move (what a bot-driven or RL loop
builds).  Subtracting the runs with no match removes start-up; the view's cost per step over
the move's cost per step (``legal_moves()`` and ``apply``) is the table's ratio.  Instruction
counts do not depend on the machine's load, so two versions (``--src`` an older checkout's
``src``) compare exactly; the hash seed is fixed (``PYTHONHASHSEED=0`` unless set), as it moves
a count by up to 1.5%.  Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import cardrules
from cardrules import BaseGame
from cardrules._random import Rng


def playouts(game: BaseGame[Any, Any], views: bool, matches: int) -> int:
    """Seeded random playouts of ``game``, with a view for the seat to act at every step or not; the steps taken."""
    steps = 0
    for seed in range(matches):
        rng = Rng.from_seed(seed, 0)
        state = game.new_state(seed)
        while not state.is_terminal:
            if views:
                state.view(state.current_player)
            legal = state.legal_moves()
            state = state.apply(legal[rng.below(len(legal))])
            steps += 1
    return steps


def counted(name: str, views: bool, matches: int, src: Path | None) -> tuple[int, int]:
    """Instructions and steps of :func:`playouts` run under callgrind in a fresh interpreter."""
    return callgrind(__file__, [name, str(int(views)), str(matches)], src)


def callgrind(script: str, arguments: list[str], src: Path | None) -> tuple[int, int]:
    """Instructions of ``script --run ARGUMENTS`` run under callgrind, and the last number it prints."""
    env = dict(os.environ)
    env.setdefault("PYTHONHASHSEED", "0")
    if src is not None:
        env["PYTHONPATH"] = str(src)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            script,
            "--run",
            *arguments,
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise RuntimeError(f"callgrind printed no count:\n{done.stderr}")
        return int(found.group(1)), int(done.stdout.split()[-1])


def main() -> int:
    if sys.argv[1:2] == ["--run"]:  # inside callgrind
        print(playouts(cardrules.games()[sys.argv[2]](), sys.argv[3] == "1", int(sys.argv[4])))
        return 0
    parser = argparse.ArgumentParser(description="What a view costs, in moves (callgrind).")
    names = sorted(cardrules.games())
    parser.add_argument("--games", nargs="*", choices=names, default=names)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--src", type=Path, help="run this checkout's src instead of the installed one")
    args = parser.parse_args()
    if args.matches < 1:
        parser.error(f"--matches must be at least 1; got {args.matches}")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    print("| game | instructions a move | instructions a view | a view, in moves |")
    print("|---|---:|---:|---:|")
    for name in args.games:
        start, _ = counted(name, False, 0, args.src)
        moves, steps = counted(name, False, args.matches, args.src)
        start_views, _ = counted(name, True, 0, args.src)
        both, _ = counted(name, True, args.matches, args.src)
        move = (moves - start) / steps
        view = (both - start_views) / steps - move
        print(f"| {name} | {move:,.0f} | {view:,.0f} | {view / move:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
