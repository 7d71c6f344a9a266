"""Malilla: four-player partnership trick-taking, to 35 points.

>>> from cardrules import malilla
>>> game = malilla.Game(target=35)
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._cards import DECK, Card, Rank, Suit
from ._game import Game
from ._heuristic import HeuristicPlayer
from ._moves import Move
from ._position import Cards, position
from ._records import HandResult, Trick
from ._state import State
from ._view import View

Game.state_type = State  # the class Game.from_notation reads

__all__ = [
    "DECK",
    "Card",
    "Cards",
    "Game",
    "HandResult",
    "HeuristicPlayer",
    "Move",
    "Rank",
    "State",
    "Suit",
    "Trick",
    "View",
    "position",
]
