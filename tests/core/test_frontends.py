"""Front-end plumbing: redacted records, terminal play, replays and the rules command."""

from __future__ import annotations

import importlib.machinery
import importlib.util
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

    def test_nothing_but_views_own_moves_and_public_lines(self) -> None:
        """Views and the public lines leak nothing (the conformance suite proves it with sample_state);
        the seed would leak all."""
        record = _record()
        redacted = record.redacted(1)
        data = redacted.to_dict()
        assert set(data) == {"kind", "format", "game", "seat", "views", "movers", "own_moves", "public"}
        states = list(record.replay())
        assert redacted.public == tuple(
            states[i].describe(move, states[i + 1]) for i, move in enumerate(record.moves)
        )

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

    @pytest.mark.parametrize("answer", ["\u00b2", "9" * 5000])
    def test_numbers_int_would_refuse_are_explained(self, answer: str) -> None:
        state = GAME.new_state(1)
        answers = iter([answer, "1"])
        out = io.StringIO()
        assert choose_in_terminal(state.legal_moves(), lambda _: next(answers), out) == state.legal_moves()[0]
        assert "is not one" in out.getvalue() and "9" * 100 not in out.getvalue()  # echoed in brief

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
        assert record is not None and record.outcome is not None
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
        """A seat's own record shows its views and every move as the table saw it: the plays named."""
        record = _record()
        path = tmp_path / "seat1.json"
        path.write_text(json.dumps(record.redacted(1).to_dict()))
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"{GAME}, as seat 1 saw it\n")
        assert out.count("\n-- step ") == len(record.moves) + 1
        assert " moves\n" not in out and " moves: " not in out
        for move in record.moves:
            assert isinstance(move, malilla.Move)
            assert f"  seat {move.seat} plays {move.card}\n" in out

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

    @pytest.mark.parametrize(
        "content", ["not json", '{"kind": "record"}', "[1, 2]", "9" * 5000, "[" * 100_000 + "]" * 100_000]
    )
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


class TestCommandLineExplainsItself:
    """--version, per-game --help from the Game's fields, clean rules and game lists."""

    def test_version(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The version, and the build: pure Python, or the modules that are C extensions."""
        from cardrules import __version__

        assert main(["--version"]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"cardrules {__version__} (") and out.endswith(")\n")
        build = out.removeprefix(f"cardrules {__version__} (").removesuffix(")\n")
        if build == "pure Python":
            assert malilla._rules.__file__ is not None and malilla._rules.__file__.endswith(".py")
        else:
            names = build.removeprefix("compiled by mypyc: ").split(", ")
            assert "cardrules.malilla._rules" in names
            for name in names:
                spec = importlib.util.find_spec(name)
                assert spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)

    @pytest.mark.parametrize("command", ["watch", "play"])
    def test_game_help_lists_the_options_with_values_and_defaults(
        self, command: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main([command, "maldicion", "--help"]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert "maldicion options:" in out
        assert (
            "--mode battle_royale|pvp|guild_war one of battle_royale, pvp, guild_war; default: battle_royale"
            in out
        )
        assert "--start-hp N 1 to 10000; default: 100" in out and "--draw-when-able true|false" in out

    def test_the_options_listed_are_the_options_taken(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["watch", "malilla", "--target", "2", "--must-beat", "led_suit"]) == 0
        assert "malilla(target=2, irregularities='reject', must_beat='led_suit')" in capsys.readouterr().out
        assert main(["watch", "malilla", "--must-beat", "never"]) == 2
        assert (
            "option 'must_beat' must be one of 'any_card', 'led_suit'; got 'never'" in capsys.readouterr().err
        )

    def test_rules_and_games_print_no_markup(self, capsys: pytest.CaptureFixture[str]) -> None:
        from cardrules import games

        for name in games():
            assert main(["rules", name]) == 0
            out = capsys.readouterr().out
            assert "{class}" not in out and "{meth}" not in out and "{func}" not in out, name
        assert main(["games"]) == 0
        out = capsys.readouterr().out
        assert "``" not in out and ":class:" not in out and len(out.splitlines()) == len(games())


class TestReplaySteps:
    """replay --step says how to go on, and ends cleanly on end of input and Ctrl-C."""

    @pytest.mark.parametrize(("stop", "status"), [(EOFError(), 0), (KeyboardInterrupt(), 130)])
    def test_end_of_input_and_ctrl_c(
        self,
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
        stop: BaseException,
        status: int,
    ) -> None:
        path = tmp_path / "match.json"
        path.write_text(json.dumps(_record().to_dict()))
        prompts: list[str] = []

        def answer(prompt: str = "") -> str:
            prompts.append(prompt)
            if len(prompts) > 1:
                raise stop
            return ""

        monkeypatch.setattr("builtins.input", answer)
        assert main(["replay", str(path), "--step"]) == status
        assert prompts[0] == "[Enter] next step, q then Enter quits, Ctrl-D ends: "
        assert "Traceback" not in capsys.readouterr().err


class TestPrompt:
    """At the prompt: help, forced moves played for the seat, colour only when asked for."""

    def test_help_lists_the_moves_and_the_rule(self) -> None:
        state = GAME.new_state(1)
        answers = iter(["?", "1"])
        out = io.StringIO()
        view = state.view(state.current_player)  # type: ignore[arg-type]
        choose_in_terminal(state.legal_moves(), lambda _: next(answers), out, view)
        text = out.getvalue()
        assert f"now: {view.hint()}" in text and "legal moves:" in text and "? or help shows this" in text

    def test_auto_plays_forced_moves(self) -> None:
        out = io.StringIO()
        bots = [heuristic(GAME, seed=s) for s in range(3)]
        play_in_terminal(GAME, 0, bots, 4, lambda _: "1", out, auto=True)
        assert "(your only move)" in out.getvalue()

    def test_colour_only_on_a_terminal_without_no_color(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from cardrules._terminal import Style

        class Tty(io.StringIO):
            def isatty(self) -> bool:
                return True

        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm")
        assert Style.for_stream(Tty()).colour and not Style.for_stream(io.StringIO()).colour
        assert (
            Style.for_stream(io.StringIO(), "always").colour and not Style.for_stream(Tty(), "never").colour
        )
        monkeypatch.setenv("NO_COLOR", "1")
        assert not Style.for_stream(Tty()).colour
        assert (
            "\x1b[" in Style(True).table("your hand: 7♥")
            and Style().table("your hand: 7♥") == "your hand: 7♥"
        )

    def test_piped_play_is_plain_text(self) -> None:
        result = subprocess.run(
            [sys.executable, "-m", "cardrules", "play", "malilla", "--target", "5"],
            input="1\n",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "\x1b[" not in result.stdout and "your hand" in result.stdout
