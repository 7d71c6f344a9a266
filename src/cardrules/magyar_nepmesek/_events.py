"""The public events of a move: typed values, which the narration puts in words.

Every event is one :class:`Event` with an :class:`EventKind`; the fields each kind uses are listed
with the kind.  Cards are named by their kind ids.  In JSON an event is written as it always was,
one line of the log (``"seat 0 laid down plus1-piglet plus2-shepherd plus3-hero"``), and read back
from it: :meth:`Event.to_json` and :meth:`Event.from_json` are each other's inverse.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable

import attrs

from .._fast import fast_init
from .._json import JSON
from .._words import counted

__all__ = ["FORCING", "Event", "EventKind"]


class EventKind(enum.Enum):
    """What happened; the fields of :class:`Event` each kind uses are listed."""

    #: ``seat`` begins the match.
    BEGINS = "begins"
    #: ``seat`` drew a card (the turn's action; which one is private).
    DRAW = "draw"
    #: ``seat`` drew a card for discarding three.
    BONUS_DRAW = "bonus_draw"
    #: ``seat`` drew the last card: the final round begins.
    LAST_CARD = "last_card"
    #: ``seat`` drew a Midnight card.
    MIDNIGHT = "midnight"
    #: ``seat`` showed the Lazy Girl and misses its next turn.
    LAZY_GIRL = "lazy_girl"
    #: ``seat`` misses a turn.
    MISSES_TURN = "misses_turn"
    #: ``seat`` laid down ``cards``.
    LAY = "lay"
    #: ``seat`` discarded ``cards`` (the turn's action).
    DISCARD = "discard"
    #: ``seat`` discarded ``cards``, matching the top of the pile; ``villages`` of them came off its Villages.
    MATCH_DISCARD = "match_discard"
    #: ``seat`` added ``cards[0]`` to a group; ``villages`` is 1 if it came off a Village.
    ADD_TO_GROUP = "add_to_group"
    #: ``seat`` laid a card face down on a Village (which card is private).
    STORE = "store"
    #: ``seat`` exchanged the card on its Village number ``village`` (which cards is private).
    SWAP = "swap"
    #: ``seat`` played the action card ``cards[0]``, on seat ``other`` if aimed, asking for ``count`` cards if any.
    PLAY = "play"
    #: ``seat`` used the reaction ``cards[0]`` (a Shield or the Magic Mirror).
    REACT = "react"
    #: ``seat``'s Shield stopped the action card ``cards[0]``.
    SHIELDED = "shielded"
    #: ``seat``'s Shield stopped the action card ``cards[0]``, reflected onto it.
    SHIELDED_REFLECTED = "shielded_reflected"
    #: ``seat`` looked at seat ``other``'s hand (a Crystal Ball).
    LOOK = "look"
    #: ``seat`` showed its hand and laid down its purple cards ("Lay down purple cards").
    LAY_PURPLE = "lay_purple"
    #: ``seat`` had to discard ``cards[0]`` (Make a player discard).
    FORCED_DISCARD = "forced_discard"
    #: ``seat`` took ``count`` cards from seat ``other`` (Take 2 cards; which ones is private).
    TAKE = "take"
    #: ``seat`` gave ``count`` cards to seat ``other``, ``villages`` of them off a Village (Pass 2 cards).
    GIVE = "give"
    #: The game is over.
    GAME_OVER = "game_over"


#: The kinds after which the cards they force down (a Midnight, "Lay down purple cards", the end) are told.
FORCING = frozenset({EventKind.MIDNIGHT, EventKind.LAY_PURPLE, EventKind.GAME_OVER})


@fast_init
@attrs.frozen
class Event:
    """One public event of the log.

    ``seat`` is ``None`` only when the game is over; ``other`` is the other seat concerned, ``cards``
    the cards the table saw, ``count`` a number of cards, ``villages`` how many of the cards came off
    a Village, ``village`` a Village's number: each kind uses those :class:`EventKind` lists.
    ``str(event)`` is its line of the log, cards by id; the narration names them.
    """

    kind: EventKind
    seat: int | None
    other: int | None = None
    cards: tuple[str, ...] = ()
    count: int = 0
    villages: int = 0
    village: int = 0

    def text(self, name: Callable[[tuple[str, ...]], str]) -> str:
        """The event in words, its cards written by ``name`` (their ids joined by spaces in the log)."""
        kind, seat = self.kind, self.seat
        if kind is EventKind.PLAY:
            line = f"seat {seat} played {name(self.cards)}"
            if self.other is not None:
                line += f" on seat {self.other}"
            return f"{line}, up to {self.count}" if self.count else line
        if kind is EventKind.MATCH_DISCARD or kind is EventKind.ADD_TO_GROUP:
            note = _from_villages(self.villages, len(self.cards))
            if kind is EventKind.ADD_TO_GROUP:
                return f"seat {seat} added {name(self.cards)}{note} to a group"
            return f"seat {seat} discarded matching {name(self.cards)}{note}"
        if kind is EventKind.TAKE:
            return f"seat {seat} took {counted(self.count, 'card')} from seat {self.other}"
        if kind is EventKind.GIVE:
            note = f" ({self.villages} from a Village)" if self.villages else ""
            return f"seat {seat} gave {counted(self.count, 'card')}{note} to seat {self.other}"
        return _TEXT[kind].format(seat=seat, other=self.other, cards=name(self.cards), village=self.village)

    def __str__(self) -> str:
        return self.text(" ".join)

    def to_json(self) -> JSON:
        """The event's line of the log, as JSON has always held it."""
        return str(self)

    @classmethod
    def from_json(cls, data: object) -> Event:
        """The event whose line of the log is ``data``."""
        if type(data) is not str:
            raise TypeError(f"expected an event as a string, got {type(data).__name__}")
        for kind, pattern in _PATTERNS:
            found = pattern.fullmatch(data)
            if found is not None:
                return _read(kind, found)
        raise ValueError(f"{data[:60]!r} is not an event of Magyar népmesék")

    @classmethod
    def json_schema(cls) -> dict[str, JSON]:
        """The JSON Schema of what :meth:`to_json` writes: a line of the log."""
        return {"type": "string"}


