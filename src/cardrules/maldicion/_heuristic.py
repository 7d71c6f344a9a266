"""A La Maldición player that follows the obvious tactics of the table.

It sees only its :class:`View` and scores each legal move by a few rules of
thumb (see :class:`HeuristicPlayer`); the best score wins, ties go to the
first move listed.  No sampling and no search: a decision is a few loops over
the hand and the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import Card, Element, Figure, Hero
from ._game import Game
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
    Play,
    Reflex,
    UseAbility,
)
from ._pending import AttackPhase, BonfirePhase, ClericPhase, DrawnPhase, EmmaPhase, EverardPhase
from ._view import View

__all__ = ["HeuristicPlayer", "keep_value"]

#: How much an Effect or Attack card is worth keeping in hand rather than playing now.
_KEEP = {
    Figure.BONFIRE: 40.0,  # kept for last: played with MALDICIÓN it frees the Curse at once
    Figure.SHIELD: 12.0,  # kept to answer an attack
    Figure.GEM: 9.0,  # plays on anything: kept for when nothing else fits
    Figure.ABILITY: -1.0,
    Figure.PARALYSE: -2.0,
    Figure.DOUBLE_SHOT: -3.0,
    Figure.RAIN_OF_SPEARS: -4.0,
}
#: How much a card helps the seat that holds it (what Odilia would rather not give away).
_POWER = {
    Figure.BONFIRE: 6.0,
    Figure.GEM: 5.0,
    Figure.RAIN_OF_SPEARS: 5.0,
    Figure.DOUBLE_SHOT: 4.0,
    Figure.SHIELD: 4.0,
    Figure.PARALYSE: 3.0,
    Figure.ABILITY: 2.0,
}
_ATTACK_SIZE = {Figure.PARALYSE: 1.5, Figure.DOUBLE_SHOT: 2.0, Figure.RAIN_OF_SPEARS: 4.0}
#: Heroes picked first when the duel lets seats choose.
_HERO_ORDER = (
    Hero.EVERARD,
    Hero.EMMA,
    Hero.TREA,
    Hero.ALLARD,
    Hero.SIGOURNEY,
    Hero.ODILIA,
    Hero.BUCKMINSTER,
    Hero.BRISHEN,
)


def keep_value(card: Card, pvp: bool) -> float:
    """How much ``card`` is worth keeping: the lowest is shed first.

    In ``pvp`` a card left in hand costs its printed HP when the opponent
    wins, so the cards that cost most (the most negative numbers) go first.
    """
    value = _KEEP.get(card.figure, 0.0)
    if pvp:
        value += card.hp / 4.0
    return value


class HeuristicPlayer:
    """Plays the way a sensible person would.

    - Say MALDICIÓN whenever a move empties the hand; call out any other
      seat that forgot (not a teammate); discard the Curse as soon as it may
      (in ``hard``, try whenever its element is not known to be wrong).
    - Shed: a Mirror (played or discarded) or Reflex before a single card; Attack cards and the
      Ability readily; keep a Shield to answer attacks, a Gem for when nothing
      fits and the Bonfire for last (played with MALDICIÓN it frees the
      Curse); in ``pvp`` shed the cards that cost most HP first.
    - Change the element to the one most of the rest of the hand holds; with
      the last card, to the Curse's, so that it can be discarded next; to
      the team's Curse when a teammate waits with an empty hand; never to the
      shown Curse of an empty-handed opponent.
    - Answer an attack by stacking the same card, else by a Shield, rather
      than take it; aim attacks at the opponent closest to winning (fewest
      cards; in ``guild_war`` an opponent team's).
    - Use the Hero's ability when it helps: Trea on the leader or on all,
      Everard's unevadable attack at the leader, Sigourney's cards and
      Brishen's raises to opponents, Odilia giving away her weakest cards,
      Emma's element with most cards and an attack last.
    """

    def __init__(self, seed: int = 0, game: Game | None = None) -> None:
        del seed, game  # the same arguments as every game's heuristic player; this one needs neither

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        scorer = _Scorer(view)
        best = legal_moves[0]
        best_score = float("-inf")
        for move in legal_moves:
            score = scorer.score(move)
            if score > best_score:
                best, best_score = move, score
        return best


class _Scorer:
    """Scores the moves of one decision from one view."""

    def __init__(self, view: View) -> None:
        game = view.game
        self.view = view
        self.seat = view.seat
        self.n = game.players
        self.teams = game.teams
        self.pvp = game.mode == "pvp"
        self.hand = view.hand
        self.sizes = view.hand_sizes
        counts: dict[Element, int] = {}
        for card in self.hand:
            if card.element is not None:
                counts[card.element] = counts.get(card.element, 0) + 1
        self.counts = counts
        sizes = self.sizes
        #: A teammate waits with an empty hand to discard the team's Curse.
        self.waiting = self.teams and any(
            not sizes[s] for s in range(self.n) if s != self.seat and s % 2 == self.seat % 2
        )
        #: Curse owners of empty-handed opponents whose Curse is public (Hard, after a failed attempt).
        self.exposed = [
            game.owner(s)
            for s in range(self.n)
            if not sizes[s] and self.enemy(s) and view.curses[game.owner(s)]
        ]

    # -- who is who ------------------------------------------------------------

    def enemy(self, seat: int) -> bool:
        """Whether ``seat`` plays against this one."""
        if seat == self.seat:
            return False
        return not self.teams or seat % 2 != self.seat % 2

    def threat(self, seat: int) -> float:
        """How bad it is for this seat that ``seat`` is close to winning (negative for a friend)."""
        if seat == self.seat:
            return -10.0
        size = self.sizes[seat]
        value = 8.0 / (1.0 + size)
        return value if self.enemy(seat) else -value

    def next_seat(self, seat: int) -> int:
        return (seat + self.view.direction) % self.n

    # -- the moves ---------------------------------------------------------------

    def score(self, move: Move) -> float:
        if isinstance(move, DiscardCurse):
            curse = self.view.curse
            return 1000.0 if curse is None or curse is self.view.element else -50.0
        if isinstance(move, CallOut):
            return 10.0 if self.enemy(move.culprit) else -10.0
        if isinstance(move, Reflex):
            return 10.0 + (5.0 if move.call else 0.0)
        if isinstance(move, Play):
            return self.play(move)
        if isinstance(move, Accept):
            return -5.0
        if isinstance(move, Draw):
            return -20.0
        if isinstance(move, UseAbility):
            return self.ability(move)
        if isinstance(move, Deal):
            return self.threat(move.to)
        if isinstance(move, Discard):
            return self.discard(move)
        if isinstance(move, Give):
            return self.give(move)
        if isinstance(move, NameElement):
            return float(self.counts.get(move.element, 0))
        if isinstance(move, ChooseHero):
            return -float(_HERO_ORDER.index(move.hero))
        return 0.0  # Pass

    def play(self, move: Play) -> float:
        card = move.card
        phase = self.view.phase
        used = 2 if move.mirror else 1
        left = len(self.hand) - used
        if isinstance(phase, AttackPhase):
            return self.answer(move, phase)
        if isinstance(phase, DrawnPhase) and card.figure is Figure.BONFIRE and left > 0:
            return -1.0  # keep the drawn Bonfire for last
        score = 20.0 - keep_value(card, self.pvp) + 4.0 * (used - 1)
        if left == 0:
            score += 100.0 if move.call else -100.0
            if card.figure is Figure.BONFIRE:
                score += 50.0  # the Curse goes at once
        new = move.element if card.figure is Figure.GEM else card.element
        # Emma: "Only the last card played is taken into account": an attack should come second.
        if (
            isinstance(phase, EmmaPhase)
            and card.figure in _ATTACK_SIZE
            and phase.played == 0
            and self._emma_more(card, phase.element)
        ):
            score -= 8.0
        score += self.element_bonus(new, card, used, left)
        if card.figure in _ATTACK_SIZE:
            score += self.attack_bonus(move, phase)
        return score

    def _emma_more(self, card: Card, element: Element) -> bool:
        return any(c is not card and c.element is element for c in self.hand)

    def element_bonus(self, new: Element | None, card: Card, used: int, left: int) -> float:
        """The element the play leaves in play: the one most of the hand holds; the Curse's for the last card."""
        if new is None:
            return 0.0
        view = self.view
        bonus = 0.0
        if self.waiting and new is view.curse:
            bonus += 8.0  # a teammate with an empty hand discards the team's Curse on it
        for owner in self.exposed:
            if view.curses[owner] is new:
                bonus -= 8.0  # an empty-handed opponent whose Curse everyone has seen
        if left == 0:
            return bonus + (6.0 if view.curse is new else 0.0)
        held = self.counts.get(new, 0) - (used if card.element is new else 0)
        return bonus + 1.5 * held

    def attack_bonus(self, move: Play, phase: object) -> float:
        """An attack hurts its victim: the closer to winning, the better."""
        victim = move.target
        if victim is None and isinstance(phase, EverardPhase):
            victim = phase.target
        elif victim is None and isinstance(phase, BonfirePhase) and phase.resume is not None:
            victim = phase.resume  # the next player Everard named
        elif victim is None:
            victim = self.next_seat(self.seat)
        return _ATTACK_SIZE[move.card.figure] * (1.0 + self.threat(victim))

    def answer(self, move: Play, phase: AttackPhase) -> float:
        """Stack the same card (keeping Shields) rather than take the attack; aim at the leader."""
        card = move.card
        left = len(self.hand) - 1
        score = 10.0
        if left == 0:
            score += 100.0 if move.call else -100.0
        if card.figure is Figure.SHIELD:
            victim = phase.attacker
            score -= 2.0
        else:
            victim = move.target if move.target is not None else self.next_seat(self.seat)
        return score + self.threat(victim) - (keep_value(card, self.pvp) if self.pvp else 0.0)

    def ability(self, move: UseAbility) -> float:
        hero = self.view.hero
        others = [s for s in range(self.n) if s != self.seat]
        if hero is Hero.TREA:
            if move.target is None:
                return 5.0 + sum(self.threat(s) for s in others) * 1.0
            return 5.0 + self.threat(move.target) * self.n / 2.0
        if hero is Hero.EVERARD:
            assert move.target is not None
            attack = max((_ATTACK_SIZE.get(c.figure, 0.0) for c in self.hand), default=0.0)
            target = self.threat(move.target)
            # With an attack, the leader takes it; without, give the turn to the seat furthest from winning.
            value = 5.0 + (target * attack if attack else -target)
            return value + (0.1 if move.direction == self.view.direction else 0.0)
        if hero is Hero.EMMA:
            assert move.element is not None
            cards = [c for c in self.hand if c.element is move.element]
            value = 1.0 + 3.0 * min(2, len(cards))
            if any(c.figure in _ATTACK_SIZE for c in cards):
                value += 2.0
            if move.element is self.view.curse and len(cards) >= len(self.hand):
                value += 10.0
            return value
        if hero in (Hero.ALLARD, Hero.BRISHEN):
            # Every other seat takes cards; in guild_war a teammate too.
            return 5.0 + sum(self.threat(s) for s in others)
        return 5.0

    def discard(self, move: Discard) -> float:
        card = move.card
        used = 2 if move.mirror else 1
        # A Mirror sheds two cards for one discard.
        score = 10.0 - keep_value(card, self.pvp) + 4.0 * (used - 1)
        if len(self.hand) == used:
            score += 100.0 if move.call else -100.0
        phase = self.view.phase
        if isinstance(phase, ClericPhase) and phase.seat == phase.cleric:
            if card.figure is Figure.GEM:
                score -= 6.0  # a Gem lets every opponent discard anything
            else:
                # He discards again after each opponent: an element he holds more of.
                score += 0.5 * self.counts.get(card.element, 0) if card.element is not None else 0.0
        return score

    def give(self, move: Give) -> float:
        card = move.card
        score = -_POWER.get(card.figure, 0.0)
        if card.element is not None:
            score -= 0.5 * self.counts.get(card.element, 0)
        if self.pvp:
            score -= card.hp / 5.0  # the opponent pays it if it stays in hand
        if len(self.hand) == 1:
            score += 100.0 if move.call else -100.0
        return score
