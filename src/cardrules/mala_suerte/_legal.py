"""The legal moves of a position, and why a move is not one of them: both by the kind of decision pending
(:mod:`._pending`), both from the rules of :mod:`._rules`."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from ._cards import CARDS, COLOUR_INDEX, COLOURS, Card, Colour
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._pending import (
    CatTake,
    CrowsCounter,
    CrowsSteal,
    Decision,
    EvilEyeColour,
    HorseshoeReturn,
    MirrorSwap,
    MulliganChoice,
    SaltTake,
    TurnCleaned,
    TurnDrawn,
    TurnOpen,
)
from ._rules import can_clean, mirror_targets, playable

if TYPE_CHECKING:
    from ._state import State

__all__ = ["legal_moves", "why_illegal"]


#: Moves are shared values, made once: ``_PLAY[seat][card]``, ``_TAKE[seat][source][colour]``, ...
_SEATS = range(6)
_DRAW = tuple(Draw(s) for s in _SEATS)
_CLEAN = tuple(Clean(s) for s in _SEATS)
_PLAY = tuple(tuple(Play(s, c) for c in CARDS) for s in _SEATS)
_RETURN = tuple(tuple(Return(s, c) for c in CARDS) for s in _SEATS)
_NAME = tuple(tuple(NameColour(s, c) for c in COLOURS) for s in _SEATS)
_TAKE = tuple(tuple(tuple(Take(s, t, c) for c in COLOURS) for t in _SEATS) for s in _SEATS)
_KEEP = tuple(Keep(s) for s in _SEATS)
_MULLIGAN = tuple(tuple(Mulligan(s, c) for c in CARDS) for s in _SEATS)


#: ``_PREFIX[offer][seat]``: the moves a turn offers before its plays: none, Draw (``offer`` 1), Clean
#: (2) or both (3).
_PREFIX: tuple[tuple[tuple[Move, ...], ...], ...] = (
    tuple(() for _ in _SEATS),
    tuple((_DRAW[s],) for s in _SEATS),
    tuple((_CLEAN[s],) for s in _SEATS),
    tuple((_DRAW[s], _CLEAN[s]) for s in _SEATS),
)

#: The kinds of decision inside a turn, before its play.
_TURN = (TurnOpen, TurnDrawn, TurnCleaned)
#: The kinds of decision that take a card from the hand of ``source``.
_TAKES = (CrowsSteal, CrowsCounter, CatTake, SaltTake)


def _colours(hand: tuple[Card, ...]) -> tuple[Colour, ...]:
    """The colours ``hand`` holds, in colour order."""
    present = set(map(COLOUR_INDEX.__getitem__, hand))
    return tuple(c for i, c in enumerate(COLOURS) if i in present)


def _takes(seat: int, source: int, hand: tuple[Card, ...], avoid: Colour | None = None) -> tuple[Move, ...]:
    """Take a card of each colour ``hand`` holds but ``avoid``, in colour order (built in C: no comprehension)."""
    present = set(map(COLOUR_INDEX.__getitem__, hand))
    if avoid is not None:
        present.discard(COLOURS.index(avoid))
    return tuple(map(_TAKE[seat][source].__getitem__, sorted(present)))


def _mulligans(seat: int, hand: tuple[Card, ...], aside: tuple[Card, ...]) -> tuple[Move, ...]:
    """Keep the rest, or set aside one more card of the hand to return."""
    left: tuple[Card, ...] | list[Card] = hand
    if aside:
        rest = list(hand)
        for card in aside:
            rest.remove(card)
        left = rest
    return (_KEEP[seat], *map(_MULLIGAN[seat].__getitem__, dict.fromkeys(left)))


def _turn_moves(state: State, pending: TurnOpen | TurnDrawn | TurnCleaned) -> tuple[Move, ...]:
    """ "1. Draw (Optional)", "2. Clean (Optional)", "3. Play a Card (Mandatory)", in that order, each once."""
    player = pending.seat
    prefix = 0  # 1: Draw is offered, 2: Clean is, 3: both
    if type(pending) is not TurnCleaned:
        if can_clean(state.piles[player]):
            prefix = 2
        if type(pending) is TurnOpen and state.deck:
            prefix += 1
    # Built afresh: a cache by hand served one turn in five or fewer, and held ~100 MB after a benchmark.
    cards = playable(state.hands[player], state.board.curse, player)
    return _PREFIX[prefix][player] + tuple(map(_PLAY[player].__getitem__, cards))


def _mirror_swaps(state: State, player: int) -> tuple[Move, ...]:
    """Broken Mirror: every seat it may swap with, every card to give (none from an empty hand), every
    colour to take (none with plain backs, or from an empty hand: the pick is blind)."""
    gives: tuple[Card | None, ...] = tuple(dict.fromkeys(state.hands[player])) or (None,)
    swaps: list[Move] = []
    for target in mirror_targets(state.piles, state.alive, player):
        theirs = state.hands[target]
        takes: tuple[Colour | None, ...] = (
            _colours(theirs) if state.game.coloured_backs and theirs else (None,)
        )
        swaps.extend(Swap(player, target, give, take) for give in gives for take in takes)
    return tuple(swaps)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move of the deciding seat; ``state`` is not terminal."""
    return moves_of(state, _decision(state))


