"""Competitive mode: Compare Luggage at the end of a round, then New Destination or the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._outcome import Outcome
from .._random import resume
from ._progress import ROUNDS, Competition, next_refresh
from ._records import RoundResult
from ._scoring import compare_luggage
from ._tiles import Tile

if TYPE_CHECKING:
    from ._state import State
    from ._transition import StateBuilder

__all__ = ["compare_luggage_and_renew", "final_outcome"]


def compare_luggage_and_renew(state: State, tiles: tuple[Tile, ...], build: StateBuilder) -> State:
    """Rulebook: "Simultaneously, everyone opens and reveals their Suitcase Tiles", scores, and the round ends.

    "If this was the 4th round, proceed to the End of Game. Otherwise, return
    to the New Destination phase to start a new round."
    """
    progress = state.progress
    assert isinstance(progress, Competition)
    points = compare_luggage(tiles)
    scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    result = RoundResult(progress.round, progress.situation, state.table, tiles, points)
    rounds = (*progress.rounds, result)
    if progress.round == ROUNDS:
        done = Competition(
            progress.round,
            progress.situation,
            progress.discarded_situations,
            progress.discarded_items,
            progress.flipped,
            rounds,
        )
        return build(state.game, state.rng, state.table, tiles, scores, done, final_outcome(scores))
    return _new_destination(state, scores, rounds, build)


def _new_destination(
    state: State, scores: tuple[int, ...], rounds: tuple[RoundResult, ...], build: StateBuilder
) -> State:
    """Rulebook: "Discard the Situation Card from the previous round and reveal a new random card from the pile".

    Then the Item cards are swapped for new ones (random faces up, ruling 3)
    or flipped, as the ``new_items`` option says (ruling 12: ``"swap"`` swaps
    only while the pile still supplies the rounds left); swapped-out cards are
    discarded for good (ruling 13).
    """
    progress = state.progress
    assert isinstance(progress, Competition)
    game, rng = state.game, resume(state.rng)
    deck = game.deck
    discarded_situations = (*progress.discarded_situations, progress.situation)
    gone = set(discarded_situations)
    pile = [i for i in range(len(deck.situations)) if i not in gone]
    situation = rng.choice(pile)
    used = {f // 2 for f in state.table}.union(progress.discarded_items)
    item_pile = [c for c in range(len(deck.items)) if c not in used]
    renewals = ROUNDS - progress.round
    how = next_refresh(game.new_items, len(item_pile), progress.flipped, len(state.table), renewals)
    if how == "flip":
        table = tuple(f ^ 1 for f in state.table)
        discarded_items, flipped = progress.discarded_items, True
    else:
        assert how == "swap", "the Game checks that the deck lasts 4 rounds"
        table = tuple(2 * card + rng.below(2) for card in rng.sample(item_pile, len(state.table)))
        discarded_items, flipped = (*progress.discarded_items, *(f // 2 for f in state.table)), False
    renewed = Competition(
        progress.round + 1, situation, discarded_situations, discarded_items, flipped, rounds
    )
    n = game.players
    return build(game, rng.state, table, (Tile(),) * n, scores, renewed, None)


def final_outcome(scores: tuple[int, ...]) -> Outcome:
    """Rulebook: "The player with the most points is the winner! In case of a tie, the tied players share the victory."."""
    best = max(scores)
    winners = frozenset(s for s, points in enumerate(scores) if points == best)
    who = ", ".join(str(s) for s in sorted(winners))
    reason = (
        f"seat{'s' if len(winners) > 1 else ''} {who} scored the most, {best} points, after {ROUNDS} rounds"
    )
    return Outcome(winners=winners, scores=tuple(float(s) for s in scores), reason=reason)
