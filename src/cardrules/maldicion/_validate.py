"""The invariants of a La Maldición state and view, checked when one is read from JSON.

A state:

- one hand, Penalized flag, list of cards drawn, known voids and passed kinds per seat; a
  Hero per seat, all different; a Curse per seat (per team in ``guild_war``), no element
  more often than the Curses hold it, shown only in ``hard``; Life Counters in ``pvp``
  only, at ``start_hp`` through the first game and above 0 while the duel lasts; a game
  number above 1 in ``pvp`` only; a dealer that is a seat; a direction of 1 or -1;
- the hands, the Deck and the Discard Pile hold the 124 Action cards once each; hands are
  kept in :data:`~cardrules.maldicion.CARDS` order; the Discard Pile always shows a card;
- after a reshuffle the Deck holds only its cards that no seat drew since; before any, no
  seat lists a card drawn since one;
- what a seat knows another holds is in that hand (one entry per pair of seats, in seat
  order); no seat holds a kind of card all seats know it lacks; forgotten calls and events
  name seats of the table;
- the pending decision (:func:`_check_phase`) names seats of the table and is one the rules
  reach from the rest of the position;
- once the match is over the winner's hand is empty, the phase its turn, the winners one
  seat (one team in ``guild_war``) and the scores the mode's: 1 and 0, or in ``pvp`` the
  final Life Counters, the loser's at 0 or below.

A view: the same of what it shows (its own hand, the others' sizes, the public records),
sizes that add up to the 124 cards with the pile, its Hero and Curse as its seat sees them;
the rest is checked by building a state from it (:func:`cardrules._invariants.check_view`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from .._invariants import (
    check_conserved,
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
from ._cards import ACTION_DECK, CARDS, CURSE_DECK, Card, Element, Figure, Hero
from ._pending import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    ClericPhase,
    DrawnPhase,
    EmmaPhase,
    EverardPhase,
    HeroChoicePhase,
    NameElementPhase,
    NecromancerPhase,
    NextTurn,
    Pending,
    ReflexPhase,
    SigourneyPhase,
    ThiefPhase,
    TurnPhase,
)
from ._rules import AMOUNT, TARGETED

if TYPE_CHECKING:
    from .._outcome import Outcome
    from ._events import Event
    from ._game import Game
    from ._records import Known, Silent
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields"]

_STATE = "maldicion state"
_VIEW = "maldicion view"

#: The fields of a phase that name a seat, and those that may name none.
_SEATS = ("seat", "attacker", "turn", "cleric", "player", "culprit")
_OPTIONAL_SEATS = ("resume", "target")
#: The Hero whose ability a phase carries out, and the field naming the seat it belongs to.
_HERO_OF: dict[type[Pending], tuple[Hero, str]] = {
    EverardPhase: (Hero.EVERARD, "seat"),
    SigourneyPhase: (Hero.SIGOURNEY, "seat"),
    ClericPhase: (Hero.BUCKMINSTER, "cleric"),
    ThiefPhase: (Hero.ODILIA, "seat"),
    NecromancerPhase: (Hero.BRISHEN, "seat"),
    EmmaPhase: (Hero.EMMA, "seat"),
}
#: What a Reflex window goes on with (the decision a card played leads to), and a Hero choice.
_AFTER_REFLEX = (NextTurn, AttackPhase, BonfirePhase, AbilityPhase)
_AFTER_CHOICE = (TurnPhase, NameElementPhase)
#: The copies of each figure: an attack's stack grows by one card of its figure at a time.
_COPIES = Counter(c.figure for c in ACTION_DECK)


@attrs.frozen
class _Table:
    """What a state or a view shows, for the checks both share.

    ``hands`` are the hands shown (all of a state's, a view's own); the other seats are
    known by their ``sizes``.  ``heroes`` are the Heroes shown (``None``: not shown).
    """

    what: str
    game: Game
    game_number: int
    dealer: int
    hands: dict[int, tuple[Card, ...]]
    sizes: tuple[int, ...]
    pile: tuple[Card, ...]
    element: Element | None
    direction: int
    penalized: tuple[bool, ...]
    heroes: tuple[Hero | None, ...]
    curses_shown: tuple[bool, ...]
    hp: tuple[int, ...]
    phase: Pending
    silent: tuple[Silent, ...]
    known: tuple[Known, ...]
    voids: tuple[frozenset[Card], ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    def may_hold(self, seat: int, wanted: Callable[[Card], bool]) -> bool:
        """Whether ``seat`` holds a card with ``wanted`` (for a hand not shown: any card)."""
        hand = self.hands.get(seat)
        if hand is None:
            return self.sizes[seat] > 0
        return any(wanted(card) for card in hand)


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    game, n = state.game, state.game.players
    check_per_seat(
        _STATE,
        n,
        (
            ("hands", state.hands),
            ("penalized", state.penalized),
            ("passed", state.passed),
            ("seen", state.seen),
            ("voids", state.memory.voids),
            ("heroes", state.heroes),
            ("heroes_shown", state.heroes_shown),
        ),
    )
    check_len(_STATE, "curses", state.curses, game.curse_owners)
    check_len(_STATE, "curses_shown", state.curses_shown, game.curse_owners)
    check_rng(_STATE, state.rng)
    if len(set(state.heroes)) != n:
        refuse(_STATE, "heroes", "deal one Hero to two seats")
    _check_curses(_STATE, state.curses)
    for seat, hand in enumerate(state.hands):
        _check_cards_sorted(_STATE, f"hands[{seat}]", hand)
    places = (*(c for h in state.hands for c in h), *state.deck, *state.pile)
    check_conserved(_STATE, "the hands, Deck and Discard Pile", places, ACTION_DECK)
    if any(not 0 <= bits < 1 << len(CARDS) for bits in state.passed):
        refuse(_STATE, "passed", "are not bits of the kinds of card")
    shown = zip(state.heroes, state.heroes_shown, strict=True)
    _check_table(
        _Table(
            what=_STATE,
            game=game,
            game_number=state.game_number,
            dealer=state.dealer,
            hands=dict(enumerate(state.hands)),
            sizes=tuple(map(len, state.hands)),
            pile=state.pile,
            element=state.element,
            direction=state.direction,
            penalized=state.penalized,
            heroes=tuple(h if s else None for h, s in shown),
            curses_shown=state.curses_shown,
            hp=state.hp,
            phase=state.phase,
            silent=state.silent,
            known=state.known,
            voids=state.voids,
            events=state.events,
            outcome=state.outcome,
        )
    )
    for index, known in enumerate(state.known):
        check_subset(_STATE, f"known[{index}].cards", known.cards, state.hands[known.holder])
    if isinstance(state.phase, DrawnPhase) and state.phase.card is None:
        refuse(_STATE, "phase.card", "is missing: the drawer's card is part of the state")
    if state.reshuffled is None:
        if any(state.seen):
            refuse(_STATE, "seen", "list cards drawn since a reshuffle, but there was none")
        return
    _check_cards_sorted(_STATE, "reshuffled", state.reshuffled)
    drawn = [c for seen in state.seen for c in seen]
    check_subset(_STATE, "seen", drawn, state.reshuffled)
    check_subset(_STATE, "deck", state.deck, (Counter(state.reshuffled) - Counter(drawn)).elements())


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    game, n = view.game, view.game.players
    check_seat(_VIEW, "seat", view.seat, n)
    check_per_seat(
        _VIEW,
        n,
        (
            ("heroes", view.heroes),
            ("hand_sizes", view.hand_sizes),
            ("penalized", view.penalized),
            ("voids", view.voids),
        ),
    )
    check_len(_VIEW, "curses", view.curses, game.curse_owners)
    _check_cards_sorted(_VIEW, "hand", view.hand)
    check_hand_sizes(_VIEW, view.seat, view.hand, view.hand_sizes, ("deck_size", view.deck_size))
    if sum(view.hand_sizes) + view.deck_size + len(view.pile) != len(ACTION_DECK):
        refuse(
            _VIEW,
            "hand_sizes",
            f"do not add up to the {len(ACTION_DECK)} Action cards with deck_size and pile",
        )
    known = [c for k in view.known for c in k.cards]
    check_subset(_VIEW, "hand, pile and known cards", (*view.hand, *view.pile, *known), ACTION_DECK)
    _check_heroes(view)
    _check_curses(_VIEW, [e for e in view.curses if e is not None])
    mine = view.curses[game.owner(view.seat)]
    if (view.curse is None) != (game.difficulty == "hard" and mine is None) or mine not in (None, view.curse):
        refuse(_VIEW, "curse", "is the seat's Curse, shown outside hard or once a failed attempt showed it")
    for index, k in enumerate(view.known):
        if k.viewer != view.seat:
            refuse(_VIEW, f"known[{index}].viewer", f"is seat {k.viewer}, not the view's seat {view.seat}")
        if 0 <= k.holder < n and len(k.cards) > view.hand_sizes[k.holder]:
            refuse(_VIEW, f"known[{index}].cards", f"are more than seat {k.holder} holds")
    if view.reshuffled is None:
        if view.seen:
            refuse(_VIEW, "seen", "lists cards drawn since a reshuffle, but there was none")
    else:
        _check_cards_sorted(_VIEW, "reshuffled", view.reshuffled)
        check_subset(_VIEW, "seen", view.seen, view.reshuffled)
        if view.deck_size > len(view.reshuffled) - len(view.seen):
            refuse(_VIEW, "deck_size", "is more than the reshuffle left after the cards drawn from it")
    phase = view.phase
    if isinstance(phase, DrawnPhase) and (phase.card is None) != (phase.seat != view.seat):
        refuse(_VIEW, "phase.card", "is shown to its drawer, and only to it")
    _check_table(
        _Table(
            what=_VIEW,
            game=game,
            game_number=view.game_number,
            dealer=view.dealer,
            hands={view.seat: view.hand},
            sizes=view.hand_sizes,
            pile=view.pile,
            element=view.element,
            direction=view.direction,
            penalized=view.penalized,
            heroes=view.heroes,
            curses_shown=tuple(e is not None for e in view.curses),
            hp=view.hp,
            phase=phase,
            silent=view.silent,
            known=view.known,
            voids=view.voids,
            events=view.events,
            outcome=view.outcome,
        )
    )
    expected = None if view.outcome is not None else phase.seat
    if view.current_player != expected:
        refuse(
            _VIEW, "current_player", f"is {view.current_player}; the pending decision is seat {expected}'s"
        )


def _check_cards_sorted(what: str, field: str, cards: tuple[Card, ...]) -> None:
    check_sorted(what, field, [c.index for c in cards])


def _check_heroes(view: View) -> None:
    """The Heroes shown are different; the seat's own is its Hero, which it lacks only while choosing one."""
    shown = [h for h in view.heroes if h is not None]
    own = view.heroes[view.seat]
    if len(set(shown)) != len(shown) or (own is None and view.hero in shown):
        refuse(_VIEW, "heroes", "show one Hero at two seats")
    if own is not None and own is not view.hero:
        refuse(_VIEW, "hero", f"is not the Hero shown at seat {view.seat}")
    choosing = isinstance(view.phase, HeroChoicePhase) and own is None
    if (view.hero is None) != choosing:
        refuse(_VIEW, "hero", "is unknown exactly while the seat is still to choose it")


