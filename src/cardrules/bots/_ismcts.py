"""Information-set Monte Carlo tree search, on the shared contract only.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration
samples a state the bot's seat cannot tell from the real one
(``game.sample_state``), walks one tree shared by all samples, choosing among
the moves legal in that sample by UCB with availability counts, adds one node,
plays the match out at random, and credits each node's mover with a win when
that seat is among ``Outcome.winners``: partners and teams cooperate without
special cases.  The search never sees the real state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from typing import Any, Literal, TypeVar

from .._base import BaseGame
from .._errors import ConfigError
from .._random import Rng

__all__ = ["ISMCTSPlayer"]

MoveT = TypeVar("MoveT", bound=Hashable)


class _Node:
    __slots__ = ("available", "children", "parent", "reward", "seat", "visits")

    def __init__(self, parent: _Node | None, seat: int) -> None:
        self.parent = parent
        self.seat = seat  # the seat that made the move leading here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


class ISMCTSPlayer:
    """A search bot: ``iterations`` samples per decision, or as many as fit in ``time_limit`` seconds.

    ``rollout="heuristic"`` plays the samples out with the game's heuristic
    players instead of random moves: slower iterations, sharper estimates.
    Deterministic for a given ``seed``, iteration budget and sequence of
    decisions (without a ``time_limit``).
    """

    def __init__(
        self,
        game: BaseGame[Any, Any],
        iterations: int = 1000,
        time_limit: float | None = None,
        seed: int = 0,
        exploration: float = 1.0,
        rollout: Literal["random", "heuristic"] = "random",
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ConfigError(f"ISMCTSPlayer: iterations must be an integer >= 1; got {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise ConfigError(
                f"ISMCTSPlayer: time_limit must be a positive number of seconds; got {time_limit!r}"
            )
        self.game = game
        self.iterations = iterations
        self.time_limit = time_limit
        self.seed = seed
        self.exploration = exploration
        if rollout not in ("random", "heuristic"):
            raise ConfigError(f"ISMCTSPlayer: rollout must be 'random' or 'heuristic'; got {rollout!r}")
        self.rollout = rollout
        self._rollout_players: list[Any] | None = None
        if rollout == "heuristic":
            from ._registry import heuristic

            self._rollout_players = [heuristic(game, seed=seed + s) for s in range(game.players)]
        self._decisions = 0
        #: Iterations run by the last decision.
        self.last_iterations = 0

    def __repr__(self) -> str:
        extra = ", rollout='heuristic'" if self.rollout == "heuristic" else ""
        return f"ISMCTSPlayer(iterations={self.iterations}, seed={self.seed}{extra})"

    def choose(self, view: Any, legal_moves: Sequence[MoveT]) -> MoveT:
        """The most visited of ``legal_moves`` after the search."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        rng = Rng.from_seed(self.seed, self._decisions)
        self._decisions += 1
        root = _Node(None, view.seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, view, rng)
            done += 1
        self.last_iterations = done
        children = root.children
        return max(legal_moves, key=lambda m: children[m].visits if m in children else -1)

    def _iterate(self, root: _Node, view: Any, rng: Rng) -> None:
        state = self.game.sample_state(view, rng.next64())
        node = root
        c = self.exploration
        # Selection and expansion.
        while not state.is_terminal:
            legal = state.legal_moves()
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:
                move = untried[rng.below(len(untried))]
                child = children[move] = _Node(node, state.current_player)
                for m in legal:
                    if m in children:
                        children[m].available += 1
                state = state.apply(move)
                node = child
                break
            best = None
            best_score = -1.0
            for m in legal:
                child = children[m]
                child.available += 1
                score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_score = m, score
            node = children[best]
            state = state.apply(best)
        # Play-out: uniformly random, or by the game's heuristic players.
        players = self._rollout_players
        while not state.is_terminal:
            moves = state.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            elif players is None:
                move = moves[rng.below(len(moves))]
            else:
                seat = state.current_player
                move = players[seat].choose(state.view(seat), moves)
            state = state.apply(move)
        winners = state.outcome.winners
        # Back-propagation: each node's mover scores a win when its seat is among the winners.
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.seat in winners:
                walk.reward += 1.0
            walk = walk.parent
