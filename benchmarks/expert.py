"""How well the Malilla bots play: points given away against the exact solver, and the expert
against IS-MCTS in duplicate at equal CPU time a decision.

    python benchmarks/expert.py [--parts endgames,duel,field,model] [--seed 1] [--positions 120]
                                [--bots expert,heuristic,ismcts-200] [--players heuristic]
                                [--deals 30] [--cpu 0.05] [--sees own|all|endgame]
                                [--expert pool=100,...] [--model-error 0.3]
                                [--games mala_suerte,maldicion,...] [--jobs 1]

``endgames``: ``--positions`` decisions with 2 to 5 tricks left (and a choice to make) are taken
from seeded matches of ``--players`` (a registry name: heuristic players by default), one a match
at a random point of a random hand.  The
real deal is solved exactly (:func:`cardrules.malilla.solve`); each bot of ``--bots`` (registry
names, and ``expert-uniform``: the expert weighing every sampled deal alike) chooses from its view, and gives away the points between the best move's value and its
move's, for its side to the end of the hand.  Printed: the mean points given away a decision with
its 95% interval (normal, on decisions), the share of decisions that give away anything, and the
CPU time a decision (``time.process_time``).

``duel``: the expert partnership (``expert`` with ``--cpu`` CPU seconds a decision) against a
partnership of plain IS-MCTS (the strongest IS-MCTS in Malilla, docs/bots.md) given the same CPU
seconds a decision, at target 12, in duplicate (:func:`cardrules.tournament` with
``duplicate=True``): ``--deals`` deals, each played twice with the sides swapped.  Printed: the
expert side's share of the matches with its 95% Wilson interval, and the CPU time a decision of
each side.  With ``--sees all`` the expert side is an *oracle*: every deal its searches sample is
the real state (as in ``benchmarks/oracle.py``), so it plays the first tricks by IS-MCTS on the
real deal and the last ones by solving the real deal exactly; the same matches are played (the
tournament's deals, seats and bot seeds), so the row bounds what better inference could add to the
expert at that budget.  With ``--sees endgame`` only the last tricks' solved deals are the real
one, and the first tricks are searched honestly: what inference could add where the expert solves.

``model``: how well the opponent model (the heuristic player, :func:`play_likelihood`) describes
``--players`` (a registry name): the first hands of ``--deals`` seeded matches of those players,
and at each play with a choice, whether it is the heuristic player's card, against the chance of a
card drawn at random, by place in the trick and by half of the hand (tricks 1-5, 6-10).  Then, at
the decisions of the first five tricks after trick 1, the mean log-probability gain per hidden card
of the real deal's holder, deals weighted by the model (``--model-error``) against alike, over 200
sampled deals: above 0 where the model's inference finds the real hands, below where it misleads.

``--expert name=value,...`` gives the duel's expert side options of :class:`ExpertPlayer`
(``pool=100``, ``endgame_tricks=6``, ``model_error=none``, ``solve_from=3``; ``time_limit=0.2``
gives it another CPU budget than the IS-MCTS side's ``--cpu``).

``field``: every other game (``--games``), one seat of a bot against three heuristic players (the
bot every search in docs/bots.md is measured against), in duplicate (each deal twice, the seats
rotated by one), ``--deals`` deals: the expert with ``--cpu`` CPU seconds a decision, and, where
the game's best bot so far is a search (:data:`BEST`), that search given the same CPU seconds,
on the same deals.  Printed: each bot's share of the matches its seat is among the winners
(95% Wilson interval), the share a heuristic seat gets when every seat is one (the baseline,
normal interval on matches) and the CPU time a decision of the bot's seat.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

import cardrules
import cardrules.malilla._solver as solver_module
from cardrules import malilla, tournament
from cardrules._random import Rng
from cardrules._runners import deal_index, match_seed, seating
from cardrules.bots import ISMCTSPlayer, make_bot
from cardrules.bots._expert import ExpertPlayer, play_likelihood


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` successes in ``n`` trials."""
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def endgame(seed: int, players_name: str = "heuristic") -> malilla.State:
    """A decision with 2 to 5 tricks left and more than one legal move, from a seeded match of
    ``players_name`` players: a random hand of the match's first three, a random such decision in it."""
    game = malilla.Game()
    rng = Rng.from_seed(seed, 77)
    players = [make_bot(players_name, game, seed=s) for s in range(4)]
    state = game.new_state(seed)
    hand = 1 + rng.below(3)
    found: list[malilla.State] = []
    while state.outcome is None and state.hand_number <= hand:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        if state.hand_number == hand and 2 <= 10 - len(state.tricks) <= 5 and len(legal) > 1:
            found.append(state)
        state = state.apply(players[seat].choose(state.view(seat), legal))
    if not found:
        return endgame(seed + 1_000_003, players_name)  # the match ended before that hand
    return found[rng.below(len(found))]


