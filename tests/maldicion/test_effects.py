"""Bonfire, Ability cards, and the Curse freed by a Bonfire."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.maldicion import (
    AbilityPhase,
    BonfirePhase,
    Card,
    DiscardCurse,
    Element,
    Game,
    Hero,
    Pass,
    Play,
    TurnPhase,
    UseAbility,
)

from .builders import hand, labels, position


def _c(text: str) -> Card:
    return Card.parse(text)


class TestBonfire:
    """Bonfire: "It allows the player to play a second card of their choice"."""

    def test_second_card_of_choice(self) -> None:
        """Any card, matching or not (ruling 14), or none."""
        state = position(["bonfire/fire sword/plant", "bow/water", "dagger/water"])
        s = state.apply(Play(0, _c("bonfire/fire")))
        assert s.phase == BonfirePhase(0, False)
        assert labels(s.legal_moves()) == {"play Plant Sword", "play Plant Sword, saying MALDICIÓN", "pass"}
        after = s.apply(Play(0, _c("sword/plant"), call=True))
        assert after.element is Element.PLANT and after.phase == TurnPhase(1)
        assert s.apply(Pass(0)).phase == TurnPhase(1)

    def test_frees_the_curse(self) -> None:
        """ "If the player has no card in hand to play, it allows the Curse to be discarded, always provided
        that MALDICIÓN is said before discarding it" (whatever its element)."""
        state = position(
            ["bonfire/fire", "bow/water", "dagger/water"],
            curses=[Element.WATER, Element.WATER, Element.PLANT],
        )
        s = state.apply(Play(0, _c("bonfire/fire"), call=True))
        assert s.legal_moves() == (DiscardCurse(0),)
        won = s.apply(DiscardCurse(0))
        assert won.outcome is not None and won.outcome.winners == {0}

    def test_not_without_maldicion(self) -> None:
        """Silent on the last card, the Bonfire does not free the Curse."""
        state = position(
            ["bonfire/fire", "bow/water", "dagger/water"],
            curses=[Element.WATER, Element.WATER, Element.PLANT],
        )
        s = state.apply(Play(0, _c("bonfire/fire"), call=False))
        assert s.legal_moves() == (Pass(0),)
        with pytest.raises(IllegalMoveError, match="only if MALDICIÓN was said"):
            s.apply(DiscardCurse(0))

    def test_frees_an_unseen_curse_in_hard(self) -> None:
        """Hard: the Bonfire "allows the Curse to be discarded" whatever its element, so the attempt it allows
        succeeds even though the seat never saw its Curse (ruling 29)."""
        game = Game(players=3, difficulty="hard")
        state = position(
            ["bonfire/fire", "bow/water", "dagger/water"],
            game=game,
            curses=[Element.PLANT, Element.PLANT, Element.LIGHTNING],
        )
        s = state.apply(Play(0, _c("bonfire/fire"), call=True))
        assert s.view(0).curse is None and s.legal_moves() == (DiscardCurse(0),)
        won = s.apply(DiscardCurse(0))
        assert won.outcome is not None and won.outcome.winners == {0}

    def test_chained_bonfire(self) -> None:
        """A second Bonfire as the second card gives its own second card."""
        state = position(["bonfire/fire bonfire/water club/plant", "bow/water", "dagger/water"])
        s = state.apply(Play(0, _c("bonfire/fire"))).apply(Play(0, _c("bonfire/water")))
        assert s.phase == BonfirePhase(0, False) and hand(s, 0) == "club/plant"


class TestAbilityCard:
    """Ability: "It allows the player to use the Ability of their Hero. NOTHING can cancel the use of the ability"."""

    def test_optional(self) -> None:
        """The ability may be declined (ruling 21): the card then only sets the element."""
        state = position(
            ["ability/fire club/water", "bow/water", "dagger/water"],
            heroes=[Hero.ALLARD, Hero.TREA, Hero.EMMA],
        )
        s = state.apply(Play(0, _c("ability/fire")))
        assert s.phase == AbilityPhase(0)
        assert set(s.legal_moves()) == {UseAbility(0), Pass(0)}
        after = s.apply(Pass(0))
        assert after.phase == TurnPhase(1) and not after.heroes_shown[0]

    def test_use_reveals_the_hero(self) -> None:
        """Using the ability shows the Hero to every seat (ruling 5)."""
        state = position(
            ["ability/fire club/water", "bow/water", "dagger/water"],
            heroes=[Hero.TREA, Hero.ALLARD, Hero.EMMA],
        )
        s = state.apply(Play(0, _c("ability/fire")))
        assert s.view(2).heroes[0] is None
        after = s.apply(UseAbility(0))
        assert after.heroes_shown[0] and after.view(2).heroes[0] is Hero.TREA
