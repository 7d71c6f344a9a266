"""Information-set Monte Carlo tree search, on the shared contract only.

Multiple-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every
iteration samples a state the bot's seat cannot tell from the real one (from
``game.sampler(view)``, prepared once per decision) and walks it down one tree per seat, each keyed by
what that seat sees of the moves (:meth:`BaseState.observation`), so that no seat
chooses on what it could not have seen: another seat packing after the bot's
secret choice does not know it.  Each seat chooses among the moves legal in
the sample by UCB with availability counts in its own tree; an iteration adds
one node, plays the match out at random, and credits each node's mover with
a win when that seat is among ``Outcome.winners``: partners and teams
cooperate without special cases.  The search never sees the real state.
While every move is made in the open the seats' trees are one and the same
(single-observer ISMCTS); they part only at a secret move.  The move
played is the most visited; visits tie when there are more moves than
iterations, and the tie goes to the best mean reward, then to a seeded draw,
never to the first in ``legal_moves()`` order: two searching seats that took
the first of the tied moves would agree by accident (in Mala e Cuia, where
seats score the items they pack alike, that alone made 10 iterations look
stronger than 100).

A game played in rounds (Malilla's hands) may offer a round value: each
seat's chance to win the match once the round in progress is over.  With
``horizon="round"`` (the default) a play-out stops there and credits each
mover with its seat's chance, which is what the round's moves decided, without
the noise of the rounds dealt after it; ``horizon="match"`` always plays to
the end of the match.  A game may instead value any position (Magyar népmesék
and La Maldición do: each seat's share of the win, from the points it holds or
the cards it still has to shed); ``horizon=N`` stops a play-out ``N`` moves
after the sampled state and credits each mover with its seat's share there, so
that a long match (140 and 350 moves) is judged by what the next moves did to
it, not by the hundreds of random moves after them.

A guided search (``guide=``) replaces UCB's "try every move once" by PUCT
(Silver et al., 2017) with a prior that favours a guide player's move at each
node: the budget goes to the move a sensible player would make and to the
moves the play-outs show beating it, not evenly to every legal move, which in
a game of twenty moves a decision leaves a few iterations each.

A search with a belief (``belief=``) draws its samples from a weighted pool
instead of straight from the sampler: ``pool`` deals are sampled once per
decision, each weighted by the likelihood the belief gives it (an opponent
model: how likely the deal makes the other seats' plays so far), and every
iteration draws one of them in proportion to its weight (sampling-importance
resampling).  The sampler alone weighs every deal the rules allow alike.
"""

from __future__ import annotations

import bisect
import importlib
import itertools
import math
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, TypeVar

from .._arguments import integer
from .._base import BaseGame, BaseState, Sampler
from .._errors import ConfigError
from .._random import Rng
from .._shares import outcome_shares
from .._words import brief
from ._heuristic import heuristic

__all__ = ["ISMCTSPlayer", "check_counts", "check_time_limit"]

MoveT = TypeVar("MoveT", bound=Hashable)

#: ``value(start, state)``: each seat's chance to win once the round ``start`` is in has ended, else ``None``.
RoundValue = Callable[[Any, Any], "tuple[float, ...] | None"]
#: ``value(state)``: each seat's share of the win, judged from ``state`` (a position short of the end).
PositionValue = Callable[[Any], "tuple[float, ...]"]
#: ``belief(view)``: the log-likelihood of a sampled state given what the view has seen, or ``None``
#: when the view has seen nothing that tells deals apart.
Belief = Callable[[Any], "Callable[[Any], float] | None"]


def round_value(game: BaseGame[Any, Any]) -> RoundValue | None:
    """The round value of ``game`` (see the module's docstring), or ``None`` if it has none."""
    value: RoundValue | None = _evaluation(game, "round_value")
    return value


def position_value(game: BaseGame[Any, Any]) -> PositionValue | None:
    """The position value of ``game`` (see the module's docstring), or ``None`` if it has none."""
    value: PositionValue | None = _evaluation(game, "position_value")
    return value


def solved_value(game: BaseGame[Any, Any]) -> Callable[[int], RoundValue] | None:
    """The game's solved round value, where it has an exact solver: ``solved(n)`` is a round value
    that solves the rest of a round once ``n`` tricks are left (Malilla's), else ``None``."""
    value: Callable[[int], RoundValue] | None = _evaluation(game, "solved_value")
    return value


