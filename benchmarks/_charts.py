"""What the benchmark scripts' charts share: matplotlib set up to write the same SVG from the same JSON."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["pyplot", "save"]


def pyplot() -> ModuleType:
    """``matplotlib.pyplot`` without a display, its SVG ids salted by a constant (no random ids, no date)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "cardrules"
    return plt


def save(fig: Any, path: Path) -> None:
    """Write ``fig`` to ``path`` (its format from the suffix) and close it."""
    fig.savefig(path, bbox_inches="tight", metadata={"Date": None})
    pyplot().close(fig)
