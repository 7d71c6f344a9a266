"""Bots as a user writes them, in a module of their own: the lineup tests import them by name."""

from __future__ import annotations

import os
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


#: The process of the test that checks Ray's runtime environment (set there): it builds anywhere.
DRIVER: int | None = None


def greedy_where_shipped(game: Any, seed: int) -> Greedy:
    """A greedy player; outside :data:`DRIVER`, built only in a directory holding ``shipped.txt`` (a Ray
    worker's ``working_dir`` from the runtime environment), else an error."""
    if os.getpid() != DRIVER and not os.path.exists("shipped.txt"):
        raise RuntimeError(f"no shipped.txt in {os.getcwd()}")
    return Greedy()


def raises(game: Any, seed: int) -> Any:
    raise RuntimeError("this factory is broken")


def not_a_player(game: Any, seed: int) -> Any:
    return 42


#: Not callable, not a Player.
NUMBER = 7
