"""Short cuts for the commonest transitions: the new state built from the old one's tuples, without a Table.

Each gives exactly what the general path (a :class:`~._table.Table` and the
rules that drive it) gives, or ``None`` when its case is not the simple one
and the general path must run instead.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ._cards import COLOUR_OF, KINDS, Card, Colour, Kind
from ._effects import REVERSED, cursed, mirror_targets
from ._ending import out_seats
from ._knowledge import Knowledge, deck_known
from ._records import Event, Step
from ._state import Board, State, next_seat
from ._table import DRAW_EVENTS, PLAY_EVENTS, RETURN_EVENTS, seen_on_deck

__all__ = ["FAST_KINDS", "fast_name_colour", "fast_play", "fast_return", "plain_draw"]

#: Enum members as module constants: a class attribute lookup costs more in the hot path.
_STEP_DRAWN = Step.DRAWN
_STEP_OPEN = Step.OPEN
_STEP_EVIL_EYE = Step.EVIL_EYE
_STEP_MIRROR_SWAP = Step.MIRROR_SWAP
#: Kinds as a card's number // 3 (cards are numbered kind by kind).
_CROWS = KINDS.index(Kind.CROWS)
_BLACK_CAT = KINDS.index(Kind.BLACK_CAT)
_EVIL_EYE = KINDS.index(Kind.EVIL_EYE)
_HORSESHOE = KINDS.index(Kind.HORSESHOE)
_SPILLED_SALT = KINDS.index(Kind.SPILLED_SALT)
_BROKEN_MIRROR = KINDS.index(Kind.BROKEN_MIRROR)
#: ``[coloured]``: the kinds (a card's number // 3) :func:`fast_play` takes.  With plain backs, Crows,
#: Black Cat and Spilled Salt take a random card at once: the general path.
FAST_KINDS = (
    frozenset({_EVIL_EYE, _HORSESHOE, _BROKEN_MIRROR}),
    frozenset({_CROWS, _BLACK_CAT, _EVIL_EYE, _HORSESHOE, _SPILLED_SALT, _BROKEN_MIRROR}),
)
#: The kinds that draw a card first, and those that take one from the next seat.
_DRAWS = frozenset({_HORSESHOE, _BLACK_CAT})
_TAKES = frozenset({_CROWS, _SPILLED_SALT})
#: The step at which the card's effect waits for a decision.
_WAITS = {
    _CROWS: Step.CROWS_STEAL,
    _BLACK_CAT: Step.CAT_TAKE,
    _EVIL_EYE: _STEP_EVIL_EYE,
    _HORSESHOE: Step.HORSESHOE_RETURN,
    _SPILLED_SALT: Step.SALT_TAKE,
    _BROKEN_MIRROR: _STEP_MIRROR_SWAP,
}


def fast_play(state: State, seat: int, card: Card, coloured: bool) -> State | None:
    """The state after ``seat`` plays ``card``, of a kind in ``FAST_KINDS[coloured]``, when its effect is
    simple: it waits for a decision (Evil Eye; Broken Mirror with a seat to swap with; with coloured backs,
    Crows and Spilled Salt on a hand with cards), draws then waits (Horseshoe; with coloured backs, Black
    Cat; a card to draw and no seat's colours known), or ends the turn with nobody out (Broken Mirror with
    no seat to swap with).  ``None`` otherwise, for the general path (``Table.play`` and the effect).
    """
    kind = card // 3
    board = state.board
    hands = list(state.hands)
    deck, deck_colours = state.deck, state.deck_colours
    if kind in _DRAWS:
        if not deck or board.voids or board.one_colour:
            return None
    elif kind in _TAKES and not hands[next_seat(board.alive, seat, board.clockwise)]:
        return None  # the next seat has no card to take: the turn ends
    # What Table.play does: the card goes from the hand onto the pile, everyone seeing it.
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1 :]
    piles = list(state.piles)
    piles[seat] = (*piles[seat], card)
    curse = board.curse
    if not coloured and curse is not None and curse.seat == seat and COLOUR_OF[card] is not curse.colour:
        if kind in _DRAWS:
            return None  # the void it shows would be forgotten at once by Table.draw: the general path
        voids = board.voids | {(seat, curse.colour)}
        board = Board(
            board.discard, board.alive, board.clockwise, curse, board.stolen, voids, board.one_colour
        )
    knowledge = list(state.knowledge)
    for o, k in enumerate(knowledge):
        if k.hands[seat]:  # (a seat's own entry is always empty)
            knowledge[o] = k.seen_leave(seat, card)
    this_turn = (*state.this_turn, PLAY_EVENTS[coloured][seat][0][card])
    # The effect.
    if kind == _BROKEN_MIRROR:
        if not mirror_targets(piles, board.alive, seat):
            return _next_turn(state, seat, hands, piles, deck, deck_colours, knowledge, board, this_turn)
    elif kind in _DRAWS:
        deck_colours, drew = _draw(hands, knowledge, deck, deck_colours, coloured, seat)
        deck = deck[1:]
        this_turn = (*this_turn, drew)
    return State(  # positional, in field order
        state.game,
        state.rng,
        tuple(hands),
        tuple(piles),
        deck,
        deck_colours,
        state.turn,
        _WAITS[kind],
        tuple(knowledge),
        state.last_turn,
        this_turn,
        state.outcome,
        state.returns,
        state.aside,
        board,
    )


def fast_name_colour(state: State, seat: int, colour: Colour) -> State | None:
    """Evil Eye's colour named by ``seat``, then the turn ended, when nobody is out: what
    :func:`~._effects.evil_eye` does.  ``None`` otherwise."""
    board = state.board
    curse, named = cursed(seat, next_seat(board.alive, seat, board.clockwise), colour)
    board = Board(
        board.discard, board.alive, board.clockwise, curse, board.stolen, board.voids, board.one_colour
    )
    this_turn = (*state.this_turn, named)
    return _next_turn(
        state,
        seat,
        state.hands,
        state.piles,
        state.deck,
        state.deck_colours,
        state.knowledge,
        board,
        this_turn,
    )


def fast_return(state: State, seat: int, card: Card, coloured: bool) -> State | None:
    """Horseshoe's card returned by ``seat`` to the top of the deck, the token turned and the turn ended,
    when nobody is out: what :func:`~._effects.horseshoe_return` does.  ``None`` otherwise."""
    hands = list(state.hands)
    hand = hands[seat]
    i = hand.index(card)  # what Table.remove does
    hands[seat] = hand[:i] + hand[i + 1 :]
    knowledge = list(state.knowledge)
    colour = COLOUR_OF[card] if coloured else None
    seen_on_deck(knowledge, seat, card, colour)
    deck_colours = (COLOUR_OF[card], *state.deck_colours) if coloured else state.deck_colours
    board = state.board
    clockwise = not board.clockwise
    board = Board(
        board.discard, board.alive, clockwise, board.curse, board.stolen, board.voids, board.one_colour
    )
    this_turn = (*state.this_turn, RETURN_EVENTS[coloured][seat][0][card], REVERSED[seat][clockwise])
    return _next_turn(
        state, seat, hands, state.piles, (card, *state.deck), deck_colours, knowledge, board, this_turn
    )


def _next_turn(
    state: State,
    player: int,
    hands: Sequence[tuple[Card, ...]],
    piles: Sequence[tuple[Card, ...]],
    deck: tuple[Card, ...],
    deck_colours: tuple[Colour, ...],
    knowledge: Sequence[Knowledge],
    board: Board,
    this_turn: tuple[Event, ...],
) -> State | None:
    """What :func:`~._ending.end_turn` makes of the turn of ``player`` when nobody is out: the player's
    Evil Eye lifted, the next seat's turn begun.  ``None`` if a seat is out."""
    alive = board.alive
    if out_seats(alive, hands, piles):
        return None
    curse = board.curse
    if curse is not None and curse.seat == player:
        board = Board(
            board.discard, alive, board.clockwise, None, board.stolen, board.voids, board.one_colour
        )
    return State(  # positional, in field order; the turn, step and log as Table.begin leaves them
        state.game,
        state.rng,
        tuple(hands),
        tuple(piles),
        deck,
        deck_colours,
        next_seat(alive, player, board.clockwise),
        _STEP_OPEN,
        tuple(knowledge),
        this_turn,
        (),
        state.outcome,
        state.returns,
        state.aside,
        board,
    )