def _from_villages(used: int, total: int) -> str:
    """The note of the ``used`` cards of ``total`` that came off a Village (then seen by all)."""
    if not used:
        return ""
    if total == 1:
        return " from a Village"
    return f" ({used} of them from {'a Village' if used == 1 else 'Villages'})"


#: The log's line of each kind whose words need no choosing.
_TEXT = {
    EventKind.BEGINS: "seat {seat} begins",
    EventKind.DRAW: "seat {seat} drew a card",
    EventKind.BONUS_DRAW: "seat {seat} drew a card for discarding three",
    EventKind.LAST_CARD: "seat {seat} drew the last card: the final round begins",
    EventKind.MIDNIGHT: "seat {seat} drew a Midnight card",
    EventKind.LAZY_GIRL: "seat {seat} showed the Lazy Girl and misses a turn",
    EventKind.MISSES_TURN: "seat {seat} misses a turn",
    EventKind.LAY: "seat {seat} laid down {cards}",
    EventKind.DISCARD: "seat {seat} discarded {cards}",
    EventKind.STORE: "seat {seat} laid a card face down on a Village",
    EventKind.SWAP: "seat {seat} exchanged the card on Village {village}",
    EventKind.REACT: "seat {seat} used {cards}",
    EventKind.SHIELDED: "seat {seat}'s Shield stopped {cards}",
    EventKind.SHIELDED_REFLECTED: "seat {seat}'s Shield stopped the reflected {cards}",
    EventKind.LOOK: "seat {seat} looked at seat {other}'s hand",
    EventKind.LAY_PURPLE: "seat {seat} showed its hand and laid down its purple cards",
    EventKind.FORCED_DISCARD: "seat {seat} had to discard {cards}",
    EventKind.GAME_OVER: "the game is over",
}

