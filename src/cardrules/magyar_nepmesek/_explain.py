"""Why a move of the deciding seat is not legal, in the rulebook's words."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .._words import counted
from ._cards import JOKERS
from ._deck import Category
from ._moves import (
    AddToGroup,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import BonusChoice, FollowUp, Giving, Main, React, Refill, Storing, Window

if TYPE_CHECKING:
    from ._state import State

__all__ = ["why_illegal"]

_WANTED = {
    Main: "the turn's action (draw, lay down, discard or play an action card)",
    Window: "an extra action (discard matching cards, add to a group) or a pass",
    React: "a Shield, a Magic Mirror or a pass against the action",
    BonusChoice: "whether to draw a card after discarding three",
    FollowUp: "one more action card after the Crystal Ball, or a pass",
    Storing: "the card to lay face down on the Village",
    Refill: "a card for an empty Village, an exchange, or a pass",
    Giving: "the cards to give for Pass 2 cards",
}

_FITS: dict[type[Move], tuple[type, ...]] = {
    Draw: (Main,),
    Lay: (Main,),
    Discard: (Main,),
    Play: (Main, FollowUp),
    MatchDiscard: (Window,),
    AddToGroup: (Window,),
    Shield: (React,),
    Mirror: (React,),
    Store: (Storing, Refill),
    Swap: (Refill,),
    Give: (Giving,),
}


def _missing(have: Counter[str], cards: tuple[str, ...]) -> str | None:
    need = Counter(cards)
    for card, n in need.items():
        if have[card] < n:
            return card
    return None


def why_illegal(state: State, move: Move) -> str:
    """The rule ``move`` breaks."""
    pending = state.pending
    seat = move.seat
    wanted = _WANTED.get(type(pending), "another decision")
    fits = _FITS.get(type(move))
    if fits is not None and not isinstance(pending, fits):
        return f"{move} is not possible now: seat {seat} must choose {wanted}"
    table = state.game.table
    hand = Counter(state.hands[seat])
    usable = hand + Counter(c for c in state.villages[seat] if c is not None)
    in_window = isinstance(pending, Window) and state.game.villages_in_window(seat, state.turn)
    own = usable if isinstance(pending, (Main, FollowUp, Giving)) or in_window else hand
    cards: tuple[str, ...] = ()
    if isinstance(move, (Lay, Discard, MatchDiscard, Give)):
        cards = move.cards
    elif isinstance(move, (Play, Store, Swap, AddToGroup)):
        cards = (move.card,)
    unknown = [c for c in cards if c not in table.category]
    if unknown:
        return f"{unknown[0]!r} is not a card of this game"
    lacking = _missing(own, cards)
    if lacking is not None:
        if isinstance(pending, Window) and _missing(usable, cards) is None:
            return _why_not_village(state, seat, lacking)
        return f"seat {seat} does not hold {lacking}"
    if isinstance(move, Draw):
        if len(state.hands[seat]) >= 8:
            return "a player may hold at most 8 cards, so drawing needs fewer than 8 in hand"
        return "the draw pile is empty"
    if isinstance(move, Lay):
        return _why_not_combination(state, move)
    if isinstance(move, Discard):
        if any(table.category[c] is Category.LAZY_GIRL for c in move.cards):
            return "the Lazy Girl cannot be discarded; it only leaves a hand when taken, passed or put on a Village"
        if state.game.variant == "starter":
            return "the starter game discards exactly one card"
        wanted_cards = sorted(move.cards)
        for legal in state.legal_moves():
            if isinstance(legal, Discard) and sorted(legal.cards) == wanted_cards:
                # Ruling 36: the order decides the card on top of the discard pile.
                return (
                    "a negative row goes down in its order, from the smallest loss to the largest "
                    f"(a substitute in the place it stands for): {legal}"
                )
        return (
            "discard one card, several identical cards, or a negative row of at least 3 with one substitute"
        )
    if isinstance(move, Play):
        cat = table.category[move.card]
        if cat is Category.SHIELD or cat is Category.MIRROR:
            return f"{move.card} is a reaction: it is not played on your own turn"
        if cat not in _PLAYABLE:
            return f"{move.card} is not an action card"
        return f"{move} does not fit the card: wrong target, count or laid card, or the 8-card limit"
    if isinstance(move, MatchDiscard):
        return "only cards whose picture matches the card on top of the discard pile may be discarded out of turn"
    if isinstance(move, AddToGroup):
        return "only a card identical to the group's cards may be added to an own group (never to a row)"
    if isinstance(move, (Shield, Mirror)):
        return f"seat {seat} holds no {'Shield' if isinstance(move, Shield) else 'Magic Mirror'} to use now"
    if isinstance(move, Give):
        assert isinstance(pending, Giving)
        return f"at most {counted(pending.limit, 'card')} may be given: no one may hold more than 8"
    if isinstance(move, Pass):
        return "passing is not allowed: the turn's action must be one of draw, lay down or discard"
    return f"{move} is not a legal move now"


def _why_not_village(state: State, seat: int, card: str) -> str:
    """Why the card on ``seat``'s Village may not serve in this extra action (ruling 15)."""
    if state.game.village_extra_actions == "never":
        return (
            f"the {card} on seat {seat}'s Village cannot be used: extra actions use only the hand "
            "(village_extra_actions='never')"
        )
    return (
        f"the {card} on seat {seat}'s Village is usable only during seat {seat}'s own turn "
        '("During your turn you may use this card exactly as if it were in your hand"), '
        f"and this is seat {state.turn}'s turn"
    )


_PLAYABLE = frozenset(
    {
        Category.VILLAGE,
        Category.CRYSTAL_BALL,
        Category.DRAW_CARDS,
        Category.MAKE_DISCARD,
        Category.TAKE_TWO,
        Category.PASS_TWO,
        Category.LAY_PURPLE,
        Category.TAKE_BACK,
        Category.HUSSAR,
    }
)


def _why_not_combination(state: State, move: Lay) -> str:
    table = state.game.table
    cat = table.category
    jokers = [c for c in move.cards if cat[c] in JOKERS]
    values = move.values
    if len(values) != len(move.cards):
        return "each laid card needs the value it stands for"
    if len(jokers) > 1:
        return "only one Pinkó may appear in a single laying down"
    if jokers and len(move.cards) == 1:
        return "Pinkó cannot be laid down alone"
    if jokers and len(move.cards) == 2 and 4 in values:
        return "Pinkó cannot stand beside a +4 in a pair"
    if jokers and len(set(values)) == 1 and values[0] == 4:
        return "Pinkó replaces a +4 only in a row"
    if any(cat[c] is Category.PALACE for c in move.cards) and len(set(values)) == 1:
        return "the Palace can only be laid down as part of a row, after a +3 and a +4"
    if any(cat[c] in (Category.NEGATIVE, Category.LAZY_GIRL) for c in move.cards):
        return "purple cards are never laid down by choice: only positive cards make a combination"
    if len(move.cards) == 1:
        return "a single card may be laid down only if it is a +4"
    if len(set(values)) == 1:
        return "a group needs two or more completely identical positive cards"
    return "a row needs at least 3 positive cards of consecutive values, one of each"
