"""The invariants of a La Maldición state and view, checked when one is read from JSON.

A state (beyond the checks in ``State._validate``, which count the cards, the per-seat
fields, the Heroes and Curses dealt, the direction, the pending seat, the known voids and
the Life Counters): hands are kept in :data:`~cardrules.maldicion.CARDS` order and the
generator's state is a 64-bit word.

A view: its seat, its own hand (in order) against ``hand_sizes``, one entry per seat where
one is due, sizes that are counts, a direction that is one; the rest is checked by
building a state from it (:func:`cardrules._invariants.check_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._invariants import check_hand_sizes, check_len, check_range, check_seat, refuse
from ._table import sort_cards

if TYPE_CHECKING:
    from ._cards import Card
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields"]

_STATE = "maldicion state"
_VIEW = "maldicion view"


def _check_hand(what: str, field: str, hand: tuple[Card, ...]) -> None:
    if hand != sort_cards(hand):
        refuse(what, field, "is not in the order the engine keeps (sorted)")


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    check_range(_STATE, "rng", state.rng, 0, 2**64 - 1)
    for seat, hand in enumerate(state.hands):
        _check_hand(_STATE, f"hands[{seat}]", hand)


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    n = view.game.players
    check_seat(_VIEW, "seat", view.seat, n)
    check_seat(_VIEW, "current_player", view.current_player, n, optional=True)
    check_seat(_VIEW, "dealer", view.dealer, n)
    for field, items in (
        ("heroes", view.heroes),
        ("hand_sizes", view.hand_sizes),
        ("penalized", view.penalized),
        ("voids", view.voids),
    ):
        check_len(_VIEW, field, items, n)
    _check_hand(_VIEW, "hand", view.hand)
    check_hand_sizes(_VIEW, view.seat, view.hand, view.hand_sizes, ("deck_size", view.deck_size))
    if view.direction not in (1, -1):
        refuse(_VIEW, "direction", f"must be 1 or -1; got {view.direction}")
    if not view.pile:
        refuse(_VIEW, "pile", "is empty; the Discard Pile always shows a card")
