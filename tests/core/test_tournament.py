"""Tournaments: rotated seats, reproducible matches, errors reported, parallel equals serial."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError, malilla, tournament
from cardrules._cli import main
from cardrules._tournament import run_match, save, seating
from cardrules.bots import BOTS

GAME = malilla.Game(target=5)


class TestTournament:
    """The runner and its results."""

    def test_seats_rotate(self) -> None:
        lineup = ("a", "b", "c", "d")
        assert [seating(lineup, i)[0] for i in range(4)] == ["a", "b", "c", "d"]

    def test_parallel_equals_serial(self) -> None:
        lineup = ["heuristic", "random", "heuristic", "random"]
        serial = tournament(GAME, lineup, 12, seed=4, jobs=1, progress=False)
        parallel = tournament(GAME, lineup, 12, seed=4, jobs=2, progress=False)
        assert serial == parallel
        assert [m.seed for m in serial.matches] == [m.seed for m in parallel.matches]

    def test_standings_add_up(self) -> None:
        result = tournament(GAME, ["heuristic", "random", "heuristic", "random"], 10, seed=1, progress=False)
        rows = {row.bot: row for row in result.standings}
        assert rows["heuristic"].played == rows["random"].played == 20
        assert rows["heuristic"].wins + rows["random"].wins == 20, "one side wins each Malilla match"
        low, high = rows["heuristic"].confidence
        assert 0 <= low <= rows["heuristic"].win_rate <= high <= 1
        assert "heuristic" in result.table()

    def test_results_are_saved(self, tmp_path: Path) -> None:
        result = tournament(GAME, ["random"] * 4, 3, seed=2, progress=False)
        json_path, csv_path = save(result, str(tmp_path / "out"))
        data = json.loads(Path(json_path).read_text())
        assert data["standings"][0]["played"] == 12
        assert len(Path(csv_path).read_text().splitlines()) == 1 + 3 * 4

    @pytest.mark.parametrize(
        ("lineup", "matches", "jobs", "message"),
        [
            (["random"] * 3, 1, 1, "the lineup needs 4 bots"),
            (["random", "random", "random", "chess"], 1, 1, "unknown bot 'chess'"),
            (["random"] * 4, 0, 1, "matches must be an integer >= 1"),
            (["random"] * 4, 1, 0, "jobs must be an integer >= 1"),
        ],
    )
    def test_bad_input_is_refused_before_any_match(
        self, lineup: list[str], matches: int, jobs: int, message: str
    ) -> None:
        with pytest.raises(ConfigError, match=message):
            tournament(GAME, lineup, matches, jobs=jobs, progress=False)


class Broken:
    """A bot that returns something that is not a move."""

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        return "nonsense"


class TestBotErrors:
    """A failing bot is reported with the match seed and view, and loses that match."""

    def test_failure_is_reported_and_the_tournament_goes_on(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(BOTS, "broken", lambda game, seed: Broken())
        result = run_match(GAME.to_dict(), ("broken", "random", "random", "random"), 1, 0)
        assert result.error is not None
        assert result.error.seat == 0 and result.error.bot == "broken"
        assert "IllegalMoveError" in result.error.message
        assert malilla.View.from_dict(result.error.view).seat == 0
        assert 0 not in result.winners

    def test_the_standings_count_it_as_the_failing_bot_s_loss_only(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Every match fails at the broken bot's first decision: four losses for it, and none of
        the four matches counts for the random bots, which did nothing wrong."""
        monkeypatch.setitem(BOTS, "broken", lambda game, seed: Broken())
        result = tournament(GAME, ["broken", "random", "random", "random"], 4, seed=1, jobs=1, progress=False)
        broken, random = result.standings
        assert (broken.bot, broken.played, broken.wins, broken.errors) == ("broken", 4, 0, 4)
        assert (random.bot, random.played, random.errors) == ("random", 0, 0)
        assert random.win_rate == 0.0 and random.confidence == (0.0, 1.0)


class TestProgress:
    """ "a live progress bar on a terminal (matches done, rate, time left)"."""

    def test_the_bar_fills_as_matches_end(self, capsys: pytest.CaptureFixture[str]) -> None:
        tournament(GAME, ["random"] * 4, 3, seed=2, jobs=1, progress=True)
        bars = capsys.readouterr().err.split("\r")[1:]
        assert [bar.split("] ")[1].split(" matches")[0] for bar in bars] == ["1/3", "2/3", "3/3"]
        assert bars[-1].startswith("[" + "#" * 30 + "] 3/3 matches, ") and bars[-1].endswith("s left \n")
        assert all("/s, " in bar for bar in bars)


class TestCommandLine:
    """cardrules tournament and cardrules watch."""

    def test_tournament_command(self, capsys: pytest.CaptureFixture[str]) -> None:
        status = main(["tournament", "malilla", "--lineup", "heuristic,random,heuristic,random", "--matches", "4",
                       "--target", "5"])  # fmt: skip
        assert status == 0
        assert "win rate" in capsys.readouterr().out

    def test_watch_command_narrates_to_the_end(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["watch", "malilla", "--target", "5", "--seed", "2"]) == 0
        out = capsys.readouterr().out
        assert "deals;" in out and "takes the trick" in out and "final scores" in out

    @pytest.mark.parametrize(
        "argv",
        [
            ["watch", "chess"],
            ["watch", "malilla", "--colour", "red"],
            ["watch", "malilla", "--target"],
            ["tournament", "malilla", "--lineup", "random,random"],
        ],
    )
    def test_bad_input_exits_2(self, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        assert main(argv) == 2
        assert "cardrules: error:" in capsys.readouterr().err
