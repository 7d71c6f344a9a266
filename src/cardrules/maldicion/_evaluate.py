"""Each seat's share of the win from a position, for search bots' play-outs.

A La Maldición match is about 350 moves of shedding: a play-out cut short
after a few of them (``ISMCTSPlayer(horizon=N)``) is judged by the cards each
seat still has to shed, the one thing that decides who frees itself first.
"""

from __future__ import annotations

from .._shares import outcome_shares, win_shares
from ._state import State

__all__ = ["position_value"]

#: One card fewer to shed makes a seat e^(1/1.5), about twice, as likely to win: searches measured
#: with 1.5 (docs/bots.md); heuristic matches say the odds are flatter early on, steeper late.
_SPREAD = 1.5


def position_value(state: State) -> tuple[float, ...]:
    """Each seat's share of the win by the cards in its hand (its team's share in ``guild_war``).

    In ``pvp`` the share is of the game in progress: the Life Counters are not weighed.
    """
    outcome = state.outcome
    if outcome is not None:
        return outcome_shares(outcome)
    game = state.game
    sides = game.sides() if game.teams else None
    return win_shares([-len(hand) for hand in state.hands], _SPREAD, sides)
