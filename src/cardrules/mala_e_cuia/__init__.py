"""Mala e Cuia: pack 4 items for a trip so that your friends can tell what you took.

Cooperative (the team guesses each protagonist's pack) or competitive (four
rounds, scoring the choices shared with other seats), for 3 to 8 seats, with
a built-in deck of original Situation and Item cards or one of your own.

>>> from cardrules import mala_e_cuia
>>> game = mala_e_cuia.Game(players=4, mode="cooperative")
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._deck import Deck, Item, ItemCard, Situation, SituationCard
from ._events import Event, EventKind, events_of, opening_events
from ._game import Game, Mode, NewItems
from ._heuristic import HeuristicPlayer
from ._load import builtin_deck, load_deck, parse_deck
from ._moves import Guess, Move, Pack
from ._pending import Guessing, Packing, Pending
from ._position import Packed, position
from ._progress import Competition, Cooperation, CooperationSeen
from ._records import Reveal, RoundResult
from ._scoring import ALL_RIGHT_BONUS, Band, compare_luggage, guess_points
from ._state import State
from ._tiles import GENERAL_SLOTS, Slot, Tile
from ._view import View

__all__ = [
    "ALL_RIGHT_BONUS",
    "GENERAL_SLOTS",
    "Band",
    "Competition",
    "Cooperation",
    "CooperationSeen",
    "Deck",
    "Event",
    "EventKind",
    "Game",
    "Guess",
    "Guessing",
    "HeuristicPlayer",
    "Item",
    "ItemCard",
    "Mode",
    "Move",
    "NewItems",
    "Pack",
    "Packed",
    "Packing",
    "Pending",
    "Reveal",
    "RoundResult",
    "Situation",
    "SituationCard",
    "Slot",
    "State",
    "Tile",
    "View",
    "builtin_deck",
    "compare_luggage",
    "events_of",
    "guess_points",
    "load_deck",
    "opening_events",
    "parse_deck",
    "position",
]
