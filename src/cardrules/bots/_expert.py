"""The strongest bot the project builds for each game: ``expert`` in the bot registry.

- Malilla, once few tricks are left (``endgame_tricks``, 5 by default): Perfect Information Monte
  Carlo.  Deals the seat cannot tell from the real one are sampled (``game.sampler(view)``), each
  is solved exactly by :class:`cardrules.malilla.Solver`, each move's points to the end of the
  hand are turned into the side's chance to win the match (:func:`match_worth`) and summed over
  the deals, each weighted by how likely it makes the other seats' plays of the hand so far
  (:func:`play_likelihood`: an opponent model, as Kermit's in Skat); the best sum is played
  (Ginsberg's GIB in bridge).  Earlier in the hand, where a deal
  takes too long to solve, plain IS-MCTS (:class:`ISMCTSPlayer`), Malilla's strongest search,
  with play-outs to the end of the hand; with ``pool``, its deals weighted by the same opponent
  model; with ``solve_from``, its play-outs' last tricks solved.
- Every other game: IS-MCTS guided by the game's heuristic player, with play-outs by the heuristic
  players (a policy that does not throw points away), stopped where the game values the position
  (20 moves in Magyar népmesék and La Maldición).

The budget is a number of samples (PIMC) and iterations (IS-MCTS) per decision, which is
reproducible, or a time limit in CPU seconds (``time.process_time``), which uses the budget it is
given whatever else the machine runs.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from .._arguments import integer
from .._base import BaseGame
from .._errors import ConfigError
from .._random import Rng
from ..malilla import POINTS, Solver, win_chance
from ._heuristic import heuristic
from ._ismcts import ISMCTSPlayer, check_counts, check_time_limit, position_value, solved_value

__all__ = ["HORIZON", "ExpertPlayer", "match_worth", "pimc_values", "play_likelihood"]

#: The points of a Malilla hand: 60 in the cards and one a trick (ruling 1).
TOTAL = 70

MoveT = TypeVar("MoveT")

#: Each game's search horizon in moves, where play-outs stop at a valued position (else a round).
HORIZON: Mapping[str, int] = MappingProxyType({"magyar_nepmesek": 20, "maldicion": 20})


class ExpertPlayer:
    """The ``expert`` bot (see the module's docstring).

    ``samples`` deals a decision for PIMC, ``iterations`` for IS-MCTS, or, with ``time_limit``,
    as many of either as fit in that many CPU seconds (PIMC solves one deal at least).
    ``model_error`` is the chance the opponent model gives a seat's playing another card than the
    heuristic player would (:func:`play_likelihood`); ``None`` weighs every sampled deal alike.
    ``pool``, in Malilla's first tricks, has the search draw its deals from that many sampled
    deals weighted by the same model (``None``, the default: straight from the sampler; see
    docs/bots.md for why).  ``solve_from``, in Malilla's first tricks, stops the search's play-outs
    once that many tricks are left (at most ``endgame_tricks``) and solves the rest of the hand
    (:meth:`cardrules.malilla.Solver.value`; ``None``, the default: random play-outs to the end of
    the hand, which won as often in the duel of docs/bots.md).  A ``time_limit`` that is not a
    positive number, budgets that are not positive integers, a ``solve_from`` out of its range, or a
    ``model_error`` not strictly between 0 and 1 raise :class:`ConfigError`.
    """

    def __init__(
        self,
        game: BaseGame[Any, Any],
        seed: int = 0,
        time_limit: float | None = None,
        samples: int = 60,
        iterations: int = 200,
        endgame_tricks: int = 5,
        model_error: float | None = 0.3,
        pool: int | None = None,
        solve_from: int | None = None,
    ) -> None:
        check_time_limit("expert", time_limit)
        check_counts("expert", samples=samples, iterations=iterations, endgame_tricks=endgame_tricks)
        if pool is not None:
            check_counts("expert", pool=pool)
        if solve_from is not None:
            integer("expert: solve_from", solve_from, 1, endgame_tricks)
        if model_error is not None and (
            isinstance(model_error, bool)
            or not isinstance(model_error, (int, float))
            or not 0 < model_error < 1
        ):
            raise ConfigError(
                f"expert: model_error must be a number between 0 and 1, or None; got {model_error!r}"
            )
        self.game = game
        self.seed = seed
        self.time_limit = None if time_limit is None else float(time_limit)
        self.samples = samples
        self.endgame_tricks = endgame_tricks
        self.model_error = None if model_error is None else float(model_error)
        self.pool = pool
        self.solve_from = solve_from
        horizon: int | str = HORIZON.get(game.name, "round")
        if isinstance(horizon, int) and position_value(game) is None:
            horizon = "round"
        # Malilla's first tricks: plain IS-MCTS, its strongest search (docs/bots.md); elsewhere guided,
        # with heuristic play-outs.
        informed: Literal["none", "heuristic"] = "none" if game.name == "malilla" else "heuristic"
        solved = solved_value(game)
        self.search = ISMCTSPlayer(
            game,
            iterations=iterations if time_limit is None else 10**9,
            seed=seed,
            rollout="random" if informed == "none" else "heuristic",
            guide=informed,
            horizon=horizon,  # type: ignore[arg-type]
            clock=time.process_time,
            time_limit=self.time_limit,
            belief=self._belief if pool is not None and self.model_error is not None else None,
            pool=pool or 1,
            value=None if solved is None or solve_from is None else solved(solve_from),
        )
        self._heuristic = heuristic(game, seed=seed)
        self._decisions = 0
        #: Deals solved by the last PIMC decision (0 when the search decided).
        self.last_samples = 0

    def _belief(self, view: Any) -> Callable[[Any], float] | None:
        """The opponent model's log-likelihood of a deal sampled for the first tricks' search, in
        Malilla (``None`` elsewhere, or before any other seat has played)."""
        if self.game.name != "malilla" or self.model_error is None:
            return None
        if not view.tricks and not view.trick:
            return None
        return play_likelihood(view, self._heuristic, self.model_error)

    def __repr__(self) -> str:
        budget = f"time_limit={self.time_limit}" if self.time_limit else f"samples={self.samples}"
        return f"ExpertPlayer({self.game.name}, {budget}, seed={self.seed})"

    def choose(self, view: Any, legal_moves: Sequence[MoveT]) -> MoveT:
        """The move of PIMC in a Malilla endgame, else of the guided search."""
        self._decisions += 1
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.game.name == "malilla" and 10 - len(view.tricks) <= self.endgame_tricks:
            rng = Rng.from_seed(self.seed, self._decisions)
            worth = match_worth(view)
            weigh = (
                None if self.model_error is None else play_likelihood(view, self._heuristic, self.model_error)
            )
            totals, self.last_samples = pimc_values(
                self.game, view, rng, self.samples, self.time_limit, worth, weigh
            )
            best = max(totals.values())
            tied = [m for m in legal_moves if totals.get(m) == best]
            if len(tied) == 1:
                return tied[0]
            # Equal on every deal: the table's sense decides (a 7 is not thrown where a 5 does as well).
            chosen: MoveT = self._heuristic.choose(view, tied)
            return chosen
        self.last_samples = 0
        move: MoveT = self.search.choose(view, legal_moves)
        return move


def pimc_values(
    game: BaseGame[Any, Any],
    view: Any,
    rng: Rng,
    samples: int,
    time_limit: float | None = None,
    worth: Callable[[int], float] = float,
    weigh: Callable[[Any], float] | None = None,
) -> tuple[dict[Any, float], int]:
    """Each Malilla move's ``worth`` summed over sampled deals solved exactly, and the number of
    deals: ``samples`` of them, or as many as fit in ``time_limit`` CPU seconds.  ``worth`` turns
    the points the view's side collects to the end of the hand into what is summed (the points
    themselves by default; :func:`match_worth` for the chance to win the match); ``weigh``, when
    given, weights each deal by the likelihood it returns the log of (:func:`play_likelihood`)."""
    sampler = game.sampler(view)
    deadline = None if time_limit is None else time.process_time() + time_limit
    deals: list[tuple[float, dict[Any, int]]] = []
    while len(deals) < samples if deadline is None else not deals or time.process_time() < deadline:
        deal = sampler.sample(rng.next64())
        deals.append((0.0 if weigh is None else weigh(deal), Solver(deal).values()))
    if weigh is None:
        weights = [1.0] * len(deals)
    else:  # log-likelihoods, scaled so that the likeliest deal weighs 1
        top = max(log for log, _ in deals)
        weights = [math.exp(log - top) for log, _ in deals]
    totals: dict[Any, float] = {}
    for weight, (_, values) in zip(weights, deals, strict=True):
        for move, points in values.items():
            totals[move] = totals.get(move, 0.0) + weight * worth(points)
    return totals, len(deals)


def play_likelihood(view: Any, model: Any, error: float) -> Callable[[Any], float]:
    """For a Malilla view, the log-likelihood a sampled deal gives the other seats' plays of the hand
    so far, under an opponent model: each seat plays what ``model`` (a player: the heuristic) would
    from its view then, except with chance ``error``, spread evenly over the other legal cards.  A
    play with one legal card is as likely in every deal.  A deal where the others' plays are what
    the model expects weighs more than one where they would have been odd; the sampler alone
    weighs every deal the rules allow alike."""
    tricks = view.tricks
    plays: list[tuple[int, int, int, Any]] = []  # trick number, place in it, seat, card
    for number, trick in enumerate((*tricks, None)):
        cards, leader = (view.trick, view.leader) if trick is None else (trick.cards, trick.leader)
        for place, card in enumerate(cards):
            if (leader + place) % 4 != view.seat:
                plays.append((number, place, (leader + place) % 4, card))
    hit, miss = math.log(1.0 - error), math.log(error)

    def log_likelihood(deal: Any) -> float:
        total = 0.0
        for number, place, seat, card in plays:
            # The seat's hand then: what it holds now and what it has played since.
            later = [c for n, p, s, c in plays if s == seat and (n, p) >= (number, place)]
            hands = list(deal.hands)
            hands[seat] = tuple(sorted((*hands[seat], *later)))
            trick = tricks[number] if number < len(tricks) else None
            then = deal._replace(  # a position of the deal's own hand: not checked again
                hands=(hands[0], hands[1], hands[2], hands[3]),
                leader=view.leader if trick is None else trick.leader,
                trick=(view.trick if trick is None else trick.cards)[:place],
                tricks=tricks[:number],
                outcome=None,
            )
            legal = then.legal_moves()
            if len(legal) > 1:
                expected = model.choose(then.view(seat), legal).card == card
                total += hit if expected else miss - math.log(len(legal) - 1)
        return total

    return log_likelihood


def match_worth(view: Any) -> Callable[[int], float]:
    """For a Malilla view, the side's chance to win the match once the hand ends with the side
    collecting ``points`` more (the rest of the hand's 70 going to the other side): the hand is
    scored ("subtract their points collected from 35"), a held bonus added when the hand did not
    end the match (ruling 10), and the new scores looked up in the play-outs' table
    (:func:`cardrules.malilla.win_chance`).  A capote's win at any target is not seen."""
    side = view.seat % 2
    done = [0, 0]
    for trick in view.tricks:
        done[trick.winner % 2] += 1 + sum(POINTS[c] for c in trick.cards)
    target = view.game.target
    known: dict[int, float] = {}  # a hand ends with one of 71 scores: each looked up once

    def worth(points: int) -> float:
        if points not in known:
            known[points] = chance_after(points)
        return known[points]

    def chance_after(points: int) -> float:
        mine = done[side] + points
        theirs = TOTAL - mine
        scores = [view.scores[0], view.scores[1]]
        if mine != theirs:
            winner = side if mine > theirs else 1 - side
            scores[winner] += max(mine, theirs) - TOTAL // 2
        if view.held_bonus and max(scores) < target:
            scores[view.dealer % 2] += view.held_bonus
        chance = win_chance((scores[0], scores[1]), target)
        return chance if side == 0 else 1.0 - chance

    return worth
