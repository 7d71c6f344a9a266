"""The longest of many uniformly random matches of every example configuration, in decisions.

    python benchmarks/match_lengths.py [--matches 300]

Evidence for ``cardrules.openspiel.MAX_GAME_LENGTH``: no rule caps a match, so
the adapter declares a bound far above what play reaches.  Match ``s`` is
dealt from seed ``s`` and played by ``random.Random(s)``.
"""

from __future__ import annotations

import argparse
import random

import cardrules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300)
    args = parser.parse_args()
    for cls in cardrules.games().values():
        for game in cls.examples():
            lengths = []
            for seed in range(args.matches):
                state, rng, decisions = game.new_state(seed), random.Random(seed), 0
                while not state.is_terminal:
                    moves = state.legal_moves()
                    state = state.apply(moves[rng.randrange(len(moves))])
                    decisions += 1
                lengths.append(decisions)
            print(f"{game}: longest {max(lengths)}, mean {sum(lengths) / len(lengths):.0f}", flush=True)


if __name__ == "__main__":
    main()
