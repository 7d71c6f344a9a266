"""Where people meet positions: play and watch from a position, replay --step showing each position,
and a bot's illegal move quoting the position it was made in."""

from __future__ import annotations

import builtins
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardrules import IllegalMoveError, malilla, play
from cardrules._cli import main
from cardrules._record import play_from
from cardrules.bots import RandomPlayer

GAME = malilla.Game(target=3)
START = malilla.position(GAME, dealer=3, trump="Kd", seed=4)


def test_watch_plays_on_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "malilla", "--target", "3", "--position", START.to_notation()]) == 0
    out = capsys.readouterr().out
    assert "hand 1: seat 3 deals; K♦ is face up" in out and "final scores" in out


def test_a_bad_position_or_a_save_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["watch", "malilla", "--position", "malilla:1 dealer=9"]) == 2
    assert "malilla state notation" in capsys.readouterr().err
    assert main(["watch", "malilla", "--position", "mala_suerte:1"]) == 2
    assert "not of malilla" in capsys.readouterr().err
    text = START.to_notation()
    assert main(["watch", "malilla", "--target", "3", "--position", text, "--save", str(tmp_path / "r")]) == 2
    assert "has no record" in capsys.readouterr().err
    # The position is read in the configuration the options give: another target is another game.
    assert main(["watch", "malilla", "--target", "2", "--position", text]) == 0


def test_play_from_a_position(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", lambda _prompt="": "1")
    assert main(["play", "malilla", "--target", "3", "--seat", "0", "--position", START.to_notation()]) == 0
    out = capsys.readouterr().out
    assert "you win" in out or "you lose" in out


def test_replay_step_shows_every_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = play(GAME, [RandomPlayer(s) for s in range(4)], seed=3, max_moves=6)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record.to_dict()))
    monkeypatch.setattr(builtins, "input", lambda _prompt="": "")
    assert main(["replay", str(path), "--step"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("position: ")]
    states = list(record.replay())
    assert [line.removeprefix("position: ") for line in lines] == [s.to_notation() for s in states]
    assert main(["replay", str(path), "--step", "--as-seat", "2"]) == 0
    views = [line for line in capsys.readouterr().out.splitlines() if line.startswith("view: ")]
    assert [line.removeprefix("view: ") for line in views] == [s.view(2).to_notation() for s in states]


class _Cheat:
    """Plays the first legal card, but from the seat's own hand the card after it: a revoke sometimes."""

    def choose(self, view: Any, legal: Sequence[malilla.Move]) -> malilla.Move:
        held = [c for c in view.hand if malilla.Move(view.seat, c) not in legal]
        return malilla.Move(view.seat, held[0]) if held else legal[0]


def test_an_illegal_move_of_a_bot_quotes_the_position() -> None:
    with pytest.raises(IllegalMoveError, match=r"; the position: malilla:1 rng=\d+ ") as caught:
        play_from(START, [_Cheat()] * 4)
    text = str(caught.value).split("; the position: ")[1]
    position = GAME.from_notation(text)
    assert position.current_player is not None
    assert GAME.parse_move(position, position.legal_moves()[0].to_notation()) in position.legal_moves()
