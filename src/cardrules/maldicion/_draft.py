"""PvP with ``hero_choice="choice"``: "Before the first game, each player takes a hero ... by choice"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cards import Hero
from ._flow import enter
from ._moves import ChooseHero, Move
from ._phases import HeroChoicePhase, Phase
from ._records import EventKind
from ._table import Table, replace_at

if TYPE_CHECKING:
    from ._state import State

__all__ = ["HANDLERS"]


def _choice_legal(s: State, p: HeroChoicePhase) -> tuple[Move, ...]:
    taken = {h for h, shown in zip(s.heroes, s.heroes_shown, strict=True) if shown}
    return tuple(ChooseHero(p.seat, h) for h in Hero if h not in taken)


def _choice_apply(t: Table, p: HeroChoicePhase, m: Move) -> Phase:
    assert isinstance(m, ChooseHero)
    seat = p.seat
    heroes = list(t.heroes)
    if m.hero in heroes:
        # The other seat's Hero is not chosen yet (it was dealt provisionally): it takes this one's.
        heroes[heroes.index(m.hero)] = heroes[seat]
    heroes[seat] = m.hero
    t.heroes = tuple(heroes)
    t.heroes_shown = replace_at(t.heroes_shown, seat, True)
    t.log(EventKind.HERO_CHOSEN, seat, hero=m.hero)
    waiting = [s for s in range(t.n) if not t.heroes_shown[s]]
    if waiting:
        return HeroChoicePhase(waiting[0], p.then)
    return enter(t, p.then)


HANDLERS = {HeroChoicePhase: (_choice_legal, _choice_apply, None)}
