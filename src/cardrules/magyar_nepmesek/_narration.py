"""Matches in plain words, for narrators and front ends.

:func:`describe` tells only what the whole table sees.  A card given for
Pass 2 cards, laid face down on a Village or exchanged there, and the cards
taken blind are never named: the lines come from the state's public event
log and the laid cards, never from the move itself.  :func:`news` tells one
seat what it alone learned, from its own two views.  Cards are read by
:func:`~._cards.card_name` everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted, difference, listed
from ._cards import card_name, card_names
from ._events import FORCING, Event
from ._moves import AddToGroup, Lay, Move, Pass
from ._pending import BonusChoice, FollowUp, Giving, Main, React, Refill, Storing, Window

if TYPE_CHECKING:
    from ._melds import Meld
    from ._state import State
    from ._view import View

__all__ = ["describe", "hint", "news", "opening", "render", "words"]


def opening(state: State) -> tuple[str, ...]:
    """The setup as the table sees it: the deal and who begins."""
    n = state.game.players
    return (
        f"each of the {n} seats is dealt 7 cards; {counted(len(state.draw), 'card')} form the draw pile",
        *map(words, state.events),
    )


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """One decision and what followed from it, public facts only."""
    lines = list(map(words, after.events))
    # Cards forced down (a Midnight, "Lay down purple cards", the end) are told after what forced them.
    cause = max((i + 1 for i, e in enumerate(after.events) if e.kind in FORCING), default=len(lines))
    forced = []
    for seat in range(after.game.players):
        fresh = _fresh(before.melds[seat], after.melds[seat])
        if seat == move.seat and isinstance(move, (Lay, AddToGroup)):
            fresh = fresh[1:]  # the move's own event tells it
        if fresh:
            laid = "; ".join(card_names(m.cards) for m in fresh)
            forced.append(f"seat {seat} laid down {laid} ({counted(sum(m.score for m in fresh), 'point')})")
    lines[cause:cause] = forced
    if lines:
        return tuple(lines)
    if isinstance(move, Pass):
        return (f"seat {move.seat} passes",)
    return (f"seat {move.seat} acts",)


def _fresh(old: tuple[Meld, ...], new: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The melds laid since ``old`` (a group that grew is told by the event that grew it)."""
    return new[len(old) :] if len(new) > len(old) else ()


def words(event: Event) -> str:
    """An event of the state's log in words, its cards by name separated by commas."""
    return event.text(card_names)


def news(view: View, before: View) -> tuple[str, ...]:
    """What ``view.seat`` alone learned since ``before``: the cards it drew, got, lost or was shown."""
    me = view.seat
    gained, lost = difference(before.hand, view.hand)
    went_public = list(difference(before.discard, view.discard)[0])
    for melds in (view.melds[me],):
        went_public += [c for m in melds for c in m.cards]
    went_public += [c for c in view.own_villages if c is not None]
    private_loss = difference(went_public, lost)[0]
    mover = before.pending.seat if before.pending is not None else None
    lines = []
    if gained:
        if view.draw_size < before.draw_size and mover == me:
            lines.append(f"you drew {card_names(gained)}")
        else:
            giver = _changed(before, view, me, fewer=True)
            source = f" from seat {giver}" if giver is not None else ""
            lines.append(f"you got {card_names(gained)}{source}")
    if private_loss:
        taker = _changed(before, view, me, fewer=False)
        if mover == me and taker is not None:
            lines.append(f"you gave {card_names(private_loss)} to seat {taker}")
        elif taker is not None:
            lines.append(f"seat {taker} took {card_names(private_loss)} from you")
        elif any(c is not None for c in view.own_villages):
            lines.append(f"you laid {card_names(private_loss)} face down on a Village")
    for seat in range(view.game.players):
        shown = difference(before.known[seat], view.known[seat])[0]
        shown = difference(private_loss, shown)[0]
        if seat != me and shown:
            lines.append(f"you now know seat {seat} holds {card_names(shown)}")
    return tuple(lines)


def _changed(before: View, after: View, me: int, fewer: bool) -> int | None:
    """The one other seat whose hand shrank (``fewer``) or grew while this seat's changed, if one."""
    seats = [
        s
        for s in range(after.game.players)
        if s != me
        and (after.hand_sizes[s] < before.hand_sizes[s]) == fewer
        and after.hand_sizes[s] != before.hand_sizes[s]
    ]
    return seats[0] if len(seats) == 1 else None


def hint(view: View) -> str:
    """The decision pending, in one line with the rule it follows."""
    if view.outcome is not None:
        return f"the match is over: {view.outcome}"
    pending = view.pending
    assert pending is not None
    match pending:
        case Main():
            play = ", or play an action card" if view.game.variant == "advanced" else ""
            return f"seat {pending.seat}'s turn: one action: draw a card, lay down, discard{play}"
        case BonusChoice():
            return f"seat {pending.seat} discarded three or more: may draw one more card"
        case Storing():
            return f"seat {pending.seat} lays a card from the hand face down on the new Village"
        case Refill():
            return f"seat {pending.seat} may fill an empty Village or exchange a Village card, or pass"
        case FollowUp():
            return f"seat {pending.seat} may play one more action card after the Crystal Ball, or stop"
        case React():
            return _react(pending)
        case Giving():
            return (
                f"seat {pending.seat} gives up to {counted(pending.limit, 'card')} "
                f"to seat {pending.receiver} (Pass 2 cards)"
            )
        case Window():
            return (
                f"seat {pending.seat} may discard cards matching the top of the discard pile "
                "or add to a laid group (an extra action), or pass"
            )
        case _:
            return f"seat {pending.seat} to decide"


def _react(p: React) -> str:
    action = f"{card_name(p.action.card)} played by seat {p.action.seat}"
    if p.actor_turn:
        return f"seat {p.seat} may stop the reflected {action} with a Shield, or pass"
    return f"seat {p.seat} may answer {action} with a Shield or the Magic Mirror, or pass"


def render(view: View) -> str:
    """The view as a card table: the piles, each seat's cards laid, the own hand, and the decision."""
    game = view.game
    thirds = [
        name for name, left in zip(("top", "middle", "bottom"), view.midnights_left, strict=True) if left
    ]
    top = card_name(view.discard[-1]) if view.discard else "empty"
    left = f"a Midnight still in the {listed(thirds)} third" if thirds else "no Midnight left"
    lines = [
        f"draw pile: {counted(view.draw_size, 'card')} ({left}); "
        f"discard pile: {counted(len(view.discard), 'card')}, top {top}"
    ]
    if view.final:
        lines.append(f"final round: seat {view.last_drawer} drew the last card")
    for s in range(game.players):
        who = f"seat {s}" + (" (you)" if s == view.seat else "")
        melds = " | ".join(card_names(m.cards) for m in view.melds[s]) or "nothing"
        facts = [counted(view.hand_sizes[s], "card") + " in hand", counted(view.scores[s], "point")]
        if any(view.villages[s]) or view.village_cards[s]:
            facts.append(f"Villages {sum(view.villages[s])}/{len(view.villages[s])} filled")
        if view.skips[s]:
            facts.append("misses the next turn")
        lines.append(f"{who}: {', '.join(facts)}; laid: {melds}")
        if view.known[s] and s != view.seat:
            lines.append(f"  you know seat {s} holds {card_names(view.known[s])}")
    lines.append(f"your hand: {card_names(view.hand)}")
    if view.own_villages:
        lines.append("your Villages: " + ", ".join(card_name(c) if c else "empty" for c in view.own_villages))
    lines.append(f"now: {hint(view)}")
    return "\n".join(lines)
