"""Scoring, as pure functions of tiles: Compare Luggage, the cooperative guess, the performance band.

Each function quotes the rulebook sentence it implements; rulings are
numbered as on the docs page (``docs/games/mala_e_cuia.md``).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence

from .._errors import ConfigError
from .._words import brief
from ._tiles import GENERAL_SLOTS, Tile

__all__ = ["Band", "compare_luggage", "guess_points", "max_round_points"]

#: "You receive 2 points for each of the 3 items you chose for the General Situation ...".
GENERAL_POINTS = 2
#: "If the team guessed all 4 items correctly, the team earns 1 extra point, totaling 5 points."
ALL_RIGHT_BONUS = 1


def compare_luggage(tiles: Sequence[Tile]) -> tuple[int, ...]:
    """Each seat's points for one competitive round, from every seat's complete tile.

    General: "2 points for each of the 3 items you chose for the General
    Situation if at least one opponent also chose the same item for the
    General Situation".  Bonus: "if at least one other player chose the same
    item as you for the Bonus Situation, gain a number of points equal to the
    number of players who chose this same bonus item (including you)".
    A General item only matches General items, a Bonus item only Bonus items (ruling 8).
    A tile that is not complete, or more tiles than a table seats (8), is a
    :class:`~cardrules.ConfigError` naming it.
    """
    if (
        isinstance(tiles, (str, bytes))
        or not isinstance(tiles, Sequence)
        or not 1 <= len(tiles) <= _MOST_SEATS
    ):
        raise ConfigError(
            f"mala_e_cuia: compare_luggage: needs one complete tile a seat, 1 to 8, got {brief(tiles)}"
        )
    for seat, tile in enumerate(tiles):
        _check_tile(f"mala_e_cuia: compare_luggage: tiles[{seat}]", tile, complete=True)
    general = Counter(face for tile in tiles for face in tile.general)
    bonus = Counter(tile.bonus for tile in tiles)
    points = []
    for tile in tiles:
        shared = sum(1 for face in tile.general if general[face] >= 2)
        k = bonus[tile.bonus]
        points.append(GENERAL_POINTS * shared + (k if k >= 2 else 0))
    return tuple(points)


#: The most seats a table has (the option ``players``: 3 to 8).
_MOST_SEATS = 8


def _check_tile(what: str, tile: object, complete: bool) -> None:
    """Refuse anything but a tile of item faces (a set of at most three General, at most one Bonus),
    complete when ``complete``, naming ``what``."""
    if not isinstance(tile, Tile):
        raise ConfigError(f"{what} must be a Tile, got {brief(tile)}")
    general, bonus = tile.general, tile.bonus
    if not isinstance(general, frozenset) or len(general) > GENERAL_SLOTS:
        raise ConfigError(f"{what}: general must be a frozenset of at most 3 items, got {brief(general)}")
    for face in (*general, *(() if bonus is None else (bonus,))):
        if isinstance(face, bool) or not isinstance(face, int) or face < 0:
            raise ConfigError(f"{what}: an item is a face number (0 or more), got {brief(face)}")
    if complete and not tile.complete:
        raise ConfigError(f"{what} must be complete (three General items and the Bonus item), got {tile}")


def max_round_points(players: int) -> int:
    """The most a seat can score in a competitive round: three shared General items and a Bonus item all chose."""
    return GENERAL_POINTS * GENERAL_SLOTS + players


def guess_points(tile: Tile, guess: Tile) -> tuple[int, int]:
    """``(correct, points)`` for the team's guess of a protagonist's tile.

    "For each item that players guessed correctly, the team earns 1 point. For
    an item to be considered correct, it must have been indicated by the
    other players in the specific situation (General or Bonus) originally
    chosen by the protagonist."  All four right earns the extra point (ruling 9).  A ``tile`` that
    is not complete, or a ``guess`` that is not a tile, is a :class:`~cardrules.ConfigError`.
    """
    _check_tile("mala_e_cuia: guess_points: tile", tile, complete=True)
    _check_tile("mala_e_cuia: guess_points: guess", guess, complete=False)
    correct = len(tile.general & guess.general) + (tile.bonus == guess.bonus)
    return correct, correct + (ALL_RIGHT_BONUS if correct == GENERAL_SLOTS + 1 else 0)


class Band(enum.Enum):
    """The cooperative scoring table's performance bands, printed for three players (ruling 10).

    Each value is ``(lowest total at three players, the printed caption)``.
    """

    RETHINK = (0, "Maybe it's time to rethink what to pack...")
    GOOD_IDEAS = (5, "You have good ideas, but still need to organize your choices better.")
    GREAT_JOB = (9, "Great job! The team is almost ready for any situation.")
    IMPRESSIVE = (12, "Impressive! You know exactly what and when to take.")
    PERFECT = (15, "Perfect! You are true masters in the art of packing suitcases.")

    @property
    def caption(self) -> str:
        """The rulebook's words for the band."""
        return self.value[1]

    def lowest(self, players: int) -> int:
        """The lowest team total in this band for ``players`` seats: the printed bound times players/3, rounded up."""
        printed: int = self.value[0]
        return -(-printed * players // 3)

    @classmethod
    def of(cls, total: int, players: int) -> Band:
        """The band of a team total; at three players exactly the printed table."""
        found = cls.RETHINK
        for band in cls:
            if total >= band.lowest(players):
                found = band
        return found
