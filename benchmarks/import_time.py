"""What ``import cardrules`` costs in CPU time, beside what its dependencies alone cost.

    python benchmarks/import_time.py [--rounds 40] [--python PYTHON ...]

Each round starts four fresh interpreters, interleaved so that a busy
machine weighs on all of them alike: one that imports nothing (``pass``), one
that imports the dependencies (``attrs`` and ``typing_extensions``), one
that imports ``cardrules`` and one that imports ``cardrules.malilla``.  A
child's CPU time (user + system) comes from ``os.wait4``.  Prints the median
of each and the difference.  A first round, not counted, writes the bytecode
caches; ``-X importtime`` tells where the time goes.  ``--python``, given
several times, interleaves those interpreters in every round (say, one
virtual environment with the pure wheel installed and one with the compiled
wheel) and prints each one's medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

#: The children write and use bytecode caches, as an installed package does: compiling is not importing.
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}

CASES = {
    "python alone": "pass",
    "dependencies": "import attrs, typing_extensions",
    "import cardrules": "import cardrules",
    "cardrules.malilla": "import cardrules.malilla",
}


def cpu_ms(code: str, python: str = sys.executable) -> float:
    """The CPU time, in milliseconds, of a fresh interpreter ``python`` that runs ``code``."""
    child = subprocess.Popen([python, "-c", code], stdout=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{code!r} failed with exit status {child.returncode}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--python", action="append", help="an interpreter to measure (default: this one)")
    args = parser.parse_args()
    pythons: list[str] = args.python or [sys.executable]
    for python in pythons:
        for code in CASES.values():  # warm the file cache and the bytecode caches
            cpu_ms(code, python)
    times: dict[tuple[str, str], list[float]] = {(python, name): [] for python in pythons for name in CASES}
    for _ in range(args.rounds):
        for name, code in CASES.items():
            for python in pythons:
                times[python, name].append(cpu_ms(code, python))
    print(f"Python {sys.version.split()[0]}, {args.rounds} rounds, median CPU time:")
    for python in pythons:
        median = {name: statistics.median(times[python, name]) for name in CASES}
        if len(pythons) > 1:
            print(python)
        for name, value in median.items():
            print(f"  {name:17} {value:6.1f} ms")
        extra = median["import cardrules"] - median["dependencies"]
        print(f"  cardrules over its dependencies: {extra:.1f} ms")


if __name__ == "__main__":
    main()
