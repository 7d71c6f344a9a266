"""Dealing and the starting card."""

from __future__ import annotations

from collections import Counter

import attrs

from cardrules._random import Rng
from cardrules.maldicion import (
    ACTION_DECK,
    Card,
    Element,
    Figure,
    Game,
    NameElement,
    NameElementPhase,
    Phase,
    TurnPhase,
)
from cardrules.maldicion._table import Table
from cardrules.maldicion._transition import deal

from .builders import position


def _deal_with_top(top: str, game: Game | None = None) -> tuple[Table, Phase]:
    """Deal, then force the starting card by putting it on top of the Deck before turning it up."""
    game = game or Game(players=4)
    base = position(["", "", "", ""], game=game)
    for salt in range(5000):
        t = Table(attrs.evolve(base, rng=Rng.from_seed(salt).state))
        phase = deal(t)
        if t.pile and t.pile[0] is Card.parse(top):
            return t, phase
    raise AssertionError("no deal found")


class TestDeal:
    """ "Deal to each player, at random and without showing the others, 1 Hero card, 1 Curse card and 7 Action cards"."""

    def test_sizes(self) -> None:
        """Seven Action cards each; "Place the leftover Action cards face down ... this is the Deck"."""
        state = Game(players=6).new_state(3)
        assert all(len(h) == 7 for h in state.hands)
        assert len(state.deck) + len(state.pile) == 124 - 42
        counts = Counter(c for cards in (*state.hands, state.deck, state.pile) for c in cards)
        assert counts == Counter(ACTION_DECK)
        assert len(set(state.heroes)) == 6 and len(state.curses) == 6

    def test_right_of_dealer_starts(self) -> None:
        """ "The player to the right of the dealer starts" (seats are numbered in the direction of play)."""
        for seed in range(20):
            state = Game(players=5).new_state(seed)
            first = state.pile[0]
            if first.figure not in (Figure.PARALYSE, Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS):
                assert state.phase.seat == (state.dealer + 1) % 5
                assert state.direction == 1

    def test_guild_war_one_curse_per_team(self) -> None:
        """ "One Curse card is dealt at random to each team"."""
        state = Game(players=6, mode="guild_war").new_state(1)
        assert len(state.curses) == 2


class TestStartingCard:
    """ "If the first card turned up is an Attack card, its consequence applies to the starting player"."""

    def test_double_shot(self) -> None:
        """The starting player draws two and loses the turn."""
        t, phase = _deal_with_top("double-shot/fire")
        start = (t.dealer + 1) % 4
        assert len(t.hands[start]) == 9
        assert isinstance(phase, TurnPhase) and phase.seat == (start + 1) % 4

    def test_paralyse(self) -> None:
        """Paralyse "cancels the turn of the next player": the starting player's."""
        t, phase = _deal_with_top("paralyse/water")
        start = (t.dealer + 1) % 4
        assert len(t.hands[start]) == 7 and phase.seat == (start + 1) % 4

    def test_effect_only_sets_the_element(self) -> None:
        """ "If it is an Effect card, it only defines the starting element" (a Shield does not reverse)."""
        t, phase = _deal_with_top("shield/plant")
        assert t.direction == 1 and t.element is Element.PLANT
        assert isinstance(phase, TurnPhase) and phase.seat == (t.dealer + 1) % 4

    def test_bonfire_and_ability_give_nothing(self) -> None:
        """ "If it is an Effect card, it only defines the starting element": a starting Bonfire gives no second
        card and a starting Ability card no ability; the starting player just plays on its element."""
        for top, element in (("bonfire/water", Element.WATER), ("ability/lightning", Element.LIGHTNING)):
            t, phase = _deal_with_top(top)
            assert t.element is element and t.direction == 1
            assert isinstance(phase, TurnPhase) and phase.seat == (t.dealer + 1) % 4

    def test_gem_names_the_element(self) -> None:
        """A starting Gem has no element: the starting player names it (ruling 3)."""
        t, phase = _deal_with_top("gem")
        assert isinstance(phase, NameElementPhase)
        state = t.freeze(phase)
        after = state.apply(NameElement(phase.seat, Element.WATER))
        assert after.element is Element.WATER and after.phase == TurnPhase(phase.seat)


class TestStartingRain:
    """A starting Rain of Spears: "The next player in the round draws 4 cards from the Deck and is Penalized"."""

    def test_rain(self) -> None:
        """The starting player draws four and loses the turn."""
        t, phase = _deal_with_top("rain-of-spears/water")
        start = (t.dealer + 1) % 4
        assert len(t.hands[start]) == 11 and phase.seat == (start + 1) % 4
