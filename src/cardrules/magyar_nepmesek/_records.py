"""The records a position keeps apart from the fields every move changes: a :class:`Board` of hidden
facts and a :class:`Tableau` of open ones, which every seat's view shares with the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

import attrs

from .._fast import fast_init
from .._outcome import Outcome
from ._cards import CardTable
from ._melds import Meld, group_adds

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Board", "Tableau", "TableauFacts"]


@fast_init
@attrs.frozen
class Board:
    """The hidden part of a position, which changes seldom: a move that leaves it copies it whole.

    ``rng`` is the state of the match's random generator; ``villages[s]`` holds one slot per Village
    in front of seat s (a face-down card or ``None``); ``known[o][s]`` is what seat o is sure seat s
    holds (from a Midnight, a Crystal Ball, "Lay down purple cards", cards it gave or that were
    taken from it).  No view holds it: each seat sees only its own Villages and its own knowledge.
    """

    rng: int
    villages: tuple[tuple[str | None, ...], ...]
    known: tuple[tuple[tuple[str, ...], ...], ...]


@fast_init
@attrs.frozen
class Tableau:
    """What lies open before every seat and changes seldom: every view holds the state's own.

    ``game`` is the game and its options; ``village_cards[s]`` the Village cards in front of seat s;
    ``zones`` the sizes of the draw pile's three thirds as stacked at setup (top third first), each
    holding one Midnight; ``melds[s]`` the cards laid in front of seat s; ``skips[s]`` whether seat s
    misses its next turn (the Lazy Girl); ``final`` is 0 before the last card is drawn, 1 during the
    final round, 2 once the last drawer's closing turn has begun; ``last_drawer`` the seat that drew
    the last card; ``outcome`` how the match ended, ``None`` while it goes on.
    """

    #: Names the game whose ``Game`` the JSON reader resolves the ``game`` field's type to.
    game_name: ClassVar[str] = "magyar_nepmesek"
    game: Game
    village_cards: tuple[tuple[str, ...], ...]
    zones: tuple[int, int, int]
    melds: tuple[tuple[Meld, ...], ...]
    skips: tuple[bool, ...]
    final: int
    last_drawer: int | None
    outcome: Outcome | None
    #: What :meth:`group_adds` gives, ``()`` until its first use.  A cache, not part of the value.
    adds: tuple[frozenset[str], ...] | None = attrs.field(
        init=False, default=(), eq=False, hash=False, repr=False
    )

    def group_adds(self, cards: CardTable) -> tuple[frozenset[str], ...] | None:
        """Per seat, the kinds that may be added to its laid groups; ``None`` when no seat has a group.

        Remembered: the laid cards change seldom, the extra-action windows are scanned at every action.
        """
        adds = self.adds
        if adds == ():
            adds = group_adds(self.melds, cards)
            object.__setattr__(self, "adds", adds)  # a cache: tableaus stay values
        return adds


class _OnTableau(Protocol):
    @property
    def tableau(self) -> Tableau: ...


class TableauFacts:
    """The tableau's facts read by name, for the State and the View, which hold the same tableau."""

    __slots__ = ()

    @property
    def game(self: _OnTableau) -> Game:
        """The game (rules and options) being played."""
        return self.tableau.game

    @property
    def village_cards(self: _OnTableau) -> tuple[tuple[str, ...], ...]:
        """Per seat, the Village cards in front of it."""
        return self.tableau.village_cards

    @property
    def zones(self: _OnTableau) -> tuple[int, int, int]:
        """The sizes of the draw pile's thirds as stacked at setup, top third first."""
        return self.tableau.zones

    @property
    def melds(self: _OnTableau) -> tuple[tuple[Meld, ...], ...]:
        """Per seat, the cards laid in front of it."""
        return self.tableau.melds

    @property
    def skips(self: _OnTableau) -> tuple[bool, ...]:
        """Per seat, whether it misses its next turn."""
        return self.tableau.skips

    @property
    def final(self: _OnTableau) -> int:
        """0 before the last card is drawn, 1 during the final round, 2 in the closing turn."""
        return self.tableau.final

    @property
    def last_drawer(self: _OnTableau) -> int | None:
        """The seat that drew the last card, once it has been drawn."""
        return self.tableau.last_drawer

    @property
    def outcome(self: _OnTableau) -> Outcome | None:
        """How the match ended; ``None`` while it goes on."""
        return self.tableau.outcome
