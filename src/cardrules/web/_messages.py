"""JSON Schemas of every message the web table sends and accepts, and the OpenAPI document of its endpoints.

The table message embeds the game's own schemas (:func:`cardrules.schema`):
the view a seat is sent, a spectator's, the moves and, once the match is
over, the record.  The advice message (the answer to a seat's hint request)
embeds the game's moves.  :func:`message_schema` gives the table or advice
message of one game as a standalone JSON Schema (draft 2020-12, its classes
under ``$defs``); :func:`openapi` the OpenAPI 3.1 document of every endpoint,
whose ``components.schemas`` hold every message and each game's classes
(``malilla.View``, ``malilla.Card``, ...).  Both are what the app serves, at
``/api/schemas/GAME/table``, ``/api/schemas/GAME/advice`` and
``/api/openapi.json``.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any, cast, get_args

from .. import __version__
from .._advice import Unit
from .._errors import ConfigError
from .._json import JSON
from .._registry import games
from .._schema import SCHEMA_KINDS, largest_table, schema
from ._limits import Limits
from ._storage import BOT_NAME

__all__ = ["MESSAGES", "MESSAGE_KINDS", "message_schema", "openapi"]

#: The messages of one game :func:`message_schema` describes, with the name of their part.
MESSAGE_KINDS = {"table": "TableMessage", "advice": "AdviceMessage"}

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The most seats of any game's table.
_SEATS = 8


def _game_names() -> list[JSON]:
    return list(sorted(games()))


def _text(description: str, **more: JSON) -> dict[str, JSON]:
    return {"type": "string", "description": description, **more}


def _int(description: str, minimum: int | None = 0, maximum: int | None = None) -> dict[str, JSON]:
    found: dict[str, JSON] = {"type": "integer", "description": description}
    if minimum is not None:
        found["minimum"] = minimum
    if maximum is not None:
        found["maximum"] = maximum
    return found


def _object(description: str, properties: dict[str, JSON], optional: tuple[str, ...] = ()) -> dict[str, JSON]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _nullable(node: dict[str, JSON], description: str) -> dict[str, JSON]:
    return {"anyOf": [node, {"type": "null"}], "description": description}


#: The messages every game shares, by name: what clients send, and the answers that are not a table.
MESSAGES: dict[str, dict[str, JSON]] = {
    "Error": _object(
        "A refused request (a 4xx, or a 5xx for the server's own fault): what was wrong. Nothing changed.",
        {
            "error": _text("What was wrong, in words."),
            "status": _int("The HTTP status, repeated.", 400, 599),
        },
    ),
    "SocketError": _object(
        "Sent over the WebSocket before it is closed (code 1008), or in answer to a message it does not take.",
        {
            "type": {"const": "error", "description": "What the message is."},
            "error": _text("What was wrong."),
        },
    ),
    "Hello": _object(
        "The first message a WebSocket client sends: whom it watches as.",
        {
            "type": {"const": "hello", "description": "What the message is."},
            "token": _nullable(
                _text("A seat's token, from its seat link.", minLength=1),
                "The seat's token; null to watch as a spectator.",
            ),
        },
    ),
    "CreateTable": _object(
        "The body of POST /api/tables: a new table.",
        {
            "game": {"enum": _game_names(), "description": "The game's name."},
            "options": {
                "type": "object",
                "description": "The game's options (GET /api/games lists each game's defaults); those left out keep them.",
            },
            "seats": {
                "type": "array",
                "description": "One entry per seat: 'human' (the table hands out a seat link) or a bot's name; "
                "by default a human at seat 0 and heuristic bots.",
                "minItems": 1,
                "maxItems": _SEATS,
                "items": {
                    "type": "string",
                    "description": "'human', or a bot: random, heuristic, ismcts, ismcts-N, ismctsg-N, ismctsh-N, "
                    "ismctsgh-N (N iterations), each search with -tD in some games.",
                    "pattern": f"^(human|{BOT_NAME.pattern})$",
                },
            },
            "position": _text(
                "The position the table starts from, in the game's notation (state.to_notation(); read with "
                "game.from_notation in the configuration the options make); left out, the server deals. "
                "A text that is not one is refused (400) with the engine's reason.",
                maxLength=Limits().max_position,
            ),
        },
        optional=("options", "seats", "position"),
    ),
    "AskAdvice": _object(
        "The body of POST /api/tables/ID/advice: advice on the seat's decision.",
        {
            "version": _int(
                "The version of the table message the advice is for: an older one is refused (409)."
            ),
        },
        optional=("version",),
    ),
    "Created": _object(
        "The answer to POST /api/tables (201): the seat links, each shown only this once.",
        {
            "table": _text("The table's id.", pattern="^[A-Za-z0-9_-]{16,64}$"),
            "spectate": _text("The page a spectator opens."),
            "seats": {
                "type": "array",
                "description": "One entry per seat, in seat order.",
                "maxItems": _SEATS,
                "items": _object(
                    "A seat and its secret link.",
                    {
                        "seat": _int("The seat.", 0, _SEATS - 1),
                        "link": _nullable(
                            _text("The page the seat's player opens."), "The seat link; null for a bot."
                        ),
                        "token": _nullable(
                            _text("The seat's token: Authorization: Bearer TOKEN."),
                            "The seat's token; null for a bot.",
                        ),
                    },
                ),
            },
        },
    ),
    "PlayMove": _object(
        "The body of POST /api/tables/ID/moves: a seat's move.",
        {
            "move": {
                "description": "The index of one of the table message's moves, or a move's to_dict() "
                "(validate it against GET /api/schemas/GAME/move).",
                "anyOf": [{"type": "integer", "minimum": 0}, {"type": "object"}],
            },
            "version": _int(
                "The version of the table message the move was chosen on: an older one is refused (409)."
            ),
        },
        optional=("version",),
    ),
    "Games": _object(
        "The answer to GET /api/games.",
        {
            "games": {
                "type": "object",
                "description": "Each game, by name.",
                "additionalProperties": _object(
                    "One game.",
                    {
                        "players": _int("The seats of a table with the default options.", 1, _SEATS),
                        "options": {"type": "object", "description": "The default options."},
                        "examples": {
                            "type": "array",
                            "items": {"type": "object"},
                            "description": "Example configurations (their options).",
                        },
                    },
                ),
            },
            "bots": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The bot names a seat may take.",
            },
        },
    ),
}


def message_schema(game_name: str, kind: str = "table") -> dict[str, JSON]:
    """The JSON Schema (draft 2020-12) of a message of ``game_name``: of ``kind`` ``"table"``, the table
    message a seat or a spectator is sent; ``"advice"``, the answer to a seat's request for advice.

    Raises :class:`~cardrules.ConfigError` for an unknown game or kind.  A fresh dict.
    """
    schema(game_name, "view")  # refuses an unknown game
    if kind not in MESSAGE_KINDS:
        raise ConfigError(f"no message kind {kind!r}; the kinds are {', '.join(MESSAGE_KINDS)}")
    return cast(dict[str, JSON], json.loads(_message_text(game_name, kind)))


@functools.cache
def _message_text(game_name: str, kind: str) -> str:
    parts = _game_parts(game_name, lambda name: f"#/$defs/{name}")
    body = cast(dict[str, JSON], parts.pop(MESSAGE_KINDS[kind]))
    for other in MESSAGE_KINDS.values():
        parts.pop(other, None)
    document: dict[str, JSON] = {
        "$schema": _DIALECT,
        "$id": f"https://cardrules.invalid/schemas/{game_name}/{kind}.json",
        "title": f"{game_name} {kind} message",
        **body,
        "$defs": dict(sorted(parts.items())),
    }
    return json.dumps(document, ensure_ascii=False)


def _game_parts(game_name: str, ref: Callable[[str], str]) -> dict[str, JSON]:
    """The table message of ``game_name`` and every schema it refers to, by name, ``$ref``s written by ``ref``."""
    parts: dict[str, JSON] = {}
    for kind in SCHEMA_KINDS:
        if kind == "state":
            continue
        document = schema(game_name, kind)
        defs = cast(dict[str, JSON], document.pop("$defs", {}))
        for key in ("$schema", "$id", "title"):
            document.pop(key, None)
        for name, body in (*defs.items(), (kind, document)):
            if name in parts and parts[name] != body:
                raise AssertionError(f"{game_name}: two classes are named {name} in its schemas")
            parts[name] = body
    move = cast(dict[str, Any], parts["move"])["properties"]["data"]
    seat = _int("A seat.", 0, largest_table(game_name) - 1)
    parts["TableMessage"] = _object(
        f"What a seat (or a spectator) of a {game_name} table is sent, over HTTP and pushed over the WebSocket: "
        "its view, its legal moves when it is its decision, the public log and, at the end, the outcome and the record.",
        {
            "type": {"const": "table", "description": "What the message is."},
            "table": _text("The table's id."),
            "game": {"const": game_name, "description": "The game's name."},
            "options": {"type": "object", "description": "The game's options, as Game.options() gives them."},
            "players": _int("The number of seats.", 1, largest_table(game_name)),
            "seat": _nullable(seat, "The seat this message is for; null for a spectator."),
            "version": _int(
                "How many moves the match has had: name it with a move so that an old one is refused."
            ),
            "turn": _nullable(seat, "The seat to decide now; null once the match is over."),
            "seats": {
                "type": "array",
                "description": "Who sits where.",
                "items": _object(
                    "A seat.",
                    {
                        "seat": seat,
                        "kind": {"enum": ["human", "bot"], "description": "A person or a bot."},
                        "bot": _nullable(_text("The bot's name."), "The bot's name; null for a human."),
                        "connected": {
                            "type": "boolean",
                            "description": "Whether the seat is here (a bot always is).",
                        },
                    },
                ),
            },
            "teams": {
                "type": "array",
                "description": "The seats that win together: one list per partnership or team, one per seat when all "
                "play alone.",
                "items": {"type": "array", "items": seat},
            },
            "labels": {
                "type": "object",
                "description": "Names for the numbers the view writes in place of things (Mala e Cuia's item faces).",
                "additionalProperties": {"type": "string"},
            },
            "view": {
                "description": "The seat's view (view.to_dict()), or a spectator's (cardrules.spectator_view).",
                "anyOf": [{"$ref": ref("view")}, {"$ref": ref("spectator")}],
            },
            "moves": {
                "type": "array",
                "description": "The seat's legal moves, only on its decision.",
                "items": _object(
                    "A legal move.",
                    {
                        "index": _int('What to post to make it: {"move": index}.'),
                        "text": _text("The move in words, as the engine says it."),
                        "move": {**move, "description": "The move's to_dict() data."},
                    },
                ),
            },
            "refused": {
                "type": "array",
                "description": "The seat's controls that no legal move makes now, each with the engine's reason.",
                "items": _object(
                    "A control the rules forbid now.",
                    {
                        "card": _nullable(
                            {"description": "A card of the hand, as the view writes it."},
                            "The card of the hand; null for a control that is not a card (a write of Mala e Cuia).",
                        ),
                        "move": _nullable(
                            {**move, "description": "The move's data."}, "The move the control stands for."
                        ),
                        "text": _nullable(
                            _text("The move in words."), "The move in words; null with no move."
                        ),
                        "reason": _text("Why the rules forbid it: the engine's own refusal."),
                    },
                ),
            },
            "hint": _nullable(
                _text("The decision pending, in one line with the rule that governs it (View.hint)."),
                "The seat's pending decision in the engine's words; null for a spectator.",
            ),
            "log": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The narration's last lines.",
            },
            "log_from": _int("The number of the log's first line here."),
            "outcome": _nullable(
                _object(
                    "How the match ended.",
                    {
                        "winners": {
                            "type": "array",
                            "items": seat,
                            "minItems": 1,
                            "description": "The seats that won.",
                        },
                        "scores": {
                            "type": "array",
                            "items": {"type": "number"},
                            "description": "One score per seat.",
                        },
                        "text": _text("The outcome in words."),
                    },
                ),
                "How the match ended; null while it goes on.",
            ),
            "record": {
                "$ref": ref("record"),
                "description": "The whole match, seed included: only once it is over, of a table dealt by the "
                "server.",
            },
            "start": _object(
                "Where the match started and what was played: only once it is over, of a table started from a "
                "position.",
                {
                    "position": _text("The notation of the position the table started from."),
                    "moves": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Every move made from it, in the game's notation (move.to_notation()).",
                    },
                },
            ),
        },
        optional=("record", "start"),
    )
    units: list[JSON] = list(get_args(Unit))
    parts["AdviceMessage"] = _object(
        f"The answer to a {game_name} seat's request for advice (POST /api/tables/ID/advice): its legal moves "
        "ranked by cardrules.advise on the seat's own view, best first, each with a value and a reason.",
        {
            "type": {"const": "advice", "description": "What the message is."},
            "table": _text("The table's id."),
            "seat": seat,
            "version": _int("The version of the table message the advice is for."),
            "seconds": {
                "type": "number",
                "exclusiveMinimum": 0,
                "description": "The CPU seconds the search was given (the server's Limits.advice_seconds).",
            },
            "advice": {
                "type": "array",
                "description": "The advised moves, best first.",
                "items": _object(
                    "A legal move, its estimated value and why.",
                    {
                        "index": _int(
                            "The move's index among the table message's moves: {\"move\": index} plays it."
                        ),
                        "text": _text("The move in words, as the engine says it."),
                        "move": {**move, "description": "The move's to_dict() data."},
                        "value": {
                            "type": "number",
                            "description": "The estimated value, in unit: points to the end of the hand, or a "
                            "share of the win from 0 to 1.",
                        },
                        "unit": {"enum": units, "description": "What value counts (cardrules.Advice.unit)."},
                        "reason": _text("Why, in one line a player understands (cardrules.Advice.reason)."),
                    },
                ),
            },
        },
    )
    return cast(dict[str, JSON], _rewrite(parts, ref))


def _rewrite(node: JSON, ref: Callable[[str], str]) -> Any:
    """``node`` with every ``#/$defs/NAME`` reference written as ``ref(NAME)``."""
    if isinstance(node, dict):
        return {
            key: ref(value.removeprefix("#/$defs/"))
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/")
            else _rewrite(value, ref)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_rewrite(item, ref) for item in node]
    return node


