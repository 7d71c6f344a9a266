"""Malilla's pending decision: a card to play to the trick, its only kind of decision.

:class:`Pending` is the game's kind of the core :class:`cardrules._pending.Pending`, reached as
``state.pending``.
"""

from __future__ import annotations

import attrs

from .._pending import Pending as CorePending

__all__ = ["Pending", "PlayCard"]


class Pending(CorePending):
    """A decision a Malilla state waits for."""

    __slots__ = ()


@attrs.frozen
class PlayCard(Pending):
    """``seat`` plays a card to the trick in progress (leading it when the trick is empty)."""

    seat: int
