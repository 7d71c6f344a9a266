"""Build the mypyc-compiled copy of cardrules' listed modules, in place beside the sources.

    python scripts/build_compiled.py [--src DIR] [--modules NAME ...] [--clean] [--list]

It compiles the modules listed in pyproject.toml's ``[tool.cardrules] compiled`` (the list the compiled
wheel is built from; ``--modules`` for a subset, by file under ``src``) into C extensions written next
to the ``.py`` files, which Python then imports instead of them: the whole package compiled in place,
for benchmarks, CI and a checkout installed with ``pip install -e .`` (which stays pure Python).
``--clean`` deletes the extensions again, so the pure-Python sources are what is imported.  It needs
mypy (which includes mypyc), setuptools and a C compiler; ``--src`` builds another copy of the sources
(a checkout's ``src`` copied elsewhere, to measure one build against the other).
"""

from __future__ import annotations

import argparse
import os
import sys
import sysconfig
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def listed_modules() -> list[str]:
    """The modules compiled, by path under ``src``: pyproject.toml's ``[tool.cardrules] compiled``."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return list(tomllib.load(file)["tool"]["cardrules"]["compiled"])


def extensions(src: Path) -> list[Path]:
    """The compiled files under ``src``: the modules' extensions and mypyc's shared library."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return sorted(p for p in src.rglob(f"*{suffix}") if p.is_file())


def clean(src: Path) -> None:
    for path in extensions(src):
        path.unlink()
        print(f"removed {path.relative_to(src)}")


def build(src: Path, modules: list[str]) -> None:
    missing = [m for m in modules if not (src / m).is_file()]
    if missing:
        raise SystemExit(f"build_compiled: no such module under {src}: {', '.join(missing)}")
    start = time.monotonic()
    try:
        from mypyc.build import mypycify
        from setuptools import setup  # type: ignore[import-untyped,unused-ignore]
    except ImportError as exc:
        raise SystemExit(f"build_compiled: {exc}; it needs mypy (pip install mypy) and setuptools") from None

    clean(src)
    work = src.parent / "build" / "mypyc"  # the C sources and objects, kept out of src
    os.chdir(src)
    # The options of the compiled wheel (build_backend/cardrules_build.py).
    ext_modules = mypycify(modules, opt_level="3", group_name="cardrules", target_dir=str(work / "c"))
    setup(
        name="cardrules-compiled",
        script_args=[
            "build_ext",
            "--inplace",
            f"--build-temp={work / 'temp'}",
            f"--build-lib={work / 'lib'}",
        ],
        ext_modules=ext_modules,
    )
    print(f"compiled {len(modules)} modules in {time.monotonic() - start:.0f} s (wall clock)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the sources to build in")
    parser.add_argument("--modules", nargs="*", help="paths under src (default: all listed)")
    parser.add_argument("--clean", action="store_true", help="remove the compiled files and stop")
    parser.add_argument("--list", action="store_true", help="list the compiled files present and stop")
    args = parser.parse_args()
    src = args.src.resolve()
    if args.list:
        for path in extensions(src):
            print(path.relative_to(src))
        return 0
    if args.clean:
        clean(src)
        return 0
    build(src, list(args.modules or listed_modules()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
