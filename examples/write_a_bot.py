"""Write a Malilla bot in a few lines, then pit it against the heuristic bot.

    python examples/write_a_bot.py [MATCHES]

A bot is any object with ``choose(view, legal_moves)``; it sees only its
seat's view.  This one wins cheaply when an opponent holds the trick, feeds
points to its partner when the partner holds it, and otherwise throws its
least valuable card.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from cardrules import malilla, tournament


class PointFeeder:
    """Feeds points to the partner, wins cheaply, throws rubbish."""

    def choose(self, view: malilla.View, legal_moves: Sequence[malilla.Move]) -> malilla.Move:
        def value(move: malilla.Move) -> tuple[int, int]:
            return (move.card.points, move.card.strength)

        winner = view.winning_seat
        if winner is not None and winner % 2 == view.seat % 2:
            return max(legal_moves, key=value)  # partner holds the trick: give it points
        return min(legal_moves, key=value)  # must-beat picks the winners for us; else throw rubbish


if __name__ == "__main__":
    matches = 8 if os.environ.get("CARDRULES_SMALL") else int(sys.argv[1]) if len(sys.argv) > 1 else 200
    # The bot itself sits at seats 0 and 2 (copied afresh for every match); two worker processes play.
    lineup = [PointFeeder(), "heuristic"] * 2
    result = tournament(malilla.Game(target=12), lineup, matches, seed=1, jobs=2, progress=False)
    print(result.table())
