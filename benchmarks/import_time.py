"""What ``import cardrules`` costs in CPU time, beside what its dependencies alone cost.

    python benchmarks/import_time.py [--rounds 40]

Each round starts three fresh interpreters, interleaved so that a busy
machine weighs on all of them alike: one that imports nothing (``pass``), one
that imports the dependencies (``attrs`` and ``typing_extensions``), and one
that imports ``cardrules``.  A child's CPU time (user + system) comes from
``os.wait4``.  Prints the median of each and the difference.  A first round,
not counted, writes the bytecode caches; ``-X importtime`` tells where the
time goes.
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
}


def cpu_ms(code: str) -> float:
    """The CPU time, in milliseconds, of a fresh interpreter that runs ``code``."""
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{code!r} failed with exit status {child.returncode}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    for code in CASES.values():  # warm the file cache and the bytecode caches
        cpu_ms(code)
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.rounds):
        for name, code in CASES.items():
            times[name].append(cpu_ms(code))
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"Python {sys.version.split()[0]}, {args.rounds} rounds, median CPU time:")
    for name, value in median.items():
        print(f"  {name:17} {value:6.1f} ms")
    extra = median["import cardrules"] - median["dependencies"]
    print(f"  cardrules over its dependencies: {extra:.1f} ms")


if __name__ == "__main__":
    main()
