"""Recorded matches, replayed: results must not depend on the platform, PYTHONHASHSEED or set order."""

from __future__ import annotations

import json

import pytest

from cardrules import Record, games

from .regenerate import HERE, configurations, digest, fingerprint, golden_record


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
        assert digest(record) == data["states_sha256"]


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