def openapi() -> dict[str, JSON]:
    """The OpenAPI 3.1 document of the web table's endpoints (a fresh dict)."""
    return cast(dict[str, JSON], json.loads(_openapi_text()))


def _components_of(game_name: str) -> Callable[[str], str]:
    """Where a schema of ``game_name`` named ``name`` lives in the OpenAPI document."""
    return lambda name: f"#/components/schemas/{game_name}.{name}"


def _component(name: str) -> dict[str, JSON]:
    return {"$ref": f"#/components/schemas/{name}"}


def _answer(description: str, name: str) -> dict[str, JSON]:
    return {"description": description, "content": {"application/json": {"schema": _component(name)}}}


def _refusals(*statuses: int) -> dict[str, JSON]:
    words = {
        400: "a malformed request or field",
        401: "an Authorization header that is not Bearer TOKEN",
        403: "a token that opens no seat here, another seat's move, or a foreign Origin",
        404: "no such table, game or kind",
        408: "the request's headers or body came too slowly",
        409: "not this seat's decision, an illegal move (the engine's reason) or an old version",
        413: "a body over the size limit",
        415: "a body that is not application/json",
        429: "over the request budget, or too many tables of bots only",
        503: "the server's limits (tables, connections), or a write that failed: nothing changed",
    }
    return {str(status): _answer(f"Refused: {words[status]}.", "Error") for status in statuses}


