"""Actions and views as numbers: the machinery every game's encoding shares.

A game describes its fixed action space and its observation layout once, in
an :class:`Encoding` built per :class:`~cardrules.BaseGame` (and cached on
it); :class:`~cardrules.BaseGame` turns that into the public methods
``num_actions``, ``action_index``, ``legal_actions``, ``action_move``,
``observation_size``, ``encode_view``, ``action_layout`` and
``observation_layout``, with the checks every game shares.

An action index means the same kind of decision every time ("play the 7 of
spades", "target the seat two to my left"), so a mask over the indices of a
state's legal moves is all a learner needs.  An observation is a fixed-length
tuple of floats built from a :class:`~cardrules.BaseView` alone, seats
counted from the viewer (0 is the viewer, 1 the next seat in turn order, and
so on), so it can hold nothing the seat may not know.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Generic, TypeVar

__all__ = ["Encoding", "Ranges", "Segments", "cut_list"]

MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")

#: Named, consecutive ranges: ``(name, length)`` in order.
Segments = tuple[tuple[str, int], ...]

#: Observation segments whose values may leave 0..1, by name: ``(low, high)``.
Ranges = dict[str, tuple[float, float]]


def _segments(what: str, segments: Sequence[tuple[str, int]]) -> Segments:
    names = [name for name, _ in segments]
    if len(set(names)) != len(names):
        raise ValueError(f"{what}: segment names repeat: {names}")
    if any(length < 0 for _, length in segments):
        raise ValueError(f"{what}: a segment cannot have a negative length: {list(segments)}")
    return tuple((name, length) for name, length in segments)


class Encoding(abc.ABC, Generic[MoveT, ViewT]):
    """One game configuration's action space and observation layout.

    A game subclasses it once; ``BaseGame._make_encoding`` builds one per
    configuration, and the game caches it, so the index tables a subclass
    precomputes in ``__init__`` are paid for once.

    ``move_type`` is the game's ``Move`` class; ``actions`` names the ranges of the action space in index order;
    ``observation`` names the segments of an encoded view in order (a range
    this configuration cannot use, such as Villages in a deck without them,
    keeps its name with length 0).  The
    :meth:`offset` of each, by name, is where a subclass writes.
    """

    __slots__ = (
        "_offsets",
        "action_segments",
        "move_type",
        "num_actions",
        "observation_segments",
        "observation_size",
    )

    def __init__(
        self,
        move_type: type[MoveT],
        actions: Sequence[tuple[str, int]],
        observation: Sequence[tuple[str, int]],
    ) -> None:
        self.move_type = move_type
        self.action_segments = _segments("actions", actions)
        self.observation_segments = _segments("observation", observation)
        self.num_actions = sum(length for _, length in self.action_segments)
        self.observation_size = sum(length for _, length in self.observation_segments)
        offsets: dict[str, int] = {}
        for segments in (self.action_segments, self.observation_segments):
            at = 0
            for name, length in segments:
                offsets[name] = at
                at += length
        self._offsets = offsets

    def offset(self, name: str) -> int:
        """Where the action range or observation segment ``name`` starts."""
        return self._offsets[name]

    def ranges(self) -> Ranges:
        """The bounds of the observation segments whose values may leave 0..1, by name.

        Every other value of an encoded view lies in 0..1 (counts scaled by
        their most, flags, one-hot choices).  A bound follows from the rules
        (the cards in the deck, the points one hand can score); a counter no
        rule bounds (the games of a duel that heals) gets a generous cap, to
        which learning adapters clip.  The default: none leaves 0..1.
        """
        return {}

    @abc.abstractmethod
    def index(self, move: MoveT) -> int:
        """The action index of a move of this game (its type already checked).

        Returns a number outside ``0 .. num_actions - 1`` (or raises
        :class:`~cardrules.IllegalMoveError`) for a move this configuration
        cannot make, such as one naming a seat beyond the table.
        """

    @abc.abstractmethod
    def fill(self, view: ViewT, out: list[float]) -> None:
        """Write ``view``'s encoding into ``out``, a fresh list of ``observation_size`` zeros."""


def cut_list(values: Sequence[object], limit: int = 12) -> str:
    """``values`` as ``"1, 4, 9"``, cut after ``limit`` with a count of the rest."""
    shown = ", ".join(str(v) for v in values[:limit])
    if len(values) > limit:
        shown += f", ... ({len(values) - limit} more)"
    return shown or "none"
