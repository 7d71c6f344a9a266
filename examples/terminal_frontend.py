"""The smallest complete front end on the public API: play Malilla in a terminal.

    python examples/terminal_frontend.py [SEAT]

It shows only what your seat may see, numbers your legal moves, and tells you
what the others did in between.  With CARDRULES_SMALL=1 (as in CI) or when
standard input is not a terminal, it picks the first legal move by itself.
"""

from __future__ import annotations

import os
import sys

from cardrules import malilla
from cardrules.bots import heuristic

AUTO = bool(os.environ.get("CARDRULES_SMALL")) or not sys.stdin.isatty()


def ask(legal: tuple[malilla.Move, ...]) -> malilla.Move:
    for number, move in enumerate(legal, start=1):
        print(f"  {number}. {move}")
    while not AUTO:
        answer = input("your move: ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        print(f"  type a number from 1 to {len(legal)}")
    return legal[0]


def main(me: int) -> None:
    game = malilla.Game(target=5 if AUTO else 35)
    bots = {seat: heuristic(game, seed=seat) for seat in range(4) if seat != me}
    state = game.new_state(seed=11)
    print(*state.opening(), sep="\n")
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == me:
            print(state.view(me).render())
            move = ask(state.legal_moves())
        else:
            move = bots[seat].choose(state.view(seat), state.legal_moves())
        after = state.apply(move)
        print(*(f"  {line}" for line in state.describe(move, after)), sep="\n")
        state = after
    assert state.outcome is not None
    print("you win!" if me in state.outcome.winners else "you lose.", state.outcome)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
