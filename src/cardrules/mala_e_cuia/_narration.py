"""Matches in plain words, for narrators and front ends: only what the whole table sees.

A packed item is never named before its reveal: "seat 1 packs an item".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._words import counted
from ._deck import Deck
from ._moves import Guess, Move
from ._progress import Competition, Cooperation
from ._tiles import Tile

if TYPE_CHECKING:
    from ._state import State

__all__ = ["describe", "opening", "tile_text"]


def tile_text(deck: Deck, tile: Tile) -> str:
    """``Umbrella, Passport, Raincoat + Bonus: Flashlight``."""
    general = ", ".join(sorted(deck.names[f] for f in tile.general)) or "nothing"
    bonus = deck.names[tile.bonus] if tile.bonus is not None else "nothing"
    return f"{general} + Bonus: {bonus}"


def _table(state: State) -> str:
    return "on the table: " + ", ".join(state.game.deck.names[f] for f in state.table)


def _situation(deck: Deck, index: int) -> str:
    card = deck.situations[index]
    return f"{card.general.text!r} (Bonus: {card.bonus.text!r})"


def opening(state: State) -> tuple[str, ...]:
    """The setup as the table sees it."""
    progress = state.progress
    if isinstance(progress, Competition):
        first = f"round 1: the Situation card is {_situation(state.game.deck, progress.situation)}"
        return (first, _table(state))
    return ("each seat gets a secret Situation card", _table(state))


def describe(before: State, move: Move, after: State) -> tuple[str, ...]:
    """One decision and what followed from it, public facts only."""
    deck = before.game.deck
    lines: list[str] = []
    if isinstance(move, Guess):
        lines.append(f"seat {move.seat}, for the team, points at {move.item} ({move.slot})")
    else:
        lines.append(f"seat {move.seat} packs an item")
        if before.tiles[move.seat].size == 3:
            lines.append(f"seat {move.seat} places its Suitcase Tile face down")
    progress, after_progress = before.progress, after.progress
    if isinstance(progress, Competition) and isinstance(after_progress, Competition):
        if len(after_progress.rounds) > len(progress.rounds):
            lines.extend(_compare(deck, after_progress, after))
    elif isinstance(progress, Cooperation) and isinstance(after_progress, Cooperation):
        if progress.first_protagonist is None and after_progress.first_protagonist is not None:
            lines.append(
                f"everyone has packed; seat {after_progress.first_protagonist} is the first protagonist"
            )
            lines.append(_read_aloud(deck, after_progress))
        elif len(after_progress.reveals) > len(progress.reveals):
            reveal = after_progress.reveals[-1]
            lines.append(f"seat {reveal.protagonist} opens the Suitcase Tile: {tile_text(deck, reveal.tile)}")
            lines.append(
                f"the team guessed {tile_text(deck, reveal.guess)}: {reveal.correct} right, "
                f"{counted(reveal.points, 'point')} (team total {sum(after.scores)})"
            )
            if after.outcome is None:
                lines.append(_read_aloud(deck, after_progress))
    if after.outcome is not None:
        lines.append(f"the match is over: {after.outcome}")
    return tuple(lines)


def _read_aloud(deck: Deck, progress: Cooperation) -> str:
    protagonist = progress.protagonist
    assert protagonist is not None
    spokesperson = (protagonist + 1) % len(progress.situations)
    situation = _situation(deck, progress.situations[protagonist])
    return f"protagonist seat {protagonist} reads aloud {situation}; seat {spokesperson} guesses for the team"


def _compare(deck: Deck, progress: Competition, after: State) -> list[str]:
    result = progress.rounds[-1]
    lines = [f"Compare Luggage, round {result.round}:"]
    for seat, (tile, points) in enumerate(zip(result.tiles, result.points, strict=True)):
        lines.append(
            f"seat {seat} packed {tile_text(deck, tile)}: {points} points (total {after.scores[seat]})"
        )
    if after.outcome is None:
        renewal = "flipped" if progress.flipped else "swapped for new ones"
        lines.append(
            f"New Destination, round {progress.round}: the Situation card is "
            f"{_situation(deck, progress.situation)}; the items are {renewal}"
        )
        lines.append(_table(after))
    return lines
