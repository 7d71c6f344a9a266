"""Every message of real matches of every game validates against the message schemas and the OpenAPI document."""

from __future__ import annotations

import itertools
import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette asks for httpx2; httpx is what the dev extra has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules import SCHEMA_KINDS, ConfigError, games, schema
from cardrules._field_docs import _FIELDS, field_doc
from cardrules._schema import largest_table
from cardrules.web import create_app
from cardrules.web._messages import MESSAGES, message_schema, openapi

from .test_api import SMALL, UNHURRIED, bearer

#: Short matches: La Maldición's battle royale of two is one game, where test_api's duel is several.
MATCHES = {**SMALL, "maldicion": {"players": 2}}

GAMES = sorted(games())
OPENAPI_FILE = Path(__file__).resolve().parents[2] / "docs" / "_static" / "openapi.json"


def loose(game: str, kind: Any) -> Any:
    """``schema(game, kind)``, to look into."""
    return schema(game, kind)


def validator(document: dict[str, Any], name: str | None = None) -> jsonschema.Draft202012Validator:
    """A validator of ``document`` or, with ``name``, of its component ``name`` (the OpenAPI document)."""
    if name is not None:
        document = {**document, "$ref": f"#/components/schemas/{name}"}
    return jsonschema.Draft202012Validator(document)


@pytest.fixture(scope="module")
def api_doc() -> dict[str, Any]:
    return openapi()


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.sqlite3", limits=UNHURRIED, seeds=itertools.count(2).__next__)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        yield client


