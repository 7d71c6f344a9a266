"""Each game played for several moves in a real terminal: tmux runs ``cardrules play``, keys are typed, the screen is read."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)

SRC = str(Path(__file__).resolve().parents[2] / "src")


class Terminal:
    """One tmux server on its own socket (xdist-safe), 120x40, running one command."""

    def __init__(self, command: list[str]) -> None:
        self.socket = f"cardrules-{uuid.uuid4().hex[:12]}"
        env = f"PYTHONPATH={SRC} NO_COLOR=1 TERM=xterm"
        line = " ".join(command)
        self._tmux("new-session", "-d", "-x", "120", "-y", "40", f"env {env} {line}; sleep 30")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20)
        return done.stdout

    def type(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self._tmux("send-keys", "-t", "0", "-l", text)
        self._tmux("send-keys", "-t", "0", "Enter")

    def key(self, name: str) -> None:
        """Press one key, like ``C-c``."""
        self._tmux("send-keys", "-t", "0", name)

    def screen(self) -> str:
        """What the window shows now, with its scrollback."""
        return self._tmux("capture-pane", "-p", "-t", "0", "-S", "-2000")

    def wait_for(self, text: str, times: int = 1, timeout: float = 20.0) -> str:
        """The screen once ``text`` shows on it ``times`` times."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if screen.count(text) >= times:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} did not show {times} times; the screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        self._tmux("kill-server")


Start = Callable[[list[str]], Terminal]


@pytest.fixture
def terminal() -> Iterator[Start]:
    """Starts terminals running a command; each tmux server is killed at the end of the test."""
    opened: list[Terminal] = []

    def start(command: list[str]) -> Terminal:
        t = Terminal(command)
        opened.append(t)
        return t

    yield start
    for t in opened:
        t.close()


PROMPT = "your move (number or text; ? for help):"
PLAY = [sys.executable, "-m", "cardrules", "play"]


@pytest.mark.parametrize(
    ("game", "options", "shown"),
    [
        ("malilla", "--target 5", "your hand (seat 0):"),
        ("mala_suerte", "--mulligan false --seed 1", "your hand:"),
        ("magyar_nepmesek", "--variant advanced", "your hand:"),
        ("mala_e_cuia", "", "your tile"),
        ("maldicion", "--mode pvp --players 2", "your hand:"),
    ],
)
def test_several_moves_of_every_game(terminal: Start, game: str, options: str, shown: str) -> None:
    """The table, the help, a typo and three moves by number: each answered on the screen, no traceback."""
    t = terminal(
        [*PLAY, game, "--seat", "0", "--seed", "3", "--opponents", "random", options]
    )  # a later --seed wins
    screen = t.wait_for(PROMPT)
    assert f"{game}(" in screen and "you are seat 0" in screen and shown in screen and "now:" in screen
    assert screen.count(f"{game}(") == 1, "the game line is shown once"
    t.type("?")
    assert "legal move" in t.wait_for("? or help shows this")
    t.type("no such move")
    t.wait_for("is not one of the legal moves")
    t.type("999")
    t.wait_for("999 is not a number from 1 to")
    for n in range(2, 5):
        t.type("1")
        screen = t.wait_for(PROMPT, times=n + 3)  # the help's own listing ends without a prompt
    assert "Traceback" not in screen
    t.key("C-c")
    t.wait_for("save the record to")
    t.type("")
    assert "Traceback" not in t.wait_for("stopped.")


def test_magyar_nepmesek_names_cards_and_tells_the_draw(terminal: Start) -> None:
    """Cards by their rulebook names, never slugs; the seat is told which card it drew."""
    t = terminal([*PLAY, "magyar_nepmesek", "--seat", "0", "--seed", "5", "--opponents", "random"])
    screen = t.wait_for(PROMPT)
    assert "plus" not in screen and "minus" not in screen
    t.type("draw a card")
    screen = t.wait_for("you drew ")
    assert "seat 0 drew a card" in screen


def test_replay_step_ends_cleanly_on_end_of_input(terminal: Start, tmp_path: Path) -> None:
    """replay --step says how to go on; Ctrl-D ends it with no traceback."""
    record = tmp_path / "match.json"
    subprocess.run(
        [sys.executable, "-m", "cardrules", "watch", "malilla", "--target", "3", "--save", str(record)],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=60,
    )
    t = terminal([sys.executable, "-m", "cardrules", "replay", str(record), "--step", "; echo exit=$?"])
    t.wait_for("[Enter] next step")
    t.type("")
    t.wait_for("[Enter] next step", times=2)
    t.key("C-d")
    screen = t.wait_for("exit=0")
    assert "Traceback" not in screen


