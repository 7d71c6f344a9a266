"""The turn's frame: after an action, the Village refill, the extra-action window, the next turn, the end.

"Players take turns in clockwise order ... until the draw pile runs out.
When a player draws the last card, the final round begins. The game is
ended by the player who previously drew the last card."
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from .._fast import fast_new
from .._outcome import Outcome
from ._deck import Category
from ._events import Event, EventKind
from ._pending import Main, Refill, Window
from ._table import Table

__all__ = ["end_turn", "finish_action", "finish_extra", "next_window", "open_window"]


def finish_action(t: Table, refill: bool = True) -> None:
    """The turn's action is over: offer the Village refill (ruling 15), then the window."""
    seat = t.turn
    if refill and t.villages[seat] and t.hands[seat]:
        t.pending = Refill(seat)
        return
    open_window(t, seat)


def finish_extra(t: Table, seat: int, from_village: bool) -> None:
    """An extra action is over: the Village refill if it used a Village card (ruling 38), then the
    window from the next seat (ruling 6)."""
    if from_village and t.hands[seat]:
        # "When the card on the Village is played or discarded, a new card may immediately be placed there".
        t.pending = Refill(seat, True)
        return
    open_window(t, (seat + 1) % t.n)


#: The seats in turn order from each start seat, for each table size.
_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}
#: The turn's decision for each seat (immutable, so shared).
_MAIN = tuple(Main(s) for s in range(6))
_NOTHING: frozenset[str] = frozenset()
_build_window = fast_new(Window)
_GAME_OVER = Event(EventKind.GAME_OVER, None)


def open_window(t: Table, start: int) -> None:
    """Offer the extra actions to every seat that can take one, in order from ``start`` (ruling 6)."""
    next_window(t, _ORDERS[t.n][start])


def next_window(t: Table, queue: tuple[int, ...], unable: tuple[int, ...] = ()) -> None:
    """Ask the next seat of ``queue`` that can take an extra action; with none left, end the turn.

    ``unable`` (the seats already passed over) grows by the seats holding cards that are passed over.
    """
    matching = t.cards.matching[t.discard[-1]] if t.discard else _NOTHING
    usable: Sequence[Sequence[str]] = t.hands
    owner = t.turn
    slots = t.villages[owner]
    if slots and t.game.village_extra_actions == "own_turn":
        # The seat whose turn it is may also use its Village cards (ruling 15).
        opened = list(usable)
        opened[owner] = [*usable[owner], *(c for c in slots if c is not None)]
        usable = opened
    adds = t.group_adds()
    if matching.isdisjoint(chain.from_iterable(usable)) and (
        adds is None or all(map(frozenset.isdisjoint, adds, usable))
    ):
        end_turn(t)  # nobody at all may act, the commonest case: found without a loop in Python
        return
    for i, seat in enumerate(queue):
        hand = usable[seat]
        if hand and (not matching.isdisjoint(hand) or (adds is not None and not adds[seat].isdisjoint(hand))):
            # The seats before it that hold cards were passed over (built only now: most scans find none).
            passed = tuple(s for s in queue[:i] if usable[s])
            t.pending = _build_window(seat, queue[i + 1 :], unable + passed)
            return
    end_turn(t)


def end_turn(t: Table) -> None:
    """Pass the turn clockwise, skipping a seat that showed the Lazy Girl; end the match after the closing turn."""
    tableau = t.tableau
    if tableau.final == 2 and t.turn == tableau.last_drawer:
        end_game(t)
        return
    seat = t.turn
    while True:
        seat = (seat + 1) % t.n
        if tableau.final == 1 and seat == tableau.last_drawer:
            t.change_tableau(final=2)
            tableau = t.tableau
        if not tableau.skips[seat]:
            break
        t.set_skip(seat, False)
        t.events += (Event(EventKind.MISSES_TURN, seat),)
        tableau = t.tableau
        if tableau.final == 2 and seat == tableau.last_drawer:
            t.turn = seat
            end_game(t)
            return
    t.turn = seat
    t.pending = _MAIN[seat]


def end_game(t: Table) -> None:
    """ "Every player shows the cards they hold, must lay down every purple card ... and discards the rest"."""
    cat = t.cards.category
    keep_lazy = t.game.lazy_girl_on_village == "removed"
    for seat in range(t.n):
        for i, card in enumerate(t.villages[seat]):
            if card is not None and not (keep_lazy and cat[card] is Category.LAZY_GIRL):
                t.receive(seat, card)
                t.open_slots(seat)[i] = None
        t.lay_purple(seat, at_end=True)
        for card in sorted(t.hands[seat]):
            t.lose(seat, card)
            t.discard += (card,)
        # Shown last: every seat is then sure of the (now empty) hand, the same knowledge as
        # showing it first, without unlearning the cards one by one.
        t.reveal(seat, range(t.n))
    scores = [sum(m.score for m in t.melds[s]) for s in range(t.n)]
    laid = [sum(len(m.cards) for m in t.melds[s]) for s in range(t.n)]
    best = max(scores)
    leaders = [s for s in range(t.n) if scores[s] == best]
    most = max(laid[s] for s in leaders)
    winners = frozenset(s for s in leaders if laid[s] == most)
    if len(leaders) == 1:
        reason = f"seat {leaders[0]} scored the most points ({best})"
    elif len(winners) == 1:
        reason = f"{best} points each; seat {min(winners)} laid down the most cards ({most})"
    else:
        reason = f"{best} points and {most} cards laid down each: a shared win"
    t.outcome = Outcome(winners=winners, scores=tuple(float(s) for s in scores), reason=reason)
    t.pending = None
    t.events += (_GAME_OVER,)
