"""The decisions of Mala Suerte, one class per kind of decision.

``Move`` is the base class every decision derives from; in JSON a move is
written with a ``"type"`` key naming its class.  A move never names a card
hidden in another hand: taking from a hand names at most the colour taken
(which the backs show, ruling 2), and the card of that colour is picked at
random from the state's generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from .._base import BaseMove
from ._cards import Card, Colour
from ._notation import CODES

__all__ = ["Clean", "Draw", "Keep", "Move", "Mulligan", "NameColour", "Play", "Return", "Swap", "Take"]


@attrs.frozen
class Move(BaseMove):
    """A decision of ``seat``; see the subclasses."""

    game_name: ClassVar[str] = "mala_suerte"
    _json_tag: ClassVar[str | None] = None
    _notation_codes: ClassVar[Mapping[str, str]] = CODES
    seat: int


@attrs.frozen
class Mulligan(Move):
    """Setup: add ``card`` to the cards the seat will return to the deck (up to its whole hand).

    The seat picks its cards one at a time and ends with :class:`Keep`; the
    others learn what it returned only when every seat has decided.
    """

    _json_tag: ClassVar[str | None] = "mulligan"
    card: Card

    def __str__(self) -> str:
        return f"set aside {self.card} to return"


@attrs.frozen
class Keep(Move):
    """Setup: end the mulligan decision, keeping the cards not set aside (all of them if none was)."""

    _json_tag: ClassVar[str | None] = "keep"

    def __str__(self) -> str:
        return "keep the rest of the hand"


@attrs.frozen
class Draw(Move):
    """Turn step 1 (optional): draw the top card of the deck."""

    _json_tag: ClassVar[str | None] = "draw"

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Clean(Move):
    """Turn step 2 (optional): discard the top three cards of the own pile, one of each colour, and draw."""

    _json_tag: ClassVar[str | None] = "clean"

    def __str__(self) -> str:
        return "clean"


@attrs.frozen
class Play(Move):
    """Turn step 3 (mandatory): play ``card`` from the hand onto the own pile."""

    _json_tag: ClassVar[str | None] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Take(Move):
    """Take a card of ``colour`` from the hand of ``source`` (Crows, Black Cat, Spilled Salt).

    Only with coloured backs: with plain backs the pick is blind and needs no decision.
    """

    _json_tag: ClassVar[str | None] = "take"
    source: int
    colour: Colour

    def __str__(self) -> str:
        return f"take a {self.colour} card from seat {self.source}"


@attrs.frozen
class NameColour(Move):
    """Evil Eye: name the colour the next seat must play."""

    _json_tag: ClassVar[str | None] = "name_colour"
    colour: Colour

    def __str__(self) -> str:
        return f"name {self.colour}"


@attrs.frozen
class Return(Move):
    """Horseshoe: put ``card`` from the hand on top of the deck."""

    _json_tag: ClassVar[str | None] = "return"
    card: Card

    def __str__(self) -> str:
        return f"return {self.card} to the deck"


@attrs.frozen
class Swap(Move):
    """Broken Mirror: give ``give`` to ``target`` and take one of its cards.

    ``give`` is ``None`` when the hand is empty (ruling 15).  ``take`` is the
    colour taken with coloured backs, ``None`` with plain backs (a blind pick).
    """

    _json_tag: ClassVar[str | None] = "swap"
    target: int
    give: Card | None
    take: Colour | None

    def __str__(self) -> str:
        gives = f"give {self.give}" if self.give is not None else "give nothing"
        takes = f"take a {self.take} card" if self.take is not None else "take a card"
        return f"Broken Mirror with seat {self.target}: {gives}, {takes}"
