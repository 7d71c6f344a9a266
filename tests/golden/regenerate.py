"""Write the golden records: ``python -m tests.golden.regenerate [GAME ...]``.

Only regenerate when a rule change is intended; the diff of the JSON files
then shows exactly which matches changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from cardrules import Record, games, play
from cardrules.bots import RandomPlayer

HERE = Path(__file__).parent
SEED = 2026


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


def main(names: list[str]) -> None:
    for name in names or sorted(games()):
        record = golden_record(name)
        data = {"record": record.to_dict(), "states_sha256": digest(record)}
        (HERE / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        print(f"{name}: {len(record.moves)} moves")


if __name__ == "__main__":
    main(sys.argv[1:])
