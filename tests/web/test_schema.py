"""The JSON Schemas describe every dict a game writes, and refuse what it never writes."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import SCHEMA_KINDS, ConfigError, Record, games, schema, spectator_view

GAMES = sorted(games())
EXAMPLES = [(name, game) for name in GAMES for game in games()[name].examples()]


def validator(game: str, kind: cardrules.SchemaKind) -> jsonschema.Draft202012Validator:
    document = schema(game, kind)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


@pytest.mark.parametrize("name", GAMES)
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    for kind in SCHEMA_KINDS:
        document = schema(name, kind)
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(document)


@given(example=st.sampled_from(EXAMPLES), seed=st.integers(0, 2**31), stride=st.integers(1, 9))
def test_random_play_validates_against_the_schemas(example: tuple[str, Any], seed: int, stride: int) -> None:
    name, game = example
    check = {kind: validator(name, kind) for kind in SCHEMA_KINDS}
    rng = random.Random(seed)
    state = game.new_state(seed)
    moves = []
    for step in range(40 * stride):
        if state.is_terminal:
            break
        if step % stride == 0:
            check["state"].validate(state.to_dict())
            for seat in range(game.players):
                check["view"].validate(state.view(seat).to_dict())
            check["spectator"].validate(spectator_view(state))
        move = rng.choice(state.legal_moves())
        check["move"].validate(move.to_dict())
        moves.append(move)
        state = state.apply(move)
    check["state"].validate(state.to_dict())
    check["spectator"].validate(spectator_view(state))
    check["record"].validate(Record(game=game, seed=seed, moves=tuple(moves)).to_dict())


@pytest.mark.parametrize("name", GAMES)
def test_the_schemas_refuse_what_the_game_never_writes(name: str) -> None:
    game = games()[name]()
    state = game.new_state(1)
    view = state.view(0).to_dict()
    for bad in (
        {**view, "game": "another"},
        {**view, "data": {**view["data"], "surprise": 1}},
        {key: value for key, value in view.items() if key != "data"},
    ):
        assert not validator(name, "view").is_valid(bad)
    move = state.legal_moves()[0].to_dict()
    assert not validator(name, "move").is_valid({**move, "data": {**move["data"], "seat": "zero"}})
    assert not validator(name, "state").is_valid(view), "a view is not a state"
    spectator: dict[str, Any] = spectator_view(state)
    assert not validator(name, "spectator").is_valid(view), "a seat's view is not a spectator's"
    assert not validator(name, "spectator").is_valid({**spectator, "data": {**spectator["data"], "seat": 0}})


@pytest.mark.parametrize("name", GAMES)
def test_a_spectator_sees_what_every_seat_sees_alike_and_no_more(name: str) -> None:
    state = games()[name]().new_state(3)
    shown: dict[str, Any] = spectator_view(state)
    assert shown["kind"] == "spectator" and "seat" not in shown["data"]
    views = [state.view(seat).to_dict()["data"] for seat in range(state.game.players)]
    assert shown["data"] == {
        key: value for key, value in views[0].items() if key != "seat" and all(v[key] == value for v in views)
    }
    assert "hand" not in shown["data"] or all(not v["hand"] for v in views), "no seat's cards"


def test_spectator_view_wants_a_state() -> None:
    with pytest.raises(ConfigError, match="spectator_view expects a game's State; got 'malilla'"):
        spectator_view("malilla")  # type: ignore[arg-type]


def test_schema_returns_a_fresh_copy() -> None:
    first = schema("malilla", "move")
    first["title"] = "changed"
    assert schema("malilla", "move")["title"] == "malilla move"


@pytest.mark.parametrize(
    ("game", "kind", "words"),
    [("chess", "state", "unknown game 'chess'"), ("malilla", "hand", "unknown schema kind 'hand'")],
)
def test_unknown_games_and_kinds_are_refused(game: str, kind: Any, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        schema(game, kind)
