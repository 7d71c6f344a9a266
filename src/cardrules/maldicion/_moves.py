"""The decisions of La Maldición, one class per kind; each carries the seat that makes it.

``call`` on a move that leaves the hand empty says "MALDICIÓN" at that moment;
``call=False`` stays silent (a seat that forgets can be caught, ruling 12).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._base import BaseMove
from .._fast import fast_init
from ._cards import Card, Element, Hero, mirrored

__all__ = [
    "Accept",
    "CallOut",
    "ChooseHero",
    "Deal",
    "Discard",
    "DiscardCurse",
    "Draw",
    "Give",
    "Move",
    "NameElement",
    "Pass",
    "Play",
    "Reflex",
    "UseAbility",
]


def _said(call: bool) -> str:
    return ", saying MALDICIÓN" if call else ""


@attrs.frozen
class Move(BaseMove):
    """Base of every La Maldición move; the JSON ``"type"`` key names the kind."""

    game_name: ClassVar[str] = "maldicion"
    _json_tag: ClassVar[str | None] = None
    seat: int


@attrs.frozen
class Play(Move):
    """Play ``card`` (its effect activates); ``mirror`` plays two identical cards as one.

    ``element`` is the element chosen with an Elemental Gem; ``target`` the seat
    attacked by a Double Shot or Rain of Spears in ``guild_war``.
    """

    _json_tag: ClassVar[str | None] = "play"
    card: Card
    mirror: bool = False
    element: Element | None = None
    target: int | None = None
    call: bool = False

    def __str__(self) -> str:
        text = f"play {mirrored(self.card, self.mirror)}"
        if self.element is not None:
            text += f" naming {self.element}"
        if self.target is not None:
            text += f" at seat {self.target}"
        return text + _said(self.call)


@fast_init
@attrs.frozen
class Draw(Move):
    """Draw a card from the Deck (having no card to play, or with ``draw_when_able``)."""

    _json_tag: ClassVar[str | None] = "draw"

    def __str__(self) -> str:
        return "draw"


@fast_init
@attrs.frozen
class Pass(Move):
    """Decline: keep the drawn card, skip a Bonfire's second card or an Ability, let a window go by."""

    _json_tag: ClassVar[str | None] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Accept(Move):
    """Take the attack: draw the accumulated cards and be Penalized (Paralyse: lose the turn)."""

    _json_tag: ClassVar[str | None] = "accept"

    def __str__(self) -> str:
        return "take the attack"


@attrs.frozen
class DiscardCurse(Move):
    """Discard the Curse (in ``hard``, an attempt whose element is unknown)."""

    _json_tag: ClassVar[str | None] = "discard_curse"

    def __str__(self) -> str:
        return "discard the Curse"


@attrs.frozen
class NameElement(Move):
    """Name the starting element when the first card turned up is an Elemental Gem (ruling 3)."""

    _json_tag: ClassVar[str | None] = "name_element"
    element: Element

    def __str__(self) -> str:
        return f"name {self.element}"


@attrs.frozen
class ChooseHero(Move):
    """PvP by choice: take ``hero`` for the whole duel."""

    _json_tag: ClassVar[str | None] = "choose_hero"
    hero: Hero

    def __str__(self) -> str:
        return f"choose {self.hero}"


@attrs.frozen
class Reflex(Move):
    """Out of turn, discard a card identical to the top of the Discard Pile, to no effect."""

    _json_tag: ClassVar[str | None] = "reflex"
    card: Card
    call: bool = False

    def __str__(self) -> str:
        return f"reflex {self.card}{_said(self.call)}"


@attrs.frozen
class CallOut(Move):
    """Point out that ``culprit`` did not say MALDICIÓN; the culprit draws two."""

    _json_tag: ClassVar[str | None] = "call_out"
    culprit: int

    def __str__(self) -> str:
        return f"call out seat {self.culprit}"


@attrs.frozen
class UseAbility(Move):
    """Use the Hero's ability after playing an Ability card.

    Trea: ``target`` is the single opponent, or ``None`` for all.  Everard:
    ``target`` is the next seat and ``direction`` (+1 or -1) the new direction.
    Emma: ``element`` is the element she changes to.
    """

    _json_tag: ClassVar[str | None] = "use_ability"
    target: int | None = None
    direction: int | None = None
    element: Element | None = None

    def __str__(self) -> str:
        parts = ["use ability"]
        if self.target is not None:
            parts.append(f"on seat {self.target}")
        if self.direction is not None:
            parts.append("clockwise" if self.direction > 0 else "counter-clockwise")
        if self.element is not None:
            parts.append(f"changing to {self.element}")
        return " ".join(parts)


@attrs.frozen
class Deal(Move):
    """Sigourney deals the next unseen card to opponent ``to``."""

    _json_tag: ClassVar[str | None] = "deal"
    to: int

    def __str__(self) -> str:
        return f"deal a card to seat {self.to}"


@attrs.frozen
class Discard(Move):
    """Discard ``card`` to no effect (Buckminster, his opponents, Odilia, Brishen).

    ``mirror`` discards two identical cards as one, on the seat's own turn (ruling 10).
    """

    _json_tag: ClassVar[str | None] = "discard"
    card: Card
    mirror: bool = False
    call: bool = False

    def __str__(self) -> str:
        return f"discard {mirrored(self.card, self.mirror)}{_said(self.call)}"


@attrs.frozen
class Give(Move):
    """Odilia returns ``card`` from her hand to opponent ``to``."""

    _json_tag: ClassVar[str | None] = "give"
    card: Card
    to: int
    call: bool = False

    def __str__(self) -> str:
        return f"give {self.card} to seat {self.to}{_said(self.call)}"
