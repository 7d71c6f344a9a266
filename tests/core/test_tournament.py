"""Tournaments: rotated seats, reproducible matches, errors reported, parallel equals serial."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError, mala_e_cuia, mala_suerte, maldicion, malilla, tournament
from cardrules._cli import main
from cardrules._lineup import resolve_lineup
from cardrules._runners import cpu_limit
from cardrules._tournament import run_match, save, seating
from cardrules.bots import BOTS

from . import bot_factories

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
            (["random"] * 3, 1, 1, r"the lineup needs 4 bots, one per seat \(or one for every seat\); got 3"),
            (["random", "random", "random", "chess"], 1, 1, "unknown bot 'chess'"),
            (["random"] * 4, 0, 1, "matches must be an integer from 1 to 10,000,000; got 0"),
            (
                ["random"] * 4,
                10**40,
                1,
                "matches must be an integer from 1 to 10,000,000; got <an integer of 133",
            ),
            (["random"] * 4, 1, 0, "jobs must be an integer >= 1; got 0"),
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
    """A failing bot fails its match, reported as failed everywhere, with its seed, view and traceback."""

    def test_failure_is_reported_and_the_tournament_goes_on(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(BOTS, "broken", lambda game, seed: Broken())
        specs = resolve_lineup(GAME, ("broken", "random", "random", "random"), ships="no")
        result = run_match(GAME.to_dict(), specs, 1, 0)
        assert result.error is not None and result.failed
        assert result.error.seat == 0 and result.error.bot == "broken"
        assert "IllegalMoveError" in result.error.message
        assert malilla.View.from_dict(result.error.view).seat == 0
        assert result.winners == frozenset(), "a failed match has no winners"
        assert "Traceback (most recent call last)" in result.error.traceback
        assert "IllegalMoveError" in result.error.traceback.splitlines()[-1]

    def test_the_table_the_csv_and_the_json_agree(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every match fails at the broken bot's first decision: failed for every bot at the table, an
        error of the broken one, played and won by nobody, in the standings, the CSV and the JSON."""
        monkeypatch.setitem(BOTS, "broken", lambda game, seed: Broken())
        result = tournament(GAME, ["broken", "random", "random", "random"], 4, seed=1, jobs=1, progress=False)
        broken, random = result.standings
        assert (broken.bot, broken.played, broken.wins, broken.failed, broken.errors) == ("broken", 0, 0, 4, 4)  # fmt: skip
        assert (random.bot, random.played, random.wins, random.failed, random.errors) == ("random", 0, 0, 12, 0)  # fmt: skip
        assert random.win_rate == 0.0 and random.confidence == (0.0, 1.0)
        rows = list(csv.DictReader(io.StringIO(result.to_csv())))
        assert {(row["status"], row["won"], row["score"]) for row in rows} == {("failed", "", "")}
        assert sum(1 for row in rows if row["error"]) == 4
        data = result.to_dict()
        assert {m["status"] for m in data["matches"]} == {"failed"}
        assert all(m["winners"] == [] and "Traceback" in m["error"]["traceback"] for m in data["matches"])
        counts = [(row["played"], row["failed"], row["errors"]) for row in data["standings"]]
        assert counts == [(0, 4, 4), (0, 12, 0)]
        table = result.table()
        assert "4 of 4 matches failed on a bot's error" in table
        assert result.sides == (), "a failed match counts for no side"

    def test_one_failed_match_among_played_ones(self) -> None:
        """The broken bot fails only at its own seat; matches where every bot plays count as played."""
        lineup = [f"{FACTORIES}:broken_at_seat_2", "random", "random", "random"]
        result = tournament(GAME, lineup, 4, seed=1, progress=False)
        assert [m.failed for m in result.matches] == [False, False, True, False], "seat 2 in match 2"
        rows = {row.bot: row for row in result.standings}
        assert (rows[lineup[0]].played, rows[lineup[0]].failed, rows[lineup[0]].errors) == (3, 1, 1)
        assert (rows["random"].played, rows["random"].failed) == (9, 3)
        assert rows["random"].wins + rows[lineup[0]].wins == 6, "two of four seats win each played match"
        written = list(csv.DictReader(io.StringIO(result.to_csv())))
        assert sum(int(row["won"]) for row in written if row["status"] == "played") == 6

    def test_the_replay_command_replays_the_match(self, capsys: pytest.CaptureFixture[str]) -> None:
        lineup = [f"{FACTORIES}:broken_at_seat_2", "random", "random", "random"]
        result = tournament(GAME, lineup, 4, seed=1, progress=False)
        (error,) = result.errors
        command = result.replay_command(error)
        assert command == (
            f"cardrules tournament malilla --lineup {','.join(lineup)} --seed 1 --match {error.match} --target 5"
        )
        assert command is not None
        assert main(command.split()[1:]) == 1
        out = capsys.readouterr().out
        assert f"bot error: match {error.match} (seed {error.match_seed}), seat 2" in out
        assert "Traceback (most recent call last)" in out and f"replay it: {command}" in out

    def test_no_replay_command_for_a_player_instance(self) -> None:
        result = tournament(GAME, [bot_factories.Broken(), "random"] * 2, 1, progress=False)
        assert result.replay_command(result.errors[0]) is None

    def test_the_command_exits_1_when_a_match_failed(self, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["tournament", "malilla", "--lineup", f"{FACTORIES}:broken_at_seat_2,random,random,random",
                "--matches", "3", "--target", "5", "--seed", "1"]  # fmt: skip
        assert main(argv) == 1
        out = capsys.readouterr().out
        assert "1 of 3 matches failed" in out and "replay it: cardrules tournament malilla" in out


class TestJobs:
    """ "jobs bounded by the machine and by the number of matches; a larger request capped with a word"."""

    def test_a_huge_request_is_capped_at_the_matches(self) -> None:
        with pytest.warns(RuntimeWarning, match=r"jobs=1000000000 capped at 1: 1 matches to play"):
            result = tournament(GAME, "random", 1, jobs=10**9, progress=False)
        assert len(result.matches) == 1

    def test_and_at_the_cpus(self) -> None:
        cpus = cpu_limit()
        with pytest.warns(RuntimeWarning, match=rf"jobs={cpus + 1} capped at {cpus}: {cpus} CPU"):
            tournament(GAME, "random", cpus + 1, jobs=cpus + 1, progress=False)

    def test_the_command_says_so(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["tournament", "malilla", "--lineup", "random", "--matches", "1", "--jobs", "64",
                     "--target", "3"]) == 0  # fmt: skip
        assert "cardrules: jobs=64 capped at 1: 1 matches to play" in capsys.readouterr().err

    def test_any_executor(self) -> None:
        lineup = ["heuristic", "random", "heuristic", "random"]
        with ThreadPoolExecutor(2) as pool:
            threads = tournament(GAME, lineup, 6, seed=4, executor=pool, progress=False)
        assert threads == tournament(GAME, lineup, 6, seed=4, progress=False)

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
            ({"resume": True}, "resume needs the journal file"),
            ({"only": [7]}, "only: a match index is an integer from 0 to 2; got 7"),
            ({"only": "0"}, "only must be a list of match indices"),
            ({"runtime_env": {"working_dir": "."}}, "address and runtime_env are for backend='ray'"),
        ],
    )
    def test_bad_arguments(self, kwargs: dict[str, Any], message: str) -> None:
        with pytest.raises(ConfigError, match=message):
            tournament(GAME, "random", 3, progress=False, **kwargs)


