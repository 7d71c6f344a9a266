"""The ``cardrules`` command as a newcomer meets it, run for real in a subprocess where it matters.

Fresh seeds that are printed, paced and stepped watching, clean rules text, one line per game, the
engine's reason for a refused card, ``?`` on the cards and Hero at hand, the options a seat really
has, a seat's own secret moves told to it, replays that name the plays, ``serve`` that checks its
port first, and bad input at every flag and prompt answered without a traceback.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules import mala_e_cuia, maldicion, malilla, play
from cardrules._cli import main, rules_text, summaries
from cardrules._terminal import choose_in_terminal, explain_hand, glossary, show_record
from cardrules.bots import RandomPlayer
from cardrules.maldicion import AttackPhase, DrawnPhase, TurnPhase
from cardrules.maldicion._moves import DiscardCurse, Draw, Play

SRC = str(Path(cardrules.__file__).resolve().parent.parent)


def cli(*words: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``cardrules WORDS`` in a fresh interpreter, with ``stdin`` as its input (a pipe, not a terminal)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *words],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


def _seed(out: str) -> int:
    found = re.search(r"--seed (\d+) ", out)
    assert found is not None, out[:300]
    return int(found[1])


class TestSeeds:
    """play and watch deal afresh each time, and print the seed that deals the same match again."""

    def test_watch_deals_a_fresh_match_and_says_how_to_see_it_again(self) -> None:
        first = cli("watch", "malilla", "--target", "3")
        second = cli("watch", "malilla", "--target", "3")
        assert first.returncode == second.returncode == 0, first.stderr + second.stderr
        assert _seed(first.stdout) != _seed(second.stdout)
        again = cli("watch", "malilla", "--target", "3", "--seed", str(_seed(first.stdout)))
        assert again.stdout == first.stdout

    def test_play_prints_its_seed(self) -> None:
        done = cli("play", "malilla", "--target", "3", stdin="")
        assert done.returncode == 130 and "Traceback" not in done.stderr
        assert f"seed {_seed(done.stdout)}: you are seat 0" in done.stdout


class TestWatchPacing:
    """--step waits for Enter after each decision; --delay pauses; both stop cleanly."""

    def test_step_stops_on_q(self) -> None:
        done = cli("watch", "malilla", "--seed", "4", "--step", stdin="\n\nq\n")
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("[Enter] next decision, q then Enter stops: ") == 3
        assert "stopped; --seed 4 plays this match again" in done.stdout
        assert "final scores" not in done.stdout

    def test_step_ends_cleanly_at_the_end_of_input(self) -> None:
        done = cli("watch", "malilla", "--seed", "4", "--step", stdin="\n")
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout.endswith("stopped; --seed 4 plays this match again\n")

    def test_delay_paces_the_narration(self) -> None:
        started = time.monotonic()
        done = cli("watch", "malilla", "--seed", "4", "--target", "1", "--delay", "0.01")
        assert done.returncode == 0, done.stderr
        lines = sum(1 for line in done.stdout.splitlines() if line.startswith("  "))
        assert time.monotonic() - started >= 0.01 * (lines // 2)

    def test_ctrl_c_is_a_clean_exit(self) -> None:
        env = {**os.environ, "PYTHONPATH": SRC}
        child = subprocess.Popen(
            [sys.executable, "-m", "cardrules", "watch", "maldicion", "--delay", "5"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        child.stdout.readline()  # the match has begun
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
        assert child.returncode == 130
        assert err == "\nstopped.\n"


class TestRulesAndGames:
    """rules prints text, rules first and Python last; games one line each without template text."""

    @pytest.mark.parametrize("name", sorted(cardrules.games()))
    def test_rules_text(self, name: str, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["rules", name]) == 0
        out = capsys.readouterr().out
        assert "```" not in out and "{class}" not in out
        assert out.index("## Rulings") < out.index("## In Python")
        python = out[out.index("## In Python") :]
        assert f"    from cardrules import {name}" in python or f"    import cardrules.{name}" in python
        assert f"from cardrules import {name}" not in out[: out.index("## In Python")]

    def test_fences_become_indented_blocks_and_drawings_are_left_out(self) -> None:
        page = (
            "# Game\n\nIntro.\n\n```python\nx = 1\n```\n\n## Turn\n\n```{graphviz}\ndigraph { a -> b }\n```\n\n"
            "```text\nA B\n```\n\n```{note}\nA note.\n```\n"
        )
        assert rules_text(page) == (
            "# Game\n\nIntro.\n\n## Turn\n\n    A B\n\nA note.\n\n## In Python\n\n    x = 1\n"
        )

    def test_games_lists_one_plain_line_each(self) -> None:
        done = cli("games")
        assert done.returncode == 0
        lines = done.stdout.splitlines()
        assert len(lines) == len(cardrules.games())
        assert "players seats" not in done.stdout and "``" not in done.stdout
        assert lines[-1] == "malilla            Malilla — four-player partnership trick-taking"
        assert summaries()["maldicion"].startswith("La Maldición: Héroes de Lorthar — a shedding game")


def _answers(*given: str) -> tuple[io.StringIO, object]:
    out = io.StringIO()
    queue = list(given)

    def ask(prompt: str) -> str:
        out.write(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return out, ask


class TestThePrompt:
    """A refused card gets the engine's reason; ? explains the cards and Hero at hand."""

    def test_a_card_that_may_not_be_played_gets_the_engines_reason(self) -> None:
        state = malilla.Game().new_state(seed=7)
        state = state.apply(state.legal_moves()[0])  # seat 1 leads A♠; seat 2 holds spades
        seat = state.current_player
        assert seat == 2
        out, ask = _answers("6h", "Xx", "1")
        move = choose_in_terminal(state.legal_moves(), ask, out, state.view(seat), state=state)  # type: ignore[arg-type]
        assert move == state.legal_moves()[0]
        text = out.getvalue()
        assert "seat 2 cannot play 6♥: must follow suit: ♠ was led and the hand holds 7♠ Q♠ 6♠ 5♠" in text
        assert "'Xx' is not one of the legal moves (? lists them)" in text

    def test_question_mark_explains_the_cards_and_the_hero(self) -> None:
        game = maldicion.Game(players=2, mode="pvp")
        state = game.new_state(seed=5)
        while state.view(state.current_player).hero is None:  # type: ignore[arg-type]
            state = state.apply(state.legal_moves()[0])
        view = state.view(state.current_player)  # type: ignore[arg-type]
        lines = explain_hand(view)
        assert lines[-1].startswith(f"your Hero, {view.hero}: ")
        shield = glossary("maldicion")["Shield"]
        assert shield.startswith("It reverses the direction of the round")
        assert glossary("mala_suerte")["Crows"].startswith("Steal a card from the next person.")
        assert glossary("magyar_nepmesek")["Crystal Ball"].startswith("When played, you may look")
        out, ask = _answers("?", "1")
        choose_in_terminal(state.legal_moves(), ask, out, view)  # type: ignore[arg-type]
        assert all(line in out.getvalue() for line in lines)


