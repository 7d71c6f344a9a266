"""Each game package exports exactly the names pinned here: a change to a game's public surface is a
deliberate one, made here and in the API reference together.

One literal list a game, sorted; the top-level package's names are pinned too.  Every name listed is
there, and nothing private (no leading underscore) is exported.
"""

from __future__ import annotations

import importlib

import pytest

import cardrules

# -- cardrules.malilla -----------------------------------------------------------------------------------
MALILLA = [
    "Board",
    "BoardFacts",
    "Card",
    "Cards",
    "DECK",
    "Event",
    "EventKind",
    "Game",
    "HandResult",
    "HeuristicPlayer",
    "Move",
    "POINTS",
    "Pending",
    "PlayCard",
    "Rank",
    "SUIT_OF",
    "Solver",
    "State",
    "Suit",
    "Trick",
    "Turn",
    "View",
    "events_of",
    "led_mask",
    "legal_cards",
    "legal_mask",
    "opening_events",
    "position",
    "solve",
    "trick_winner",
    "win_chance",
]

# -- cardrules.mala_suerte -------------------------------------------------------------------------------
MALA_SUERTE = [
    "Backs",
    "Board",
    "CARDS",
    "COLOURS",
    "Card",
    "CatTake",
    "Clean",
    "Colour",
    "CrowsCounter",
    "CrowsSteal",
    "Curse",
    "DECK",
    "Deck",
    "Draw",
    "Event",
    "EventKind",
    "EvilEyeColour",
    "Game",
    "HeuristicPlayer",
    "HorseshoeReturn",
    "KINDS",
    "Keep",
    "Kind",
    "Knowledge",
    "MINI_DECK",
    "MirrorSwap",
    "Move",
    "Mulligan",
    "MulliganChoice",
    "NameColour",
    "Pending",
    "Play",
    "Return",
    "SaltTake",
    "State",
    "Step",
    "Swap",
    "Take",
    "TurnCleaned",
    "TurnDrawn",
    "TurnOpen",
    "View",
    "position",
    "sort_cards",
]

# -- cardrules.magyar_nepmesek ---------------------------------------------------------------------------
MAGYAR_NEPMESEK = [
    "AddToGroup",
    "Board",
    "BonusChoice",
    "BonusDraw",
    "CardKind",
    "CardTable",
    "Category",
    "Deck",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "FollowUp",
    "Game",
    "Give",
    "Giving",
    "HeuristicPlayer",
    "Lay",
    "Main",
    "MatchDiscard",
    "Meld",
    "MeldKind",
    "Mirror",
    "Moment",
    "Move",
    "Pass",
    "Pending",
    "Play",
    "React",
    "Refill",
    "Scope",
    "Shield",
    "State",
    "Store",
    "Storing",
    "Swap",
    "Tableau",
    "TableauFacts",
    "View",
    "Window",
    "card_name",
    "default_deck",
    "mini_deck",
    "position",
    "read_deck",
]

# -- cardrules.mala_e_cuia -------------------------------------------------------------------------------
MALA_E_CUIA = [
    "ALL_RIGHT_BONUS",
    "Band",
    "Competition",
    "Cooperation",
    "CooperationSeen",
    "Deck",
    "Event",
    "EventKind",
    "GENERAL_SLOTS",
    "Game",
    "Guess",
    "Guessing",
    "HeuristicPlayer",
    "Item",
    "ItemCard",
    "Mode",
    "Move",
    "NewItems",
    "Pack",
    "Packed",
    "Packing",
    "Pending",
    "Reveal",
    "RoundResult",
    "Situation",
    "SituationCard",
    "Slot",
    "State",
    "Tile",
    "View",
    "builtin_deck",
    "compare_luggage",
    "events_of",
    "guess_points",
    "load_deck",
    "opening_events",
    "parse_deck",
    "position",
]

# -- cardrules.maldicion ---------------------------------------------------------------------------------
MALDICION = [
    "ACTION_DECK",
    "AbilityBonfire",
    "AbilityPhase",
    "Accept",
    "AttackPhase",
    "BonfirePhase",
    "CARDS",
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

# -- cardrules --------------------------------------------------------------------------------------------
CORE = [
    "Advice",
    "BaseGame",
    "BaseMove",
    "BaseState",
    "BaseView",
    "BotError",
    "BotStanding",
    "CardRulesError",
    "ConfigError",
    "Encoding",
    "FORMAT",
    "IllegalMoveError",
    "LineupEntry",
    "MatchResult",
    "Outcome",
    "Pending",
    "Player",
    "PositionError",
    "Rating",
    "Record",
    "Rng",
    "Rules",
    "SCHEMA_KINDS",
    "Sampler",
    "SchemaKind",
    "SerializationError",
    "SideStanding",
    "TournamentResult",
    "advise",
    "game",
    "games",
    "play",
    "schema",
    "spectator_view",
    "tournament",
]

PINNED = {
    "malilla": MALILLA,
    "mala_suerte": MALA_SUERTE,
    "magyar_nepmesek": MAGYAR_NEPMESEK,
    "mala_e_cuia": MALA_E_CUIA,
    "maldicion": MALDICION,
}


def test_every_registered_game_is_pinned() -> None:
    """A new game gets its own list here."""
    assert sorted(PINNED) == sorted(cardrules.games())


@pytest.mark.parametrize("name", sorted(PINNED))
def test_game_exports_exactly_its_pinned_names(name: str) -> None:
    """The package's ``__all__`` is the pinned list, each name is there, and none is private."""
    package = importlib.import_module(f"cardrules.{name}")
    assert PINNED[name] == sorted(PINNED[name]), f"keep {name}'s pinned list sorted"
    assert sorted(package.__all__) == PINNED[name]
    assert len(set(package.__all__)) == len(package.__all__), f"cardrules.{name}.__all__ repeats a name"
    assert [n for n in package.__all__ if not hasattr(package, n)] == []
    assert [n for n in package.__all__ if n.startswith("_")] == []


def test_core_exports_exactly_its_pinned_names() -> None:
    """``cardrules`` itself, lazily loaded names included."""
    assert sorted(cardrules.__all__) == CORE
    assert [n for n in cardrules.__all__ if getattr(cardrules, n, None) is None] == []