def _check_curses(what: str, curses: Sequence[Element]) -> None:
    dealt, deck = Counter(curses), Counter(CURSE_DECK)
    for element, count in dealt.items():
        if count > deck[element]:
            refuse(what, "curses", f"deal {count} {element} Curses; there are {deck[element]}")


def _check_table(t: _Table) -> None:
    """The checks a state and a view share: the match, the public records, the pending decision."""
    what, game, n = t.what, t.game, t.game.players
    check_seat(what, "dealer", t.dealer, n)
    if t.direction not in (1, -1):
        refuse(what, "direction", f"must be 1 or -1; got {t.direction}")
    pvp = game.mode == "pvp"
    if t.game_number < 1 or (t.game_number > 1 and not pvp):
        refuse(what, "game_number", f"must be 1{' or more' if pvp else ' outside pvp'}; got {t.game_number}")
    if any(t.curses_shown) and game.difficulty != "hard":
        refuse(what, "curses_shown", "show a Curse, which only a failed attempt in hard does")
    check_len(what, "hp", t.hp, 2 if pvp else 0)
    if pvp and t.outcome is None:
        if t.game_number == 1 and t.hp != (game.start_hp,) * 2:
            refuse(what, "hp", f"must be {game.start_hp} each through the first game of the duel")
        if min(t.hp) <= 0:
            refuse(what, "hp", "hold a Life Counter at 0 or below, yet the duel goes on")
    if not t.pile:
        refuse(what, "pile", "is empty; the Discard Pile always shows a card")
    for seat, void in enumerate(t.voids):
        if any(card in void for card in t.hands.get(seat, ())):
            refuse(what, f"voids[{seat}]", "say the seat lacks a kind of card its hand holds")
    for index, silent in enumerate(t.silent):
        check_seat(what, f"silent[{index}].seat", silent.seat, n)
        check_range(what, f"silent[{index}].stage", silent.stage, 0, 1)
    # A seat may be listed twice: each silence is its own call-out (ruling 13).
    _check_known(t)
    for index, event in enumerate(t.events):
        check_range(what, f"events[{index}].seat", event.seat, -1, n - 1)
        check_seat(what, f"events[{index}].target", event.target, n, optional=True)
    _check_phase(t, t.phase, "phase")
    naming = isinstance(t.phase, NameElementPhase) or (
        isinstance(t.phase, HeroChoicePhase) and isinstance(t.phase.then, NameElementPhase)
    )
    if (t.element is None) != (naming and t.outcome is None):
        refuse(what, "element", "is missing exactly while the starting player names it over a starting Gem")
    if t.outcome is not None:
        _check_outcome(t, t.outcome)