def _maldicion_decisions(game: maldicion.Game) -> Iterator[tuple[maldicion.View, set[type]]]:
    """The deciding seat's view and the kinds of its legal moves at every decision of a random match."""
    state, rng = game.new_state(1), random.Random(1)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        yield state.view(seat), {type(m) for m in legal}
        state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", maldicion.Game.examples(), ids=str)
def test_maldicion_now_line_lists_only_the_seats_legal_options(game: maldicion.Game) -> None:
    checked = 0
    for view, kinds in _maldicion_decisions(game):
        phase = view.phase
        if not isinstance(phase, (TurnPhase, AttackPhase, DrawnPhase)):
            continue
        hint = view.hint()
        if isinstance(phase, TurnPhase):
            assert ("play a card" in hint) == (Play in kinds), hint
            assert ("draw" in hint) == (Draw in kinds), hint
            assert ("Curse" in hint) == (DiscardCurse in kinds), hint
            checked += 1
        elif isinstance(phase, (AttackPhase, DrawnPhase)):
            assert ("fitting attack" in hint or "may play it" in hint) == (Play in kinds), hint
    assert checked > 10


def test_mala_e_cuia_tells_a_seat_what_it_packed_and_the_others_nothing() -> None:
    state = mala_e_cuia.Game().new_state(seed=2)
    move = state.legal_moves()[0]
    after = state.apply(move)
    mover = move.seat
    item = str(move).removeprefix("pack ")
    assert after.view(mover).news(state.view(mover)) == (f"you pack {item}",)
    for seat in range(state.game.players):
        if seat != mover:
            assert after.view(seat).news(state.view(seat)) == ()