WATCH = [sys.executable, "-m", "cardrules", "watch"]


def test_watch_is_paced_on_a_terminal_and_stops_on_ctrl_c(terminal: Start) -> None:
    """On a terminal the narration comes at a reading pace; Ctrl-C ends it with exit status 130."""
    t = terminal([*WATCH, "malilla", "; echo exit=$?"])
    t.wait_for("plays this match again")
    time.sleep(1.0)
    assert "final scores" not in t.screen()  # hundreds of decisions, 0.4 s each
    t.key("C-c")
    screen = t.wait_for("exit=130")
    assert "stopped." in screen and "Traceback" not in screen


def test_watch_step_waits_for_enter_and_stops_on_q(terminal: Start) -> None:
    """--step shows one decision per Enter; q stops and says how to see the match again."""
    t = terminal([*WATCH, "maldicion", "--step", "; echo exit=$?"])
    t.wait_for("[Enter] next decision")
    t.type("")
    t.wait_for("[Enter] next decision", times=2)
    t.type("q")
    screen = t.wait_for("exit=0")
    assert "stopped; --seed " in screen and "Traceback" not in screen


def test_question_mark_explains_the_hand(terminal: Start) -> None:
    """? names the Hero's ability in the rulebook's words."""
    t = terminal([*PLAY, "maldicion", "--seat", "0", "--seed", "3", "--opponents", "random"])
    t.wait_for(PROMPT)
    t.type("?")
    screen = t.wait_for("? or help shows this")
    assert "your Hero, Trea: Multiple Conjuring: " in screen


def test_hint_shows_the_best_moves_with_reasons(terminal: Start) -> None:
    """``hint`` at the prompt: the expert's best moves, each with its value and reason, then the prompt again."""
    t = terminal([*PLAY, "malilla", "--seat", "0", "--seed", "3", "--opponents", "random", "--target", "5"])
    t.wait_for(PROMPT)
    t.type("hint")
    screen = t.wait_for("to win): ", timeout=120.0)  # a second of CPU on a busy machine
    assert "  hint: play " in screen and "Traceback" not in screen
    t.wait_for(PROMPT, times=2, timeout=60.0)


@pytest.mark.parametrize(
    ("game", "options", "said"),
    [
        ("malilla", "--target 5", r"\n  [2-7AKQJ][♠♥♦♣]: (?:zero|one|two|three|four|five) points?; "),
        ("magyar_nepmesek", "", r"\n  [+-]\d [^:\n]+: a (?:positive|purple negative) card, [+-]\d"),
        ("maldicion", "--mode pvp --players 2", r"\n  your Curse, \w+: discarded last, on its element\n"),
        ("mala_suerte", "--mulligan false", r"\n  (?:red|yellow|blue) [A-Z][\w ]+: [A-Z]"),
    ],
)
def test_question_mark_has_a_line_for_every_card(terminal: Start, game: str, options: str, said: str) -> None:
    """? answers with a line on each card at hand, cards without printed effects included."""
    t = terminal([*PLAY, game, "--seat", "0", "--seed", "4", "--opponents", "random", options])
    screen = t.wait_for(PROMPT)
    hand = next(line for line in screen.split("\n") if line.startswith("your hand"))
    t.type("?")
    screen = t.wait_for("? or help shows this")
    assert re.search(said, screen), screen
    explained = [line for line in screen.split("\n") if re.match(r"  \S[^:]*: ", line)]
    assert len(explained) >= 2 and "Traceback" not in screen, (hand, screen)


def test_a_stopped_match_asks_again_for_a_file_it_can_write(terminal: Start, tmp_path: Path) -> None:
    """Ctrl-C offers to save; a path that cannot be written is answered and asked again."""
    t = terminal([*PLAY, "malilla", "--seat", "0", "--seed", "3", "--opponents", "random", "; echo exit=$?"])
    t.wait_for(PROMPT)
    t.key("C-c")
    t.wait_for("save the record to")
    t.type("/nonexistent/match.json")
    t.wait_for("the folder /nonexistent does not exist")
    t.wait_for("save the record to", times=2)
    t.type(str(tmp_path / "match.json"))
    screen = t.wait_for("exit=130")
    assert f"record saved to {tmp_path / 'match.json'}" in screen and "Traceback" not in screen
    assert (tmp_path / "match.json").exists()
