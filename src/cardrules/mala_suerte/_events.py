"""The log of a match: what happened, one typed event at a time; narration renders from these."""

from __future__ import annotations

import enum

import attrs

from .._fast import fast_init, fast_new
from .._words import counted
from ._cards import CARDS, Card, Colour

__all__ = ["PRIVATE", "Event", "EventKind", "build_event", "one_card_events"]


class EventKind(enum.Enum):
    """What happened; the fields of :class:`Event` used by each kind are listed."""

    #: ``seat`` returned ``count`` cards to the deck at setup (``cards`` private).
    MULLIGAN = "mulligan"
    #: The deck was shuffled.
    SHUFFLE = "shuffle"
    #: ``seat`` received ``count`` cards from the deck at setup (``cards`` private).
    REFILL = "refill"
    #: ``seat`` holds the most cards of one colour and starts (``count`` of them with coloured backs; 0
    #: with plain backs, where only who starts is told: ruling 24).
    STARTS = "starts"
    #: ``seat`` drew the top card of the deck (``cards`` private).
    DRAW = "draw"
    #: ``seat`` cleaned ``cards`` from its pile to the common discard.
    CLEAN = "clean"
    #: ``seat`` played ``cards[0]`` onto its pile.
    PLAY = "play"
    #: ``seat`` took a card from the hand of ``other`` (``cards`` private to both).
    TAKE = "take"
    #: Crows: ``other`` cannot take a card from ``seat``, whose hand holds only the stolen colour.
    NO_COUNTER = "no_counter"
    #: ``cards[0]`` went from the hand of ``other`` onto the pile of ``seat``, without effect.
    TO_PILE = "to_pile"
    #: Evil Eye: ``seat`` named ``colours[0]`` for ``other``.
    CURSE = "curse"
    #: Horseshoe: ``seat`` put a card on top of the deck (``cards`` private).
    RETURN = "return"
    #: The horseshoe token was turned; ``count`` is 1 if it now points clockwise, else 0.
    REVERSE = "reverse"
    #: Broken Mirror: ``seat`` gave a card to ``other`` (``cards`` private to both).
    GIVE = "give"
    #: ``seat`` is out; ``cards`` was its hand: the Clovers went to the deck, the rest to the discard.
    ELIMINATED = "eliminated"


#: Kinds whose cards only ``seat`` and ``other`` see; the others see the colours if backs show them.
#: A tuple: ``in`` finds an enum member in it by identity, in C, where a set would hash it with
#: ``Enum.__hash__``, in Python; every view asks it of every event, and a view costs 0.82 of a move
#: instead of 0.85 (benchmarks/view_cost.py).
PRIVATE = (
    EventKind.MULLIGAN,
    EventKind.REFILL,
    EventKind.DRAW,
    EventKind.TAKE,
    EventKind.RETURN,
    EventKind.GIVE,
)


@fast_init
@attrs.frozen
class Event:
    """One thing that happened, as the log shows it.

    ``seat`` is ``None`` only for a shuffle.  ``cards`` of a private kind are empty in the view of a seat that did not
    see them; ``colours`` then holds their colours if the backs show them.
    """

    kind: EventKind
    seat: int | None
    other: int | None = None
    cards: tuple[Card, ...] = ()
    colours: tuple[Colour, ...] = ()
    count: int = 0

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` saw it."""
        if self.kind in PRIVATE and seat != self.seat and seat != self.other and self.cards:
            return build_event(self.kind, self.seat, self.other, (), self.colours, self.count)
        return self

    def __str__(self) -> str:
        cards = ", ".join(str(c) for c in self.cards)
        if self.kind is EventKind.ELIMINATED and not cards:
            return f"seat {self.seat} is out with an empty hand"
        if self.kind is EventKind.STARTS and not self.count:
            return f"seat {self.seat} starts"
        colours = ", ".join(str(c) for c in self.colours)
        some = cards or (
            f"a {colours} card" if len(self.colours) == 1 else f"cards ({colours})" if colours else ""
        )
        shown = f": {cards}" if cards else f" ({colours})" if colours else ""
        return _TEXT[self.kind].format(
            shown=shown,
            seat=self.seat,
            other=self.other,
            cards=cards,
            some=some or "a card",
            colours=colours,
            count=counted(self.count, "card"),
        )


#: ``Event(...)`` without the class call (fast_new): every move logs events, every view redacts them.
build_event = fast_new(Event)

_TEXT = {
    EventKind.MULLIGAN: "seat {seat} returned {count} to the deck{shown}",
    EventKind.SHUFFLE: "the deck was shuffled",
    EventKind.REFILL: "seat {seat} was dealt {count}{shown}",
    EventKind.STARTS: "seat {seat} starts, with {count} of one colour",
    EventKind.DRAW: "seat {seat} drew {some}",
    EventKind.CLEAN: "seat {seat} cleaned {cards}",
    EventKind.PLAY: "seat {seat} played {cards}",
    EventKind.TAKE: "seat {seat} took {some} from seat {other}",
    EventKind.NO_COUNTER: "seat {other} cannot take a card from seat {seat}",
    EventKind.TO_PILE: "{cards} went from the hand of seat {other} onto the pile of seat {seat}",
    EventKind.CURSE: "seat {seat} named {colours} for seat {other}",
    EventKind.RETURN: "seat {seat} returned {some} to the deck",
    EventKind.REVERSE: "the horseshoe token was turned",
    EventKind.GIVE: "seat {seat} gave {some} to seat {other}",
    EventKind.ELIMINATED: "seat {seat} is out; its hand was {cards}",
}


def one_card_events(
    kind: EventKind, *, with_other: bool
) -> tuple[tuple[tuple[tuple[Event, ...], ...], ...], ...]:
    """Every event of ``kind`` about one card, made once and shared: ``[coloured][seat][other][card]``.

    Without ``with_other`` the ``other`` index is always 0 (and the event's ``other`` is ``None``).
    """
    others: tuple[int | None, ...] = tuple(range(6)) if with_other else (None,)
    return tuple(
        tuple(
            tuple(
                tuple(Event(kind, seat, other, (card,), (card.colour,) if coloured else ()) for card in CARDS)
                for other in others
            )
            for seat in range(6)
        )
        for coloured in (False, True)
    )
