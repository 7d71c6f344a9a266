"""States consistent with one seat's view, for search bots."""

from __future__ import annotations

from .._random import Rng
from .._sampling import deal_constrained
from ._cards import DECK, Card
from ._state import State, _sorted
from ._view import View

__all__ = ["sample_state"]


def sample_state(view: View, rng: Rng) -> State:
    """Deal the cards the seat cannot see among the other hands at random.

    No seat gets a card its play has shown it does not hold
    (:attr:`View.cannot_hold`: voids, must-beat and the 7 rule), so the hand's
    history is legal in every sample; the face-up trump card stays with the
    dealer while the dealer holds it.
    """
    seat = view.seat
    hidden, room, others, absent, pinned_trump = _hidden_cards(view)

    def allowed(card: Card, place: int) -> bool:
        return card not in absent[others[place]]

    dealt = deal_constrained(hidden, room, allowed, rng)
    hands: list[tuple[Card, ...]] = [()] * 4
    hands[seat] = view.hand
    for place, s in enumerate(others):
        cards = dealt[place] + ([view.trump] if pinned_trump and s == view.dealer else [])
        hands[s] = _sorted(cards)
    return State(
        game=view.game,
        rng=rng.next64(),
        hand_number=view.hand_number,
        dealer=view.dealer,
        trump=view.trump,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        leader=view.leader,
        trick=view.trick,
        tricks=view.tricks,
        scores=view.scores,
        held_bonus=view.held_bonus,
        last_hand=view.last_hand,
        outcome=view.outcome,
    )


_Plan = tuple[tuple[Card, ...], tuple[int, ...], tuple[int, ...], tuple[frozenset[Card], ...], bool]
#: The last view planned and its plan: a search samples one view many times over.
_last: tuple[View, _Plan] | None = None


def _hidden_cards(view: View) -> _Plan:
    """The cards to deal, the room of each other seat, those seats, what each cannot hold, and
    whether the face-up trump stays pinned to the dealer."""
    global _last
    if _last is not None and _last[0] is view:
        return _last[1]
    seat = view.seat
    known = set(view.hand) | set(view.played)
    pinned_trump = view.trump_with_dealer and view.dealer != seat
    if pinned_trump:
        known.add(view.trump)
    hidden = tuple(c for c in DECK if c not in known)
    others = tuple(s for s in range(4) if s != seat)
    room = tuple(view.hand_sizes[s] - (1 if pinned_trump and s == view.dealer else 0) for s in others)
    # A foul ends the match, and its play shows nothing (irregularities="lose_game").
    absent = view.cannot_hold if view.outcome is None else (frozenset(),) * 4
    plan = (hidden, room, others, absent, pinned_trump)
    _last = (view, plan)
    return plan
