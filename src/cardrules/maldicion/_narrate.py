"""Plain words for front ends: the public events of a decision, and a view as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted
from ._records import Event, EventKind

if TYPE_CHECKING:
    from ._view import View

__all__ = ["event_line", "render_view"]


def event_line(e: Event) -> str:
    """One public event in words."""
    who = f"seat {e.seat}"
    k = e.kind
    if k is EventKind.NEW_GAME:
        return f"game {e.count}: seat {e.seat} deals; {e.card} is turned up"
    if k is EventKind.PLAY:
        return f"{who} plays {'two ' if e.count == 2 else ''}{e.card}"
    if k is EventKind.DISCARD:
        return f"{who} discards {'two ' if e.count == 2 else ''}{e.card}"
    if k is EventKind.REFLEX:
        return f"{who} discards {e.card} by Reflex"
    if k is EventKind.DRAW:
        return f"{who} draws {counted(e.count, 'card')}"
    if k is EventKind.PENALIZED:
        return f"{who} is Penalized"
    if k is EventKind.SKIPPED:
        return f"{who} loses its turn"
    if k is EventKind.REVERSED:
        return "the direction of the round is reversed"
    if k is EventKind.ELEMENT:
        return f"{who} names {e.element}"
    if k is EventKind.MALDICION:
        return f'{who} says "MALDICIÓN!"'
    if k is EventKind.SILENT:
        return f"{who} has no cards left and says nothing"
    if k is EventKind.CAUGHT:
        return f"{who} calls out seat {e.target}, who forgot to say MALDICIÓN"
    if k is EventKind.RESHUFFLE:
        return f"the Discard Pile is shuffled into a new Deck ({counted(e.count, 'card')})"
    if k is EventKind.ABILITY:
        extra = f" on seat {e.target}" if e.target is not None else ""
        extra += f", changing to {e.element}" if e.element is not None else ""
        return f"{who} uses {e.hero}'s ability{extra}"
    if k is EventKind.STEAL:
        return f"{who} steals a card from seat {e.target}"
    if k is EventKind.GIVE:
        return f"{who} gives a card to seat {e.target}"
    if k is EventKind.DEAL:
        return f"{who} deals an unseen card to seat {e.target}"
    if k is EventKind.RAISE:
        return f"{who} takes {e.card} from the Discard Pile"
    if k is EventKind.CURSE_FAILED:
        return f"{who}'s Curse is {e.element}: it does not match, and comes back"
    if k is EventKind.CURSE_DISCARDED:
        return f"{who} discards the {e.element} Curse"
    if k is EventKind.HP:
        return f"{who}'s Life Counter changes by {e.count:+d} HP"
    return f"{who} chooses {e.hero}"


def render_view(v: View) -> str:
    """The table as one seat sees it."""
    n = v.game.players
    lines = [f"{v.game}: game {v.game_number}, seat {v.dealer} dealt"]
    top = v.pile[-1]
    element = v.element if v.element is not None else "(to be named)"
    arrow = "seat numbers going up" if v.direction > 0 else "seat numbers going down"
    lines.append(f"top of the Discard Pile: {top}; element in play: {element}; round: {arrow}")
    lines.append(f"Deck: {counted(v.deck_size, 'card')}")
    for s in range(n):
        facts = [counted(v.hand_sizes[s], "card")]
        if v.heroes[s] is not None:
            facts.append(str(v.heroes[s]))
        if v.penalized[s]:
            facts.append("Penalized")
        if v.hp:
            facts.append(f"{v.hp[s]} HP")
        lines.append(f"seat {s}: {', '.join(facts)}")
    for k in v.known:
        lines.append(f"you know seat {k.holder} holds {' '.join(map(str, k.cards))}")
    curse = v.curse if v.curse is not None else "unknown"
    lines.append(f"your Hero: {v.hero}; your Curse: {curse}")
    lines.append(f"your hand (seat {v.seat}): {' '.join(str(c) for c in v.hand)}")
    return "\n".join(lines)
