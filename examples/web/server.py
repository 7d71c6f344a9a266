"""A web table for Malilla: a JSON HTTP API over cardrules and a static page.

    python examples/web/server.py [--port 8000]

then open http://127.0.0.1:8000/ and play seat 0 against three heuristic bots.

API (JSON in, JSON out; errors are 4xx with {"error": "..."} and change nothing):

    POST /api/tables                 {"seed": 1, "target": 12, "seat": 0}  -> a table
    GET  /api/tables/ID                                                   -> the table
    POST /api/tables/ID/moves        {"move": 3}  (an index of "legal")    -> the table

A table is what the human's seat may see: its view, its legal moves (with
their text), what happened since its last decision, and the outcome.
"""

from __future__ import annotations

import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from cardrules import CardRulesError, ConfigError, IllegalMoveError, malilla
from cardrules.bots import heuristic

STATIC = Path(__file__).parent / "static"


class Table:
    """One match between a human seat and heuristic bots; bots move until it is the human's turn."""

    def __init__(self, seed: int, target: int, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise ConfigError(f"seat must be an integer from 0 to 3; got {seat!r}")
        self.game = malilla.Game(target=target)
        self.seat = seat
        self.state = self.game.new_state(seed)
        self.bots = {s: heuristic(self.game, seed=seed * 10 + s) for s in range(4) if s != seat}
        self.events: list[str] = list(self.state.opening())
        self.lock = threading.Lock()
        self._run_bots()

    def _run_bots(self) -> None:
        while not self.state.is_terminal and self.state.current_player != self.seat:
            seat = self.state.current_player
            assert seat is not None
            self._apply(self.bots[seat].choose(self.state.view(seat), self.state.legal_moves()))

    def _apply(self, move: malilla.Move) -> None:
        after = self.state.apply(move)
        self.events.extend(self.state.describe(move, after))
        self.state = after

    def play(self, index: object) -> None:
        """The human plays ``legal[index]``; IllegalMoveError if that is not a legal move now."""
        legal = self.state.legal_moves()
        if self.state.current_player != self.seat:
            raise IllegalMoveError("it is not your turn: the match is over")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise IllegalMoveError(
                f"move must be an index of the legal moves, 0 to {len(legal) - 1}; got {index!r}"
            )
        self.events = []
        self._apply(legal[index])
        self._run_bots()

    def to_json(self, table_id: str) -> dict[str, Any]:
        view = self.state.view(self.seat)
        mine = self.state.current_player == self.seat
        legal = self.state.legal_moves() if mine else ()
        playable = {m.card: i for i, m in enumerate(legal)}
        return {
            "id": table_id,
            "seat": self.seat,
            "hand": [{"card": str(c), "move": playable.get(c)} for c in view.hand],
            "trick": [{"seat": (view.leader + i) % 4, "card": str(c)} for i, c in enumerate(view.trick)],
            "last_trick": None
            if not view.tricks
            else {
                "cards": [
                    {"seat": view.tricks[-1].player_of(i), "card": str(c)}
                    for i, c in enumerate(view.tricks[-1].cards)
                ],
                "winner": view.tricks[-1].winner,
            },
            "trump": str(view.trump),
            "dealer": view.dealer,
            "scores": list(view.scores),
            "target": self.game.target,
            "hand_sizes": list(view.hand_sizes),
            "current_player": view.current_player,
            "legal": [str(m) for m in legal],
            "events": self.events,
            "outcome": None if view.outcome is None else str(view.outcome),
            "won": None if view.outcome is None else self.seat in view.outcome.winners,
            "view": view.to_dict(),
        }


class Handler(BaseHTTPRequestHandler):
    """Routes /api/... to the tables and everything else to the static page."""

    tables: ClassVar[dict[str, Table]] = {}
    counter: ClassVar[list[int]] = [0]

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request."""

    def _send(self, status: int, payload: Any, content_type: str = "application/json") -> None:
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            data = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError as exc:
            raise ValueError(f"the request body is not JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise ValueError("the request body must be a JSON object")
        return data

    def _table(self, parts: list[str]) -> tuple[str, Table] | None:
        if len(parts) >= 3 and parts[2] in self.tables:
            return parts[2], self.tables[parts[2]]
        self._send(404, {"error": f"no table {parts[2] if len(parts) > 2 else ''!r}"})
        return None

    def do_GET(self) -> None:
        path_only = self.path.split("?", 1)[0]
        parts = path_only.strip("/").split("/")
        if parts[0] == "api":
            if len(parts) == 3 and parts[1] == "tables" and (found := self._table(parts)):
                self._send(200, found[1].to_json(found[0]))
            elif len(parts) != 3 or parts[1] != "tables":
                self._send(404, {"error": f"unknown path {self.path}"})
            return
        name = "index.html" if path_only in ("/", "") else path_only.lstrip("/")
        path = (STATIC / name).resolve()
        if STATIC.resolve() not in path.parents or not path.is_file():
            self._send(404, {"error": f"unknown path {self.path}"})
            return
        kinds = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css"}
        self._send(200, path.read_bytes(), kinds.get(path.suffix, "application/octet-stream"))

    def do_POST(self) -> None:
        parts = self.path.split("?", 1)[0].strip("/").split("/")
        try:
            body = self._body()
            if parts == ["api", "tables"]:
                unknown = set(body) - {"seed", "target", "seat"}
                if unknown:
                    raise ConfigError(f"unknown field {', '.join(sorted(unknown))}; use seed, target, seat")
                table = Table(
                    seed=body.get("seed", 1), target=body.get("target", 12), seat=body.get("seat", 0)
                )
                self.counter[0] += 1
                table_id = str(self.counter[0])
                self.tables[table_id] = table
                self._send(201, table.to_json(table_id))
            elif len(parts) == 4 and parts[:2] == ["api", "tables"] and parts[3] == "moves":
                found = self._table(parts)
                if found:
                    table_id, table = found
                    with table.lock:
                        table.play(body.get("move"))
                    self._send(200, table.to_json(table_id))
            else:
                self._send(404, {"error": f"unknown path {self.path}"})
        except IllegalMoveError as exc:
            self._send(409, {"error": str(exc)})
        except (CardRulesError, ValueError) as exc:
            self._send(400, {"error": str(exc)})


def serve(port: int = 8000) -> ThreadingHTTPServer:
    """A server on 127.0.0.1 (``port=0`` picks a free port); call ``serve_forever`` on it."""
    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


if __name__ == "__main__":
    import os

    parser = argparse.ArgumentParser(description="Serve a Malilla web table.")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = serve(0 if os.environ.get("CARDRULES_SMALL") else args.port)
    print(f"Malilla table on http://127.0.0.1:{server.server_address[1]}/")
    if os.environ.get("CARDRULES_SMALL"):  # CI: answer one request, then stop
        threading.Thread(target=server.handle_request, daemon=True).start()
        import urllib.request

        urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/").read()
        server.server_close()
    else:
        server.serve_forever()
