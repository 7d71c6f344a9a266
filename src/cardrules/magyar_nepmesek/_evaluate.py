"""Each seat's share of the win from a position, for search bots' play-outs.

A Magyar népmesék match is about 140 moves: a play-out cut short after a few
of them (``ISMCTSPlayer(horizon=N)``) is judged by the points each seat would
end with as things stand: what it has laid down, less the purple cards it
would have to lay down, plus half of what its other cards are worth keeping.
"""

from __future__ import annotations

from .._shares import outcome_shares, win_shares
from ._heuristic import hand_cost, worth
from ._state import State

__all__ = ["position_value"]

#: Three points ahead make a seat e times as likely to win.  Fitted, with ``_HOPE``, on 150
#: heuristic matches: the pair that best foretold the winner from a quarter and half way in.
_SPREAD = 3.0
#: How much of a kept card's worth (the heuristic's :func:`worth`) counts as points to come.
_HOPE = 0.5


def position_value(state: State) -> tuple[float, ...]:
    """Each seat's share of the win by the points it would end with as things stand."""
    outcome = state.outcome
    if outcome is not None:
        return outcome_shares(outcome)
    table = state.tableau.game.table
    points = []
    for seat, hand in enumerate(state.hands):
        held = hand + tuple(card for card in state.villages[seat] if card is not None)
        laid = sum(meld.score for meld in state.melds[seat])
        cost = sum(hand_cost(card, table) for card in held)
        hope = sum(max(0.0, worth(card, hand, table)) for card in hand)
        points.append(laid + cost + _HOPE * hope)
    return win_shares(points, _SPREAD)
