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
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import (
    BaseGame,
    BaseView,
    Record,
    SerializationError,
    magyar_nepmesek,
    mala_e_cuia,
    maldicion,
    malilla,
    play,
)
from cardrules._cli import main, rules_text, summaries
from cardrules._record import RedactedRecord
from cardrules._rulebook import Rulebook, card_name, explain_card, glossary, quoted
from cardrules._terminal import choose_in_terminal, explain_hand, load_record, show_record
from cardrules.bots import RandomPlayer
from cardrules.maldicion import AttackPhase, DiscardCurse, Draw, DrawnPhase, Play, TurnPhase

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


def _page(name: str) -> str:
    """A game's rules page as one line of words: quotes without their markers, tables as text."""
    text = (Path(SRC) / "cardrules" / name / "RULES.md").read_text(encoding="utf-8")
    return " ".join(re.sub(r"^(?:\d+\. )?> ?", "", line.strip()) for line in text.split("\n")).replace(
        "  ", " "
    )


def _views_at_hand(game: BaseGame[Any, Any], decisions: int = 400) -> Iterator[Any]:
    """The deciding seat's view at each decision of a random match."""
    state, rng = game.new_state(4), random.Random(4)
    for _ in range(decisions):
        if state.is_terminal:
            return
        seat = state.current_player
        assert seat is not None
        yield state.view(seat)
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])


_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class TestQuestionMarkExplainsEveryCard:
    """? gives a line on every card at hand, each from the rules page: a quote, or facts its tables give."""

    @pytest.mark.parametrize(
        "game",
        [g for name in sorted(cardrules.games()) for g in cardrules.games()[name].examples()],
        ids=str,
    )
    def test_every_card_at_hand_has_a_line(self, game: BaseGame[Any, Any]) -> None:
        seen = 0
        for view in _views_at_hand(game):
            lines = explain_hand(view)
            for card in dict.fromkeys(getattr(view, "hand", ())):
                name = card_name(view, card)
                assert any(line.startswith(f"{name}: ") for line in lines), (name, lines)
                seen += 1
        assert seen > 0 or game.name == "mala_e_cuia"  # its items lie on the table, no seat holds cards

    def test_the_quoted_lines_are_the_rulebooks_words(self) -> None:
        for name in cardrules.games():
            page = _page(name)
            for key, said in glossary(name).items():  # a Hero's is "Ability: text", two quoted parts
                assert all(part in page for part in said.split(": ", 1)), (name, key, said)

    def test_malilla_says_points_rank_and_trump(self) -> None:
        view = malilla.Game().new_state(seed=1).view(0)
        trump_suit = view.trump.suit
        page = _page("malilla")
        assert "ranking of (high) 7, A, K, Q, J, 6, 5, 4, 3, 2 (low)" in page
        for card in malilla.DECK:
            line = explain_card(view, card)
            assert line is not None
            points = _NUMBER_WORDS[line.split(" point")[0]]
            assert points == card.points, (card, line)
            assert ("a trump" in line) == (card.suit == trump_suit), line
            rank_order = ["7", "A", "K", "Q", "J", "6", "5", "4", "3", "2"]
            place = rank_order.index(str(card)[:-1])
            assert ("the highest card" in line) == (place == 0) and ("the lowest card" in line) == (
                place == 9
            )
            if str(card).startswith("7") and card.suit != trump_suit:
                assert '"you cannot play a 7 of a non-trump suit that has not yet been led"' in line
        strongest = max(malilla.DECK, key=lambda c: (c.suit == trump_suit, c.strength))
        assert str(strongest) == f"7{str(view.trump)[-1]}"

    def test_maldicion_objects_and_the_curse(self) -> None:
        view = maldicion.Game().new_state(seed=1).view(0)
        for card in maldicion.ACTION_DECK:
            line = explain_card(view, card)
            assert line is not None, card
            if card.figure.group is maldicion.Group.OBJECT:
                hp = f"{'+' if card.hp > 0 else '−'}{abs(card.hp)}"
                assert (
                    line.startswith("Object card, effect none")
                    and f"printed HP {hp} (used only in PvP)" in line
                )
        lines = explain_hand(view)
        assert f"your Curse, {view.curse}: discarded last, on its element" in lines
        hard = maldicion.Game(difficulty="hard").new_state(seed=1).view(0)
        assert "your Curse (its element unseen): discarded last, on its element" in explain_hand(hard)

    def test_magyar_every_kind_of_the_deck(self) -> None:
        game = magyar_nepmesek.Game(variant="advanced", fifth_edition=True)
        view = game.new_state(seed=1).view(0)
        page = _page("magyar_nepmesek")
        for kind in game.deck.kinds:
            line = explain_card(view, kind.id)
            assert line is not None, kind.id
            if kind.category is magyar_nepmesek.Category.POSITIVE:
                assert line.startswith(f"a positive card, {kind.value:+d}, laid down in a Group")
                assert ("or alone (one card with value +4 on its own)" in line) == (kind.value == 4)
            elif kind.category is magyar_nepmesek.Category.NEGATIVE:
                assert line.startswith(f"a purple negative card, {kind.value:+d}: at a Midnight")
            else:
                assert line.split(" Against all opponents: ")[0] in page, (kind.id, line)
        assert explain_card(view, "all-discard-1") == (
            f"{glossary('magyar_nepmesek')['Make a player discard']} Against all opponents: "
            f"{glossary('magyar_nepmesek')['Actions affecting all opponents']}"
        )

    @pytest.mark.parametrize("name", sorted(cardrules.games()))
    def test_question_mark_at_the_prompt(self, name: str) -> None:
        game = cardrules.games()[name]()
        state = game.new_state(seed=2)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        out, ask = _answers("?", "1")
        choose_in_terminal(state.legal_moves(), ask, out, view)  # type: ignore[arg-type]
        text = out.getvalue()
        assert f"  now: {view.hint()}\n" in text
        for line in explain_hand(view):
            assert f"  {line}\n" in text
        cards = len(dict.fromkeys(getattr(view, "hand", ())))
        assert len(explain_hand(view)) >= cards and (cards > 0 or name == "mala_e_cuia")


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