def endgame_bot(name: str, game: Any, seed: int) -> Any:
    """A bot of the registry by name, or ``expert-uniform``: the expert without its opponent model."""
    if name == "expert-uniform":
        return ExpertPlayer(game, seed=seed, model_error=None)
    return make_bot(name, game, seed=seed)


def endgames(seed: int, positions: int, bots: list[str], players: str = "heuristic") -> None:
    given: dict[str, list[int]] = {b: [] for b in bots}
    cpu: dict[str, float] = dict.fromkeys(bots, 0.0)
    for index in range(positions):
        state = endgame(seed * 100_003 + index, players)
        values = malilla.solve(state)
        best = max(values.values())
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        for name in bots:  # interleaved: every bot on each position in turn
            bot = endgame_bot(name, state.game, seed + index)
            start = time.process_time()
            move = bot.choose(view, legal)
            cpu[name] += time.process_time() - start
            given[name].append(best - values[move])
    print(f"Malilla endgames (2-5 tricks left) of {players} players, {positions} decisions, seed {seed}:")
    for name in bots:
        lost = given[name]
        mean = statistics.fmean(lost)
        half = 1.96 * statistics.stdev(lost) / math.sqrt(len(lost))
        share = sum(1 for x in lost if x > 0) / len(lost)
        print(
            f"  {name}: {mean:.2f} points given away a decision ({max(0.0, mean - half):.2f}-{mean + half:.2f}), "
            f"{share:.0%} of decisions give some away, {1000 * cpu[name] / positions:.1f} CPU ms a decision"
        )


def expert_bot(cpu: float, game: Any, seed: int, options: dict[str, Any] | None = None) -> ExpertPlayer:
    return ExpertPlayer(game, seed=seed, **{"time_limit": cpu, **(options or {})})


def expert_options(text: str) -> dict[str, Any]:
    """``--expert``'s ``name=value,...`` as ExpertPlayer's keyword arguments (``none`` for None)."""
    options: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        options[name] = None if value == "none" else float(value) if "." in value else int(value)
    return options


def ismcts_bot(cpu: float, game: Any, seed: int) -> ISMCTSPlayer:
    return ISMCTSPlayer(game, iterations=10**9, time_limit=cpu, seed=seed, clock=time.process_time)


#: The best bot measured so far in each game other than Malilla against the heuristic players, where
#: it is a search (docs/bots.md, "Where each game stands"): its name, play-outs, guide and horizon.
#: Magyar népmesék and Mala e Cuia have none: no search measured beats the heuristic there.
BEST: dict[str, tuple[str, str, str, str | int]] = {
    "mala_suerte": ("ismctsgh", "heuristic", "heuristic", "round"),
    "maldicion": ("ismctsg-t20", "random", "heuristic", 20),
}


def search_bot(cpu: float, rollout: Any, guide: Any, horizon: Any, game: Any, seed: int) -> ISMCTSPlayer:
    return ISMCTSPlayer(
        game, iterations=10**9, time_limit=cpu, seed=seed, rollout=rollout, guide=guide,
        horizon=horizon, clock=time.process_time,
    )  # fmt: skip


def field(seed: int, games: list[str], deals: int, cpu: float, jobs: int) -> None:
    print(f"One seat against three heuristic players, {deals} deals in duplicate ({2 * deals} matches), "
          f"{cpu} CPU s a decision, seed {seed}:")  # fmt: skip
    for name in games:
        game = cardrules.games()[name]()
        base = tournament(game, ["heuristic"] * game.players, 2 * deals, seed, jobs, progress=False,
                          duplicate=True)  # fmt: skip
        shares = [len(m.winners) / game.players for m in base.matches]
        mean = statistics.fmean(shares)
        half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
        print(f"  {name}: baseline (a heuristic seat among heuristic seats) {mean:.1%} "
              f"({mean - half:.1%}-{mean + half:.1%})")  # fmt: skip
        bots: list[tuple[str, Any]] = [("expert", functools.partial(expert_bot, cpu))]
        if name in BEST:
            label, rollout, guide, horizon = BEST[name]
            bots.append((label, functools.partial(search_bot, cpu, rollout, guide, horizon)))
        for label, bot in bots:
            result = tournament(game, [bot] + ["heuristic"] * (game.players - 1), 2 * deals, seed, jobs,
                                progress=False, duplicate=True)  # fmt: skip
            mine = result.lineup[0]
            won = decisions = 0
            seconds = 0.0
            for m in result.matches:
                seat = m.seating.index(mine)
                won += seat in m.winners
                decisions += m.decisions[seat]
                seconds += m.seconds[seat]
            n = len(result.matches)
            low, high = wilson(won, n)
            print(f"  {name}: {label} {won / n:.1%} ({low:.1%}-{high:.1%}), "
                  f"{1000 * seconds / max(1, decisions):.1f} CPU ms a decision", flush=True)  # fmt: skip


