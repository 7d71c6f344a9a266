"""Players that choose moves by themselves, for every game."""

from ._random import RandomPlayer
from ._registry import BOTS, make_bot

__all__ = ["BOTS", "RandomPlayer", "make_bot"]

RandomPlayer.__module__ = __name__
