"""Mala e Cuia's options, and the start of a match.

The top of the game's modules: a game makes its first state, its sampler and its encoding, so this module
imports theirs.  States and views hold their game and import its class only for the type checker;
the JSON reader resolves their ``game: Game`` with the class the game recorded under its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._base import BaseGame, BaseState, BaseView
from .._errors import ConfigError
from .._options import choice, integer, reject_unknown
from .._random import Rng
from ._deck import Deck
from ._encoding import MalaECuiaEncoding
from ._load import builtin_deck
from ._progress import ROUNDS, items_needed, refresh_plan
from ._sample import ViewSampler
from ._state import State, first_state
from ._view import View

__all__ = ["Game", "Mode", "NewItems"]

Mode = Literal["competitive", "cooperative"]
NewItems = Literal["swap", "flip"]

#: "place 10 of them in the center of the table" (cooperative) / "place 12 of them" (competitive).
SHOWN = {"cooperative": 10, "competitive": 12}


def _content(value: object) -> Deck | None:
    if value is None or isinstance(value, Deck):
        return value
    if isinstance(value, Mapping):
        return Deck.from_data(dict(value), source="option 'content'")
    raise ConfigError(
        "mala_e_cuia: option 'content' must be None (the built-in deck), a Deck (see load_deck) "
        f"or a mapping in the deck format; got {type(value).__name__}"
    )


@attrs.frozen(init=False)
class Game(BaseGame[State, View]):
    """Mala e Cuia for 3 to 8 seats, ``"competitive"`` (4 rounds) or ``"cooperative"``.

    ``content`` is the deck of Situation and Item cards: ``None`` for the
    built-in deck, or a :class:`Deck` (from :func:`load_deck`, or a mapping in
    the same format); it is part of the options, so records carry it.
    ``new_items`` is how competitive New Destination renews the 12 Item
    cards: ``"swap"`` them for 12 from the pile (the default) while the pile
    still supplies the rounds left, else flip them; or ``"flip"`` them when
    their backs are unused, else swap (ruling 12).  Either way a competitive
    deck needs 24 Item cards.
    """

    name: ClassVar[str] = "mala_e_cuia"
    state_type: ClassVar[type[BaseState[Any, Any, Any]]] = State
    view_type: ClassVar[type[BaseView[Any]]] = View
    players: int = attrs.field(default=4, validator=integer(3, 8))
    mode: Mode = attrs.field(default="competitive", validator=choice("competitive", "cooperative"))
    content: Deck | None = attrs.field(default=None)
    new_items: NewItems = attrs.field(default="swap", validator=choice("swap", "flip"))

    def __init__(
        self,
        *,
        players: int = 4,
        mode: Mode = "competitive",
        content: Deck | Mapping[str, Any] | None = None,
        new_items: NewItems = "swap",
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, ("players", "mode", "content", "new_items"))
        self.__attrs_init__(players=players, mode=mode, content=_content(content), new_items=new_items)

    def __attrs_post_init__(self) -> None:
        deck = self.deck
        where = f"mala_e_cuia: option 'content' ({deck.summary()})"
        if self.mode == "cooperative":
            if len(deck.situations) < self.players:
                raise ConfigError(
                    f"{where}: a cooperative game of {self.players} deals one Situation card per seat, "
                    f"so the deck needs at least {self.players}"
                )
            if len(deck.items) < self.shown:
                raise ConfigError(
                    f"{where}: a cooperative game shows {self.shown} Item cards; the deck has too few"
                )
            return
        if len(deck.situations) < ROUNDS:
            raise ConfigError(
                f"{where}: a competitive game reveals a Situation card in each of 4 rounds; 4 are needed"
            )
        if refresh_plan(self.new_items, len(deck.items), self.shown) is None:
            other = "flip" if self.new_items == "swap" else "swap"
            raise ConfigError(
                f"{where}: too few Item cards for 4 rounds of {self.shown} with new_items={self.new_items!r}: "
                f"at least {items_needed(self.shown)} are needed, as with {other!r} ({self.shown} on the table, "
                f"flipped in round 2, swapped for {self.shown} new ones in round 3, flipped in round 4; "
                "no card shows its back twice)"
            )

    @property
    def deck(self) -> Deck:
        """The Situation and Item cards in play: ``content``, or the built-in deck."""
        return self.content if self.content is not None else builtin_deck()

    @property
    def shown(self) -> int:
        """How many Item cards lie face up: 10 cooperative, 12 competitive."""
        return SHOWN[self.mode]

    def __str__(self) -> str:
        deck = "None" if self.content is None else f"<deck {self.content.summary()}>"
        return f"{self.name}(players={self.players}, mode={self.mode!r}, content={deck}, new_items={self.new_items!r})"

    def sides(self) -> tuple[frozenset[int], ...]:
        """The whole table in cooperative mode (its members win or lose together); a side per seat otherwise."""
        if self.mode == "cooperative":
            return (frozenset(range(self.players)),)
        return super().sides()

    @classmethod
    def examples(cls) -> Sequence[Game]:
        mini = builtin_deck()
        travel_light = Deck("travel light", mini.situations[:6], mini.items[:24])
        return (
            cls(),
            cls(players=3),
            cls(players=8),
            cls(players=5, new_items="flip", content=travel_light),
            cls(mode="cooperative"),
            cls(mode="cooperative", players=3),
            cls(mode="cooperative", players=8),
        )

    def _new_state(self, rng: Rng) -> State:
        return first_state(self, rng)

    def _sampler(self, view: View) -> ViewSampler:
        return ViewSampler(view)

    def _make_encoding(self) -> MalaECuiaEncoding:
        return MalaECuiaEncoding(self)
