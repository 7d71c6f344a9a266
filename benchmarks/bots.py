"""How strong the bots are: heuristic against random for every game, and IS-MCTS against
random and against the heuristic by iterations per decision, drawn with matplotlib.

    python benchmarks/bots.py [--parts heuristic,curve,oracle,malilla] [--games malilla mala_suerte ...]
                              [--malilla-bot ismcts-2000] [--malilla-targets 12,35]
                              [--budgets 10,30,100,300,1000] [--searches ismcts,ismctsg,ismctsgh]
                              [--matches 400] [--jobs 2] [--seed 1]

Every row is one seeded tournament, kept in benchmarks/results/bots.json as soon as it is
played; a row already there with at least ``--matches`` matches is not played again, so an
interrupted run resumes where it stopped and a larger run only adds rows.  Writes bots.md
(the tables the docs include), bots.svg (the curves: a panel only for what was played) and
bots_heuristic.svg (heuristic against random); ``--report-only`` redraws them from the JSON.

The curves: in each game's default configuration, one IS-MCTS seat plays against seats of
one other bot (Malilla: an IS-MCTS partnership against a partnership), seats rotating from
match to match.  The y-axis is the share of matches in which the IS-MCTS seat (side) is among
the winners; the dashed line beside each curve is the share a seat of the other bot gets when
every seat plays it (the same lineup with no search in it), so a curve above its line is a
search doing better than the bot it replaced.  Intervals are 95% (Wilson, on matches).
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import attrs
from _charts import pyplot, save

import cardrules
from cardrules import tournament
from cardrules._random import Rng
from cardrules.bots import make_bot
from cardrules.bots._ismcts import position_value
from cardrules.magyar_nepmesek import Category
from cardrules.magyar_nepmesek._validate import draw_thirds
from cardrules.mala_e_cuia import Tile

RESULTS = Path(__file__).parent / "results"
SEED = 1


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def partnership(game: Any) -> bool:
    """Whether seats play in fixed partnerships (the side then is seats 0 and 2)."""
    return bool(game.name == "malilla")


def lineup(game: Any, bot: str, other: str) -> list[str]:
    """``bot`` in one seat (both seats of a partnership), ``other`` in the rest."""
    if partnership(game):
        return [bot if seat % 2 == 0 else other for seat in range(game.players)]
    return [bot] + [other] * (game.players - 1)


def play_row(game: Any, bot: str, other: str, matches: int, jobs: int) -> dict[str, Any]:
    """``bot`` against ``other`` (see :func:`lineup`); with ``bot == other`` the table's baseline."""
    start = time.process_time()
    wall = time.perf_counter()
    seats = lineup(game, bot, other)
    result = tournament(game, seats, matches, SEED, jobs, progress=False)
    won = 0.0
    decisions = 0
    seconds = 0.0
    for m in result.matches:
        mine = [s for s, name in enumerate(m.seating) if name == bot]
        if bot == other:  # every seat is the bot: the expected share of one seat
            won += len(m.winners) / game.players
        else:
            won += any(s in m.winners for s in mine)
        decisions += sum(m.decisions[s] for s in mine)
        seconds += sum(m.seconds[s] for s in mine)
    rate = won / matches
    if bot == other:  # a mean of shares: a normal interval on the matches
        shares = [len(m.winners) / game.players for m in result.matches]
        sd = math.sqrt(sum((x - rate) ** 2 for x in shares) / max(1, matches - 1))
        low, high = (
            max(0.0, rate - 1.96 * sd / math.sqrt(matches)),
            min(1.0, rate + 1.96 * sd / math.sqrt(matches)),
        )
    else:
        low, high = wilson(won, matches)
    return {
        "game": str(game),
        "bot": bot,
        "other": other,
        "lineup": seats,
        "seed": SEED,
        "matches": matches,
        "win_rate": rate,
        "ci95": [low, high],
        "ms_per_decision": 1000 * seconds / decisions if decisions else 0.0,
        "cpu_seconds_main": time.process_time() - start,
        "wall_seconds": time.perf_counter() - wall,
    }