def _evaluation(game: BaseGame[Any, Any], name: str) -> Any:
    """``name`` from the game's ``_evaluate`` module, or ``None``."""
    try:
        module = importlib.import_module(f"cardrules.{game.name}._evaluate")
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


def check_time_limit(who: str, time_limit: object) -> None:
    """Refuse with :class:`ConfigError` a ``time_limit`` that is neither ``None`` nor a positive number."""
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0
    ):
        raise ConfigError(f"{who}: time_limit must be a positive number of seconds; got {time_limit!r}")


def check_counts(who: str, **counts: object) -> None:
    """Refuse with :class:`ConfigError` a count (a budget) that is not an integer >= 1, naming it."""
    for name, value in counts.items():
        integer(f"{who}: {name}", value, 1)


class _Node:
    __slots__ = ("available", "children", "hint", "parent", "reward", "seat", "stamp", "visits")

    def __init__(self, parent: _Node | None, seat: int) -> None:
        self.parent = parent
        self.seat = seat  # the seat that made the move leading here
        #: By move where this tree's seat moves, by what it sees of the move where another does.
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0  # the iterations in which its move was legal, this one included
        self.reward = 0.0
        self.stamp = -1  # the last iteration that credited this node
        self.hint: Hashable | None = None  # the guide's move where this tree's seat moves (guided search)


_OPEN = BaseState.observation


