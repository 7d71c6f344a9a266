"""The error an optional module raises when its extra is not installed."""

from __future__ import annotations

from typing import Literal

__all__ = ["Extra", "missing_extra"]

#: The optional extras of ``pyproject.toml`` that a module of the package needs.
Extra = Literal["web", "rl", "openspiel", "ratings", "ray"]


def missing_extra(what: str, needs: str, extra: Extra) -> ImportError:
    """``ImportError("cardrules.web needs Starlette, ...: pip install 'cardrules[web]'")``: what to run."""
    return ImportError(f"{what} needs {needs}: pip install 'cardrules[{extra}]'")
