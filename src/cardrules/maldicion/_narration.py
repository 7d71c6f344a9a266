"""Plain words for front ends: the public events of a decision, and a view as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._errors import CardRulesError
from .._words import counted, difference, either, listed
from ._cards import mirrored
from ._events import Event, EventKind
from ._moves import DiscardCurse, Draw, Play
from ._pending import (
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    DrawnPhase,
    NameElementPhase,
    ReflexPhase,
    TurnPhase,
)

if TYPE_CHECKING:
    from ._view import View

__all__ = ["event_line", "hint", "news", "render_view"]


def event_line(e: Event) -> str:
    """One public event in words."""
    who = f"seat {e.seat}"
    k = e.kind
    if k is EventKind.NEW_GAME:
        return f"game {e.count}: seat {e.seat} deals; {e.card} is turned up"
    if k is EventKind.PLAY or k is EventKind.DISCARD:
        assert e.card is not None
        verb = "plays" if k is EventKind.PLAY else "discards"
        return f"{who} {verb} {mirrored(e.card, e.count == 2)}"
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
    """The table as one seat sees it: the pile, each seat, the own Hero, Curse and hand, the decision."""
    n = v.game.players
    element = v.element if v.element is not None else "to be named"
    arrow = "seat numbers going up" if v.direction > 0 else "seat numbers going down"
    lines = [
        f"game {v.game_number}, dealt by seat {v.dealer}; round: {arrow}",
        f"Discard Pile: {counted(len(v.pile), 'card')}, top {v.pile[-1]}; element in play: {element}; "
        f"Deck: {counted(v.deck_size, 'card')}",
    ]
    for s in range(n):
        facts = [counted(v.hand_sizes[s], "card")]
        if v.hp:
            facts.append(f"{v.hp[s]} HP")
        if v.heroes[s] is not None:
            facts.append(str(v.heroes[s]))
        if v.penalized[s]:
            facts.append("Penalized")
        lines.append(f"seat {s}{' (you)' if s == v.seat else ''}: {', '.join(facts)}")
    for k in v.known:
        lines.append(f"  you know seat {k.holder} holds {listed(k.cards)}")
    curse = v.curse if v.curse is not None else "unknown"
    hero = v.hero if v.hero is not None else "not chosen yet"
    lines.append(f"your Hero: {hero}; your Curse: {curse}")
    lines.append(f"your hand: {listed(v.hand)}")
    lines.append(f"now: {hint(v)}")
    return "\n".join(lines)


def hint(v: View) -> str:
    """The decision pending, in one line with the rule it follows."""
    if v.outcome is not None:
        return f"the match is over: {v.outcome}"
    p = v.phase
    who = f"seat {p.seat}"
    if isinstance(p, AttackPhase):
        own = _own_kinds(v)
        answer = "answer with a fitting attack, or draw them" if own is None or Play in own else "draw them"
        return (
            f"{who} is attacked by seat {p.attacker} with a {p.figure} ({counted(p.amount, 'card')} to draw): "
            + answer
        )
    if isinstance(p, DrawnPhase):
        drawn = f" {p.card}" if p.card is not None else " a card"
        own = _own_kinds(v)
        if own is not None and Play not in own:
            return f"{who} drew{drawn}, which does not fit: pass"
        return f"{who} drew{drawn} and may play it if it fits, or pass"
    if isinstance(p, ReflexPhase):
        return f"{who} may discard an identical card by Reflex after seat {p.player}'s card, or pass"
    if isinstance(p, CalloutPhase):
        return f"{who} may call out seat {p.culprit}, who did not say MALDICIÓN, or pass"
    if isinstance(p, NameElementPhase):
        return f"{who} names the element in play over the Elemental Gem"
    if isinstance(p, BonfirePhase):
        return f"{who} played a Bonfire and may play a second card, or stop"
    if isinstance(p, TurnPhase):
        top = f"{v.element} or {v.pile[-1].figure}" if v.element is not None else str(v.pile[-1])
        return f"{who}'s turn: {either(_turn_options(v, _own_kinds(v), top))}"
    doc = (type(p).__doc__ or "").strip().splitlines()[0].replace("``seat``", who)
    return doc.replace("``", "")


def _own_kinds(v: View) -> set[type] | None:
    """The kinds of the legal moves when the view's own seat decides (they follow from the view alone);
    ``None`` for another seat's decision, or a hand-built view no match reaches."""
    if v.phase.seat != v.seat:
        return None
    try:
        return {type(m) for m in v.game.sample_state(v, 0).legal_moves()}
    except CardRulesError:
        return None


def _turn_options(v: View, own: set[type] | None, top: str) -> list[str]:
    """What the seat whose turn it is may do: for the view's own seat exactly its legal moves, for another
    seat what the public can tell."""
    if own is not None:
        kinds = own
    else:
        kinds = {Draw, DiscardCurse} if v.hand_sizes[v.phase.seat] == 0 else {Play, Draw}
    options = []
    if Play in kinds:
        options.append(f"play a card that matches {top}")
    if Draw in kinds:
        options.append("draw")
    if DiscardCurse in kinds:
        options.append("discard the Curse")
    return options


def news(v: View, before: View) -> tuple[str, ...]:
    """What ``v.seat`` alone learned since ``before``: the cards it drew, got or lost unseen."""
    gained, lost = difference(before.hand, v.hand)
    public = set(difference(before.pile, v.pile)[0])
    lost = tuple(c for c in lost if c not in public)
    lines = []
    if gained:
        drew = v.deck_size < before.deck_size or before.reshuffled != v.reshuffled
        lines.append(f"you {'drew' if drew else 'got'} {listed(gained)}")
    if lost:
        lines.append(f"you no longer hold {listed(lost)}")
    for k in v.known:
        if k not in before.known:
            lines.append(f"you now know seat {k.holder} holds {listed(k.cards)}")
    return tuple(lines)
