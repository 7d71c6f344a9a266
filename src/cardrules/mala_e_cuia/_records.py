"""Public facts: the revealed results of a competitive round and of a cooperative guess."""

from __future__ import annotations

import attrs

from ._tiles import Tile

__all__ = ["Reveal", "RoundResult"]


@attrs.frozen
class RoundResult:
    """A finished competitive round, as everyone saw it at Compare Luggage.

    ``situation`` is the Situation card's index in the deck, ``table`` the
    faces shown, ``tiles`` every seat's revealed pack and ``points`` what each
    seat scored in the round.
    """

    round: int
    situation: int
    table: tuple[int, ...]
    tiles: tuple[Tile, ...]
    points: tuple[int, ...]


@attrs.frozen
class Reveal:
    """One protagonist's turn in the cooperative Guess phase, once the Suitcase Tile is opened.

    ``correct`` counts the items guessed in the right field; ``points`` adds
    the extra point when all four are right.
    """

    protagonist: int
    situation: int
    tile: Tile
    guess: Tile
    correct: int
    points: int