def _redacted_replay(record: Record, seat: int, tmp_path: Path) -> tuple[RedactedRecord, str]:
    path = tmp_path / f"seat{seat}.json"
    path.write_text(json.dumps(record.redacted(seat).to_dict(), ensure_ascii=False), encoding="utf-8")
    loaded = load_record(str(path))
    assert isinstance(loaded, RedactedRecord)
    done = cli("replay", str(path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return loaded, done.stdout


class TestEachGameReadsItsOwnPage:
    """The core reads a page's quotes; a game whose tables say more reads them in its own ``Rulebook``."""

    def test_the_games_that_read_their_tables(self) -> None:
        kinds = {name: type(game.rulebook) for name, game in cardrules.games().items()}
        assert all(issubclass(kind, Rulebook) for kind in kinds.values())
        assert {name for name, kind in kinds.items() if kind is not Rulebook} == {
            "malilla",
            "maldicion",
            "magyar_nepmesek",
        }

    def test_a_page_no_longer_read_as_the_game_reads_it_falls_back_to_its_quotes(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        class Unread(Rulebook):
            __slots__ = ()

            def card(self, view: BaseView[Any], card: object, name: str) -> str | None:
                raise LookupError("the page changed")

        view = maldicion.Game().new_state(seed=1).view(0)
        hand = getattr(view, "hand", ())
        said = [explain_card(view, card) for card in hand]
        monkeypatch.setattr(maldicion.Game, "rulebook", Unread())
        assert [explain_card(view, card) for card in hand] == [
            quoted(view, c, card_name(view, c)) for c in hand
        ]
        assert any(line is not None for line in said)


class TestRedactedReplay:
    """A seat's own record names every public play, and keeps hidden what the seat did not see."""

    def test_malilla_names_every_card_played(self, tmp_path: Path) -> None:
        record = play(malilla.Game(target=2), [RandomPlayer(s) for s in range(4)], seed=3)
        _, out = _redacted_replay(record, 1, tmp_path)
        assert " moves\n" not in out
        for move in record.moves:
            assert isinstance(move, malilla.Move)
            assert f"  seat {move.seat} plays {move.card}\n" in out

    def test_maldicion_names_plays_and_draws_but_not_the_cards_drawn(self, tmp_path: Path) -> None:
        game = maldicion.Game(players=3)
        record = play(game, [RandomPlayer(s) for s in range(3)], seed=5, max_moves=80)
        redacted, out = _redacted_replay(record, 0, tmp_path)
        states = [state for state in record.replay() if isinstance(state, maldicion.State)]
        plays = [m for m in record.moves if isinstance(m, Play) and m.seat != 0]
        draws = [i for i, m in enumerate(record.moves) if isinstance(m, Draw) and m.seat != 0]
        assert plays and draws
        for move in plays:
            played = f"two {move.card} cards" if move.mirror else str(move.card)
            assert f"  seat {move.seat} plays {played}\n" in out
        for i in draws:
            public = redacted.public[i]
            assert public == list(record.replay())[i].describe(record.moves[i], states[i + 1])
            assert all(f"  {line}\n" in out for line in public)
            mover = record.moves[i].seat
            drawn: Counter[maldicion.Card] = Counter(states[i + 1].hands[mover]) - Counter(
                states[i].hands[mover]
            )
            assert drawn and public[0].startswith(f"seat {mover} draws")
            assert not any(str(card) in " ".join(public) for card in drawn)
        assert " moves\n" not in out

    def test_mala_e_cuia_tells_the_seat_its_own_packs_and_no_other(self, tmp_path: Path) -> None:
        game = mala_e_cuia.Game()
        record = play(game, [RandomPlayer(s) for s in range(game.players)], seed=2, max_moves=40)
        redacted, out = _redacted_replay(record, 1, tmp_path)
        packs = [m for m in record.moves if isinstance(m, mala_e_cuia.Pack)]
        assert any(m.seat == 1 for m in packs) and any(m.seat != 1 for m in packs)
        saved = json.dumps(redacted.to_dict(), ensure_ascii=False)
        own = {str(move) for move in packs if move.seat == 1}
        for move in packs:
            if move.seat == 1:
                assert f"you {move}" in out
            else:
                assert f"seat {move.seat} packs an item" in out
                if str(move) not in own:  # the same item may lie in two suitcases
                    assert str(move) not in out and str(move) not in saved

    def test_a_record_saved_before_the_public_lines_still_replays(self, tmp_path: Path) -> None:
        record = play(malilla.Game(target=2), [RandomPlayer(s) for s in range(4)], seed=3)
        data = record.redacted(2).to_dict()
        del data["public"]
        assert RedactedRecord.from_dict(data).public == ()
        out = io.StringIO()
        show_record(RedactedRecord.from_dict(data), None, None, out)
        assert f"seat {record.moves[0].seat} moves" in out.getvalue()
        data["public"] = [["seat 0 plays 7♠"]]
        with pytest.raises(SerializationError, match="'public' needs the lines of every move"):
            RedactedRecord.from_dict(data)
        data["public"] = "seat 0 plays"
        with pytest.raises(SerializationError):
            RedactedRecord.from_dict(data)

    def test_as_seat_must_be_the_records_seat(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        record = play(malilla.Game(target=2), [RandomPlayer(s) for s in range(4)], seed=3)
        path = tmp_path / "seat1.json"
        path.write_text(json.dumps(record.redacted(1).to_dict()))
        assert main(["replay", str(path), "--as-seat", "1"]) == 0
        capsys.readouterr()
        assert main(["replay", str(path), "--as-seat", "2"]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"cardrules: error: {path} holds only what seat 1 saw; --as-seat 2 cannot be shown from it\n"
        )
        whole = tmp_path / "whole.json"
        whole.write_text(json.dumps(record.to_dict()))
        assert main(["replay", str(whole), "--as-seat", "4"]) == 2
        captured = capsys.readouterr()
        assert (
            captured.out == "" and captured.err == "cardrules: error: --as-seat must be from 0 to 3; got 4\n"
        )


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
    ("tournament", "malilla", "--lineup", "random", "--match", "-1"),
    ("tournament", "malilla", "--lineup", "random", "--out", "/nonexistent/results"),
    ("watch", "malilla", "--save", "/nonexistent/match.json"),
    ("play", "malilla", "--save", "/"),
    ("replay",),
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


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (("tournament", "malilla", "--lineup", "random", "--match", "-1"), "--match must be a match number, 0 or more; got -1"),
        (("watch", "malilla", "--save", "/nonexistent/m.json"), "--save /nonexistent/m.json: the folder /nonexistent does not exist"),
        (("play", "malilla", "--save", "/"), "--save /: that is a folder; give a file name"),
        (("tournament", "malilla", "--lineup", "random", "--out", "/nonexistent/r"), "--out /nonexistent/r.json: the folder /nonexistent does not exist"),
    ],
)  # fmt: skip
def test_files_and_numbers_are_checked_before_a_match_is_played(
    words: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(words)) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"cardrules: error: {said}\n"


def test_a_stopped_match_asks_again_for_a_file_it_can_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers: list[str | type[BaseException]] = [
        KeyboardInterrupt,
        "/nonexistent/m.json",
        str(tmp_path),
        str(tmp_path / "m.json"),
    ]

    def answer(prompt: str = "") -> str:
        given = answers.pop(0)
        if isinstance(given, type):
            raise given
        return given

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "malilla", "--seed", "1", "--color", "never"]) == 130
    out = capsys.readouterr().out
    assert "  the record's file /nonexistent/m.json: the folder /nonexistent does not exist\n" in out
    assert f"  the record's file {tmp_path}: that is a folder; give a file name\n" in out
    assert f"record saved to {tmp_path / 'm.json'}\n" in out and not answers
    assert Record.from_dict(json.loads((tmp_path / "m.json").read_text())).seed == 1


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
