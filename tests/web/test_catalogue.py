"""Each game's catalogue: the printed name of everything a view names by id, options as a form offers them."""

from __future__ import annotations

import ast
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import magyar_nepmesek, mala_e_cuia, mala_suerte, maldicion, malilla

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette asks for httpx2; httpx is what the dev extra has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules.web import create_app
from cardrules.web._catalogue import catalogue, option_fields

WEB = Path(cardrules.__file__).parent / "web"


@pytest.fixture
def api() -> Iterator[TestClient]:
    with TestClient(create_app(None), base_url="http://127.0.0.1") as client:
        yield client


def test_every_card_has_its_printed_name() -> None:
    assert {card.to_json(): str(card) for card in malilla.DECK} == {
        code: info["name"] for code, info in catalogue(malilla.Game())["cards"].items()
    }
    cards = catalogue(maldicion.Game())["cards"]
    assert {card.to_json(): str(card) for card in maldicion.CARDS} == {k: v["name"] for k, v in cards.items()}
    assert cards["hand-axe/fire"] == {
        "name": "Fire Hand Axe",
        "figure": "Hand Axe",
        "element": "Fire",
        "group": "object",
        "hp": -5,
        "effect": "",
    }
    assert cards["double-shot/water"]["effect"] == "the next player draws 2 and is Penalized; stacks"
    game = magyar_nepmesek.Game()
    names = catalogue(game)["cards"]
    assert {kind.id: magyar_nepmesek.card_name(kind.id) for kind in game.deck.kinds} == {
        k: v["name"] for k, v in names.items()
    }
    assert (
        names["minus4-seven-headed-dragon"]["purple"] and names["minus4-seven-headed-dragon"]["value"] == -4
    )
    effects = {info["kind"]: info["effect"] for info in catalogue(mala_suerte.Game())["cards"].values()}
    assert set(effects) == {str(kind) for kind in mala_suerte.KINDS} and all(effects.values())
    deck = mala_e_cuia.Game().deck
    entry = catalogue(mala_e_cuia.Game())
    assert entry["items"] == list(deck.names)
    assert entry["situations"][0] == {
        "general": deck.situations[0].general.text,
        "bonus": deck.situations[0].bonus.text,
    }


def test_every_hero_has_its_ability_in_the_rulebooks_words() -> None:
    heroes = catalogue(maldicion.Game())["heroes"]
    assert set(heroes) == {hero.name for hero in maldicion.Hero}
    assert heroes["SIGOURNEY"]["role"] == "Archer" and heroes["SIGOURNEY"]["ability"] == "Directed Arrows"
    assert all(info["text"].endswith(".") and len(info["text"]) > 60 for info in heroes.values())


@pytest.mark.parametrize("name", sorted(cardrules.games()))
def test_every_id_of_a_view_has_a_name(name: str) -> None:
    """Every card id and enum name that views of random play write is in the catalogue."""
    game = cardrules.game(name)
    entry = catalogue(game)
    known = set(entry["cards"]) | set(entry["names"]) | set(entry.get("heroes", ()))
    state, rng = game.new_state(seed=3), random.Random(3)
    found: set[str] = set()
    for _ in range(300):
        if state.is_terminal:
            break
        view = state.view(state.current_player).to_dict()["data"]
        for key in ("hand", "discard", "pile", "trick"):
            found.update(v for v in view.get(key) or () if isinstance(v, str))
        for key in ("element", "hero", "curse", "trump", "step"):
            if isinstance(view.get(key), str):
                found.add(view[key])
        state = state.apply(rng.choice(state.legal_moves()))
    assert found - known == set()


def test_options_as_a_form_offers_them() -> None:
    by_name = {o.name: o for o in option_fields(maldicion.Game)}
    assert by_name["players"].kind == "integer" and (by_name["players"].low, by_name["players"].high) == (
        2,
        8,
    )
    assert (
        by_name["mode"].choices == ("battle_royale", "pvp", "guild_war")
        and by_name["mode"].default == "battle_royale"
    )
    assert by_name["draw_when_able"].kind == "boolean" and by_name["draw_when_able"].default is False
    assert "ruling 6" in by_name["draw_when_able"].help
    content = {o.name: o for o in option_fields(mala_e_cuia.Game)}["content"]
    assert content.kind == "data" and content.to_json()["default"] is None, "a deck: left at the built-in one"
    target = {o.name: o for o in option_fields(malilla.Game)}["target"]
    assert (target.low, target.high, target.default) == (1, None, 35)


def test_get_a_game(api: TestClient) -> None:
    answer = api.get("/api/games/mala_e_cuia")
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    assert (
        data["description"]
        == "Mala e Cuia: pack 4 items for a trip so that your friends can tell what you took."
    )
    assert [o["name"] for o in data["options"]] == ["players", "mode", "content", "new_items"]
    assert all(o["help"] for o in data["options"])
    for bad in ("nope", "a" * 300, "..%2f..%2fetc"):
        refused = api.get(f"/api/games/{bad}")
        assert refused.status_code == 404 and refused.json()["error"], "a clear 404, JSON"
    assert "no game 'nope'" in api.get("/api/games/nope").json()["error"]


def test_a_tables_catalogue(api: TestClient) -> None:
    made = api.post("/api/tables", json={"game": "magyar_nepmesek", "options": {"players": 2}})
    assert made.status_code == 201
    answer = api.get(f"/api/tables/{made.json()['table']}/catalogue")
    assert answer.status_code == 200 and answer.json()["game"] == "magyar_nepmesek"
    assert api.get("/api/tables/" + "x" * 20 + "/catalogue").status_code == 404


def test_the_web_table_uses_only_the_games_public_modules() -> None:
    for path in WEB.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                for game in cardrules.games():
                    assert not module.startswith(f"{game}.") and f"{game}._" not in module, (
                        path.name,
                        module,
                    )
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(f"{game}._" in node.value for game in cardrules.games()), (
                    path.name,
                    node.value,
                )