#: What an oracle is shown, by the prefix of its bot name (``oracleg-100-t20``, ``handsg-100-t20``,
#: ``modelg-100``).
ORACLES = {"oracle": "every card", "hands": "every hand", "model": "how the others play"}


#: The games an oracle can be shown every hand but not the draws (:func:`_draws_unseen`).
_REDEALT = ("maldicion", "magyar_nepmesek", "mala_suerte")


def _draws_unseen(state: Any, seed: int) -> Any:
    """``state`` with what no seat has seen dealt anew: the order of the cards still to be drawn, and
    the random generator that will shuffle and draw later (La Maldición, Magyar népmesék and Mala
    Suerte only), made as a sampler makes its samples: trusted (``_replace``), not checked again."""
    rng = Rng(seed)
    if state.game.name == "mala_suerte":
        # A deck card some seat knows the depth of (Horseshoe) stays put, and one whose colour every
        # seat has seen is swapped only with a card of that colour: what any seat knows stays true.
        known = {at for know in state.knowledge for at, card in enumerate(know.deck_top) if card is not None}
        slots: dict[Any, list[int]] = {}
        for at in range(len(state.deck)):
            if at not in known:
                colour = state.deck_colours[at] if at < len(state.deck_colours) else None
                slots.setdefault(colour, []).append(at)
        deck = list(state.deck)
        for places in slots.values():
            for at, card in zip(places, rng.shuffled([state.deck[at] for at in places]), strict=True):
                deck[at] = card
        return state._replace(deck=tuple(deck), rng=rng.next64())
    if state.game.name == "maldicion":
        return state._replace(deck=tuple(rng.shuffled(state.deck)), rng=rng.next64())
    if state.game.name == "magyar_nepmesek":  # a Midnight stays in its third of the pile (ruling 3)
        draw, category = state.draw, state.game.table.category
        midnight = {at for at, card in enumerate(draw) if category[card] is Category.MIDNIGHT}
        others = iter(rng.shuffled([card for at, card in enumerate(draw) if at not in midnight]))
        placed: dict[int, str] = {}
        for at in midnight:
            low, high = next((lo, min(hi, len(draw))) for lo, hi in draw_thirds(state.zones) if lo <= at < hi)
            placed[low + rng.below(high - low)] = draw[at]
        pile = tuple(placed[at] if at in placed else next(others) for at in range(len(draw)))
        return state._replace(draw=pile, board=attrs.evolve(state.board, rng=rng.next64()))
    raise ValueError(f"{state.game.name}: no oracle shown every hand but not the draws")


#: The games whose hidden choices a search may be told how the others make (:func:`_packed_as`).
_MODELLED = ("mala_e_cuia",)


def shows(prefix: str, name: str) -> bool:
    """Whether the game ``name`` has an oracle of ``prefix`` (a key of :data:`ORACLES`)."""
    return prefix == "oracle" or name in {"hands": _REDEALT, "model": _MODELLED}[prefix]


def _packed_as(state: Any, view: Any, players: list[Any]) -> Any:
    """``state``, a sample of ``view`` on its seat's turn, with the packs of the seats before it packed
    anew by ``players`` (the heuristic players of the other seats), move by move through the rules
    (competitive Mala e Cuia, where a round's packs are shown only once all are made); the packs are
    emptied with ``_replace``, as a sampler builds, since the state in between is no match's."""
    if state.game.name != "mala_e_cuia" or state.game.mode != "competitive":
        raise ValueError(f"{state.game.name}: no search told how the others choose what it cannot see")
    if state.outcome is not None:
        return state
    mine = view.seat
    state = state._replace(tiles=tuple(t if s == mine else Tile() for s, t in enumerate(state.tiles)))
    while (seat := state.current_player) != mine:
        state = state.apply(players[seat].choose(state.view(seat), state.legal_moves()))
    assert tuple(t.size for t in state.tiles) == view.tile_sizes
    return state


