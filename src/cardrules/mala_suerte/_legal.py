"""The legal moves of a position, and why a move is not one of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cards import CARDS, COLOUR_OF, COLOURS, Card, Colour
from ._effects import mirror_targets
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._records import Step

if TYPE_CHECKING:
    from ._state import State

__all__ = ["can_clean", "legal_moves", "playable", "why_illegal"]


_TURN_STEPS = frozenset({Step.OPEN, Step.DRAWN, Step.CLEANED})
_STEP_RULE = {
    Step.CROWS_STEAL: "Crows: seat {seat} must steal a card from seat {source}",
    Step.CROWS_COUNTER: "Crows: seat {seat} must steal back a card from seat {source}, not {stolen}",
    Step.CAT_TAKE: "Black Cat: seat {seat} must discard a card from the hand of seat {source} to its own pile",
    Step.SALT_TAKE: "Spilled Salt: seat {seat} must discard a card from the hand of seat {source} to that seat's pile",
    Step.EVIL_EYE: "Evil Eye: seat {seat} must name a colour",
    Step.HORSESHOE_RETURN: "Horseshoe: seat {seat} must return a card from its hand to the top of the deck",
    Step.MIRROR_SWAP: "Broken Mirror: seat {seat} must choose whom to swap with, the card to give and the card to take",
    Step.MULLIGAN: "setup: seat {seat} may return 1 to 6 cards of its hand to the deck, or keep it",
}


#: Moves are shared values, made once: ``_PLAY[seat][card]``, ``_TAKE[seat][source][colour]``, ...
_SEATS = range(6)
_DRAW = tuple(Draw(s) for s in _SEATS)
_CLEAN = tuple(Clean(s) for s in _SEATS)
_PLAY = tuple(tuple(Play(s, c) for c in CARDS) for s in _SEATS)
_RETURN = tuple(tuple(Return(s, c) for c in CARDS) for s in _SEATS)
_NAME = tuple(tuple(NameColour(s, c) for c in COLOURS) for s in _SEATS)
_TAKE = tuple(tuple(tuple(Take(s, t, c) for c in COLOURS) for t in _SEATS) for s in _SEATS)


#: ``_PREFIX[offer][seat]``: the moves a turn offers before its plays: none, Draw (``offer`` 1), Clean
#: (2) or both (3).
_PREFIX: tuple[tuple[tuple[Move, ...], ...], ...] = (
    tuple(() for _ in _SEATS),
    tuple((_DRAW[s],) for s in _SEATS),
    tuple((_CLEAN[s],) for s in _SEATS),
    tuple((_DRAW[s], _CLEAN[s]) for s in _SEATS),
)


def _distinct(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(dict.fromkeys(hand))


def _colours(hand: tuple[Card, ...], avoid: Colour | None = None) -> tuple[Colour, ...]:
    present = {c % 3 for c in hand}
    return tuple(c for i, c in enumerate(COLOURS) if i in present and c is not avoid)


def _takes(seat: int, source: int, hand: tuple[Card, ...], avoid: Colour | None = None) -> tuple[Move, ...]:
    """Take a card of each colour ``hand`` holds but ``avoid``, in colour order (built in C: no comprehension)."""
    present = set(map(_COLOUR_INDEX.__getitem__, hand))
    if avoid is not None:
        present.discard(COLOURS.index(avoid))
    return tuple(map(_TAKE[seat][source].__getitem__, sorted(present)))


#: A card's colour as its index in :data:`COLOURS`, by card.
_COLOUR_INDEX = tuple(card % 3 for card in CARDS)

_KEEP = tuple(Keep(s) for s in _SEATS)
_MULLIGAN = tuple(tuple(Mulligan(s, c) for c in CARDS) for s in _SEATS)


def _mulligans(seat: int, hand: tuple[Card, ...], aside: tuple[Card, ...]) -> tuple[Move, ...]:
    """Keep the rest, or set aside one more card of the hand to return."""
    left: tuple[Card, ...] | list[Card] = hand
    if aside:
        rest = list(hand)
        for card in aside:
            rest.remove(card)
        left = rest
    return (_KEEP[seat], *map(_MULLIGAN[seat].__getitem__, dict.fromkeys(left)))


def can_clean(pile: tuple[Card, ...]) -> bool:
    """ "If the last three cards played to your pile are one of each colour" (the top three: ruling 9)."""
    return len(pile) >= 3 and len({c % 3 for c in pile[-3:]}) == 3


def playable(state: State, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play: any, unless Evil Eye names a colour it holds."""
    hand = _distinct(state.hands[seat])
    curse = state.board.curse
    if curse is not None and curse.seat == seat:
        forced = tuple(c for c in hand if COLOUR_OF[c] is curse.colour)
        if forced:
            return forced
    return hand


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move of the deciding seat; ``state`` is not terminal."""
    step = state.step
    if step is Step.MULLIGAN:
        seat = len(state.returns)
        return _mulligans(seat, state.hands[seat], state.aside)
    player = state.turn
    assert player is not None
    if step is Step.OPEN or step is Step.DRAWN or step is Step.CLEANED:
        hand = state.hands[player]
        prefix = 0  # 1: Draw is offered, 2: Clean is, 3: both
        if step is not Step.CLEANED:
            pile = state.piles[player]
            if len(pile) >= 3:
                a, b, c = pile[-1] % 3, pile[-2] % 3, pile[-3] % 3
                if a != b and b != c and a != c:
                    prefix = 2
            if step is Step.OPEN and state.deck:
                prefix += 1
        curse = state.board.curse
        if curse is not None and curse.seat == player:
            return _PREFIX[prefix][player] + tuple(map(_PLAY[player].__getitem__, playable(state, player)))
        # Built afresh: a cache by hand served one turn in five or fewer, and held ~100 MB after a benchmark.
        return _PREFIX[prefix][player] + tuple(map(_PLAY[player].__getitem__, dict.fromkeys(hand)))
    if step is Step.EVIL_EYE:
        return _NAME[player]
    if step is Step.HORSESHOE_RETURN:
        return tuple(map(_RETURN[player].__getitem__, dict.fromkeys(state.hands[player])))
    nxt = state.next_player
    assert nxt is not None
    if step is Step.CROWS_STEAL or step is Step.SALT_TAKE:
        return _takes(player, nxt, state.hands[nxt])
    if step is Step.CROWS_COUNTER:
        return _takes(nxt, player, state.hands[player], state.stolen)
    if step is Step.CAT_TAKE:
        return _takes(nxt, player, state.hands[player])
    # The one step left: Broken Mirror's exchange.
    gives: tuple[Card | None, ...] = _distinct(state.hands[player]) or (None,)
    swaps: list[Move] = []
    for target in mirror_targets(state.piles, state.alive, player):
        theirs = state.hands[target]
        takes: tuple[Colour | None, ...] = (
            _colours(theirs) if state.game.coloured_backs and theirs else (None,)
        )
        swaps.extend(Swap(player, target, give, take) for give in gives for take in takes)
    return tuple(swaps)


def why_illegal(state: State, move: Move) -> str:
    """Which rule ``move`` (of the deciding seat, not legal) breaks, in words."""
    seat, step = move.seat, state.step
    hand = state.hands[seat]
    if step in _TURN_STEPS:
        return _why_not_in_turn(state, move)
    source = state.next_player if step in (Step.CROWS_STEAL, Step.SALT_TAKE) else state.turn
    rule = _STEP_RULE[step].format(seat=seat, source=source, stolen=state.stolen)
    if isinstance(move, Take) and move.source == source:
        held = _colours(state.hands[source]) if source is not None else ()
        shown = ", ".join(str(c) for c in held if c is not state.stolen or step is not Step.CROWS_COUNTER)
        return f"{rule}; its hand holds {shown or 'no card it may take'}, not {move.colour}"
    if isinstance(move, Return) and move.card not in hand:
        return f"{rule}; it does not hold {move.card}"
    if isinstance(move, Mulligan):
        return f"{rule}; it holds no other {move.card} to set aside"
    if isinstance(move, Swap):
        targets = mirror_targets(state.piles, state.alive, seat)
        if move.target not in targets:
            beneath = state.piles[seat][-2] if len(state.piles[seat]) > 1 else None
            return f"{rule}; seat {move.target}'s pile is not topped by a {beneath.kind if beneath else 'card'} like the card beneath the mirror (seats: {', '.join(map(str, targets))})"
        if move.give is not None and move.give not in hand:
            return f"{rule}; it does not hold {move.give}"
        if move.take is None:
            return f"{rule}; name the colour of the card to take from seat {move.target}"
        if not state.game.coloured_backs:
            return f"{rule}; with plain backs the card taken is random: name no colour"
        theirs = ", ".join(str(c) for c in _colours(state.hands[move.target]))
        return f"{rule}; seat {move.target} holds no {move.take} card to take; its hand holds {theirs or 'nothing'}"
    return f"{rule}, not {move}"


def _why_not_in_turn(state: State, move: Move) -> str:
    seat, step = move.seat, state.step
    if isinstance(move, Draw):
        if step is not Step.OPEN:
            return "Draw comes first in the turn and only once; it is too late to draw"
        return "the deck is empty and is never made again: there is nothing to draw"
    if isinstance(move, Clean):
        if step is Step.CLEANED:
            return f"seat {seat} has already cleaned this turn"
        return f"Clean needs the last three cards of seat {seat}'s pile to be one of each colour"
    if isinstance(move, Play):
        if move.card not in state.hands[seat]:
            return f"seat {seat} does not hold {move.card}"
        curse = state.curse
        if curse is not None and curse.seat == seat:
            return f"Evil Eye: seat {seat} must play a {curse.colour} card"
    return f"seat {seat} must Draw, Clean or Play a card now (each once, in that order), not {move}"
