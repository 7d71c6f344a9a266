"""Mala Suerte: get Clovers into the other players' piles, or leave them without cards.

>>> from cardrules import mala_suerte
>>> game = mala_suerte.Game(players=4)
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._cards import CARDS, COLOURS, DECK, KINDS, Card, Colour, Kind, sort_cards
from ._game import Backs, Game
from ._heuristic import HeuristicPlayer
from ._knowledge import Knowledge
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import Curse, Event, EventKind, Step
from ._state import Board, State
from ._view import View

__all__ = [
    "CARDS",
    "COLOURS",
    "DECK",
    "KINDS",
    "Backs",
    "Board",
    "Card",
    "Clean",
    "Colour",
    "Curse",
    "Draw",
    "Event",
    "EventKind",
    "Game",
    "HeuristicPlayer",
    "Keep",
    "Kind",
    "Knowledge",
    "Move",
    "Mulligan",
    "NameColour",
    "Play",
    "Return",
    "State",
    "Step",
    "Swap",
    "Take",
    "View",
    "sort_cards",
]
