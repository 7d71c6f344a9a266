"""A first look at cardrules: deal, list moves, apply one, look at a view, play a match.

python examples/quickstart.py
"""

from __future__ import annotations

from cardrules import Record, malilla, play
from cardrules.bots import RandomPlayer, heuristic

game = malilla.Game(target=12)
state = game.new_state(seed=7)

# Whose decision is it, and what may they do?
seat = state.current_player
assert seat is not None
print(f"seat {seat} to play; legal: {', '.join(str(m) for m in state.legal_moves())}")

# States are values: apply returns a new one.
after = state.apply(state.legal_moves()[0])
print(f"after {state.legal_moves()[0]}: seat {after.current_player} to play")

# What seat 2 knows, and nothing more.
print(after.view(2).render())

# A whole match between the heuristic partnership (0+2) and random players (1+3).
players = [heuristic(game, seed=0), RandomPlayer(1), heuristic(game, seed=2), RandomPlayer(3)]
record = play(game, players, seed=7)
print(f"{len(record.moves)} decisions; {record.outcome}")

# Records are JSON-ready and replay exactly.
assert Record.from_dict(record.to_dict()) == record
