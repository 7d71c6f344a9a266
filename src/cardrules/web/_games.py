"""What the web table needs to know of each game beyond the contract.

Everything else the table and the browser take from the contract (views,
legal moves, narration).  Only three things differ by game: who plays with
whom, which move a seat means when it picks a card from its hand (so that
the engine can say why that card cannot be played now), and names for the
numbers a view uses (Mala e Cuia's item faces).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .._base import BaseGame, BaseMove, BaseState

__all__ = ["card_move", "labels", "teams"]

AnyGame = BaseGame[Any, Any]
AnyState = BaseState[Any, Any, Any]


def teams(game: AnyGame) -> list[list[int]]:
    """The partnerships: lists of seats that win together (one list per seat when everyone plays alone)."""
    seats = range(game.players)
    if game.name == "malilla":
        return [[0, 2], [1, 3]]
    if game.name == "maldicion" and game.teams:  # type: ignore[attr-defined]
        return [[s for s in seats if s % 2 == side] for side in (0, 1)]
    if game.name == "mala_e_cuia" and game.mode == "cooperative":  # type: ignore[attr-defined]
        return [list(seats)]
    return [[s] for s in seats]


def _play(module: str, cls: str) -> Callable[[int, Any], BaseMove]:
    def make(seat: int, card: Any) -> BaseMove:
        moves = importlib.import_module(f"cardrules.{module}._moves")
        move: BaseMove = getattr(moves, cls)(seat=seat, card=card)
        return move

    return make


#: The move a seat makes by picking a card of its hand, by game.
_CARD_MOVES: dict[str, Callable[[int, Any], BaseMove]] = {
    "malilla": _play("malilla", "Move"),
    "mala_suerte": _play("mala_suerte", "Play"),
    "maldicion": _play("maldicion", "Play"),
    "magyar_nepmesek": _play("magyar_nepmesek", "Play"),
}


def card_move(state: AnyState, seat: int, card: Any) -> BaseMove | None:
    """The move ``seat`` would mean by picking ``card`` of its hand, or ``None`` if the game has none."""
    make = _CARD_MOVES.get(state.game.name)
    return None if make is None else make(seat, card)


def labels(game: AnyGame) -> dict[str, str]:
    """Names for the numbers a view writes in place of things (Mala e Cuia's item faces)."""
    if game.name == "mala_e_cuia":
        return {str(face): name for face, name in enumerate(game.deck.names)}  # type: ignore[attr-defined]
    return {}
