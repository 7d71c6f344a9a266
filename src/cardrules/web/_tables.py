"""The tables a server hosts: who sits where, the secret seat tokens, moves and bots.

A table is a :class:`~cardrules.web._storage.Match` being written: the game,
a seed the server drew and keeps to itself (or a position set up in the
lobby, kept as secret), and the moves so far.  Each human seat has a token,
handed out once in its seat link; the server keeps only its SHA-256.  What a
client receives is :meth:`Table.message` for its seat (or for a spectator):
that seat's view and nothing else of the state.  A seat may ask for advice on
its decision (:meth:`Hub.advise`): :func:`cardrules.advise` of its own view,
searched in the bots' lane under the server's budget.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .._advice import Advice, advise
from .._base import FORMAT, BaseGame, BaseMove, BaseState
from .._errors import CardRulesError, IllegalMoveError
from .._json import JSON, unstructure
from .._registry import games
from .._spectator import spectator_view
from ..bots import make_bot
from . import _games
from ._limits import Limits, WebError
from ._push import Watcher
from ._storage import BOT_NAME, TABLE_ID, Match, Storage

__all__ = ["Hub", "Table"]

_log = logging.getLogger("cardrules.web")
#: Every search, so that no spelling escapes the iteration limit.
_BOT_BUDGET = re.compile(r"ismcts[a-z]*-([0-9]+)(?:-t[0-9]+)?")
#: Bots that decide at once, on the server's own loop; every other bot is a search, run in the bots' lane.
QUICK_BOTS = frozenset({"random", "heuristic"})
#: Quick bots' moves made at once, before the server turns to other work (a table of bots only plays on).
_QUICK_MOVES = 50
#: How many of the last lines of the log a message carries.
_LOG_LINES = 200
#: Seeds are drawn below 2**53, so that every JSON reader (JavaScript's numbers) reads them exactly.
_SEEDS = 2**53


def _secret_seed() -> int:
    """A table's seed: unguessable, and below 2**53 so that JavaScript reads it exactly."""
    return secrets.randbelow(_SEEDS)


