"""The eight Heroes' abilities, each used after an Ability card."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardrules import IllegalMoveError
from cardrules.maldicion import (
    AbilityBonfire,
    AbilityPhase,
    Accept,
    AttackPhase,
    BonfirePhase,
    Card,
    ClericPhase,
    Deal,
    Discard,
    DiscardCurse,
    Element,
    EmmaPhase,
    EventKind,
    EverardPhase,
    Figure,
    Game,
    Give,
    Hero,
    NecromancerPhase,
    Pass,
    Play,
    SigourneyPhase,
    State,
    ThiefPhase,
    TurnPhase,
    UseAbility,
)

from .builders import FILLER, hand, position

DECK = FILLER


def _c(text: str) -> Card:
    return Card.parse(text)


def _using(hero: Hero, hands: Sequence[str], **kwargs: object) -> State:
    """Seat 0, holding ``hero``, has played its Ability card (fire) and is about to use it."""
    n = len(hands)
    heroes = [hero, *(h for h in Hero if h is not hero)][:n]
    state = position([f"ability/fire {hands[0]}", *hands[1:]], heroes=heroes, deck=DECK, **kwargs)  # type: ignore[arg-type]
    return state.apply(Play(0, _c("ability/fire")))


class TestAllard:
    """ "Allard paralyses the first half of the opponents and forces them to draw one card. The second half draws
    two cards ... If the number is odd, the leftover opponent also draws two cards"."""

    def test_six_players(self) -> None:
        """ "6 players. 2 opponents lose their turn and draw one card; 3 draw two cards"."""
        s = _using(
            Hero.ALLARD,
            ["club/water", "bow/water", "bow/water", "hand-axe/water", "hand-axe/water", "great-axe/water"],
        )
        after = s.apply(UseAbility(0))
        assert [len(h) for h in after.hands] == [1, 2, 2, 3, 3, 3]
        assert after.phase == TurnPhase(3)

    def test_two_players(self) -> None:
        """With one opponent there is no first half: it draws two."""
        after = _using(Hero.ALLARD, ["club/water", "bow/water"]).apply(UseAbility(0))
        assert len(after.hands[1]) == 3 and after.phase == TurnPhase(1)


class TestTrea:
    """ "All opponents must draw two cards ...; or Trea may choose a single opponent, who must draw ... the number
    of cards equal to the total number of players"."""

    def test_all(self) -> None:
        """Every opponent draws two."""
        after = _using(Hero.TREA, ["club/water", "bow/water", "bow/water"]).apply(UseAbility(0))
        assert [len(h) for h in after.hands] == [1, 3, 3]

    def test_one(self) -> None:
        """One chosen opponent draws as many as there are players."""
        after = _using(Hero.TREA, ["club/water", "bow/water", "bow/water"]).apply(UseAbility(0, target=2))
        assert [len(h) for h in after.hands] == [1, 1, 4]