class ISMCTSPlayer:
    """A search bot: ``iterations`` samples per decision, or as many as fit in ``time_limit`` seconds.

    ``rollout="heuristic"`` plays the samples out with the game's heuristic
    players instead of random moves: slower iterations, sharper estimates.
    ``horizon="round"`` ends play-outs with the round in progress where the
    game values rounds (see the module's docstring), ``"match"`` never does,
    and an integer ``N`` ends them ``N`` moves after the sampled state, valued
    by the game's position value (a :class:`ConfigError` for a game without one).
    ``guide="heuristic"`` (or a bot factory ``(game, seed) -> Player``) guides
    the tree: each seat's moves are chosen by PUCT with the guide's move as the
    prior's favourite (``guide_weight`` of the prior beyond an even share), so
    that a small budget plays as the guide does and a larger one departs from
    it where the play-outs find better; the other seats, in the tree, are
    expected to play as the guide would.
    ``clock`` reads the seconds ``time_limit`` counts (wall time by default;
    ``time.process_time`` for CPU time).
    ``belief`` (``view -> log-likelihood of a sample``, see the module's docstring) draws the
    samples from a pool of ``pool`` deals weighted by it, built inside the time limit.
    ``value`` (``(start, state) -> each seat's share, or None to play on``) replaces the game's
    round value, to stop play-outs sooner (the Malilla expert's solved last tricks).
    What these callbacks return is checked as the search uses it: a result of the wrong kind (a
    share outside 0 to 1, a log-likelihood that is not a number or is ``+inf``, a belief that
    rules out every deal drawn) stops the decision with :class:`ConfigError` naming it.
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
        horizon: Literal["round", "match"] | int = "round",
        guide: Literal["none", "heuristic"] | Callable[[BaseGame[Any, Any], int], Any] = "none",
        guide_weight: float = 0.5,
        clock: Callable[[], float] = time.perf_counter,
        belief: Belief | None = None,
        pool: int = 100,
        value: RoundValue | None = None,
    ) -> None:
        check_counts("ISMCTSPlayer", iterations=iterations, pool=pool)
        if belief is not None and not callable(belief):
            raise ConfigError(f"ISMCTSPlayer: belief must be a callable (view) or None; got {brief(belief)}")
        if value is not None and (not callable(value) or horizon != "round"):
            raise ConfigError(
                f"ISMCTSPlayer: value must be a callable (start, state) and comes with horizon='round'; "
                f"got {brief(value)} with horizon={horizon!r}"
            )
        check_time_limit("ISMCTSPlayer", time_limit)
        self.game = game
        self.iterations = iterations
        self.time_limit = time_limit
        self.clock = clock
        self.seed = seed
        self.exploration = exploration
        if rollout not in ("random", "heuristic"):
            raise ConfigError(f"ISMCTSPlayer: rollout must be 'random' or 'heuristic'; got {rollout!r}")
        self.rollout = rollout
        self.horizon = horizon
        self._round_value = (
            _checked_value(value, game.players)
            if value is not None
            else round_value(game)
            if horizon == "round"
            else None
        )
        self._position_value: PositionValue | None = None
        self._depth = sys.maxsize  # the moves a play-out may make from the sampled state
        if isinstance(horizon, int) and not isinstance(horizon, bool):
            if horizon < 1:
                raise ConfigError(f"ISMCTSPlayer: a horizon of moves must be >= 1; got {horizon}")
            self._position_value = position_value(game)
            if self._position_value is None:
                raise ConfigError(
                    f"ISMCTSPlayer: {game.name} does not value positions short of the end, so the "
                    f"horizon must be 'round' or 'match'; got {horizon}"
                )
            self._depth = horizon
        elif horizon not in ("round", "match"):
            raise ConfigError(
                f"ISMCTSPlayer: horizon must be 'round', 'match' or a number of moves; got {horizon!r}"
            )
        if not callable(guide) and guide not in ("none", "heuristic"):
            raise ConfigError(
                f"ISMCTSPlayer: guide must be 'none', 'heuristic' or a bot factory (game, seed); got {guide!r}"
            )
        self.guide = guide
        if (
            isinstance(guide_weight, bool)
            or not isinstance(guide_weight, (int, float))
            or not 0 < guide_weight < 1
        ):
            raise ConfigError(
                f"ISMCTSPlayer: guide_weight must be a number between 0 and 1; got {guide_weight!r}"
            )
        self.guide_weight = float(guide_weight)
        self.belief = belief
        self.pool = pool
        self._rollout_players: list[Any] | None = None
        self._guides: list[Any] | None = None
        if "heuristic" in (rollout, guide):
            players = [heuristic(game, seed=seed + s) for s in range(game.players)]
            self._rollout_players = players if rollout == "heuristic" else None
            self._guides = players if guide == "heuristic" else None
        if callable(guide):
            self._guides = [_guide(guide, game, seed + s) for s in range(game.players)]
        self._decisions = 0
        self._stamp = 0
        #: Iterations run by the last decision.
        self.last_iterations = 0

    def __repr__(self) -> str:
        extra = ", rollout='heuristic'" if self.rollout == "heuristic" else ""
        extra += f", horizon={self.horizon!r}" if self.horizon != "round" else ""
        if self.guide != "none":
            extra += f", guide={self.guide!r}, guide_weight={self.guide_weight}"
        return f"ISMCTSPlayer(iterations={self.iterations}, seed={self.seed}{extra})"

    def choose(self, view: Any, legal_moves: Sequence[MoveT]) -> MoveT:
        """The most visited of ``legal_moves`` after the search (ties: best mean reward, then a seeded draw)."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        rng = Rng.from_seed(self.seed, self._decisions)
        self._decisions += 1
        children = self._search(view, rng)

        def rank(move: MoveT) -> tuple[int, float]:
            child = children.get(move)
            return (child.visits, child.reward / child.visits) if child is not None else (-1, 0.0)

        best = max(rank(m) for m in legal_moves)
        tied = [m for m in legal_moves if rank(m) == best]
        return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]

    def statistics(self, view: Any, legal_moves: Sequence[MoveT]) -> dict[MoveT, tuple[int, float]]:
        """Search ``view`` as :meth:`choose` does and give each of ``legal_moves`` its visits and mean
        reward (the seat's estimated share of the win); a move the search never tried is left out."""
        rng = Rng.from_seed(self.seed, self._decisions)
        self._decisions += 1
        children = self._search(view, rng)
        out: dict[MoveT, tuple[int, float]] = {}
        for move in legal_moves:
            child = children.get(move)
            if child is not None and child.visits:
                out[move] = (child.visits, child.reward / child.visits)
        return out

    def _search(self, view: Any, rng: Rng) -> dict[Hashable, _Node]:
        """The root's children after the iterations the budget allows."""
        root = _Node(None, view.seat)
        clock = self.clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        sampler: Sampler[Any] = self.game.sampler(view)
        weigh = None if self.belief is None else self.belief(view)
        if weigh is not None and not callable(weigh):
            raise ConfigError(
                f"ISMCTSPlayer: belief(view) must return a callable (state) or None; got {brief(weigh)}"
            )
        if weigh is not None:
            sampler = weighted_pool(sampler, weigh, self.pool, rng, clock, deadline)
        done = 0
        while done < self.iterations and (deadline is None or clock() < deadline):
            self._iterate(root, sampler, rng)
            done += 1
        self.last_iterations = done
        return root.children

    def _iterate(self, root: _Node, sampler: Sampler[Any], rng: Rng) -> None:
        start = state = sampler.sample(rng.next64())
        played = 0
        here = [root] * self.game.players  # each seat's node in its own tree
        # Selection and expansion, in the mover's tree: UCB, or PUCT under the guide's prior.
        guides = self._guides
        while (values := self._settled(start, state, played)) is None:
            legal = state.legal_moves()
            mover = state.current_player
            node = here[mover]
            if guides is None:
                move, new = self._ucb(node, legal, mover, rng)
            else:
                move, new = self._guided(node, state, legal, mover, guides[mover], rng)
            _advance(here, mover, move, state)
            state = state.apply(move)
            played += 1
            if new:
                break
        # Play-out: uniformly random, or by the game's heuristic players.
        players = self._rollout_players
        while (values := self._settled(start, state, played)) is None:
            moves = state.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            elif players is None:
                move = moves[rng.below(len(moves))]
            else:
                seat = state.current_player
                move = players[seat].choose(state.view(seat), moves)
            state = state.apply(move)
            played += 1
        # Back-propagation: each node's mover scores its seat's share of the result, once per tree path.
        stamp = self._stamp = self._stamp + 1
        for leaf in here:
            walk: _Node | None = leaf
            while walk is not None and walk.stamp != stamp:
                walk.stamp = stamp
                walk.visits += 1
                walk.reward += values[walk.seat]
                walk = walk.parent

    def _ucb(self, node: _Node, legal: Sequence[Any], mover: int, rng: Rng) -> tuple[Any, bool]:
        """The move of a plain search at ``node``, and whether its child is new: a move not tried yet
        (a seeded draw among them), else the best by UCB with availability counts."""
        children = node.children
        untried = [m for m in legal if m not in children]
        if untried:
            move = untried[rng.below(len(untried))]
            children[move] = _Node(node, mover)
            for m in legal:
                if m in children:
                    children[m].available += 1
            return move, True
        c = self.exploration
        best = None
        best_score = -1.0
        for m in legal:
            child = children[m]
            child.available += 1
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = m, score
        return best, False

    def _guided(
        self, node: _Node, state: Any, legal: Sequence[Any], mover: int, guide: Any, rng: Rng
    ) -> tuple[Any, bool]:
        """The move of a guided search at ``node`` (PUCT with the guide's move as the prior's
        favourite), and whether its child is new.

        The guide's move gets ``guide_weight`` of the prior beyond an even share, and a move not
        tried yet counts as worth nothing, so a small budget plays the guide's move and a larger
        one leaves it where the play-outs show a better one.  The guide is asked once per node,
        again only when its move is not legal in the sample.
        """
        hint = node.hint
        if hint is None or hint not in legal:
            hint = node.hint = guide.choose(state.view(mover), legal)
        children = node.children
        count = len(legal)
        rest = (1.0 - self.guide_weight) / count
        total = 1
        for m in legal:
            child = children.get(m)
            if child is not None:
                total += child.visits
        scale = self.exploration * math.sqrt(total)
        offset = rng.below(count)  # unvisited moves of equal prior: a seeded draw, not list order
        best = hint
        best_score = -1.0
        for i in range(count):
            m = legal[(offset + i) % count]
            child = children.get(m)
            prior = rest + self.guide_weight if m == hint else rest
            if child is None:
                score = scale * prior
            else:
                score = child.reward / child.visits + scale * prior / (1 + child.visits)
            if score > best_score:
                best, best_score = m, score
        if best in children:
            return best, False
        children[best] = _Node(node, mover)
        return best, True

    def _settled(self, start: Any, state: Any, played: int) -> tuple[float, ...] | None:
        """The seats' rewards once the play-out may stop, ``played`` moves after the sample
        ``start``: the match's winners, the round's value, or the position's at the horizon."""
        if self._round_value is not None:
            return self._round_value(start, state)
        outcome = state.outcome
        if outcome is not None:
            return outcome_shares(outcome)
        if played >= self._depth:
            assert self._position_value is not None  # a depth comes with a position value
            return self._position_value(state)
        return None


