"""What an immutable value costs to build, interpreted and compiled by mypyc: the evidence for issue 35's design.

    python benchmarks/native_values.py [--fields 13] [--builds 200000] [--rounds 3]

A state is built once a move, so what one costs to build, and whether assigning to its fields
raises, decide how the compiled core's values are written.  This script writes one module of
value classes with ``--fields`` fields (a Malilla state has 13), imports it interpreted, compiles a
copy with mypyc (when mypy and a C compiler are present) and imports that, and for each way of
writing a value prints the CPU time to build one (median of ``--rounds``, interleaved) and what
happens on ``value.f0 = 1`` and ``object.__setattr__(value, "f0", 1)``:

- ``plain``: a slotted class, ``self.f = f``: the floor, but mutable.
- ``attrs``: ``@attrs.frozen`` (slotted): each field stored by ``object.__setattr__``.
- ``fast_init``: attrs frozen with ``cardrules._fast.fast_init``, what the games' hot values use
  today: the value is built as a writable twin class and given its own class back (the trick
  issue 35 takes out).
- ``final``: ``Final`` fields set with ``self.f = f`` under a ``Generic`` base, with a write-once
  ``__setattr__`` installed on the base only when interpreted: the one-source pattern that keeps a
  value immutable in both builds (compiled, ``Final`` fields are read-only slots).
- ``setattr``: a base whose ``__setattr__`` raises and an ``__init__`` storing each field with
  ``object.__setattr__``, as attrs does: immutable in both builds, and mypyc compiles each
  ``object.__setattr__`` to a plain store, but only with no ``Generic`` base: mypyc refuses a
  ``__setattr__`` in a class with one ("inherits from a non-native class"), and the game bases
  (``BaseState[GameT, MoveT, ViewT]``…) are generic.

docs/benchmarks.md gives the figures and what they mean for the design.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

SOURCE = '''\
from __future__ import annotations

import types
from typing import Any, Final, Generic, TypeVar

import attrs

from cardrules._fast import fast_init

T = TypeVar("T")


class Plain:
    __slots__ = ({names})

    def __init__(self, {params}) -> None:
{plain}


@attrs.frozen
class Attrs:
{annotations}


@fast_init
@attrs.frozen
class Fast:
{annotations}


class Value:
    """The base of ``Final``: immutable when compiled (``Final``) and when interpreted (write-once)."""


def _write_once(self: Any, name: str, value: object) -> None:
    fields = self.__dict__
    if name in fields:
        raise AttributeError(f"{{type(self).__name__}}.{{name}} cannot be assigned")
    fields[name] = value


if isinstance(_write_once, types.FunctionType):  # interpreted: a compiled function is no FunctionType
    setattr(Value, "__setattr__", _write_once)


class Base(Value, Generic[T]):
    pass


class Final_(Base[int]):
    def __init__(self, {params}) -> None:
{final}


class Refusing:
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{{type(self).__name__}}.{{name}} cannot be assigned")


class Setattr(Refusing):
{annotations}

    def __init__(self, {params}) -> None:
{setattr}
'''


def module_source(fields: int) -> str:
    names = [f"f{i}" for i in range(fields)]
    return SOURCE.format(
        names=", ".join(f'"{n}"' for n in names) + ",",
        params=", ".join(f"{n}: int" for n in names),
        plain="\n".join(f"        self.{n} = {n}" for n in names),
        annotations="\n".join(f"    {n}: int" for n in names),
        final="\n".join(f"        self.{n}: Final = {n}" for n in names),
        setattr="\n".join(f'        object.__setattr__(self, "{n}", {n})' for n in names),
    )


def load(path: Path, name: str) -> ModuleType:
    """Import the module at ``path`` (a ``.py`` or a compiled extension) under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def compile_copy(source: str, work: Path) -> Path | None:
    """The mypyc-compiled extension of ``source``, or ``None`` (with the reason) when it cannot be built."""
    (work / "values_native.py").write_text(source)
    setup = (
        "from setuptools import setup\nfrom mypyc.build import mypycify\n"
        "setup(name='values_native', ext_modules=mypycify(['values_native.py'], opt_level='3'))\n"
    )
    (work / "setup.py").write_text(setup)
    run = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    built = [p for p in work.glob("values_native*") if p.suffix in {".so", ".pyd"}]
    if run.returncode != 0 or not built:
        print(f"not compiled (mypy, setuptools and a C compiler are needed): {run.stderr.strip()[-300:]}")
        return None
    (work / "values_native.py").unlink()  # so the extension, not the source, is what is imported
    return built[0]


def behaviour(cls: type, args: tuple[int, ...]) -> str:
    """What building one value and then assigning to its field does."""
    try:
        value = cls(*args)
    except Exception as exc:  # whatever building it raises is what is reported
        return f"cannot be built: {type(exc).__name__}"
    said = []
    assignments: tuple[tuple[str, Callable[[], None]], ...] = (
        ("v.f0 = 1", lambda: setattr(value, "f0", 1)),
        ("object.__setattr__", lambda: object.__setattr__(value, "f0", 1)),
    )
    for how, assign in assignments:
        try:
            assign()
            said.append(f"{how} assigns")
        except (AttributeError, TypeError):
            said.append(f"{how} raises")
    return "; ".join(said)


def build_time(cls: type, args: tuple[int, ...], builds: int) -> float:
    """CPU nanoseconds to build one value."""
    start = time.process_time()
    for _ in range(builds):
        cls(*args)
    return (time.process_time() - start) / builds * 1e9


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--fields", type=int, default=13, help="fields of each value (a Malilla state has 13)"
    )
    parser.add_argument("--builds", type=int, default=200_000, help="values built per timing")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (the median is reported)")
    args = parser.parse_args()
    if args.fields < 1 or args.builds < 1 or args.rounds < 1:
        parser.error("--fields, --builds and --rounds must be positive")
    source = module_source(args.fields)
    values = tuple(range(args.fields))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pure").mkdir()
        (work / "pure" / "values_pure.py").write_text(source)
        builds: dict[str, ModuleType] = {"interpreted": load(work / "pure" / "values_pure.py", "values_pure")}
        (work / "native").mkdir()
        compiled = compile_copy(source, work / "native")
        if compiled is not None:
            builds["compiled"] = load(compiled, "values_native")
        kinds = {
            "plain": "Plain",
            "attrs": "Attrs",
            "fast_init": "Fast",
            "final": "Final_",
            "setattr": "Setattr",
        }
        timings: dict[tuple[str, str], list[float]] = {}
        runnable: dict[tuple[str, str], type] = {}
        for build, module in builds.items():
            for kind, name in kinds.items():
                cls = getattr(module, name)
                if not behaviour(cls, values).startswith("cannot"):
                    runnable[(build, kind)] = cls
                timings[(build, kind)] = []
        for _ in range(args.rounds):
            for key, cls in runnable.items():
                timings[key].append(build_time(cls, values, args.builds))
        print(f"{args.fields} fields, {args.builds:,} values a timing, {args.rounds} rounds, CPU time\n")
        print("| build | value | ns to build one | assigning a field |")
        print("|---|---|--:|---|")
        for build, module in builds.items():
            for kind, name in kinds.items():
                said = behaviour(getattr(module, name), values)
                cost = f"{statistics.median(timings[(build, kind)]):,.0f}" if timings[(build, kind)] else "-"
                print(f"| {build} | {kind} | {cost} | {said} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
