"""The ``cardrules`` command: watch bots play, play against them, replay, read the rules, list the games."""

from __future__ import annotations

import argparse
import contextlib
import importlib.machinery
import math
import os
import random
import re
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from . import __version__
from ._base import BaseGame, BaseMove, BaseState
from ._errors import CardRulesError
from ._record import play, play_from
from ._registry import game as make_game
from ._registry import games

__all__ = ["clean_text", "main", "parse_options", "rules_text", "summaries"]


def parse_options(words: Sequence[str]) -> dict[str, object]:
    """``["--players", "3", "--mulligan", "false"]`` -> ``{"players": 3, "mulligan": False}``."""
    options: dict[str, object] = {}
    items = list(words)
    while items:
        word = items.pop(0)
        if not word.startswith("--") or len(word) < 3:
            raise CardRulesError(f"expected a game option like --players 3, got {word!r}")
        name, _, value = word[2:].partition("=")
        if not value:
            if not items:
                raise CardRulesError(f"option --{name} needs a value")
            value = items.pop(0)
        options[name.replace("-", "_")] = _coerce(value)
    return options


def _coerce(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "yes"):
        return True
    if lowered in ("false", "no"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _players(game: BaseGame[Any, Any], names: str, seed: int) -> list[Any]:
    from .bots import make_bot

    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if len(wanted) == 1:
        wanted *= game.players
    if len(wanted) != game.players:
        raise CardRulesError(f"{game.name} needs {game.players} bots, got {len(wanted)} ({names})")
    return [make_bot(name, game, seed=seed * 100 + seat) for seat, name in enumerate(wanted)]


class _Stopped(Exception):
    """The person watching asked to stop (q at a --step prompt)."""


def _fresh_seed(given: int | None) -> int:
    """``given``, or a fresh seed from the operating system's randomness: a new deal each time."""
    return random.SystemRandom().randrange(10**9) if given is None else given


def _delay(args: argparse.Namespace) -> float:
    """The pause after each narrated decision: ``--delay``, or 0.4 s on a terminal and none otherwise."""
    if args.delay is None:
        return 0.4 if sys.stdout.isatty() and not args.step else 0.0
    if not math.isfinite(args.delay) or not 0 <= args.delay <= 60:
        raise CardRulesError(f"--delay must be a number of seconds from 0 to 60; got {args.delay:g}")
    return float(args.delay)


def _watch(args: argparse.Namespace, extra: Sequence[str]) -> int:
    game = make_game(args.game, **parse_options(extra))
    seed = _fresh_seed(args.seed)
    start = _start(game, args)
    if args.save:
        _check_writable(args.save, "--save")
    delay = _delay(args)
    players = _players(game, args.bots, seed)
    out = sys.stdout
    out.write(f"{game}, seed {seed}: {', '.join(f'seat {i} {p!r}' for i, p in enumerate(players))}\n")
    if start is None:
        out.write(f"(--seed {seed} plays this match again)\n")
    for line in (game.new_state(seed) if start is None else start).opening():
        out.write(f"  {line}\n")
    if args.step:
        _line_editing()

    def narrate(before: BaseState[Any, Any, Any], move: BaseMove, after: BaseState[Any, Any, Any]) -> None:
        lines = before.describe(move, after)
        for line in lines:
            out.write(f"  {line}\n")
        out.flush()
        if args.step and lines and not after.is_terminal:
            if input(_STEP_PROMPT).strip().lower() == "q":
                raise _Stopped
        elif delay and lines:
            time.sleep(delay)

    try:
        if start is not None:
            final, moves = play_from(start, players, on_move=narrate)
            outcome = final.outcome
        else:
            record = play(game, players, seed, on_move=narrate)
            outcome, moves = record.outcome, record.moves
            if args.save:
                _save_record(record, args.save)
    except (_Stopped, EOFError):
        again = "" if start is not None else f"; --seed {seed} plays this match again"
        out.write(f"stopped{again}\n")
        return 0
    assert outcome is not None
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(outcome.scores))
    out.write(f"{len(moves)} decisions; final scores {scores}; {outcome}\n")
    return 0


