"""The uniformly random player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from .._random import Rng

__all__ = ["RandomPlayer"]

MoveT = TypeVar("MoveT")


class RandomPlayer:
    """Chooses uniformly among the legal moves, reproducibly from ``seed``."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = Rng.from_seed(seed)

    def choose(self, view: Any, legal_moves: Sequence[MoveT]) -> MoveT:
        """One of ``legal_moves``, uniformly at random."""
        return self._rng.choice(legal_moves)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"
