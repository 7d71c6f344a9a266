"""The invariants of a Mala Suerte state and view, checked when one is read from JSON.

A state:

- one hand, pile, ``alive`` flag and Knowledge per seat (each Knowledge one entry per seat);
- the hands, piles, deck and discard hold the 42 cards once each; hands are sorted;
- ``turn`` is a seat, or ``None`` exactly during the mulligan, which happens before any card
  is played (empty piles and discard, everyone in with six cards, one commitment per seat
  that has decided, each of its own cards, sorted; the deciding seat's ``aside`` likewise);
- while the match lasts, two seats or more are in, the player among them; an eliminated
  seat holds no card; at the start of a turn every seat still in holds a card (the
  end-of-turn check put out those that did not); the step is ``OVER`` exactly when the
  match is;
- ``deck_colours`` are the colours of the top cards (coloured backs only); Evil Eye's
  curse names a seat still in; a stolen colour waits only for the Crows counter-steal;
  ``voids`` and ``one_colour`` (plain backs only) are true of the hands they describe;
- every fact of a Knowledge is true: the cards it puts in a hand are there, those it puts
  at a depth of the deck are there, those it puts somewhere in the deck are in it.

A view: its seat, its own hand (sorted) against ``hand_sizes``, the counts adding up to
the 42 cards with the public piles, colours that agree with the hand, seats that are seats;
what is left is checked by building a state from it (:func:`cardrules._invariants.check_view`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .._invariants import (
    check_accounted,
    check_conserved,
    check_each_sorted,
    check_hand_sizes,
    check_len,
    check_per_seat,
    check_range,
    check_rng,
    check_seat,
    check_sorted,
    check_subset,
    refuse,
)
from ._cards import COLOUR_OF, Card
from ._pending import Step

if TYPE_CHECKING:
    from ._knowledge import Knowledge
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields"]

_STATE = "mala_suerte state"
_VIEW = "mala_suerte view"


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    n = state.game.players
    check_per_seat(
        _STATE,
        n,
        (
            ("hands", state.hands),
            ("piles", state.piles),
            ("alive", state.alive),
            ("knowledge", state.knowledge),
        ),
    )
    check_rng(_STATE, state.rng)
    check_each_sorted(_STATE, "hands", state.hands)
    cards = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    check_conserved(
        _STATE, "the hands, piles, deck and discard", [*cards, *state.deck, *state.discard], state.game.cards
    )
    check_seat(_STATE, "turn", state.turn, n, optional=True)
    over = state.outcome is not None
    if over != (state.step is Step.OVER):
        refuse(_STATE, "step", f"is {state.step.name} but the match is {'over' if over else 'not over'}")
    if state.turn is None or state.step is Step.MULLIGAN:
        _check_mulligan(state)
    elif state.returns or state.aside:
        refuse(_STATE, "returns", "hold mulligan commitments after the mulligan")
    for seat, alive in enumerate(state.alive):
        if not alive and state.hands[seat]:
            refuse(_STATE, f"hands[{seat}]", "holds cards of a seat that is out")
    if not over:
        if sum(state.alive) < 2:
            refuse(_STATE, "alive", "names fewer than two seats still in a match that is not over")
        if state.turn is not None and not state.alive[state.turn]:
            refuse(_STATE, "turn", f"is seat {state.turn}, which is out")
        if state.step is Step.OPEN:
            for seat, alive in enumerate(state.alive):
                if alive and not state.hands[seat]:
                    refuse(
                        _STATE, f"hands[{seat}]", "is empty at the start of a turn, yet the seat is still in"
                    )
    _check_public(state)
    for seat, knowledge in enumerate(state.knowledge):
        _check_knowledge(state, seat, knowledge)


def _check_mulligan(state: State) -> None:
    n = state.game.players
    if state.turn is not None or state.step is not Step.MULLIGAN or not state.game.mulligan:
        refuse(_STATE, "turn", "is null outside the mulligan (or the mulligan is switched off)")
    # How many seats have decided is told by ``returns`` alone: the commitments are secret (ruling 5),
    # so they change no other field, and any k < n commitments, each of the seat's own cards, with
    # seat k's ``aside`` of its own, is where a match stands after those k decisions.  A list with an
    # entry dropped is therefore refused only when that puts a commitment or the aside in another
    # seat's hand, as the checks below do.
    if len(state.returns) >= n:
        refuse(_STATE, "returns", f"holds {len(state.returns)} commitments, but only {n} seats decide")
    if any(state.piles) or state.discard or not all(state.alive):
        refuse(_STATE, "piles", "or the discard hold cards, or a seat is out, before the first turn")
    for seat, hand in enumerate(state.hands):
        if len(hand) != state.game.hand_size:
            refuse(
                _STATE,
                f"hands[{seat}]",
                f"holds {len(hand)} cards during the mulligan, not {state.game.hand_size}",
            )
    for seat, returned in enumerate((*state.returns, state.aside)):
        field = f"returns[{seat}]" if seat < len(state.returns) else "aside"
        check_sorted(_STATE, field, returned)
        check_subset(_STATE, field, returned, state.hands[seat])


def _check_public(state: State) -> None:
    n = state.game.players
    coloured = state.game.coloured_backs
    colours = state.deck_colours
    if not coloured and colours:
        refuse(_STATE, "deck_colours", "are shown with plain backs")
    if len(colours) > len(state.deck) or any(
        COLOUR_OF[c] is not k for c, k in zip(state.deck, colours, strict=False)
    ):
        refuse(_STATE, "deck_colours", "are not the colours of the top cards of the deck")
    curse = state.curse
    if curse is not None:
        check_seat(_STATE, "curse.seat", curse.seat, n)
        if not state.alive[curse.seat]:
            refuse(_STATE, "curse", f"binds seat {curse.seat}, which is out")
    if (state.stolen is not None) != (state.step is Step.CROWS_COUNTER):
        refuse(_STATE, "stolen", "must name the stolen colour exactly while the Crows counter-steal waits")
    if coloured and (state.voids or state.one_colour):
        refuse(_STATE, "voids", "and one_colour are kept with plain backs only")
    for seat, colour in state.voids:
        check_seat(_STATE, "voids", seat, n)
        if any(COLOUR_OF[c] is colour for c in state.hands[seat]):
            refuse(_STATE, "voids", f"say seat {seat} holds no {colour} card, but it does")
    for seat, witness, colour in state.one_colour:
        check_seat(_STATE, "one_colour", seat, n)
        check_seat(_STATE, "one_colour", witness, n)
        if any(COLOUR_OF[c] is not colour for c in state.hands[seat]):
            refuse(_STATE, "one_colour", f"say the hand of seat {seat} is all {colour}, but it is not")


def _check_knowledge(state: State, seat: int, knowledge: Knowledge) -> None:
    field = f"knowledge[{seat}]"
    check_len(_STATE, f"{field}.hands", knowledge.hands, state.game.players)
    if knowledge.hands[seat]:
        refuse(_STATE, f"{field}.hands[{seat}]", "lists cards of the seat's own hand")
    for other, held in enumerate(knowledge.hands):
        check_sorted(_STATE, f"{field}.hands[{other}]", held)
        check_subset(_STATE, f"{field}.hands[{other}]", held, state.hands[other])
    top = knowledge.deck_top
    if len(top) > len(state.deck) or any(
        c is not None and c != d for c, d in zip(top, state.deck, strict=False)
    ):
        refuse(_STATE, f"{field}.deck_top", "puts cards where the deck does not hold them")
    if top and top[-1] is None:
        refuse(_STATE, f"{field}.deck_top", "ends with an unknown slot")
    check_sorted(_STATE, f"{field}.deck", knowledge.deck)
    rest = Counter(state.deck) - Counter(c for c in top if c is not None)
    check_subset(_STATE, f"{field}.deck", knowledge.deck, rest.elements())


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    n = view.game.players
    check_seat(_VIEW, "seat", view.seat, n)
    check_per_seat(
        _VIEW,
        n,
        (
            ("hand_sizes", view.hand_sizes),
            ("piles", view.piles),
            ("alive", view.alive),
            ("knowledge.hands", view.knowledge.hands),
        ),
    )
    check_sorted(_VIEW, "hand", view.hand)
    check_hand_sizes(_VIEW, view.seat, view.hand, view.hand_sizes, ("deck_size", view.deck_size))
    seen: list[Card] = [*view.hand, *view.discard, *(c for p in view.piles for c in p)]
    cards = view.game.cards
    check_subset(_VIEW, "hand, piles and discard", seen, cards)
    unseen = sum(view.hand_sizes) - len(view.hand) + view.deck_size
    check_accounted(_VIEW, ("deck_size", unseen), len(seen), len(cards))
    if view.game.coloured_backs:
        check_len(_VIEW, "hand_colours", view.hand_colours, n)
        for seat, (colours, size) in enumerate(zip(view.hand_colours, view.hand_sizes, strict=True)):
            if min(colours) < 0 or sum(colours) != size:
                refuse(_VIEW, f"hand_colours[{seat}]", f"do not add up to the {size} cards of the hand")
    elif view.hand_colours:
        refuse(_VIEW, "hand_colours", "are shown with plain backs")
    check_seat(_VIEW, "turn", view.turn, n, optional=True)
    check_seat(_VIEW, "current_player", view.current_player, n, optional=True)
    check_range(_VIEW, "decided", view.decided, 0, n)
