"""Applying a legal move: which rule each kind of move drives."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from . import _effects as effects
from ._events import EventKind
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._pending import Step
from ._setup import resolve_mulligan
from ._table import StateBuilder, Table

if TYPE_CHECKING:
    from ._state import State

__all__ = ["apply_move"]


def apply_move(state: State, move: Move, build: StateBuilder) -> State:
    """The state after ``move``, already known to be legal; ``build`` makes the new state of its fields."""
    table = Table(state, build)
    # By exact class (moves are final classes), which mypy narrows: a class pattern or isinstance would
    # run ABCMeta's Python-level __instancecheck__ once per case tried, at every move.
    if type(move) is Play:
        _play(table, move)
    elif type(move) is Draw:
        _draw(table, move)
    elif type(move) is Mulligan:
        _mulligan(table, move)
    elif type(move) is Keep:
        _keep(table, move)
    elif type(move) is Clean:
        _clean(table, move)
    elif type(move) is Take:
        _take(table, move)
    elif type(move) is NameColour:
        effects.evil_eye(table, move.colour)
    elif type(move) is Return:
        effects.horseshoe_return(table, move.card)
    elif type(move) is Swap:
        effects.mirror_swap(table, move.target, move.give, move.take)
    else:
        raise AssertionError(f"mala_suerte: no rule applies {move!r}")
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
    """A card taken from a hand: which effect asked for it is the decision pending."""
    match table.step:
        case Step.CROWS_STEAL:
            effects.crows_steal(table, move.colour)
        case Step.CROWS_COUNTER:
            effects.crows_counter(table, move.colour)
        case Step.CAT_TAKE:
            effects.cat_take(table, move.colour)
        case Step.SALT_TAKE:
            effects.salt_take(table, move.colour)
        case step:
            raise AssertionError(f"mala_suerte: a Take is not legal at the step {step.name}")


def _keep(table: Table, move: Keep) -> None:
    table.returns = (*table.returns, table.aside)
    table.aside = ()
    if len(table.returns) == table.state.game.players:
        resolve_mulligan(table)
