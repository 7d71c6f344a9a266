"""The typed events of a decision: what every seat saw happen (narration renders from them)."""

from __future__ import annotations

import enum

import attrs

from .._fast import fast_init
from ._cards import Card, Element, Hero

__all__ = ["Event", "EventKind"]


class EventKind(enum.Enum):
    """What happened, as shown to every seat."""

    PLAY = "play"
    DISCARD = "discard"
    REFLEX = "reflex"
    DRAW = "draw"
    PENALIZED = "penalized"
    SKIPPED = "skipped"
    REVERSED = "reversed"
    ELEMENT = "element"
    MALDICION = "maldicion"
    SILENT = "silent"
    CAUGHT = "caught"
    RESHUFFLE = "reshuffle"
    ABILITY = "ability"
    STEAL = "steal"
    GIVE = "give"
    DEAL = "deal"
    RAISE = "raise"
    CURSE_FAILED = "curse_failed"
    CURSE_DISCARDED = "curse_discarded"
    HP = "hp"
    NEW_GAME = "new_game"
    HERO_CHOSEN = "hero_chosen"


@fast_init
@attrs.frozen
class Event:
    """One public event of the last decision: ``seat`` did ``kind``.

    ``card`` is set only when everyone saw it; ``count`` is a number of cards
    (or HP); ``target`` the other seat involved; ``element`` and ``hero`` as the
    event needs.
    """

    kind: EventKind
    seat: int
    card: Card | None = None
    count: int = 0
    target: int | None = None
    element: Element | None = None
    hero: Hero | None = None
