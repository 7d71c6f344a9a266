"""A Mala Suerte player that follows the tactics the rulebook's cards suggest, as a person would.

It sees only its view.  Where a card's fate is hidden it reasons with the
share of Clovers among the cards it cannot see (per colour when the backs show
colours), corrected by what it knows for certain (cards it gave, took or put
on the deck).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._random import Rng
from ._cards import COLOUR_INDEX, COLOURS, KIND_OF, Card, Kind
from ._game import Game
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._pending import Step
from ._rules import can_clean
from ._view import View

__all__ = ["HeuristicPlayer"]

#: What one seat going out is worth, in the scores below.
_OUT = 10.0
#: A card's worth kept in hand, when nothing else tells the moves apart: keep the weapons.
_KEEP = {
    Kind.CLOVER: 0.0,
    Kind.CROWS: 0.3,
    Kind.BLACK_CAT: 0.2,
    Kind.EVIL_EYE: 0.3,
    Kind.HORSESHOE: 0.2,
    Kind.SPILLED_SALT: 0.5,
    Kind.BROKEN_MIRROR: 0.1,
}


class _Odds:
    """The share of Clovers among the cards the seat cannot see, per colour, and the known cards of each hand."""

    def __init__(self, view: View) -> None:
        know = view.knowledge
        unseen = [0] * 21
        for card in view.game.cards:
            unseen[card] += 1
        for group in (view.hand, view.discard, *view.piles, *know.hands, know.deck):
            for card in group:
                unseen[card] -= 1
        for slot in know.deck_top:
            if slot is not None:
                unseen[slot] -= 1
        self.view = view
        self.coloured = view.game.coloured_backs
        # unseen[c] is the count of card c nobody has shown this seat; Clovers are cards 0, 1 and 2.
        self.clovers = [max(unseen[i], 0) for i in range(3)]
        self.cards = [max(sum(unseen[i::3]), 0) for i in range(3)]

    def rate(self, colour: int | None) -> float:
        """The chance that an unseen card (of ``colour``) is a Clover."""
        if colour is None:
            total = sum(self.cards)
            return sum(self.clovers) / total if total else 0.0
        return self.clovers[colour] / self.cards[colour] if self.cards[colour] else 0.0

    def held(self, seat: int) -> dict[int | None, int]:
        """How many cards of each colour ``seat`` holds (key ``None``: all of them, with plain backs)."""
        view = self.view
        if self.coloured:
            return {i: n for i, n in enumerate(view.hand_colours[seat]) if n}
        return {None: view.hand_sizes[seat]} if view.hand_sizes[seat] else {}

    def pick_risk(self, seat: int, colour: int | None) -> float:
        """The chance that a blind pick (of ``colour``) from the hand of ``seat`` is a Clover."""
        view = self.view
        if seat == view.seat:
            cards = [c for c in view.hand if colour is None or COLOUR_INDEX[c] == colour]
            return sum(1 for c in cards if c < 3) / len(cards) if cards else 0.0
        size = self.held(seat).get(colour, 0)
        if not size:
            return 0.0
        known = [c for c in view.knowledge.hands[seat] if colour is None or COLOUR_INDEX[c] == colour]
        clovers = sum(1 for c in known if c < 3)
        hidden = max(size - len(known), 0)
        return min((clovers + hidden * self.rate(colour)) / size, 1.0)

    def all_clovers(self, seat: int, colour: int) -> float:
        """The chance that every card of ``colour`` in the hand of ``seat`` is a Clover (0 if it holds none)."""
        view = self.view
        known = [c for c in view.knowledge.hands[seat] if COLOUR_INDEX[c] == colour]
        if any(c >= 3 for c in known):
            return 0.0
        if self.coloured:
            size = view.hand_colours[seat][colour]
            if not size:
                return 0.0
            hidden = size - len(known)
            return self.rate(colour) ** max(hidden, 0)
        # Plain backs: only a Clover it is known to hold, in a colour it may hold nothing else of.
        return 0.3 if known else 0.0


def _next(view: View, seat: int) -> int:
    n = len(view.alive)
    step = 1 if view.clockwise else n - 1
    other = (seat + step) % n
    while not view.alive[other]:
        other = (other + step) % n
    return other


class HeuristicPlayer:
    """Plays the way a sensible person would.

    - Never ends a turn with a Clover on its pile or an empty hand when another
      move avoids it; draws and cleans first (more cards, and more choice under
      an Evil Eye), except to draw a Clover it put on the deck itself.
    - Plays the card that hurts the next seat most: Spilled Salt and Evil Eye
      where its hand likely holds Clovers (or Salt on a last card), Black Cat
      when its own hand holds Clovers for the next seat to take.
    - Gets rid of its own Clovers: returns them with Horseshoe and the mulligan,
      gives them with Broken Mirror (to the seat likeliest to outlast the
      others, weighing every seat in), leaves them open to the Crows counter-steal.
    - Picks blind cards by the odds: the colour least likely to be a Clover
      for its own hand or pile, the most likely one for the next seat's pile.

    Ties are broken at random from ``seed``.
    """

    def __init__(self, seed: int = 0, game: Game | None = None) -> None:
        del game  # the same arguments as every game's heuristic player
        self._rng = Rng.from_seed(seed)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        odds = _Odds(view)
        best: list[Move] = []
        top = float("-inf")
        for move in legal_moves:
            score = self._score(view, odds, move)
            if score > top + 1e-9:
                best, top = [move], score
            elif score > top - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    # -- scores ------------------------------------------------------------------------------------

    def _score(self, view: View, odds: _Odds, move: Move) -> float:
        if isinstance(move, Play):
            return _play_score(view, odds, move.card)
        if isinstance(move, Draw):
            return _draw_score(view)
        if isinstance(move, Clean):
            return 1.0
        if isinstance(move, Take):
            return _take_score(view, odds, move)
        if isinstance(move, NameColour):
            return odds.all_clovers(_next(view, view.seat), COLOURS.index(move.colour))
        if isinstance(move, Return):
            return _return_score(view, move.card)
        if isinstance(move, Swap):
            return _swap_score(view, odds, move)
        if isinstance(move, Mulligan):
            return 1.0 if move.card < 3 else -1.0
        if isinstance(move, Keep):
            return 0.0
        return 0.0  # pragma: no cover - every kind of move is scored above


def _draw_score(view: View) -> float:
    """Drawing is worth a card, unless the top card is a Clover this seat put there and it need not draw."""
    top = view.knowledge.deck_top[0] if view.knowledge.deck_top else None
    if top is not None and top < 3 and any(c >= 3 for c in view.hand) and len(view.hand) > 2:
        return -1.0
    return 1.0


def _play_score(view: View, odds: _Odds, card: Card) -> float:
    me = view.seat
    kind = KIND_OF[card]
    if kind is Kind.CLOVER:
        return -10 * _OUT
    hand = list(view.hand)
    hand.remove(card)
    left = len(hand)
    nxt = _next(view, me)
    next_size = view.hand_sizes[nxt]
    deck = view.deck_size > 0
    my_clovers = sum(1 for c in hand if c < 3)
    score = -_KEEP[kind]
    after = left
    if kind is Kind.CROWS:
        if next_size:
            after += 1
            # the steal may bring a Clover; the counter-steal may take one of mine
            steal = min(odds.pick_risk(nxt, c) for c in odds.held(nxt))
            score -= 1.5 * steal
            if left:
                after -= 1
                score += 2.0 * my_clovers / left
            elif next_size == 1:
                score += _OUT  # it takes the last card, and nothing can come back
    elif kind is Kind.BLACK_CAT:
        after += 1 if deck else 0
        if after:
            # the next seat puts one of these cards on its own pile, blind
            score += _OUT * 0.8 * odds.pick_risk(me, None) * left / max(after, 1)
            after -= 1
    elif kind is Kind.EVIL_EYE:
        score += 0.3 + 0.5 * _OUT * max(odds.all_clovers(nxt, i) for i in range(3))
    elif kind is Kind.HORSESHOE:
        after += 1 if deck else 0
        if after:
            after -= 1
            score += 2.5 if my_clovers else 0.0
    elif kind is Kind.SPILLED_SALT:
        if next_size == 1:
            score += _OUT
        elif next_size:
            score += 0.5 + _OUT * max(odds.pick_risk(nxt, c) for c in odds.held(nxt))
    elif kind is Kind.BROKEN_MIRROR:
        pile = view.piles[me]
        targets = [
            s
            for s, other in enumerate(view.piles)
            if pile and s != me and view.alive[s] and other and KIND_OF[other[-1]] is KIND_OF[pile[-1]]
        ]
        if targets:
            after += 0 if left else 1
            score += 2.5 if my_clovers else 0.2
    if after == 0:
        return -5 * _OUT  # an empty hand at the end of the turn
    if after == 1:
        score -= 3.0
    elif after == 2:
        score -= 0.5
    # What the previous seat's Spilled Salt would find in this hand (Horseshoe and Mirror give a Clover away).
    if kind is not Kind.HORSESHOE and kind is not Kind.BROKEN_MIRROR:
        score -= 2.0 * my_clovers / max(left, 1)
    # A third colour on the pile sets up next turn's Clean.
    pile = view.piles[me]
    if can_clean((*pile, card)):
        score += 0.4
    return score


def _take_score(view: View, odds: _Odds, move: Take) -> float:
    colour = COLOURS.index(move.colour)
    risk = odds.pick_risk(move.source, colour)
    step = view.step
    if step is Step.SALT_TAKE:
        return risk  # onto the next seat's pile: the likeliest Clover
    if step is Step.CROWS_STEAL:
        # into this hand: no Clover, and leave this seat's Clovers open to the counter-steal
        exposed = any(c < 3 and COLOUR_INDEX[c] != colour for c in view.hand)
        return -risk + (0.3 if exposed else 0.0)
    return -risk  # the counter-steal, or the Black Cat onto this seat's own pile


def _return_score(view: View, card: Card) -> float:
    if card < 3:
        return 2.0
    return -_KEEP[KIND_OF[card]] + 0.1 * sum(1 for c in view.hand if c == card)


def _swap_score(view: View, odds: _Odds, move: Swap) -> float:
    score = 0.0
    if move.give is not None:
        score += 2.0 if move.give < 3 else -_KEEP[KIND_OF[move.give]]
    colour = COLOURS.index(move.take) if move.take is not None else None
    score -= odds.pick_risk(move.target, colour)
    if move.give is not None and move.give < 3:
        score += _clover_target(view, move.target)
    return score


def _clover_target(view: View, target: int) -> float:
    """What a Clover given to ``target`` is worth, weighing every seat still in: most to the seat
    likeliest to outlast the others (the one holding the largest share of their cards: an empty
    hand is what eliminates the rest), more to the next seat, which this seat's Spilled Salt and
    Evil Eye reach."""
    others = [s for s, alive in enumerate(view.alive) if alive and s != view.seat]
    held = sum(view.hand_sizes[s] for s in others)
    share = view.hand_sizes[target] / held if held else 0.0
    return share + (0.3 if target == _next(view, view.seat) else 0.0)