class TestEverard:
    """ "Everard decides the next player in the round and the direction of the round. He then plays a card of his
    choice. The card played CANNOT be evaded"."""

    def test_war_cry(self) -> None:
        """He sends a Double Shot (any card, ruling 24) at seat 2, which takes it; the round turns back."""
        s = _using(
            Hero.EVERARD, ["double-shot/water club/plant", "shield/water", "shield/water", "bow/water"]
        )
        s = s.apply(UseAbility(0, target=2, direction=-1))
        assert s.phase == EverardPhase(0, 2) and s.direction == -1
        after = s.apply(Play(0, _c("double-shot/water")))
        # No Shield answer was offered: seat 2 drew two and its turn is lost; seat 1 is next going back.
        assert len(after.hands[2]) == 3 and after.phase == TurnPhase(1)

    def test_plain_card(self) -> None:
        """An Object card makes the chosen seat the next player."""
        s = _using(Hero.EVERARD, ["club/plant sword/water", "bow/water", "bow/water", "hand-axe/water"])
        after = s.apply(UseAbility(0, target=2, direction=1)).apply(Play(0, _c("club/plant")))
        assert after.phase == TurnPhase(2) and after.element is Element.PLANT

    def test_bonfire_keeps_the_named_player(self) -> None:
        """ "Everard decides the next player in the round": his card a Bonfire, the seat he named still plays
        next, whether he passes or plays the second card."""
        s = _using(Hero.EVERARD, ["bonfire/water club/plant", "bow/water", "bow/water", "hand-axe/water"])
        s = s.apply(UseAbility(0, target=2, direction=1)).apply(Play(0, _c("bonfire/water")))
        assert s.phase == BonfirePhase(0, False, 2)
        assert s.apply(Pass(0)).phase == TurnPhase(2)
        assert s.apply(Play(0, _c("club/plant"), call=True)).phase == TurnPhase(2)

    def test_bonfire_second_attack_hits_the_named_player(self) -> None:
        """A Double Shot as the Bonfire's second card goes to the player he named; that seat may answer it (only
        the War Cry's own card "CANNOT be evaded"), and taking it, loses its turn: seat 3 plays."""
        s = _using(
            Hero.EVERARD,
            ["bonfire/water double-shot/plant club/plant", "bow/water", "bow/water", "hand-axe/water"],
        )
        s = s.apply(UseAbility(0, target=2, direction=1)).apply(Play(0, _c("bonfire/water")))
        s = s.apply(Play(0, _c("double-shot/plant")))
        assert s.phase == AttackPhase(2, 0, Figure.DOUBLE_SHOT, 2, 0)
        after = s.apply(Accept(2))
        assert len(after.hands[2]) == 3 and len(after.hands[1]) == 1 and after.phase == TurnPhase(3)

    def test_declined_ability_keeps_the_named_player(self) -> None:
        """His card an Ability card whose use he declines: the seat he named plays next."""
        s = _using(Hero.EVERARD, ["ability/water club/plant", "bow/water", "bow/water", "hand-axe/water"])
        s = s.apply(UseAbility(0, target=2, direction=1)).apply(Play(0, _c("ability/water")))
        assert s.phase == AbilityPhase(0, 2)
        assert s.apply(Pass(0)).phase == TurnPhase(2)


class TestSigourney:
    """ "Sigourney draws from the Deck the number of cards equal to the total number of players. Without looking
    at them, she deals them as she chooses among the opponents"."""

    def test_blind_dealing(self) -> None:
        """Three players, three cards: she chooses only where each goes."""
        s = _using(Hero.SIGOURNEY, ["club/water", "bow/water", "bow/water"]).apply(UseAbility(0))
        assert s.phase == SigourneyPhase(0, 3)
        assert set(s.legal_moves()) == {Deal(0, 1), Deal(0, 2)}
        after = s.apply(Deal(0, 2)).apply(Deal(0, 2)).apply(Deal(0, 1))
        assert [len(h) for h in after.hands] == [1, 2, 3] and after.phase == TurnPhase(1)
        assert after.view(0).hand == after.hands[0] and not after.view(0).known


class TestBuckminster:
    """ "Buckminster discards any card of his choice. The opponents, following the order of the round, may discard a
    card from their hand, respecting the element of the card discarded by the cleric. Buckminster discards another
    card of his choice after each discard by an opponent"."""

    def test_absolution(self) -> None:
        """Seat 1 follows water and he answers; seat 2, holding no plant, is not asked."""
        s = _using(
            Hero.BUCKMINSTER, ["club/water sword/plant staff/fire", "bow/water sword/fire", "dagger/water"]
        )
        s = s.apply(UseAbility(0))
        assert s.phase == ClericPhase(0, 0, None, (1, 2))
        s = s.apply(Discard(0, _c("club/water")))
        assert s.phase == ClericPhase(1, 0, Element.WATER, (2,))
        assert set(s.legal_moves()) == {Discard(1, _c("bow/water")), Pass(1)}
        s = s.apply(Discard(1, _c("bow/water")))
        assert s.phase == ClericPhase(0, 0, Element.WATER, (2,))
        after = s.apply(Discard(0, _c("sword/plant")))
        assert (
            after.phase == TurnPhase(1) and hand(after, 0) == "staff/fire" and after.element is Element.PLANT
        )

    def test_opponent_empties_its_hand(self) -> None:
        """An opponent whose discard is its last card says MALDICIÓN with it (or stays silent)."""
        s = _using(Hero.BUCKMINSTER, ["club/water sword/plant", "bow/water", "dagger/fire"]).apply(
            UseAbility(0)
        )
        s = s.apply(Discard(0, _c("club/water")))
        assert set(s.legal_moves()) == {
            Discard(1, _c("bow/water")),
            Discard(1, _c("bow/water"), call=True),
            Pass(1),
        }
        after = s.apply(Discard(1, _c("bow/water"), call=True))
        assert not after.hands[1] and EventKind.MALDICION in [e.kind for e in after.events]


