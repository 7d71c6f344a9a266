"""A seat's turn: playing by figure or element, drawing, the Curse, Bonfire's second card, answering attacks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._cards import Card, Element, Figure, fitting
from ._flow import (
    AMOUNT,
    accept_attack,
    after_card,
    distinct,
    effect,
    enter,
    fits,
    free_curse,
    lone_mirror,
    play_moves,
)
from ._moves import Accept, DiscardCurse, Draw, Move, NameElement, Pass, Play
from ._phases import (
    AttackPhase,
    BonfirePhase,
    DrawnPhase,
    NameElementPhase,
    Phase,
    TurnPhase,
    next_turn,
)
from ._records import EventKind
from ._table import Table, replace_at

if TYPE_CHECKING:
    from ._state import State

__all__ = ["HANDLERS", "play_card", "targets"]


def targets(s: State, seat: int) -> Sequence[int]:
    """Seats a Double Shot or Rain of Spears may be aimed at: in ``guild_war`` any opponent (ruling 33)."""
    if not s.game.teams:
        return _NO_TARGETS
    n = s.game.players
    return [(seat + i) % n for i in range(1, n)]


_NO_TARGETS: tuple[int, ...] = ()


def play_card(t: Table, seat: int, move: Play, next_seat: int | None = None) -> Phase:
    """``seat`` plays ``move.card`` (two of them as a Mirror): it lands, its effect follows, Reflex opens.

    ``next_seat`` is the next player in the round when it is not the seat after
    ``seat`` (Everard named it before a Bonfire).
    """
    card = move.card
    t.put(seat, card, 2 if move.mirror else 1, EventKind.PLAY)
    t.emptied(seat, move.call)
    follow = effect(
        t, seat, card, element=move.element, target=move.target, called=move.call, next_seat=next_seat
    )
    return after_card(t, seat, follow)


# -- the turn ------------------------------------------------------------------


def _turn_legal(s: State, p: TurnPhase) -> tuple[Move, ...]:
    seat = p.seat
    hand = s.hands[seat]
    game = s.game
    if not hand:
        # "It will be the last card to be discarded, since the prerequisite ... is having no other card".
        if game.difficulty == "hard":
            return (DiscardCurse(seat), Draw(seat))
        if s.curses[game.owner(seat)] is s.element:
            return (DiscardCurse(seat),)
        return (Draw(seat),)
    top, element = s.pile[-1], s.element
    figure = top.figure
    cards: list[Card] = []
    last = None
    for c in hand:
        if c is not last:
            last = c
            if c.element is element or c.figure is figure or c.figure is Figure.GEM:
                cards.append(c)
    moves = play_moves(seat, hand, cards, targets(s, seat), mirror=True)
    if not moves or (game.draw_when_able and (s.deck or len(s.pile) > 1)):
        moves.append(Draw(seat))
    return tuple(moves)


def _turn_apply(t: Table, p: TurnPhase, m: Move) -> Phase:
    seat = p.seat
    if isinstance(m, Play):
        return play_card(t, seat, m)
    if isinstance(m, Draw):
        drawn = t.draw(seat, 1)
        if not drawn:
            return enter(t, next_turn(t.next_seat(seat)))
        return DrawnPhase(seat, drawn[0])
    owner = t.game.owner(seat)
    if t.curses[owner] is t.element:
        return free_curse(t, seat)
    # Hard: "If it does not match the element in play, the Curse returns to the player,
    # who must draw two cards from the Deck as a penalty."
    t.curses_shown = replace_at(t.curses_shown, owner, True)
    t.log(EventKind.CURSE_FAILED, seat, element=t.curses[owner])
    t.draw(seat, 2)
    return enter(t, next_turn(t.next_seat(seat)))


def _turn_why(s: State, p: TurnPhase, m: Move) -> str:
    seat, hand = p.seat, s.hands[p.seat]
    top = s.pile[-1]
    if isinstance(m, Play):
        if m.card not in hand:
            return f"seat {seat} holds no {m.card}"
        if (lone := lone_mirror(seat, hand, m)) is not None:
            return lone
        if not fits(m.card, top, s.element):
            return f"{m.card} does not match {top}: play the same figure or the element in play ({s.element})"
        return _options_why(s, seat, m)
    if isinstance(m, Draw):
        return f"seat {seat} can play, and draws only when it has no card to play (ruling 6)"
    if isinstance(m, DiscardCurse):
        if hand:
            return f"the Curse is discarded last: seat {seat} still holds {len(hand)} cards"
        return f"the Curse can only be discarded on its own element; the element in play is {s.element}"
    return f"it is seat {seat}'s turn: play a card, draw, or discard the Curse ({m} is none of these)"


def _options_why(s: State, seat: int, m: Play) -> str:
    if m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    if m.card.figure is not Figure.GEM and m.element is not None:
        return f"only an Elemental Gem names an element, not {m.card}"
    if m.target is not None and (
        not s.game.teams or m.card.figure not in (Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS)
    ):
        return "only a Double Shot or Rain of Spears in guild_war chooses its target"
    if s.game.teams and m.target is None and m.card.figure in (Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS):
        return "in guild_war a Double Shot or Rain of Spears names the opponent it attacks"
    if m.call:
        return "MALDICIÓN is said only by the play that leaves the hand empty"
    if m.target is not None and not 0 <= m.target < s.game.players:
        return f"there is no seat {m.target} to attack"
    if m.target == seat:
        return "a seat cannot attack itself"
    return f"{m} is not allowed here"


# -- the starting Gem, the drawn card, Bonfire ---------------------------------


def _name_legal(s: State, p: NameElementPhase) -> tuple[Move, ...]:
    return tuple(NameElement(p.seat, e) for e in Element)


def _name_apply(t: Table, p: NameElementPhase, m: Move) -> Phase:
    assert isinstance(m, NameElement)
    t.element = m.element
    t.log(EventKind.ELEMENT, p.seat, element=m.element)
    return TurnPhase(p.seat)


def _drawn_legal(s: State, p: DrawnPhase) -> tuple[Move, ...]:
    seat, card = p.seat, p.card
    assert card is not None
    if not fits(card, s.pile[-1], s.element):
        return (Pass(seat),)
    # "If it can be played, they may play the newly acquired card."
    return (*play_moves(seat, s.hands[seat], [card], targets(s, seat), mirror=False), Pass(seat))


def _drawn_apply(t: Table, p: DrawnPhase, m: Move) -> Phase:
    if isinstance(m, Play):
        if not t.game.draw_when_able and t.element is not None:
            # It drew because nothing fitted: with the drawn card played, its hand is what it was.
            t.set_void(p.seat, t.memory.voids[p.seat] | fitting(t.pile[-1], t.element))
        return play_card(t, p.seat, m)
    # "If it cannot be played, they add it to their hand ... and pass the turn."
    return enter(t, next_turn(t.next_seat(p.seat)))


def _drawn_why(s: State, p: DrawnPhase, m: Move) -> str:
    if isinstance(m, Play) and m.card is not p.card:
        return f"only the card just drawn ({p.card}) may be played now"
    if isinstance(m, Play) and m.mirror:
        return f"the drawn {p.card} is played alone, never as a Mirror: 'they may play the newly acquired card' (ruling 10)"
    if isinstance(m, Play) and p.card is not None and not fits(p.card, s.pile[-1], s.element):
        return f"the drawn {p.card} does not match {s.pile[-1]} (element in play {s.element}); pass"
    return f"seat {p.seat} may play the card it drew or pass"


def _bonfire_legal(s: State, p: BonfirePhase) -> tuple[Move, ...]:
    seat, hand = p.seat, s.hands[p.seat]
    if hand:
        # "It allows the player to play a second card of their choice" (any card, ruling 14).
        return (*play_moves(seat, hand, distinct(hand), targets(s, seat), mirror=True), Pass(seat))
    if p.called:
        # "If the player has no card in hand to play, it allows the Curse to be discarded,
        # always provided that MALDICIÓN is said before discarding it."
        return (DiscardCurse(seat),)
    return (Pass(seat),)


def _bonfire_apply(t: Table, p: BonfirePhase, m: Move) -> Phase:
    # After Everard's War Cry the round goes on with the player he named (``resume``).
    if isinstance(m, Play):
        return play_card(t, p.seat, m, p.resume)
    if isinstance(m, DiscardCurse):
        return free_curse(t, p.seat)
    return enter(t, next_turn(p.resume if p.resume is not None else t.next_seat(p.seat)))


def _bonfire_why(s: State, p: BonfirePhase, m: Move) -> str:
    if isinstance(m, Play) and m.card not in s.hands[p.seat]:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play):
        return lone_mirror(p.seat, s.hands[p.seat], m) or _options_why(s, p.seat, m)
    if isinstance(m, DiscardCurse):
        if s.hands[p.seat]:
            return "Bonfire frees the Curse only when no card is left in hand"
        if s.game.ability_bonfire == "no_curse":
            return (
                "Bonfire frees the Curse only if MALDICIÓN was said when the hand emptied, and never when played "
                "through a Hero's ability: 'Abilities do NOT allow the Curse to be discarded' (ruling 47)"
            )
        return "Bonfire frees the Curse only if MALDICIÓN was said when the hand emptied"
    return "after a Bonfire: play a second card of choice, or pass"


# -- answering an attack ---------------------------------------------------------


def _answers(s: State, p: AttackPhase) -> list[Card]:
    hand = s.hands[p.seat]
    top, element = s.pile[-1], s.element
    out = []
    for card in distinct(hand):
        if card.figure is p.figure and p.figure is not Figure.PARALYSE:
            out.append(card)  # "If the attacked player holds a Double Shot card, they may play it"
        elif card.figure is Figure.SHIELD and fits(card, top, element):
            out.append(card)  # "returns to the previous player any Attack ... including the accumulation"
    return out


def _attack_legal(s: State, p: AttackPhase) -> tuple[Move, ...]:
    seat = p.seat
    moves = play_moves(seat, s.hands[seat], _answers(s, p), targets(s, seat), mirror=False)
    return (Accept(seat), *moves)


def _attack_apply(t: Table, p: AttackPhase, m: Move) -> Phase:
    seat = p.seat
    if isinstance(m, Accept):
        return enter(t, accept_attack(t, seat, p.attacker, p.figure, p.amount))
    assert isinstance(m, Play)
    t.put(seat, m.card, 1, EventKind.PLAY)
    t.emptied(seat, m.call)
    if m.card.figure is Figure.SHIELD:
        t.direction = -t.direction
        t.log(EventKind.REVERSED, seat)
        return after_card(t, seat, AttackPhase(p.attacker, seat, p.figure, p.amount, p.turn), p.turn)
    victim = m.target if m.target is not None else t.next_seat(seat)
    amount = p.amount + AMOUNT[p.figure]
    return after_card(t, seat, AttackPhase(victim, seat, p.figure, amount, p.turn), p.turn)


def _attack_why(s: State, p: AttackPhase, m: Move) -> str:
    if isinstance(m, Play):
        if m.card not in s.hands[p.seat]:
            return f"seat {p.seat} holds no {m.card}"
        if m.mirror and m.card in _answers(s, p):
            return "a Mirror is played only in one's own turn, not to answer an attack (ruling 10)"
        if m.card.figure is Figure.SHIELD:
            return f"{m.card} does not match the element in play ({s.element}) nor a Shield"
        if p.figure is Figure.PARALYSE:
            return "a Paralyse can only be returned with a Shield (ruling 18)"
        if m.card.figure is not p.figure:
            return f"a {p.figure} is answered only with the same card or a Shield, not {m.card}"
        return _options_why(s, p.seat, m)
    return f"seat {p.seat} is attacked with {p.figure}: answer it or take it"


HANDLERS = {
    TurnPhase: (_turn_legal, _turn_apply, _turn_why),
    NameElementPhase: (_name_legal, _name_apply, None),
    DrawnPhase: (_drawn_legal, _drawn_apply, _drawn_why),
    BonfirePhase: (_bonfire_legal, _bonfire_apply, _bonfire_why),
    AttackPhase: (_attack_legal, _attack_apply, _attack_why),
}
