"""The typed events of a move: what the whole table saw happen; narration renders from them.

A Mala e Cuia state keeps its public records (:class:`~cardrules.mala_e_cuia.RoundResult`,
:class:`~cardrules.mala_e_cuia.Reveal`) rather than an event log, so the events of a move are read
from the states before and after it (:func:`events_of`), and those of a new match from its first
state (:func:`opening_events`).  A packed item is never in an event before its reveal.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from .._base import check_state_of, check_step
from .._outcome import Outcome
from ._moves import Guess, Move
from ._progress import Competition, Cooperation
from ._tiles import Slot, Tile

if TYPE_CHECKING:
    from ._state import State

__all__ = ["Event", "EventKind", "events_of", "first_events", "move_events", "opening_events"]


class EventKind(enum.Enum):
    """What happened; the fields of :class:`Event` each kind uses are listed.  Situation cards and
    items are indices in the game's deck."""

    #: Competitive: the first round's Situation card is ``situation`` (``number`` 1).
    SITUATION = "situation"
    #: Competitive: New Destination, round ``number``, whose Situation card is ``situation``;
    #: ``flipped`` when the items were flipped rather than swapped for new ones.
    DESTINATION = "destination"
    #: Cooperative: each seat gets a secret Situation card.
    SECRET_SITUATIONS = "secret_situations"
    #: The items on the table are ``items``.
    TABLE = "table"
    #: ``seat`` packed an item (unnamed until its reveal).
    PACK = "pack"
    #: ``seat`` placed its full Suitcase Tile face down.
    TILE_DOWN = "tile_down"
    #: ``seat``, for the team, wrote ``item`` in the ``slot`` field of the guess.
    GUESS = "guess"
    #: Compare Luggage of competitive round ``number``.
    COMPARE = "compare"
    #: At Compare Luggage, ``seat`` showed ``tile``, worth ``points`` (``total`` since the start).
    SCORED = "scored"
    #: Cooperative: everyone has packed; ``seat`` is the first protagonist.
    ALL_PACKED = "all_packed"
    #: Protagonist ``seat`` read aloud its Situation card ``situation``; ``other`` guesses for the team.
    READ_ALOUD = "read_aloud"
    #: Protagonist ``seat`` opened its Suitcase Tile, ``tile``.
    OPENED = "opened"
    #: The team's guess was ``tile``: ``correct`` right, worth ``points`` (team ``total``).
    GUESSED = "guessed"
    #: The match is over: ``outcome``.
    OVER = "over"


@attrs.frozen
class Event:
    """One public event, of kind ``kind``; the other fields as :class:`EventKind` says, given by
    name after the seat: ``Event(EventKind.OPENED, 2, tile=...)``."""

    kind: EventKind
    seat: int | None = None
    other: int | None = attrs.field(default=None, kw_only=True)
    number: int = attrs.field(default=0, kw_only=True)
    situation: int | None = attrs.field(default=None, kw_only=True)
    flipped: bool = attrs.field(default=False, kw_only=True)
    items: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    item: str | None = attrs.field(default=None, kw_only=True)
    slot: Slot | None = attrs.field(default=None, kw_only=True)
    tile: Tile | None = attrs.field(default=None, kw_only=True)
    correct: int = attrs.field(default=0, kw_only=True)
    points: int = attrs.field(default=0, kw_only=True)
    total: int = attrs.field(default=0, kw_only=True)
    outcome: Outcome | None = attrs.field(default=None, kw_only=True)


def first_events(state: State) -> tuple[Event, ...]:
    """The setup as the table sees it."""
    progress = state.progress
    table = Event(EventKind.TABLE, items=state.table)
    if isinstance(progress, Competition):
        return (Event(EventKind.SITUATION, number=1, situation=progress.situation), table)
    return (Event(EventKind.SECRET_SITUATIONS), table)


def move_events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """The public events of ``move``, which led from ``before`` to ``after``, and of what followed."""
    events: list[Event] = []
    if isinstance(move, Guess):
        events.append(Event(EventKind.GUESS, move.seat, item=move.item, slot=move.slot))
    else:
        events.append(Event(EventKind.PACK, move.seat))
        if before.tiles[move.seat].size == 3:
            events.append(Event(EventKind.TILE_DOWN, move.seat))
    progress, after_progress = before.progress, after.progress
    if isinstance(progress, Competition) and isinstance(after_progress, Competition):
        if len(after_progress.rounds) > len(progress.rounds):
            events.extend(_compare(after_progress, after))
    elif isinstance(progress, Cooperation) and isinstance(after_progress, Cooperation):
        if progress.first_protagonist is None and after_progress.first_protagonist is not None:
            events.append(Event(EventKind.ALL_PACKED, after_progress.first_protagonist))
            events.append(_read_aloud(after_progress))
        elif len(after_progress.reveals) > len(progress.reveals):
            reveal = after_progress.reveals[-1]
            events.append(Event(EventKind.OPENED, reveal.protagonist, tile=reveal.tile))
            events.append(
                Event(
                    EventKind.GUESSED,
                    tile=reveal.guess,
                    correct=reveal.correct,
                    points=reveal.points,
                    total=sum(after.scores),
                )
            )
            if after.outcome is None:
                events.append(_read_aloud(after_progress))
    if after.outcome is not None:
        events.append(Event(EventKind.OVER, outcome=after.outcome))
    return tuple(events)


def _read_aloud(progress: Cooperation) -> Event:
    protagonist = progress.protagonist
    assert protagonist is not None
    spokesperson = (protagonist + 1) % len(progress.situations)
    return Event(
        EventKind.READ_ALOUD, protagonist, other=spokesperson, situation=progress.situations[protagonist]
    )


def _compare(progress: Competition, after: State) -> list[Event]:
    result = progress.rounds[-1]
    events = [Event(EventKind.COMPARE, number=result.round)]
    for seat, (tile, points) in enumerate(zip(result.tiles, result.points, strict=True)):
        events.append(Event(EventKind.SCORED, seat, tile=tile, points=points, total=after.scores[seat]))
    if after.outcome is None:
        events.append(
            Event(
                EventKind.DESTINATION,
                number=progress.round,
                situation=progress.situation,
                flipped=progress.flipped,
            )
        )
        events.append(Event(EventKind.TABLE, items=after.table))
    return events


def events_of(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """The public events of ``move``, which led from ``before`` to ``after``, and of what followed.

    ``move`` must be legal in ``before`` (else :class:`~cardrules.IllegalMoveError`) and lead to
    ``after`` (else :class:`~cardrules.PositionError`): it is applied to check.
    """
    check_step("mala_e_cuia", "events_of", before, move, after)
    return move_events(before, move, after)


def opening_events(state: State) -> tuple[Event, ...]:
    """The public events of a match's first state (a state of another game is a
    :class:`~cardrules.PositionError`)."""
    check_state_of("mala_e_cuia", "opening_events: state", state)
    return first_events(state)
