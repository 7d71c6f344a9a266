"""The routes of the web table: pages, the JSON API, schemas and the live WebSocket.

==========================================  ===========================================
``GET /``, ``GET /table/ID``                 the browser client (static files)
``GET /api/games``                           the games, their default options, the bots
``GET /api/games/GAME``                      the game's summary, options with help, printed card names
``GET /api/tables/ID/catalogue``             the same for the game of one table (its own deck)
``GET /api/schemas/GAME/KIND``               :func:`cardrules.schema` of each kind (``SCHEMA_KINDS``), ``table`` or ``advice``
``GET /api/openapi.json``                    the OpenAPI document of these endpoints and their messages
``POST /api/tables``                         a new table: its seat links and spectator link
``GET /api/tables/ID``                       the table as a seat (``Authorization``) or a spectator
``POST /api/tables/ID/moves``                a seat's move, by index or JSON (``Authorization``)
``POST /api/tables/ID/advice``               advice on the seat's decision (``Authorization``)
``WS /api/tables/ID/live``                   the table pushed to a seat or spectator as it changes
==========================================  ===========================================
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .._errors import CardRulesError, ConfigError
from .._registry import games
from .._schema import SCHEMA_KINDS, schema
from ..bots import BOTS
from ._catalogue import catalogue
from ._guard import Guard
from ._limits import Budgets, Limits, WebError, checked_db, checked_limits, checked_names, parse_json
from ._messages import MESSAGE_KINDS, message_schema, openapi
from ._storage import Storage
from ._tables import Hub, Table

__all__ = ["DEFAULT_HOSTS", "create_app"]

STATIC = Path(__file__).parent / "static"
#: The Host names answered by default: this machine only.
DEFAULT_HOSTS = ("127.0.0.1", "localhost", "[::1]")
_BODY_SECONDS = 10.0
_HELLO_SECONDS = 10.0


def create_app(
    db: str | Path | None = None,
    *,
    hosts: Iterable[str] = DEFAULT_HOSTS,
    origins: Iterable[str] = (),
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
    seeds: Callable[[], int] | None = None,
) -> Starlette:
    """The ASGI app of the web table, for uvicorn or any ASGI server.

    ``db`` is the SQLite file the tables live in (``None``: memory only, lost
    on restart).  ``hosts`` are the Host names it answers to; requests from a
    browser are accepted from its own origin and from ``origins``.  ``seeds``
    gives each new table its seed (default: an unguessable one from
    :mod:`secrets`; tests pass a fixed source to replay the same deals).
    """
    db = checked_db("create_app", db)
    hosts = checked_names("create_app: hosts", hosts)
    origins = checked_names("create_app: origins", origins)
    limits = checked_limits("create_app", limits)
    if not callable(clock) or (seeds is not None and not callable(seeds)):
        raise ConfigError("create_app: clock and seeds must be functions (seeds may be None)")
    storage = Storage(db) if db is not None else None
    hub = Hub(storage, limits, clock=clock, seeds=seeds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in list(hub.tables.values()):
            hub.start_bots(table)
        evictor = asyncio.get_running_loop().create_task(_evict_now_and_then(hub))
        try:
            yield
        finally:
            evictor.cancel()
            await hub.close()
            if storage is not None:
                storage.close()

    routes = [
        Route("/", _page, methods=["GET"]),
        Route("/table/{table_id}", _page, methods=["GET"]),
        Route("/api/games", _games, methods=["GET"]),
        Route("/api/games/{game}", _game_catalogue, methods=["GET"]),
        Route("/api/schemas/{game}/{kind}", _schema, methods=["GET"]),
        Route("/api/openapi.json", _openapi, methods=["GET"]),
        Route("/favicon.ico", _favicon, methods=["GET"]),
        Route("/api/tables", _create, methods=["POST"]),
        Route("/api/tables/{table_id}", _table, methods=["GET"]),
        Route("/api/tables/{table_id}/moves", _move, methods=["POST"]),
        Route("/api/tables/{table_id}/advice", _advice, methods=["POST"]),
        Route("/api/tables/{table_id}/catalogue", _table_catalogue, methods=["GET"]),
        WebSocketRoute("/api/tables/{table_id}/live", _live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={WebError: _refused, HTTPException: _http_error, Exception: _crashed},
    )
    app.state.hub = hub
    app.state.limits = limits
    app.state.budgets = budgets = Budgets(limits)
    app.add_middleware(Guard, hosts=hosts, origins=origins, limits=limits, budgets=budgets)
    return app


async def _evict_now_and_then(hub: Hub) -> None:
    while True:
        await asyncio.sleep(min(60.0, hub.limits.idle_seconds / 4))
        hub.evict()


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"cache-control": "no-store"})


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, WebError)
    return _json({"error": exc.message, "status": exc.status}, exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: f"nothing at {request.url.path[:80]}", 405: f"{request.method} is not allowed here"}
    message = messages.get(exc.status_code, str(exc.detail))
    return _json({"error": message, "status": exc.status_code}, exc.status_code)


async def _crashed(request: Request, exc: Exception) -> Response:
    return _json({"error": f"the server failed on this request ({type(exc).__name__})", "status": 500}, 500)


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-store"})


async def _games(request: Request) -> Response:
    listing = {
        name: {
            "players": cls().players,
            "options": cls().options(),
            "examples": [g.options() for g in cls.examples()],
        }
        for name, cls in games().items()
    }
    return _json(
        {"games": listing, "bots": [*sorted(BOTS), "ismcts-N", "ismctsg-N", "ismctsh-N", "ismctsgh-N"]}
    )


async def _game_catalogue(request: Request) -> Response:
    cls = games().get(request.path_params["game"])
    if cls is None:
        raise WebError(
            404, f"no game {request.path_params['game'][:40]!r}; the games are {', '.join(games())}"
        )
    return _json(catalogue(cls()))


async def _table_catalogue(request: Request) -> Response:
    return _json(catalogue(_hub(request).get(request.path_params["table_id"]).game))


async def _favicon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def _schema(request: Request) -> Response:
    game, kind = request.path_params["game"], request.path_params["kind"]
    if kind not in (*SCHEMA_KINDS, *MESSAGE_KINDS):
        raise WebError(
            404,
            f"no schema kind {kind[:40]!r}; the kinds are {', '.join((*SCHEMA_KINDS, *MESSAGE_KINDS))}",
        )
    try:
        document = message_schema(game, kind) if kind in MESSAGE_KINDS else schema(game, kind)
    except CardRulesError as exc:
        raise WebError(404, str(exc)) from None
    return JSONResponse(document, media_type="application/schema+json")


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi())


async def _body(request: Request) -> Any:
    limits: Limits = request.app.state.limits
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(_BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limits.max_body:
                    raise WebError(413, f"the body is over {limits.max_body} bytes, the most accepted")
                chunks.append(chunk)
    except TimeoutError:
        raise WebError(408, f"the body did not arrive within {_BODY_SECONDS:g} seconds") from None
    return parse_json(b"".join(chunks), limits, "the request body")


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise WebError(401, "write the seat's token as Authorization: Bearer TOKEN")
    return token.strip()


def _links(table: Table, tokens: list[str | None]) -> dict[str, Any]:
    page = f"/table/{table.id}"
    return {
        "table": table.id,
        "spectate": page,
        "seats": [
            {"seat": seat, "link": None if token is None else f"{page}#seat={token}", "token": token}
            for seat, token in enumerate(tokens)
        ],
    }


async def _create(request: Request) -> Response:
    table, tokens = _hub(request).create(await _body(request))
    return _json(_links(table, tokens), 201)


async def _table(request: Request) -> Response:
    table = _hub(request).get(request.path_params["table_id"])
    return _json(table.message(table.seat_of(_token(request))))


async def _move(request: Request) -> Response:
    hub = _hub(request)
    table = hub.get(request.path_params["table_id"])
    seat = table.seat_of(_token(request))
    body = await _body(request)
    await hub.move(table, seat, body)
    return _json(table.message(seat))


async def _advice(request: Request) -> Response:
    hub = _hub(request)
    table = hub.get(request.path_params["table_id"])
    seat = table.seat_of(_token(request))
    body = await _body(request)
    if not isinstance(body, dict) or set(body) - {"version"}:
        raise WebError(400, 'expected {"version": N}')
    version = body.get("version", len(table.moves))
    if version != len(table.moves):
        raise WebError(409, f"the table has moved on (version {len(table.moves)}, not {version!r})")
    return _json(await hub.advise(table, seat))


async def _live(websocket: WebSocket) -> None:
    hub = _hub(websocket)
    limits: Limits = websocket.app.state.limits
    try:
        table = hub.get(websocket.path_params["table_id"])
    except WebError as exc:
        await websocket.close(code=1008, reason=exc.message[:120])
        return
    await websocket.accept()
    try:
        async with asyncio.timeout(_HELLO_SECONDS):
            hello = await _receive(websocket, limits)
        if not isinstance(hello, dict) or hello.get("type") != "hello" or set(hello) - {"type", "token"}:
            raise WebError(400, 'the first message must be {"type": "hello", "token": TOKEN or null}')
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise WebError(400, "token must be a string or null")
        seat = table.seat_of(token)
        watcher = hub.watch(table, seat)
    except (WebError, TimeoutError, WebSocketDisconnect) as exc:
        with contextlib.suppress(Exception):
            message = exc.message if isinstance(exc, WebError) else "no hello in time"
            await websocket.send_json({"type": "error", "error": message})
            await websocket.close(code=1008)
        return
    sender = asyncio.get_running_loop().create_task(_send_all(websocket, watcher))
    budgets: Budgets = websocket.app.state.budgets
    try:
        while True:
            await _receive(websocket, limits)  # clients have nothing more to say: moves go by POST
            spent = budgets.spend(websocket.scope.get("client"))
            if spent is not None:
                await websocket.close(code=1008, reason=spent)
                break
            await websocket.send_json({"type": "error", "error": "moves go to POST /api/tables/ID/moves"})
    except (WebSocketDisconnect, WebError, RuntimeError):
        pass
    finally:
        hub.unwatch(table, watcher)
        sender.cancel()


async def _receive(websocket: WebSocket, limits: Limits) -> Any:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("bytes") or (message.get("text") or "").encode()
    if len(raw) > limits.max_message:
        raise WebError(413, f"a message is at most {limits.max_message} bytes")
    return parse_json(raw, limits, "the message")


async def _send_all(websocket: WebSocket, watcher: Any) -> None:
    with contextlib.suppress(Exception):
        while (message := await watcher.next()) is not None:
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