def _check_known(t: _Table) -> None:
    what, n = t.what, t.game.players
    pairs = []
    for index, known in enumerate(t.known):
        check_seat(what, f"known[{index}].viewer", known.viewer, n)
        check_seat(what, f"known[{index}].holder", known.holder, n)
        if known.viewer == known.holder or not known.cards:
            refuse(what, f"known[{index}]", "must tell a seat some cards of another seat's hand")
        _check_cards_sorted(what, f"known[{index}].cards", known.cards)
        if any(card in t.voids[known.holder] for card in known.cards):
            refuse(what, f"known[{index}].cards", f"are of kinds seat {known.holder} is known to lack")
        pairs.append((known.viewer, known.holder))
    if pairs != sorted(set(pairs)):
        refuse(what, "known", "must hold one entry per pair of seats, in seat order")


def _check_outcome(t: _Table, outcome: Outcome) -> None:
    what, game, n = t.what, t.game, t.game.players
    sides = game.sides()
    if outcome.winners not in sides:
        refuse(what, "outcome.winners", "must be one seat, or one team in guild_war")
    pvp = game.mode == "pvp"
    if pvp:
        (winner,) = outcome.winners
        if t.hp[1 - winner] > 0 or t.hp[winner] <= 0:
            refuse(what, "hp", "do not show the loser at 0 HP or below and the winner above")
    scores = tuple(float(h) for h in t.hp) if pvp else tuple(float(s in outcome.winners) for s in range(n))
    if outcome.scores != scores:
        refuse(what, "outcome.scores", f"must be {scores} for these winners")
    phase = t.phase
    if type(phase) is not TurnPhase or phase.seat not in outcome.winners or t.sizes[phase.seat]:
        refuse(what, "phase", "must be the turn in which a winner, its hand empty, discarded the Curse")


