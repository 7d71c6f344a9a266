"""The ``cardrules`` command: watch bots play, list the games."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from ._base import BaseGame, BaseMove, BaseState
from ._errors import CardRulesError
from ._record import play
from ._registry import game as make_game
from ._registry import games

__all__ = ["main", "parse_options"]


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


def _watch(args: argparse.Namespace, extra: Sequence[str]) -> int:
    game = make_game(args.game, **parse_options(extra))
    players = _players(game, args.bots, args.seed)
    out = sys.stdout
    out.write(f"{game}, seed {args.seed}: {', '.join(f'seat {i} {p!r}' for i, p in enumerate(players))}\n")
    for line in game.new_state(args.seed).opening():
        out.write(f"{line}\n")

    def narrate(before: BaseState[Any, Any, Any], move: BaseMove, after: BaseState[Any, Any, Any]) -> None:
        for line in before.describe(move, after):
            out.write(f"  {line}\n")

    record = play(game, players, args.seed, on_move=narrate)
    outcome = record.outcome
    assert outcome is not None
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(outcome.scores))
    out.write(f"{len(record.moves)} decisions; final scores {scores}; {outcome}\n")
    if args.save:
        import json

        with open(args.save, "w", encoding="utf-8") as handle:
            json.dump(record.to_dict(), handle, ensure_ascii=False)
        out.write(f"record saved to {args.save}\n")
    return 0


def _tournament(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from ._tournament import save, tournament

    game = make_game(args.game, **parse_options(extra))
    # Like uvicorn's --app-dir: "mybots:greedy" imports from the current directory (or --bot-dir).
    sys.path.insert(0, os.path.abspath(args.bot_dir))
    lineup = [n.strip() for n in args.lineup.split(",") if n.strip()]
    result = tournament(
        game,
        lineup,
        args.matches,
        args.seed,
        args.jobs,
        backend=args.backend,
        address=args.address,
        start_method=args.start_method,
    )
    sys.stdout.write(f"{game}: {args.matches} matches, seed {args.seed}, lineup {', '.join(result.lineup)}\n")
    sys.stdout.write(result.table() + "\n")
    for error in result.errors:
        sys.stdout.write(f"bot error: match {error.match} (seed {error.match_seed}), seat {error.seat} "
                         f"{error.bot}: {error.message}\n")  # fmt: skip
    if args.out:
        json_path, csv_path = save(result, args.out)
        sys.stdout.write(f"results saved to {json_path} and {csv_path}\n")
    return 0


def _play(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from ._terminal import play_in_terminal

    game = make_game(args.game, **parse_options(extra))
    if not 0 <= args.seat < game.players:
        raise CardRulesError(f"--seat must be from 0 to {game.players - 1}; got {args.seat}")
    from .bots import make_bot

    opponents = [
        make_bot(args.opponents, game, seed=args.seed * 100 + s)
        for s in range(game.players)
        if s != args.seat
    ]
    sys.stdout.write(f"{game}: you are seat {args.seat}; Ctrl-C stops (and offers to save the match)\n")
    moves: list[Any] = []
    try:
        record = play_in_terminal(game, args.seat, opponents, args.seed, input, sys.stdout, moves)
    except (KeyboardInterrupt, EOFError):
        sys.stdout.write("\nstopped.\n")
        from ._record import Record

        record = Record(game, args.seed, tuple(moves))
        try:
            path = input("save the record to (empty: don't save): ").strip()
        except (KeyboardInterrupt, EOFError):
            path = ""
        if path:
            _save_record(record, path)
        return 130
    if args.save:
        _save_record(record, args.save)
    return 0


def _save_record(record: Any, path: str) -> None:
    import json

    with open(path, "w", encoding="utf-8") as handle:
        json.dump(record.to_dict(), handle, ensure_ascii=False)
    sys.stdout.write(f"record saved to {path}\n")


def _replay(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from ._terminal import load_record, show_record

    record = load_record(args.record)
    ask = input if args.step else None
    show_record(record, args.as_seat, ask, sys.stdout)
    return 0


def _rules(args: argparse.Namespace, extra: Sequence[str]) -> int:
    from importlib import resources

    if args.game not in games():
        raise CardRulesError(f"unknown game {args.game!r}; the games are {', '.join(sorted(games()))}")
    text = resources.files(f"cardrules.{args.game}").joinpath("RULES.md").read_text(encoding="utf-8")
    sys.stdout.write(text)
    return 0


def _list(args: argparse.Namespace, extra: Sequence[str]) -> int:
    for name, cls in sorted(games().items()):
        doc = (cls.__doc__ or "").strip().splitlines()[0]
        sys.stdout.write(f"{name:18} {doc}\n")
    return 0


def _serve(args: argparse.Namespace, extra: Sequence[str]) -> int:
    try:
        from .web import serve
    except ImportError as exc:
        raise CardRulesError(
            f"cardrules serve needs the web extra: pip install 'cardrules[web]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CardRulesError(f"--port must be from 0 to 65535; got {args.port}")
    sys.stdout.write(f"cardrules tables on http://{args.host}:{args.port}/ (tables kept in {args.db})\n")
    serve(args.host, args.port, args.db, allowed_hosts=args.allow_host)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardrules", description="Rules engines for five card games.")
    commands = parser.add_subparsers(dest="command", required=True)
    watch = commands.add_parser(
        "watch",
        help="watch bots play a whole match, narrated move by move",
        description="Watch bots play a match. Game options follow as --name value (e.g. --target 12).",
    )
    watch.add_argument("game", help="the game's name (see: cardrules games)")
    watch.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    watch.add_argument(
        "--bots", default="random", help="one bot for all seats, or one per seat, comma-separated"
    )
    watch.add_argument("--save", metavar="FILE", help="save the match record as JSON")
    watch.set_defaults(run=_watch)
    tour = commands.add_parser(
        "tournament",
        help="play many matches between bots and report win rates",
        description=(
            "Bots: random, heuristic, ismcts, ismcts-N, ismctsh-N, or your own as package.module:factory "
            "(a function (game, seed) -> Player). Game options follow as --name value."
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
    tour.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    tour.add_argument("--backend", choices=("local", "ray"), default="local")
    tour.add_argument("--address", help="the Ray cluster's address (with --backend ray)")
    tour.add_argument("--out", metavar="STEM", help="save STEM.json and STEM.csv")
    tour.set_defaults(run=_tournament)
    human = commands.add_parser(
        "play",
        help="play a match in the terminal against bots",
        description="Play one seat against bots. Game options follow as --name value.",
    )
    human.add_argument("game")
    human.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    human.add_argument(
        "--opponents", default="heuristic", help="random, heuristic, ismcts, ismcts-N or ismctsh-N"
    )
    human.add_argument("--seed", type=int, default=1)
    human.add_argument("--save", metavar="FILE", help="save the record when the match ends")
    human.set_defaults(run=_play)
    replay = commands.add_parser("replay", help="step through a saved match")
    replay.add_argument("record", help="a record saved by watch, play or Record.to_dict()")
    replay.add_argument("--as-seat", type=int, help="show only what this seat saw")
    replay.add_argument("--step", action="store_true", help="wait for Enter between steps")
    replay.set_defaults(run=_replay)
    rules = commands.add_parser("rules", help="print a game's rules and rulings")
    rules.add_argument("game")
    rules.set_defaults(run=_rules)
    web = commands.add_parser(
        "serve",
        help="host web tables of every game (needs the web extra)",
        description="Serve the web table: open http://HOST:PORT/ to open a table and share its seat links.",
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    web.add_argument(
        "--db", default="cardrules-tables.sqlite3", help="the SQLite file the tables are kept in"
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("watch", "tournament", "play"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = args.run(args, extra)
    except CardRulesError as exc:
        sys.stderr.write(f"cardrules: error: {exc}\n")
        return 2
    except BrokenPipeError:
        return 0
    return status