class TestJournal:
    """ "results written as they come (JSONL) so an interrupted tournament resumes (--resume)"."""

    def test_an_interrupted_tournament_resumes(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        path = tmp_path / "t.jsonl"
        whole = tournament(GAME, "random", 6, seed=3, progress=False)
        calls: list[int] = []

        def interrupted(game: Any, lineup: Any, seed: int, index: int, duplicate: bool = False) -> Any:
            if index == 4:
                raise KeyboardInterrupt
            calls.append(index)
            return run_match(game, lineup, seed, index, duplicate)

        monkeypatch.setattr("cardrules._tournament.run_match", interrupted)
        with pytest.raises(KeyboardInterrupt):
            tournament(GAME, "random", 6, seed=3, progress=False, journal=path)
        lines = path.read_text().splitlines()
        assert len(lines) == 1 + 4, "a header, then each match as it ended"
        with path.open("a") as handle:
            handle.write('{"index": 4, "se')  # a line the interruption cut short
        monkeypatch.undo()
        resumed = tournament(GAME, "random", 6, seed=3, progress=False, journal=path, resume=True)
        assert resumed == whole
        assert len(path.read_text().splitlines()) == 1 + 6

    def test_an_existing_file_is_not_overwritten(self, tmp_path: Path) -> None:
        path = tmp_path / "t.jsonl"
        tournament(GAME, "random", 1, progress=False, journal=path)
        with pytest.raises(ConfigError, match="already holds tournament results: resume it"):
            tournament(GAME, "random", 1, progress=False, journal=path)

    def test_another_tournament_s_file_is_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "t.jsonl"
        tournament(GAME, "random", 1, seed=1, progress=False, journal=path)
        with pytest.raises(ConfigError, match="holds another tournament"):
            tournament(GAME, "random", 1, seed=2, progress=False, journal=path, resume=True)

    def test_a_garbled_line_is_named(self, tmp_path: Path) -> None:
        path = tmp_path / "t.jsonl"
        tournament(GAME, "random", 2, seed=1, progress=False, journal=path)
        lines = path.read_text().splitlines()
        path.write_text("\n".join([lines[0], "[1, 2]", lines[2]]) + "\n")
        with pytest.raises(ConfigError, match="line 2: not a match result"):
            tournament(GAME, "random", 2, seed=1, progress=False, journal=path, resume=True)

    def test_the_command_line_resumes(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        stem = str(tmp_path / "out")
        argv = ["tournament", "malilla", "--lineup", "random", "--matches", "2", "--target", "3", "--out", stem]  # fmt: skip
        assert main(argv) == 0
        assert main(argv) == 2 and "--resume" in capsys.readouterr().err
        assert main([*argv[:5], "4", *argv[6:], "--resume"]) == 0
        assert len(json.loads(Path(f"{stem}.json").read_text())["matches"]) == 4


class TestProgress:
    """ "a live progress bar on a terminal (matches done, rate, time left)": tqdm's where installed."""

    def test_the_bar_fills_as_matches_end(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(sys.modules, "tqdm", None)
        tournament(GAME, ["random"] * 4, 3, seed=2, jobs=1, progress=True)
        bars = capsys.readouterr().err.split("\r")[1:]
        assert [bar.split("] ")[1].split(" matches")[0] for bar in bars] == ["1/3", "2/3", "3/3"]
        assert bars[-1].startswith("[" + "#" * 30 + "] 3/3 matches, ") and bars[-1].endswith("s left \n")
        assert all("/s, " in bar for bar in bars)

    def test_tqdm_draws_it_where_installed(self, capsys: pytest.CaptureFixture[str]) -> None:
        if importlib.util.find_spec("tqdm") is None:
            pytest.skip("tqdm is not installed (the progress extra): the bar of its own is tested above")
        tournament(GAME, ["random"] * 4, 3, seed=2, jobs=1, progress=True)
        assert "3/3 [" in capsys.readouterr().err


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


FACTORIES = "tests.core.bot_factories"


class TestLineupEntries:
    """ "A lineup entry ... may be a bot name as today, a factory Callable[[game, seed], Player], or an
    import string "package.module:attribute" naming such a factory"."""

    def test_a_factory_an_import_string_a_player_and_a_name_share_a_table(self) -> None:
        lineup = [bot_factories.greedy, f"{FACTORIES}:seeded_random", bot_factories.Greedy(), "random"]
        result = tournament(GAME, lineup, 4, seed=3, progress=False)
        assert result.lineup == (f"{FACTORIES}:greedy", f"{FACTORIES}:seeded_random", "Greedy()", "random")
        assert [row.played for row in result.standings] == [4, 4, 4, 4]

    def test_a_player_instance_starts_every_match_as_given(self) -> None:
        """An instance is copied afresh for each match, so jobs and backends cannot tell it apart."""
        player = bot_factories.Greedy()
        serial = tournament(GAME, [player, "random", player, "random"], 6, seed=5, progress=False)
        parallel = tournament(GAME, [player, "random", player, "random"], 6, seed=5, jobs=2, progress=False)
        assert serial == parallel
        assert serial.lineup == ("Greedy()", "random", "Greedy()", "random"), "the same object is one bot"

    def test_different_bots_that_print_alike_are_told_apart(self) -> None:
        result = tournament(GAME, [bot_factories.Greedy(), "random", bot_factories.Greedy(), "random"], 1,
                            progress=False)  # fmt: skip
        assert result.lineup == ("Greedy()", "random", "Greedy() #2", "random")

    @pytest.mark.parametrize("lineup", [["random"], "random"])
    def test_a_single_entry_fills_every_seat(self, lineup: list[str] | str) -> None:
        result = tournament(GAME, lineup, 2, progress=False)
        assert result.lineup == ("random",) * 4

    @pytest.mark.parametrize("start_method", ["fork", "spawn"])
    def test_worker_processes_give_the_serial_results(self, start_method: str) -> None:
        lineup = [f"{FACTORIES}:seeded_random", "heuristic", bot_factories.seeded_random, "random"]
        serial = tournament(GAME, lineup, 6, seed=8, progress=False)
        parallel = tournament(GAME, lineup, 6, seed=8, jobs=2, start_method=start_method,  # type: ignore[arg-type]
                              progress=False)  # fmt: skip
        assert serial == parallel

    def test_a_bot_error_in_a_worker_is_reported_with_seed_and_view(self) -> None:
        result = tournament(GAME, [f"{FACTORIES}:broken", "random"] * 2, 2, seed=1, jobs=2, start_method="spawn",
                            progress=False)  # fmt: skip
        assert len(result.errors) == 2
        error = result.errors[0]
        assert error.bot == f"{FACTORIES}:broken" and "IllegalMoveError" in error.message
        assert error.match_seed == result.matches[0].seed
        assert malilla.View.from_dict(error.view).seat == error.seat


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class TestBadLineups:
    """ "A lineup of the wrong size, an import string that does not import, a factory that raises or
    returns something that is not a Player: a ConfigError naming the entry before any match"."""

    @pytest.mark.parametrize(
        ("entry", "message"),
        [
            ("chess", "unknown bot 'chess'"),
            ("no_such_module_here:bot", r"lineup entry 1 \('no_such_module_here:bot'\) does not import: ModuleNotFoundError"),
            (f"{FACTORIES}:nobody", r"does not import: AttributeError"),
            (f"{FACTORIES}:", "an import string is 'package.module:attribute'"),
            (f"{FACTORIES}:NUMBER", r"names a int, not a bot factory or a Player"),
            (bot_factories.raises, r"lineup entry 1 \(tests.core.bot_factories:raises\): building the bot raised "
                                   r"RuntimeError: this factory is broken"),
            (bot_factories.not_a_player, r"the factory returned 42, not a Player"),
            (42, r"lineup entry 1 \(42\) is not a bot"),
            (_Unprintable(), r"lineup entry 1 \(<_Unprintable instance at 0x[0-9a-f]+>\) is not a bot"),
            ("ismcts-" + "9" * 5000, r"^lineup entry 1 \(ismcts-9+\.\.\.\): bot 'ismcts-9+\.\.\.9+': write"),
            ("x" * 5000 + ":bot", r"^lineup entry 1 \('x+\.\.\.x+:bot'\) does not import: ModuleNotFoundError: .{1,200}$"),
        ],
    )  # fmt: skip
    def test_refused_before_any_match(self, entry: object, message: str) -> None:
        started: list[int] = []

        def spy(game: object, seed: int) -> bot_factories.Greedy:
            started.append(seed)
            return bot_factories.Greedy()

        with pytest.raises(ConfigError, match=message):
            tournament(GAME, [spy, entry, "random", "random"], 3, progress=False)
        assert started in ([], [0]), "entries are checked (built once, with seed 0) and no match began"

    def test_a_lambda_cannot_travel_to_worker_processes(self) -> None:
        with pytest.raises(
            ConfigError, match=r"cannot be sent to worker processes .* 'package.module:attribute'"
        ):
            tournament(
                GAME, [lambda game, seed: bot_factories.Greedy(), "random"] * 2, 2, jobs=2, progress=False
            )

    def test_a_bad_start_method(self) -> None:
        with pytest.raises(ConfigError, match="start_method must be one of"):
            tournament(GAME, "random", 2, jobs=2, start_method="teleport", progress=False)  # type: ignore[arg-type]


class TestSides:
    """ "Where seats share an outcome (Malilla partnerships, Guild War teams, or any lineup that repeats a
    bot), the table shows a row per side as well as per bot"."""

    def test_random_at_both_partnerships_reads_as_two_sides(self) -> None:
        result = tournament(GAME, "random", 10, seed=2, progress=False)
        (row,) = result.standings
        assert row.win_rate == 0.5, "the bot row: every match, two of four seats win"
        first, second = result.sides
        assert (first.positions, second.positions) == ((0, 2), (1, 3))
        assert first.played == second.played == 10 and first.wins + second.wins == 10
        assert "random + random [0,2]" in result.table() and "random + random [1,3]" in result.table()

    def test_partners_are_a_side_whatever_bots_they_are(self) -> None:
        result = tournament(GAME, ["heuristic", "random", "ismcts-5", "random"], 4, seed=1, progress=False)
        assert [side.bots for side in result.sides] == [("heuristic", "ismcts-5"), ("random", "random")]

    def test_guild_war_teams_are_interleaved(self) -> None:
        game = maldicion.Game(players=4, mode="guild_war")
        result = tournament(game, ["heuristic", "random"] * 2, 4, seed=1, progress=False)
        assert [side.label for side in result.sides] == [
            "heuristic + heuristic [0,2]",
            "random + random [1,3]",
        ]
        assert sum(side.wins for side in result.sides) == 4, "one team wins each match"

    def test_a_cooperative_table_is_one_side(self) -> None:
        game = mala_e_cuia.Game(players=3, mode="cooperative")
        result = tournament(game, "random", 2, seed=1, progress=False)
        (side,) = result.sides
        assert side.positions == (0, 1, 2) and side.played == 2

    def test_a_bot_at_several_seats_of_a_free_for_all(self) -> None:
        game = maldicion.Game(players=4)
        result = tournament(game, ["heuristic", "random", "random", "random"], 8, seed=1, progress=False)
        (side,) = result.sides
        assert side.bots == ("random", "random", "random") and side.positions == (1, 2, 3)
        heuristic = result.standings[0]
        assert side.wins == sum(1 for m in result.matches if m.winners - {m.seating.index("heuristic")})
        assert heuristic.played == 8

    def test_no_side_rows_where_every_side_is_one_seat(self) -> None:
        game = maldicion.Game(players=2)
        assert tournament(game, ["heuristic", "random"], 2, progress=False).sides == ()

    @pytest.mark.parametrize("game", [g for cls in (malilla.Game, maldicion.Game, mala_e_cuia.Game) for g in cls.examples()],
                             ids=str)  # fmt: skip
    def test_sides_keep_their_lineup_positions_as_seats_rotate(self, game: object) -> None:
        from cardrules import BaseGame

        assert isinstance(game, BaseGame)
        n = game.players
        sides = set(game.sides())
        assert sorted(s for side in sides for s in side) == list(range(n)), "the sides partition the seats"
        shifted = {frozenset((s + 1) % n for s in side) for side in sides}
        assert shifted == sides


class TestRatings:
    """ "Add ratings across all bots of a tournament with openskill ..., shown beside the win rates", per lineup
    entry (issue 16): a bot at two seats is two participants, each rated."""

    def test_the_stronger_bot_rates_higher(self) -> None:
        result = tournament(GAME, ["heuristic", "random", "ismcts-2", "random"], 16, seed=4, progress=False)
        ratings = result.ratings
        assert ratings is not None
        assert list(ratings) == ["heuristic", "random@1", "ismcts-2", "random@3"]
        assert ratings["heuristic"].mu > ratings["random@1"].mu
        assert str(ratings["heuristic"]) in result.table()
        assert result.to_dict()["ratings"][0] == {"entry": "heuristic", "position": 0, "bot": "heuristic",
                                                  **ratings["heuristic"].to_dict()}  # fmt: skip

    def test_random_at_both_partnerships_rates_every_entry(self) -> None:
        game = malilla.Game(target=12)
        result = tournament(game, ["heuristic", "random", "random", "random"], 160, seed=1, progress=False)
        ratings = result.ratings
        assert ratings is not None and tuple(ratings) == result.entries == (
            "heuristic",
            "random@1",
            "random@2",
            "random@3",
        )
        assert all(r.sigma < 8.3 and r.mu != 25.0 for r in ratings.values()), "every match is rated"
        assert ratings["heuristic"].mu > ratings["random@1"].mu == ratings["random@3"].mu
        assert ratings["heuristic"] == ratings["random@2"], "fixed partners share every update"
        table = result.table()
        assert all(f"{entry:14} {p:>8} {r!s:>12}" in table for p, (entry, r) in enumerate(ratings.items()))

    def test_a_free_for_all_rates_both_random_seats(self) -> None:
        game = mala_suerte.Game(players=3)
        result = tournament(game, ["heuristic", "random", "random"], 12, seed=1, progress=False)
        ratings = result.ratings
        assert ratings is not None and list(ratings) == ["heuristic", "random@1", "random@2"]
        assert ratings["heuristic"].mu > max(ratings["random@1"].mu, ratings["random@2"].mu)
        assert ratings["random@1"] != ratings["random@2"], "each entry alone is a team of its own"
        assert [row["entry"] for row in result.to_dict()["ratings"]] == list(ratings)

    def test_equal_seeds_give_equal_ratings(self) -> None:
        lineup = ["heuristic", "random", "random", "random"]
        game = maldicion.Game(players=4)
        first = tournament(game, lineup, 6, seed=9, progress=False).ratings
        assert first == tournament(game, lineup, 6, seed=9, jobs=2, progress=False).ratings

    def test_a_cooperative_table_learns_nothing(self) -> None:
        game = mala_e_cuia.Game(players=3, mode="cooperative")
        ratings = tournament(game, ["heuristic", "random", "random"], 2, seed=1, progress=False).ratings
        assert ratings is not None
        assert {(r.mu, round(r.sigma, 3)) for r in ratings.values()} == {(25.0, 8.333)}, "one team: no update"

    def test_without_the_extra_the_table_says_so(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import sys

        monkeypatch.setitem(sys.modules, "openskill.models", None)
        result = tournament(GAME, "random", 1, progress=False)
        assert result.ratings is None and result.to_dict()["ratings"] is None
        assert "ratings need the ratings extra: pip install 'cardrules[ratings]'" in result.table()


class TestLineupCommandLine:
    """ "cardrules tournament malilla --lineup mybots:greedy,random,mybots:greedy,random" and "--lineup random"."""

    def test_the_user_s_module_from_the_bot_directory(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        (tmp_path / "mybots.py").write_text(
            "class Greedy:\n"
            "    def choose(self, view, legal_moves):\n"
            "        return legal_moves[0]\n"
            "def greedy(game, seed):\n"
            "    return Greedy()\n"
        )
        argv = ["tournament", "malilla", "--lineup", "mybots:greedy,random,mybots:greedy,random", "--matches", "2",
                "--target", "3", "--bot-dir", str(tmp_path), "--jobs", "2", "--start-method", "spawn"]  # fmt: skip
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "lineup mybots:greedy, random, mybots:greedy, random" in out
        assert "mybots:greedy + mybots:greedy [0,2]" in out

    def test_a_single_bot_fills_every_seat(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["tournament", "malilla", "--lineup", "random", "--matches", "2", "--target", "3"]) == 0
        assert "lineup random, random, random, random" in capsys.readouterr().out

    def test_a_bad_entry_exits_2_naming_it(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["tournament", "malilla", "--lineup", "random,nowhere:bot,random,random"]) == 2
        assert "lineup entry 1 ('nowhere:bot') does not import" in capsys.readouterr().err
