"""Players that choose moves by themselves, for every game.

- :class:`RandomPlayer`: uniformly random legal moves.
- :func:`heuristic`: each game's sensible player.
- :class:`ISMCTSPlayer`: information-set Monte Carlo tree search on ``sample_state``.
- :class:`CFRPlayer`: a small variant's CFR average policy (bot name ``cfr``).
- :class:`ExpertPlayer`: the strongest of each game (PIMC on the exact solver in Malilla's
  endgames, IS-MCTS elsewhere).
"""

from ._cfr import CFRPlayer
from ._expert import ExpertPlayer
from ._ismcts import ISMCTSPlayer
from ._random import RandomPlayer
from ._registry import BOTS, heuristic, make_bot

__all__ = ["BOTS", "CFRPlayer", "ExpertPlayer", "ISMCTSPlayer", "RandomPlayer", "heuristic", "make_bot"]

for _cls in (CFRPlayer, ExpertPlayer, ISMCTSPlayer, RandomPlayer):
    _cls.__module__ = __name__
for _func in (heuristic, make_bot):
    _func.__module__ = __name__
del _cls, _func