class _Shown:
    """The game as an oracle's searches see it: every deal sampled from any view is ``state``."""

    def __init__(self, game: malilla.Game) -> None:
        self.game = game
        self.state: malilla.State | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def sampler(self, view: malilla.View) -> _Shown:
        return self

    def sample(self, seed: int) -> malilla.State:
        assert self.state is not None
        return self.state


def _shown_match(args: tuple[int, int, float, str, dict[str, Any]]) -> tuple[bool, list[float], list[int]]:
    """Match ``index`` of the duel's tournament (its deal, seating and bot seeds) with the expert side
    shown the real state (``sees``: ``all`` or ``endgame``): whether the expert side won, and each
    seat's CPU seconds and decisions."""
    seed, index, cpu, sees, options = args
    game = malilla.Game(target=12)
    shown = _Shown(game)
    mseed = match_seed(seed, deal_index(index, True))
    bots: list[Any] = []
    expert_side = seating(["expert", "ismcts", "expert", "ismcts"], index).index("expert") % 2
    for place in range(4):
        bot: Any
        if place % 2 == expert_side:
            bot = expert_bot(cpu, game, match_seed(mseed, place), options)
            bot.game = shown  # the deals its endgames solve
            if sees == "all":
                bot.search.game = shown  # the deals its first tricks search
        else:
            bot = ismcts_bot(cpu, game, match_seed(mseed, place))
        bots.append(bot)
    seconds, decisions = [0.0] * 4, [0] * 4
    state = game.new_state(mseed)
    while state.outcome is None:
        seat = state.current_player
        assert seat is not None
        shown.state = state
        start = time.process_time()
        move = bots[seat].choose(state.view(seat), state.legal_moves())
        seconds[seat] += time.process_time() - start
        decisions[seat] += 1
        state = state.apply(move)
    return any(s % 2 == expert_side for s in state.outcome.winners), seconds, decisions


def duel(
    seed: int, deals: int, cpu: float, jobs: int, sees: str = "own", options: dict[str, Any] | None = None
) -> None:
    game = malilla.Game(target=12)
    played: list[tuple[bool, list[float], list[int], int]] = []
    if sees != "own":
        tasks = [(seed, index, cpu, sees, options or {}) for index in range(2 * deals)]
        with multiprocessing.Pool(jobs) as pool:
            for index, (won_it, secs, decs) in enumerate(pool.imap(_shown_match, tasks)):
                side = seating([0, 1, 0, 1], index).index(0) % 2
                played.append((won_it, secs, decs, side))
    else:
        expert = functools.partial(expert_bot, cpu, options=options)
        ismcts = functools.partial(ismcts_bot, cpu)
        result = tournament(
            game, [expert, ismcts, expert, ismcts], 2 * deals, seed, jobs, progress=False, duplicate=True
        )
        label = result.lineup[0]
        for m in result.matches:
            side = 0 if m.seating[0] == label else 1  # the side the expert plays in this match
            won_it = any(s % 2 == side for s in m.winners)
            played.append((won_it, list(m.seconds), list(m.decisions), side))
    won = 0
    seconds = {0: 0.0, 1: 0.0}
    counts = {0: 0, 1: 0}
    for won_it, secs, decs, side in played:
        won += won_it
        for s in range(4):
            mine = s % 2 == side
            seconds[0 if mine else 1] += secs[s]
            counts[0 if mine else 1] += decs[s]
    n = len(played)
    low, high = wilson(won, n)
    who = {
        "own": "expert",
        "all": "expert shown every hand (oracle)",
        "endgame": "expert shown every hand in its endgames",
    }[sees]
    if options:
        who += " (" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")"
    print(
        f"Malilla target 12, {who} vs plain IS-MCTS at {cpu} CPU s a decision, {deals} deals in duplicate "
        f"({n} matches), seed {seed}: expert side wins {won / n:.1%} ({low:.1%}-{high:.1%}); CPU ms a "
        f"decision: expert {1000 * seconds[0] / max(1, counts[0]):.1f}, "
        f"IS-MCTS {1000 * seconds[1] / max(1, counts[1]):.1f}"
    )