class TestOdilia:
    """ "Odilia steals one card at random from each opponent's hand and adds them to her own. She then returns to
    each opponent one card from their hand, and finally discards one card of her choice. If an opponent has no
    cards, Odilia draws one card from the Deck"."""

    def test_cross_robbery(self) -> None:
        """Each opponent loses one blind card and gets one back; she ends one card down."""
        s = _using(Hero.ODILIA, ["club/water", "bow/water sword/fire", ""]).apply(UseAbility(0))
        assert s.phase == ThiefPhase(0, (1, 2))
        assert len(s.hands[0]) == 3 and len(s.hands[1]) == 1 and len(s.hands[2]) == 0
        stolen = next(c for c in (_c("bow/water"), _c("sword/fire")) if c in s.hands[0])
        assert s.view(1).known[0].cards == (stolen,)  # the victim saw which card went
        s = s.apply(Give(0, _c("club/water"), 1)).apply(Give(0, stolen, 2))
        assert s.phase == ThiefPhase(0, ()) and s.view(0).known[-1].cards == (stolen,)
        after = s.apply(Discard(0, s.hands[0][0]))
        assert [len(h) for h in after.hands] == [0, 2, 1]

    def test_victim_of_its_last_card(self) -> None:
        """A victim whose last card she took gets a card back at once: it never says MALDICIÓN (ruling 27)."""
        s = _using(Hero.ODILIA, ["club/water", "bow/water"]).apply(UseAbility(0))
        assert s.phase == ThiefPhase(0, (1,)) and not s.hands[1]
        after = s.apply(Give(0, _c("club/water"), 1))
        assert hand(after, 1) == "club/water" and not after.silent
        assert all(e.kind not in (EventKind.SILENT, EventKind.MALDICION) for e in after.events)


class TestBrishen:
    """ "Following the order of the round, each opponent must draw an Object card from the Discard Pile ... If the
    card to be drawn is not an Object card, it is ignored and the card beneath it is drawn instead. At the end of
    this action, Brishen discards a card of his choice"."""

    def test_raise_the_dead(self) -> None:
        """Seat 1 takes the topmost Object, seat 2 the next one down; every seat sees which."""
        s = _using(
            Hero.BRISHEN,
            ["club/water bow/fire", "bow/water", "bow/water"],
            pile="club/fire shield/fire dagger/fire",
        )
        s = s.apply(UseAbility(0))
        assert s.phase == NecromancerPhase(0)
        assert hand(s, 1) == "dagger/fire bow/water" and hand(s, 2) == "club/fire bow/water"
        assert [c.to_json() for c in s.pile] == ["shield/fire", "ability/fire"]
        assert s.view(2).known[0].holder == 1 and s.view(2).known[0].cards == (_c("dagger/fire"),)
        after = s.apply(Discard(0, _c("bow/fire")))
        assert after.phase == TurnPhase(1) and after.pile[-1] is _c("bow/fire")


