"""Cooperative mode: the Guess phase, one protagonist after another, and the team's result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._outcome import Outcome
from .._random import resume
from ._progress import Cooperation
from ._records import Reveal
from ._scoring import Band, guess_points
from ._tiles import Slot, Tile

if TYPE_CHECKING:
    from ._state import State
    from ._transition import StateBuilder

__all__ = ["after_guess", "start_guessing", "team_outcome"]


def start_guessing(state: State, tiles: tuple[Tile, ...], build: StateBuilder) -> State:
    """Rulebook: "When all players have finished, the game proceeds to the Guess phase": "A player is randomly
    chosen to be the first protagonist."."""
    progress = state.progress
    assert isinstance(progress, Cooperation)
    rng = resume(state.rng)
    first = rng.below(state.game.players)
    guessing = Cooperation(progress.situations, first, Tile(), ())
    return build(state.game, rng.state, state.table, tiles, state.scores, guessing, None)


def after_guess(state: State, face: int, slot: Slot, build: StateBuilder) -> State:
    """The spokesperson points at one more item; with the fourth, the protagonist's tile is revealed and scored.

    "The protagonist then opens their Suitcase Tile and reveals their
    choices."  "The protagonist records the points the team received" on
    their own tile.  "After all players have been the protagonist in the
    Guess phase, the game ends."
    """
    progress = state.progress
    assert isinstance(progress, Cooperation)
    guess = progress.guess.write(face, slot)
    if not guess.complete:
        return build(
            state.game,
            state.rng,
            state.table,
            state.tiles,
            state.scores,
            Cooperation(progress.situations, progress.first_protagonist, guess, progress.reveals),
            None,
        )
    protagonist = progress.protagonist
    assert protagonist is not None
    tile = state.tiles[protagonist]
    correct, points = guess_points(tile, guess)
    reveal = Reveal(protagonist, progress.situations[protagonist], tile, guess, correct, points)
    scores = tuple(s + points if seat == protagonist else s for seat, s in enumerate(state.scores))
    after = Cooperation(progress.situations, progress.first_protagonist, Tile(), (*progress.reveals, reveal))
    outcome = team_outcome(scores) if len(after.reveals) == state.game.players else None
    return build(state.game, state.rng, state.table, state.tiles, scores, after, outcome)


def team_outcome(scores: tuple[int, ...]) -> Outcome:
    """The whole table shares the result: every seat's score is the team total (ruling 11), with its band."""
    total = sum(scores)
    players = len(scores)
    band = Band.of(total, players)
    return Outcome(
        winners=frozenset(range(players)),
        scores=(float(total),) * players,
        reason=f"the team scored {total} of {5 * players} points: {band.name} ({band.caption})",
    )