class _Pool(Sampler[Any]):
    """Deals drawn in proportion to their weights (cumulative, in ``bounds``)."""

    __slots__ = ("_bounds", "_deals")

    def __init__(self, name: str, deals: list[Any], bounds: list[float]) -> None:
        super().__init__(name)
        self._deals = deals
        self._bounds = bounds

    def _sample(self, rng: Rng) -> Any:
        at = self._bounds[-1] * (rng.next64() / 2**64)
        return self._deals[min(bisect.bisect_right(self._bounds, at), len(self._deals) - 1)]


def weighted_pool(
    sampler: Sampler[Any],
    weigh: Callable[[Any], float],
    size: int,
    rng: Rng,
    clock: Callable[[], float] = time.perf_counter,
    deadline: float | None = None,
) -> Sampler[Any]:
    """A sampler of ``size`` deals drawn from ``sampler`` (fewer, one at least, if ``clock`` passes
    ``deadline``), each drawn again in proportion to the likelihood whose log ``weigh`` gives it:
    the deals the belief makes likely come up more often.  Where every deal weighs alike, the
    sampler itself, whose every draw is a new deal."""
    deals: list[Any] = []
    logs: list[float] = []
    while len(deals) < size and (not deals or deadline is None or clock() < deadline):
        deal = sampler.sample(rng.next64())
        deals.append(deal)
        logs.append(_log_likelihood(weigh(deal)))
    top = max(logs)
    if top == -math.inf:
        raise ConfigError(
            f"ISMCTSPlayer: the belief gave each of the {len(deals)} deals drawn a log-likelihood of "
            f"-inf; it must leave some deal the view allows possible"
        )
    if min(logs) == top:
        return sampler
    bounds = list(itertools.accumulate(math.exp(log - top) for log in logs))
    return _Pool(sampler.game_name, deals, bounds)


