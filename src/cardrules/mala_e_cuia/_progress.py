"""The progress of a match, per mode: the competitive rounds, or the cooperative guessing.

:class:`Competition` is public as a whole.  :class:`Cooperation` holds the
secret Situation cards dealt to the seats; a view carries
:class:`CooperationSeen`, the same with the situations a seat does not know
left out (``None``).
"""

from __future__ import annotations

import attrs

from .._fast import fast_init
from ._records import Reveal, RoundResult
from ._tiles import Tile

__all__ = [
    "ROUNDS",
    "Competition",
    "Cooperation",
    "CooperationSeen",
    "items_needed",
    "next_refresh",
    "refresh_plan",
    "spokesperson",
    "swaps_needed",
]

#: "A competitive game of Mala e Cuia is played over 4 rounds".
ROUNDS = 4


@fast_init
@attrs.frozen
class Competition:
    """The competitive match: the round, its Situation card and what has been discarded.

    ``discarded_items`` are Item cards swapped out (they never come back);
    ``flipped`` says the cards on the table already showed their other side
    this game, so they cannot be flipped again ("if you haven't used their
    backs yet in this game").
    """

    round: int
    situation: int
    discarded_situations: tuple[int, ...]
    discarded_items: tuple[int, ...]
    flipped: bool
    rounds: tuple[RoundResult, ...]


@attrs.frozen
class Cooperation:
    """The cooperative match: each seat's secret Situation card and the Guess phase so far.

    ``first_protagonist`` is drawn when the last tile is packed; the
    protagonists then follow clockwise (ruling 5), and the seat after the
    protagonist makes the team's guess (ruling 4).
    """

    situations: tuple[int, ...]
    first_protagonist: int | None
    guess: Tile
    reveals: tuple[Reveal, ...]

    @property
    def protagonist(self) -> int | None:
        """The seat whose tile is being guessed, ``None`` while packing or at the end."""
        if self.first_protagonist is None or len(self.reveals) == len(self.situations):
            return None
        return (self.first_protagonist + len(self.reveals)) % len(self.situations)


@attrs.frozen
class CooperationSeen:
    """:class:`Cooperation` as one seat knows it: its own situation, the protagonists' read aloud."""

    situations: tuple[int | None, ...]
    first_protagonist: int | None
    guess: Tile
    reveals: tuple[Reveal, ...]

    @property
    def protagonist(self) -> int | None:
        """The seat whose tile is being guessed, ``None`` while packing or at the end."""
        if self.first_protagonist is None or len(self.reveals) == len(self.situations):
            return None
        return (self.first_protagonist + len(self.reveals)) % len(self.situations)


def spokesperson(protagonist: int, players: int) -> int:
    """Ruling 4: the seat after the protagonist, clockwise, points at the team's guess."""
    return (protagonist + 1) % players


def swaps_needed(renewals: int, flipped: bool) -> int:
    """The fewest swaps that renew the table ``renewals`` more times.

    A flip needs backs "you haven't used ... yet in this game", so two flips
    never follow each other: a swap comes between, and first if the cards on
    the table were just flipped.
    """
    return (renewals + flipped) // 2


def items_needed(shown: int) -> int:
    """The fewest Item cards for a competitive match: the first table, then flip, swap, flip (24 for 12 shown)."""
    return shown * (1 + swaps_needed(ROUNDS - 1, False))


def next_refresh(policy: str, pile: int, flipped: bool, shown: int, renewals: int) -> str | None:
    """How New Destination renews the ``shown`` Item cards: ``"swap"``, ``"flip"``, or ``None`` if neither can.

    "Swap the 12 Item Cards from the previous round for another 12 from the
    pile (or you can simply flip the Item Cards to their other side, if you
    haven't used their backs yet in this game)."  ``renewals`` counts this
    New Destination and the later ones.  ``policy`` is the game's
    ``new_items`` option (ruling 12): ``"swap"`` swaps when the ``pile``
    still supplies every later round after it, and flips otherwise;
    ``"flip"`` flips whenever the backs are unused, which always leaves the
    most cards for later, and swaps otherwise.
    """
    can_swap = pile >= shown
    can_flip = not flipped
    if policy == "swap":
        if can_swap and pile - shown >= shown * swaps_needed(renewals - 1, False):
            return "swap"
        return "flip" if can_flip else "swap" if can_swap else None
    return "flip" if can_flip else "swap" if can_swap else None


def refresh_plan(policy: str, cards: int, shown: int) -> tuple[str, ...] | None:
    """The New Destination of rounds 2 to 4 with ``cards`` Item cards, or ``None`` if the deck runs short."""
    if cards < shown:
        return None
    pile, flipped, plan = cards - shown, False, []
    for renewals in range(ROUNDS - 1, 0, -1):
        step = next_refresh(policy, pile, flipped, shown, renewals)
        if step is None:
            return None
        if step == "swap":
            pile, flipped = pile - shown, False
        else:
            flipped = True
        plan.append(step)
    return tuple(plan)
