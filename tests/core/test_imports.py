"""What ``import cardrules`` costs, and what an optional module says when its extra is missing.

Each case runs in a fresh interpreter: a module imported by an earlier test of this process would
hide a module that ``import cardrules`` pulls in, and a missing extra is simulated there by a
``None`` in ``sys.modules`` (which makes ``import name`` raise ``ImportError``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules

SRC = str(Path(cardrules.__file__).resolve().parent.parent)

#: Machinery only a tournament or a server needs.
HEAVY = ("multiprocessing", "concurrent.futures", "subprocess", "socket", "asyncio", "selectors", "ssl")


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter with this checkout's package first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def test_import_pulls_in_no_process_or_network_machinery() -> None:
    code = f"""
import sys
import cardrules
from cardrules import malilla
state = malilla.Game(target=5).new_state(seed=1).apply(malilla.Game(target=5).new_state(seed=1).legal_moves()[0])
print(",".join(name for name in {HEAVY!r} if name in sys.modules))
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_tournament_names_load_on_first_use() -> None:
    code = """
import sys
import cardrules
assert "cardrules._tournament" not in sys.modules
from cardrules import TournamentResult, tournament
assert "cardrules._tournament" in sys.modules
assert cardrules.BotError.__module__ == "cardrules", cardrules.BotError.__module__
assert TournamentResult.__module__ == "cardrules"
assert {"tournament", "BotStanding"} <= set(dir(cardrules))
try:
    cardrules.no_such_name
except AttributeError as error:
    print(error)
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "module 'cardrules' has no attribute 'no_such_name'"


MISSING = [
    ("starlette", "import cardrules.web", "web"),
    ("uvicorn", "import cardrules.web", "web"),
    ("websockets", "import cardrules.web", "web"),
    ("pettingzoo", "import cardrules.pettingzoo", "rl"),
    ("gymnasium", "import cardrules.pettingzoo", "rl"),
    ("numpy", "import cardrules.pettingzoo", "rl"),
    ("pyspiel", "import cardrules.openspiel", "openspiel"),
    ("numpy", "import cardrules.openspiel", "openspiel"),
    (
        "ray",
        "import cardrules\n"
        "cardrules.tournament(cardrules.game('malilla', target=1), 'random', 1, backend='ray', progress=False)",
        "ray",
    ),
    (
        "ray",
        "import cardrules\nfrom cardrules.bots import RandomPlayer\n"
        "cardrules.tournament(cardrules.game('malilla', target=1), [lambda game, seed: RandomPlayer(seed)], 1,"
        " backend='ray', progress=False)",
        "ray",
    ),
]


@pytest.mark.parametrize(("module", "code", "extra"), MISSING, ids=[f"{m}-{e}" for m, _, e in MISSING])
def test_a_missing_extra_names_the_install_line(module: str, code: str, extra: str) -> None:
    done = run_python(f"import sys\nsys.modules[{module!r}] = None\n{code}")
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.endswith(f": pip install 'cardrules[{extra}]'"), done.stderr
    assert last.startswith(("ImportError: cardrules.", "cardrules.ConfigError: backend='ray'")), last


def test_without_openskill_the_table_says_how_to_get_ratings() -> None:
    code = """
import sys
sys.modules["openskill"] = None
import cardrules
result = cardrules.tournament(cardrules.game("malilla", target=1), "random", 2, progress=False)
assert result.ratings is None
print(result.table().splitlines()[-1])
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ratings need the ratings extra: pip install 'cardrules[ratings]'"


def test_serve_without_the_web_extra_is_one_line() -> None:
    done = run_python(
        "import sys\nsys.modules['starlette'] = None\nfrom cardrules._cli import main\n"
        "sys.exit(main(['serve', '--port', '0']))"
    )
    assert done.returncode == 2
    assert done.stderr == (
        "cardrules: error: cardrules.web needs Starlette, uvicorn and websockets: pip install 'cardrules[web]'\n"
    )