def _log_likelihood(log: object) -> float:
    """A belief's weight of a deal: a number, ``-inf`` for a deal it rules out; else :class:`ConfigError`."""
    if isinstance(log, bool) or not isinstance(log, (int, float)) or math.isnan(log) or log == math.inf:
        raise ConfigError(
            f"ISMCTSPlayer: a belief must weigh each deal by a log-likelihood (a number, -inf to rule "
            f"it out); got {brief(log)}"
        )
    return float(log)


def _checked_value(value: RoundValue, players: int) -> RoundValue:
    """``value`` with each result checked: ``None`` (play on; not once the match is over), or each of
    the ``players`` seats' share from 0 to 1; else :class:`ConfigError`, before the search credits it."""

    def checked(start: Any, state: Any) -> tuple[float, ...] | None:
        shares = value(start, state)
        if shares is None and state.outcome is not None:
            raise ConfigError("ISMCTSPlayer: value returned None for a finished match; it must value it")
        if shares is not None and not (
            isinstance(shares, tuple)
            and len(shares) == players
            and all(
                not isinstance(share, bool) and isinstance(share, (int, float)) and 0 <= share <= 1
                for share in shares
            )
        ):
            raise ConfigError(
                f"ISMCTSPlayer: value must return None or a tuple of {players} shares from 0 to 1, "
                f"one a seat; got {brief(shares)}"
            )
        return shares

    return checked


def _guide(factory: Callable[[BaseGame[Any, Any], int], Any], game: BaseGame[Any, Any], seed: int) -> Any:
    """The guide ``factory`` builds for one seat, refused with :class:`ConfigError` unless it is a Player."""
    try:
        player = factory(game, seed)
    except Exception as exc:  # the user's code: anything may go wrong there
        raise ConfigError(
            f"ISMCTSPlayer: the guide factory {factory!r} raised {type(exc).__name__}: {exc}"
        ) from None
    if not callable(getattr(player, "choose", None)):
        raise ConfigError(f"ISMCTSPlayer: the guide factory {factory!r} returned {player!r}, not a Player")
    return player


def _advance(here: list[_Node], mover: int, move: Any, state: Any) -> None:
    """Move every seat's node along ``move``, made in ``state``: the mover's by the move, the
    others' by what they see of it.  Seats that share the mover's node and see the whole move go
    on sharing its child."""
    node = here[mover]
    child = node.children[move]
    in_the_open = type(state).observation is _OPEN
    for seat, at in enumerate(here):
        key = move if in_the_open or seat == mover else state.observation(move, seat)
        if key is None:  # the seat saw nothing of the move: it stays where it was
            continue
        if at is node and key == move:
            here[seat] = child
            continue
        nxt = at.children.get(key)
        if nxt is None:
            nxt = at.children[key] = _Node(at, mover)
        here[seat] = nxt
