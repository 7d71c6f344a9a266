"""The eight Heroes' abilities, used after an Ability card: "NOTHING can cancel the use of the ability".

No Reflex is possible while an ability resolves, and no ability frees a Curse.
``<kind>_apply`` is the transition of each phase an ability opens; their legal
moves and refusals are in ``_legal``.
"""

from __future__ import annotations

from collections.abc import Callable

from ._cards import OF_ELEMENT, Element, Hero
from ._events import EventKind
from ._legal import emma_cards
from ._moves import Deal, Discard, Give, Move, Play, UseAbility
from ._pending import (
    AbilityPhase,
    ClericPhase,
    EmmaPhase,
    EverardPhase,
    NecromancerPhase,
    Pending,
    SigourneyPhase,
    ThiefPhase,
    next_turn,
)
from ._rules import cleric_fits
from ._table import Table, replace_at
from ._transition import effect, end_turn, enter

__all__ = [
    "ability_apply",
    "cleric_apply",
    "emma_apply",
    "everard_apply",
    "necromancer_apply",
    "sigourney_apply",
    "thief_apply",
]


def _discard(t: Table, seat: int, m: Discard) -> None:
    """``seat`` discards ``m.card`` (two as a Mirror) to no effect, and says MALDICIÓN or not."""
    t.put(seat, m.card, 2 if m.mirror else 1, EventKind.DISCARD)
    t.emptied(seat, m.call)


# -- choosing to use the ability ----------------------------------------------


def ability_apply(t: Table, p: AbilityPhase, m: Move) -> Pending:
    """The ability used (its Hero shown) or declined."""
    seat = p.seat
    if not isinstance(m, UseAbility):
        if p.resume is not None:
            # Declined after Everard's War Cry: the round goes on with the player he named.
            return enter(t, next_turn(p.resume))
        return end_turn(t, seat)
    hero = t.heroes[seat]
    t.heroes_shown = replace_at(t.heroes_shown, seat, True)
    t.log(EventKind.ABILITY, seat, hero=hero, target=m.target, element=m.element)
    return _ABILITIES[hero](t, seat, m)


def _allard(t: Table, seat: int, m: UseAbility) -> Pending:
    """Circular Thrust: the first half of the opponents lose their turn and draw one, the rest draw two."""
    opponents = t.opponents(seat)
    half = len(opponents) // 2
    for o in opponents[:half]:
        t.penalize(o)
        t.draw(o, 1)
    for o in opponents[half:]:
        t.draw(o, 2)
    return end_turn(t, seat)


def _trea(t: Table, seat: int, m: UseAbility) -> Pending:
    """Multiple Conjuring: all opponents draw two, or one draws as many as there are players."""
    if m.target is None:
        for o in t.opponents(seat):
            t.draw(o, 2)
    else:
        t.draw(m.target, t.n)
    return end_turn(t, seat)


def _everard(t: Table, seat: int, m: UseAbility) -> Pending:
    """War Cry: the next seat and direction chosen, then a card of his choice that cannot be evaded."""
    assert m.target is not None and m.direction is not None
    if m.direction != t.direction:
        t.direction = m.direction
        t.log(EventKind.REVERSED, seat)
    if t.hands[seat]:
        return EverardPhase(seat, m.target)
    return enter(t, next_turn(m.target))


def _sigourney(t: Table, seat: int, m: UseAbility) -> Pending:
    """Directed Arrows: as many unseen cards as players, dealt among the opponents as she chooses."""
    return SigourneyPhase(seat, t.n)


def _buckminster(t: Table, seat: int, m: UseAbility) -> Pending:
    """Absolution: he discards; each opponent in turn may discard on that element; he answers each."""
    if not t.hands[seat]:
        return end_turn(t, seat)
    return ClericPhase(seat, seat, None, tuple(t.opponents(seat)))


def _odilia(t: Table, seat: int, m: UseAbility) -> Pending:
    """Cross Robbery: a blind card from each opponent (one from the Deck for an empty hand)."""
    opponents = t.opponents(seat)
    for o in opponents:
        hand = t.hands[o]
        if hand:
            card = hand[t.rng.below(len(hand))]
            t.take(o, card)
            t.add(seat, (card,))
            t.forget_hidden(o, card, (seat, o))
            t.learn(o, seat, card)
            t.log(EventKind.STEAL, seat, target=o)
        else:
            t.draw(seat, 1)
    if t.hands[seat]:
        return ThiefPhase(seat, tuple(opponents))
    return end_turn(t, seat)


def _brishen(t: Table, seat: int, m: UseAbility) -> Pending:
    """Raise the Dead: each opponent in turn takes the topmost Object card of the Discard Pile."""
    for o in t.opponents(seat):
        index = next((i for i in range(len(t.pile) - 1, -1, -1) if t.pile[i].is_object), None)
        if index is None:
            break
        card = t.pile[index]
        t.pile = (*t.pile[:index], *t.pile[index + 1 :])
        t.add(o, (card,), public=True)
        t.log(EventKind.RAISE, o, card=card)
        for viewer in range(t.n):
            if viewer != o:
                t.learn(viewer, o, card)
    if t.hands[seat]:
        return NecromancerPhase(seat)
    return end_turn(t, seat)


def _emma(t: Table, seat: int, m: UseAbility) -> Pending:
    """Transmutation: she changes the element, then plays up to two cards of it."""
    assert m.element is not None
    t.element = m.element
    return _emma_next(t, EmmaPhase(seat, m.element, 0, None, None))


