"""The transition: what a legal move does, and how play flows on to the next decision.

A card's effect, attacks, Reflex windows, the next turn, the win and the next
deal are the flow; ``<kind>_apply`` applies a move to a phase of each kind
(the Heroes' abilities are in ``_heroes``).  Every function takes the
:class:`Table` of the transition in progress and returns the next pending
decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._outcome import Outcome
from ._cards import ACTION_DECK, CURSE_DECK, Card, Element, Figure, fitting
from ._events import EventKind
from ._moves import Accept, CallOut, ChooseHero, DiscardCurse, Draw, Move, NameElement, Play, Reflex
from ._pending import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    DrawnPhase,
    HeroChoicePhase,
    NameElementPhase,
    NextTurn,
    Pending,
    ReflexPhase,
    TurnPhase,
    next_turn,
    turn_of,
)
from ._records import Memory, Silent
from ._rules import AMOUNT, CALL_OUT_CARDS, HAND_SIZE
from ._table import Table, replace_at, sort_cards

__all__ = [
    "accept_attack",
    "after_card",
    "attack_apply",
    "begin_turn",
    "bonfire_apply",
    "callout_apply",
    "choice_apply",
    "deal",
    "drawn_apply",
    "effect",
    "end_turn",
    "enter",
    "free_curse",
    "name_apply",
    "next_game",
    "play_card",
    "reflex_apply",
    "reflex_next",
    "turn_apply",
]


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
) -> Pending:
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
) -> Pending:
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


def after_card(t: Table, player: int, then: Pending, turn: int | None = None) -> Pending:
    """A card reached the Discard Pile outside any Hero ability: open the Reflex window.

    "Reflex: when a player is not on their turn ...": the window asks the seats
    after ``player`` in round order, but never ``turn``, the seat whose turn it
    is when ``player`` answers an attack out of turn (ruling 11).
    """
    queue = t.opponents(player)
    if turn is not None and turn != player:
        queue = tuple(s for s in queue if s != turn)
    return reflex_next(t, player, queue, then)


def reflex_next(t: Table, player: int, queue: Sequence[int], then: Pending) -> Pending:
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


def enter(t: Table, phase: Pending) -> Pending:
    """The decision ``phase`` leads to (a :class:`NextTurn` begins that turn)."""
    if type(phase) is NextTurn:
        return begin_turn(t, phase.seat)
    return phase


def begin_turn(t: Table, first: int) -> Pending:
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


def free_curse(t: Table, seat: int) -> Pending:
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


def end_turn(t: Table, seat: int) -> Pending:
    """``seat``'s turn is over: the next seat in the round begins its turn."""
    return enter(t, next_turn(t.next_seat(seat)))


# -- dealing a game --------------------------------------------------------------


def next_game(t: Table) -> Pending:
    """PvP: "the only cards dealt again in each game are the Curse cards" (and the Actions, ruling 36).

    The Heroes stay; the deal passes to the other seat.
    """
    t.game_number += 1
    t.dealer = 1 - t.dealer
    return deal(t)