# Reading a line back (JSON only): each kind's line with its fields as groups, the longer lines
# first where one line begins another ("discarded matching" before "discarded").
_SEAT = r"seat (?P<seat>\d+)"
_OTHER = r"seat (?P<other>\d+)"
_CARDS = r"(?P<cards>\S+(?: \S+)*)"
_CARD = r"(?P<cards>\S+)"
_NOTE = r"(?P<note> from a Village| \((?P<villages>\d+) of them from (?:a Village|Villages)\))?"
_PATTERNS: tuple[tuple[EventKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        (EventKind.BEGINS, rf"{_SEAT} begins"),
        (EventKind.BONUS_DRAW, rf"{_SEAT} drew a card for discarding three"),
        (EventKind.DRAW, rf"{_SEAT} drew a card"),
        (EventKind.LAST_CARD, rf"{_SEAT} drew the last card: the final round begins"),
        (EventKind.MIDNIGHT, rf"{_SEAT} drew a Midnight card"),
        (EventKind.LAZY_GIRL, rf"{_SEAT} showed the Lazy Girl and misses a turn"),
        (EventKind.MISSES_TURN, rf"{_SEAT} misses a turn"),
        (EventKind.LAY, rf"{_SEAT} laid down {_CARDS}"),
        (EventKind.MATCH_DISCARD, rf"{_SEAT} discarded matching (?P<cards>\S+(?: \S+)*?){_NOTE}"),
        (EventKind.DISCARD, rf"{_SEAT} discarded {_CARDS}"),
        (EventKind.ADD_TO_GROUP, rf"{_SEAT} added {_CARD}(?P<from> from a Village)? to a group"),
        (EventKind.STORE, rf"{_SEAT} laid a card face down on a Village"),
        (EventKind.SWAP, rf"{_SEAT} exchanged the card on Village (?P<village>\d+)"),
        (EventKind.PLAY, rf"{_SEAT} played {_CARD}(?: on {_OTHER})?(?:, up to (?P<count>\d+))?"),
        (EventKind.REACT, rf"{_SEAT} used {_CARD}"),
        (EventKind.SHIELDED_REFLECTED, rf"{_SEAT}'s Shield stopped the reflected {_CARD}"),
        (EventKind.SHIELDED, rf"{_SEAT}'s Shield stopped {_CARD}"),
        (EventKind.LOOK, rf"{_SEAT} looked at {_OTHER}'s hand"),
        (EventKind.LAY_PURPLE, rf"{_SEAT} showed its hand and laid down its purple cards"),
        (EventKind.FORCED_DISCARD, rf"{_SEAT} had to discard {_CARD}"),
        (EventKind.TAKE, rf"{_SEAT} took (?P<count>\d+) cards? from {_OTHER}"),
        (
            EventKind.GIVE,
            rf"{_SEAT} gave (?P<count>\d+) cards?(?: \((?P<villages>\d+) from a Village\))? to {_OTHER}",
        ),
        (EventKind.GAME_OVER, r"the game is over"),
    )
)


def _read(kind: EventKind, found: re.Match[str]) -> Event:
    """The event of ``kind`` from the groups of its line."""
    fields = found.groupdict()
    seat, other = fields.get("seat"), fields.get("other")
    cards = tuple(fields["cards"].split(" ")) if fields.get("cards") else ()
    villages = int(fields.get("villages") or 0)
    if fields.get("from") or (fields.get("note") and not villages):
        villages = 1
    event = Event(
        kind,
        None if seat is None else int(seat),
        None if other is None else int(other),
        cards,
        int(fields.get("count") or 0),
        villages,
        int(fields.get("village") or 0),
    )
    if str(event) != found[0]:
        raise ValueError(f"{found[0][:60]!r} is not an event of Magyar népmesék")
    return event
