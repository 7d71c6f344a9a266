"""Pure rules: the rulebook's tests on seats, piles and hands, each quoting the rule it follows.

Move generation (:mod:`._legal`), its explainer and the transition (:mod:`._effects`, :mod:`._ending`)
ask these; none of them looks at a whole state.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import COLOUR_INDEX, COLOUR_OF, Card
from ._records import Curse

__all__ = ["can_clean", "mirror_targets", "next_seat", "playable"]


def next_seat(alive: tuple[bool, ...], seat: int, clockwise: bool) -> int:
    """The next seat still in the match after ``seat`` in the token's direction ("the next person")."""
    n = len(alive)
    step = 1 if clockwise else n - 1
    other = (seat + step) % n
    while not alive[other]:
        other = (other + step) % n
    return other


def can_clean(pile: tuple[Card, ...]) -> bool:
    """ "If the last three cards played to your pile are one of each colour" (the top three: ruling 9)."""
    if len(pile) < 3:
        return False
    a, b, c = COLOUR_INDEX[pile[-1]], COLOUR_INDEX[pile[-2]], COLOUR_INDEX[pile[-3]]
    return a != b and b != c and a != c


def playable(hand: tuple[Card, ...], curse: Curse | None, seat: int) -> tuple[Card, ...]:
    """The different cards of ``hand`` that ``seat`` may play: any, unless Evil Eye named for it a colour it
    holds ("The next person must play a card of that colour on their turn, if they have one")."""
    if curse is None or curse.seat != seat:
        return tuple(dict.fromkeys(hand))
    distinct = dict.fromkeys(hand)
    return tuple(c for c in distinct if COLOUR_OF[c] is curse.colour) or tuple(distinct)


def mirror_targets(piles: Sequence[tuple[Card, ...]], alive: Sequence[bool], player: int) -> tuple[int, ...]:
    """The seats a Broken Mirror just played by ``player`` may swap with.

    "If beneath this mirror there is a card with the same name as the top card of another person's pile":
    the card directly beneath (ruling 16), other seats still in (ruling 18).
    """
    pile = piles[player]
    if len(pile) < 2:
        return ()
    kind = pile[-2].kind
    return tuple(
        seat
        for seat, other in enumerate(piles)
        if seat != player and alive[seat] and other and other[-1].kind is kind
    )