class TestEmma:
    """ "Emma chooses an element to change to. She then plays up to two cards of that element. Only the last card
    played is taken into account if any attack or effect is activated. The card played CANNOT be evaded"."""

    def test_last_card_counts(self) -> None:
        """A water Double Shot then a Water Club: no attack."""
        s = _using(Hero.EMMA, ["double-shot/water club/water sword/fire", "bow/water", "bow/water"])
        s = s.apply(UseAbility(0, element=Element.WATER))
        assert s.phase == EmmaPhase(0, Element.WATER, 0, None, None)
        after = s.apply(Play(0, _c("double-shot/water"))).apply(Play(0, _c("club/water")))
        assert after.phase == TurnPhase(1) and len(after.hands[1]) == 1

    def test_unevadable_attack(self) -> None:
        """Her last card a Double Shot: the next seat draws two at once, with no answer."""
        s = _using(Hero.EMMA, ["double-shot/water sword/fire", "shield/water", "bow/water"])
        s = s.apply(UseAbility(0, element=Element.WATER)).apply(Play(0, _c("double-shot/water")))
        assert len(s.hands[1]) == 3 and s.phase == TurnPhase(2)

    def test_last_card_bonfire_keeps_the_curse(self) -> None:
        """ "Abilities do NOT allow the Curse to be discarded" and "(Clarification: no Hero ability allows the Curse
        to be discarded.)": her last card a Bonfire played with MALDICIÓN, the Curse stays (ruling 47, the default)."""
        s = _using(Hero.EMMA, ["bonfire/water", "bow/water"], curses=[Element.PLANT, Element.PLANT])
        s = s.apply(UseAbility(0, element=Element.WATER)).apply(Play(0, _c("bonfire/water"), call=True))
        assert s.phase == BonfirePhase(0, False) and s.legal_moves() == (Pass(0),)
        with pytest.raises(IllegalMoveError, match="ruling 47"):
            s.apply(DiscardCurse(0))
        after = s.apply(Pass(0))
        assert after.outcome is None and after.phase == TurnPhase(1)

    def test_last_card_bonfire_frees_the_curse_by_option(self) -> None:
        """ "Only the last card played is taken into account if any attack or effect is activated": with
        ``ability_bonfire="frees_curse"`` her last card a Bonfire played with MALDICIÓN frees the Curse of any
        element (ruling 47)."""
        game = Game(players=2, ability_bonfire="frees_curse")
        s = _using(
            Hero.EMMA, ["bonfire/water", "bow/water"], curses=[Element.PLANT, Element.PLANT], game=game
        )
        s = s.apply(UseAbility(0, element=Element.WATER)).apply(Play(0, _c("bonfire/water"), call=True))
        assert s.phase == BonfirePhase(0, True) and s.legal_moves() == (DiscardCurse(0),)
        won = s.apply(DiscardCurse(0))
        assert won.outcome is not None and won.outcome.winners == {0}

    def test_everard_bonfire_by_option(self) -> None:
        """Everard's War Cry card a last Bonfire with MALDICIÓN: the Curse stays by default, goes with the option
        (ruling 47)."""
        options: tuple[tuple[AbilityBonfire, bool], ...] = (("no_curse", False), ("frees_curse", True))
        for option, frees in options:
            game = Game(players=4, ability_bonfire=option)
            s = _using(
                Hero.EVERARD,
                ["bonfire/water", "bow/water", "bow/water", "hand-axe/water"],
                curses=[Element.PLANT, Element.PLANT, Element.LIGHTNING, Element.LIGHTNING],
                game=game,
            )
            s = s.apply(UseAbility(0, target=2, direction=1)).apply(Play(0, _c("bonfire/water"), call=True))
            assert s.phase == BonfirePhase(0, frees, 2)
            assert (DiscardCurse(0) in s.legal_moves()) is frees

    def test_no_curse_freed(self) -> None:
        """ "Abilities do NOT allow the Curse to be discarded": her hand emptied, play goes on."""
        s = _using(Hero.EMMA, ["club/water", "bow/water"], curses=[Element.WATER, Element.WATER])
        after = s.apply(UseAbility(0, element=Element.WATER)).apply(Play(0, _c("club/water"), call=True))
        assert after.outcome is None and after.phase == TurnPhase(1)


class TestGuildWarHeroes:
    """Opponents are "the players who are not the person whose turn it is" (ruling 33): teammates too."""

    def test_trea_hits_a_teammate(self) -> None:
        """Trea may choose her own teammate as the single opponent."""
        game = Game(players=4, mode="guild_war")
        s = _using(Hero.TREA, ["club/water", "bow/water", "bow/water", "hand-axe/water"], game=game)
        assert UseAbility(0, target=2) in s.legal_moves()


class TestHeroEdges:
    """Edges the text leaves to rulings 25 and 26."""

    def test_cleric_gem_lets_anything_follow(self) -> None:
        """After a discarded Gem (no element), an opponent may discard any card."""
        s = _using(Hero.BUCKMINSTER, ["gem sword/plant", "bow/water", "dagger/fire"]).apply(UseAbility(0))
        s = s.apply(Discard(0, _c("gem")))
        assert s.phase == ClericPhase(1, 0, None, (2,))
        assert Discard(1, _c("bow/water")) in s.legal_moves()

    def test_sigourney_with_no_deck(self) -> None:
        """With nothing left to draw, the ability ends (ruling 41)."""
        heroes = [Hero.SIGOURNEY, Hero.ALLARD, Hero.EMMA]
        state = position(
            ["ability/fire club/water", "bow/water", "bow/water"], heroes=heroes, deck="", holder=0
        )
        s = state.apply(Play(0, _c("ability/fire"))).apply(UseAbility(0))
        s = s.apply(Deal(0, 1))  # the Discard Pile but its top is reshuffled: one card
        assert hand(s, 1) == "club/fire bow/water" and s.phase == SigourneyPhase(0, 2)
        after = s.apply(Deal(0, 2))
        assert after.phase == TurnPhase(1) and len(after.hands[2]) == 1
