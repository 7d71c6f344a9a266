"""Recorded matches, replayed: results must not depend on the platform, PYTHONHASHSEED or set order."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardrules import Record, games

from .regenerate import HERE, configurations, digest, field_digests, fingerprint, golden_record


@pytest.mark.parametrize("name", sorted(games()))
class TestGolden:
    """Each game's golden record, from tests/golden/<game>.json."""

    def load(self, name: str) -> dict[str, object]:
        path = HERE / f"{name}.json"
        assert path.exists(), f"no golden record for {name}: run python -m tests.golden.regenerate {name}"
        data: dict[str, object] = json.loads(path.read_text())
        return data

    def test_the_same_seed_plays_the_same_match_move_by_move(self, name: str) -> None:
        stored = self.load(name)["record"]
        assert isinstance(stored, dict)
        fresh = golden_record(name).to_dict()
        assert fresh["game"] == stored["game"] and fresh["seed"] == stored["seed"]
        fresh_moves, stored_moves = fresh["moves"], stored["moves"]
        assert isinstance(fresh_moves, list) and isinstance(stored_moves, list)
        for i, (a, b) in enumerate(zip(fresh_moves, stored_moves, strict=False)):
            assert a == b, f"{name}: move {i} differs"
        assert len(fresh_moves) == len(stored_moves)

    def test_replaying_gives_the_same_states(self, name: str) -> None:
        data = self.load(name)
        record = Record.from_dict(data["record"])  # type: ignore[arg-type]
        if digest(record) != data["states_sha256"]:
            pytest.fail(f"{name}: the golden match's states changed; {first_difference(name, record)}")


def first_difference(name: str, record: Record, stored: dict[str, Any] | None = None) -> str:
    """Where a replayed golden match first differs from its golden states: the step, the first field
    that differs there (the others after it), the move that led there and the position's notation."""
    if stored is None:
        path = HERE / f"{name}.fields.json"
        if not path.exists():
            return f"no {path.name} to say where: run python -m tests.golden.regenerate {name}"
        stored = json.loads(path.read_text())
    fresh = field_digests(record)
    fields: list[str] = stored["fields"]
    if fresh["fields"] != fields:
        added = [f for f in fresh["fields"] if f not in fields]  # type: ignore[attr-defined]
        gone = [f for f in fields if f not in fresh["fields"]]  # type: ignore[operator]
        return f"the states' fields changed: new {added or 'none'}, gone {gone or 'none'}"
    states = list(record.replay())
    for step, (old, new) in enumerate(zip(stored["steps"], fresh["steps"], strict=False)):  # type: ignore[call-overload]
        if old != new:
            differ = [f for i, f in enumerate(fields) if old[4 * i : 4 * i + 4] != new[4 * i : 4 * i + 4]]
            after = f"after move {step - 1} ({record.moves[step - 1]})" if step else "the first state"
            return (
                f"the first state that differs is step {step}, {after}; the first field that differs there is "
                f"{differ[0]}" + (f" (then {', '.join(differ[1:])})" if differ[1:] else "")
                + f"; the position now: {states[step].to_notation()}"
            )  # fmt: skip
    if len(stored["steps"]) != len(fresh["steps"]):  # type: ignore[arg-type]
        return f"the match has {len(fresh['steps'])} states, the golden one {len(stored['steps'])}"  # type: ignore[arg-type]
    return f"every field of every state fingerprints as before: {name}.fields.json is stale, regenerate it"


_CONFIGURATIONS = {str(game): game for game in configurations()}


@pytest.fixture(scope="module")
def recorded() -> dict[str, list[dict[str, object]]]:
    path = HERE / "configurations.json"
    assert path.exists(), "no configurations.json: run python -m tests.golden.regenerate --configurations"
    data: dict[str, list[dict[str, object]]] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize("name", sorted(_CONFIGURATIONS))
def test_every_configuration_plays_its_recorded_matches(
    name: str, recorded: dict[str, list[dict[str, object]]]
) -> None:
    """Each example configuration's seeded matches make the recorded moves, states and views, step by step."""
    assert name in recorded, f"{name} has no recorded matches: regenerate configurations.json"
    for stored in recorded[name]:
        seed = stored["seed"]
        assert isinstance(seed, int)
        assert fingerprint(_CONFIGURATIONS[name], seed) == stored, f"{name}, seed {seed}"


def test_a_changed_golden_state_is_named_by_its_step_and_field() -> None:
    """The failure message of a golden match names the first step and field that differ, and the
    position there in its notation."""
    data = json.loads((HERE / "malilla.json").read_text())
    record = Record.from_dict(data["record"])
    stored = json.loads((HERE / "malilla.fields.json").read_text())
    assert stored["states_sha256"] == data["states_sha256"], "malilla.fields.json is stale: regenerate"
    assert first_difference("malilla", record, stored).endswith("is stale, regenerate it")
    at = stored["fields"].index("hands")
    row = stored["steps"][5]
    stored["steps"][5] = row[: 4 * at] + "zzzz" + row[4 * at + 4 :]
    message = first_difference("malilla", record, stored)
    assert (
        "step 5, after move 4 (play " in message and "the first field that differs there is hands;" in message
    )
    state = list(record.replay())[5]
    assert state.game.from_notation(message.split("the position now: ")[1]) == state
    assert "fields changed: new ['outcome'], gone ['extra']" in first_difference(
        "malilla", record, {**stored, "fields": [*stored["fields"][:-1], "extra"]}
    )
