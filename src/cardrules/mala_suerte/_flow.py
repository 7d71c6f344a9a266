"""Applying a legal move: which rule each kind of decision drives."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from . import _effects as effects
from . import _setup as setup  # a module: _setup imports this one's importers (see _game)
from ._cards import COLOUR_OF, sort_cards
from ._knowledge import deck_known
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import EventKind, Step
from ._state import State
from ._table import DRAW_EVENTS, Table

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
    if kind is Draw:
        drawn = _plain_draw(state, move.seat)
        if drawn is not None:
            return drawn
    table = Table(state)
    _RULES[kind](table, move)
    return table.freeze()


def _plain_draw(state: State, seat: int) -> State | None:
    """Step 1, Draw, when no seat's colours are known: the commonest decision, built directly (what
    ``Table.draw`` does, without the rest of the table).  ``None`` otherwise.

    Seats that know something of the deck (which cards are in it, say after an elimination put its
    Clovers there, or which lie on top) have their knowledge updated as ``Table.draw`` does.
    """
    board = state.board
    if board.voids or board.one_colour:
        return None
    knowledge = state.knowledge
    deck = state.deck
    card = deck[0]
    coloured = state.game.backs == "coloured"  # coloured_backs inline: a property call costs more here
    if deck_known(knowledge):
        colour = COLOUR_OF[card] if coloured else None
        knowledge = tuple(
            k.drawn(seat, o, card, colour) if k.deck_top or (k.deck and (o != seat or card in k.deck)) else k
            for o, k in enumerate(knowledge)
        )
    hand = state.hands[seat]
    i = bisect_right(hand, card)
    hands = list(state.hands)
    hands[seat] = (*hand[:i], card, *hand[i:])
    deck_colours = state.deck_colours
    if coloured:
        deck_colours = deck_colours[1:] or ((COLOUR_OF[deck[1]],) if len(deck) > 1 else ())
    return State(  # positional, in field order
        state.game,
        state.rng,
        tuple(hands),
        state.piles,
        deck[1:],
        deck_colours,
        state.turn,
        _STEP_DRAWN,
        knowledge,
        state.last_turn,
        (*state.this_turn, DRAW_EVENTS[coloured][seat][0][card]),
        state.outcome,
        state.returns,
        state.aside,
        board,
    )


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


def _mulligan(table: Table, move: Mulligan) -> None:
    table.aside = sort_cards((*table.aside, move.card))


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
    Mulligan: _mulligan,
    Keep: _keep,
}
