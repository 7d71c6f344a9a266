"""The start of a match: a seeded dealer and Heroes, then the first deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._random import Rng
from ._cards import Hero
from ._pending import HeroChoicePhase
from ._state import State
from ._table import Table
from ._transition import deal

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["first_state"]


def first_state(game: Game, rng: Rng) -> State:
    """A new match: a seeded dealer (ruling 2), seeded Heroes, then the first deal."""
    t = Table.blank(game, rng, State)
    t.dealer = rng.below(game.players)
    t.heroes = tuple(rng.sample(list(Hero), game.players))
    pending = deal(t)
    if game.hero_choice == "choice":
        # "Before the first game, each player takes a hero ... by choice": the starting seat first.
        pending = HeroChoicePhase((t.dealer + 1) % game.players, pending)
    return t.freeze(pending)
