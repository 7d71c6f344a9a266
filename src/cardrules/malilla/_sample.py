"""States consistent with one seat's view, for search bots."""

from __future__ import annotations

from .._base import Sampler
from .._random import Rng
from .._sampling import ConstrainedDeal
from ._cards import DECK, Card
from ._state import State, build_state
from ._transition import _sorted
from ._view import View

__all__ = ["ViewSampler"]


class ViewSampler(Sampler[State]):
    """Deal the cards the seat cannot see among the other hands at random.

    No seat gets a card its play has shown it does not hold
    (:attr:`View.cannot_hold`: voids, must-beat and the 7 rule), so the hand's
    history is legal in every sample; the face-up trump card stays with the
    dealer while the dealer holds it.  The hidden cards, the room in each
    hand and the counts of the deals that fit are worked out once.
    """

    __slots__ = ("_deal", "_others", "_pinned_trump", "_view")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
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

        def allowed(card: Card, place: int) -> bool:
            return card not in absent[others[place]]

        self._view = view
        self._others = others
        self._pinned_trump = pinned_trump
        self._deal = ConstrainedDeal(hidden, room, allowed)

    def _sample(self, rng: Rng) -> State:
        view = self._view
        dealt = self._deal.deal(rng)
        hands: list[tuple[Card, ...]] = [()] * 4
        hands[view.seat] = view.hand
        for place, s in enumerate(self._others):
            cards = dealt[place] + ([view.trump] if self._pinned_trump and s == view.dealer else [])
            hands[s] = _sorted(cards)
        hands_dealt = (hands[0], hands[1], hands[2], hands[3])
        return build_state(
            hands_dealt, view.leader, view.trick, view.tricks, view.turn.outcome, rng.next64(), view.board
        )
