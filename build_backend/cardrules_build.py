"""cardrules' build backend: setuptools', with the modules listed in pyproject.toml compiled by mypyc.

``CARDRULES_COMPILE`` chooses what a wheel holds: ``auto`` (the default) compiles where a C compiler
builds against this Python's headers and otherwise builds the pure-Python wheel, saying why on stderr;
``yes`` fails the build when it cannot compile; ``no`` builds the pure ``py3-none-any`` wheel.  Only a
wheel is ever compiled: an editable install and the sdist are setuptools' own, and need neither mypy nor
a compiler.  ``setup.py`` asks :func:`extensions` what to compile; the list of modules is
``[tool.cardrules] compiled`` in pyproject.toml, which ``scripts/build_compiled.py`` reads as well.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from setuptools import build_meta  # type: ignore[import-untyped,unused-ignore]
from setuptools.build_meta import (  # type: ignore[import-untyped,unused-ignore]
    build_editable,
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

# isort: split
# After setuptools, which provides distutils where Python has none (3.12 on).
from distutils import ccompiler, errors
from distutils import sysconfig as distutils_sysconfig

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

#: The environment variable that chooses, and its values.
SWITCH = "CARDRULES_COMPILE"
CHOICES = ("auto", "yes", "no")
#: What compiling adds to the wheel's build requirements: mypyc (in mypy), and the package's own
#: dependencies, whose types mypyc reads.
MYPY = "mypy>=2.4"
#: mypyc's options; ``scripts/build_compiled.py`` gives the same (a test checks it).
MYPYC_OPTIONS: dict[str, Any] = {"opt_level": "3", "group_name": "cardrules"}

ConfigSettings = dict[str, str | list[str] | None] | None

ROOT = Path(__file__).resolve().parent.parent
_compiling = False  # set by build_wheel for setup.py, which runs in the same process


def compiled_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The modules mypyc compiles, by path under ``src``: ``[tool.cardrules] compiled``."""
    with pyproject.open("rb") as file:
        return list(tomllib.load(file)["tool"]["cardrules"]["compiled"])


def setting(environ: Callable[[str, str], str] = os.environ.get) -> str:
    """The switch's value, ``auto`` when unset; a value not among :data:`CHOICES` is an error."""
    value = environ(SWITCH, "auto").strip().lower() or "auto"
    if value not in CHOICES:
        raise ValueError(f"{SWITCH}={value!r}: expected one of {', '.join(CHOICES)}")
    return value


def should_compile(choice: str, obstacle: Callable[[], str | None], *, warn: bool = True) -> bool:
    """Whether the wheel is compiled, for the switch's ``choice``.

    ``obstacle`` says why compiling cannot work here (``None`` when it can); it is asked only when
    the choice depends on it.  ``yes`` with an obstacle raises; ``auto`` falls back to pure Python,
    saying why on stderr when ``warn``.
    """
    if choice == "no":
        return False
    reason = obstacle()
    if reason is None:
        return True
    if choice == "yes":
        raise RuntimeError(f"{SWITCH}=yes, but the compiled wheel cannot be built: {reason}")
    if warn:
        print(
            f"cardrules: building the pure-Python wheel: {reason} ({SWITCH}=yes makes this an error)",
            file=sys.stderr,
        )
    return False


def compiler_missing() -> str | None:
    """Why no C extension can be built here (no compiler, no Python headers), or ``None``."""
    include = sysconfig.get_path("include")
    if not Path(include, "Python.h").is_file():
        return f"no Python.h in {include} (the Python development headers)"
    compiler = ccompiler.new_compiler()
    distutils_sysconfig.customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as work:
        probe = Path(work, "probe.c")
        probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile([str(probe)], output_dir=work, include_dirs=[include])
        except (errors.CCompilerError, errors.DistutilsError, OSError) as exc:
            return f"no C compiler that builds against Python.h ({exc})"
    return None


def build_missing() -> str | None:
    """Why the wheel cannot be compiled now: no compiler, or no mypyc (a build without isolation)."""
    missing = compiler_missing()
    if missing is None and find_spec("mypyc") is None:
        return f"mypyc is not installed (it comes with {MYPY})"
    return missing


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    """setuptools' requirements, and mypy with the package's dependencies when compiling."""
    requires: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    if should_compile(setting(), compiler_missing, warn=False):
        with (ROOT / "pyproject.toml").open("rb") as file:
            requires += [MYPY, *tomllib.load(file)["project"]["dependencies"]]
    return requires


def build_wheel(
    wheel_directory: str, config_settings: ConfigSettings = None, metadata_directory: str | None = None
) -> str:
    """setuptools' wheel, with the compiled modules when :func:`should_compile` says so."""
    global _compiling
    _compiling = should_compile(setting(), build_missing)
    if _compiling:
        print(f"cardrules: compiling with mypyc ({SWITCH}=no builds the pure-Python wheel)", file=sys.stderr)
    try:
        name: str = build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)
    finally:
        _compiling = False
    return name


def extensions() -> list[Any]:
    """The extension modules for ``setup.py``: mypyc's, while :func:`build_wheel` compiles; else none."""
    if not _compiling:
        return []
    from mypyc.build import mypycify  # only present, and only needed, when compiling

    sources = [str(Path("src", module)) for module in compiled_modules()]
    return mypycify(sources, target_dir=str(Path("build", "mypyc")), **MYPYC_OPTIONS)
