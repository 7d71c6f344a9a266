"""The end of a turn: elimination, the end of the match, and the next turn."""

from __future__ import annotations

from collections.abc import Sequence

from .._outcome import Outcome
from ._cards import Card
from ._pending import Step
from ._rules import next_seat
from ._table import Table

__all__ = ["end_turn", "out_seats"]


#: A set, for a pile's test in C (``min`` of a pile parses its arguments slowly).
_CLOVERS = frozenset({Card.RED_CLOVER, Card.YELLOW_CLOVER, Card.BLUE_CLOVER})


def out_seats(
    alive: tuple[bool, ...], hands: Sequence[tuple[Card, ...]], piles: Sequence[tuple[Card, ...]]
) -> list[int]:
    """The seats still in that are out at the end of a turn, in seat order: a Clover in the pile, or no card in
    the hand."""
    out: list[int] = []
    for seat, still_in in enumerate(alive):  # a loop, not a comprehension: no frame of its own to set up
        if still_in and (not hands[seat] or not _CLOVERS.isdisjoint(piles[seat])):
            out.append(seat)
    return out


def end_turn(table: Table) -> None:
    """ "If at the end of any turn one of these two situations occurs, you are out of the game:
    A. There is a Clover in your pile. B. You have no cards left in your hand."

    Every seat still in is checked, not only the player; the eliminated go
    out in seat order.  "The game ends when all participants but one have
    been eliminated"; if the last ones go out together they share the
    victory (ruling 20).  Otherwise the turn passes to the next seat still in
    after the player, in the token's direction, even if the player is out
    (ruling 25).
    """
    player = table.player
    curse = table.curse
    if curse is not None and curse.seat == player:
        table.curse = None  # "on their turn": Evil Eye binds one turn only
    table.step = Step.OPEN
    out = out_seats(table.alive, table.hands, table.piles)
    if not out:
        table.begin(next_seat(table.alive, player, table.clockwise))
        return
    for seat in out:
        table.eliminate(seat)
    left = [seat for seat, alive in enumerate(table.alive) if alive]
    if len(left) > 1:
        table.begin(next_seat(table.alive, player, table.clockwise))
        return
    winners = frozenset(left) if left else frozenset(out)
    scores = tuple(1.0 if seat in winners else 0.0 for seat in range(len(table.alive)))
    if left:
        reason = f"seat {left[0]} is the last one standing, the unfortunate winner"
    else:
        reason = f"¡Mala Suerte! seats {', '.join(map(str, sorted(winners)))} went out together and share the victory"
    table.step = Step.OVER
    table.outcome = Outcome(winners=winners, scores=scores, reason=reason)
