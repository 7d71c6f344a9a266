"""Magyar népmesék: A kártyajáték, the Hungarian folk-tale card game: starter, advanced and 5th-edition cards.

>>> from cardrules import magyar_nepmesek
>>> game = magyar_nepmesek.Game(players=4, variant="advanced", fifth_edition=True)
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._cards import CardTable, card_name
from ._deck import CardKind, Category, Deck, Scope, default_deck, mini_deck, read_deck
from ._events import Event, EventKind
from ._game import Game
from ._heuristic import HeuristicPlayer
from ._melds import Meld, MeldKind
from ._moves import (
    AddToGroup,
    BonusDraw,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import BonusChoice, FollowUp, Giving, Main, Pending, React, Refill, Storing, Window
from ._position import position
from ._records import Board, Tableau, TableauFacts
from ._state import State
from ._view import Moment, View

__all__ = [
    "AddToGroup",
    "Board",
    "BonusChoice",
    "BonusDraw",
    "CardKind",
    "CardTable",
    "Category",
    "Deck",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "FollowUp",
    "Game",
    "Give",
    "Giving",
    "HeuristicPlayer",
    "Lay",
    "Main",
    "MatchDiscard",
    "Meld",
    "MeldKind",
    "Mirror",
    "Moment",
    "Move",
    "Pass",
    "Pending",
    "Play",
    "React",
    "Refill",
    "Scope",
    "Shield",
    "State",
    "Store",
    "Storing",
    "Swap",
    "Tableau",
    "TableauFacts",
    "View",
    "Window",
    "card_name",
    "default_deck",
    "mini_deck",
    "position",
    "read_deck",
]
