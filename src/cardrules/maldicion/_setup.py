"""Dealing a game: Heroes, Curses, seven Action cards each, the starting card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._random import Rng
from ._cards import ACTION_DECK, CURSE_DECK, Figure, Hero
from ._flow import AMOUNT, accept_attack, enter
from ._phases import HeroChoicePhase, NameElementPhase, Phase, TurnPhase
from ._records import EventKind, Memory
from ._table import Table, sort_cards

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["HAND_SIZE", "deal", "first_state", "next_game"]

#: "Deal to each player ... 7 Action cards".
HAND_SIZE = 7


def first_state(game: Game, rng: Rng) -> State:
    """A new match: a seeded dealer (ruling 2), seeded Heroes, then the first deal."""
    t = Table.blank(game, rng)
    t.dealer = rng.below(game.players)
    t.heroes = tuple(rng.sample(list(Hero), game.players))
    phase = deal(t)
    if game.hero_choice == "choice":
        # "Before the first game, each player takes a hero ... by choice": the starting seat first.
        phase = HeroChoicePhase((t.dealer + 1) % game.players, phase)
    return t.freeze(phase)


def next_game(t: Table) -> Phase:
    """PvP: "the only cards dealt again in each game are the Curse cards" (and the Actions, ruling 36).

    The Heroes stay; the deal passes to the other seat.
    """
    t.game_number += 1
    t.dealer = 1 - t.dealer
    return deal(t)


def deal(t: Table) -> Phase:
    """Shuffle and deal Curses and Actions, turn up the starting card; the seat after the dealer starts.

    "If the first card turned up is an Attack card, its consequence applies to
    the starting player.  If it is an Effect card, it only defines the starting
    element" (a Gem: the starting player names it, ruling 3).
    """
    n = t.n
    rng = t.rng
    actions = rng.shuffled(ACTION_DECK)
    t.curses = tuple(rng.sample(CURSE_DECK, t.game.curse_owners))
    t.curses_shown = (False,) * t.game.curse_owners
    t.hands = [sort_cards(actions[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
    t.deck = tuple(actions[n * HAND_SIZE : -1])
    top = actions[-1]
    t.pile = (top,)
    t.element = top.element
    t.direction = 1
    t.penalized = (False,) * n
    t.silent = ()
    t.memory = Memory((), None, ((),) * n, (frozenset(),) * n)
    t.passed = (0,) * n
    start = (t.dealer + 1) % n
    t.log(EventKind.NEW_GAME, t.dealer, card=top, count=t.game_number)
    if top.figure in AMOUNT:
        return enter(t, accept_attack(t, start, t.dealer, top.figure, AMOUNT[top.figure], resume=start))
    if top.figure is Figure.GEM:
        return NameElementPhase(start)
    return TurnPhase(start)
