"""Applying a legal move: which rule each kind of decision drives."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from . import _effects as effects
from . import _setup as setup  # a module: _setup imports this one's importers (see _game)
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import EventKind, Step
from ._state import State
from ._table import Table

__all__ = ["apply_move"]


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, already known to be legal."""
    table = Table(state)
    _RULES[type(move)](table, move)
    return table.freeze()


def _mulligan(table: Table, move: Mulligan) -> None:
    """Setup: the deciding seat sets ``move.card`` aside to return, in secret (kept sorted)."""
    aside, card = table.aside, move.card
    i = bisect_right(aside, card)
    table.aside = (*aside[:i], card, *aside[i:])


def _play(table: Table, move: Play) -> None:
    """ "3. Play a Card (Mandatory)"."""
    card = move.card
    table.play(move.seat, card)
    effects.on_play(table, card)


def _draw(table: Table, move: Draw) -> None:
    """ "1. Draw (Optional) You may draw the first card of the deck and put it in your hand."."""
    table.draw(move.seat)
    table.step = Step.DRAWN


def _clean(table: Table, move: Clean) -> None:
    """ "If the last three cards played to your pile are one of each colour, you may discard them face up to
    the common discard and draw the first card of the deck." (an empty deck draws nothing: ruling 10)."""
    seat = move.seat
    cleaned = table.piles[seat][-3:]
    table.piles[seat] = table.piles[seat][:-3]
    table.discard = (*table.discard, *cleaned)
    table.log(EventKind.CLEAN, seat, cards=cleaned)
    table.draw(seat)
    table.step = Step.CLEANED


def _take(table: Table, move: Take) -> None:
    _TAKES[table.step](table, move.colour)


def _name_colour(table: Table, move: NameColour) -> None:
    effects.evil_eye(table, move.colour)


def _return(table: Table, move: Return) -> None:
    effects.horseshoe_return(table, move.card)


def _swap(table: Table, move: Swap) -> None:
    effects.mirror_swap(table, move.target, move.give, move.take)


def _keep(table: Table, move: Keep) -> None:
    table.returns = (*table.returns, table.aside)
    table.aside = ()
    if len(table.returns) == table.state.game.players:
        setup.resolve_mulligan(table)


_TAKES = {
    Step.CROWS_STEAL: effects.crows_steal,
    Step.CROWS_COUNTER: effects.crows_counter,
    Step.CAT_TAKE: effects.cat_take,
    Step.SALT_TAKE: effects.salt_take,
}
_RULES: dict[type[Move], Callable[[Table, Any], None]] = {
    Play: _play,
    Draw: _draw,
    Clean: _clean,
    Take: _take,
    NameColour: _name_colour,
    Return: _return,
    Swap: _swap,
    Keep: _keep,
    Mulligan: _mulligan,
}
