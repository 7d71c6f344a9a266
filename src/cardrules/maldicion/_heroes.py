"""The eight Heroes' abilities, used after an Ability card: "NOTHING can cancel the use of the ability".

No Reflex is possible while an ability resolves, and no ability frees a Curse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cards import OF_ELEMENT, Element, Figure, Hero
from ._flow import distinct, effect, enter, lone_mirror, play_moves
from ._moves import Deal, Discard, Give, Move, Pass, Play, UseAbility
from ._phases import (
    AbilityPhase,
    ClericPhase,
    EmmaPhase,
    EverardPhase,
    NecromancerPhase,
    Phase,
    SigourneyPhase,
    ThiefPhase,
    next_turn,
)
from ._records import EventKind
from ._table import Table, replace_at
from ._turn import targets

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._cards import Card
    from ._state import State

__all__ = ["HANDLERS"]


def _others(s: State, seat: int) -> list[int]:
    n = s.game.players
    return [(seat + i) % n for i in range(1, n)]


def _discards(seat: int, hand: Sequence[Card], cards: Sequence[Card], *, mirror: bool) -> list[Move]:
    """Every :class:`Discard` of ``cards``: two identical ones as a Mirror when ``mirror``; MALDICIÓN or not."""
    size = len(hand)
    out: list[Move] = []
    for card in cards:
        pair = mirror and hand.count(card) >= 2
        for used in (1, 2) if pair else (1,):
            out.append(Discard(seat, card, used == 2, False))
            if used == size:
                out.append(Discard(seat, card, used == 2, True))
    return out


def _discard(t: Table, seat: int, m: Discard) -> None:
    """``seat`` discards ``m.card`` (two as a Mirror) to no effect, and says MALDICIÓN or not."""
    t.put(seat, m.card, 2 if m.mirror else 1, EventKind.DISCARD)
    t.emptied(seat, m.call)


def _mirror_why(s: State, seat: int, m: Move, what: str) -> str | None:
    """Why a Mirror in ``what`` of an ability is refused; ``None`` if ``m`` is no Mirror of a held card."""
    if not isinstance(m, (Play, Discard)) or not m.mirror or m.card not in s.hands[seat]:
        return None
    if not s.game.ability_mirror:
        return (
            f"with mirror='turn_plays' a Mirror goes only with a turn's play or a Bonfire's second card, "
            f"not with {what} (ruling 10)"
        )
    return lone_mirror(seat, s.hands[seat], m)


def _end(t: Table, seat: int) -> Phase:
    return enter(t, next_turn(t.next_seat(seat)))


# -- choosing to use the ability ---------------------------------------------------


def _ability_legal(s: State, p: AbilityPhase) -> tuple[Move, ...]:
    seat = p.seat
    hero = s.heroes[seat]
    uses: list[Move]
    if hero is Hero.TREA:
        # "All opponents must draw two cards ...; or Trea may choose a single opponent".
        uses = [UseAbility(seat), *(UseAbility(seat, target=o) for o in _others(s, seat))]
    elif hero is Hero.EVERARD:
        # "Everard decides the next player in the round and the direction of the round."
        uses = [UseAbility(seat, target=o, direction=d) for o in _others(s, seat) for d in (1, -1)]
    elif hero is Hero.EMMA:
        uses = [UseAbility(seat, element=e) for e in Element]
    else:
        uses = [UseAbility(seat)]
    # "It allows the player to use the Ability of their Hero" (optional, ruling 21).
    return (*uses, Pass(seat))


def _ability_apply(t: Table, p: AbilityPhase, m: Move) -> Phase:
    seat = p.seat
    if not isinstance(m, UseAbility):
        if p.resume is not None:
            # Declined after Everard's War Cry: the round goes on with the player he named.
            return enter(t, next_turn(p.resume))
        return _end(t, seat)
    hero = t.heroes[seat]
    t.heroes_shown = replace_at(t.heroes_shown, seat, True)
    t.log(EventKind.ABILITY, seat, hero=hero, target=m.target, element=m.element)
    return _ABILITIES[hero](t, seat, m)


def _allard(t: Table, seat: int, m: UseAbility) -> Phase:
    """Circular Thrust: the first half of the opponents lose their turn and draw one, the rest draw two."""
    opponents = t.opponents(seat)
    half = len(opponents) // 2
    for o in opponents[:half]:
        t.penalize(o)
        t.draw(o, 1)
    for o in opponents[half:]:
        t.draw(o, 2)
    return _end(t, seat)


def _trea(t: Table, seat: int, m: UseAbility) -> Phase:
    """Multiple Conjuring: all opponents draw two, or one draws as many as there are players."""
    if m.target is None:
        for o in t.opponents(seat):
            t.draw(o, 2)
    else:
        t.draw(m.target, t.n)
    return _end(t, seat)


def _everard(t: Table, seat: int, m: UseAbility) -> Phase:
    """War Cry: the next seat and direction chosen, then a card of his choice that cannot be evaded."""
    assert m.target is not None and m.direction is not None
    if m.direction != t.direction:
        t.direction = m.direction
        t.log(EventKind.REVERSED, seat)
    if t.hands[seat]:
        return EverardPhase(seat, m.target)
    return enter(t, next_turn(m.target))


def _sigourney(t: Table, seat: int, m: UseAbility) -> Phase:
    """Directed Arrows: as many unseen cards as players, dealt among the opponents as she chooses."""
    return SigourneyPhase(seat, t.n)


def _buckminster(t: Table, seat: int, m: UseAbility) -> Phase:
    """Absolution: he discards; each opponent in turn may discard on that element; he answers each."""
    if not t.hands[seat]:
        return _end(t, seat)
    return ClericPhase(seat, seat, None, tuple(t.opponents(seat)))


def _odilia(t: Table, seat: int, m: UseAbility) -> Phase:
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
    return _end(t, seat)


def _brishen(t: Table, seat: int, m: UseAbility) -> Phase:
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
    return _end(t, seat)


def _emma(t: Table, seat: int, m: UseAbility) -> Phase:
    """Transmutation: she changes the element, then plays up to two cards of it."""
    assert m.element is not None
    t.element = m.element
    return _emma_next(t, EmmaPhase(seat, m.element, 0, None, None))


_ABILITIES = {
    Hero.ALLARD: _allard,
    Hero.TREA: _trea,
    Hero.EVERARD: _everard,
    Hero.SIGOURNEY: _sigourney,
    Hero.BUCKMINSTER: _buckminster,
    Hero.ODILIA: _odilia,
    Hero.BRISHEN: _brishen,
    Hero.EMMA: _emma,
}


# -- Everard ---------------------------------------------------------------------


def _everard_legal(s: State, p: EverardPhase) -> tuple[Move, ...]:
    hand = s.hands[p.seat]
    # "He then plays a card of his choice": on his turn, a Mirror too (ruling 10).
    return tuple(play_moves(p.seat, hand, distinct(hand), [], mirror=s.game.ability_mirror))


def _everard_apply(t: Table, p: EverardPhase, m: Move) -> Phase:
    assert isinstance(m, Play)
    t.put(p.seat, m.card, 2 if m.mirror else 1, EventKind.PLAY)
    t.emptied(p.seat, m.call)
    # "The card played CANNOT be evaded" and it is aimed at the next player he chose.
    follow = effect(t, p.seat, m.card, element=m.element, called=m.call, by_ability=True, next_seat=p.target)
    return enter(t, follow)


def _everard_why(s: State, p: EverardPhase, m: Move) -> str:
    why = _mirror_why(s, p.seat, m, "Everard's War Cry card")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card not in s.hands[p.seat]:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play) and m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    return "War Cry: Everard plays a card of his choice from his hand (it CANNOT be evaded; no target, no early MALDICIÓN)"


# -- Sigourney -------------------------------------------------------------------


def _sigourney_legal(s: State, p: SigourneyPhase) -> tuple[Move, ...]:
    return tuple(Deal(p.seat, o) for o in _others(s, p.seat))


def _sigourney_apply(t: Table, p: SigourneyPhase, m: Move) -> Phase:
    assert isinstance(m, Deal)
    card = t.pop_deck()
    if card is None:
        return _end(t, p.seat)
    # "Without looking at them, she deals them": only the receiver sees the card.
    t.add(m.to, (card,))
    if t.reshuffled is not None:
        t.seen = replace_at(t.seen, m.to, (*t.seen[m.to], card))
    t.log(EventKind.DEAL, p.seat, target=m.to)
    if p.remaining > 1:
        return SigourneyPhase(p.seat, p.remaining - 1)
    return _end(t, p.seat)


# -- Buckminster -----------------------------------------------------------------


def _cleric_fits(card: Card, match: Element | None) -> bool:
    return match is None or card.element is match


def _cleric_legal(s: State, p: ClericPhase) -> tuple[Move, ...]:
    hand = s.hands[p.seat]
    if p.seat == p.cleric:
        # "Buckminster discards any card of his choice": on his turn, a Mirror too (ruling 10).
        return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))
    cards = [c for c in distinct(hand) if _cleric_fits(c, p.match)]
    # The opponents discard out of their turn: one card each, never a Mirror.
    return (*_discards(p.seat, hand, cards, mirror=False), Pass(p.seat))


def _cleric_ask(t: Table, cleric: int, match: Element | None, queue: tuple[int, ...]) -> Phase:
    """The next opponent in round order who holds a card of the element (seats that cannot are not asked)."""
    for i, o in enumerate(queue):
        if any(_cleric_fits(c, match) for c in t.hands[o]):
            return ClericPhase(o, cleric, match, queue[i + 1 :])
        if match is not None:
            # Not asked: everyone learns it holds no card of that element.
            t.set_void(o, t.memory.voids[o] | OF_ELEMENT[match])
    return _end(t, cleric)


def _cleric_apply(t: Table, p: ClericPhase, m: Move) -> Phase:
    if not isinstance(m, Discard):
        return _cleric_ask(t, p.cleric, p.match, p.queue)
    _discard(t, p.seat, m)
    if p.seat == p.cleric:
        return _cleric_ask(t, p.cleric, m.card.element, p.queue)
    # "Buckminster discards another card of his choice after each discard by an opponent."
    if t.hands[p.cleric]:
        return ClericPhase(p.cleric, p.cleric, p.match, p.queue)
    return _end(t, p.cleric)


def _cleric_why(s: State, p: ClericPhase, m: Move) -> str:
    if p.seat != p.cleric and isinstance(m, Discard) and m.mirror:
        return (
            f"a Mirror is made only during one's own turn: seat {p.seat} discards during Buckminster's "
            "Absolution, out of its turn, one card (ruling 10)"
        )
    why = _mirror_why(s, p.seat, m, "Buckminster's discards")
    if why is not None:
        return why
    if p.seat != p.cleric and isinstance(m, Discard) and m.card in s.hands[p.seat]:
        return f"Absolution: discard a card of the cleric's element ({p.match}), not {m.card}"
    return (
        "Absolution: discard a card of your choice" if p.seat == p.cleric else "Absolution: discard or pass"
    )


# -- Odilia ----------------------------------------------------------------------


def _thief_legal(s: State, p: ThiefPhase) -> tuple[Move, ...]:
    hand = s.hands[p.seat]
    if not p.queue:
        # "and finally discards one card of her choice" (on her turn, a Mirror too, ruling 10).
        return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))
    to = p.queue[0]
    out: list[Move] = []
    for card in distinct(hand):
        out.append(Give(p.seat, card, to, False))
        if len(hand) == 1:
            out.append(Give(p.seat, card, to, True))
    return tuple(out)


def _thief_apply(t: Table, p: ThiefPhase, m: Move) -> Phase:
    seat = p.seat
    if isinstance(m, Discard):
        _discard(t, seat, m)
        return _end(t, seat)
    assert isinstance(m, Give)
    # "She then returns to each opponent one card from their hand" (from hers, her choice, ruling 27).
    t.take(seat, m.card)
    t.add(m.to, (m.card,))
    t.forget_hidden(seat, m.card, (seat, m.to))
    t.learn(seat, m.to, m.card)
    t.log(EventKind.GIVE, seat, target=m.to)
    t.emptied(seat, m.call)
    if not t.hands[seat]:
        return _end(t, seat)
    return ThiefPhase(seat, p.queue[1:])


def _thief_why(s: State, p: ThiefPhase, m: Move) -> str:
    if p.queue:
        return f"Cross Robbery: Odilia gives seat {p.queue[0]} one card of her hand before she discards"
    why = _mirror_why(s, p.seat, m, "Odilia's discard")
    if why is not None:
        return why
    return "Cross Robbery: Odilia finally discards one card of her choice"


# -- Brishen ---------------------------------------------------------------------


def _necromancer_legal(s: State, p: NecromancerPhase) -> tuple[Move, ...]:
    hand = s.hands[p.seat]
    # "Brishen discards a card of his choice" (on his turn, a Mirror too, ruling 10).
    return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))


def _necromancer_apply(t: Table, p: NecromancerPhase, m: Move) -> Phase:
    assert isinstance(m, Discard)
    _discard(t, p.seat, m)
    return _end(t, p.seat)


def _necromancer_why(s: State, p: NecromancerPhase, m: Move) -> str:
    why = _mirror_why(s, p.seat, m, "Brishen's discard")
    if why is not None:
        return why
    return "Raise the Dead: Brishen discards one card of his choice"


# -- Emma ------------------------------------------------------------------------


def _emma_cards(hand: Sequence[Card], element: Element) -> list[Card]:
    return [c for c in distinct(hand) if c.element is element]


def _emma_next(t: Table, p: EmmaPhase) -> Phase:
    if p.played < 2 and _emma_cards(t.hands[p.seat], p.element):
        return p
    return _emma_finish(t, p)


def _emma_finish(t: Table, p: EmmaPhase) -> Phase:
    """ "Only the last card played is taken into account ... The card played CANNOT be evaded"."""
    if p.last is None:
        return _end(t, p.seat)
    called = not t.hands[p.seat] and not any(s.seat == p.seat for s in t.silent)
    return enter(t, effect(t, p.seat, p.last, target=p.target, called=called, by_ability=True))


def _emma_legal(s: State, p: EmmaPhase) -> tuple[Move, ...]:
    hand = s.hands[p.seat]
    # "She then plays up to two cards of that element": on her turn, a Mirror too, counted as one (rulings 10, 48).
    cards = _emma_cards(hand, p.element)
    plays = play_moves(p.seat, hand, cards, targets(s, p.seat), mirror=s.game.ability_mirror)
    return (*plays, Pass(p.seat))


def _emma_apply(t: Table, p: EmmaPhase, m: Move) -> Phase:
    if not isinstance(m, Play):
        return _emma_finish(t, p)
    t.put(p.seat, m.card, 2 if m.mirror else 1, EventKind.PLAY)
    t.emptied(p.seat, m.call)
    return _emma_next(t, EmmaPhase(p.seat, p.element, p.played + 1, m.card, m.target))


def _emma_why(s: State, p: EmmaPhase, m: Move) -> str:
    why = _mirror_why(s, p.seat, m, "Emma's Transmutation")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card in s.hands[p.seat]:
        return f"Transmutation: Emma plays cards of {p.element} only, not {m.card}"
    return f"Transmutation: play a {p.element} card or stop"


HANDLERS = {
    AbilityPhase: (_ability_legal, _ability_apply, None),
    EverardPhase: (_everard_legal, _everard_apply, _everard_why),
    SigourneyPhase: (_sigourney_legal, _sigourney_apply, None),
    ClericPhase: (_cleric_legal, _cleric_apply, _cleric_why),
    ThiefPhase: (_thief_legal, _thief_apply, _thief_why),
    NecromancerPhase: (_necromancer_legal, _necromancer_apply, _necromancer_why),
    EmmaPhase: (_emma_legal, _emma_apply, _emma_why),
}
