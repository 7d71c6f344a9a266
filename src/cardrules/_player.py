"""The interface of anything that chooses moves: bots, front ends, people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

__all__ = ["Player"]

ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT = TypeVar("MoveT")


@runtime_checkable
class Player(Protocol[ViewT_contra, MoveT]):
    """Chooses one of ``legal_moves`` from what ``view`` shows; never sees a state."""

    def choose(self, view: ViewT_contra, legal_moves: Sequence[MoveT]) -> MoveT:
        """The chosen move, one of ``legal_moves``."""
        ...
