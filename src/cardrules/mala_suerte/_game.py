"""Mala Suerte's options, and the start of a match.

The top of the game's modules: a game makes its first state, its sampler and its encoding, so this module
imports theirs.  States and views hold their game and import its class only for the type checker;
the JSON reader resolves their ``game: Game`` with the class the game recorded under its name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._base import BaseGame, BaseState, BaseView
from .._errors import ConfigError
from .._options import boolean, choice, integer, reject_unknown
from .._random import Rng
from ._cards import DECK, MINI_DECK, Card
from ._encoding import MalaSuerteEncoding
from ._sample import ViewSampler
from ._state import State, first_state
from ._view import View

__all__ = ["Backs", "Deck", "Game"]

Backs = Literal["coloured", "plain"]
Deck = Literal["full", "mini"]


@attrs.frozen(init=False)
class Game(BaseGame[State, View]):
    """Mala Suerte for ``players`` seats (2 to 6).

    ``mulligan=True`` offers every seat, once, the setup's optional return of
    1 to 6 cards before the deck is shuffled and hands refilled to six;
    ``False`` skips it.

    ``backs`` says what a card's back shows (ruling 2, the rulebook's D-1):
    ``"coloured"`` (the default) means the back shows the card's colour, so
    the colour of every card in every hand, and of the top card of the deck,
    is public, and a seat taking a card from another hand picks the colour
    it takes; ``"plain"`` means backs show nothing, hands are known only by
    their size, and a card taken from a hand is a blind pick at random.

    ``deck="mini"`` is a small variant for two seats, not the rulebook's game:
    five cards (:data:`~cardrules.mala_suerte.MINI_DECK`), hands of two, so
    that OpenSpiel's CFR can solve it (see the game's page).
    """

    name: ClassVar[str] = "mala_suerte"
    state_type: ClassVar[type[BaseState[Any, Any, Any]]] = State
    view_type: ClassVar[type[BaseView[Any]]] = View
    players: int = attrs.field(default=4, validator=integer(2, 6))
    mulligan: bool = attrs.field(default=True, validator=boolean())
    backs: Backs = attrs.field(default="coloured", validator=choice("coloured", "plain"))
    deck: Deck = attrs.field(default="full", validator=choice("full", "mini"))

    def __init__(
        self,
        *,
        players: int = 4,
        mulligan: bool = True,
        backs: Backs = "coloured",
        deck: Deck = "full",
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, ("players", "mulligan", "backs", "deck"))
        self.__attrs_init__(players=players, mulligan=mulligan, backs=backs, deck=deck)
        if deck == "mini" and players != 2:
            raise ConfigError(f"mala_suerte: option 'players' must be 2 with deck 'mini'; got {players!r}")

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the match: :data:`~cardrules.mala_suerte.DECK`, or the mini deck's five."""
        return MINI_DECK if self.deck == "mini" else DECK

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat: six ("deal six cards to each person"), two with the mini deck."""
        return 2 if self.deck == "mini" else 6

    @property
    def coloured_backs(self) -> bool:
        """Whether the colour of a card can be seen from its back."""
        return self.backs == "coloured"

    @classmethod
    def examples(cls) -> Sequence[Game]:
        return (
            cls(),
            cls(players=2),
            cls(players=6, mulligan=False),
            cls(players=3, backs="plain"),
            cls(players=5, backs="plain", mulligan=False),
        )

    def _new_state(self, rng: Rng) -> State:
        return first_state(self, rng)

    def _sampler(self, view: View) -> ViewSampler:
        return ViewSampler(view)

    def _make_encoding(self) -> MalaSuerteEncoding:
        return MalaSuerteEncoding(self)