@functools.cache
def _openapi_text() -> str:
    components: dict[str, JSON] = copy.deepcopy(cast(dict[str, JSON], MESSAGES))
    tables: list[JSON] = []
    for game_name in sorted(games()):
        parts = _game_parts(game_name, _components_of(game_name))
        components.update({f"{game_name}.{name}": body for name, body in parts.items()})
        tables.append(
            {
                "if": {"properties": {"game": {"const": game_name, "description": "The game's name."}}},
                "then": _component(f"{game_name}.TableMessage"),
            }
        )
    components["TableMessage"] = {
        "description": "The table message of any game: the one of the game its 'game' names.",
        "type": "object",
        "required": ["game"],
        "properties": {"game": {"enum": _game_names(), "description": "The game's name."}},
        "allOf": tables,
    }
    components["AdviceMessage"] = {
        "description": "The advice message of any game; its moves are those of the table's game.",
        "anyOf": [_component(f"{game_name}.AdviceMessage") for game_name in sorted(games())],
    }
    table_id: dict[str, JSON] = {
        "name": "table_id",
        "in": "path",
        "required": True,
        "schema": {"type": "string"},
    }
    common = _refusals(400, 408, 429)
    document: dict[str, JSON] = {
        "openapi": "3.1.0",
        "jsonSchemaDialect": _DIALECT,
        "info": {
            "title": "cardrules web table",
            "version": __version__,
            "description": "Tables of every cardrules game for several people at once: each seat is sent only its own "
            "view. See docs/front-ends.md.",
        },
        "components": {
            "schemas": components,
            "securitySchemes": {
                "seat": {"type": "http", "scheme": "bearer", "description": "A seat's token."}
            },
        },
        "paths": {
            "/api/games": {
                "get": {
                    "summary": "The games, their default options and example configurations; the bot names.",
                    "responses": {"200": _answer("The games.", "Games"), **common},
                }
            },
            "/api/schemas/{game}/{kind}": {
                "get": {
                    "summary": "A JSON Schema: cardrules.schema(game, kind), or the table or advice message's "
                    "(kinds 'table' and 'advice').",
                    "parameters": [
                        {"name": "game", "in": "path", "required": True, "schema": {"enum": _game_names()}},
                        {
                            "name": "kind",
                            "in": "path",
                            "required": True,
                            "schema": {"enum": [*SCHEMA_KINDS, *MESSAGE_KINDS]},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "The schema.",
                            "content": {"application/schema+json": {"schema": {"type": "object"}}},
                        },
                        **common,
                        **_refusals(404),
                    },
                }
            },
            "/api/openapi.json": {
                "get": {
                    "summary": "This document.",
                    "responses": {
                        "200": {
                            "description": "OpenAPI 3.1.",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        **common,
                    },
                }
            },
            "/api/tables": {
                "post": {
                    "summary": "A new table; its seat links.",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _component("CreateTable")}},
                    },
                    "responses": {
                        "201": _answer("The table and its seat links.", "Created"),
                        **common,
                        **_refusals(413, 415, 503),
                    },
                }
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "The table as a seat (with its token) or a spectator (without) sees it.",
                    "parameters": [table_id],
                    "security": [{"seat": []}, {}],
                    "responses": {
                        "200": _answer("The table message.", "TableMessage"),
                        **common,
                        **_refusals(401, 403, 404),
                    },
                }
            },
            "/api/tables/{table_id}/moves": {
                "post": {
                    "summary": "A seat's move; answers the seat's new table message.",
                    "parameters": [table_id],
                    "security": [{"seat": []}],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _component("PlayMove")}},
                    },
                    "responses": {
                        "200": _answer("The seat's table message after the move.", "TableMessage"),
                        **common,
                        **_refusals(401, 403, 404, 409, 413, 415, 503),
                    },
                }
            },
            "/api/tables/{table_id}/advice": {
                "post": {
                    "summary": "Advice on the seat's decision: cardrules.advise on the seat's own view, searched "
                    "within the server's CPU budget, one search of a table at a time in the bots' lane.",
                    "parameters": [table_id],
                    "security": [{"seat": []}],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _component("AskAdvice")}},
                    },
                    "responses": {
                        "200": _answer("The seat's legal moves, ranked.", "AdviceMessage"),
                        **common,
                        **_refusals(401, 403, 404, 409, 413, 415),
                    },
                }
            },
            "/api/tables/{table_id}/live": {
                "get": {
                    "summary": "A WebSocket: send Hello first; the server then pushes the table message at once and "
                    "after every change (SocketError and code 1008 when it refuses).",
                    "parameters": [table_id],
                    "x-websocket": {
                        "client": _component("Hello"),
                        "server": {"oneOf": [_component("TableMessage"), _component("SocketError")]},
                    },
                    "responses": {"101": {"description": "Switching to the WebSocket protocol."}, **common},
                }
            },
        },
    }
    return json.dumps(document, ensure_ascii=False)
