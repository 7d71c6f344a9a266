"""Advice for a human player: the legal moves ranked by the expert's search, each with a reason."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from ._base import BaseGame, BaseMove, BaseView
from ._errors import ConfigError, PositionError, SerializationError
from ._random import Rng
from .bots._expert import HORIZON, pimc_values
from .bots._heuristic import heuristic
from .bots._ismcts import ISMCTSPlayer, check_counts, check_time_limit

__all__ = ["Advice", "advise"]

#: What :attr:`Advice.value` counts: Malilla's points to the end of the hand, or the share of the win.
Unit = Literal["points", "win share"]


@attrs.frozen
class Advice:
    """One legal move, its estimated value and why.

    ``value`` is, in ``unit``: ``"points"``, the points the seat's side collects from here to the
    end of a Malilla hand (the mean over sampled deals, each solved exactly); ``"win share"``, the
    seat's share of the win in the search's play-outs (0 to 1).
    """

    move: BaseMove
    value: float
    unit: Unit
    reason: str

    def __str__(self) -> str:
        shown = f"{self.value:.1f} points" if self.unit == "points" else f"{self.value:.0%} to win"
        return f"{self.move} ({shown}): {self.reason}"


def advise(
    view: BaseView[Any],
    *,
    game: BaseGame[Any, Any] | None = None,
    seed: int = 0,
    samples: int = 60,
    iterations: int = 300,
    time_limit: float | None = None,
) -> tuple[Advice, ...]:
    """The legal moves of ``view``'s seat, best first, each with a value and a one-line reason.

    In Malilla's last five tricks the values are exact points averaged over ``samples`` deals the
    seat cannot tell from the real one (the expert's PIMC); elsewhere they come from a search of
    ``iterations`` play-outs by the heuristic players (IS-MCTS).  With ``time_limit`` the search
    takes that many CPU seconds instead.  ``game``, when given, must be the view's game.

    Raises :class:`PositionError` for something that is not a view, a view of another game than
    ``game``, a finished match, a view whose seat is not the one to play, or a view no deal fits;
    :class:`ConfigError` for a budget that is not a positive number.
    """
    if not isinstance(view, BaseView):
        raise PositionError(f"advise: needs a View, got {type(view).__name__}")
    try:
        view._check_built()  # before its fields are read: a record built by hand may be of another type
    except SerializationError as exc:
        raise PositionError(f"advise: {exc}") from None
    if game is not None and (view.game_name != game.name or view.game != game):
        raise PositionError(f"advise: the view is of {view.game}, not of {game}")
    if view.outcome is not None:  # type: ignore[attr-defined]
        raise PositionError("advise: the match is over; there is no move to advise")
    mover = view.current_player  # type: ignore[attr-defined]
    if mover != view.seat:
        raise PositionError(f"advise: it is seat {mover}'s turn, not seat {view.seat}'s")
    check_counts("advise", samples=samples, iterations=iterations)
    check_time_limit("advise", time_limit)
    played = view.game
    try:
        legal = played.sampler(view).sample(seed).legal_moves()
    except ConfigError as exc:
        raise PositionError(f"advise: no deal fits the view ({exc})") from None
    reasons = played.endgame_reasons(view, legal)
    if reasons is not None:
        return _solved(view, legal, reasons, seed, samples, time_limit)
    return _searched(view, legal, seed, iterations, time_limit)


def _solved(
    view: BaseView[Any],
    legal: tuple[BaseMove, ...],
    reasons: Mapping[BaseMove, str],
    seed: int,
    samples: int,
    time_limit: float | None,
) -> tuple[Advice, ...]:
    """Exact points over sampled deals (PIMC), each move with the game's reason for it."""
    totals, dealt = pimc_values(view.game, view, Rng.from_seed(seed), samples, time_limit)
    advice = [
        Advice(move, totals[move] / dealt, "points", reasons[move])
        for move in legal
        if move in totals  # a foul (irregularities="lose_game") is not advised
    ]
    return tuple(sorted(advice, key=lambda a: -a.value))


def _searched(
    view: Any, legal: tuple[Any, ...], seed: int, iterations: int, time_limit: float | None
) -> tuple[Advice, ...]:
    """The share of the win of each move in a search with heuristic play-outs, every move tried."""
    game = view.game
    horizon: Any = HORIZON.get(game.name, "round")
    search = ISMCTSPlayer(
        game,
        iterations=max(iterations, 2 * len(legal)) if time_limit is None else 10**9,
        time_limit=time_limit,
        seed=seed,
        rollout="heuristic",
        horizon=horizon,
        clock=time.process_time,
    )
    found = search.statistics(view, legal)
    sensible = heuristic(game, seed=seed).choose(view, legal)
    advice = []
    for move in legal:
        visits, share = found.get(move, (0, 0.0))
        why = f"won {share:.0%} of the {visits} play-outs that tried it" if visits else "no play-out tried it"
        if move == sensible:
            why += "; the heuristic player's choice"
        advice.append(Advice(move, share, "win share", why))
    return tuple(sorted(advice, key=lambda a: -a.value))
