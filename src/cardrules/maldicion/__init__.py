"""La Maldición: Héroes de Lorthar: shed your hand, then free yourself from the Curse.

>>> from cardrules import maldicion
>>> game = maldicion.Game(players=4, mode="battle_royale", difficulty="medium")
>>> state = game.new_state(seed=7)
>>> len(state.legal_moves()) > 0
True
"""

from ._cards import ACTION_DECK, CARDS, Card, Element, Figure, Group, Hero
from ._events import Event, EventKind
from ._game import AbilityBonfire, Difficulty, Game, HeroChoice, MirrorRule, Mode
from ._heuristic import HeuristicPlayer
from ._moves import (
    Accept,
    CallOut,
    ChooseHero,
    Deal,
    Discard,
    DiscardCurse,
    Draw,
    Give,
    Move,
    NameElement,
    Pass,
    Play,
    Reflex,
    UseAbility,
)
from ._pending import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    ClericPhase,
    DrawnPhase,
    EmmaPhase,
    EverardPhase,
    HeroChoicePhase,
    NameElementPhase,
    NecromancerPhase,
    NextTurn,
    Pending,
    Phase,
    ReflexPhase,
    SigourneyPhase,
    ThiefPhase,
    TurnPhase,
)
from ._position import position
from ._records import Known, Match, Memory, Silent
from ._state import State
from ._view import View

__all__ = [
    "ACTION_DECK",
    "CARDS",
    "AbilityBonfire",
    "AbilityPhase",
    "Accept",
    "AttackPhase",
    "BonfirePhase",
    "CallOut",
    "CalloutPhase",
    "Card",
    "ChooseHero",
    "ClericPhase",
    "Deal",
    "Difficulty",
    "Discard",
    "DiscardCurse",
    "Draw",
    "DrawnPhase",
    "Element",
    "EmmaPhase",
    "Event",
    "EventKind",
    "EverardPhase",
    "Figure",
    "Game",
    "Give",
    "Group",
    "Hero",
    "HeroChoice",
    "HeroChoicePhase",
    "HeuristicPlayer",
    "Known",
    "Match",
    "Memory",
    "MirrorRule",
    "Mode",
    "Move",
    "NameElement",
    "NameElementPhase",
    "NecromancerPhase",
    "NextTurn",
    "Pass",
    "Pending",
    "Phase",
    "Play",
    "Reflex",
    "ReflexPhase",
    "SigourneyPhase",
    "Silent",
    "State",
    "ThiefPhase",
    "TurnPhase",
    "UseAbility",
    "View",
    "position",
]
