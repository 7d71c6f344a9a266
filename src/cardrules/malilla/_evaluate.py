"""Each seat's chance to win the match once a hand is over, for search bots' play-outs.

A play-out that stops when the hand ends sees the one thing its moves decided,
the hand's score, instead of the noise of hands dealt after it.  What the
score is worth is each side's chance to win the match from there: a table
computed from a model of a hand between equal sides (the margin of points
collected, ``collected - 35``, normally distributed around 0; 12 points is
the spread of random play, and of matched bots alike).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from .._shares import outcome_shares
from ._cards import POINTS, SUIT_OF
from ._records import Trick
from ._rules import TRICKS_PER_HAND, trick_winner
from ._solver import Solver
from ._state import State
from ._transition import dealer_bonus, score_collected, score_hand

__all__ = ["round_value", "solved_value", "win_chance"]

_SPREAD = 12.0
_MAX_MARGIN = 35


def _margins() -> tuple[tuple[int, float], ...]:
    """``(margin, probability)`` for side 0's score less 35 in one hand: a discretised normal law."""
    weights = [math.exp(-0.5 * (m / _SPREAD) ** 2) for m in range(-_MAX_MARGIN, _MAX_MARGIN + 1)]
    total = sum(weights)
    return tuple((m, w / total) for m, w in zip(range(-_MAX_MARGIN, _MAX_MARGIN + 1), weights, strict=True))


_MARGINS = _margins()


#: The largest need :func:`win_chance` reads from its table; past it, the race's normal law.
_TABLED = 105


@functools.lru_cache(maxsize=1)  # built on first use: importing the package stays quick
def _table() -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that a side needing ``a`` more points wins against one needing ``b``."""
    still = next(p for m, p in _MARGINS if m == 0)
    table = [[0.0] * (_TABLED + 1) for _ in range(_TABLED + 1)]
    for a in range(1, _TABLED + 1):
        for b in range(1, _TABLED + 1):
            chance = 0.0
            for m, p in _MARGINS:
                if m > 0:
                    chance += p * (1.0 if m >= a else table[a - m][b])
                elif m < 0:
                    chance += p * (0.0 if -m >= b else table[a][b + m])
            table[a][b] = chance / (1.0 - still)  # a 35-35 hand changes nothing
    return tuple(tuple(row) for row in table)


def _race() -> tuple[float, float]:
    """The mean and the variance of a hand's margin's size and of the margin, over hands that move
    the score (a 35-35 hand changes nothing)."""
    moving = [(m, p) for m, p in _MARGINS if m != 0]
    total = sum(p for _, p in moving)
    return sum(p * abs(m) for m, p in moving) / total, sum(p * m * m for m, p in moving) / total


_STEP, _VARIANCE = _race()


def win_chance(scores: tuple[int, int], target: int) -> float:
    """Side 0's chance to win the match from ``scores`` between equal sides (1 or 0 once one reached it).

    Needs up to 105 points are read from the table the model gives; past them a match lasts many
    hands and the race is told by the normal law: after the hands that take both sides' needs
    ``a + b`` (about ``(a + b) / 9.8`` hands), side 0 is ahead by ``b - a`` with a spread of
    ``12.0 * sqrt((a + b) / 9.8)`` points.  It agrees with the table to 0.004 where both needs
    are 35 or more, and costs the same at any target.
    """
    need = (max(0, target - scores[0]), max(0, target - scores[1]))
    if need[0] == 0 or need[1] == 0:
        return 1.0 if need[0] == 0 else 0.0
    if max(need) <= _TABLED:
        return _table()[need[0]][need[1]]
    return _race_chance(need[0], need[1])


def _race_chance(a: int, b: int) -> float:
    """The normal law's chance that a side needing ``a`` points wins against one needing ``b``."""
    spread = math.sqrt(2.0 * _VARIANCE * (a + b) / _STEP)
    return 0.5 * (1.0 + math.erf((b - a) / spread))


