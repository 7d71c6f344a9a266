"""Malilla's only decision: which card to play."""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._base import BaseMove
from ._cards import DECK, Card

__all__ = ["MOVES", "Move"]


@attrs.frozen(repr=False)
class Move(BaseMove):
    """``seat`` plays ``card`` to the trick."""

    game_name: ClassVar[str] = "malilla"
    seat: int
    card: Card

    @classmethod
    def parse(cls, seat: int, text: str) -> Move:
        """``Move.parse(1, "7s")``: seat 1 plays the 7 of spades."""
        return cls(seat, Card.parse(text.removeprefix("play ")))

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Move.parse({self.seat}, {self.card.to_json()!r})"


#: ``MOVES[seat][card]``: one shared Move per seat and card, so legal move lists cost no allocation.
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(seat, card) for card in DECK) for seat in range(4))
