"""La Maldición's actions and views as numbers.

The 65 kinds of Action card are numbered by ``card.index``; a seat in an
action is counted from the mover (0 is the mover, 1 the next seat by
number).  The action space is factored by kind of decision:

- draw, pass, take the attack, discard the Curse: one index each;
- name an element (4); choose a Hero (8); call out a seat (seat);
  deal a card to a seat (seat);
- play a card: per kind, a sub-range of one card or a Mirror pair x saying
  MALDICIÓN or not, x the element named (none or one of 4) for the
  Elemental Gem, x the seat attacked (none or a seat) for Double Shot and
  Rain of Spears in ``guild_war``;
- Reflex: card x call; discard: card x Mirror x call; give: card x seat x
  call;
- use the ability: seat (none or a seat) x direction (none, +1, -1) x element
  (none or one of 4).

Observation (seats counted from the viewer; Curses by owner, the viewer's
own first): the hand, the own Hero and Curse, the Discard Pile, its top and
the element in play, the direction, hand sizes, the Deck's size, Penalized
seats, Heroes and Curses shown, forgotten calls, Life Counters (``pvp``),
the seat to act and the pending decision with its details, and what the
viewer learned: cards it knows others hold, the cards it drew since the
last reshuffle and their candidates, and the cards each seat is known to
lack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._encoding import Encoding, Ranges
from ._cards import ACTION_COUNTS, ACTION_DECK, CARDS, Card, Element, Figure, Hero
from ._moves import (
    Accept,
    CallOut,
    ChooseHero,
    Deal,
    Discard,
    DiscardCurse,
    Draw,
    Give,
    Move,
    NameElement,
    Pass,
    Play,
    Reflex,
    UseAbility,
)
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
    from ._game import Game
    from ._view import View

__all__ = ["MaldicionEncoding"]

_C = len(CARDS)
_ELEMENTS = tuple(Element)
_E = len(_ELEMENTS)
_ELEMENT = {e: i for i, e in enumerate(_ELEMENTS)}
_HEROES = tuple(Hero)
_HERO = {h: i for i, h in enumerate(_HEROES)}
_FIGURES = tuple(Figure)
_PHASES: tuple[type[Pending], ...] = (
    TurnPhase,
    HeroChoicePhase,
    NameElementPhase,
    DrawnPhase,
    AttackPhase,
    BonfirePhase,
    AbilityPhase,
    EverardPhase,
    SigourneyPhase,
    ClericPhase,
    ThiefPhase,
    NecromancerPhase,
    EmmaPhase,
    ReflexPhase,
    CalloutPhase,
    NextTurn,
)
_PHASE_NAMES = ", ".join(p.__name__.removesuffix("Phase") for p in _PHASES)
#: Hand sizes, piles and the Deck are scaled by the Deck's 124 Action cards or a hand of 10.
_DECK = 124.0
_HAND = 10.0
#: No rule ends a duel whose loser of a game heals: the Life Counters and game numbers are bounded
#: for learning adapters as if a duel lasted at most this many games (they clip beyond it).
_GAMES_CAP = 1000


class MaldicionEncoding(Encoding[Move, "View"]):
    """La Maldición's action space and observation for one table and mode."""

    __slots__ = ("_hp", "_owners", "_players", "_plays", "_targets")

    def __init__(self, game: Game) -> None:
        n = self._players = game.players
        self._owners = game.curse_owners
        self._hp = float(game.start_hp)
        # Seats a Double Shot or Rain of Spears may be aimed at: none, or one (guild_war only).
        self._targets = n + 1 if game.mode == "guild_war" else 1
        plays: list[int] = []  # where each card's sub-range starts
        at = 0
        for card in CARDS:
            plays.append(at)
            at += self._play_size(card)
        self._plays = tuple(plays)
        super().__init__(
            Move,
            actions=[
                ("draw", 1),
                ("pass", 1),
                ("take the attack", 1),
                ("discard the Curse", 1),
                ("name an element (element)", _E),
                ("choose a Hero (Hero)", len(_HEROES)),
                ("call out (seat)", n),
                ("deal a card to (seat)", n),
                ("play (card, then Mirror x call x element x seat)", at),
                ("Reflex (card, call)", _C * 2),
                ("discard (card, Mirror, call)", _C * 4),
                ("give (card, seat, call)", _C * n * 2),
                ("use the ability (seat or none, direction, element or none)", (n + 1) * 3 * (_E + 1)),
            ],
            observation=[
                ("hand / copies (card)", _C),
                ("own Hero (Hero)", len(_HEROES)),
                ("own Curse (element)", _E),
                ("Discard Pile / copies (card)", _C),
                ("Discard Pile top (card)", _C),
                ("element in play (element)", _E),
                ("direction is +1", 1),
                ("cards in hand / 10 (by seat)", n),
                ("Deck size / 124", 1),
                ("Penalized (by seat)", n),
                ("Hero shown (by seat, Hero)", n * len(_HEROES)),
                ("Curse shown (by owner, element)", self._owners * _E),
                ("forgot MALDICIÓN: window open or coming (by seat)", 2 * n),
                ("Life Counter / start_hp (by seat)", n if game.mode == "pvp" else 0),
                ("game number / 10", 1),
                ("dealer (by seat)", n),
                ("to act (by seat)", n),
                (f"pending decision ({_PHASE_NAMES})", len(_PHASES)),
                ("decision after the window (same phases)", len(_PHASES)),
                ("drawn card, to its drawer (card)", _C),
                ("attack: attacker, turn (by seat)", 2 * n),
                ("attack: figure (Figure)", len(_FIGURES)),
                ("attack: cards accumulated / 10", 1),
                ("said MALDICIÓN with a Bonfire", 1),
                ("War Cry target, Emma's target (by seat)", 2 * n),
                ("Directed Arrows: cards to deal / 10", 1),
                ("Absolution: cleric (by seat)", n),
                ("Absolution or Transmutation: element (element)", _E),
                ("Transmutation: cards played / 2", 1),
                ("Transmutation: last card (card)", _C),
                ("window: player or culprit (by seat)", n),
                ("queue still to be asked (by seat)", n),
                ("known held / copies (by seat, card)", n * _C),
                ("drawn since the reshuffle / copies (card)", _C),
                ("reshuffled candidates / copies (card)", _C),
                ("known to lack (by seat, card)", n * _C),
                ("match over", 1),
            ],
        )

    def _play_size(self, card: Card) -> int:
        size = 2 * 2  # one card or a Mirror pair, x saying MALDICIÓN or not
        if card.figure is Figure.GEM:
            size *= _E + 1
        if card.figure in TARGETED:
            size *= self._targets
        return size

    def _seat(self, move: Move, seat: int | None) -> int:
        """``seat`` counted from the mover, or -1 for one beyond the table."""
        if seat is None or not 0 <= seat < self._players:
            return -1
        return (seat - move.seat) % self._players

    def ranges(self) -> Ranges:
        """A hand holds at most the Deck, an attack accumulates at most every copy of its figure, and a
        duellist above 0 loses at most a hand of the whole Deck's damage in a game; see ``_GAMES_CAP``."""
        attack = max(AMOUNT[f] * sum(1 for c in ACTION_DECK if c.figure is f) for f in AMOUNT)
        ranges: Ranges = {
            "cards in hand / 10 (by seat)": (0.0, len(ACTION_DECK) / _HAND),
            "attack: cards accumulated / 10": (0.0, max(1.0, attack / _HAND)),
            "game number / 10": (0.0, _GAMES_CAP / 10),
        }
        damage = sum(c.hp for c in ACTION_DECK if c.hp < 0)
        healing = sum(c.hp for c in ACTION_DECK if c.hp > 0)
        ranges["Life Counter / start_hp (by seat)"] = (
            min(0.0, (1 + damage) / self._hp),
            (self._hp + _GAMES_CAP * healing) / self._hp,
        )
        return ranges

    def index(self, move: Move) -> int:
        offset = self.offset
        if isinstance(move, Play):
            return self._play_index(move)
        if isinstance(move, Draw):
            return offset("draw")
        if isinstance(move, Pass):
            return offset("pass")
        if isinstance(move, Accept):
            return offset("take the attack")
        if isinstance(move, DiscardCurse):
            return offset("discard the Curse")
        if isinstance(move, Reflex):
            return offset("Reflex (card, call)") + move.card.index * 2 + bool(move.call)
        if isinstance(move, Discard):
            return (
                offset("discard (card, Mirror, call)")
                + move.card.index * 4
                + 2 * bool(move.mirror)
                + bool(move.call)
            )
        if isinstance(move, Give):
            to = self._seat(move, move.to)
            if to < 0:
                return -1
            return (
                offset("give (card, seat, call)")
                + (move.card.index * self._players + to) * 2
                + bool(move.call)
            )
        if isinstance(move, NameElement):
            return offset("name an element (element)") + _ELEMENT[move.element]
        if isinstance(move, ChooseHero):
            return offset("choose a Hero (Hero)") + _HERO[move.hero]
        if isinstance(move, CallOut):
            culprit = self._seat(move, move.culprit)
            return -1 if culprit < 0 else offset("call out (seat)") + culprit
        if isinstance(move, Deal):
            to = self._seat(move, move.to)
            return -1 if to < 0 else offset("deal a card to (seat)") + to
        if isinstance(move, UseAbility):
            target = 0 if move.target is None else 1 + self._seat(move, move.target)
            direction = {None: 0, 1: 1, -1: 2}.get(move.direction, -1)
            element = 0 if move.element is None else 1 + _ELEMENT[move.element]
            if target < 0 or direction < 0:
                return -1
            at = offset("use the ability (seat or none, direction, element or none)")
            return at + (target * 3 + direction) * (_E + 1) + element
        return -1

    def _play_index(self, move: Play) -> int:
        card = move.card
        digit = 2 * bool(move.mirror) + bool(move.call)
        if card.figure is Figure.GEM:
            digit = digit * (_E + 1) + (0 if move.element is None else 1 + _ELEMENT[move.element])
        elif move.element is not None:
            return -1
        if card.figure in TARGETED:
            target = 0 if move.target is None else 1 + self._seat(move, move.target)
            if not 0 <= target < self._targets:
                return -1
            digit = digit * self._targets + target
        elif move.target is not None:
            return -1
        return (
            self.offset("play (card, then Mirror x call x element x seat)") + self._plays[card.index] + digit
        )

    def fill(self, view: View, out: list[float]) -> None:
        n = self._players
        me = view.seat
        offset = self.offset
        _counts(out, 0, view.hand)
        if view.hero is not None:
            out[offset("own Hero (Hero)") + _HERO[view.hero]] = 1.0
        if view.curse is not None:
            out[offset("own Curse (element)") + _ELEMENT[view.curse]] = 1.0
        _counts(out, offset("Discard Pile / copies (card)"), view.pile)
        if view.pile:
            out[offset("Discard Pile top (card)") + view.pile[-1].index] = 1.0
        if view.element is not None:
            out[offset("element in play (element)") + _ELEMENT[view.element]] = 1.0
        if view.direction > 0:
            out[offset("direction is +1")] = 1.0
        sizes = offset("cards in hand / 10 (by seat)")
        penalized = offset("Penalized (by seat)")
        heroes = offset("Hero shown (by seat, Hero)")
        for seat in range(n):
            rel = (seat - me) % n
            out[sizes + rel] = view.hand_sizes[seat] / _HAND
            if view.penalized[seat]:
                out[penalized + rel] = 1.0
            hero = view.heroes[seat]
            if hero is not None:
                out[heroes + rel * len(_HEROES) + _HERO[hero]] = 1.0
        owners = self._owners
        mine = view.game.owner(me)
        at = offset("Curse shown (by owner, element)")
        for owner, element in enumerate(view.curses):
            if element is not None:
                out[at + (owner - mine) % owners * _E + _ELEMENT[element]] = 1.0
        at = offset("forgot MALDICIÓN: window open or coming (by seat)")
        for silent in view.silent:
            out[at + silent.stage * n + (silent.seat - me) % n] = 1.0
        at = offset("Life Counter / start_hp (by seat)")
        for seat, hp in enumerate(view.hp):
            out[at + (seat - me) % n] = hp / self._hp
        out[offset("game number / 10")] = view.game_number / 10
        out[offset("dealer (by seat)") + (view.dealer - me) % n] = 1.0
        if view.current_player is not None:
            out[offset("to act (by seat)") + (view.current_player - me) % n] = 1.0
        if view.outcome is None:
            self._phase(view.phase, view, out)
        else:
            out[offset("match over")] = 1.0
        at = offset("known held / copies (by seat, card)")
        for known in view.known:
            _counts(out, at + (known.holder - me) % n * _C, known.cards)
        _counts(out, offset("drawn since the reshuffle / copies (card)"), view.seen)
        if view.reshuffled is not None:
            _counts(out, offset("reshuffled candidates / copies (card)"), view.reshuffled)
        at = offset("known to lack (by seat, card)")
        for seat, lacking in enumerate(view.voids):
            row = at + (seat - me) % n * _C
            for card in lacking:
                out[row + card.index] = 1.0

    def _phase(self, phase: Pending, view: View, out: list[float]) -> None:
        n = self._players
        me = view.seat
        offset = self.offset
        out[offset(f"pending decision ({_PHASE_NAMES})") + _PHASES.index(type(phase))] = 1.0
        if isinstance(phase, (ReflexPhase, CalloutPhase, HeroChoicePhase)):
            then = offset("decision after the window (same phases)")
            out[then + _PHASES.index(type(phase.then))] = 1.0
        if isinstance(phase, DrawnPhase):
            if phase.card is not None:
                out[offset("drawn card, to its drawer (card)") + phase.card.index] = 1.0
        elif isinstance(phase, AttackPhase):
            at = offset("attack: attacker, turn (by seat)")
            out[at + (phase.attacker - me) % n] = 1.0
            out[at + n + (phase.turn - me) % n] = 1.0
            out[offset("attack: figure (Figure)") + _FIGURES.index(phase.figure)] = 1.0
            out[offset("attack: cards accumulated / 10")] = phase.amount / _HAND
        elif isinstance(phase, BonfirePhase):
            if phase.called:
                out[offset("said MALDICIÓN with a Bonfire")] = 1.0
        elif isinstance(phase, EverardPhase):
            out[offset("War Cry target, Emma's target (by seat)") + (phase.target - me) % n] = 1.0
        elif isinstance(phase, SigourneyPhase):
            out[offset("Directed Arrows: cards to deal / 10")] = phase.remaining / _HAND
        elif isinstance(phase, ClericPhase):
            out[offset("Absolution: cleric (by seat)") + (phase.cleric - me) % n] = 1.0
            if phase.match is not None:
                out[offset("Absolution or Transmutation: element (element)") + _ELEMENT[phase.match]] = 1.0
            self._queue(phase.queue, me, out)
        elif isinstance(phase, ThiefPhase):
            self._queue(phase.queue, me, out)
        elif isinstance(phase, EmmaPhase):
            out[offset("Absolution or Transmutation: element (element)") + _ELEMENT[phase.element]] = 1.0
            out[offset("Transmutation: cards played / 2")] = phase.played / 2
            if phase.last is not None:
                out[offset("Transmutation: last card (card)") + phase.last.index] = 1.0
            if phase.target is not None:
                out[offset("War Cry target, Emma's target (by seat)") + n + (phase.target - me) % n] = 1.0
        elif isinstance(phase, ReflexPhase):
            out[offset("window: player or culprit (by seat)") + (phase.player - me) % n] = 1.0
            self._queue(phase.queue, me, out)
        elif isinstance(phase, CalloutPhase):
            out[offset("window: player or culprit (by seat)") + (phase.culprit - me) % n] = 1.0
            self._queue(phase.queue, me, out)

    def _queue(self, queue: tuple[int, ...], me: int, out: list[float]) -> None:
        at = self.offset("queue still to be asked (by seat)")
        for seat in queue:
            out[at + (seat - me) % self._players] = 1.0


def _counts(out: list[float], at: int, cards: tuple[Card, ...]) -> None:
    """The share of each kind's copies among ``cards``, at ``at + card.index``."""
    for card in cards:
        out[at + card.index] += _SHARE[card.index]


_SHARE = tuple(1.0 / count for count in ACTION_COUNTS)