def _check_phase(t: _Table, phase: Pending, field: str) -> None:
    """``phase`` (pending, or one a window goes on with) is a decision the rules reach from the table."""
    what, n = t.what, t.game.players
    for name in _SEATS:
        if hasattr(phase, name):
            check_seat(what, f"{field}.{name}", getattr(phase, name), n)
    for name in _OPTIONAL_SEATS:
        if hasattr(phase, name):
            check_seat(what, f"{field}.{name}", getattr(phase, name), n, optional=True)
    seat = phase.seat
    if getattr(phase, "resume", None) == seat or getattr(phase, "target", None) == seat:
        refuse(what, field, f"names seat {seat} as the next seat or the target of its own decision")
    if isinstance(phase, (ReflexPhase, CalloutPhase, ClericPhase, ThiefPhase)):
        _check_queue(t, phase, field)
    hero_of = _HERO_OF.get(type(phase))
    if hero_of is not None:
        hero, owner = hero_of
        if t.heroes[getattr(phase, owner)] is not hero:
            refuse(what, field, f"is {hero}'s ability, but seat {getattr(phase, owner)} has not shown {hero}")
    _check_kind(t, phase, field)


def _order(t: _Table, base: int, seat: int) -> int:
    """How far ``seat`` comes after ``base`` in round order (0 for ``base`` itself)."""
    return (seat - base) * t.direction % t.game.players


