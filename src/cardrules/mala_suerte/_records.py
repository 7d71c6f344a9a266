"""Small public values of a match: Evil Eye's curse, and the board (the part of a position that changes
seldom)."""

from __future__ import annotations

import attrs

from .._fast import fast_init
from ._cards import Card, Colour

__all__ = ["Board", "Curse"]


@attrs.frozen
class Curse:
    """Evil Eye's obligation: ``seat`` must play a card of ``colour`` on its next turn, if it holds one."""

    seat: int
    colour: Colour

    def __str__(self) -> str:
        return f"seat {self.seat} must play {self.colour}"


@fast_init
@attrs.frozen
class Board:
    """The part of a position that changes seldom, kept apart so that most moves copy it whole.

    ``discard`` runs from the bottom card to the top one; ``alive`` says who
    is still in; ``clockwise`` is the horseshoe token; ``curse`` is Evil
    Eye's pending obligation and ``stolen`` the colour a Crows took, while
    the counter-steal waits.  ``voids`` are the ``(seat, colour)`` pairs of
    seats known to hold no card of a colour, and ``one_colour`` the
    ``(seat, witness, colour)`` triples of seats whose whole hand is known to
    be of one colour (plain backs only): a Crows that got no counter-steal
    shows the table that the thief's hand is all of one colour, and shows
    which only to the thief and to the seat it stole from (``witness``),
    who saw the stolen card.  Both last until the seat takes a card unseen.
    """

    discard: tuple[Card, ...]
    alive: tuple[bool, ...]
    clockwise: bool
    curse: Curse | None
    stolen: Colour | None
    voids: frozenset[tuple[int, Colour]]
    one_colour: tuple[tuple[int, int, Colour], ...] = ()