def deal(t: Table) -> Pending:
    """Shuffle and deal Curses and Actions, turn up the starting card; the seat after the dealer starts.

    "If the first card turned up is an Attack card, its consequence applies to
    the starting player.  If it is an Effect card, it only defines the starting
    element" (a Gem: the starting player names it, ruling 3).
    """
    n = t.n
    rng = t.rng
    actions = rng.shuffled(ACTION_DECK)
    t.curses = tuple(rng.sample(CURSE_DECK, t.game.curse_owners))
    t.curses_shown = (False,) * t.game.curse_owners
    t.hands = [sort_cards(actions[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
    t.deck = tuple(actions[n * HAND_SIZE : -1])
    top = actions[-1]
    t.pile = (top,)
    t.element = top.element
    t.direction = 1
    t.penalized = (False,) * n
    t.silent = ()
    t.memory = Memory((), None, ((),) * n, (frozenset(),) * n)
    t.passed = (0,) * n
    start = (t.dealer + 1) % n
    t.log(EventKind.NEW_GAME, t.dealer, card=top, count=t.game_number)
    if top.figure in AMOUNT:
        return enter(t, accept_attack(t, start, t.dealer, top.figure, AMOUNT[top.figure], resume=start))
    if top.figure is Figure.GEM:
        return NameElementPhase(start)
    return TurnPhase(start)


# -- the turn ------------------------------------------------------------------


def play_card(t: Table, seat: int, move: Play, next_seat: int | None = None) -> Pending:
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


def turn_apply(t: Table, p: TurnPhase, m: Move) -> Pending:
    """A card played, a card drawn, or the Curse discarded (in ``hard``, perhaps on the wrong element)."""
    seat = p.seat
    if isinstance(m, Play):
        return play_card(t, seat, m)
    if isinstance(m, Draw):
        drawn = t.draw(seat, 1)
        if not drawn:
            return end_turn(t, seat)
        return DrawnPhase(seat, drawn[0])
    assert isinstance(m, DiscardCurse)
    owner = t.game.owner(seat)
    if t.curses[owner] is t.element:
        return free_curse(t, seat)
    # Hard: "If it does not match the element in play, the Curse returns to the player,
    # who must draw two cards from the Deck as a penalty."
    t.curses_shown = replace_at(t.curses_shown, owner, True)
    t.log(EventKind.CURSE_FAILED, seat, element=t.curses[owner])
    t.draw(seat, 2)
    return end_turn(t, seat)


# -- the starting Gem, the drawn card, Bonfire ---------------------------------


def name_apply(t: Table, p: NameElementPhase, m: Move) -> Pending:
    """The element named over the starting Gem; the starting seat's turn begins."""
    assert isinstance(m, NameElement)
    t.element = m.element
    t.log(EventKind.ELEMENT, p.seat, element=m.element)
    return TurnPhase(p.seat)


def drawn_apply(t: Table, p: DrawnPhase, m: Move) -> Pending:
    """The drawn card played, or kept."""
    if isinstance(m, Play):
        if not t.game.draw_when_able and t.element is not None:
            # It drew because nothing fitted: with the drawn card played, its hand is what it was.
            t.set_void(p.seat, t.memory.voids[p.seat] | fitting(t.pile[-1], t.element))
        return play_card(t, p.seat, m)
    # "If it cannot be played, they add it to their hand ... and pass the turn."
    return end_turn(t, p.seat)


def bonfire_apply(t: Table, p: BonfirePhase, m: Move) -> Pending:
    """A second card, the Curse, or the round goes on."""
    # After Everard's War Cry the round goes on with the player he named (``resume``).
    if isinstance(m, Play):
        return play_card(t, p.seat, m, p.resume)
    if isinstance(m, DiscardCurse):
        return free_curse(t, p.seat)
    return enter(t, next_turn(p.resume if p.resume is not None else t.next_seat(p.seat)))


# -- answering an attack ---------------------------------------------------------


def attack_apply(t: Table, p: AttackPhase, m: Move) -> Pending:
    """The attack taken, returned with a Shield, or passed on with the same card, accumulated."""
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


# -- the windows: Reflex, calling out a forgotten MALDICIÓN ------------------------


def reflex_apply(t: Table, p: ReflexPhase, m: Move) -> Pending:
    """The identical card discarded to no effect, or not; the window goes on."""
    if isinstance(m, Reflex):
        # "The discarded card does NOT cause any effect or change in the round".
        t.put(p.seat, m.card, 1, EventKind.REFLEX)
        t.emptied(p.seat, m.call)
    return reflex_next(t, p.player, p.queue, p.then)


def callout_apply(t: Table, p: CalloutPhase, m: Move) -> Pending:
    """The culprit called out draws two; a pass asks the next seat."""
    if isinstance(m, CallOut):
        t.log(EventKind.CAUGHT, p.seat, target=p.culprit)
        t.draw(p.culprit, CALL_OUT_CARDS)
        return enter(t, p.then)
    if p.queue:
        return CalloutPhase(p.queue[0], p.culprit, p.queue[1:], p.then)
    return enter(t, p.then)


# -- PvP by choice -----------------------------------------------------------------


def choice_apply(t: Table, p: HeroChoicePhase, m: Move) -> Pending:
    """PvP by choice: "Before the first game, each player takes a hero ... by choice"."""
    assert isinstance(m, ChooseHero)
    seat = p.seat
    heroes = list(t.heroes)
    if m.hero in heroes:
        # The other seat's Hero is not chosen yet (it was dealt provisionally): it takes this one's.
        heroes[heroes.index(m.hero)] = heroes[seat]
    heroes[seat] = m.hero
    t.heroes = tuple(heroes)
    t.heroes_shown = replace_at(t.heroes_shown, seat, True)
    t.log(EventKind.HERO_CHOSEN, seat, hero=m.hero)
    waiting = [s for s in range(t.n) if not t.heroes_shown[s]]
    if waiting:
        return HeroChoicePhase(waiting[0], p.then)
    return enter(t, p.then)
