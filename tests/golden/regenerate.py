"""Write the golden records: ``python -m tests.golden.regenerate [GAME ...]``.

Only regenerate when a rule change is intended; the diff of the JSON files
then shows exactly which matches changed.

``<game>.json`` is the game's reference match in full, and ``<game>.fields.json`` a fingerprint of
each field of each of its states, read only to name what differs when the match no longer replays.  ``configurations.json``
holds, for every example configuration of every game, the fingerprints of a
few seeded random matches: their moves, every state and every seat's view at
every step, in canonical JSON.  It pins each transition and view of the one
code path a game has, in every configuration, across any change of the
internals (``python -m tests.golden.regenerate --configurations``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from cardrules import Record, games, play
from cardrules._random import Rng
from cardrules.bots import RandomPlayer

HERE = Path(__file__).parent
SEED = 2026
#: The seeds of the matches fingerprinted for each game's configurations: more where matches are short.
CONFIGURATION_SEEDS = {
    "mala_suerte": tuple(range(1, 9)),
    "magyar_nepmesek": tuple(range(1, 7)),
    "maldicion": (1,),
}
DEFAULT_SEEDS = (1, 2)
#: Fingerprinted moves at most per match (a duel of La Maldición runs to thousands).
MOVES = 150
#: Games whose matches are fingerprinted to the end, so that every phase is pinned (Magyar népmesék's
#: final round and scoring; its matches take 130 to 360 moves).
WHOLE_MATCHES = frozenset({"magyar_nepmesek"})


def golden_record(name: str) -> Record:
    """The reference match of a game: default options, seeded random players."""
    game: Any = games()[name]()
    return play(game, [RandomPlayer(SEED * 10 + seat) for seat in range(game.players)], SEED)


def digest(record: Record) -> str:
    """A fingerprint of every state of the match, in canonical JSON."""
    sha = hashlib.sha256()
    for state in record.replay():
        sha.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    return sha.hexdigest()


def field_digests(record: Record) -> dict[str, object]:
    """Each state's fields, fingerprinted apart (4 hex digits a field, ``----`` for one the JSON leaves
    out), so that a golden match that no longer replays names the first step and field that differ."""
    rows: list[dict[str, str]] = []
    names: dict[str, None] = {}
    for state in record.replay():
        data = state.to_dict()["data"]
        assert isinstance(data, dict)
        row = {}
        for key, value in data.items():
            names.setdefault(key)
            row[key] = hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:4]
        rows.append(row)
    fields = list(names)
    return {"fields": fields, "steps": ["".join(row.get(f, "----") for f in fields) for row in rows]}


def configurations() -> list[Any]:
    """Every game's example configurations, each once."""
    found: dict[str, Any] = {}
    for cls in games().values():
        for game in (cls(), *cls.examples()):
            found.setdefault(str(game), game)
    return list(found.values())


def fingerprint(game: Any, seed: int) -> dict[str, object]:
    """A seeded random match of ``game`` (its first :data:`MOVES` moves, or all of them for the games
    of :data:`WHOLE_MATCHES`): how many moves, and the digests of its moves, of its states and of
    every seat's view of every state."""
    limit = None if game.name in WHOLE_MATCHES else MOVES
    moves, states, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    rng = Rng.from_seed(seed)
    state = game.new_state(seed)
    count = 0
    while True:
        states.update(json.dumps(state.to_dict(), sort_keys=True).encode())
        for seat in range(game.players):
            views.update(json.dumps(state.view(seat).to_dict(), sort_keys=True).encode())
        if state.is_terminal or count == limit:
            break
        move = rng.choice(state.legal_moves())
        moves.update(json.dumps(move.to_dict(), sort_keys=True).encode())
        state = state.apply(move)
        count += 1
    return {
        "seed": seed,
        "moves": count,
        "moves_sha256": moves.hexdigest(),
        "states_sha256": states.hexdigest(),
        "views_sha256": views.hexdigest(),
    }


def configuration_records() -> dict[str, list[dict[str, object]]]:
    """The fingerprints of ``configurations.json``, by configuration."""
    return {
        str(game): [fingerprint(game, seed) for seed in CONFIGURATION_SEEDS.get(game.name, DEFAULT_SEEDS)]
        for game in configurations()
    }


def main(names: list[str]) -> None:
    if names == ["--configurations"]:
        records = configuration_records()
        (HERE / "configurations.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n")
        print(f"configurations: {len(records)}")
        return
    for name in names or sorted(games()):
        record = golden_record(name)
        data = {"record": record.to_dict(), "states_sha256": digest(record)}
        (HERE / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        steps = {"states_sha256": data["states_sha256"], **field_digests(record)}
        (HERE / f"{name}.fields.json").write_text(json.dumps(steps, indent=0) + "\n")
        print(f"{name}: {len(record.moves)} moves")


if __name__ == "__main__":
    main(sys.argv[1:])
