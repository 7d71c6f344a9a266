"""Narration: every public event in words, the table as text, and ``describe`` of a decision."""

from __future__ import annotations

import attrs
import pytest

from cardrules.maldicion import (
    Card,
    DiscardCurse,
    Element,
    Event,
    EventKind,
    Game,
    Give,
    Hero,
    Known,
    Pass,
    Play,
)
from cardrules.maldicion._narration import event_line

from .builders import position


def _c(text: str) -> Card:
    return Card.parse(text)


K = EventKind
FIRE_CLUB = _c("club/fire")


class TestEventLines:
    """Each kind of public event has its sentence, naming only what every seat saw."""

    @pytest.mark.parametrize(
        ("event", "line"),
        [
            (Event(K.NEW_GAME, 3, card=FIRE_CLUB, count=2), "game 2: seat 3 deals; Fire Club is turned up"),
            (Event(K.PLAY, 1, card=FIRE_CLUB, count=1), "seat 1 plays Fire Club"),
            (Event(K.PLAY, 1, card=FIRE_CLUB, count=2), "seat 1 plays two Fire Club cards"),
            (Event(K.DISCARD, 2, card=FIRE_CLUB, count=1), "seat 2 discards Fire Club"),
            (Event(K.DISCARD, 2, card=FIRE_CLUB, count=2), "seat 2 discards two Fire Club cards"),
            (Event(K.REFLEX, 2, card=FIRE_CLUB, count=1), "seat 2 discards Fire Club by Reflex"),
            (Event(K.DRAW, 0, count=1), "seat 0 draws 1 card"),
            (Event(K.DRAW, 0, count=3), "seat 0 draws 3 cards"),
            (Event(K.PENALIZED, 1), "seat 1 is Penalized"),
            (Event(K.SKIPPED, 1), "seat 1 loses its turn"),
            (Event(K.REVERSED, 0), "the direction of the round is reversed"),
            (Event(K.ELEMENT, 0, element=Element.PLANT), "seat 0 names Plant"),
            (Event(K.MALDICION, 2), 'seat 2 says "MALDICIÓN!"'),
            (Event(K.SILENT, 2), "seat 2 has no cards left and says nothing"),
            (Event(K.CAUGHT, 0, target=2), "seat 0 calls out seat 2, who forgot to say MALDICIÓN"),
            (Event(K.RESHUFFLE, -1, count=7), "the Discard Pile is shuffled into a new Deck (7 cards)"),
            (Event(K.ABILITY, 1, hero=Hero.TREA), "seat 1 uses Trea's ability"),
            (Event(K.ABILITY, 1, hero=Hero.ALLARD, target=3), "seat 1 uses Allard's ability on seat 3"),
            (
                Event(K.ABILITY, 1, hero=Hero.EMMA, element=Element.WATER),
                "seat 1 uses Emma's ability, changing to Water",
            ),
            (Event(K.STEAL, 0, target=1), "seat 0 steals a card from seat 1"),
            (Event(K.GIVE, 0, target=1), "seat 0 gives a card to seat 1"),
            (Event(K.DEAL, 0, target=2), "seat 0 deals an unseen card to seat 2"),
            (Event(K.RAISE, 1, card=FIRE_CLUB), "seat 1 takes Fire Club from the Discard Pile"),
            (
                Event(K.CURSE_FAILED, 1, element=Element.WATER),
                "seat 1's Curse is Water: it does not match, and comes back",
            ),
            (Event(K.CURSE_DISCARDED, 1, element=Element.FIRE), "seat 1 discards the Fire Curse"),
            (Event(K.HP, 0, count=-15), "seat 0's Life Counter changes by -15 HP"),
            (Event(K.HP, 1, count=9), "seat 1's Life Counter changes by +9 HP"),
            (Event(K.HERO_CHOSEN, 2, hero=Hero.ODILIA), "seat 2 chooses Odilia"),
        ],
    )
    def test_sentence(self, event: Event, line: str) -> None:
        assert event_line(event) == line


class TestDescribe:
    """``describe`` narrates the events of one decision, as ``cardrules watch maldicion`` shows them."""

    def test_play_and_its_effects(self) -> None:
        """A Bonfire is played face up; the second card of choice (ruling 14) and its element follow."""
        state = position(["bonfire/fire sword/plant club/water", "bow/water", "dagger/water"])
        move = Play(0, _c("bonfire/fire"))
        s = state.apply(move)
        assert state.describe(move, s) == ("seat 0 plays Fire Bonfire",)
        second = Play(0, _c("sword/plant"))
        assert s.describe(second, s.apply(second)) == ("seat 0 plays Plant Sword",)

    def test_decision_without_event(self) -> None:
        """A decision that leaves no public event is told as the move itself."""
        state = position(
            ["ability/fire club/water", "bow/water", "dagger/water"],
            heroes=[Hero.ALLARD, Hero.TREA, Hero.EMMA],
        )
        s = state.apply(Play(0, _c("ability/fire")))
        assert s.describe(Pass(0), s.apply(Pass(0))) == ("seat 0: pass",)

    def test_end_of_match(self) -> None:
        """The decision that ends the match is told, then the outcome."""
        state = position(
            ["bonfire/fire", "bow/water", "dagger/water"],
            curses=[Element.WATER, Element.WATER, Element.PLANT],
        )
        s = state.apply(Play(0, _c("bonfire/fire"), call=True))
        won = s.apply(DiscardCurse(0))
        assert won.outcome is not None
        assert s.describe(DiscardCurse(0), won) == (
            "seat 0 discards the Water Curse",
            f"the match is over: {won.outcome}",
        )

    def test_given_card_never_named(self) -> None:
        """Even told of no event, ``describe`` does not name the card Odilia gives (only its receiver sees it)."""
        state = position(["club/water sword/fire", "bow/water", "dagger/water"])
        assert state.describe(Give(0, _c("club/water"), 1), state) == ("seat 0: gives a card to seat 1",)


class TestRender:
    """The table as one seat sees it: shown Heroes, Penalized seats, Life Counters, known cards."""

    def test_everything_public_is_shown(self) -> None:
        game = Game(players=2, mode="pvp")
        state = position(["club/water sword/fire", "bow/water"], game=game, penalized=[False, True])
        view = attrs.evolve(
            state.view(0),
            heroes=(None, Hero.TREA),
            known=(Known(viewer=0, holder=1, cards=(_c("bow/water"),)),),
        )
        lines = view.render().splitlines()
        assert f"seat 1: 1 card, {game.start_hp} HP, Trea, Penalized" in lines
        assert f"seat 0 (you): 2 cards, {game.start_hp} HP" in lines
        assert "  you know seat 1 holds Water Bow" in lines


class TestNews:
    """The drawer is told which card it drew; the others only that a card was drawn."""

    def test_a_draw(self) -> None:
        from cardrules.maldicion import Draw

        game = Game(players=2, mode="pvp", draw_when_able=True)
        state = position(["club/water", "bow/fire"], game=game, deck="sword/plant")
        after = state.apply(Draw(0))
        assert after.view(0).news(state.view(0)) == ("you drew Plant Sword",)
        assert after.view(1).news(state.view(1)) == ()
        assert "seat 0 draws 1 card" in state.describe(Draw(0), after)
