"""The invariants of a Malilla state and view, checked when one is read from JSON.

A state:

- the hands, the trick in progress and the tricks of this hand hold the 40 cards once
  each; hands are kept in deck order;
- dealer and leader are seats; the first trick of a hand is led by the dealer's left,
  every later one by the winner of the one before, the trick in progress by the winner
  of the last; each completed trick holds four cards and is won by the card the rules
  say wins it; the turned-up trump is in the dealer's hand or among the dealer's plays;
- while the match lasts: fewer than four cards in the trick and ten tricks in the hand;
  each seat holds ten cards less one per card it played this hand; both scores are
  below the target; the held bonus is the trump's points, held only when scoring it
  would have won; the last hand's result is there from the second hand on, dealt by
  the seat before the dealer; no hand holds a card its seat's plays this hand show it
  does not hold (a seat that did not follow a suit holds none of it, and so on: a
  revoke is refused, or under ``irregularities="lose_game"`` ends the match);
- the match's winners are one partnership.

A view: its seat, its own hand (in deck order) against ``hand_sizes``, hand sizes that
agree with the cards played, every card seen once, no card of the own hand that its plays
show it does not hold; the rest is checked by building a
state from it (:func:`cardrules._invariants.check_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._invariants import (
    check_conserved,
    check_each_sorted,
    check_hand_sizes,
    check_range,
    check_rng,
    check_seat,
    check_sorted,
    refuse,
)
from ._cards import DECK, SUIT_OF, Card
from ._records import Trick
from ._rules import TRICKS_PER_HAND, cannot_hold, trick_winner

if TYPE_CHECKING:
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields"]

_STATE = "malilla state"
_VIEW = "malilla view"


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    check_rng(_STATE, state.rng)
    check_each_sorted(_STATE, "hands", state.hands)
    played = [c for t in state.tricks for c in t.cards] + list(state.trick)
    check_conserved(_STATE, "the hands and tricks", [*(c for h in state.hands for c in h), *played], DECK)
    _check_play(
        _STATE, state.dealer, state.leader, state.trump, state.trick, state.tricks, state.outcome is not None
    )
    if state.trump not in state.hands[state.dealer] and state.trump not in _played_by(state, state.dealer):
        refuse(_STATE, "trump", "is neither in the dealer's hand nor among the dealer's plays")
    over = state.outcome is not None
    if over:
        winners = state.outcome.winners if state.outcome is not None else frozenset()
        if winners not in (frozenset({0, 2}), frozenset({1, 3})):
            refuse(_STATE, "outcome.winners", "must be one partnership: seats 0 and 2, or 1 and 3")
        return
    if len(state.trick) >= 4 or len(state.tricks) >= TRICKS_PER_HAND:
        refuse(_STATE, "tricks", "hold a finished trick or hand that was never scored")
    _check_sizes(_STATE, "hands", tuple(len(h) for h in state.hands), state.leader, state.trick, state.tricks)
    _check_scores(_STATE, state.game.target, state.scores, state.held_bonus, state.trump, state.dealer)
    _check_last_hand(_STATE, state.hand_number, state.last_hand is not None)
    if state.last_hand is not None and state.last_hand.dealer != (state.dealer - 1) % 4:
        refuse(_STATE, "last_hand.dealer", "is not the seat before the dealer")
    _check_revokes(_STATE, "hands", dict(enumerate(state.hands)), state)


def _played_by(state: State, seat: int) -> list[Card]:
    plays = [t.cards[(seat - t.leader) % 4] for t in state.tricks]
    if (seat - state.leader) % 4 < len(state.trick):
        plays.append(state.trick[(seat - state.leader) % 4])
    return plays


def _check_play(
    what: str,
    dealer: int,
    leader: int,
    trump: Card,
    trick: tuple[Card, ...],
    tricks: tuple[Trick, ...],
    over: bool,
) -> None:
    check_seat(what, "dealer", dealer, 4)
    check_seat(what, "leader", leader, 4)
    # The last trick of a match is not followed by a lead: the leader stays the one of that trick.
    expected = (dealer + 1) % 4
    for index, done in enumerate(tricks):
        field = f"tricks[{index}]"
        if done.leader != expected:
            refuse(what, f"{field}.leader", f"is seat {done.leader}; seat {expected} leads that trick")
        if len(done.cards) != 4:
            refuse(what, f"{field}.cards", f"hold {len(done.cards)} cards; a trick has 4")
        if done.winner != (done.leader + trick_winner(done.cards, SUIT_OF[trump])) % 4:
            refuse(what, f"{field}.winner", "is not the seat whose card wins the trick")
        expected = done.winner
    if len(trick) > 4:
        refuse(what, "trick", f"holds {len(trick)} cards; a trick has 4")
    if leader != expected and not over:
        refuse(what, "leader", f"is seat {leader}; seat {expected} leads this trick")


def _check_sizes(
    what: str,
    field: str,
    sizes: tuple[int, ...],
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[Trick, ...],
) -> None:
    for seat, size in enumerate(sizes):
        left = TRICKS_PER_HAND - len(tricks) - ((seat - leader) % 4 < len(trick))
        if size != left:
            refuse(what, f"{field}[{seat}]", f"holds {size} cards; the seat has {left} left to play")


def _check_scores(
    what: str, target: int, scores: tuple[int, int], held: int, trump: Card, dealer: int
) -> None:
    for side, score in enumerate(scores):
        check_range(what, f"scores[{side}]", score, 0, target - 1)
    if held not in (0, trump.points) or (held and scores[dealer % 2] + held < target):
        refuse(what, "held_bonus", "is held although scoring it would not win, or is not the trump's points")


def _check_last_hand(what: str, hand_number: int, has_last: bool) -> None:
    if hand_number < 1:
        refuse(what, "hand_number", f"must be 1 or more; got {hand_number}")
    if has_last != (hand_number > 1):
        refuse(what, "last_hand", "is there exactly from the second hand on")


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    check_seat(_VIEW, "seat", view.seat, 4)
    check_seat(_VIEW, "current_player", view.current_player, 4, optional=True)
    check_sorted(_VIEW, "hand", view.hand)
    check_hand_sizes(_VIEW, view.seat, view.hand, view.hand_sizes)
    seen = [*view.hand, *view.trick, *(c for t in view.tricks for c in t.cards)]
    if len(set(seen)) != len(seen):
        refuse(_VIEW, "hand", "and the tricks show a card twice")
    _check_play(
        _VIEW, view.dealer, view.leader, view.trump, view.trick, view.tricks, view.outcome is not None
    )
    if view.outcome is None:
        if len(view.trick) >= 4 or len(view.tricks) >= TRICKS_PER_HAND:
            refuse(_VIEW, "tricks", "hold a finished trick or hand that was never scored")
        _check_sizes(_VIEW, "hand_sizes", view.hand_sizes, view.leader, view.trick, view.tricks)
        _check_scores(_VIEW, view.game.target, view.scores, view.held_bonus, view.trump, view.dealer)
        _check_last_hand(_VIEW, view.hand_number, view.last_hand is not None)
        _check_revokes(_VIEW, "hand", {view.seat: view.hand}, view)


def _check_revokes(what: str, field: str, hands: dict[int, tuple[Card, ...]], value: State | View) -> None:
    """No hand holds a card its seat's plays this hand show it does not hold (a revoke)."""
    absent = cannot_hold(
        value.tricks,
        Trick(value.leader, value.trick, -1),
        SUIT_OF[value.trump],
        value.game.must_beat == "any_card",
    )
    for seat, hand in hands.items():
        shown = [c for c in hand if c in absent[seat]]
        if shown:
            name = f"{field}[{seat}]" if field == "hands" else field
            refuse(
                what,
                name,
                f"holds {shown[0]}, which the plays of seat {seat} this hand show it does not hold (a revoke)",
            )
