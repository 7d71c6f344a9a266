"""The rules as small pure functions and constants, each quoting the rulebook or citing its ruling.

Move generation (``_legal``), the explanations of refusals (``_legal``), the
transition, validation and the encoding all read them from here, so each rule
is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._cards import Card, Element, Figure

if TYPE_CHECKING:
    from ._game import Game
    from ._moves import Discard, Play

__all__ = [
    "AMOUNT",
    "CALL_OUT_CARDS",
    "HAND_SIZE",
    "TARGETED",
    "answers",
    "cleric_fits",
    "distinct",
    "fits",
    "lone_mirror",
    "opponents",
    "targets",
]

#: "Deal to each player ... 7 Action cards".
HAND_SIZE = 7

#: Cards an accepted attack makes its target draw: Paralyse only cancels the turn.
AMOUNT: dict[Figure, int] = {Figure.PARALYSE: 0, Figure.DOUBLE_SHOT: 2, Figure.RAIN_OF_SPEARS: 4}

#: The targeted figures: in ``guild_war`` a Double Shot or Rain of Spears names the opponent it
#: attacks (ruling 33); every other card, and these outside ``guild_war``, go to the next player.
TARGETED: frozenset[Figure] = frozenset({Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS})

#: "punish the player who committed the error by giving them two cards from the Deck".
CALL_OUT_CARDS = 2

_NO_TARGETS: tuple[int, ...] = ()


def fits(card: Card, top: Card, element: Element | None) -> bool:
    """ "The card played must match the same figure or element"; a Gem "may be played with any element"."""
    return (
        card.figure is Figure.GEM or card.figure is top.figure or card.element is element or element is None
    )


def distinct(hand: Sequence[Card]) -> list[Card]:
    """The kinds of card in a sorted hand, once each."""
    out: list[Card] = []
    for card in hand:
        if not out or out[-1] is not card:
            out.append(card)
    return out


def lone_mirror(seat: int, hand: Sequence[Card], move: Play | Discard) -> str | None:
    """Why ``move`` cannot go as a Mirror for want of a second identical card in ``hand``; ``None`` if it can."""
    if move.mirror and hand.count(move.card) < 2:
        return f"a Mirror needs two identical cards; seat {seat} holds one {move.card}"
    return None


def opponents(game: Game, seat: int) -> list[int]:
    """The other seats, from the one after ``seat`` in seat-number order."""
    n = game.players
    return [(seat + i) % n for i in range(1, n)]


def targets(game: Game, seat: int) -> Sequence[int]:
    """Seats a :data:`TARGETED` card may be aimed at: in ``guild_war`` any opponent (ruling 33)."""
    if not game.teams:
        return _NO_TARGETS
    return opponents(game, seat)


def answers(hand: Sequence[Card], figure: Figure, top: Card, element: Element | None) -> list[Card]:
    """The kinds of card in ``hand`` that answer an attack with ``figure``."""
    out = []
    for card in distinct(hand):
        if card.figure is figure and figure is not Figure.PARALYSE:
            out.append(card)  # "If the attacked player holds a Double Shot card, they may play it"
        elif card.figure is Figure.SHIELD and fits(card, top, element):
            out.append(card)  # "returns to the previous player any Attack ... including the accumulation"
    return out


def cleric_fits(card: Card, match: Element | None) -> bool:
    """Absolution: an opponent discards "respecting the element of the card discarded by the cleric"."""
    return match is None or card.element is match
