"""Mala Suerte: get Clovers into the other players' piles, or leave them without cards.

>>> from cardrules import mala_suerte
>>> game = mala_suerte.Game(players=4)
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._cards import CARDS, COLOURS, DECK, KINDS, MINI_DECK, Card, Colour, Kind, sort_cards
from ._events import Event, EventKind
from ._game import Backs, Deck, Game
from ._heuristic import HeuristicPlayer
from ._knowledge import Knowledge
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._pending import (
    CatTake,
    CrowsCounter,
    CrowsSteal,
    EvilEyeColour,
    HorseshoeReturn,
    MirrorSwap,
    MulliganChoice,
    Pending,
    SaltTake,
    Step,
    TurnCleaned,
    TurnDrawn,
    TurnOpen,
)
from ._position import position
from ._records import Board, Curse
from ._state import State
from ._view import View

__all__ = [
    "CARDS",
    "COLOURS",
    "DECK",
    "KINDS",
    "MINI_DECK",
    "Backs",
    "Board",
    "Card",
    "CatTake",
    "Clean",
    "Colour",
    "CrowsCounter",
    "CrowsSteal",
    "Curse",
    "Deck",
    "Draw",
    "Event",
    "EventKind",
    "EvilEyeColour",
    "Game",
    "HeuristicPlayer",
    "HorseshoeReturn",
    "Keep",
    "Kind",
    "Knowledge",
    "MirrorSwap",
    "Move",
    "Mulligan",
    "MulliganChoice",
    "NameColour",
    "Pending",
    "Play",
    "Return",
    "SaltTake",
    "State",
    "Step",
    "Swap",
    "Take",
    "TurnCleaned",
    "TurnDrawn",
    "TurnOpen",
    "View",
    "position",
    "sort_cards",
]
