"""The options of Magyar népmesék: A kártyajáték, and the start of a match."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._base import BaseGame, BaseState, BaseView
from .._errors import ConfigError
from .._options import boolean, choice, integer, reject_unknown
from .._random import Rng
from .._rulebook import Rulebook
from ._cards import CardTable
from ._deck import Category, Deck, default_deck, mini_deck, read_deck
from ._encoding import MagyarEncoding
from ._rulebook import MagyarRulebook
from ._sample import ViewSampler
from ._state import State, first_state
from ._view import View

__all__ = ["Game"]

Variant = Literal["starter", "advanced", "mini"]
LazyGirlOnVillage = Literal["removed", "returns"]
VillageExtraActions = Literal["own_turn", "never"]
_OPTIONS = ("players", "variant", "fifth_edition", "deck", "lazy_girl_on_village", "village_extra_actions")


@attrs.frozen(init=False)
class Game(BaseGame[State, View]):
    """Magyar népmesék for ``players`` seats (2-6).

    ``variant="starter"`` plays without action cards; ``"advanced"`` adds the
    34 action cards and the advanced discards; ``"mini"`` is a small variant
    for two seats, not the rulebook's game: the starter rules with hands of
    two, dealt from the four cards of the shipped ``mini_deck.json`` (the
    default deck then), so that OpenSpiel's CFR solves it (see the game's
    page).  ``fifth_edition=True`` adds the
    ten 5th-edition cards (the Chipped Mug, the dual cards and the Palace in
    both variants; Lantern, Magic Mirror, Take back a card, Hussar and Lazy Girl
    in the advanced game only).  ``deck`` is the card data: ``None`` for the
    shipped ``deck.json``, or a path to a deck file of the same form, its
    parsed JSON, or a :class:`Deck`; the data itself is kept, so records carry
    it.  ``lazy_girl_on_village="removed"`` (default) leaves a Lazy Girl lying
    on a Village at the end out of the scoring; ``"returns"`` takes it back
    into the hand with the other Village cards, worth -2 (ruling 32).
    ``village_extra_actions="own_turn"`` (default) lets a Village's owner use
    the card on it in the extra actions (a matching discard, adding to a group)
    during its own turn, "exactly as if it were in your hand"; ``"never"``
    keeps the extra actions to the hand alone (ruling 15).
    """

    name: ClassVar[str] = "magyar_nepmesek"
    state_type: ClassVar[type[BaseState[Any, Any, Any]]] = State
    view_type: ClassVar[type[BaseView[Any]]] = View
    rulebook: ClassVar[Rulebook] = MagyarRulebook()
    players: int = attrs.field(default=4, validator=integer(2, 6))
    variant: Variant = attrs.field(default="starter", validator=choice("starter", "advanced", "mini"))
    fifth_edition: bool = attrs.field(default=False, validator=boolean())
    deck: Deck = attrs.field(factory=default_deck, repr=lambda d: repr(d.name))
    lazy_girl_on_village: LazyGirlOnVillage = attrs.field(
        default="removed", validator=choice("removed", "returns")
    )
    village_extra_actions: VillageExtraActions = attrs.field(
        default="own_turn", validator=choice("own_turn", "never")
    )
    table: CardTable = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __init__(
        self,
        *,
        players: int = 4,
        variant: Variant = "starter",
        fifth_edition: bool = False,
        deck: Deck | str | os.PathLike[str] | Mapping[str, Any] | None = None,
        lazy_girl_on_village: LazyGirlOnVillage = "removed",
        village_extra_actions: VillageExtraActions = "own_turn",
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, _OPTIONS)
        data = (mini_deck() if variant == "mini" else default_deck()) if deck is None else read_deck(deck)
        self.__attrs_init__(
            players=players,
            variant=variant,
            fifth_edition=fifth_edition,
            deck=data,
            lazy_girl_on_village=lazy_girl_on_village,
            village_extra_actions=village_extra_actions,
        )
        if variant == "mini" and players != 2:
            raise ConfigError(
                f"magyar_nepmesek: option 'players' must be 2 with variant 'mini'; got {players!r}"
            )
        table = CardTable(data, variant == "advanced", fifth_edition)
        dealt = sum(1 for c in table.cards if table.category[c] is not Category.MIDNIGHT)
        hand = self.hand_size
        if dealt < hand * players:
            raise ConfigError(
                f"magyar_nepmesek: option 'deck' holds {dealt} cards besides the Midnights, "
                f"fewer than the {hand * players} needed to deal {hand} to each of {players} players"
            )
        object.__setattr__(self, "table", table)

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat: seven ("deal 7 cards to each player"), two in the mini variant."""
        return 2 if self.variant == "mini" else 7

    @property
    def advanced(self) -> bool:
        """Whether the action cards and advanced discards are in play."""
        return self.variant == "advanced"

    @classmethod
    def examples(cls) -> Sequence[Game]:
        return (
            cls(),
            cls(players=2, variant="advanced"),
            cls(players=5, variant="advanced", fifth_edition=True),
            cls(players=3, fifth_edition=True, lazy_girl_on_village="returns"),
            cls(players=3, variant="advanced", village_extra_actions="never"),
        )

    def villages_in_window(self, seat: int, turn: int) -> bool:
        """Whether ``seat`` may use the cards on its Villages in an extra-action window of ``turn``'s turn.

        Every window belongs to the turn of the seat whose action opened it (ruling 6), so the owner's
        windows are those while it has the turn (ruling 15).
        """
        return seat == turn and self.village_extra_actions == "own_turn"

    def __str__(self) -> str:
        shown = f"players={self.players}, variant={self.variant!r}, fifth_edition={self.fifth_edition}"
        if self.lazy_girl_on_village != "removed":
            shown += f", lazy_girl_on_village={self.lazy_girl_on_village!r}"
        if self.village_extra_actions != "own_turn":
            shown += f", village_extra_actions={self.village_extra_actions!r}"
        if self.deck != (mini_deck() if self.variant == "mini" else default_deck()):
            shown += f", deck={self.deck.name!r}"
        return f"{self.name}({shown})"

    def _new_state(self, rng: Rng) -> State:
        return first_state(self, rng)

    def _sampler(self, view: View) -> ViewSampler:
        return ViewSampler(view)

    def _make_encoding(self) -> MagyarEncoding:
        return MagyarEncoding(self)