class TestDocuments:
    """The documents are valid, complete and described; the committed OpenAPI file is the served one."""

    @pytest.mark.parametrize("game", GAMES)
    def test_each_table_message_schema_is_valid(self, game: str) -> None:
        jsonschema.Draft202012Validator.check_schema(message_schema(game))
        jsonschema.Draft202012Validator.check_schema(message_schema(game, "advice"))

    def test_an_unknown_message_kind_is_refused(self, api: TestClient) -> None:
        with pytest.raises(ConfigError, match="no message kind 'chat'; the kinds are table, advice"):
            message_schema("malilla", "chat")
        answer = api.get("/api/schemas/malilla/chat")
        assert answer.status_code == 404 and "table, advice" in answer.json()["error"]

    def test_the_openapi_document_is_valid_and_every_reference_resolves(
        self, api_doc: dict[str, Any]
    ) -> None:
        assert api_doc["openapi"] == "3.1.0"
        components = api_doc["components"]["schemas"]
        for name, body in components.items():
            jsonschema.Draft202012Validator.check_schema(body)
            assert set(name) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"), name
        text = json.dumps(api_doc)
        for ref in set(part.split('"')[0] for part in text.split('"$ref": "')[1:]):
            assert (
                ref.startswith("#/components/schemas/")
                and ref.removeprefix("#/components/schemas/") in components
            )
        for path, methods in api_doc["paths"].items():
            for method, operation in methods.items():
                assert operation["responses"], (path, method)

    def test_the_committed_openapi_file_is_the_served_one(
        self, api: TestClient, api_doc: dict[str, Any]
    ) -> None:
        served = api.get("/api/openapi.json")
        assert served.status_code == 200 and served.json() == api_doc
        assert json.loads(OPENAPI_FILE.read_text(encoding="utf-8")) == api_doc, (
            "regenerate it: python -c 'import json; from cardrules.web._messages import openapi; "
            "print(json.dumps(openapi(), indent=1, ensure_ascii=False))' > docs/_static/openapi.json"
        )
        for game in GAMES:
            answer = api.get(f"/api/schemas/{game}/table")
            assert answer.status_code == 200 and answer.json() == message_schema(game)
            answer = api.get(f"/api/schemas/{game}/advice")
            assert answer.status_code == 200 and answer.json() == message_schema(game, "advice")

    def test_every_property_has_a_description(self, api_doc: dict[str, Any]) -> None:
        bare: list[str] = []

        def walk(node: Any, where: str) -> None:
            if isinstance(node, dict):
                for name, value in (node.get("properties") or {}).items():
                    if not (isinstance(value, dict) and value.get("description")):
                        bare.append(f"{where}.{name}")
                for key, value in node.items():
                    walk(value, f"{where}.{key}")
            elif isinstance(node, list):
                for item in node:
                    walk(item, where)

        for game in GAMES:
            for kind in SCHEMA_KINDS:
                walk(schema(game, kind), f"{game}/{kind}")
        walk(api_doc, "openapi")
        assert bare == []

    def test_every_field_description_is_of_a_field(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """No line of the descriptions names a field that no schema has (a typo, or a field since renamed)."""
        used: set[str] = set()
        original = field_doc

        def spy(cls: type, name: str) -> Any:
            parts = cls.__module__.split(".")
            game = parts[1] if len(parts) > 2 and not parts[1].startswith("_") else ""
            used.add(f"{game}.{cls.__qualname__}.{name}" if game else f"{cls.__qualname__}.{name}")
            return original(cls, name)

        import cardrules._schema as walker

        walker._schema_text.cache_clear()
        monkeypatch.setattr(walker, "field_doc", spy)
        try:
            for game in GAMES:
                for kind in SCHEMA_KINDS:
                    schema(game, kind)
        finally:
            walker._schema_text.cache_clear()
        assert set(_FIELDS) - used == set()

    def test_cards_and_enums_carry_the_names_the_engine_prints(self) -> None:
        from cardrules.maldicion import Card as MaldicionCard
        from cardrules.malilla import Card as MalillaCard

        malilla = loose("malilla", "view")["$defs"]["Card"]
        assert dict(zip(malilla["enum"], malilla["x-enumNames"], strict=True)) == {
            card.to_json(): str(card) for card in MalillaCard
        }
        maldicion = loose("maldicion", "view")["$defs"]
        names = dict(zip(maldicion["Card"]["enum"], maldicion["Card"]["x-enumNames"], strict=True))
        assert names["club/fire"] == "Fire Club" == str(MaldicionCard.from_json("club/fire"))
        assert "Sigourney" in maldicion["Hero"]["x-enumNames"]
        step = loose("mala_suerte", "view")["$defs"]["Step"]
        assert (
            step["x-enum-descriptions"][step["enum"].index("EVIL_EYE")]
            == "Evil Eye: the player names a colour."
        )

    @pytest.mark.parametrize("game", GAMES)
    def test_seats_are_bounded_by_the_largest_table(self, game: str) -> None:
        view = loose(game, "view")
        seat = view["$defs"]["View"]["properties"]["seat"]
        assert seat == {**seat, "minimum": 0, "maximum": largest_table(game) - 1}
        assert not validator(view).is_valid(
            {
                "game": game,
                "kind": "view",
                "format": 1,
                "data": {**_any_view(game), "seat": largest_table(game)},
            }
        )


def _any_view(game: str) -> dict[str, Any]:
    view: dict[str, Any] = games()[game]().new_state(1).view(0).to_dict()["data"]
    return view


class TestRealMatches:
    """Whole matches of every game over the API: each message sent and accepted validates."""

    @pytest.mark.parametrize("game", GAMES)
    def test_every_message_of_a_match(self, api: TestClient, api_doc: dict[str, Any], game: str) -> None:
        own = validator(message_schema(game))
        shared = validator(api_doc, "TableMessage")
        check = {name: validator(api_doc, name) for name in MESSAGES}
        players = MATCHES[game].get("players") or 4
        body = {"game": game, "options": MATCHES[game], "seats": ["human"] * players}
        check["CreateTable"].validate(body)
        created = api.post("/api/tables", json=body)
        assert created.status_code == 201
        check["Created"].validate(created.json())
        table_id, tokens = created.json()["table"], [s["token"] for s in created.json()["seats"]]
        table = api.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
        rng = random.Random(11)
        seen = 0
        with api.websocket_connect(f"ws://127.0.0.1/api/tables/{table_id}/live") as socket:
            hello = {"type": "hello", "token": tokens[0]}
            check["Hello"].validate(hello)
            socket.send_json(hello)
            for _ in range(4000):
                if table.state.is_terminal:
                    break
                seat = table.state.current_player
                for token in (tokens[seat], None):  # the seat to decide, and a spectator
                    message = api.get(f"/api/tables/{table_id}", headers=bearer(token)).json()
                    own.validate(message)
                    seen += 1
                move = {"move": rng.randrange(len(table.state.legal_moves())), "version": len(table.moves)}
                check["PlayMove"].validate(move)
                answer = api.post(f"/api/tables/{table_id}/moves", json=move, headers=bearer(tokens[seat]))
                assert answer.status_code == 200
                own.validate(answer.json())
                shared.validate(answer.json())
                pushed = socket.receive_json()  # seat 0's pushes, one a change, read in order
                own.validate(pushed)
                shared.validate(pushed)
                seen += 1
            assert table.state.is_terminal
            last = api.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()
            assert "record" in last and last["outcome"] is not None
            own.validate(last)
            shared.validate(last)
        assert seen > 10
        for refused in (
            api.post(f"/api/tables/{table_id}/moves", json={"move": 0}, headers=bearer(tokens[0])),
            api.post("/api/tables", json={"game": "chess"}),
            api.get("/api/tables/no-such-table-000000000"),
        ):
            assert refused.status_code >= 400
            check["Error"].validate(refused.json())
        with api.websocket_connect(f"ws://127.0.0.1/api/tables/{table_id}/live") as socket:
            socket.send_json({"type": "hello", "token": "wrong"})
            check["SocketError"].validate(socket.receive_json())
        check["Games"].validate(api.get("/api/games").json())