def _check_queue(t: _Table, phase: ReflexPhase | CalloutPhase | ClericPhase | ThiefPhase, field: str) -> None:
    """A window's or ability's queue: seats in round order after the one it started from, none twice.

    A Reflex window and Buckminster's Absolution skip seats that cannot act; a call-out window and
    Odilia's returns ask every seat in turn, so that what is left of them is the end of the round.
    """
    what, n = t.what, t.game.players
    for index, seat in enumerate(phase.queue):
        check_seat(what, f"{field}.queue[{index}]", seat, n)
    if isinstance(phase, ReflexPhase):
        base, asked = phase.player, (phase.seat, *phase.queue)
    elif isinstance(phase, CalloutPhase):
        base, asked = phase.culprit, (phase.seat, *phase.queue)
    elif isinstance(phase, ClericPhase):
        base, asked = (
            phase.cleric,
            (phase.queue if phase.seat == phase.cleric else (phase.seat, *phase.queue)),
        )
    else:
        base, asked = phase.seat, phase.queue
    order = [_order(t, base, seat) for seat in asked]
    if 0 in order or order != sorted(set(order)):
        refuse(what, f"{field}.queue", "does not ask the seats after the one it started from, in round order")
    if isinstance(phase, (CalloutPhase, ThiefPhase)) and order and order != list(range(n - len(order), n)):
        refuse(what, f"{field}.queue", "skips a seat that must be asked")


def _turn(t: _Table, phase: TurnPhase, field: str) -> None:
    if t.outcome is None and t.penalized[phase.seat]:
        refuse(t.what, field, f"is the turn of seat {phase.seat}, which is Penalized and loses it")


def _attack(t: _Table, phase: AttackPhase, field: str) -> None:
    what, figure = t.what, phase.figure
    if figure not in AMOUNT:
        refuse(what, f"{field}.figure", f"is {figure}, which is no Attack card")
    if phase.attacker == phase.seat:
        refuse(what, f"{field}.attacker", "is the attacked seat itself")
    step = AMOUNT[figure]
    if (
        (phase.amount != 0)
        if step == 0
        else (phase.amount % step or not step <= phase.amount <= step * _COPIES[figure])
    ):
        refuse(what, f"{field}.amount", f"is {phase.amount}, which no stack of {figure} cards adds up to")
    if t.pile[-1].figure not in (figure, Figure.SHIELD):
        refuse(what, "pile", f"shows {t.pile[-1]} on top, neither the {figure} of the attack nor a Shield")


def _drawn(t: _Table, phase: DrawnPhase, field: str) -> None:
    card = phase.card
    if not t.may_hold(phase.seat, lambda c: card is None or c is card):
        refuse(t.what, f"{field}.card", f"is not in the hand of seat {phase.seat}, which drew it")


def _bonfire(t: _Table, phase: BonfirePhase, field: str) -> None:
    if t.pile[-1].figure is not Figure.BONFIRE:
        refuse(t.what, "pile", f"shows {t.pile[-1]} on top while a Bonfire's second card is awaited")
    if phase.called and t.sizes[phase.seat]:
        refuse(
            t.what, f"{field}.called", "says MALDICIÓN was said with the Bonfire, but the hand is not empty"
        )


def _ability(t: _Table, phase: AbilityPhase, field: str) -> None:
    if t.pile[-1].figure is not Figure.ABILITY:
        refuse(t.what, "pile", f"shows {t.pile[-1]} on top while an Ability card's use is awaited")


