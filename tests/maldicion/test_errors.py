"""Refused moves: IllegalMoveError names what was wrong, and the state is left as it was."""

from __future__ import annotations

from cardrules.maldicion import (
    Accept,
    AttackPhase,
    BonfirePhase,
    Card,
    DiscardCurse,
    Draw,
    Element,
    Game,
    Pass,
    Play,
    TurnPhase,
)

from ..helpers import refused
from .builders import FILLER, position


def _c(text: str) -> Card:
    return Card.parse(text)


GUILD = Game(players=4, mode="guild_war")


class TestPlayOptions:
    """The options of a Play: a Gem's element, a target, MALDICIÓN."""

    def test_gem_names_its_element(self) -> None:
        """Elemental Gem: "The player ... may choose which element" it changes to: a Gem names one."""
        state = position(["gem club/water", "bow/water"], pile="club/fire")
        refused(state, Play(0, _c("gem")), "an Elemental Gem must name the element it changes to")

    def test_only_a_gem_names_an_element(self) -> None:
        """Any other card sets its own element."""
        state = position(["gem club/water", "bow/water"], pile="club/fire")
        refused(
            state,
            Play(0, _c("club/water"), element=Element.PLANT),
            "only an Elemental Gem names an element, not Water Club",
        )

    def test_target_only_in_guild_war(self) -> None:
        """Outside ``guild_war`` an attack goes to the next player in the round: no target is chosen."""
        state = position(["double-shot/fire club/water", "bow/water", "dagger/water"], pile="club/fire")
        refused(
            state,
            Play(0, _c("double-shot/fire"), target=2),
            "only a Double Shot or Rain of Spears in guild_war chooses its target",
        )
        guild = position(["club/water bow/plant", "bow/water", "dagger/water", "sword/water"], game=GUILD)
        refused(
            guild,
            Play(0, _c("club/water"), target=1),
            "only a Double Shot or Rain of Spears in guild_war chooses its target",
        )

    def test_guild_war_attack_names_its_target(self) -> None:
        """In Guild War a Double Shot or Rain of Spears is aimed at a chosen opponent (ruling 33)."""
        state = position(
            ["double-shot/fire club/water", "bow/water", "dagger/water", "sword/water"], game=GUILD
        )
        refused(
            state,
            Play(0, _c("double-shot/fire")),
            "in guild_war a Double Shot or Rain of Spears names the opponent it attacks",
        )

    def test_no_attack_on_oneself(self) -> None:
        """ "Opponents: refers to the players who are not the person whose turn it is" (ruling 33)."""
        state = position(
            ["double-shot/fire club/water", "bow/water", "dagger/water", "sword/water"], game=GUILD
        )
        refused(state, Play(0, _c("double-shot/fire"), target=0), "a seat cannot attack itself")
        refused(state, Play(0, _c("double-shot/fire"), target=4), "there is no seat 4 to attack")

    def test_maldicion_only_on_the_last_card(self) -> None:
        """ "MALDICIÓN" is said by the player left with no cards, not before."""
        state = position(["club/water sword/fire", "bow/water"], pile="club/fire")
        refused(
            state,
            Play(0, _c("club/water"), call=True),
            "MALDICIÓN is said only by the play that leaves the hand empty",
        )


class TestDrawingAndTheCurse:
    def test_nothing_left_to_draw(self) -> None:
        """Ruling 9: with an empty Deck and only the top card on the Discard Pile, the draw is skipped."""
        state = position(["dagger/plant", "bow/water"], pile="club/fire", holder=1)
        assert state.legal_moves() == (Draw(0),)
        after = state.apply(Draw(0))
        assert after.phase == TurnPhase(1) and after.hands == state.hands and after.deck == ()

    def test_curse_is_discarded_last(self) -> None:
        """The Curse "will be the last card to be discarded": not while cards are left in hand."""
        state = position(["club/water sword/fire", "bow/water"], pile="club/fire")
        refused(state, DiscardCurse(0), "the Curse is discarded last: seat 0 still holds 2 cards")

    def test_curse_on_its_own_element(self) -> None:
        """In normal difficulty the Curse goes only on its own element."""
        state = position(["", "bow/water"], pile="club/fire", curses=[Element.WATER] * 2)
        refused(
            state,
            DiscardCurse(0),
            "the Curse can only be discarded on its own element; the element in play is Fire",
        )

    def test_turn_moves(self) -> None:
        """A turn is a play, a draw or the Curse; nothing else."""
        state = position(["club/water sword/fire", "bow/water"], pile="club/fire")
        refused(
            state, Pass(0), "it is seat 0's turn: play a card, draw, or discard the Curse \\(pass is none"
        )


class TestBonfireRefusals:
    """Bonfire: "a second card of their choice", or the Curse "provided that MALDICIÓN is said"."""

    def test_second_card_must_be_held(self) -> None:
        state = position(["bonfire/fire sword/plant", "bow/water", "dagger/water"])
        s = state.apply(Play(0, _c("bonfire/fire")))
        assert s.phase == BonfirePhase(0, False)
        refused(s, Play(0, _c("club/water")), "seat 0 holds no Water Club")
        refused(s, Draw(0), "after a Bonfire: play a second card of choice, or pass")

    def test_curse_not_while_cards_are_held(self) -> None:
        state = position(["bonfire/fire sword/plant", "bow/water", "dagger/water"])
        s = state.apply(Play(0, _c("bonfire/fire")))
        refused(s, DiscardCurse(0), "Bonfire frees the Curse only when no card is left in hand")

    def test_curse_not_without_maldicion(self) -> None:
        """Emptying the hand silently with the Bonfire leaves the Curse in place."""
        state = position(
            ["bonfire/fire", "bow/water", "dagger/water"],
            curses=[Element.FIRE, Element.FIRE, Element.LIGHTNING],
        )
        s = state.apply(Play(0, _c("bonfire/fire")))
        assert s.phase == BonfirePhase(0, False) and s.legal_moves() == (Pass(0),)
        refused(
            s, DiscardCurse(0), "Bonfire frees the Curse only if MALDICIÓN was said when the hand emptied"
        )


class TestAttackAnswers:
    """ "If the attacked player holds a Double Shot card, they may play it", one card (ruling 10)."""

    def test_no_mirror_against_an_attack(self) -> None:
        """Mirror is "during their turn": an attack is answered with one card."""
        state = position(
            ["double-shot/fire club/water", "double-shot/water double-shot/water bow/plant", "dagger/water"],
            deck=" ".join(FILLER.split()[:6]),
        )
        attacked = state.apply(Play(0, _c("double-shot/fire")))
        assert isinstance(attacked.phase, AttackPhase) and attacked.phase.seat == 1
        refused(
            attacked,
            Play(1, _c("double-shot/water"), mirror=True),
            "a Mirror is played only in one's own turn, not to answer an attack \\(ruling 10\\)",
        )
        assert Play(1, _c("double-shot/water")) in attacked.legal_moves()

    def test_answer_options(self) -> None:
        """A MALDICIÓN said too early is refused in an answer as in a turn."""
        state = position(
            ["double-shot/fire club/water", "double-shot/water bow/plant", "dagger/water"],
            deck=" ".join(FILLER.split()[:6]),
        )
        attacked = state.apply(Play(0, _c("double-shot/fire")))
        refused(
            attacked,
            Play(1, _c("double-shot/water"), call=True),
            "MALDICIÓN is said only by the play that leaves the hand empty",
        )
        assert Accept(1) in attacked.legal_moves()
