"""How play flows between decisions: a card's effect, attacks, Reflex windows, the next turn, the win.

Every function takes the :class:`Table` of the transition in progress and
returns the next pending :class:`Phase`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._outcome import Outcome
from ._cards import Card, Element, Figure
from ._moves import Discard, Move, Play
from ._phases import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    NextTurn,
    Phase,
    ReflexPhase,
    TurnPhase,
    next_turn,
    turn_of,
)
from ._records import EventKind, Silent
from ._table import Table, replace_at

__all__ = [
    "AMOUNT",
    "accept_attack",
    "after_card",
    "begin_turn",
    "distinct",
    "effect",
    "enter",
    "fits",
    "free_curse",
    "lone_mirror",
    "play_moves",
    "reflex_next",
]

#: Cards an accepted attack makes its target draw: Paralyse only cancels the turn.
AMOUNT = {Figure.PARALYSE: 0, Figure.DOUBLE_SHOT: 2, Figure.RAIN_OF_SPEARS: 4}
_TARGETED = (Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS)
_ELEMENTS = tuple(Element)


def fits(card: Card, top: Card, element: Element | None) -> bool:
    """ "The card played must match the same figure or element"; a Gem "may be played with any element"."""
    return (
        card.figure is Figure.GEM or card.figure is top.figure or card.element is element or element is None
    )


def distinct(hand: Sequence[Card]) -> list[Card]:
    """The kinds of card in a sorted hand, once each."""
    out: list[Card] = []
    for card in hand:
        if not out or out[-1] is not card:
            out.append(card)
    return out


def lone_mirror(seat: int, hand: Sequence[Card], move: Play | Discard) -> str | None:
    """Why ``move`` cannot go as a Mirror for want of a second identical card in ``hand``; ``None`` if it can."""
    if move.mirror and hand.count(move.card) < 2:
        return f"a Mirror needs two identical cards; seat {seat} holds one {move.card}"
    return None


def play_moves(
    seat: int,
    hand: Sequence[Card],
    cards: Iterable[Card],
    others: Sequence[int],
    *,
    mirror: bool,
    choose_element: bool = True,
) -> list[Move]:
    """Every :class:`Play` of ``cards`` from ``hand``, with their options.

    A Gem names an element; a Double Shot or Rain of Spears names a target
    when ``others`` is given (``guild_war``); two identical cards may go as a
    Mirror when ``mirror``; the play that empties the hand says MALDICIÓN or not.
    """
    size = len(hand)
    small = size if size < 3 else 3
    n_others = len(others)
    out: list[Move] = []
    for card in cards:
        pair = mirror and hand.count(card) >= 2
        key = (seat, card.index, pair, small, n_others, choose_element)
        found = _PLAYS.get(key)
        if found is None:
            found = _PLAYS[key] = _plays(seat, card, pair, size, others, choose_element)
        out.extend(found)
    return out


_PLAYS: dict[tuple[int, int, bool, int, int, bool], tuple[Move, ...]] = {}


def _plays(
    seat: int, card: Card, pair: bool, size: int, others: Sequence[int], choose_element: bool
) -> tuple[Move, ...]:
    elements: Sequence[Element | None] = (
        _ELEMENTS if choose_element and card.figure is Figure.GEM else (None,)
    )
    targets: Sequence[int | None] = others if others and card.figure in _TARGETED else (None,)
    out: list[Move] = []
    for used in (1, 2) if pair else (1,):
        calls = (False, True) if used == size else (False,)
        for element in elements:
            for target in targets:
                for call in calls:
                    out.append(Play(seat, card, used == 2, element, target, call))
    return tuple(out)


def effect(
    t: Table,
    seat: int,
    card: Card,
    *,
    element: Element | None = None,
    target: int | None = None,
    called: bool = False,
    by_ability: bool = False,
    next_seat: int | None = None,
) -> Phase:
    """The consequence of ``seat`` playing ``card`` (its effect activates).

    ``next_seat`` overrides the next seat (Everard's War Cry). A card played
    ``by_ability`` (Everard's or Emma's) "CANNOT be evaded", and, unless the
    game's ``ability_bonfire`` is ``"frees_curse"``, its Bonfire does not free
    the Curse: "Abilities do NOT allow the Curse to be discarded" (ruling 47).
    """
    figure = card.figure
    if figure in AMOUNT:
        victim = target if target is not None else next_seat if next_seat is not None else t.next_seat(seat)
        if by_ability:
            return accept_attack(t, victim, seat, figure, AMOUNT[figure], resume=next_seat)
        return AttackPhase(victim, seat, figure, AMOUNT[figure], seat)
    if figure is Figure.GEM:
        t.element = element
        t.log(EventKind.ELEMENT, seat, element=element)
    elif figure is Figure.SHIELD:
        t.direction = -t.direction
        t.log(EventKind.REVERSED, seat)
    elif figure is Figure.BONFIRE:
        frees = called and not t.hands[seat] and (not by_ability or t.game.ability_bonfire == "frees_curse")
        return BonfirePhase(seat, frees, next_seat)
    elif figure is Figure.ABILITY:
        return AbilityPhase(seat, next_seat)
    return next_turn(next_seat if next_seat is not None else t.next_seat(seat))


def accept_attack(
    t: Table, victim: int, attacker: int, figure: Figure, amount: int, *, resume: int | None = None
) -> Phase:
    """``victim`` takes the attack: draws ``amount`` and is Penalized.

    In ``guild_war`` "the Penalized player is taken as the starting point for
    continuing the round" (the next turn is the seat after it); otherwise the
    round goes on from the attacked seat (the next player in the round, even
    when Everard chose it), whose turn is skipped since it is Penalized.
    """
    if amount:
        t.draw(victim, amount)
    if t.game.teams:
        t.log(EventKind.PENALIZED, victim, card=None, count=amount)
        return next_turn(t.next_seat(victim))
    t.penalize(victim)
    return next_turn(resume if resume is not None else victim)


def after_card(t: Table, player: int, then: Phase, turn: int | None = None) -> Phase:
    """A card reached the Discard Pile outside any Hero ability: open the Reflex window.

    "Reflex: when a player is not on their turn ...": the window asks the seats
    after ``player`` in round order, but never ``turn``, the seat whose turn it
    is when ``player`` answers an attack out of turn (ruling 11).
    """
    queue = t.opponents(player)
    if turn is not None and turn != player:
        queue = tuple(s for s in queue if s != turn)
    return reflex_next(t, player, queue, then)


def reflex_next(t: Table, player: int, queue: Sequence[int], then: Phase) -> Phase:
    """Ask the first seat of ``queue`` holding a card identical to the top one; else go on.

    Every seat sees the window go past the seats before it: those hold no such card (ruling 44).
    """
    top = t.pile[-1]
    hands = t.hands
    for i, seat in enumerate(queue):
        if top in hands[seat]:
            t.lacks(queue[:i], top)
            return ReflexPhase(seat, player, tuple(queue[i + 1 :]), then)
    t.lacks(queue, top)
    return enter(t, then)


def enter(t: Table, phase: Phase) -> Phase:
    """The decision ``phase`` leads to (a :class:`NextTurn` begins that turn)."""
    if type(phase) is NextTurn:
        return begin_turn(t, phase.seat)
    return phase


def begin_turn(t: Table, first: int) -> Phase:
    """Begin the next turn from ``first``: call-out windows first, then skip Penalized seats."""
    seat = first
    while True:
        if t.silent:
            ripe = next((s for s in t.silent if s.stage >= 1), None)
            if ripe is not None:
                t.silent = tuple(s for s in t.silent if s is not ripe)
                queue = t.opponents(ripe.seat)
                return CalloutPhase(queue[0], ripe.seat, tuple(queue[1:]), NextTurn(seat))
            t.silent = tuple(Silent(s.seat, 1) for s in t.silent)
        if t.penalized[seat]:
            t.penalized = replace_at(t.penalized, seat, False)
            t.log(EventKind.SKIPPED, seat)
            seat = t.next_seat(seat)
            continue
        return turn_of(seat)


def free_curse(t: Table, seat: int) -> Phase:
    """``seat`` discards the Curse: its game is won (the duel may go on in ``pvp``)."""
    game = t.game
    owner = game.owner(seat)
    t.log(EventKind.CURSE_DISCARDED, seat, element=t.curses[owner])
    # Once the match is over no seat decides again; the phase it ends in just names the winner's turn.
    final_phase = TurnPhase(seat)
    if game.mode == "pvp":
        loser = 1 - seat
        change = sum(card.hp for card in t.hands[loser])
        t.hp = replace_at(t.hp, loser, t.hp[loser] + change)
        t.log(EventKind.HP, loser, count=change)
        if t.hp[loser] > 0:
            from ._setup import next_game

            return next_game(t)
        t.outcome = Outcome(
            winners=frozenset({seat}),
            scores=tuple(float(h) for h in t.hp),
            reason=f"seat {loser} reached {t.hp[loser]} HP in game {t.game_number}",
        )
        return final_phase
    if game.teams:
        winners = frozenset(s for s in range(t.n) if s % 2 == owner)
        reason = f"seat {seat} freed team {owner} from its Curse"
    else:
        winners = frozenset({seat})
        reason = f"seat {seat} freed itself from the Curse"
    t.outcome = Outcome(
        winners=winners, scores=tuple(1.0 if s in winners else 0.0 for s in range(t.n)), reason=reason
    )
    return final_phase
