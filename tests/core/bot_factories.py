"""Bots as a user writes them, in a module of their own: the lineup tests import them by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.bots import RandomPlayer


class Greedy:
    """Plays the first legal move: a bot of the user's own, knowing nothing of the registry."""

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        return legal_moves[0]


def greedy(game: Any, seed: int) -> Greedy:
    """A factory ``(game, seed) -> Player``."""
    return Greedy()


def seeded_random(game: Any, seed: int) -> RandomPlayer:
    """A factory that uses its seed, so that results show the seed reached it."""
    return RandomPlayer(seed)


class Broken:
    """Returns something that is not a move."""

    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        return "nonsense"


def broken(game: Any, seed: int) -> Broken:
    return Broken()


def broken_at_seat_2(game: Any, seed: int) -> Any:
    """Broken when the match seats it at seat 2 (its seed, :func:`cardrules._runners.match_seed` of the
    match seed and the seat, cannot tell), a greedy player elsewhere: it reads the seat off the view."""
    return _BrokenAtSeat2()


class _BrokenAtSeat2:
    def choose(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        return "nonsense" if view.seat == 2 else legal_moves[0]


def raises(game: Any, seed: int) -> Any:
    raise RuntimeError("this factory is broken")


def not_a_player(game: Any, seed: int) -> Any:
    return 42


#: Not callable, not a Player.
NUMBER = 7
