"""examples/maskable_ppo.py: MaskablePPO trains through gymnasium.make with no wrapper of the user's."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "maskable_ppo.py"


def test_maskable_ppo_trains_and_plays() -> None:
    if importlib.util.find_spec("sb3_contrib") is None:
        pytest.skip(
            "SKIPPED LOUDLY: sb3-contrib (and torch) are not installed, so MaskablePPO's example is not run: "
            "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu, then 'cardrules[learn]'"
        )
    env = {**os.environ, "CARDRULES_SMALL": "1"}
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, env=env, timeout=900
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the trained policy" in done.stdout and "against the heuristic bot" in done.stdout
