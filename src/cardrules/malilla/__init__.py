"""Malilla: four-player partnership trick-taking, to 35 points.

>>> from cardrules import malilla
>>> game = malilla.Game(target=35)
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True

What a search needs is here too: the rules as pure functions of cards
(:func:`legal_cards`, :func:`trick_winner`, :func:`led_mask`; cards are deck
indices, suits numbered 0-3 as :data:`SUIT_OF` gives them, :data:`POINTS` each
card's value; :func:`legal_mask` is the rule of :func:`legal_cards` on hands kept
as card masks, card ``c`` the bit ``1 << c``), an exact double-dummy solver
(:func:`solve`), and a side's chance to win the match from a score
(:func:`win_chance`).  Each checks its arguments: a card out of the deck, a suit
out of range or a hand of the wrong size is a :class:`~cardrules.PositionError`
naming it.
"""

from ._cards import DECK, POINTS, SUIT_OF, Card, Rank, Suit
from ._events import Event, EventKind, events_of, opening_events
from ._game import Game
from ._heuristic import HeuristicPlayer
from ._moves import Move
from ._pending import Pending, PlayCard
from ._position import Cards, position
from ._records import Board, BoardFacts, HandResult, Trick, Turn
from ._search import led_mask, legal_cards, legal_mask, trick_winner, win_chance
from ._solver import Solver, solve
from ._state import State
from ._view import View

__all__ = [
    "DECK",
    "POINTS",
    "SUIT_OF",
    "Board",
    "BoardFacts",
    "Card",
    "Cards",
    "Event",
    "EventKind",
    "Game",
    "HandResult",
    "HeuristicPlayer",
    "Move",
    "Pending",
    "PlayCard",
    "Rank",
    "Solver",
    "State",
    "Suit",
    "Trick",
    "Turn",
    "View",
    "events_of",
    "led_mask",
    "legal_cards",
    "legal_mask",
    "opening_events",
    "position",
    "solve",
    "trick_winner",
    "win_chance",
]
