"""The decision a Mala Suerte position waits for: one class per kind, named for the moment of the turn.

A state stores the kind of decision as its :class:`Step` (the JSON field ``step``, unchanged) and knows
the rest (whose turn it is, the next seat, the colour a Crows stole); :attr:`State.pending
<cardrules.mala_suerte.State.pending>` puts them together as one of the classes below, each holding its
seat and what the decision needs.  The step is the one source of truth: every kind names its
:attr:`~Pending.step`, and :func:`decision` is the only place that builds one from a position's fields.
"""

from __future__ import annotations

import enum
from typing import ClassVar, assert_never

import attrs

from .._pending import Pending as CorePending
from ._cards import COLOURS, Colour
from ._rules import next_seat

__all__ = [
    "NEXT_DECIDES",
    "CatTake",
    "CrowsCounter",
    "CrowsSteal",
    "Decision",
    "EvilEyeColour",
    "HorseshoeReturn",
    "MirrorSwap",
    "MulliganChoice",
    "Pending",
    "SaltTake",
    "Step",
    "TurnCleaned",
    "TurnDrawn",
    "TurnOpen",
    "decision",
]


class Step(enum.Enum):
    """Where the match stands, which says what the deciding seat may do."""

    #: Setup: each seat in turn may return 1 to 6 cards (a hidden commitment).
    MULLIGAN = "mulligan"
    #: Start of a turn: Draw, Clean or Play.
    OPEN = "open"
    #: The seat has drawn: Clean or Play.
    DRAWN = "drawn"
    #: The seat has cleaned: Play.
    CLEANED = "cleaned"
    #: Crows: the player takes a card from the next seat.
    CROWS_STEAL = "crows_steal"
    #: Crows: the next seat takes back a card of another colour.
    CROWS_COUNTER = "crows_counter"
    #: Black Cat: the next seat takes a card of the player's hand to its own pile.
    CAT_TAKE = "cat_take"
    #: Evil Eye: the player names a colour.
    EVIL_EYE = "evil_eye"
    #: Horseshoe: the player returns a card to the top of the deck.
    HORSESHOE_RETURN = "horseshoe_return"
    #: Spilled Salt: the player takes a card of the next seat's hand to that seat's pile.
    SALT_TAKE = "salt_take"
    #: Broken Mirror: the player picks a seat, a card to give and one to take.
    MIRROR_SWAP = "mirror_swap"
    #: The match is over.
    OVER = "over"


#: Steps decided by the seat after the player rather than by the player.  A tuple: ``in`` finds an enum
#: member in it by identity, in C (see :data:`~cardrules.mala_suerte._events.PRIVATE`).
NEXT_DECIDES = (Step.CROWS_COUNTER, Step.CAT_TAKE)


class Pending(CorePending):
    """A Mala Suerte decision waiting for ``seat``; :attr:`step` is the state's tag for its kind."""

    __slots__ = ()

    #: The step a state stores while this kind of decision waits.
    step: ClassVar[Step]

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A kind of decision (a class that names its :attr:`step`) must word its :attr:`rule`: checked
        when the class is made, not at every move (the core :class:`~cardrules.Pending` is no ABC)."""
        super().__init_subclass__(**kwargs)
        if "step" in vars(cls) and cls.rule is Pending.rule:
            raise TypeError(
                f"{cls.__name__}: a kind of decision must say its rule (define the property `rule`)"
            )

    @property
    def rule(self) -> str:
        """What the rule asks of the seat now, in the rulebook's words; every kind of decision says it."""
        raise NotImplementedError(f"{type(self).__name__} does not say its rule")


@attrs.frozen
class MulliganChoice(Pending):
    """Setup: ``seat`` may return 1 to 6 cards of its hand to the deck, one :class:`Mulligan` at a time,
    or keep the rest (:class:`Keep`)."""

    step: ClassVar[Step] = Step.MULLIGAN
    seat: int

    @property
    def rule(self) -> str:
        return f"setup: seat {self.seat} may return 1 to 6 cards of its hand to the deck, or keep it"


@attrs.frozen
class TurnOpen(Pending):
    """The start of the turn of ``seat``: Draw, Clean or Play."""

    step: ClassVar[Step] = Step.OPEN
    seat: int

    @property
    def rule(self) -> str:
        return f"seat {self.seat} must Draw, Clean or Play a card now (each once, in that order)"


@attrs.frozen
class TurnDrawn(Pending):
    """``seat`` has drawn: Clean or Play."""

    step: ClassVar[Step] = Step.DRAWN
    seat: int

    @property
    def rule(self) -> str:
        return f"seat {self.seat} must Draw, Clean or Play a card now (each once, in that order)"


@attrs.frozen
class TurnCleaned(Pending):
    """``seat`` has cleaned: Play."""

    step: ClassVar[Step] = Step.CLEANED
    seat: int

    @property
    def rule(self) -> str:
        return f"seat {self.seat} must Draw, Clean or Play a card now (each once, in that order)"


@attrs.frozen
class CrowsSteal(Pending):
    """Crows: "Steal a card from the next person": ``seat`` picks the colour it takes from ``source``."""

    step: ClassVar[Step] = Step.CROWS_STEAL
    seat: int
    source: int

    @property
    def rule(self) -> str:
        return f"Crows: seat {self.seat} must steal a card from seat {self.source}"


@attrs.frozen
class CrowsCounter(Pending):
    """Crows: "That person then steals a card from you, of a different colour than the one you stole":
    ``seat`` takes back from ``source`` a card not of ``stolen``."""

    step: ClassVar[Step] = Step.CROWS_COUNTER
    seat: int
    source: int
    stolen: Colour

    @property
    def rule(self) -> str:
        return f"Crows: seat {self.seat} must steal back a card from seat {self.source}, not {self.stolen}"


