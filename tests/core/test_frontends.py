"""Front-end plumbing: redacted records, terminal play, replays and the rules command."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import Record, SerializationError, malilla, play
from cardrules._cli import main
from cardrules._record import RedactedRecord
from cardrules._terminal import choose_in_terminal, play_in_terminal
from cardrules.bots import RandomPlayer, heuristic

GAME = malilla.Game(target=5)


def _record() -> Record:
    return play(GAME, [RandomPlayer(s) for s in range(4)], seed=3)


class TestRecordErrors:
    """A dict that is not a record this version can replay is refused, saying why."""

    def test_not_a_dict(self) -> None:
        with pytest.raises(SerializationError, match="record: expected a dict, got list"):
            Record.from_dict([])  # type: ignore[arg-type]

    def test_another_format(self) -> None:
        data = _record().to_dict() | {"format": 99}
        with pytest.raises(SerializationError, match="format 99 is not supported"):
            Record.from_dict(data)

    def test_an_unknown_game(self) -> None:
        data = _record().to_dict() | {"game": {"game": "whist"}}
        with pytest.raises(
            SerializationError, match="record: unknown game 'whist'; the games are magyar_nepmesek"
        ):
            Record.from_dict(data)

    def test_moves_that_do_not_replay(self) -> None:
        record = _record()
        first, second = record.moves[0].seat, record.moves[1].seat
        data = record.to_dict()
        moves = data["moves"]
        assert isinstance(moves, list)
        data["moves"] = [moves[1], moves[0], *moves[2:]]
        with pytest.raises(
            SerializationError,
            match=f"record: its moves do not replay: malilla: seat {second} tried to move .* "
            f"but it is seat {first}'s decision",
        ):
            Record.from_dict(data)


class TestRedactedRecord:
    """record.redacted(seat) keeps what the seat saw and nothing else."""

    def test_views_are_the_seats_views(self) -> None:
        record = _record()
        redacted = record.redacted(1)
        states = list(record.replay())
        assert redacted.views == tuple(s.view(1) for s in states)
        assert redacted.movers == tuple(m.seat for m in record.moves)
        assert all((m is None) == (record.moves[i].seat != 1) for i, m in enumerate(redacted.own_moves))

    def test_nothing_but_views_and_own_moves(self) -> None:
        """Views leak nothing (the conformance suite proves it with sample_state); the seed would leak all."""
        data = _record().redacted(1).to_dict()
        assert set(data) == {"kind", "format", "game", "seat", "views", "movers", "own_moves"}

    def test_round_trip_and_garbage(self) -> None:
        redacted = _record().redacted(2)
        assert RedactedRecord.from_dict(json.loads(json.dumps(redacted.to_dict()))) == redacted
        with pytest.raises(SerializationError):
            RedactedRecord.from_dict({"kind": "redacted-record"})
        bad = redacted.to_dict()
        bad["movers"] = bad["movers"][:-1]  # type: ignore[index]
        with pytest.raises(SerializationError, match="one view more"):
            RedactedRecord.from_dict(bad)


class TestTerminal:
    """The terminal front end re-asks on bad input and plays to the end."""

    def test_bad_answers_are_explained(self) -> None:
        state = GAME.new_state(1)
        answers = iter(["", "0", "banana", "1"])
        out = io.StringIO()
        move = choose_in_terminal(state.legal_moves(), lambda _: next(answers), out)
        assert move == state.legal_moves()[0]
        text = out.getvalue()
        assert (
            "type a number" in text and "0 is not a number from 1" in text and "'banana' is not one" in text
        )

    def test_moves_by_text(self) -> None:
        state = GAME.new_state(1)
        first = state.legal_moves()[-1]
        answers = iter([first.card.to_json()])
        assert choose_in_terminal(state.legal_moves(), lambda _: next(answers), io.StringIO()) == first

    def test_text_that_fits_several_moves_asks_for_the_number(self) -> None:
        state = GAME.new_state(1)
        answers = iter(["c", "2"])  # a number picks by number; "c" is in every move's JSON ("card")
        out = io.StringIO()
        assert choose_in_terminal(state.legal_moves(), lambda _: next(answers), out) == state.legal_moves()[1]
        assert "'c' fits several moves; use the number" in out.getvalue()

    def test_a_whole_match(self) -> None:
        out = io.StringIO()
        bots = [heuristic(GAME, seed=s) for s in range(3)]
        record = play_in_terminal(GAME, 2, bots, 4, lambda _: "1", out)
        assert record.outcome is not None
        text = out.getvalue()
        assert "your hand (seat 2)" in text and ("you win" in text or "you lose" in text)
        assert record.final_state.view(2).seat == 2

    def test_command_survives_bad_input_and_end_of_input(self, tmp_path: Path) -> None:
        """End of input is treated like Ctrl-C: the match stops and may be saved."""
        result = subprocess.run(
            [sys.executable, "-m", "cardrules", "play", "malilla", "--seat", "0", "--target", "5"],
            input="nonsense\n1\n",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 130
        assert "is not one of the legal moves" in result.stdout
        assert "Traceback" not in result.stderr

    def test_ctrl_c_stops_and_offers_to_save(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """One move, then Ctrl-C: the match so far is saved where the player says, and replays."""
        path = tmp_path / "stopped.json"
        answers: Iterator[str | BaseException] = iter(["1", KeyboardInterrupt(), str(path)])

        def answer(prompt: str = "") -> str:
            given = next(answers)
            if isinstance(given, BaseException):
                raise given
            return given

        monkeypatch.setattr("builtins.input", answer)
        assert main(["play", "malilla", "--seat", "1", "--target", "5", "--seed", "2"]) == 130
        assert f"record saved to {path}" in capsys.readouterr().out
        record = Record.from_dict(json.loads(path.read_text()))
        assert record.seed == 2 and sum(move.seat == 1 for move in record.moves) == 1

    def test_a_finished_match_is_saved_with_save(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "match.json"
        monkeypatch.setattr("builtins.input", lambda prompt="": "1")
        assert main(["play", "malilla", "--seat", "0", "--target", "3", "--save", str(path)]) == 0
        assert Record.from_dict(json.loads(path.read_text())).outcome is not None
        assert f"record saved to {path}" in capsys.readouterr().out

    def test_a_seat_out_of_range_is_refused(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["play", "malilla", "--seat", "4"]) == 2
        assert "--seat must be from 0 to 3; got 4" in capsys.readouterr().err


class TestReplayAndRules:
    """cardrules replay and cardrules rules."""

    def test_replay_omniscient_and_as_a_seat(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "match.json"
        path.write_text(json.dumps(_record().to_dict()))
        assert main(["replay", str(path)]) == 0
        assert "takes the trick" in capsys.readouterr().out
        assert main(["replay", str(path), "--as-seat", "3"]) == 0
        assert "your hand (seat 3)" in capsys.readouterr().out

    def test_replay_a_redacted_record(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A seat's own record shows its views and its moves, and only "seat N moves" for the others'."""
        record = _record()
        path = tmp_path / "seat1.json"
        path.write_text(json.dumps(record.redacted(1).to_dict()))
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"{GAME}, as seat 1 saw it\n")
        assert out.count("\n-- step ") == len(record.moves) + 1
        own = next(m for m in record.moves if m.seat == 1)
        other = next(m for m in record.moves if m.seat != 1)
        assert f"seat 1 moves: {own}\n" in out
        assert f"seat {other.seat} moves\n" in out and f"seat {other.seat} moves: " not in out

    def test_step_by_step_stops_on_q(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "match.json"
        path.write_text(json.dumps(_record().to_dict()))
        monkeypatch.setattr("builtins.input", lambda prompt="": "q")
        assert main(["replay", str(path), "--step"]) == 0
        out = capsys.readouterr().out
        assert out.count("\n  ") == 2 and "the match is over" not in out  # the deal, the first card
        seat1 = tmp_path / "seat1.json"
        seat1.write_text(json.dumps(_record().redacted(1).to_dict()))
        assert main(["replay", str(seat1), "--step"]) == 0
        assert capsys.readouterr().out.count("-- step ") == 1

    @pytest.mark.parametrize("content", ["not json", '{"kind": "record"}', "[1, 2]"])
    def test_bad_record_files(self, tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "bad.json"
        path.write_text(content)
        assert main(["replay", str(path)]) == 2
        assert "cardrules: error:" in capsys.readouterr().err

    def test_missing_file(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["replay", "/nonexistent/match.json"]) == 2
        assert "cannot read" in capsys.readouterr().err

    def test_rules_of_every_game(self, capsys: pytest.CaptureFixture[str]) -> None:
        from cardrules import games

        for name in games():
            assert main(["rules", name]) == 0
            assert "ruling" in capsys.readouterr().out.lower()
        assert main(["rules", "chess"]) == 2