def moves_of(state: State, pending: Decision) -> tuple[Move, ...]:
    """The legal moves of ``state``, which waits for ``pending``: each kind of decision has its own."""
    match pending:
        case TurnOpen() | TurnDrawn() | TurnCleaned():
            return _turn_moves(state, pending)
        case MulliganChoice(seat=seat):
            return _mulligans(seat, state.hands[seat], state.aside)
        case (
            CrowsSteal(seat=seat, source=source)
            | CatTake(seat=seat, source=source)
            | SaltTake(seat=seat, source=source)
        ):
            return _takes(seat, source, state.hands[source])
        case CrowsCounter(seat=seat, source=source, stolen=stolen):
            return _takes(seat, source, state.hands[source], stolen)
        case EvilEyeColour(seat=seat):
            return _NAME[seat]
        case HorseshoeReturn(seat=seat):
            return tuple(map(_RETURN[seat].__getitem__, dict.fromkeys(state.hands[seat])))
        case MirrorSwap(seat=seat):
            return _mirror_swaps(state, seat)
        case _:
            assert_never(pending)


def _decision(state: State) -> Decision:
    pending = state.pending
    assert pending is not None, "a match that is over has no legal move"
    return pending


def why_illegal(state: State, move: Move) -> str | None:
    """Which rule ``move`` (of the deciding seat) breaks, in words; ``None`` if it breaks none.  Decided
    by the same rules as :func:`legal_moves`, kind of decision by kind of decision."""
    pending = _decision(state)
    if isinstance(pending, _TURN):
        return _why_not_in_turn(state, pending, move)
    hand = state.hands[move.seat]
    rule = pending.rule
    match pending:
        case MulliganChoice():
            if isinstance(move, Keep):
                return None
            if isinstance(move, Mulligan):
                left = list(hand)
                for card in state.aside:
                    left.remove(card)
                return None if move.card in left else f"{rule}; it holds no other {move.card} to set aside"
        case CrowsSteal() | CrowsCounter() | CatTake() | SaltTake():
            if isinstance(move, Take) and move.source == pending.source:
                held = _colours(state.hands[move.source])
                avoid = pending.stolen if isinstance(pending, CrowsCounter) else None
                if move.colour in held and move.colour is not avoid:
                    return None
                shown = ", ".join(str(c) for c in held if c is not avoid)
                return f"{rule}; its hand holds {shown or 'no card it may take'}, not {move.colour}"
        case EvilEyeColour():
            if isinstance(move, NameColour):
                return None
        case HorseshoeReturn():
            if isinstance(move, Return):
                return None if move.card in hand else f"{rule}; it does not hold {move.card}"
        case MirrorSwap():
            if isinstance(move, Swap):
                return _why_not_swap(state, rule, move)
        case _:
            assert_never(pending)
    return f"{rule}, not {move}"


def _why_not_swap(state: State, rule: str, move: Swap) -> str | None:
    """Broken Mirror: whom it may swap with, the card to give (none from an empty hand), the colour to
    take (none with plain backs, or from an empty hand: the pick is blind), as :func:`_mirror_swaps`."""
    seat, hand = move.seat, state.hands[move.seat]
    targets = mirror_targets(state.piles, state.alive, seat)
    if move.target not in targets:
        beneath = state.piles[seat][-2] if len(state.piles[seat]) > 1 else None
        return f"{rule}; seat {move.target}'s pile is not topped by a {beneath.kind if beneath else 'card'} like the card beneath the mirror (seats: {', '.join(map(str, targets))})"
    if move.give is not None and move.give not in hand:
        return f"{rule}; it does not hold {move.give}"
    if move.give is None and hand:
        return f"{rule}; name the card of its hand to give to seat {move.target}"
    theirs = state.hands[move.target]
    blind = not (state.game.coloured_backs and theirs)
    if move.take is None:
        return None if blind else f"{rule}; name the colour of the card to take from seat {move.target}"
    if not state.game.coloured_backs:
        return f"{rule}; with plain backs the card taken is random: name no colour"
    held = _colours(theirs)
    if move.take in held:
        return None
    return f"{rule}; seat {move.target} holds no {move.take} card to take; its hand holds {', '.join(map(str, held)) or 'nothing'}"


def _why_not_in_turn(state: State, pending: TurnOpen | TurnDrawn | TurnCleaned, move: Move) -> str | None:
    """ "1. Draw (Optional)", "2. Clean (Optional)", "3. Play a Card (Mandatory)": as :func:`_turn_moves`."""
    seat = move.seat
    if isinstance(move, Draw):
        if not isinstance(pending, TurnOpen):
            return "Draw comes first in the turn and only once; it is too late to draw"
        return None if state.deck else "the deck is empty and is never made again: there is nothing to draw"
    if isinstance(move, Clean):
        if isinstance(pending, TurnCleaned):
            return f"seat {seat} has already cleaned this turn"
        if can_clean(state.piles[seat]):
            return None
        return f"Clean needs the last three cards of seat {seat}'s pile to be one of each colour"
    if isinstance(move, Play):
        if move.card not in state.hands[seat]:
            return f"seat {seat} does not hold {move.card}"
        curse = state.board.curse
        if move.card in playable(state.hands[seat], curse, seat):
            return None
        if curse is not None and curse.seat == seat:
            return f"Evil Eye: seat {seat} must play a {curse.colour} card"
    return f"{pending.rule}, not {move}"