_ABILITIES: dict[Hero, Callable[[Table, int, UseAbility], Pending]] = {
    Hero.ALLARD: _allard,
    Hero.TREA: _trea,
    Hero.EVERARD: _everard,
    Hero.SIGOURNEY: _sigourney,
    Hero.BUCKMINSTER: _buckminster,
    Hero.ODILIA: _odilia,
    Hero.BRISHEN: _brishen,
    Hero.EMMA: _emma,
}


# -- Everard ------------------------------------------------------------------


def everard_apply(t: Table, p: EverardPhase, m: Move) -> Pending:
    """War Cry's card played, aimed at the seat he named."""
    assert isinstance(m, Play)
    t.put(p.seat, m.card, 2 if m.mirror else 1, EventKind.PLAY)
    t.emptied(p.seat, m.call)
    # "The card played CANNOT be evaded" and it is aimed at the next player he chose.
    follow = effect(t, p.seat, m.card, element=m.element, called=m.call, by_ability=True, next_seat=p.target)
    return enter(t, follow)


# -- Sigourney ----------------------------------------------------------------


def sigourney_apply(t: Table, p: SigourneyPhase, m: Move) -> Pending:
    """Directed Arrows: the next unseen card dealt to the opponent chosen."""
    assert isinstance(m, Deal)
    card = t.pop_deck()
    if card is None:
        return end_turn(t, p.seat)
    # "Without looking at them, she deals them": only the receiver sees the card.
    t.add(m.to, (card,))
    if t.reshuffled is not None:
        t.seen = replace_at(t.seen, m.to, (*t.seen[m.to], card))
    t.log(EventKind.DEAL, p.seat, target=m.to)
    if p.remaining > 1:
        return SigourneyPhase(p.seat, p.remaining - 1)
    return end_turn(t, p.seat)


# -- Buckminster --------------------------------------------------------------


def _cleric_ask(t: Table, cleric: int, match: Element | None, queue: tuple[int, ...]) -> Pending:
    """The next opponent in round order who holds a card of the element (seats that cannot are not asked)."""
    for i, o in enumerate(queue):
        if any(cleric_fits(c, match) for c in t.hands[o]):
            return ClericPhase(o, cleric, match, queue[i + 1 :])
        if match is not None:
            # Not asked: everyone learns it holds no card of that element.
            t.set_void(o, t.memory.voids[o] | OF_ELEMENT[match])
    return end_turn(t, cleric)


def cleric_apply(t: Table, p: ClericPhase, m: Move) -> Pending:
    """Absolution: a discard, and who is asked next or answers it."""
    if not isinstance(m, Discard):
        return _cleric_ask(t, p.cleric, p.match, p.queue)
    _discard(t, p.seat, m)
    if p.seat == p.cleric:
        return _cleric_ask(t, p.cleric, m.card.element, p.queue)
    # "Buckminster discards another card of his choice after each discard by an opponent."
    if t.hands[p.cleric]:
        return ClericPhase(p.cleric, p.cleric, p.match, p.queue)
    return end_turn(t, p.cleric)


# -- Odilia -------------------------------------------------------------------


def thief_apply(t: Table, p: ThiefPhase, m: Move) -> Pending:
    """Cross Robbery: a card returned to the next opponent, or the final discard."""
    seat = p.seat
    if isinstance(m, Discard):
        _discard(t, seat, m)
        return end_turn(t, seat)
    assert isinstance(m, Give)
    # "She then returns to each opponent one card from their hand" (from hers, her choice, ruling 27).
    t.take(seat, m.card)
    t.add(m.to, (m.card,))
    t.forget_hidden(seat, m.card, (seat, m.to))
    t.learn(seat, m.to, m.card)
    t.log(EventKind.GIVE, seat, target=m.to)
    t.emptied(seat, m.call)
    if not t.hands[seat]:
        return end_turn(t, seat)
    return ThiefPhase(seat, p.queue[1:])


# -- Brishen ------------------------------------------------------------------


def necromancer_apply(t: Table, p: NecromancerPhase, m: Move) -> Pending:
    """Raise the Dead: Brishen's discard ends the ability."""
    assert isinstance(m, Discard)
    _discard(t, p.seat, m)
    return end_turn(t, p.seat)


# -- Emma ---------------------------------------------------------------------


def _emma_next(t: Table, p: EmmaPhase) -> Pending:
    if p.played < 2 and emma_cards(t.hands[p.seat], p.element):
        return p
    return _emma_finish(t, p)


def _emma_finish(t: Table, p: EmmaPhase) -> Pending:
    """ "Only the last card played is taken into account ... The card played CANNOT be evaded"."""
    if p.last is None:
        return end_turn(t, p.seat)
    called = not t.hands[p.seat] and not any(s.seat == p.seat for s in t.silent)
    return enter(t, effect(t, p.seat, p.last, target=p.target, called=called, by_ability=True))


def emma_apply(t: Table, p: EmmaPhase, m: Move) -> Pending:
    """Transmutation: a card of the element played, or she stops; the last one takes effect."""
    if not isinstance(m, Play):
        return _emma_finish(t, p)
    t.put(p.seat, m.card, 2 if m.mirror else 1, EventKind.PLAY)
    t.emptied(p.seat, m.call)
    return _emma_next(t, EmmaPhase(p.seat, p.element, p.played + 1, m.card, m.target))
