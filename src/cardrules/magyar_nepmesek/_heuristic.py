"""A Magyar népmesék player that follows the obvious tactics of the table.

It sees only its :class:`View` and scores each legal move by a few rules of
thumb (see :class:`HeuristicPlayer`); the best score wins, ties go to the
first move listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import CardTable
from ._deck import Category
from ._game import Game
from ._melds import make_meld
from ._moves import (
    AddToGroup,
    BonusDraw,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import Giving, React
from ._view import View

__all__ = ["HeuristicPlayer"]

_LIMIT = 8
#: Actions that hurt the seat they hit (a Crystal Ball only looks; Draw cards and the rest hit no one).
_HARMFUL = frozenset({Category.MAKE_DISCARD, Category.TAKE_TWO, Category.PASS_TWO, Category.LAY_PURPLE})


def hand_cost(card: str, table: CardTable) -> int:
    """What ``card`` costs if it is still in the hand at a Midnight or at the end (0 or negative)."""
    cat = table.category[card]
    if cat is Category.NEGATIVE:
        return table.value[card]
    if cat is Category.DUAL:
        return -1
    if cat is Category.LAZY_GIRL:
        return -2
    return 0


def worth(card: str, hand: Sequence[str], table: CardTable) -> float:
    """How much keeping ``card`` is worth: its future points, or its cost when it is purple."""
    cat = table.category[card]
    cost = hand_cost(card, table)
    if cost:
        return float(cost)
    if cat is Category.POSITIVE:
        return table.value[card] * (1.0 + 0.5 * (hand.count(card) - 1))
    if cat in (Category.PINKO, Category.MUG, Category.PALACE):
        return 3.0
    if cat in (Category.SHIELD, Category.MIRROR, Category.LANTERN):
        return 2.5
    if cat is Category.MIDNIGHT:
        return 0.0
    return 1.5


class HeuristicPlayer:
    """Plays the way a sensible person would.

    - Lay down the highest-scoring combination as soon as it is worth 4 or
      more (or anything, once the draw pile is nearly empty); a group may grow
      later by the "add to a group" extra action.
    - Get rid of purple cards: discard the negative row or the several
      identical purple cards that shed the most minus points (three or more
      earn a draw), discard matching purple cards whenever a window allows,
      and pass purple cards with Pass 2 cards.
    - Aim harmful action cards (Lay down purple cards, Take 2 cards, Make a
      player discard, Pass 2 cards) at the leader, the opponent with the most
      points, preferring one with many cards; turn a laid −1/−2 with the
      Hussar; take back a laid purple card to discard it.
    - Shield (or, better, mirror) actions that would hurt; never waste a
      Shield on a Crystal Ball.
    - Draw while below the 8-card limit; when full with nothing to lay, throw
      the least useful card.
    """

    def __init__(self, seed: int = 0, game: Game | None = None) -> None:
        del seed, game  # the same arguments as every game's heuristic player; this one needs neither

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        table = view.game.table
        pending = view.pending
        if isinstance(pending, React):
            return self._react(view, pending, legal_moves, table)
        if isinstance(pending, Giving):
            return max(legal_moves, key=lambda m: self._give(m, view, table))
        best = legal_moves[0]
        best_score = float("-inf")
        for move in legal_moves:
            score = self._score(move, view, table)
            if score > best_score:
                best, best_score = move, score
        return best

    # -- reactions and giving --------------------------------------------------

    def _react(self, view: View, pending: React, moves: Sequence[Move], table: CardTable) -> Move:
        action = pending.action
        cat = table.category[action.card]
        hurts = cat in _HARMFUL
        if cat is Category.LAY_PURPLE:
            hurts = any(hand_cost(c, table) for c in view.hand)
        if not hurts:
            return next(m for m in moves if isinstance(m, Pass))
        for kind in (Mirror, Shield):
            for move in moves:
                if isinstance(move, kind):
                    return move
        return moves[-1]

    @staticmethod
    def _give(move: Move, view: View, table: CardTable) -> float:
        if not isinstance(move, Give):
            return 0.0
        # Giving a purple card away gains its cost; giving a good card loses its worth.
        return sum(-worth(c, view.hand, table) for c in move.cards)

    # -- everything else ---------------------------------------------------------

    def _score(self, move: Move, view: View, table: CardTable) -> float:
        hand = view.hand
        n = len(hand)
        late = view.draw_size <= 2 * view.game.players or view.final > 0
        danger = sum(view.midnights_left) / max(1, view.draw_size)
        if isinstance(move, Lay):
            score = make_meld(move.cards, move.values, table).score
            lost_jokers = sum(1 for c in move.cards if table.category[c] in (Category.PINKO, Category.MUG))
            threshold = 0 if late or n >= _LIMIT else 3
            return 20.0 + score - 1.5 * lost_jokers if score > threshold else -5.0 + score
        if isinstance(move, AddToGroup):
            return 30.0 + table.value[move.card]
        if isinstance(move, (Discard, MatchDiscard)):
            shed = sum(-hand_cost(c, table) for c in move.cards)
            lost = sum(max(0.0, worth(c, hand, table)) for c in move.cards if not hand_cost(c, table))
            extra = 1.0 if isinstance(move, Discard) and len(move.cards) >= 3 else 0.0
            if isinstance(move, MatchDiscard):
                return 10.0 + 3 * shed - lost if shed else -1.0 - lost
            pressure = 1.0 + 30 * danger + (2.0 if late else 0.0) + (2.0 if n >= _LIMIT else 0.0)
            if shed:
                return 8.0 + pressure * shed + extra - lost
            return (6.0 if n >= _LIMIT else -10.0) - lost
        if isinstance(move, Draw):
            return 12.0 if n < 6 else 9.0
        if isinstance(move, BonusDraw):
            return 1.0 if n < _LIMIT - 1 else -1.0
        if isinstance(move, Play):
            return self._play(move, view, table)
        if isinstance(move, Store):
            return 1.0 + (
                5.0 if table.category[move.card] is Category.LAZY_GIRL else worth(move.card, hand, table)
            )
        if isinstance(move, Swap):
            return -1.0
        if isinstance(move, (Shield, Mirror)):
            return -1.0
        assert isinstance(move, Pass), move
        return 0.0

    def _play(self, move: Play, view: View, table: CardTable) -> float:
        cat = table.category[move.card]
        seat = view.seat
        hand = view.hand
        n = len(hand)
        scores = view.scores
        others = [s for s in range(view.game.players) if s != seat]

        def threat(target: int) -> float:
            lead = scores[target] - max(scores[s] for s in range(len(scores)) if s != target)
            return 0.3 * scores[target] + 0.5 * max(0, lead) + 0.6 * view.hand_sizes[target]

        def expected_purple(target: int) -> float:
            known = [c for c in view.known[target] if hand_cost(c, table)]
            unknown = view.hand_sizes[target] - len(view.known[target])
            return -sum(hand_cost(c, table) for c in known) + 0.5 * max(0, unknown)

        if cat is Category.HUSSAR:
            return 25.0
        if cat is Category.TAKE_BACK:
            laid = view.melds[seat][move.meld].cards[move.position]
            cost = hand_cost(laid, table)
            return 14.0 - 2 * cost if cost < 0 and table.category[laid] is not Category.LAZY_GIRL else -20.0
        if cat is Category.PASS_TWO:
            purple = sorted(hand_cost(c, table) for c in hand if hand_cost(c, table))
            if not purple:
                return -5.0
            gain = -sum(purple[:2])
            targets = [move.target] if move.target is not None else others
            return 10.0 + 2 * gain + max(threat(t) for t in targets) * 0.2
        if cat is Category.LAY_PURPLE:
            targets = [move.target] if move.target is not None else others
            return 8.0 + sum(expected_purple(t) + 0.3 * threat(t) for t in targets)
        if cat is Category.MAKE_DISCARD:
            targets = [move.target] if move.target is not None else others
            return 6.0 + sum(0.5 * threat(t) for t in targets) + move.count
        if cat is Category.TAKE_TWO:
            if move.target is None or n + move.count > _LIMIT - 1:
                return -5.0
            return (
                7.0
                + 0.5 * threat(move.target)
                + move.count
                - 0.8 * expected_purple(move.target) / max(1, view.hand_sizes[move.target])
            )
        if cat is Category.DRAW_CARDS:
            return 12.5 if n <= 4 else -3.0
        if cat is Category.VILLAGE:
            return 11.0 if n >= 3 else -3.0
        if cat is Category.CRYSTAL_BALL:
            return 2.0
        return -3.0
