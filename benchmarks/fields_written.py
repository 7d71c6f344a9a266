"""How many fields of values a decision writes, by class: what native values' stores would cost.

    python benchmarks/fields_written.py [--games malilla ...] [--matches 6] [--views]

Seeded random playouts of each game's default configuration (``legal_moves()``, a uniformly
random move, ``apply``, to the end of the match: ``view_cost.py``'s playouts; with ``--views``
also ``state.view(seat)`` for the seat to act) run under
``sys.setprofile``, which sees every call of a constructor that ``fast_init`` generates
(``<fast_init State>``) or that attrs generates (``<attrs generated ...>``); each call counts
the fields of the class it builds.  A native value that refuses assignment stores each field
with ``object.__setattr__`` in the pure build, a call where ``fast_init`` makes a plain store
(docs/benchmarks.md, "Native values"): the fields a decision writes are what that call is paid
for.  The counts are exact and do not depend on the machine.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import FrameType
from typing import Any

import attrs
from view_cost import playouts

import cardrules


def written(game: cardrules.BaseGame[Any, Any], matches: int, views: bool) -> tuple[Counter[str], int]:
    """The fields written by class over ``matches`` seeded random playouts (with a view for the seat
    to act at every step, or not), and the decisions made."""
    fields: Counter[str] = Counter()

    def built(cls: type) -> None:
        fields[cls.__qualname__] += len(attrs.fields(cls))

    def watch(frame: FrameType, event: str, arg: object) -> None:
        del arg
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.startswith("<fast_init "):
            cls = frame.f_locals["_cls_"]
            # An __init__ handed a subclass leaves it to attrs' own, which is counted there.
            if code.co_name == "new" or type(frame.f_locals["self"]) is cls:
                built(cls)
        elif code.co_filename.startswith("<attrs generated") and code.co_name == "__init__":
            built(type(frame.f_locals["self"]))

    sys.setprofile(watch)
    try:
        decisions = playouts(game, views, matches)
    finally:
        sys.setprofile(None)
    return fields, decisions


def main() -> int:
    parser = argparse.ArgumentParser(description="Fields of values written a decision, by class.")
    names = sorted(cardrules.games())
    parser.add_argument("--games", nargs="*", choices=names, default=names)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--views", action="store_true", help="a view for the seat to act at every step")
    args = parser.parse_args()
    if args.matches < 1:
        parser.error(f"--matches must be at least 1; got {args.matches}")
    print("| game | fields written a decision | the classes that write most (fields a decision) |")
    print("|---|--:|---|")
    for name in args.games:
        fields, decisions = written(cardrules.games()[name](), args.matches, args.views)
        top = ", ".join(f"{cls} {count / decisions:.1f}" for cls, count in fields.most_common(3))
        print(f"| {name} | {sum(fields.values()) / decisions:.1f} | {top} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
