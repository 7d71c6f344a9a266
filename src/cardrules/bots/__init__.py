"""Players that choose moves by themselves, for every game."""

from ._random import RandomPlayer

__all__ = ["RandomPlayer"]

RandomPlayer.__module__ = __name__
