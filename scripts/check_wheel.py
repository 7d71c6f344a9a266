"""Check a compiled cardrules wheel (CI), and that an installed cardrules runs compiled.

    python scripts/check_wheel.py WHEEL       # platform-tagged, an extension for every listed module
    python scripts/check_wheel.py --installed # the listed modules import as extensions, installed

The modules are those listed in pyproject.toml's ``[tool.cardrules] compiled``.  ``--installed`` is run
by the installed package's Python from a directory without ``src``, so that what it imports is the
installed package: each listed module must come from an extension in that Python's ``site-packages``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXT_SUFFIX: str = sysconfig.get_config_var("EXT_SUFFIX")


def listed_modules() -> list[str]:
    """The compiled modules, by path under ``src``: pyproject.toml's ``[tool.cardrules] compiled``."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return list(tomllib.load(file)["tool"]["cardrules"]["compiled"])


def wheel_problems(wheel: Path, modules: list[str]) -> list[str]:
    """What is wrong with ``wheel`` as this Python's compiled wheel (nothing: an empty list)."""
    problems = []
    python, abi, platform = wheel.name.removesuffix(".whl").split("-")[-3:]
    expected = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    if platform == "any" or abi == "none":
        problems.append(f"{wheel.name} is a pure-Python wheel")
    elif platform != expected or python != f"cp{sys.version_info[0]}{sys.version_info[1]}":
        problems.append(f"{wheel.name} is not tagged for this Python ({python}, {platform} for {expected})")
    with zipfile.ZipFile(wheel) as archive:
        members = set(archive.namelist())
    for member in [module.removesuffix(".py") + EXT_SUFFIX for module in modules] + [
        "cardrules__mypyc" + EXT_SUFFIX
    ]:
        if member not in members:
            problems.append(f"{wheel.name} lacks {member}")
    return problems


def installed_problems(modules: list[str]) -> list[str]:
    """Which listed modules this Python does not import as installed extensions."""
    site = Path(sysconfig.get_path("platlib")).resolve()
    problems = []
    for path in modules:
        stem = path.removesuffix(".py")
        module = importlib.import_module(stem.replace("/", "."))
        origin = Path(module.__file__ or "").resolve()
        if origin != site / (stem + EXT_SUFFIX):
            problems.append(f"{module.__name__} comes from {origin}, not an extension in {site}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("wheel", type=Path, nargs="?", help="the wheel to check")
    parser.add_argument("--installed", action="store_true", help="check the installed package instead")
    args = parser.parse_args()
    if args.installed == (args.wheel is not None):
        parser.error("give a wheel, or --installed")
    modules = listed_modules()
    problems = installed_problems(modules) if args.installed else wheel_problems(args.wheel, modules)
    for problem in problems:
        print(f"check_wheel: {problem}", file=sys.stderr)
    if not problems:
        print(
            f"check_wheel: {len(modules)} modules compiled ({args.wheel.name if args.wheel else 'installed'})"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
