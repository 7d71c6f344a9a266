"""Malilla's options, and the start of a match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._base import BaseGame, BaseMove, BaseState, BaseView
from .._options import choice, integer, reject_unknown
from .._random import Rng
from .._rulebook import Rulebook
from ._advice import reason
from ._encoding import MalillaEncoding
from ._heuristic import Reading
from ._moves import Move
from ._rulebook import MalillaRulebook
from ._sample import ViewSampler
from ._state import State, first_state
from ._view import View

__all__ = ["Game"]

Irregularities = Literal["reject", "lose_game"]
MustBeat = Literal["any_card", "led_suit"]

#: From this many tricks left in a hand, the advice solves it exactly (each sampled deal in a few ms).
ENDGAME_TRICKS = 5


@attrs.frozen(init=False)
class Game(BaseGame[State, View]):
    """Malilla for four seats, partners 0+2 against 1+3, played to ``target`` points.

    ``irregularities="reject"`` refuses illegal plays (the default);
    ``"lose_game"`` accepts any card in hand and ends the match on a foul,
    lost by the fouling partnership: "the partnership committing the foul
    loses the entire game".

    ``must_beat`` says how far "you must beat it if it would be legal for you
    to do so" reaches (ruling 4): ``"any_card"`` (the default) obliges a void
    seat to trump or over-trump an opponent's winning card; ``"led_suit"``
    obliges only a seat that follows suit to play higher.
    """

    name: ClassVar[str] = "malilla"
    state_type: ClassVar[type[BaseState[Any, Any, Any]]] = State
    view_type: ClassVar[type[BaseView[Any]]] = View
    rulebook: ClassVar[Rulebook] = MalillaRulebook()
    target: int = attrs.field(default=35, validator=integer(1))
    irregularities: Irregularities = attrs.field(default="reject", validator=choice("reject", "lose_game"))
    must_beat: MustBeat = attrs.field(default="any_card", validator=choice("any_card", "led_suit"))

    def __init__(
        self,
        *,
        target: int = 35,
        irregularities: Irregularities = "reject",
        must_beat: MustBeat = "any_card",
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, ("target", "irregularities", "must_beat"))
        self.__attrs_init__(target=target, irregularities=irregularities, must_beat=must_beat)

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    def sides(self) -> tuple[frozenset[int], ...]:
        """The two partnerships: seats 0 and 2 against 1 and 3."""
        return (frozenset((0, 2)), frozenset((1, 3)))

    @classmethod
    def examples(cls) -> Sequence[Game]:
        return (cls(), cls(target=12), cls(irregularities="lose_game"), cls(target=20, must_beat="led_suit"))

    def _new_state(self, rng: Rng) -> State:
        return first_state(self, rng)

    def _sampler(self, view: View) -> ViewSampler:
        return ViewSampler(view)

    def _make_encoding(self) -> MalillaEncoding:
        return MalillaEncoding(self)

    def endgame_reasons(self, view: View, moves: Sequence[BaseMove]) -> dict[BaseMove, str] | None:
        """In the last five tricks of a hand, which the advice solves exactly: what each card does
        (a lost trick, the partner's trick, a sure winner cashed, trumps drawn), read from the view."""
        if 10 - len(view.tricks) > ENDGAME_TRICKS:
            return None
        reading = Reading(view)
        cards = tuple(m.card for m in moves if isinstance(m, Move))
        return {m: reason(view, m.card, reading, cards) for m in moves if isinstance(m, Move)}