@attrs.frozen
class CatTake(Pending):
    """Black Cat: "The next person discards a card from your hand to their pile": ``seat`` picks the colour
    it takes from the hand of ``source``."""

    step: ClassVar[Step] = Step.CAT_TAKE
    seat: int
    source: int

    @property
    def rule(self) -> str:
        return f"Black Cat: seat {self.seat} must discard a card from the hand of seat {self.source} to its own pile"


@attrs.frozen
class SaltTake(Pending):
    """Spilled Salt: "Discard a card from the hand of the next person to their pile": ``seat`` picks the
    colour it takes from the hand of ``source``."""

    step: ClassVar[Step] = Step.SALT_TAKE
    seat: int
    source: int

    @property
    def rule(self) -> str:
        return (
            f"Spilled Salt: seat {self.seat} must discard a card from the hand of seat {self.source} "
            "to that seat's pile"
        )


@attrs.frozen
class EvilEyeColour(Pending):
    """Evil Eye: "Choose a colour": ``seat`` names the colour the next seat, ``target``, must play."""

    step: ClassVar[Step] = Step.EVIL_EYE
    seat: int
    target: int

    @property
    def rule(self) -> str:
        return f"Evil Eye: seat {self.seat} must name a colour"


@attrs.frozen
class HorseshoeReturn(Pending):
    """Horseshoe: "Return a card to the top of the deck": ``seat`` picks the card."""

    step: ClassVar[Step] = Step.HORSESHOE_RETURN
    seat: int

    @property
    def rule(self) -> str:
        return f"Horseshoe: seat {self.seat} must return a card from its hand to the top of the deck"


@attrs.frozen
class MirrorSwap(Pending):
    """Broken Mirror: ``seat`` picks whom to swap with, the card to give and the colour to take."""

    step: ClassVar[Step] = Step.MIRROR_SWAP
    seat: int

    @property
    def rule(self) -> str:
        return f"Broken Mirror: seat {self.seat} must choose whom to swap with, the card to give and the card to take"


#: Every kind of decision: what :attr:`State.pending <cardrules.mala_suerte.State.pending>` holds while the
#: match goes on, a union a ``match`` can check for exhaustiveness.
Decision = (
    MulliganChoice
    | TurnOpen
    | TurnDrawn
    | TurnCleaned
    | CrowsSteal
    | CrowsCounter
    | CatTake
    | SaltTake
    | EvilEyeColour
    | HorseshoeReturn
    | MirrorSwap
)


_SEATS = range(6)
#: Every decision made once, as moves are: ``_OPEN[seat]``, ``_CROWS_STEAL[seat][source]``,
#: ``_CROWS_COUNTER[seat][source][colour]``, ...
_MULLIGAN = tuple(MulliganChoice(s) for s in _SEATS)
_OPEN = tuple(TurnOpen(s) for s in _SEATS)
_DRAWN = tuple(TurnDrawn(s) for s in _SEATS)
_CLEANED = tuple(TurnCleaned(s) for s in _SEATS)
_HORSESHOE = tuple(HorseshoeReturn(s) for s in _SEATS)
_MIRROR = tuple(MirrorSwap(s) for s in _SEATS)
_CROWS_STEAL = tuple(tuple(CrowsSteal(s, o) for o in _SEATS) for s in _SEATS)
_CAT_TAKE = tuple(tuple(CatTake(s, o) for o in _SEATS) for s in _SEATS)
_SALT_TAKE = tuple(tuple(SaltTake(s, o) for o in _SEATS) for s in _SEATS)
_EVIL_EYE = tuple(tuple(EvilEyeColour(s, o) for o in _SEATS) for s in _SEATS)
_CROWS_COUNTER = tuple(tuple({c: CrowsCounter(s, o, c) for c in COLOURS} for o in _SEATS) for s in _SEATS)


def decision(
    step: Step,
    turn: int | None,
    alive: tuple[bool, ...],
    clockwise: bool,
    decided: int,
    stolen: Colour | None,
) -> Decision | None:
    """The decision a position waits for: its ``step``, the seat whose ``turn`` it is (``None`` at setup),
    who is still in and which way the token points (which say the next seat), the number of seats that
    have ``decided`` their mulligan, and the colour a Crows ``stolen``; ``None`` when the match is over.

    The steps of a turn come first: they are the most frequent.
    """
    if turn is None:  # the setup's mulligan, which has no turn
        return _MULLIGAN[decided] if step is Step.MULLIGAN else None
    match step:
        case Step.OPEN:
            return _OPEN[turn]
        case Step.DRAWN:
            return _DRAWN[turn]
        case Step.CLEANED:
            return _CLEANED[turn]
        case Step.OVER:
            return None
        case Step.HORSESHOE_RETURN:
            return _HORSESHOE[turn]
        case Step.MIRROR_SWAP:
            return _MIRROR[turn]
        case Step.MULLIGAN:
            raise AssertionError("the mulligan comes before the first turn")
    after = next_seat(alive, turn, clockwise)
    match step:
        case Step.CROWS_STEAL:
            return _CROWS_STEAL[turn][after]
        case Step.CROWS_COUNTER:
            assert stolen is not None, "the counter-steal waits with the stolen colour"
            return _CROWS_COUNTER[after][turn][stolen]
        case Step.CAT_TAKE:
            return _CAT_TAKE[after][turn]
        case Step.SALT_TAKE:
            return _SALT_TAKE[turn][after]
        case Step.EVIL_EYE:
            return _EVIL_EYE[turn][after]
        case _:
            assert_never(step)
