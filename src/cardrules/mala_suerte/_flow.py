"""Applying a legal move: which rule each kind of decision drives."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from . import _effects as effects
from . import _setup as setup  # a module: _setup imports this one's importers (see _game)
from ._fast import FAST_KINDS, fast_name_colour, fast_play, fast_return, plain_draw
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import EventKind, Step
from ._state import State
from ._table import Table

__all__ = ["apply_move"]

#: Enum members as module constants: a class attribute lookup costs more in the hot path.
_EV_CLEAN = EventKind.CLEAN
_STEP_CAT_TAKE = Step.CAT_TAKE
_STEP_CLEANED = Step.CLEANED
_STEP_CROWS_COUNTER = Step.CROWS_COUNTER
_STEP_CROWS_STEAL = Step.CROWS_STEAL
_STEP_DRAWN = Step.DRAWN
_STEP_SALT_TAKE = Step.SALT_TAKE
_ON_PLAY = effects.ON_PLAY


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, already known to be legal."""
    kind = type(move)
    if kind is Mulligan or (kind is Keep and len(state.returns) + 1 < state.game.players):
        return _secret(state, move)
    if type(move) is Play:  # (not ``kind``: mypy narrows only this)
        card = move.card
        coloured = state.game.backs == "coloured"  # coloured_backs inline: a property call costs more here
        if card // 3 in FAST_KINDS[coloured]:
            played = fast_play(state, move.seat, card, coloured)
            if played is not None:
                return played
    elif kind is Draw:
        drawn = plain_draw(state, move.seat)
        if drawn is not None:
            return drawn
    elif type(move) is NameColour:
        named = fast_name_colour(state, move.seat, move.colour)
        if named is not None:
            return named
    elif type(move) is Return:
        returned = fast_return(state, move.seat, move.card, state.game.backs == "coloured")
        if returned is not None:
            return returned
    table = Table(state)
    _RULES[kind](table, move)
    return table.freeze()


def _secret(state: State, move: Move) -> State:
    """A mulligan decision that changes nothing but the seat's secret commitment (a fast path)."""
    if isinstance(move, Mulligan):
        aside, card = state.aside, move.card
        i = bisect_right(aside, card)  # kept sorted
        returns, aside = state.returns, (*aside[:i], card, *aside[i:])
    else:
        returns, aside = (*state.returns, state.aside), ()
    return State(  # positional, in field order
        state.game,
        state.rng,
        state.hands,
        state.piles,
        state.deck,
        state.deck_colours,
        state.turn,
        state.step,
        state.knowledge,
        state.last_turn,
        state.this_turn,
        state.outcome,
        returns,
        aside,
        state.board,
    )


def _play(table: Table, move: Play) -> None:
    """ "3. Play a Card (Mandatory)"."""
    card = move.card
    table.play(move.seat, card)
    _ON_PLAY[card // 3](table)  # effects.on_play(table, card), inline in the commonest transition


def _draw(table: Table, move: Draw) -> None:
    """ "1. Draw (Optional) You may draw the first card of the deck and put it in your hand."."""
    table.draw(move.seat)
    table.step = _STEP_DRAWN


def _clean(table: Table, move: Clean) -> None:
    """ "If the last three cards played to your pile are one of each colour, you may discard them face up to
    the common discard and draw the first card of the deck." (an empty deck draws nothing: ruling 10)."""
    seat = move.seat
    cleaned = table.piles[seat][-3:]
    table.piles[seat] = table.piles[seat][:-3]
    table.discard = (*table.discard, *cleaned)
    table.log(_EV_CLEAN, seat, cards=cleaned)
    table.draw(seat)
    table.step = _STEP_CLEANED


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
    _STEP_CROWS_STEAL: effects.crows_steal,
    _STEP_CROWS_COUNTER: effects.crows_counter,
    _STEP_CAT_TAKE: effects.cat_take,
    _STEP_SALT_TAKE: effects.salt_take,
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
}