class _Oracle:
    """A stand-in for a game whose sampler deals the real state: a search shown every card.

    The real state holds the match's random generator too, so the search also knows every card
    still to be drawn: no player can do better at the same budget.  Shown ``"every hand"``, it
    sees every hand (Heroes, Curses and Villages too) but not the order of the cards still to be
    drawn (:func:`_draws_unseen`): a bound on what inferring the other hands could give.  Shown
    ``"how the others play"``, it sees only its view, but each sample's hidden choices are the
    ones the other seats' heuristic players would have made (:func:`_packed_as`): an honest
    search that knows its opponents' policy, though not the coins they toss between equal moves.
    """

    def __init__(self, game: Any, shown: str = "every card", seed: int = 0) -> None:
        self.game = game
        self.shown = shown
        self.state: Any = None
        self._honest: Any = None
        self._view: Any = None
        self._players = [make_bot("heuristic", game, seed=seed + s) for s in range(game.players)]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def sampler(self, view: Any) -> _Oracle:
        if self.shown == "how the others play":
            self._view, self._honest = view, self.game.sampler(view)
        return self

    def sample(self, seed: int) -> Any:
        if self.shown == "every card":
            return self.state
        if self.shown == "every hand":
            return _draws_unseen(self.state, seed)
        return _packed_as(self._honest.sample(seed), self._view, self._players)


def oracle_name(searcher: str, prefix: str = "oracle") -> str:
    """The oracle of an IS-MCTS bot: ``ismctsg-100-t20`` shown every card is ``oracleg-100-t20``,
    shown every hand ``handsg-100-t20`` (a key of :data:`ORACLES`)."""
    return prefix + searcher.removeprefix("ismcts")


def is_oracle(bot: str) -> bool:
    return bot.startswith(tuple(ORACLES))


def shown_to(oracle: str) -> str:
    """What ``oracle`` is shown (a value of :data:`ORACLES`)."""
    return next(shown for prefix, shown in ORACLES.items() if oracle.startswith(prefix))


def searcher_of(oracle: str) -> str:
    """The IS-MCTS bot an oracle is: ``oracleg-100-t20`` and ``handsg-100-t20`` are ``ismctsg-100-t20``."""
    prefix = next(p for p in ORACLES if oracle.startswith(p))
    return "ismcts" + oracle.removeprefix(prefix)


def oracle_match(task: tuple[Any, str, str, int]) -> tuple[bool, int]:
    """Match ``index``: the IS-MCTS bot ``searcher`` (e.g. ``ismctsg-100-t20``), shown ``shown``
    (a value of :data:`ORACLES`), in one seat (side) against heuristic seats, seats rotating.

    Whether the oracle seat (side) won, and the decisions it searched."""
    game, searcher, shown, index = task
    roles = lineup(game, "oracle", "heuristic")
    shift = index % game.players
    seats = [roles[(s + shift) % game.players] for s in range(game.players)]
    oracle = _Oracle(game, shown, seed=1000 * index + 500)
    players: list[Any] = []
    for seat, role in enumerate(seats):
        if role == "oracle":
            bot = make_bot(searcher, game, seed=1000 * index + seat)
            bot.game = oracle  # a game in all but its sampler
            players.append(bot)
        else:
            players.append(make_bot("heuristic", game, seed=1000 * index + seat))
    state = game.new_state(SEED * 100_003 + index)
    searched = 0
    while state.outcome is None:
        mover = state.current_player
        legal = state.legal_moves()
        if seats[mover] == "oracle" and len(legal) > 1:
            oracle.state = state
            searched += 1
        state = state.apply(players[mover].choose(state.view(mover), legal))
    return any(seats[s] == "oracle" for s in state.outcome.winners), searched


def oracle_row(game: Any, oracle: str, matches: int, jobs: int) -> dict[str, Any]:
    """The oracle ``oracle`` (``oracleg-100-t20``: the IS-MCTS bot ``ismctsg-100-t20`` shown every
    card) in a seat (Malilla: side), against the heuristic."""
    wall = time.perf_counter()
    task = (game, searcher_of(oracle), shown_to(oracle))
    with Pool(jobs) as pool:
        played = pool.map(oracle_match, [(*task, i) for i in range(matches)], chunksize=1)
    won = sum(w for w, _ in played)
    return {
        "game": str(game),
        "bot": oracle,
        "other": "heuristic",
        "lineup": lineup(game, oracle, "heuristic"),
        "seed": SEED,
        "matches": matches,
        "win_rate": won / matches,
        "ci95": list(wilson(won, matches)),
        "decisions": sum(d for _, d in played),
        "wall_seconds": time.perf_counter() - wall,
    }


