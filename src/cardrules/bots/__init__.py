"""Players that choose moves by themselves, for every game.

- :class:`RandomPlayer`: uniformly random legal moves.
- :func:`heuristic`: each game's sensible player.
- :class:`ISMCTSPlayer`: information-set Monte Carlo tree search on ``sample_state``.
- :class:`CFRPlayer`: a small variant's CFR average policy (bot name ``cfr``).
"""

from ._cfr import CFRPlayer
from ._ismcts import ISMCTSPlayer
from ._random import RandomPlayer
from ._registry import BOTS, heuristic, make_bot

__all__ = ["BOTS", "CFRPlayer", "ISMCTSPlayer", "RandomPlayer", "heuristic", "make_bot"]

for _cls in (CFRPlayer, ISMCTSPlayer, RandomPlayer):
    _cls.__module__ = __name__
for _func in (heuristic, make_bot):
    _func.__module__ = __name__
del _cls, _func
