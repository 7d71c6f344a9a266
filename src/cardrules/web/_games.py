"""What the web table needs to know of each game beyond the contract.

Everything else the table and the browser take from the contract (views,
legal moves, narration).  Only three things differ by game: who plays with
whom, the controls a seat is shown (the cards of its hand, or Mala e Cuia's
writes of an item in a field), each standing for a move so that the engine
can say why it cannot be made now, and names for the numbers a view uses
(Mala e Cuia's item faces).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .. import magyar_nepmesek, mala_e_cuia, mala_suerte, maldicion, malilla
from .._base import BaseGame, BaseMove, BaseState
from .._json import unstructure

__all__ = ["Control", "controls", "labels", "teams"]

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


#: The move a seat makes by picking a card of its hand, by game (Mala e Cuia has no hand).
_CARD_MOVES: dict[str, Callable[..., BaseMove]] = {
    "malilla": malilla.Move,
    "mala_suerte": mala_suerte.Play,
    "maldicion": maldicion.Play,
    "magyar_nepmesek": magyar_nepmesek.Play,
}


@attrs.frozen
class Control:
    """A control the browser shows a seat: the move it stands for, and the card of the hand it plays, if any."""

    move: BaseMove | None
    card: str | None = None


def controls(state: AnyState, seat: int) -> list[Control]:
    """Every control of ``seat``, legal now or not: one per card of its hand, or Mala e Cuia's writes.

    A hand's card stands for playing it; Mala e Cuia's seat, on its decision,
    is shown each item on the table written in each field (a Pack while the
    tiles are packed, then a Guess).
    """
    if state.game.name == "mala_e_cuia":
        return _writes(state, seat)
    hand = getattr(state.view(seat), "hand", None)
    if not isinstance(hand, tuple):
        return []
    make = _CARD_MOVES.get(state.game.name)
    found = []
    for card in dict.fromkeys(hand):
        name = unstructure(card)
        if isinstance(name, str):
            try:
                move = None if make is None else make(seat=seat, card=card)
            except (TypeError, ValueError):
                move = None
            found.append(Control(move, name))
    return found


def _writes(state: AnyState, seat: int) -> list[Control]:
    assert isinstance(state, mala_e_cuia.State)
    if state.current_player != seat:
        return []
    write = mala_e_cuia.Pack if state.packing else mala_e_cuia.Guess
    names = state.game.deck.names
    return [
        Control(write(seat=seat, item=names[face], slot=slot))
        for slot in mala_e_cuia.Slot
        for face in state.table
    ]


def labels(game: AnyGame) -> dict[str, str]:
    """Names for the numbers a view writes in place of things (Mala e Cuia's item faces)."""
    if game.name == "mala_e_cuia":
        return {str(face): name for face, name in enumerate(game.deck.names)}  # type: ignore[attr-defined]
    return {}
