"""Whose decision it is and what kind: one tagged class per kind of decision, each a :class:`Pending`.

:class:`Pending` is the game's kind of the core :class:`cardrules._pending.Pending`, reached as
``state.pending``.  Everything here is public: the view shows it to every seat.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._fast import fast_init
from .._pending import Pending as CorePending
from ._moves import Play

__all__ = ["BonusChoice", "FollowUp", "Giving", "Main", "Pending", "React", "Refill", "Storing", "Window"]


@fast_init
@attrs.frozen
class Pending(CorePending):
    """A decision waiting for ``seat``."""

    _json_tag: ClassVar[str | None] = None
    seat: int


@fast_init
@attrs.frozen
class Main(Pending):
    """The turn's one action: draw, lay down, discard or (advanced) play an action card."""

    _json_tag: ClassVar[str | None] = "main"


@fast_init
@attrs.frozen
class BonusChoice(Pending):
    """After discarding at least 3 cards: draw one more, or not."""

    _json_tag: ClassVar[str | None] = "bonus"


@fast_init
@attrs.frozen
class Storing(Pending):
    """A Village was just played: lay a card from the hand face down on it."""

    _json_tag: ClassVar[str | None] = "storing"


@fast_init
@attrs.frozen
class Refill(Pending):
    """After one's own action: fill an empty Village or exchange a Village card, or pass.

    ``extra`` is set when the action was an extra action that used a Village card (ruling 38):
    the window then goes on from the next seat, as after any extra action (ruling 6).
    """

    _json_tag: ClassVar[str | None] = "refill"
    extra: bool = False


@fast_init
@attrs.frozen
class FollowUp(Pending):
    """After a Crystal Ball: play one more action card, or stop."""

    _json_tag: ClassVar[str | None] = "follow_up"


@fast_init
@attrs.frozen
class React(Pending):
    """A Shield / Magic Mirror decision against ``action``, played by ``action.seat``.

    ``queue`` holds the affected seats still to be considered, in order;
    ``shielded`` the seats the action no longer affects; ``reflected`` the
    seats whose share was reflected onto the actor; ``actor_turn`` is set
    once the actor is deciding whether to Shield the reflections; ``unable``
    the affected seats passed over because they hold neither a Shield nor a
    Magic Mirror (a public fact: they were not asked).
    """

    _json_tag: ClassVar[str | None] = "react"
    action: Play
    queue: tuple[int, ...]
    shielded: tuple[int, ...]
    reflected: tuple[int, ...]
    actor_turn: bool = False
    unable: tuple[int, ...] = ()


@fast_init
@attrs.frozen
class Giving(Pending):
    """Pass 2 cards: ``seat`` chooses up to ``limit`` cards to give to ``receiver``."""

    _json_tag: ClassVar[str | None] = "giving"
    receiver: int
    limit: int


@fast_init
@attrs.frozen
class Window(Pending):
    """Extra actions "at any time": ``seat`` may discard matching cards or add to a group, or pass.

    ``queue`` holds the seats still to be considered after ``seat``, in order;
    ``unable`` the seats this window passed over because they hold no card
    that lets them act (a public fact: they were not asked).  Every window
    belongs to the turn of ``State.turn``, whose seat may also use its
    Village cards there (``village_extra_actions="own_turn"``, ruling 15).
    """

    _json_tag: ClassVar[str | None] = "window"
    queue: tuple[int, ...]
    unable: tuple[int, ...] = ()
