"""The in-tree build backend (build_backend/cardrules_build.py): what CARDRULES_COMPILE decides."""

from __future__ import annotations

import ast
import importlib.util
import sysconfig
from collections.abc import Callable
from pathlib import Path

import cardrules_build
import pytest
from setuptools import build_meta  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parents[2]


def reason(text: str | None) -> Callable[[], str | None]:
    """An obstacle check that answers ``text`` (``None``: nothing stands in the way)."""
    return lambda: text


def unasked() -> str | None:
    raise AssertionError("the obstacle was asked, though the choice did not depend on it")


class TestSetting:
    """The switch's value: auto when unset or empty, case and spaces ignored, anything else refused."""

    @pytest.mark.parametrize(
        ("environ", "expected"),
        [({}, "auto"), ({"CARDRULES_COMPILE": ""}, "auto"), ({"CARDRULES_COMPILE": " Yes "}, "yes")]
        + [({"CARDRULES_COMPILE": choice}, choice) for choice in ("auto", "yes", "no")],
    )
    def test_values(self, environ: dict[str, str], expected: str) -> None:
        assert cardrules_build.setting(environ.get) == expected

    @pytest.mark.parametrize("value", ["1", "true", "maybe", "compiled"])
    def test_a_bad_value_is_named(self, value: str) -> None:
        with pytest.raises(ValueError, match=f"CARDRULES_COMPILE='{value}': expected one of auto, yes, no"):
            cardrules_build.setting({"CARDRULES_COMPILE": value}.get)

    def test_read_from_the_environment(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("CARDRULES_COMPILE", "no")
        assert cardrules_build.setting() == "no"
        monkeypatch.delenv("CARDRULES_COMPILE")
        assert cardrules_build.setting() == "auto"


class TestShouldCompile:
    """auto compiles where it can and says why not on stderr; yes fails without it; no never compiles."""

    def test_auto_with_a_compiler_compiles(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert cardrules_build.should_compile("auto", reason(None))
        assert capsys.readouterr().err == ""

    def test_auto_without_a_compiler_builds_pure_and_says_why(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert not cardrules_build.should_compile("auto", reason("no C compiler (gcc not found)"))
        err = capsys.readouterr().err
        assert "building the pure-Python wheel: no C compiler (gcc not found)" in err
        assert "CARDRULES_COMPILE=yes makes this an error" in err

    def test_auto_without_a_compiler_quietly(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert not cardrules_build.should_compile("auto", reason("no C compiler"), warn=False)
        assert capsys.readouterr().err == ""

    def test_yes_with_a_compiler_compiles(self) -> None:
        assert cardrules_build.should_compile("yes", reason(None))

    def test_yes_without_a_compiler_fails_loudly(self) -> None:
        with pytest.raises(
            RuntimeError, match=r"CARDRULES_COMPILE=yes, but .* cannot be built: no Python\.h"
        ):
            cardrules_build.should_compile("yes", reason("no Python.h"))

    def test_no_never_compiles_nor_looks(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert not cardrules_build.should_compile("no", unasked)
        assert capsys.readouterr().err == ""


class TestObstacles:
    """What stands in the way of compiling, found by trying: headers, a compiler, mypyc."""

    def test_missing_headers(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(sysconfig, "get_path", lambda name: str(tmp_path))
        assert (
            cardrules_build.compiler_missing()
            == f"no Python.h in {tmp_path} (the Python development headers)"
        )

    @pytest.mark.skipif(sysconfig.get_platform().startswith("win"), reason="CC chooses the compiler on POSIX")
    def test_missing_compiler(self, monkeypatch: pytest.MonkeyPatch) -> None:
        if not Path(sysconfig.get_path("include"), "Python.h").is_file():
            pytest.skip("this Python has no headers: the compiler is never tried")
        monkeypatch.setenv("CC", "/nonexistent/cc")
        missing = cardrules_build.compiler_missing()
        assert missing is not None and missing.startswith("no C compiler that builds against Python.h")

    def test_missing_mypyc(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(cardrules_build, "compiler_missing", reason(None))
        monkeypatch.setattr(cardrules_build, "find_spec", lambda name: None)
        assert cardrules_build.build_missing() == "mypyc is not installed (it comes with mypy>=2.4)"

    def test_the_compiler_is_named_first(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(cardrules_build, "compiler_missing", reason("no C compiler"))
        monkeypatch.setattr(cardrules_build, "find_spec", lambda name: None)
        assert cardrules_build.build_missing() == "no C compiler"


class TestHooks:
    """Only a wheel is compiled: mypy is a build requirement of a compiled wheel and of nothing else."""

    @pytest.fixture(autouse=True)
    def setuptools_requires(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(build_meta, "get_requires_for_build_wheel", lambda settings: ["wheel"])

    def test_a_compiled_wheel_needs_mypy_and_the_dependencies(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("CARDRULES_COMPILE", "auto")
        monkeypatch.setattr(cardrules_build, "compiler_missing", reason(None))
        assert cardrules_build.get_requires_for_build_wheel() == [
            "wheel",
            "mypy>=2.4",
            "attrs>=23.2",
            "typing-extensions>=4.6",
        ]

    @pytest.mark.parametrize(("choice", "obstacle"), [("no", None), ("auto", "no C compiler")])
    def test_a_pure_wheel_needs_setuptools_alone(
        self, choice: str, obstacle: str | None, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("CARDRULES_COMPILE", choice)
        monkeypatch.setattr(cardrules_build, "compiler_missing", reason(obstacle))
        assert cardrules_build.get_requires_for_build_wheel() == ["wheel"]

    def test_a_bad_value_stops_the_build(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("CARDRULES_COMPILE", "sometimes")
        with pytest.raises(ValueError, match="CARDRULES_COMPILE='sometimes'"):
            cardrules_build.get_requires_for_build_wheel()

    def test_editable_installs_and_sdists_are_setuptools_own(self) -> None:
        for hook in (
            "get_requires_for_build_editable",
            "build_editable",
            "prepare_metadata_for_build_editable",
            "get_requires_for_build_sdist",
            "build_sdist",
        ):
            assert getattr(cardrules_build, hook) is getattr(build_meta, hook), hook

    @pytest.mark.parametrize(("choice", "compiled"), [("yes", True), ("no", False)])
    def test_setup_py_compiles_only_inside_build_wheel(
        self, choice: str, compiled: bool, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        seen: list[bool] = []

        def setuptools_build_wheel(directory: str, settings: object, metadata: object) -> str:
            seen.append(cardrules_build._compiling)
            return "cardrules.whl"

        monkeypatch.setenv("CARDRULES_COMPILE", choice)
        monkeypatch.setattr(cardrules_build, "build_missing", reason(None))
        monkeypatch.setattr(build_meta, "build_wheel", setuptools_build_wheel)
        assert cardrules_build.extensions() == []
        assert cardrules_build.build_wheel("dist") == "cardrules.whl"
        assert seen == [compiled]
        assert cardrules_build.extensions() == []  # and no longer once the wheel is built

    def test_yes_fails_before_building(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("CARDRULES_COMPILE", "yes")
        monkeypatch.setattr(cardrules_build, "build_missing", reason("mypyc is not installed"))
        monkeypatch.setattr(build_meta, "build_wheel", unasked)
        with pytest.raises(RuntimeError, match="mypyc is not installed"):
            cardrules_build.build_wheel("dist")


class TestModuleList:
    """One list of compiled modules, in pyproject.toml, for the wheel and for scripts/build_compiled.py."""

    def test_every_listed_module_exists(self) -> None:
        modules = cardrules_build.compiled_modules()
        assert modules and len(set(modules)) == len(modules)
        for module in modules:
            assert (ROOT / "src" / module).is_file(), module

    def test_the_script_reads_the_same_list(self) -> None:
        spec = importlib.util.spec_from_file_location(
            "build_compiled", ROOT / "scripts" / "build_compiled.py"
        )
        assert spec is not None and spec.loader is not None
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
        assert script.listed_modules() == cardrules_build.compiled_modules()

    def test_the_script_compiles_with_the_same_options(self) -> None:
        tree = ast.parse((ROOT / "scripts" / "build_compiled.py").read_text())
        (call,) = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "mypycify"
        ]
        options = {
            keyword.arg: keyword.value.value
            for keyword in call.keywords
            if keyword.arg in cardrules_build.MYPYC_OPTIONS and isinstance(keyword.value, ast.Constant)
        }
        assert options == cardrules_build.MYPYC_OPTIONS