def round_value(start: State, state: State) -> tuple[float, ...] | None:
    """Each seat's chance to win once the hand ``start`` is in has ended; ``None`` while it goes on.

    A finished match is worth 1 to its winners and 0 to the rest; otherwise
    the new match score is looked up in :func:`win_chance`.  A bonus held for
    the new hand's dealer wins the match unless the other side reaches the
    target in that hand (rulings 10 and 11).  The last trick plays itself (a
    card left in each hand), so from its start the hand is scored where it
    stands and valued over every card the next deal may turn up, rather than
    played out and the next hand dealt.
    """
    outcome = state.outcome
    if outcome is not None:
        return outcome_shares(outcome)
    target = state.game.target
    board = state.board
    if board.hand_number != start.board.hand_number:
        return _shares(_chance(board.scores, board.held_bonus, board.dealer, target))
    if len(state.tricks) < TRICKS_PER_HAND - 1:
        return None
    leader = state.leader
    cards = (*state.trick, *(state.hands[(leader + i) % 4][0] for i in range(len(state.trick), 4)))
    last = Trick(leader, cards, (leader + trick_winner(cards, SUIT_OF[board.trump])) % 4)
    _, scores, winner = score_hand(state, (*state.tricks, last))
    return _after_hand(state, scores, winner)


def solved_value(tricks_left: int) -> Callable[[State, State], tuple[float, ...] | None]:
    """A round value that stops a play-out sooner: once a move has been made from ``start`` and at
    most ``tricks_left`` tricks of its hand are left, the rest of the hand is solved exactly
    (:meth:`Solver.value`, every hand in view) and the hand scored on the points that gives each side.

    A random play-out of the last tricks throws 7s onto lost tricks and lets aces fall to trumps; the
    solved rest plays them as strong players would, so the first tricks' search is judged by what
    its moves decide.  The hand is scored on points: a capote the solved play would make is not
    seen (the solver collects points, not tricks).
    """

    def value(start: State, state: State) -> tuple[float, ...] | None:
        settled = round_value(start, state)
        if settled is not None or state is start or TRICKS_PER_HAND - len(state.tricks) > tricks_left:
            return settled
        collected = [0, 0]
        for trick in state.tricks:
            collected[trick.winner % 2] += 1 + sum(POINTS[c] for c in trick.cards)
        solver = Solver(state)
        side = (state.leader + len(state.trick)) % 2
        mine = solver.value()
        collected[side] += mine
        collected[1 - side] += solver.total - mine
        _, scores, winner = score_collected(state, (collected[0], collected[1]), None)
        return _after_hand(state, scores, winner)

    return value


def _after_hand(state: State, scores: tuple[int, int], winner: int | None) -> tuple[float, ...]:
    """Each seat's chance to win once the hand of ``state`` leaves the match at ``scores`` (won by
    side ``winner``, else going on with the next dealer's turned card still to come)."""
    if winner is not None:
        return _shares(1.0 if winner == 0 else 0.0)
    target = state.game.target
    dealer = (state.board.dealer + 1) % 4
    chance = 0.0
    for bonus, share in _TURNED:
        after, held = dealer_bonus(target, bonus, dealer, scores)
        chance += share * _chance(after, held, dealer, target)
    return _shares(chance)


#: ``(points, chance)`` of the card a deal turns up: any of the 40 alike.
_TURNED = tuple((points, POINTS.count(points) / len(POINTS)) for points in sorted(set(POINTS)))


def _chance(scores: tuple[int, int], held: int, dealer: int, target: int) -> float:
    """Side 0's chance to win the match from a new hand's start: ``scores``, and ``held`` points held
    for ``dealer``'s side."""
    if not held:
        return win_chance(scores, target)
    side = dealer % 2
    need = target - scores[1 - side]
    other_wins = sum(p for m, p in _MARGINS if m >= need)
    return 1.0 - other_wins if side == 0 else other_wins


def _shares(chance: float) -> tuple[float, ...]:
    """Each seat's share of a match that side 0 wins with ``chance``."""
    return (chance, 1.0 - chance, chance, 1.0 - chance)