def _start(game: BaseGame[Any, Any], args: argparse.Namespace) -> BaseState[Any, Any, Any] | None:
    """The position of ``--position``, read by the game (a record replays from a seed: not with ``--save``)."""
    if args.position is None:
        return None
    if args.save:
        raise CardRulesError("--save keeps a match played from a seed; a match from --position has no record")
    state: BaseState[Any, Any, Any] = game.from_notation(args.position)
    return state


_STEP_PROMPT = "[Enter] next decision, q then Enter stops: "


def _tournament(args: argparse.Namespace, extra: Sequence[str]) -> int:
    import warnings

    from ._tournament import save, tournament

    game = make_game(args.game, **parse_options(extra))
    # Like uvicorn's --app-dir: "mybots:greedy" imports from the current directory (or --bot-dir).
    sys.path.insert(0, os.path.abspath(args.bot_dir))
    lineup = [n.strip() for n in args.lineup.split(",") if n.strip()]
    if args.out:
        _check_writable(f"{args.out}.json", "--out")
    if args.resume and not args.out:
        raise CardRulesError("--resume continues the STEM.jsonl of --out STEM: give --out")
    if args.working_dir and args.backend != "ray":
        raise CardRulesError("--working-dir ships files to a Ray cluster: it goes with --backend ray")
    if args.match is not None and args.match < 0:
        raise CardRulesError(f"--match must be a match number, 0 or more; got {args.match}")
    matches = args.matches if args.match is None else max(args.matches, args.match + 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        result = tournament(
            game,
            lineup,
            matches,
            args.seed,
            args.jobs,
            backend=args.backend,
            address=args.address,
            start_method=args.start_method,
            runtime_env={"working_dir": args.working_dir} if args.working_dir else None,
            journal=f"{args.out}.jsonl" if args.out and args.match is None else None,
            resume=args.resume,
            only=None if args.match is None else [args.match],
        )
    for warning in caught:
        sys.stderr.write(f"cardrules: {warning.message}\n")
    played = f"match {args.match}" if args.match is not None else f"{args.matches} matches"
    sys.stdout.write(f"{game}: {played}, seed {args.seed}, lineup {', '.join(result.lineup)}\n")
    sys.stdout.write(result.table() + "\n")
    errors = result.errors
    for error in errors[:_ERRORS_SHOWN]:
        sys.stdout.write(f"bot error: match {error.match} (seed {error.match_seed}), seat {error.seat} "
                         f"{error.bot}: {error.message}\n")  # fmt: skip
        if args.match is not None:
            sys.stdout.write(error.traceback)
        command = result.replay_command(error)
        sys.stdout.write(f"  replay it: {command}\n" if command else "  (no command line replays it)\n")
    if len(errors) > _ERRORS_SHOWN:
        sys.stdout.write(f"... and {len(errors) - _ERRORS_SHOWN} more bot errors (all in --out's files)\n")
    if args.out and args.match is None:
        json_path, csv_path = save(result, args.out)
        sys.stdout.write(f"results saved to {json_path}, {csv_path} and {args.out}.jsonl\n")
    return 1 if errors else 0


#: The bot errors the tournament command prints; the rest are in the saved files.
_ERRORS_SHOWN = 10


def _play(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from ._record import Record
    from ._terminal import Style, play_in_terminal
    from .bots import make_bot

    game = make_game(args.game, **parse_options(extra))
    seed = _fresh_seed(args.seed)
    start = _start(game, args)
    if args.save:
        _check_writable(args.save, "--save")
    if not 0 <= args.seat < game.players:
        raise CardRulesError(f"--seat must be from 0 to {game.players - 1}; got {args.seat}")
    names = [n.strip() for n in args.opponents.split(",") if n.strip()] or ["heuristic"]
    if len(names) == 1:
        names *= game.players - 1
    if len(names) != game.players - 1:
        raise CardRulesError(
            f"{game.name} needs {game.players - 1} opponents, got {len(names)} ({args.opponents})"
        )
    others = [s for s in range(game.players) if s != args.seat]
    opponents = [make_bot(name, game, seed=seed * 100 + s) for s, name in zip(others, names, strict=True)]
    _line_editing()
    style = Style.for_stream(sys.stdout, args.color)
    sys.stdout.write(
        style.bold(f"{game}, seed {seed}: you are seat {args.seat}")
        + f"\n(--seed {seed} deals this match again)"
        + "\n? at the prompt lists your moves and explains your cards; Ctrl-C stops (and offers to save the match)\n"
    )
    moves: list[Any] = []
    try:
        record = play_in_terminal(
            game, args.seat, opponents, seed, input, sys.stdout, moves, auto=args.auto, style=style,
            start=start,
        )  # fmt: skip
    except (KeyboardInterrupt, EOFError):
        sys.stdout.write("\nstopped.\n")
        if start is not None:
            return 130
        _offer_to_save(Record(game, seed, tuple(moves)))
        return 130
    if args.save and record is not None:
        _save_record(record, args.save)
    return 0


def _offer_to_save(record: Any) -> None:
    """Ask where to save a stopped match until it is saved or the answer is empty (or Ctrl-C, Ctrl-D)."""
    while True:
        try:
            path = input("save the record to (empty: don't save): ").strip()
        except (KeyboardInterrupt, EOFError):
            sys.stdout.write("\n")
            return
        if not path:
            return
        try:
            _check_writable(path, "the record's file")
            _save_record(record, path)
        except CardRulesError as exc:
            sys.stdout.write(f"  {exc}\n")
            continue
        return


def _line_editing() -> None:
    """Line editing and history at the prompt (``input`` uses :mod:`readline` once it is imported)."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401


def _check_writable(path: str, flag: str) -> None:
    """Refuse, before a match is played, a file the record could not be written to."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        raise CardRulesError(f"{flag} {path}: that is a folder; give a file name")
    if not os.path.isdir(folder):
        raise CardRulesError(f"{flag} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CardRulesError(f"{flag} {path}: this file cannot be written")


def _save_record(record: Any, path: str) -> None:
    import json

    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(record.to_dict(), handle, ensure_ascii=False)
    except OSError as exc:
        raise CardRulesError(f"cannot write {path}: {exc.strerror}") from None
    sys.stdout.write(f"record saved to {path}\n")


def _replay(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from ._record import RedactedRecord
    from ._terminal import load_record, show_record

    record = load_record(args.record)
    players = record.game.players
    if args.as_seat is not None and not 0 <= args.as_seat < players:
        raise CardRulesError(f"--as-seat must be from 0 to {players - 1}; got {args.as_seat}")
    if isinstance(record, RedactedRecord) and args.as_seat not in (None, record.seat):
        raise CardRulesError(
            f"{args.record} holds only what seat {record.seat} saw; --as-seat {args.as_seat} cannot be shown from it"
        )
    if args.step:
        _line_editing()
    try:
        show_record(record, args.as_seat, input if args.step else None, sys.stdout)
    except EOFError:
        sys.stdout.write("\n")
        return 0
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        return 130
    return 0


def clean_text(text: str) -> str:
    """Markdown for a terminal: MyST roles and targets gone, ``{class}`~a.b.C``` read as ``C``, code fences
    as indented blocks, diagrams and figures left out."""
    text = _ROLE.sub(lambda m: m["name"].split(".")[-1] if m["name"].startswith("~") else m["name"], text)
    text = _TARGET.sub("", text)
    text = "\n".join(_lines_without_fences(text.split("\n")))
    return _LITERAL.sub(lambda m: m["inner"], text)


_ROLE = re.compile(r"\{[a-z:-]+\}`(?P<name>[^`<]+?)(?: <[^>]*>)?`")
_TARGET = re.compile(r"^\([\w-]+\)=\n", re.MULTILINE)
_LITERAL = re.compile(r"``(?P<inner>[^`]+)``")
_FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>.*)$")
#: MyST directives that draw or include rather than say: left out of the terminal's text.
_SILENT = ("graphviz", "figure", "image", "mermaid", "raw", "include", "toctree", "eval-rst", "autoclass")
_PYTHON = ("python", "py", "pycon", "{code-block} python", "{code} python", "{doctest}", "{testcode}")


def _lines_without_fences(lines: Sequence[str], python: list[str] | None = None) -> list[str]:
    """``lines`` with each fenced block as a block indented by four spaces (a directive that draws left
    out, an admonition's text kept); with ``python``, Python blocks go there instead."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        opened = _FENCE_OPEN.match(lines[index])
        if opened is None:
            out.append(lines[index])
            index += 1
            continue
        fence, info = opened["fence"][0] * 3, opened["info"].strip()
        end = index + 1
        while end < len(lines) and not (lines[end].startswith(fence) and not lines[end].strip(fence[0])):
            end += 1
        body = [line for line in lines[index + 1 : end] if not line.startswith(":")]
        index = end + 1
        indented = [f"    {line}" if line else "" for line in body]
        if info.startswith(_PYTHON):
            if python is None:
                out.extend(indented)
            else:
                python.extend(["", *indented])
            continue
        if info.startswith("{"):
            directive = info[1 : info.find("}")] if "}" in info else info
            if directive in ("code-block", "code"):
                out.extend(indented)
            elif not directive.startswith(_SILENT):
                out.extend(_lines_without_fences(body, python))  # a note, a warning: its text
            continue
        out.extend(indented)
    return out


def rules_text(markdown: str) -> str:
    """A game's rules page for a terminal: the rules first, its Python (code and API notes) at the end."""
    python: list[str] = []
    rules = clean_text("\n".join(_lines_without_fences(markdown.split("\n"), python)))
    rules = re.sub(r"\n{3,}", "\n\n", rules).rstrip("\n") + "\n"
    if not python:
        return rules
    code = clean_text("\n".join(python)).strip("\n")
    return f"{rules}\n## In Python\n\n{code}\n"


def _rules(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from importlib import resources

    if args.game not in games():
        raise CardRulesError(f"unknown game {args.game!r}; the games are {', '.join(sorted(games()))}")
    text = resources.files(f"cardrules.{args.game}").joinpath("RULES.md").read_text(encoding="utf-8")
    text = rules_text(text)
    if sys.stdout.isatty():
        import pydoc

        pydoc.pager(text)
    else:
        sys.stdout.write(text)
    return 0


def _list(args: argparse.Namespace, extra: Sequence[str]) -> int:
    for name, summary in summaries().items():
        sys.stdout.write(f"{name:18} {summary}\n")
    return 0


def summaries() -> dict[str, str]:
    """Each game's name and one line about it: its title and the opening of its rules page."""
    from importlib import resources

    found = {}
    for name in sorted(games()):
        page = resources.files(f"cardrules.{name}").joinpath("RULES.md").read_text(encoding="utf-8")
        lines = clean_text(page).split("\n")
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), name)
        paragraphs = "\n".join(lines).split("\n\n")
        opening = next(
            (p for p in paragraphs if p.strip() and not p.lstrip().startswith(("#", ">", "|", "    ", "-"))),
            "",
        )
        first = re.split(r"(?<=[a-z])[.:;](?:\s|$)", " ".join(opening.split()), maxsplit=1)[0]
        found[name] = f"{title} — {first[:1].lower()}{first[1:]}" if first else title
    return found


def _add_game_options(command: argparse.ArgumentParser, name: str) -> None:
    """The options of game ``name`` for ``--help``, with their allowed values and defaults, from its fields."""
    cls = games().get(name)
    if cls is None:
        return
    group = command.add_argument_group(
        f"{name} options", f"the fields of {cls.__module__.rsplit('.', 1)[0]}.Game"
    )
    for field in attrs.fields(cls):
        if not field.init:
            continue
        check = field.validator
        allowed = getattr(check, "allowed", None)
        choices = getattr(check, "choices", None)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            shown = "the built-in one"
        else:
            shown = str(default).lower() if isinstance(default, bool) else str(default)
        group.add_argument(
            f"--{field.alias.replace('_', '-')}",
            metavar="|".join(choices) if choices else ("N" if allowed else "FILE"),
            default=argparse.SUPPRESS,
            help=f"{allowed + '; ' if allowed else 'a file; '}default: {shown}",
        )


def _serve(args: argparse.Namespace, extra: Sequence[str]) -> int:
    try:
        from .web import default_db, serve
    except ImportError as exc:  # the message is the extra's install line
        raise CardRulesError(str(exc)) from None
    if not 0 <= args.port <= 65535:
        raise CardRulesError(f"--port must be from 0 to 65535; got {args.port}")
    _check_free(args.host, args.port)
    db = args.db or default_db()
    sys.stdout.write(f"cardrules tables on http://{args.host}:{args.port}/ (tables kept in {db})\n")
    serve(args.host, args.port, args.db, allowed_hosts=args.allow_host)
    return 0


_POSITION = (
    "start from this position, written in the game's notation (state.to_notation(); replay --step shows it)"
)


def _check_free(host: str, port: int) -> None:
    """Refuse, before anything is announced or created, an address the server could not listen on."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise CardRulesError(f"--host {host!r} is not an address of this machine ({exc})") from None
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        # As uvicorn does: an address in TIME_WAIT after a server stopped can be bound again.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise CardRulesError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def _compiled_modules() -> list[str]:
    """The package's modules that are C extensions (compiled by mypyc), sorted; none in the pure build.

    An extension beside a module's ``.py`` file is what Python imports, so these are the modules that
    run compiled: those of a compiled wheel, or of ``scripts/build_compiled.py`` in a checkout.
    """
    package = Path(__file__).resolve().parent
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        ".".join((*path.relative_to(package.parent).parent.parts, path.name.split(".", 1)[0]))
        for path in package.rglob("*")
        if path.name.endswith(suffixes)
    )


class _Version(argparse.Action):
    """``--version``: the version and which build runs (pure Python, or the modules compiled)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        compiled = _compiled_modules()
        build = f"compiled by mypyc: {', '.join(compiled)}" if compiled else "pure Python"
        print(f"cardrules {__version__} ({build})")
        parser.exit()


def _parser(game: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``game`` (the name after watch or play), that game's options too."""
    parser = argparse.ArgumentParser(prog="cardrules", description="Rules engines for five card games.")
    parser.add_argument("--version", action=_Version, help="show the version and the build")
    commands = parser.add_subparsers(dest="command", required=True)
    watch = commands.add_parser(
        "watch",
        help="watch bots play a whole match, narrated move by move",
        description="Watch bots play a match. Game options follow as --name value (e.g. --target 12); "
        "cardrules watch GAME --help lists them.",
    )
    watch.add_argument("game", help="the game's name (see: cardrules games)")
    watch.add_argument("--seed", type=int, help="the match seed (default: a fresh one, printed)")
    watch.add_argument(
        "--bots",
        "--lineup",
        dest="bots",
        default="random",
        help=f"one bot for every seat, or one per seat, comma-separated ({_BOTS}; default random)",
    )
    watch.add_argument("--save", metavar="FILE", help="save the match record as JSON")
    watch.add_argument("--position", metavar="TEXT", help=_POSITION)
    watch.add_argument(
        "--delay",
        type=float,
        metavar="SECONDS",
        help="pause after each decision (default: 0.4 on a terminal, none when the output is not one)",
    )
    watch.add_argument("--step", action="store_true", help="wait for Enter after each decision; q stops")
    watch.set_defaults(run=_watch)
    tour = commands.add_parser(
        "tournament",
        help="play many matches between bots and report win rates",
        description=(
            "Bots: random, heuristic, ismcts, ismcts-N, ismctsg-N, ismctsh-N, ismctsgh-N, or your own as package.module:factory "
            "(a function (game, seed) -> Player). Game options follow as --name value. The exit status is 1 "
            "when a bot's error failed a match."
        ),
    )
    tour.add_argument("game")
    tour.add_argument(
        "--lineup", required=True, help="one bot per seat, comma-separated; a single bot fills every seat"
    )
    tour.add_argument(
        "--bot-dir",
        default=".",
        metavar="DIR",
        help="where package.module:factory bots are imported from (default .)",
    )
    tour.add_argument(
        "--start-method",
        choices=("fork", "spawn", "forkserver"),
        help="how worker processes start (default: the platform's)",
    )
    tour.add_argument("--matches", type=int, default=100)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1; at most the CPUs and the matches)"
    )
    tour.add_argument("--backend", choices=("local", "ray"), default="local")
    tour.add_argument(
        "--address",
        help="the Ray cluster: HOST:PORT, ray://HOST:PORT or auto (default: RAY_ADDRESS, else a private instance)",
    )
    tour.add_argument(
        "--working-dir", metavar="DIR", help="ship DIR (your bot modules) to the Ray cluster's workers"
    )
    tour.add_argument(
        "--out", metavar="STEM", help="write STEM.jsonl as matches end, then STEM.json and STEM.csv"
    )
    tour.add_argument(
        "--resume", action="store_true", help="keep the matches STEM.jsonl holds; play the rest"
    )
    tour.add_argument(
        "--match", type=int, metavar="N", help="play match N alone, in this process, and show any traceback"
    )
    tour.set_defaults(run=_tournament)
    human = commands.add_parser(
        "play",
        help="play a match in the terminal against bots",
        description="Play one seat against bots. Game options follow as --name value; "
        "cardrules play GAME --help lists them. At the prompt, ? lists the moves.",
    )
    human.add_argument("game", help="the game's name (see: cardrules games)")
    human.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    human.add_argument(
        "--opponents",
        "--lineup",
        dest="opponents",
        default="heuristic",
        help=f"one bot for every other seat, or one per other seat, comma-separated ({_BOTS}; "
        "default heuristic)",
    )
    human.add_argument("--seed", type=int, help="the match seed (default: a fresh one, printed)")
    human.add_argument("--save", metavar="FILE", help="save the record when the match ends")
    human.add_argument("--auto", action="store_true", help="make a decision with one legal move for you")
    human.add_argument("--position", metavar="TEXT", help=_POSITION)
    human.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        help="ANSI colour: auto (on a terminal, unless NO_COLOR is set), always or never",
    )
    human.set_defaults(run=_play)
    replay = commands.add_parser(
        "replay",
        help="step through a saved match",
        description="Show a saved match, all at once or step by step (--step: Enter goes on, q quits).",
    )
    replay.add_argument("record", help="a record saved by watch, play or Record.to_dict()")
    replay.add_argument("--as-seat", type=int, help="show only what this seat saw")
    replay.add_argument(
        "--step",
        action="store_true",
        help="wait for Enter between steps, showing each position's notation; q quits",
    )
    replay.set_defaults(run=_replay)
    rules = commands.add_parser(
        "rules", help="print a game's rules and rulings (through a pager on a terminal)"
    )
    rules.add_argument("game", help="the game's name (see: cardrules games)")
    rules.set_defaults(run=_rules)
    web = commands.add_parser(
        "serve",
        help="host web tables of every game (needs the web extra)",
        description="Serve the web table: open http://HOST:PORT/ to open a table and share its seat links.",
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    web.add_argument(
        "--db",
        help="the SQLite file the tables are kept in (default: tables.sqlite3 in the user's data folder, "
        "~/.local/share/cardrules on Linux)",
    )
    web.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another Host name clients reach the server by (repeatable)",
    )
    web.set_defaults(run=_serve)
    listing = commands.add_parser("games", help="list the games")
    listing.set_defaults(run=_list)
    if game is not None:
        for command in (watch, human, tour):
            _add_game_options(command, game)
    return parser


_BOTS = "random, heuristic, ismcts, ismcts-N, ismctsg-N, ismctsh-N or ismctsgh-N"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    words = list(sys.argv[1:] if argv is None else argv)
    # The game's options join the parser for --help only: parsing them stays with parse_options and
    # the Game's own checks, one path whose errors name the option, the value and what is allowed.
    helping = "-h" in words or "--help" in words
    named = words[1] if helping and len(words) > 1 and words[0] in ("watch", "play", "tournament") else None
    parser = _parser(named)
    try:
        args, extra = parser.parse_known_args(words)
        if extra and args.command not in ("watch", "tournament", "play"):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # argparse has printed the usage and the problem, or --help, or --version
        return exc.code if isinstance(exc.code, int) else 2
    try:
        status: int = args.run(args, extra)
    except CardRulesError as exc:
        sys.stderr.write(f"cardrules: error: {exc}\n")
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("\nstopped.\n")
        return 130
    return status