def key(game: Any, bot: str, other: str) -> str:
    return key_of(str(game), bot, other)


def key_of(game: str, bot: str, other: str) -> str:
    return f"{game} | {bot} vs {other}" + (f" | seed {SEED}" if SEED != 1 else "")


def current(game: str) -> str:
    """``game`` (a configuration's repr) as today's configuration spells it.

    A row played before an option existed was played under that option's default, so the
    option is filled in and the row keeps its place beside the rows played since.
    """
    call = ast.parse(game, mode="eval").body
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
    options = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg is not None}
    return str(cardrules.games()[call.func.id](**options))


def _current_rows(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for k, row in rows.items():
        game = current(row["game"])
        k = game + k.removeprefix(row["game"])
        row = {**row, "game": game}
        if k not in out or out[k]["matches"] < row["matches"]:
            out[k] = row
    return out


class Results:
    """The rows played so far, saved after each one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        data = json.loads(path.read_text()) if path.exists() else {}
        self.rows: dict[str, dict[str, Any]] = _current_rows(data.get("rows", {}))
        self.heuristic: list[dict[str, Any]] = [
            {**row, "game": current(row["game"])} for row in data.get("heuristic", [])
        ]

    def get(self, game: Any, bot: str, other: str, matches: int, jobs: int) -> dict[str, Any]:
        """The row of ``bot`` against ``other``, played now if it is missing or smaller than ``matches``."""
        k = key(game, bot, other)
        row = self.rows.get(k)
        if row is None or row["matches"] < matches:
            if is_oracle(bot):
                row = oracle_row(game, bot, matches, jobs)
            else:
                row = play_row(game, bot, other, matches, jobs)
            self.rows[k] = row
            self.save()
            print(f"{k}: {row['win_rate']:.1%} ({row['ci95'][0]:.1%}-{row['ci95'][1]:.1%}), "
                  f"{row['matches']} matches, {row['wall_seconds']:.0f} s", flush=True)  # fmt: skip
        return row

    def save(self) -> None:
        """Write the rows, merged with any another run saved meanwhile (the larger row wins)."""
        if self.path.exists():
            saved = json.loads(self.path.read_text())
            for k, row in _current_rows(saved.get("rows", {})).items():
                if k not in self.rows or self.rows[k]["matches"] < row["matches"]:
                    self.rows[k] = row
            if not self.heuristic:
                self.heuristic = saved.get("heuristic", [])
        self.path.parent.mkdir(exist_ok=True)
        data = {"rows": dict(sorted(self.rows.items())), "heuristic": self.heuristic}
        self.path.write_text(json.dumps(data, indent=1) + "\n")


def heuristic_duel(game: Any, matches: int, jobs: int) -> dict[str, Any]:
    """Heuristic against random on alternating seats (partners and teams share a bot)."""
    seats = ["heuristic" if s % 2 == 0 else "random" for s in range(game.players)]
    result = tournament(game, seats, matches, SEED, jobs, progress=False)
    rows = {row.bot: row for row in result.standings}
    first_won = sum(1 for m in result.matches if any(m.seating[s] == "heuristic" for s in m.winners))
    return {
        "game": str(game),
        "first": "heuristic",
        "second": "random",
        "matches": matches,
        "win_rate": {bot: row.win_rate for bot, row in rows.items()},
        "ci95": {bot: row.confidence for bot, row in rows.items()},
        "mean_score": {bot: row.mean_score for bot, row in rows.items()},
        "matches_won_by_first": first_won / matches,
    }


#: The searches the curves follow: the bot name without its budget, and how the tables and plot
#: call it.  A ``-tD`` search stops play-outs after D moves, so it plays only the games that
#: value positions (Magyar népmesék and La Maldición).
SEARCHES = {
    "ismcts": "plain",
    "ismctsg": "guided",
    "ismctsgh": "guided, heuristic play-outs",
    "ismcts-t20": "plain, play-outs of 20 moves",
    "ismctsg-t20": "guided, play-outs of 20 moves",
    "ismctsgh-t20": "guided, heuristic play-outs of 20 moves",
}


def bot_name(search: str, budget: int) -> str:
    """The bot of ``search`` at ``budget`` iterations: ``ismctsg-t20`` at 100 is ``ismctsg-100-t20``."""
    stem, _, tail = search.partition("-")
    return f"{stem}-{budget}" + (f"-{tail}" if tail else "")


def search_of(bot: str) -> str:
    """The search a curve's bot belongs to (``ismctsg-100-t20``: ``ismctsg-t20``)."""
    stem, _, rest = bot.partition("-")
    _, _, tail = rest.partition("-")
    return f"{stem}-{tail}" if tail else stem


def budget_of(bot: str) -> int:
    return int(bot.split("-")[1])


def plays(search: str, game: Any) -> bool:
    """Whether ``search`` can play ``game``: a horizon of moves needs a position value."""
    return "-t" not in search or position_value(game) is not None


def curves(results: Results, other: str, search: str = "ismcts") -> dict[str, list[dict[str, Any]]]:
    """Each game's rows of ``search`` (a key of :data:`SEARCHES`) against ``other``, by budget."""
    out: dict[str, list[dict[str, Any]]] = {}
    for row in results.rows.values():
        bot = row["bot"]
        if (
            row["other"] == other
            and bot.startswith("ismcts")
            and search_of(bot) == search
            and _default(row["game"])
        ):
            out.setdefault(row["game"].split("(")[0], []).append(row)
    for rows in out.values():
        rows.sort(key=lambda r: budget_of(r["bot"]))
    return dict(sorted(out.items()))


def _default(game: str) -> bool:
    name = game.split("(")[0]
    return game == str(cardrules.games()[name]())


def baseline(results: Results, game: str, other: str) -> dict[str, Any] | None:
    return results.rows.get(key_of(game, other, other))


def panels(results: Results) -> list[tuple[str, str]]:
    """The (other bot, search) pairs with at least one row played: the only panels the plot draws."""
    return [
        (other, search)
        for search in SEARCHES
        for other in ("random", "heuristic")
        if curves(results, other, search)
    ]


def plot(results: Results, path: Path) -> None:
    """The curves against random and against the heuristic, each with its baselines.

    Only what was played is drawn: a search and opponent without a row gets no panel at all,
    and a panel without a curve is refused.
    """
    plt = pyplot()
    from matplotlib.ticker import PercentFormatter

    drawn = panels(results)
    if not drawn:
        raise ValueError(f"{path.name}: no IS-MCTS row is played yet; nothing to plot")
    rows_of_panels = math.ceil(len(drawn) / 2)
    fig, grid = plt.subplots(
        rows_of_panels, 2, figsize=(11, 4.2 * rows_of_panels), sharex=True, sharey=True, squeeze=False
    )
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    names = sorted(cardrules.games())
    axes = list(grid.flat)
    for spare in axes[len(drawn) :]:
        fig.delaxes(spare)
    for index, (ax, (other, search)) in enumerate(zip(axes, drawn, strict=False)):
        found = curves(results, other, search)
        if not found:
            raise ValueError(f"{path.name}: the panel of {search} against {other} has no curve")
        for i, name in enumerate(names):
            rows = found.get(name)
            if not rows:
                continue
            colour = colours[i % len(colours)]
            xs = [budget_of(r["bot"]) for r in rows]
            ys = [r["win_rate"] for r in rows]
            err = [[y - r["ci95"][0] for y, r in zip(ys, rows, strict=True)],
                   [r["ci95"][1] - y for y, r in zip(ys, rows, strict=True)]]  # fmt: skip
            ax.errorbar(xs, ys, yerr=err, color=colour, marker="o", capsize=3, label=name)
            base = baseline(results, rows[0]["game"], other)
            if base is not None:
                ax.axhline(base["win_rate"], color=colour, linestyle="--", linewidth=1)
        ax.set_xscale("log")
        ax.set_xlim(7, 1500)
        if index + 2 >= len(drawn):  # the lowest panel of its column
            ax.set_xlabel("IS-MCTS iterations per decision")
            ax.xaxis.set_tick_params(labelbottom=True)
        if index % 2 == 0:
            ax.set_ylabel("share of matches won by the IS-MCTS seat")
        ax.set_title(f"IS-MCTS, {SEARCHES[search]}\none seat (side) against {other} seats", fontsize=10)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(alpha=0.3)
    fig.tight_layout()
    labelled: dict[str, Any] = {}
    for ax in axes[: len(drawn)]:
        handles, labels = ax.get_legend_handles_labels()
        labelled.update(zip(labels, handles, strict=True))
    fig.legend(list(labelled.values()), list(labelled), loc="upper center", bbox_to_anchor=(0.5, 0.0),
               ncol=len(labelled), fontsize=9, frameon=False)  # fmt: skip
    fig.text(0.5, -0.04, "dashed: the share one seat of the other bot gets when every seat plays it",
             ha="center", va="top", fontsize=9)  # fmt: skip
    save(fig, path)


def short_label(game: str) -> str:
    """``malilla(target=12, ...)`` as ``malilla, target 12``: the name and its first option."""
    name, _, options = game.partition("(")
    first = options.split(",")[0].rstrip(")")
    return f"{name}, {first.replace('=', ' ')}" if first else name


def plot_heuristic(results: Results, path: Path) -> None:
    """Heuristic against random: each bot's seats' win rate in every configuration played, with 95% intervals."""
    plt = pyplot()
    from matplotlib.ticker import PercentFormatter

    rows = sorted(results.heuristic, key=lambda r: r["game"], reverse=True)
    if not rows:
        raise ValueError(f"{path.name}: no heuristic-against-random row is played yet; nothing to plot")
    fig, ax = plt.subplots(figsize=(9, 0.45 * len(rows) + 1.4))
    for offset, bot, colour in ((0.2, "heuristic", "#2e6b4a"), (-0.2, "random", "#b0b0b0")):
        ys = [i + offset for i in range(len(rows))]
        rates = [r["win_rate"][bot] for r in rows]
        # max(0, ...): an interval's end may round a hair inside a rate of 0 or 1.
        err = [[max(0.0, x - r["ci95"][bot][0]) for x, r in zip(rates, rows, strict=True)],
               [max(0.0, r["ci95"][bot][1] - x) for x, r in zip(rates, rows, strict=True)]]  # fmt: skip
        ax.barh(ys, rates, height=0.38, color=colour, xerr=err, capsize=2, label=f"{bot} seats")
    ax.set_yticks(range(len(rows)), [short_label(r["game"]) for r in rows])
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of the seats played that ended among the winners (95% intervals)")
    ax.set_title("Heuristic against random, alternating seats", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    save(fig, path)


def pct(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{row['win_rate']:.0%} ({low:.0%}–{high:.0%})"


def markdown(results: Results) -> str:
    lines = [
        "Measured with `python benchmarks/bots.py` (the seed and every row's size are in `bots.json`);",
        "every match is seeded, so the same command gives the same tables. Intervals are 95%.",
        "",
        "**Heuristic against random** (alternating seats, so partners and teams share a bot; the rate is the",
        "share of seats played that ended among the winners; a cooperative game's outcome is shared by the",
        "table, so there its mean team score says more).",
        "",
        "| game | matches | won by a heuristic seat | heuristic seats' win rate | random seats' win rate "
        "| heuristic mean score | random mean score |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in sorted(results.heuristic, key=lambda r: r["game"]):
        h, r = row["win_rate"]["heuristic"], row["win_rate"]["random"]
        (hl, hh), (rl, rh) = row["ci95"]["heuristic"], row["ci95"]["random"]
        lines.append(
            f"| `{row['game']}` | {row['matches']} | {row['matches_won_by_first']:.0%} "
            f"| {h:.0%} ({hl:.0%}–{hh:.0%}) | {r:.0%} ({rl:.0%}–{rh:.0%}) "
            f"| {row['mean_score']['heuristic']:.2f} | {row['mean_score']['random']:.2f} |"
        )
    lines += ["", "![Heuristic against random: win rates](../benchmarks/results/bots_heuristic.svg)"]
    lines += [
        "",
        "**IS-MCTS by iterations per decision** (each game's default configuration; one IS-MCTS seat,",
        "in Malilla an IS-MCTS partnership, against the other bot in every other seat; the rate is the",
        "share of matches the IS-MCTS seat or side won; *baseline* is the share one seat gets when every",
        "seat plays the other bot, what the IS-MCTS seat would get if it played like them; *plain* is",
        "`ismcts-N`, *guided* `ismctsg-N`, whose tree favours the heuristic player's moves,",
        "*guided, heuristic play-outs* `ismctsgh-N`, and *play-outs of 20 moves* `ismcts-N-t20` and",
        "`ismctsg-N-t20`, whose play-outs stop 20 moves after the sample, valued by the position;",
        "each row lists the iterations per decision played, and only those)",
        "",
        "| game | search | against | baseline | iterations: win rate, matches |",
        "|---|---|---|---|---|",
    ]
    for other in ("random", "heuristic"):
        for search in SEARCHES:
            for name, rows in curves(results, other, search).items():
                base = baseline(results, rows[0]["game"], other)
                played = "; ".join(f"**{budget_of(r['bot'])}**: {pct(r)}, {r['matches']} m." for r in rows)
                base_cell = f"{pct(base)}, {base['matches']} m." if base else ""
                lines.append(f"| {name} | {SEARCHES[search]} | {other} | {base_cell} | {played} |")
    order = list(SEARCHES)
    searched = sorted(
        {(r["game"], searcher_of(r["bot"])) for r in results.rows.values() if is_oracle(r["bot"])},
        key=lambda gs: (gs[0], order.index(search_of(gs[1])), budget_of(gs[1])),
    )
    if searched:
        lines += [
            "",
            "**Shown more** (`--parts oracle`: the same IS-MCTS seat, or Malilla side, against the",
            "heuristic, but each sample it draws is the real state, so it sees every hand and every card still",
            "to be drawn, or, *shown every hand*, the real state with the cards still to be drawn in a new order",
            "and the match's random generator reseeded: a bound on what inferring the other hands could give the",
            "same search, or, *shown how the others play* (Mala e Cuia), its own view alone, with the packs it",
            "cannot see made in each sample by the heuristic players it plays against; the honest row beside them;",
            "each row lists what was played, and only that)",
            "",
            "| game | search | iterations | baseline | played: win rate, matches |",
            "|---|---|---|---|---|",
        ]
        for game, searcher in searched:
            name = game.split("(")[0]
            base = baseline(results, game, "heuristic")
            variants = [(f"shown {shown}", key_of(game, oracle_name(searcher, p), "heuristic"))
                        for p, shown in ORACLES.items()]  # fmt: skip
            variants.append(("honest", key_of(game, searcher, "heuristic")))
            played = "; ".join(
                f"*{label}*: {pct(found)}, {found['matches']} m."
                for label, key in variants
                if (found := results.rows.get(key)) is not None
            )
            base_cell = f"{pct(base)}, {base['matches']} m." if base else ""
            lines.append(
                f"| {name} | {SEARCHES[search_of(searcher)]} | {budget_of(searcher)} | {base_cell} | {played} |"
            )
    extra = [
        r
        for r in results.rows.values()
        if not _default(r["game"]) and r["bot"] != r["other"] and not is_oracle(r["bot"])
    ]
    if extra:
        lines += [
            "",
            "**Other configurations**",
            "",
            "| game | IS-MCTS | against | matches | IS-MCTS side wins | CPU ms per decision |",
            "|---|---|---|---|---|---|",
        ]
        for row in sorted(extra, key=lambda r: (r["game"], r["other"], r["bot"])):
            lines.append(
                f"| `{row['game']}` | {row['bot']} | {row['other']} | {row['matches']} | {pct(row)} "
                f"| {row['ms_per_decision']:.0f} |"
            )
    lines += ["", "![IS-MCTS win rate against iterations](../benchmarks/results/bots.svg)"]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description="Bot strength tables and the IS-MCTS curves.")
    parser.add_argument("--parts", default="curve", help="comma-separated: heuristic, curve, oracle, malilla")
    parser.add_argument("--games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--budgets", default="10,30,100,300,1000", help="iterations per decision")
    parser.add_argument("--against", default="random,heuristic", help="the curves' other bots")
    parser.add_argument(
        "--searches", default="ismcts,ismctsg", help=f"the curves' searches: {', '.join(SEARCHES)}"
    )
    parser.add_argument(
        "--shown", default="oracle", help=f"the oracles of --parts oracle: {', '.join(ORACLES)}"
    )
    parser.add_argument("--matches", type=int, default=400, help="matches a row")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the tournaments' seed")
    parser.add_argument("--malilla-bot", default="ismcts-2000", help="the bot of the Malilla figures")
    parser.add_argument(
        "--malilla-targets", default="12,35", help="the targets of the Malilla figures (12: two rows)"
    )
    parser.add_argument("--results", type=Path, default=RESULTS / "bots.json")
    parser.add_argument(
        "--report-only", action="store_true", help="play nothing: rewrite bots.md and the plots from the JSON"
    )
    args = parser.parse_args()
    global SEED
    SEED = args.seed
    if set(args.shown.split(",")) - set(ORACLES):
        parser.error(f"--shown: each must be one of {', '.join(ORACLES)}")
    unknown = set(args.searches.split(",")) - set(SEARCHES)
    if unknown:
        parser.error(f"--searches: {', '.join(sorted(unknown))} is not one of {', '.join(SEARCHES)}")
    names = args.games or sorted(cardrules.games())
    parts = set(args.parts.split(","))
    results = Results(args.results)
    if not args.report_only:
        if "heuristic" in parts:
            for name in names:
                results.heuristic = [r for r in results.heuristic if r["game"].split("(")[0] != name]
                for game in cardrules.games()[name].examples()[:2]:
                    results.heuristic.append(heuristic_duel(game, args.matches, args.jobs))
                    results.save()
        if "curve" in parts:
            budgets = [int(x) for x in args.budgets.split(",") if x]
            for n in budgets:  # budget by budget, so that a short run has every game's first points
                for other in args.against.split(","):
                    for search in args.searches.split(","):
                        for name in names:
                            game = cardrules.games()[name]()
                            if not plays(search, game):
                                continue
                            results.get(game, other, other, args.matches, args.jobs)
                            results.get(game, bot_name(search, n), other, args.matches, args.jobs)
        if "oracle" in parts:
            budgets = [int(x) for x in args.budgets.split(",") if x]
            for n in budgets:
                for search in args.searches.split(","):
                    for name in names:
                        game = cardrules.games()[name]()
                        for prefix in args.shown.split(","):
                            if plays(search, game) and shows(prefix, name):
                                oracle = oracle_name(bot_name(search, n), prefix)
                                results.get(game, oracle, "heuristic", args.matches, args.jobs)
        if "malilla" in parts and "malilla" in names:
            targets = {int(x) for x in args.malilla_targets.split(",") if x}
            for target, other in ((12, "random"), (12, "heuristic"), (35, "random")):  # cheapest first
                if target not in targets:
                    continue
                game = cardrules.game("malilla", target=target)
                results.get(game, args.malilla_bot, other, args.matches, args.jobs)
    args.results.with_suffix(".md").write_text(markdown(results))
    if results.rows:
        plot(results, args.results.with_suffix(".svg"))
    if results.heuristic:
        plot_heuristic(results, args.results.with_name(f"{args.results.stem}_heuristic.svg"))
    print(markdown(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
