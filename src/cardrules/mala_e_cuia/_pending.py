"""The decision a Mala e Cuia position waits for: a seat writes one item, on its own tile or on the guess.

Every decision writes one item in one field, and the rule that limits it is the same (four different
items, one of them the Bonus: :mod:`._legal`); what differs is the tile and who sees it, hence two kinds:
:class:`Packing` (a seat packs its own Suitcase Tile, in secret, with :class:`~cardrules.mala_e_cuia.Pack`)
and, in a cooperative match once every tile is packed, :class:`Guessing` (the spokesperson writes the
team's guess of the protagonist's tile, in public, with :class:`~cardrules.mala_e_cuia.Guess`).  A state
stores no tag for them: the tiles and the mode's progress say which it is (:func:`decision`).
"""

from __future__ import annotations

import attrs

from .._pending import Pending as CorePending

__all__ = ["Decision", "Guessing", "Packing", "Pending", "decision"]


class Pending(CorePending):
    """A Mala e Cuia decision waiting for ``seat``: one item to write."""

    __slots__ = ()


@attrs.frozen
class Packing(Pending):
    """Pack the Suitcase: ``seat`` writes the next item on its own tile, hidden until the reveal."""

    seat: int


@attrs.frozen
class Guessing(Pending):
    """Cooperative Guess: ``seat``, the spokesperson, writes the next item of the team's guess of the tile
    of ``protagonist``, in public."""

    seat: int
    protagonist: int


#: Every kind of decision, a union a ``match`` can check for exhaustiveness.
Decision = Packing | Guessing

#: Made once, as moves are: ``_PACKING[seat]``, ``_GUESSING[seat][protagonist]`` (8 seats at most).
_PACKING = tuple(Packing(s) for s in range(8))
_GUESSING = tuple(tuple(Guessing(s, p) for p in range(8)) for s in range(8))


def decision(seat: int | None, protagonist: int | None) -> Decision | None:
    """The decision of ``seat`` (``None``: the match is over): the team's guess while a ``protagonist``
    waits for it, else packing."""
    if seat is None:
        return None
    return _PACKING[seat] if protagonist is None else _GUESSING[seat][protagonist]
