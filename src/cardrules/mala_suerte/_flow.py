"""Applying a legal move: which rule each kind of decision drives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _effects as effects
from ._cards import sort_cards
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import EventKind, Step
from ._setup import resolve_mulligan
from ._table import Table

if TYPE_CHECKING:
    from ._state import State

__all__ = ["apply_move"]


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, already known to be legal."""
    table = Table(state)
    if isinstance(move, Play):
        table.play(move.seat, move.card)
        effects.on_play(table, move.card)
    elif isinstance(move, Draw):
        # "1. Draw (Optional) You may draw the first card of the deck and put it in your hand."
        table.draw(move.seat)
        table.step = Step.DRAWN
    elif isinstance(move, Clean):
        _clean(table, move.seat)
    elif isinstance(move, Take):
        _TAKES[state.step](table, move.colour)
    elif isinstance(move, NameColour):
        effects.evil_eye(table, move.colour)
    elif isinstance(move, Return):
        effects.horseshoe_return(table, move.card)
    elif isinstance(move, Swap):
        effects.mirror_swap(table, move.target, move.give, move.take)
    elif isinstance(move, Mulligan):
        table.aside = sort_cards((*table.aside, move.card))
    elif isinstance(move, Keep):
        table.returns = (*table.returns, table.aside)
        table.aside = ()
        if len(table.returns) == state.game.players:
            resolve_mulligan(table)
    return table.freeze()


def _clean(table: Table, seat: int) -> None:
    """ "If the last three cards played to your pile are one of each colour, you may discard them face up to
    the common discard and draw the first card of the deck." (an empty deck draws nothing: ruling 10)."""
    cleaned = table.piles[seat][-3:]
    table.piles[seat] = table.piles[seat][:-3]
    table.discard = (*table.discard, *cleaned)
    table.log(EventKind.CLEAN, seat, cards=cleaned)
    table.draw(seat)
    table.step = Step.CLEANED


_TAKES = {
    Step.CROWS_STEAL: effects.crows_steal,
    Step.CROWS_COUNTER: effects.crows_counter,
    Step.CAT_TAKE: effects.cat_take,
    Step.SALT_TAKE: effects.salt_take,
}