def plain_draw(state: State, seat: int) -> State | None:
    """Step 1, Draw, when no seat's colours are known: the commonest decision, built directly (what
    ``Table.draw`` does, without the rest of the table).  ``None`` otherwise.
    """
    board = state.board
    if board.voids or board.one_colour:
        return None
    hands = list(state.hands)
    knowledge = list(state.knowledge)
    coloured = state.game.backs == "coloured"  # coloured_backs inline: a property call costs more here
    deck = state.deck
    deck_colours, drew = _draw(hands, knowledge, deck, state.deck_colours, coloured, seat)
    return State(  # positional, in field order
        state.game,
        state.rng,
        tuple(hands),
        state.piles,
        deck[1:],
        deck_colours,
        state.turn,
        _STEP_DRAWN,
        tuple(knowledge),
        state.last_turn,
        (*state.this_turn, drew),
        state.outcome,
        state.returns,
        state.aside,
        board,
    )


def _draw(
    hands: list[tuple[Card, ...]],
    knowledge: list[Knowledge],
    deck: tuple[Card, ...],
    deck_colours: tuple[Colour, ...],
    coloured: bool,
    seat: int,
) -> tuple[tuple[Colour, ...], Event]:
    """``seat`` draws the first card of ``deck`` (not empty, and to be ``deck[1:]``) into ``hands``, when no
    seat's colours are known: what ``Table.draw`` does.  ``knowledge`` is updated; the deck's seen colours
    and the event are returned.

    Seats that know something of the deck (which cards are in it, say after an elimination put its
    Clovers there, or which lie on top) have their knowledge updated as ``Table.draw`` does.
    """
    card = deck[0]
    if deck_known(knowledge):
        colour = COLOUR_OF[card] if coloured else None
        for o, k in enumerate(knowledge):
            if k.deck_top or (k.deck and (o != seat or card in k.deck)):
                knowledge[o] = k.drawn(seat, o, card, colour)
    hand = hands[seat]
    i = bisect_right(hand, card)
    hands[seat] = (*hand[:i], card, *hand[i:])
    if coloured:
        deck_colours = deck_colours[1:] or ((COLOUR_OF[deck[1]],) if len(deck) > 1 else ())
    return deck_colours, DRAW_EVENTS[coloured][seat][0][card]