def _sigourney(t: _Table, phase: SigourneyPhase, field: str) -> None:
    check_range(t.what, f"{field}.remaining", phase.remaining, 1, t.game.players)


def _cleric(t: _Table, phase: ClericPhase, field: str) -> None:
    match = phase.match
    if phase.seat != phase.cleric and not t.may_hold(
        phase.seat, lambda c: match is None or c.element is match
    ):
        refuse(t.what, field, f"asks seat {phase.seat}, which holds no card of the cleric's element")


def _emma(t: _Table, phase: EmmaPhase, field: str) -> None:
    what, element, last = t.what, phase.element, phase.last
    check_range(what, f"{field}.played", phase.played, 0, 1)
    if (last is None) != (phase.played == 0) or (last is not None and last.element is not element):
        refuse(what, f"{field}.last", f"is not the last {element} card Emma played")
    targeted = last is not None and last.figure in TARGETED
    if phase.target is not None and not (targeted and t.game.teams):
        refuse(what, f"{field}.target", "is set, but Emma's last card was no attack aimed in guild_war")
    if t.element is not element:
        refuse(what, "element", f"is {t.element}, not {element}, while Emma transmutes to it")
    if not t.may_hold(phase.seat, lambda c: c.element is element):
        refuse(what, field, f"awaits a {element} card from a hand without one")


def _reflex(t: _Table, phase: ReflexPhase, field: str) -> None:
    top = t.pile[-1]
    if not t.may_hold(phase.seat, lambda c: c is top):
        refuse(t.what, field, f"asks seat {phase.seat} for a Reflex; it holds no {top}")
    if not isinstance(phase.then, _AFTER_REFLEX):
        refuse(t.what, f"{field}.then", "is no decision a played card leads to")
    _check_phase(t, phase.then, f"{field}.then")


def _callout(t: _Table, phase: CalloutPhase, field: str) -> None:
    if phase.culprit == phase.seat:
        refuse(t.what, f"{field}.culprit", "is the seat asked to call it out")
    if type(phase.then) is not NextTurn:
        refuse(t.what, f"{field}.then", "must be the turn the window opened before")
    _check_phase(t, phase.then, f"{field}.then")


def _hero_choice(t: _Table, phase: HeroChoicePhase, field: str) -> None:
    if t.game.hero_choice != "choice" or t.game_number != 1 or t.heroes[phase.seat] is not None:
        refuse(t.what, field, "asks for a Hero choice, made by each seat once, before the duel's first game")
    if not isinstance(phase.then, _AFTER_CHOICE):
        refuse(t.what, f"{field}.then", "must be the first decision of the first game")
    _check_phase(t, phase.then, f"{field}.then")


def _name_element(t: _Table, phase: NameElementPhase, field: str) -> None:
    if len(t.pile) != 1 or t.pile[0].figure is not Figure.GEM:
        refuse(t.what, field, "asks for the element over a starting Gem, but the Discard Pile is not one")
    if phase.seat != (t.dealer + 1) % t.game.players:
        refuse(t.what, f"{field}.seat", "is not the starting player, to the dealer's right")


def _next_turn(t: _Table, phase: NextTurn, field: str) -> None:
    if field == "phase":
        refuse(t.what, field, "is a continuation after a window, never the pending decision itself")


def _check_kind(t: _Table, phase: Pending, field: str) -> None:
    """The checks of ``phase``'s own kind (kinds without any have none)."""
    match phase:
        case TurnPhase():
            _turn(t, phase, field)
        case AttackPhase():
            _attack(t, phase, field)
        case DrawnPhase():
            _drawn(t, phase, field)
        case BonfirePhase():
            _bonfire(t, phase, field)
        case AbilityPhase():
            _ability(t, phase, field)
        case SigourneyPhase():
            _sigourney(t, phase, field)
        case ClericPhase():
            _cleric(t, phase, field)
        case EmmaPhase():
            _emma(t, phase, field)
        case ReflexPhase():
            _reflex(t, phase, field)
        case CalloutPhase():
            _callout(t, phase, field)
        case HeroChoicePhase():
            _hero_choice(t, phase, field)
        case NameElementPhase():
            _name_element(t, phase, field)
        case NextTurn():
            _next_turn(t, phase, field)
