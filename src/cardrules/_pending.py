"""The pending decision: what a state waits for, and from whom.

Every game names the decision its state waits for with a subclass of :class:`Pending` (Mala Suerte's
turn steps, Magyar népmesék's windows, La Maldición's phases…), exported from the game's package, and
reached as ``state.pending``.  Each kind of decision is one class, named as the rulebook names the
moment, which holds what the decision needs to know (the seat, the card that opened a window) and,
where a game dispatches on it, its own typed ``legal``/``apply``/``why`` (see :class:`Rules`).
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

__all__ = ["Pending", "Rules"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
PendingT_contra = TypeVar("PendingT_contra", bound="Pending", contravariant=True)


class Pending:
    """A decision waiting for one seat.  Subclasses are immutable values with a ``seat`` field.

    A plain class rather than an ``abc.ABC``: the rules match on the kind of decision at every move, and
    ``isinstance`` against a class of ``ABCMeta`` goes through its Python-level ``__instancecheck__``.
    What a game asks of every kind of its decisions (Mala Suerte's ``rule``) it checks in
    ``__init_subclass__``, once, when the kind's class is made, and its base's member raises
    ``NotImplementedError`` naming the kind that forgot it.
    """

    __slots__ = ()

    #: The seat that decides.
    seat: int


class Rules(Protocol, Generic[PendingT_contra, StateT, MoveT]):
    """The rules of one kind of pending decision: its legal moves, what a move does, why one is refused.

    A game that dispatches on the kind of decision keeps one such object per kind, so that the moves
    generated and the reasons given for refusals come from the same predicates.
    """

    def legal(self, pending: PendingT_contra, state: StateT) -> tuple[MoveT, ...]:
        """The legal moves of ``state``, which waits for ``pending``."""

    def apply(self, pending: PendingT_contra, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``, already known to be legal."""

    def why(self, pending: PendingT_contra, state: StateT, move: MoveT) -> str | None:
        """Why ``move`` is not legal, in the rule's own words; ``None`` if it is legal."""