def model(seed: int, deals: int, players_name: str, error: float) -> None:
    game = malilla.Game(target=12)
    guess = make_bot("heuristic", game, seed=seed)
    agree: dict[tuple[str, str], list[tuple[bool, float]]] = {}
    gains: list[float] = []
    for index in range(deals):
        mseed = match_seed(seed, index)
        players = [make_bot(players_name, game, seed=match_seed(mseed, s)) for s in range(4)]
        state = game.new_state(mseed)
        while state.outcome is None and state.hand_number == 1:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_moves()
            move = players[seat].choose(view, legal)
            if len(legal) > 1:
                kind = (
                    "lead" if not state.trick else f"plays {len(state.trick) + 1}",
                    "1-5" if len(state.tricks) < 5 else "6-10",
                )
                agree.setdefault(kind, []).append((guess.choose(view, legal) == move, 1 / len(legal)))
                if 1 <= len(state.tricks) < 5:
                    gains.append(_inference_gain(state, view, guess, error, Rng.from_seed(mseed, len(gains))))
            state = state.apply(move)
    print(f"The opponent model against {players_name} players, first hands of {deals} matches, seed {seed}:")
    for kind in sorted(agree):
        hits = agree[kind]
        share = sum(h for h, _ in hits) / len(hits)
        low, high = wilson(sum(h for h, _ in hits), len(hits))
        chance = statistics.fmean(c for _, c in hits)
        print(f"  {kind[0]}, tricks {kind[1]}: the heuristic's card {share:.0%} ({low:.0%}-{high:.0%}) of "
              f"{len(hits)} plays, a random card's chance {chance:.0%}")  # fmt: skip
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    print(f"  log-probability gain per hidden card, tricks 2-5, model_error {error}: {mean:+.3f} "
          f"({mean - half:+.3f} to {mean + half:+.3f}) over {len(gains)} decisions")  # fmt: skip


def _inference_gain(state: malilla.State, view: malilla.View, guess: Any, error: float, rng: Rng) -> float:
    """The mean over the hidden cards of the log-probability that a card is where the real deal has
    it, 200 sampled deals weighted by the opponent model, less that of the same deals weighted alike."""
    deals = [state.game.sampler(view).sample(rng.next64()) for _ in range(200)]
    weigh = play_likelihood(view, guess, error)
    logs = [weigh(deal) for deal in deals]
    weights = [math.exp(log - max(logs)) for log in logs]
    gain = 0.0
    hidden = [(card, s) for s in range(4) if s != view.seat for card in state.hands[s]]
    for card, s in hidden:
        weighted = sum(w for w, deal in zip(weights, deals, strict=True) if card in deal.hands[s]) / sum(
            weights
        )
        alike = sum(1 for deal in deals if card in deal.hands[s]) / len(deals)
        gain += math.log(max(weighted, 1e-3)) - math.log(max(alike, 1e-3))
    return gain / len(hidden)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--parts", default="endgames,duel")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--bots", default="expert,heuristic,ismcts-200")
    parser.add_argument("--players", default="heuristic", help="who plays the matches of --parts endgames")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--cpu", type=float, default=0.05, help="CPU seconds a decision in the duel")
    parser.add_argument(
        "--sees",
        choices=("own", "all", "endgame"),
        default="own",
        help="what the expert side's searches see in the duel",
    )
    parser.add_argument(
        "--expert", default="", help="the duel expert's options: name=value,... (pool=100,endgame_tricks=6)"
    )
    parser.add_argument("--model-error", type=float, default=0.3, help="the model's error in --parts model")
    parser.add_argument("--games", default="mala_suerte,maldicion,magyar_nepmesek,mala_e_cuia")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    print(f"build: {'compiled' if solver_module.__file__.endswith(('.so', '.pyd')) else 'pure Python'}")
    if "endgames" in parts:
        endgames(args.seed, args.positions, args.bots.split(","), args.players)
    if "duel" in parts:
        duel(args.seed, args.deals, args.cpu, args.jobs, args.sees, expert_options(args.expert))
    if "model" in parts:
        model(args.seed, args.deals, args.players, args.model_error)
    if "field" in parts:
        field(args.seed, args.games.split(","), args.deals, args.cpu, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
