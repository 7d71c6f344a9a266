"""Playing by figure or element, drawing, Mirror, the Curse."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.maldicion import Card, DiscardCurse, Draw, DrawnPhase, Element, Game, Pass, Play, TurnPhase

from ..helpers import refused
from .builders import hand, labels, position


def _c(text: str) -> Card:
    return Card.parse(text)


class TestMatching:
    """ "The card played must match the same figure or element as the card thrown onto the Discard Pile"."""

    def test_figure_or_element(self) -> None:
        """A Water Club fits a Fire Club (figure); a Fire Sword fits it (element); a Plant Sword does not."""
        state = position(["club/water sword/fire sword/plant", "bow/water"], pile="club/fire")
        assert labels(state.legal_moves()) == {"play Water Club", "play Fire Sword"}

    def test_gem_fits_anything(self) -> None:
        """Elemental Gem: "May be played with any element in play. The player ... may choose which element"."""
        state = position(["gem dagger/plant", "bow/water"], pile="club/fire")
        assert labels(state.legal_moves()) == {f"play Elemental Gem naming {e}" for e in Element}
        after = state.apply(Play(0, _c("gem"), element=Element.PLANT))
        assert after.element is Element.PLANT and after.phase == TurnPhase(1)

    def test_paralyse_on_paralyse(self) -> None:
        """Paralyse "may be played if ... the card previously played is another Paralyse card"."""
        state = position(["paralyse/water bow/plant", "bow/water"], pile="paralyse/fire")
        assert labels(state.legal_moves()) == {"play Water Paralyse"}

    def test_mismatch_names_the_rule(self) -> None:
        """A card that fits neither way is refused with the rule, and nothing changes."""
        state = position(["paralyse/fire club/water", "bow/water"], pile="sword/water")
        refused(state, Play(0, _c("paralyse/fire")), "Fire Paralyse does not match Water Sword")
        refused(state, Play(0, _c("bow/water")), "holds no")


class TestDrawing:
    """ "If the player whose turn it is has no card to play, they must draw a card from the Deck"."""

    def test_must_play_when_able(self) -> None:
        """Drawing is the consequence of having no card to play (ruling 6)."""
        state = position(["club/water", "bow/water"], pile="club/fire", deck="dagger/plant")
        assert Draw(0) not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="draws only when it has no card to play"):
            state.apply(Draw(0))

    def test_draw_when_able_option(self) -> None:
        """With ``draw_when_able`` a seat may draw instead, when there is a card to draw (ruling 6)."""
        game = Game(players=2, draw_when_able=True)
        assert Draw(0) in position(["club/water", "bow/water"], game=game, deck="sword/plant").legal_moves()
        assert (
            Draw(0) not in position(["club/water", "bow/water"], game=game, deck="", holder=1).legal_moves()
        )

    def test_drawn_card_that_fits(self) -> None:
        """ "If it can be played, they may play the newly acquired card"."""
        state = position(["bow/water", "bow/water"], pile="club/fire", deck="dagger/fire")
        drawn = state.apply(Draw(0))
        assert drawn.phase == DrawnPhase(0, _c("dagger/fire"))
        assert labels(drawn.legal_moves()) == {"play Fire Dagger", "pass"}
        assert hand(drawn.apply(Play(0, _c("dagger/fire"))), 0) == "bow/water"

    def test_drawn_card_that_does_not_fit(self) -> None:
        """ "If it cannot be played, they add it to their hand ... and pass the turn"."""
        state = position(["bow/water", "bow/water"], pile="club/fire", deck="dagger/plant")
        drawn = state.apply(Draw(0))
        assert drawn.legal_moves() == (Pass(0),)
        after = drawn.apply(Pass(0))
        assert hand(after, 0) == "dagger/plant bow/water" and after.phase == TurnPhase(1)

    def test_only_the_drawn_card(self) -> None:
        """Only the card just drawn may be played after drawing."""
        state = position(["bow/water", "bow/water"], pile="club/fire", deck="dagger/fire")
        drawn = state.apply(Draw(0))
        with pytest.raises(IllegalMoveError, match="only the card just drawn"):
            drawn.apply(Play(0, _c("bow/water")))

    def test_empty_deck_reshuffles(self) -> None:
        """An empty Deck is refilled from the Discard Pile but its top card (ruling 9)."""
        state = position(
            ["bow/water", "bow/water"], pile="sword/plant dagger/plant club/fire", deck="", holder=1
        )
        drawn = state.apply(Draw(0))
        assert drawn.pile == (_c("club/fire"),) and len(drawn.deck) == 1
        assert drawn.reshuffled == tuple(
            sorted((_c("sword/plant"), _c("dagger/plant")), key=lambda c: c.index)
        )


class TestMirror:
    """ "Mirror: during their turn, any player holding two IDENTICAL cards may Play/Discard them together as one"."""

    def test_two_as_one(self) -> None:
        """Two fire Double Shots go together and attack once (two cards to draw)."""
        state = position(["double-shot/fire double-shot/fire club/water", "bow/water"], pile="club/fire")
        assert "play two Fire Double Shot cards" in labels(state.legal_moves())
        after = state.apply(Play(0, _c("double-shot/fire"), mirror=True))
        assert hand(after, 0) == "club/water" and after.pile[-2:] == (_c("double-shot/fire"),) * 2
        assert after.phase.seat == 1 and after.phase.amount == 2  # type: ignore[attr-defined]

    def test_needs_two(self) -> None:
        """A Mirror needs two identical cards."""
        state = position(["club/fire club/water", "bow/water"], pile="club/fire")
        with pytest.raises(IllegalMoveError, match="two identical"):
            state.apply(Play(0, _c("club/fire"), mirror=True))


class TestCurse:
    """ "The Curse Cards ... can only be discarded if the last card on the Discard Pile allows it"."""

    def test_discarded_last_on_its_element(self) -> None:
        """ "players must first discard all the cards from their hands before they can be freed"."""
        state = position(["", "bow/water"], pile="club/fire", curses=[Element.FIRE, Element.WATER])
        assert state.legal_moves() == (DiscardCurse(0),)
        after = state.apply(DiscardCurse(0))
        assert after.outcome is not None and after.outcome.winners == {0}

    def test_not_on_another_element(self) -> None:
        """A water Curse on fire cannot be discarded: the seat draws."""
        state = position(
            ["", "bow/water"], pile="club/fire", curses=[Element.WATER, Element.WATER], deck="bow/plant"
        )
        assert state.legal_moves() == (Draw(0),)
        with pytest.raises(IllegalMoveError, match="only be discarded on its own element"):
            state.apply(DiscardCurse(0))

    def test_on_the_element_a_gem_named(self) -> None:
        """ "can only be discarded if the element in play is the same as the Curse card's element": after a Gem,
        the element it named is in play."""
        on_gem = position(
            ["", "bow/water"], pile="club/fire gem", element=Element.WATER, curses=[Element.WATER] * 2
        )
        assert on_gem.legal_moves() == (DiscardCurse(0),)
        assert on_gem.apply(DiscardCurse(0)).outcome is not None
        fire = position(
            ["", "bow/water"], pile="club/fire gem", element=Element.PLANT, curses=[Element.FIRE] * 2
        )
        assert fire.legal_moves() == (Draw(0),)

    def test_not_while_holding_cards(self) -> None:
        """ "It will be the last card to be discarded"."""
        state = position(["club/water", "bow/water"], pile="club/fire", curses=[Element.FIRE, Element.WATER])
        with pytest.raises(IllegalMoveError, match="discarded last"):
            state.apply(DiscardCurse(0))
