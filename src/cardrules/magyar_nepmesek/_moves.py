"""The decisions of Magyar népmesék: one small class per kind, all tagged subclasses of :class:`Move`.

Cards are named by their kind ids; ``str(move)`` reads them by
:func:`~._cards.card_name`.  A move that takes hidden cards (Take 2 cards,
Make a player discard) names only how many: which ones is chance.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._base import BaseMove
from .._fast import fast_init
from .._invariants import refuse
from ._cards import card_name, card_names, printed_value

__all__ = [
    "AddToGroup",
    "BonusDraw",
    "Discard",
    "Draw",
    "Give",
    "Lay",
    "MatchDiscard",
    "Mirror",
    "Move",
    "Pass",
    "Play",
    "Shield",
    "Store",
    "Swap",
]


@attrs.frozen
class Move(BaseMove):
    """A decision of ``seat``; the subclasses say which."""

    game_name: ClassVar[str] = "magyar_nepmesek"
    _json_tag: ClassVar[str | None] = None
    seat: int


@attrs.frozen
class Draw(Move):
    """Draw the top card of the draw pile (the turn's action)."""

    _json_tag: ClassVar[str | None] = "draw"

    def __str__(self) -> str:
        return "draw a card"


@fast_init
@attrs.frozen
class Lay(Move):
    """Lay down a group, a row or a lone +4; ``values[i]`` is what ``cards[i]`` counts as (a joker's declared value)."""

    _json_tag: ClassVar[str | None] = "lay"
    cards: tuple[str, ...]
    values: tuple[int, ...]

    def __str__(self) -> str:
        if len(self.values) != len(self.cards) or not all(type(v) is int for v in self.values):
            return (
                f"lay down {' '.join(map(str, self.cards))} as {self.values!r}"  # a hand-built, malformed lay
            )
        shown = (
            card_name(c) if printed_value(c) == v else f"{card_name(c)} as {v:+d}"
            for c, v in zip(self.cards, self.values, strict=True)
        )
        return f"lay down {', '.join(shown)}"

    def _validate(self) -> None:
        """A lay gives one value per card."""
        if len(self.values) != len(self.cards):
            refuse(
                "magyar_nepmesek move",
                "values",
                f"give {len(self.values)} values for {len(self.cards)} cards",
            )


@attrs.frozen
class Discard(Move):
    """Discard as the turn's action: one card, several identical cards, or a negative row (advanced)."""

    _json_tag: ClassVar[str | None] = "discard"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"discard {card_names(self.cards)}"


@attrs.frozen
class BonusDraw(Move):
    """Draw one card after discarding at least 3 (advanced)."""

    _json_tag: ClassVar[str | None] = "bonus_draw"

    def __str__(self) -> str:
        return "draw a card for discarding three"


@attrs.frozen
class Pass(Move):
    """Decline: a window, a reaction, an optional step, or a turn with no possible action."""

    _json_tag: ClassVar[str | None] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class MatchDiscard(Move):
    """Extra action: discard cards whose picture matches the top of the discard pile."""

    _json_tag: ClassVar[str | None] = "match_discard"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"discard matching {card_names(self.cards)}"


@attrs.frozen
class AddToGroup(Move):
    """Extra action: add an identical card to one's own laid group number ``meld``."""

    _json_tag: ClassVar[str | None] = "add_to_group"
    meld: int
    card: str

    def __str__(self) -> str:
        return f"add {card_name(self.card)} to group {self.meld}"


@attrs.frozen
class Play(Move):
    """Play the action card ``card`` (advanced).

    ``target`` is the chosen opponent (``None`` for cards that choose none or
    hit all opponents); ``count`` how many cards to take or make discard
    ("up to"); ``meld``/``position`` the laid card that Take back a card or
    the Hussar is aimed at.
    """

    _json_tag: ClassVar[str | None] = "play"
    card: str
    target: int | None = None
    count: int = 0
    meld: int = -1
    position: int = -1

    def __str__(self) -> str:
        text = f"play {card_name(self.card)}"
        if self.target is not None:
            text += f" on seat {self.target}"
        if self.count:
            text += f" ({self.count})"
        if self.meld >= 0:
            text += f" at laid combination {self.meld}" + (
                f" card {self.position}" if self.position >= 0 else ""
            )
        return text


@attrs.frozen
class Shield(Move):
    """React: discard a Shield so that the action has no effect on this seat."""

    _json_tag: ClassVar[str | None] = "shield"

    def __str__(self) -> str:
        return "use Shield"


@attrs.frozen
class Mirror(Move):
    """React: discard the Magic Mirror to reflect the action onto the player who played it."""

    _json_tag: ClassVar[str | None] = "mirror"

    def __str__(self) -> str:
        return "use Magic Mirror"


@attrs.frozen
class Store(Move):
    """Lay ``card`` from the hand face down on an empty Village."""

    _json_tag: ClassVar[str | None] = "store"
    card: str

    def __str__(self) -> str:
        return f"put {card_name(self.card)} on a Village"


@attrs.frozen
class Swap(Move):
    """Exchange the card on Village number ``village`` for ``card`` from the hand."""

    _json_tag: ClassVar[str | None] = "swap"
    village: int
    card: str

    def __str__(self) -> str:
        return f"exchange the card on Village {self.village} for {card_name(self.card)}"


@attrs.frozen
class Give(Move):
    """Give the chosen cards (at most 2) for Pass 2 cards."""

    _json_tag: ClassVar[str | None] = "give"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"give {card_names(self.cards)}"