AnyGame = BaseGame[Any, Any]
AnyState = BaseState[Any, Any, Any]


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One match in progress, its seats and its watchers. Changed only through :class:`Hub`."""

    def __init__(self, table_id: str, match: Match, seats: list[dict[str, str]], touched: float) -> None:
        self.id = table_id
        self.game: AnyGame = match.game
        self.seed = match.seed
        #: The notation of the position the table started from; ``None`` for a deal from the seed.
        self.position = match.position
        self.seats = seats
        self.moves: list[BaseMove] = []
        self.state: AnyState = match.start()
        started = () if match.position is None else ("the match starts from a position set up in the lobby",)
        self.log: list[str] = [*started, *self.state.opening()]
        self.touched = touched
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.bots = {
            seat: make_bot(spec["bot"], self.game, seed=(self.seed + seat) % 2**63)
            for seat, spec in enumerate(seats)
            if "bot" in spec
        }
        #: The bot seats that search, in the bots' lane under its time budget.
        self.searching = frozenset(
            s for s, spec in enumerate(seats) if spec.get("bot") not in (None, *QUICK_BOTS)
        )
        #: The task moving this table's bots, while one runs.
        self.bot_task: asyncio.Task[None] | None = None
        self._messages: dict[int | None, tuple[tuple[int, frozenset[int | None]], dict[str, Any]]] = {}
        #: The advice given on the current position, by seat, and the search under way for it.
        self.advice: dict[int, tuple[int, dict[str, Any]]] = {}
        self.advising: asyncio.Future[tuple[Advice, ...]] | None = None
        for move in match.moves:
            self.commit(move, self.state.apply(move))

    @property
    def all_bots(self) -> bool:
        """Whether every seat is a bot's."""
        return len(self.bots) == len(self.seats)

    @property
    def match(self) -> Match:
        """The match so far, seed and position included: for the database, and for clients once it is over."""
        return Match(game=self.game, seed=self.seed, moves=tuple(self.moves), position=self.position)

    def commit(self, move: BaseMove, after: AnyState) -> None:
        """Make ``after`` (``state.apply(move)``, already saved) the table's position."""
        self.log.extend(self.state.describe(move, after))
        self.moves.append(move)
        self.state = after

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` opens, ``None`` for no token (a spectator); 403 for a wrong one."""
        if token is None:
            return None
        digest = _digest(token)
        for seat, spec in enumerate(self.seats):
            if hmac.compare_digest(spec.get("token_hash", ""), digest):
                return seat
        raise WebError(403, "this token opens no seat at this table")

    def message(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is shown: its view, its moves, the public log.

        Composed once per position and set of connected seats: the answer to a
        seat's move and the push to its WebSocket are the same dict (never changed).
        """
        connected = frozenset(w.seat for w in self.watchers)
        key = (len(self.moves), connected)
        kept = self._messages.get(seat)
        if kept is not None and kept[0] == key:
            return kept[1]
        message = self._compose(seat, connected)
        self._messages[seat] = (key, message)
        return message

    def _compose(self, seat: int | None, connected: frozenset[int | None]) -> dict[str, Any]:
        state = self.state
        seen = state.view(seat) if seat is not None else None
        view = seen.to_dict() if seen is not None else spectator_view(state)
        mine = seat is not None and state.current_player == seat
        legal = state.legal_moves() if mine else ()
        outcome = state.outcome
        message: dict[str, Any] = {
            "type": "table",
            "table": self.id,
            "game": self.game.name,
            "options": self.game.options(),
            "players": self.game.players,
            "seat": seat,
            "version": len(self.moves),
            "turn": state.current_player,
            "seats": [
                {
                    "seat": s,
                    "kind": "bot" if "bot" in spec else "human",
                    "bot": spec.get("bot"),
                    "connected": "bot" in spec or s in connected,
                }
                for s, spec in enumerate(self.seats)
            ],
            "teams": _games.teams(self.game),
            "labels": _games.labels(self.game),
            "view": view,
            "moves": [{"index": i, "text": str(m), "move": unstructure(m)} for i, m in enumerate(legal)],
            "refused": self._refused(seat) if seat is not None else [],
            "hint": None if seen is None else seen.hint(),
            "log": self.log[-_LOG_LINES:],
            "log_from": max(0, len(self.log) - _LOG_LINES),
            "outcome": None
            if outcome is None
            else {"winners": sorted(outcome.winners), "scores": list(outcome.scores), "text": str(outcome)},
        }
        if outcome is not None:  # the seed or the position, now that nothing is left to hide
            record = self.match.record
            if record is not None:
                message["record"] = record.to_dict()
            else:
                message["start"] = {
                    "position": self.position,
                    "moves": [move.to_notation() for move in self.moves],
                }
        return message

    def advice_message(self, seat: int, ranked: tuple[Advice, ...], seconds: float) -> dict[str, Any]:
        """The answer to a seat's request for advice: each advised move with its index among the legal moves."""
        legal = self.state.legal_moves()
        entries: list[dict[str, Any]] = [
            {
                "index": legal.index(advice.move),
                "text": str(advice.move),
                "move": unstructure(advice.move),
                "value": advice.value,
                "unit": advice.unit,
                "reason": advice.reason,
            }
            for advice in ranked
            if advice.move in legal
        ]
        return {
            "type": "advice",
            "table": self.id,
            "seat": seat,
            "version": len(self.moves),
            "seconds": seconds,
            "advice": entries,
        }

    def _refused(self, seat: int) -> list[dict[str, JSON]]:
        """For each control of the seat (a card of its hand, a write) that no legal move makes: the engine's reason.

        A card is refused when no legal move uses it at all; any other control
        when its move is not legal.
        """
        state = self.state
        legal = state.legal_moves() if state.current_player == seat else ()
        used: set[str] = set()
        for move in legal:
            data = unstructure(move)
            if isinstance(data, dict):
                for key in ("card", "cards"):
                    value = data.get(key)
                    used.update(
                        v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)
                    )
        refused: list[dict[str, JSON]] = []
        for control in _games.controls(state, seat):
            if control.card in used or control.move in legal:
                continue
            move = control.move
            reason = (
                state._illegal_message(move)
                if move is not None
                else f"{self.game.name}: no legal move of seat {seat} uses {control.card} now"
            )
            refused.append(
                {
                    "card": control.card,
                    "move": None if move is None else unstructure(move),
                    "text": None if move is None else str(move),
                    "reason": reason,
                }
            )
        return refused


class Hub:
    """Every table of one server, with its database, bots and watchers.

    Every change of a table is saved before it is made: a write that fails
    refuses the request (503) and leaves the table, its version and its
    watchers as they were.  Quick bots (:data:`QUICK_BOTS`) decide on the
    server's loop; a search bot decides in :class:`Searches`, under its time
    budget, one decision of each table in turn.
    """

    def __init__(
        self,
        storage: Storage | None,
        limits: Limits,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.limits = limits
        self.clock = clock
        self.seeds = seeds or _secret_seed
        self.tables: dict[str, Table] = {}
        self.searches = Searches(limits)
        self.watchers = 0
        if storage is not None:
            for table_id, match, seats, touched in storage.load():
                try:
                    for seat, spec in enumerate(seats):
                        if "bot" in spec:
                            self._check_bot(seat, spec["bot"], match.game)
                    self.tables[table_id] = Table(table_id, match, seats, touched)
                except (CardRulesError, WebError) as exc:
                    reason = exc.message if isinstance(exc, WebError) else str(exc)
                    _log.warning("table %s in %s does not load (%s); skipped", table_id, storage.path, reason)

    def create(self, body: object) -> tuple[Table, list[str | None]]:
        """A new table from a request body; returns it and each seat's token (``None`` for bots)."""
        if not isinstance(body, dict):
            raise WebError(400, "the request body must be a JSON object")
        unknown = sorted(set(body) - {"game", "options", "seats", "position"})
        if unknown:
            raise WebError(
                400, f"unknown field {', '.join(map(str, unknown))}; use game, options, seats and position"
            )
        game = _game(body.get("game"), body.get("options", {}))
        position = self._position(game, body.get("position"))
        seats_given = body.get("seats", ["human", *(["heuristic"] * (game.players - 1))])
        if not isinstance(seats_given, list) or len(seats_given) != game.players:
            raise WebError(400, f"seats must be a list of {game.players} entries, 'human' or a bot name")
        seats: list[dict[str, str]] = []
        tokens: list[str | None] = []
        for seat, name in enumerate(seats_given):
            if name == "human":
                token = secrets.token_urlsafe(24)
                seats.append({"token_hash": _digest(token)})
                tokens.append(token)
            else:
                self._check_bot(seat, name, game)
                seats.append({"bot": name})
                tokens.append(None)
        self._check_room(seats)
        table_id = secrets.token_urlsafe(16)
        table = Table(table_id, Match(game=game, seed=self.seeds(), position=position), seats, self.clock())
        if self.storage is not None:
            self.storage.save(table.id, table.match, table.seats, table.touched)
        self.tables[table_id] = table
        self.start_bots(table)
        return table, tokens

    def _position(self, game: AnyGame, text: object) -> str | None:
        """The position a new table starts from (``None``: a deal); 400 with the engine's reason if it is not one."""
        if text is None:
            return None
        limit = self.limits.max_position
        if not isinstance(text, str):
            raise WebError(400, f"position must be a position's notation (text); got {type(text).__name__}")
        if len(text) > limit:
            raise WebError(413, f"position is {len(text)} characters; at most {limit} are accepted")
        text = text.strip()
        try:
            state = game.from_notation(text)
        except CardRulesError as exc:
            raise WebError(400, str(exc)) from None
        if state.is_terminal:
            raise WebError(400, f"{game.name}: the position is of a finished match; there is nothing to play")
        return text

    def _check_room(self, seats: list[dict[str, str]]) -> None:
        """Refuse a table past the server's limits: tables, search bots at a table, all-bot tables."""
        limits = self.limits
        searching = sum(1 for spec in seats if spec.get("bot") not in (None, *QUICK_BOTS))
        if searching > limits.max_search_seats:
            raise WebError(
                400,
                f"a table may have at most {limits.max_search_seats} search bots (ismcts...); "
                f"this one has {searching}",
            )
        if all("bot" in spec for spec in seats):
            playing = sum(1 for t in self.tables.values() if t.all_bots and not t.state.is_terminal)
            if playing >= limits.max_bot_tables:
                raise WebError(
                    429,
                    f"the server is playing {playing} tables of bots only, its limit; "
                    "seat a human or try when one has finished",
                )
        if len(self.tables) >= limits.max_tables:
            self.evict()
            if len(self.tables) >= limits.max_tables:
                raise WebError(503, f"the server holds {len(self.tables)} tables, its limit; try later")

    def _check_bot(self, seat: int, name: object, game: AnyGame) -> None:
        if not isinstance(name, str) or not BOT_NAME.fullmatch(name):
            # Names only: never an import path, which would let a request load code on the server.
            raise WebError(400, f"seat {seat}: expected 'human' or a bot name, got {str(name)[:60]!r}")
        budget = _BOT_BUDGET.fullmatch(name)
        if budget and int(budget.group(1)) > self.limits.max_bot_iterations:
            raise WebError(
                400,
                f"seat {seat}: bot {name!r} searches more than {self.limits.max_bot_iterations} iterations",
            )
        try:
            make_bot(name, game)
        except CardRulesError as exc:
            raise WebError(400, f"seat {seat}: {exc}") from None

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; 404 if there is none (or it was evicted)."""
        table = self.tables.get(table_id) if TABLE_ID.fullmatch(table_id) else None
        if table is None:
            raise WebError(404, "no such table (it may have been evicted after a long idle time)")
        table.touched = self.clock()
        self.start_bots(table)  # bots stopped by a failed write try again
        return table

    async def move(self, table: Table, seat: int | None, body: object) -> None:
        """Apply the move a seat's client asked for; 4xx (and nothing changed) if it may not."""
        if seat is None:
            raise WebError(403, "a move needs the seat's token (Authorization: Bearer TOKEN)")
        if not isinstance(body, dict) or "move" not in body or set(body) - {"move", "version"}:
            raise WebError(400, 'expected {"move": INDEX or MOVE, "version": N}')
        async with table.lock:
            state = table.state
            version = body.get("version", len(table.moves))
            if version != len(table.moves):
                raise WebError(409, f"the table has moved on (version {len(table.moves)}, not {version!r})")
            move = _chosen(state, seat, body["move"])
            try:
                after = state.apply(move)
            except IllegalMoveError as exc:
                raise WebError(409, str(exc)) from None
            self._advance(table, move, after)
            self._quick_moves(table)
        self.changed(table)
        self.start_bots(table)

    async def advise(self, table: Table, seat: int | None) -> dict[str, Any]:
        """Advice on ``seat``'s decision, from its own view only: :func:`cardrules.advise` in the bots' lane.

        The search takes ``limits.advice_seconds`` of CPU at most.  One search
        runs for a table at a time (a second request waits for its answer),
        and its answer is kept until the table moves on.  409 when it is not
        the seat's decision.
        """
        if seat is None:
            raise WebError(403, "advice needs the seat's token (Authorization: Bearer TOKEN)")
        while True:
            version = len(table.moves)
            if table.state.current_player != seat:
                state = table.state
                who = "nobody's: the match is over" if state.is_terminal else f"seat {state.current_player}'s"
                raise WebError(409, f"there is no decision of seat {seat} to advise on; it is {who}")
            kept = table.advice.get(seat)
            if kept is not None and kept[0] == version:
                return kept[1]
            running = table.advising
            if running is None:
                view = table.state.view(seat)  # the seat's own view: the search sees nothing it may not
                running = self.searches.advise(view, seed=version)
                table.advising = running
            try:
                ranked = await asyncio.shield(running)
            except CardRulesError as exc:
                raise WebError(409, str(exc)) from None
            finally:
                if table.advising is running and running.done():
                    table.advising = None
            if len(table.moves) == version:
                answer = table.advice_message(seat, ranked, self.limits.advice_seconds)
                table.advice = {seat: (version, answer)}
                return answer

    def _advance(self, table: Table, move: BaseMove, after: AnyState) -> None:
        """Save ``move``, then make it: a failed write (503) changes nothing."""
        touched = self.clock()
        if self.storage is not None:
            self.storage.append(table.id, len(table.moves), unstructure(move), touched)
        table.commit(move, after)
        table.touched = touched

    def start_bots(self, table: Table) -> None:
        """Let the bot seats move, in the background, until a human's turn or the end."""
        running = table.bot_task is not None and not table.bot_task.done()
        if table.state.current_player in table.bots and not running:
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    def _quick_moves(self, table: Table) -> bool:
        """Let quick bots move at once, up to :data:`_QUICK_MOVES`; ``False`` if a bot or a write failed.

        Their moves go out together, in one message to each watcher.  Call it holding the table's lock.
        """
        for _ in range(_QUICK_MOVES):
            state = table.state
            seat = state.current_player
            if seat not in table.bots or seat in table.searching:
                return True
            try:
                move = table.bots[seat].choose(state.view(seat), state.legal_moves())
                after = state.apply(move)
            except Exception as exc:  # a bot's fault stops that table's bots, not the server
                _log.warning("table %s: the bot of seat %s failed (%r); its bots stop", table.id, seat, exc)
                return False
            try:
                self._advance(table, move, after)
            except WebError as exc:  # tried again at the table's next visit
                _log.warning("table %s: a bot's move is not saved: %s", table.id, exc.message)
                return False
        return True

    async def _run_bots(self, table: Table) -> None:
        while True:
            state = table.state
            seat = state.current_player
            if seat not in table.bots:
                return
            if seat not in table.searching:
                async with table.lock:
                    going = self._quick_moves(table)
                self.changed(table)
                if not going:
                    return
                await asyncio.sleep(0)
                continue
            version = len(table.moves)
            bot = table.bots[seat]
            try:
                move = await self.searches.choose(bot, state.view(seat), state.legal_moves())
                after = state.apply(move)
            except Exception as exc:  # a bot's fault stops that table's bots, not the server
                _log.warning("table %s: the bot of seat %s failed (%r); its bots stop", table.id, seat, exc)
                return
            async with table.lock:
                if len(table.moves) != version:
                    continue
                try:
                    self._advance(table, move, after)
                except WebError as exc:  # tried again at the table's next visit
                    _log.warning("table %s: a bot's move is not saved: %s", table.id, exc.message)
                    return
            self.changed(table)
            await asyncio.sleep(0)

    def changed(self, table: Table) -> None:
        """Tell every watcher of ``table`` that it has a new message."""
        for watcher in list(table.watchers):
            watcher.offer(table.message)

    def watch(self, table: Table, seat: int | None) -> Watcher:
        """A new watcher of ``table``; 503 past the connection limits."""
        if self.watchers >= self.limits.max_connections or len(table.watchers) >= self.limits.max_watchers:
            raise WebError(503, "too many connections; try later")
        watcher = Watcher(seat)
        table.watchers.add(watcher)
        self.watchers += 1
        self.changed(table)
        return watcher

    def unwatch(self, table: Table, watcher: Watcher) -> None:
        """Forget a watcher whose connection closed."""
        if watcher in table.watchers:
            table.watchers.discard(watcher)
            self.watchers -= 1
            watcher.close()
            self.changed(table)

    def evict(self) -> list[str]:
        """Drop the tables idle for longer than ``limits.idle_seconds``; returns their ids."""
        cutoff = self.clock() - self.limits.idle_seconds
        gone = [t.id for t in self.tables.values() if t.touched < cutoff and not t.watchers]
        for table_id in gone:
            table = self.tables.pop(table_id)
            if table.bot_task is not None:
                table.bot_task.cancel()
            if self.storage is not None:
                self.storage.delete(table_id)
        return gone

    async def close(self) -> None:
        """Stop the bots and close every watcher."""
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for watcher in list(table.watchers):
                watcher.close()
        self.searches.close()


class Searches:
    """The lane search bots decide in: ``limits.search_threads`` threads, each decision cut at its budget.

    A table asks for one decision at a time and asks again only once it is
    made, so the lane's first-come queue takes the tables in turn: one
    table's bots cannot starve the others.  A bot that searches for a time
    (``time_limit``, as :class:`~cardrules.bots.ISMCTSPlayer` does) has it cut
    to ``limits.bot_seconds``.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._pool = ThreadPoolExecutor(limits.search_threads, thread_name_prefix="cardrules-search")

    async def choose(self, bot: Any, view: Any, legal: Sequence[BaseMove]) -> BaseMove:
        """``bot``'s move, decided in the lane."""
        budget = self.limits.bot_seconds
        if hasattr(bot, "time_limit") and (bot.time_limit is None or bot.time_limit > budget):
            bot.time_limit = budget
        move: BaseMove = await asyncio.get_running_loop().run_in_executor(self._pool, bot.choose, view, legal)
        return move

    def advise(self, view: Any, *, seed: int) -> asyncio.Future[tuple[Advice, ...]]:
        """:func:`cardrules.advise` of ``view``, in the lane, with ``limits.advice_seconds`` of CPU."""
        call = functools.partial(advise, view, seed=seed, time_limit=self.limits.advice_seconds)
        return asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        """Let the decisions under way end; start no other."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _game(name: object, options: object) -> AnyGame:
    registry = games()
    if not isinstance(name, str) or name not in registry:
        raise WebError(400, f"game must be one of {', '.join(sorted(registry))}; got {name!r}")
    if not isinstance(options, dict):
        raise WebError(400, f"options must be an object of {name}'s options; got {options!r}")
    cls = registry[name]
    unknown = sorted(set(options) - set(cls().options()))
    if unknown:
        raise WebError(400, f"{name} has no option {', '.join(map(repr, unknown))}")
    data = {**cls().options(), **options}
    try:
        return cls.from_dict({"game": name, "kind": "game", "format": FORMAT, "data": data})
    except CardRulesError as exc:
        raise WebError(400, str(exc)) from None


def _chosen(state: AnyState, seat: int, choice: object) -> BaseMove:
    """The move a client named by its index in the legal moves or by its JSON."""
    if state.current_player != seat:
        who = "nobody's: the match is over" if state.is_terminal else f"seat {state.current_player}'s"
        raise WebError(409, f"it is not seat {seat}'s decision; it is {who}")
    legal = state.legal_moves()
    if isinstance(choice, int) and not isinstance(choice, bool):
        if not 0 <= choice < len(legal):
            raise WebError(
                409, f"move must be an index of the legal moves, 0 to {len(legal) - 1}; got {choice}"
            )
        move: BaseMove = legal[choice]
        return move
    if isinstance(choice, Mapping):
        try:
            move = state._move_type.from_dict(choice)
        except CardRulesError as exc:
            raise WebError(400, str(exc)) from None
        if move.seat != seat:
            raise WebError(403, f"this move is seat {move.seat}'s; the token is seat {seat}'s")
        return move
    raise WebError(400, f"move must be an index of the legal moves or a move's JSON; got {choice!r}")