def test_replay_as_a_seat_names_the_public_plays(tmp_path: Path) -> None:
    record = play(malilla.Game(target=2), [RandomPlayer(s) for s in range(4)], seed=3)
    out = io.StringIO()
    show_record(record, 1, None, out)
    text = out.getvalue()
    assert " moves\n" not in text
    moves = [move for move in record.moves if isinstance(move, malilla.Move)]
    for move in moves[:8]:
        assert f"seat {move.seat} plays {move.card}" in text
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record.to_dict()))
    done = cli("replay", str(path), "--as-seat", "1", "--step", stdin="\n\nq\n")
    assert done.returncode == 0 and done.stderr == ""
    assert f"seat {moves[0].seat} plays {moves[0].card}" in done.stdout


class TestServe:
    """serve refuses an address it cannot listen on before it announces or creates anything."""

    def test_a_busy_port(self, tmp_path: Path) -> None:
        with socket.socket() as busy:
            busy.bind(("127.0.0.1", 0))
            busy.listen()
            port = busy.getsockname()[1]
            db = tmp_path / "tables.sqlite3"
            done = cli("serve", "--port", str(port), "--db", str(db))
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == f"cardrules: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
        assert not db.exists()

    def test_an_unknown_host(self, tmp_path: Path) -> None:
        done = cli("serve", "--host", "no-such-host.invalid", "--db", str(tmp_path / "t.sqlite3"))
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("cardrules: error: --host 'no-such-host.invalid' is not an address")


def test_tournament_help_lists_the_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "maldicion", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "maldicion options:" in out and "--mode battle_royale|pvp|guild_war" in out


BAD = [
    ("watch", "chess"),
    ("watch", "malilla", "--seed", "x"),
    ("watch", "malilla", "--seed", "9" * 5000),
    ("watch", "malilla", "--delay", "nan"),
    ("watch", "malilla", "--delay", "-1"),
    ("watch", "malilla", "--delay", "1e400"),
    ("watch", "malilla", "--bots", "nobody"),
    ("watch", "malilla", "--target"),
    ("watch", "malilla", "--taget", "3"),
    ("watch", "malilla", "target"),
    ("play", "malilla", "--seat", "-1"),
    ("play", "malilla", "--seat", "9" * 30),
    ("play", "malilla", "--opponents", "random,random"),
    ("replay", "/no/such/file.json"),
    ("replay", "/dev/null"),
    ("rules", "chess"),
    ("serve", "--port", "70000"),
    ("tournament", "malilla", "--lineup", "random", "--matches", "-3"),
    ("tournament", "malilla", "--lineup", "random", "--jobs", "0"),
    ("tournament", "malilla", "--lineup", "nobody"),
    ("nonsense",),
    (),
]


@pytest.mark.parametrize("words", BAD, ids=[" ".join(w)[:40] or "nothing" for w in BAD])
def test_bad_flags_get_an_answer_not_a_traceback(
    words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(words)) == 2  # any exception would fail the test: none escapes
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1].startswith(("cardrules: error: ", "cardrules"))


def test_a_bad_flag_through_the_real_command() -> None:
    done = cli("watch", "malilla", "--delay", "nan")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "cardrules: error: --delay must be a number of seconds from 0 to 60; got nan\n"


@pytest.mark.parametrize(
    "answers",
    ["", "\n\n\n", "99\n-1\n0\n", "zzz\n\u00b2\n" + "9" * 5000 + "\n", "?\nhelp\n"],
    ids=["eof", "empty lines", "out of range", "typos", "help"],
)
def test_bad_answers_at_the_prompt_end_cleanly(answers: str) -> None:
    done = cli("play", "maldicion", "--seed", "2", "--players", "2", "--mode", "pvp", stdin=answers)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
    assert done.stdout.rstrip().endswith("save the record to (empty: don't save):")
