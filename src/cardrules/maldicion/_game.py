"""La Maldición's options, and the start of a match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._base import BaseGame, BaseState, BaseView
from .._errors import ConfigError
from .._options import boolean, choice, integer, reject_unknown
from .._random import Rng
from .._rulebook import Rulebook
from ._encoding import MaldicionEncoding
from ._rulebook import MaldicionRulebook
from ._sample import ViewSampler
from ._setup import first_state
from ._state import State
from ._view import View

__all__ = ["AbilityBonfire", "Difficulty", "Game", "HeroChoice", "MirrorRule", "Mode"]

Mode = Literal["battle_royale", "pvp", "guild_war"]
Difficulty = Literal["medium", "easy", "hard"]
HeroChoice = Literal["random", "choice"]
MirrorRule = Literal["own_turn", "turn_plays"]
AbilityBonfire = Literal["no_curse", "frees_curse"]
_OPTIONS = (
    "players",
    "mode",
    "difficulty",
    "draw_when_able",
    "start_hp",
    "hero_choice",
    "mirror",
    "ability_bonfire",
)


@attrs.frozen(init=False)
class Game(BaseGame[State, View]):
    """La Maldición: Héroes de Lorthar.

    Options:

    * ``players``: 2 to 8 (``pvp`` exactly 2; ``guild_war`` 4, 6 or 8, seats
      alternating between team 0 (even seats) and team 1 (odd seats)).
    * ``mode``: ``"battle_royale"`` (the first seat free of its Curse wins),
      ``"pvp"`` (a duel of games to 0 HP) or ``"guild_war"`` (teams, one Curse each).
    * ``difficulty``: ``"medium"``, ``"easy"`` or ``"hard"`` (a seat never sees
      its own Curse; a wrong guess returns it and costs two cards).
    * ``draw_when_able``: ``False`` (a seat draws only when it has no card to
      play, ruling 6) or ``True`` (a seat may always draw instead of playing).
    * ``start_hp``: each duellist's Life Counter at the start of a ``pvp`` duel
      (the rulebook's 100; only allowed with ``pvp``).
    * ``hero_choice``: in ``pvp``, "each player takes a hero, either by choice
      or at random, as both opponents decide": ``"random"`` (dealt) or
      ``"choice"`` (each seat picks one in turn, openly, before play).
    * ``mirror``: which of a seat's cards may go as a Mirror ("during their
      turn, any player holding two IDENTICAL cards may Play/Discard them
      together as one", ruling 10): ``"own_turn"`` (every Play or Discard on
      its own turn: the turn's play, a Bonfire's second card, Everard's and
      Emma's plays, Buckminster's, Odilia's and Brishen's discards) or
      ``"turn_plays"`` (only the turn's play and a Bonfire's second card).
    * ``ability_bonfire``: a Bonfire that Everard or Emma plays through an
      ability as the last card, saying MALDICIÓN (ruling 47): ``"no_curse"``
      ("Abilities do NOT allow the Curse to be discarded": play goes on) or
      ``"frees_curse"`` (the Bonfire's effect frees the Curse, as on any turn).
    """

    name: ClassVar[str] = "maldicion"
    state_type: ClassVar[type[BaseState[Any, Any, Any]]] = State
    view_type: ClassVar[type[BaseView[Any]]] = View
    rulebook: ClassVar[Rulebook] = MaldicionRulebook()
    players: int = attrs.field(default=4, validator=integer(2, 8))
    mode: Mode = attrs.field(default="battle_royale", validator=choice("battle_royale", "pvp", "guild_war"))
    difficulty: Difficulty = attrs.field(default="medium", validator=choice("medium", "easy", "hard"))
    draw_when_able: bool = attrs.field(default=False, validator=boolean())
    start_hp: int = attrs.field(default=100, validator=integer(1, 10_000))
    hero_choice: HeroChoice = attrs.field(default="random", validator=choice("random", "choice"))
    mirror: MirrorRule = attrs.field(default="own_turn", validator=choice("own_turn", "turn_plays"))
    ability_bonfire: AbilityBonfire = attrs.field(
        default="no_curse", validator=choice("no_curse", "frees_curse")
    )

    def __init__(
        self,
        *,
        players: int = 4,
        mode: Mode = "battle_royale",
        difficulty: Difficulty = "medium",
        draw_when_able: bool = False,
        start_hp: int = 100,
        hero_choice: HeroChoice = "random",
        mirror: MirrorRule = "own_turn",
        ability_bonfire: AbilityBonfire = "no_curse",
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, _OPTIONS)
        self.__attrs_init__(
            players=players,
            mode=mode,
            difficulty=difficulty,
            draw_when_able=draw_when_able,
            start_hp=start_hp,
            hero_choice=hero_choice,
            mirror=mirror,
            ability_bonfire=ability_bonfire,
        )
        if mode == "pvp" and players != 2:
            raise ConfigError(f"maldicion: option 'players' must be 2 in mode 'pvp'; got {players!r}")
        if mode == "guild_war" and players not in (4, 6, 8):
            raise ConfigError(
                f"maldicion: option 'players' must be 4, 6 or 8 in mode 'guild_war'; got {players!r}"
            )
        if mode != "pvp" and start_hp != 100:
            raise ConfigError(f"maldicion: option 'start_hp' only applies to mode 'pvp'; got {start_hp!r}")
        if mode != "pvp" and hero_choice != "random":
            raise ConfigError(
                f"maldicion: option 'hero_choice' must be 'random' outside mode 'pvp' (Heroes are dealt); got {hero_choice!r}"
            )

    @property
    def ability_mirror(self) -> bool:
        """Whether a Hero ability's plays and discards on the seat's own turn may go as a Mirror (ruling 10)."""
        return self.mirror == "own_turn"

    @property
    def teams(self) -> bool:
        """Whether seats play in two interleaved teams (``guild_war``)."""
        return self.mode == "guild_war"

    def owner(self, seat: int) -> int:
        """The index of the Curse ``seat`` plays for: its own, or its team's in ``guild_war``."""
        return seat % 2 if self.mode == "guild_war" else seat

    def sides(self) -> tuple[frozenset[int], ...]:
        """The two interleaved teams in ``guild_war`` (even seats, odd seats); a side per seat otherwise."""
        if self.teams:
            return tuple(frozenset(range(team, self.players, 2)) for team in (0, 1))
        return super().sides()

    @property
    def curse_owners(self) -> int:
        """How many Curses are dealt: one per seat, or one per team."""
        return 2 if self.mode == "guild_war" else self.players

    @classmethod
    def examples(cls) -> Sequence[Game]:
        return (
            cls(),
            cls(players=2),
            cls(players=8, difficulty="easy"),
            cls(players=3, difficulty="hard", mirror="turn_plays"),
            cls(players=2, mode="pvp"),
            cls(players=2, mode="pvp", difficulty="hard", hero_choice="choice", start_hp=20),
            cls(players=4, mode="guild_war", ability_bonfire="frees_curse"),
            cls(players=6, mode="guild_war", difficulty="hard"),
        )

    def _new_state(self, rng: Rng) -> State:
        return first_state(self, rng)

    def _sampler(self, view: View) -> ViewSampler:
        return ViewSampler(view)

    def _make_encoding(self) -> MaldicionEncoding:
        return MaldicionEncoding(self)
