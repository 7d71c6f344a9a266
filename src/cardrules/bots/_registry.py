"""Bots by name, for the command line and tournaments."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

from .._base import BaseGame, check_game
from .._errors import ConfigError
from .._numerals import whole_number
from .._words import brief
from ._cfr import CFRPlayer
from ._expert import ExpertPlayer
from ._heuristic import heuristic
from ._ismcts import ISMCTSPlayer
from ._random import RandomPlayer

__all__ = ["BOTS", "heuristic", "make_bot"]


#: ``name -> factory(game, seed)``.
BOTS: dict[str, Callable[[BaseGame[Any, Any], int], Any]] = {
    "random": lambda game, seed: RandomPlayer(seed),
    "heuristic": heuristic,
    "ismcts": lambda game, seed: ISMCTSPlayer(game, iterations=300, seed=seed),
    "cfr": CFRPlayer,
    "expert": lambda game, seed: ExpertPlayer(game, seed=seed),
}


def make_bot(name: str, game: BaseGame[Any, Any], *, seed: int = 0) -> Any:
    """The bot called ``name`` for ``game``.

    ``ismcts-N`` searches N iterations a decision with random play-outs; a
    ``g`` after ``ismcts`` guides its tree by the heuristic player's moves, an
    ``h`` plays the samples out with the heuristic players: ``ismctsg-N``,
    ``ismctsh-N``, ``ismctsgh-N``.  A ``-tD`` after any of them stops play-outs
    D moves after the sampled state, valued by the game's position value
    (``horizon=D``): ``ismctsg-100-t10``.  ``expert-Ts`` is the expert with
    a budget of T CPU seconds a decision: ``expert-0.5s``.

    Raises :class:`ConfigError` for an unknown name.
    """
    if not isinstance(name, str):
        raise ConfigError(f"make_bot: a bot's name is a string, such as 'heuristic'; got {brief(name)}")
    check_game("make_bot", game)
    base, _, budget = name.partition("-")
    if base == "expert" and budget:
        return ExpertPlayer(game, seed=seed, time_limit=_seconds(name, budget))
    if base in _SEARCHES and budget:
        counted, dash, depth = budget.partition("-t")
        iterations = whole_number(counted)
        moves = whole_number(depth) if dash else None
        if not iterations or (dash and not moves):
            raise ConfigError(
                f"bot {brief(name)}: write {base}-N or {base}-N-tD with N a positive number of "
                "iterations and D of moves"
            )
        rollout: Literal["random", "heuristic"] = "heuristic" if base.endswith("h") else "random"
        guide: Literal["none", "heuristic"] = "heuristic" if "g" in base else "none"
        horizon: Literal["round"] | int = moves or "round"
        return ISMCTSPlayer(
            game, iterations=iterations, seed=seed, rollout=rollout, guide=guide, horizon=horizon
        )
    if name not in BOTS:
        raise ConfigError(
            f"unknown bot {brief(name)}; the bots are {', '.join(sorted(BOTS))}, {_SEARCH_NAMES}"
        )
    return BOTS[name](game, seed)


def _seconds(name: str, budget: str) -> float:
    """The positive number of seconds ``budget`` (``0.5s``) writes, or :class:`ConfigError`."""
    try:
        seconds = float(budget[:-1]) if budget.endswith("s") else 0.0
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < math.inf:
        raise ConfigError(
            f"bot {brief(name)}: write expert-Ts with T a positive number of seconds, like expert-0.5s"
        )
    return seconds


_SEARCHES = ("ismcts", "ismctsg", "ismctsh", "ismctsgh")

#: The searches by name, as the error message lists them.
_SEARCH_NAMES = (
    "ismcts-N, ismctsg-N (guided), ismctsh-N (heuristic play-outs) and ismctsgh-N (both), "
    "each with -tD to stop play-outs after D moves, and expert-Ts (T seconds a decision)"
)
