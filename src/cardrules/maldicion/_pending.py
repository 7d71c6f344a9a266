"""The pending decision of a position: whose it is and what it is about, one class per kind (a phase).

Every phase names the deciding ``seat``.  Windows (Reflex, the call-out of a
forgotten MALDICIÓN) carry ``then``, the phase the game continues with once
they close; :class:`NextTurn` is such a continuation, never a decision itself.
Each kind's legal moves, refusals and transition are in ``_legal`` and
``_transition``; ``_state`` registers them by kind.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .._fast import fast_init
from .._pending import Pending as CorePending
from ._cards import Card, Element, Figure

__all__ = [
    "AbilityPhase",
    "AttackPhase",
    "BonfirePhase",
    "CalloutPhase",
    "ClericPhase",
    "DrawnPhase",
    "EmmaPhase",
    "EverardPhase",
    "HeroChoicePhase",
    "NameElementPhase",
    "NecromancerPhase",
    "NextTurn",
    "Pending",
    "Phase",
    "ReflexPhase",
    "SigourneyPhase",
    "ThiefPhase",
    "TurnPhase",
    "next_turn",
    "turn_of",
]


@attrs.frozen
class Pending(CorePending):
    """Base of every phase, La Maldición's pending decision; ``seat`` decides."""

    _json_tag: ClassVar[str | None] = None
    seat: int


#: The name of :class:`Pending` before every game named its pending decision so (``state.phase``).
Phase = Pending


@attrs.frozen
class NextTurn(Pending):
    """Continue with the turn of ``seat`` (or the first seat after it that is not Penalized)."""

    _json_tag: ClassVar[str | None] = "next_turn"


@attrs.frozen
class TurnPhase(Pending):
    """``seat``'s turn: play a card, draw, or discard the Curse."""

    _json_tag: ClassVar[str | None] = "turn"


@attrs.frozen
class HeroChoicePhase(Pending):
    """PvP with ``hero_choice="choice"``: ``seat`` picks its Hero for the whole duel, then ``then``."""

    _json_tag: ClassVar[str | None] = "hero_choice"
    then: Pending


@attrs.frozen
class NameElementPhase(Pending):
    """The starting player names the element in play over a starting Elemental Gem."""

    _json_tag: ClassVar[str | None] = "name_element"


@fast_init
@attrs.frozen
class DrawnPhase(Pending):
    """``seat`` drew ``card`` (``None`` in other seats' views) and may play it if it fits."""

    _json_tag: ClassVar[str | None] = "drawn"
    card: Card | None


@fast_init
@attrs.frozen
class AttackPhase(Pending):
    """``seat`` is attacked by ``attacker`` with ``figure``; ``amount`` cards are accumulated.

    ``turn`` is the seat whose turn the attack chain belongs to: it is on its
    turn, so it never Reflexes during the chain (ruling 11).
    """

    _json_tag: ClassVar[str | None] = "attack"
    attacker: int
    figure: Figure
    amount: int
    turn: int


@attrs.frozen
class BonfirePhase(Pending):
    """``seat`` played a Bonfire and may play a second card; ``called`` if its effect frees the Curse.

    That is when the Bonfire emptied the hand with MALDICIÓN said, and was not
    played through a Hero's ability (unless ``ability_bonfire="frees_curse"``, ruling 47).

    ``resume`` is the next player in the round when it is not the seat after
    ``seat`` (the one Everard's War Cry named); ``None`` otherwise.
    """

    _json_tag: ClassVar[str | None] = "bonfire"
    called: bool
    resume: int | None = None


@attrs.frozen
class AbilityPhase(Pending):
    """``seat`` played an Ability card and may use its Hero's ability.

    ``resume`` is the next player in the round if the ability is declined, when
    it is not the seat after ``seat`` (the one Everard's War Cry named).
    """

    _json_tag: ClassVar[str | None] = "ability"
    resume: int | None = None


@attrs.frozen
class EverardPhase(Pending):
    """War Cry: Everard plays a card of his choice, which ``target`` cannot evade."""

    _json_tag: ClassVar[str | None] = "everard"
    target: int


@attrs.frozen
class SigourneyPhase(Pending):
    """Directed Arrows: ``remaining`` unseen cards still to deal among the opponents."""

    _json_tag: ClassVar[str | None] = "sigourney"
    remaining: int


@attrs.frozen
class ClericPhase(Pending):
    """Absolution.  ``seat`` is Buckminster (``cleric``) to discard, or the opponent asked.

    ``match`` is the element of his last discard (``None``: a Gem, anything
    goes); ``queue`` the opponents still to be asked, in round order.
    """

    _json_tag: ClassVar[str | None] = "cleric"
    cleric: int
    match: Element | None
    queue: tuple[int, ...]


@attrs.frozen
class ThiefPhase(Pending):
    """Cross Robbery: Odilia returns a card to each seat of ``queue``, then discards one."""

    _json_tag: ClassVar[str | None] = "thief"
    queue: tuple[int, ...]


@attrs.frozen
class NecromancerPhase(Pending):
    """Raise the Dead: the opponents took their Object cards; Brishen discards a card."""

    _json_tag: ClassVar[str | None] = "necromancer"


@attrs.frozen
class EmmaPhase(Pending):
    """Transmutation: Emma plays up to two ``element`` cards.

    ``played`` counts them; ``last`` is the last one and ``target`` the seat it
    was aimed at (a Double Shot or Rain of Spears in ``guild_war``).
    """

    _json_tag: ClassVar[str | None] = "emma"
    element: Element
    played: int
    last: Card | None
    target: int | None


@attrs.frozen
class ReflexPhase(Pending):
    """Reflex window after ``player``'s card; ``queue`` the seats still to consider, then ``then``."""

    _json_tag: ClassVar[str | None] = "reflex"
    player: int
    queue: tuple[int, ...]
    then: Pending


@attrs.frozen
class CalloutPhase(Pending):
    """``culprit`` did not say MALDICIÓN; ``seat`` may point it out, ``queue`` are asked next."""

    _json_tag: ClassVar[str | None] = "callout"
    culprit: int
    queue: tuple[int, ...]
    then: Pending


_TURNS = tuple(TurnPhase(seat) for seat in range(8))
_NEXT = tuple(NextTurn(seat) for seat in range(8))


def turn_of(seat: int) -> TurnPhase:
    """``TurnPhase(seat)``, shared (phases are values)."""
    return _TURNS[seat]


def next_turn(seat: int) -> NextTurn:
    """``NextTurn(seat)``, shared (phases are values)."""
    return _NEXT[seat]
