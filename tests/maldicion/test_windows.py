"""Out-of-turn windows: Reflex and the forgotten MALDICIÓN."""

from __future__ import annotations

from cardrules.maldicion import (
    AttackPhase,
    CallOut,
    CalloutPhase,
    Card,
    ClericPhase,
    Discard,
    EventKind,
    Figure,
    Hero,
    NextTurn,
    Pass,
    Play,
    Reflex,
    ReflexPhase,
    TurnPhase,
    UseAbility,
)

from ..helpers import refused
from .builders import FILLER, beyond_the_deck, hand, labels, position

DECK = " ".join(FILLER.split()[:6])


def _c(text: str) -> Card:
    return Card.parse(text)


class TestReflex:
    """ "Reflex: when a player is not on their turn and has in hand a card IDENTICAL to the last card on the
    Discard Pile, they may Discard it. The discarded card does NOT cause any effect or change in the round"."""

    def test_identical_card_out_of_turn(self) -> None:
        """Only a seat holding the identical card is asked; the round goes on as if nothing had happened."""
        state = position(
            ["club/fire sword/water", "club/water bow/water", "club/fire dagger/water", "staff/water"],
            pile="sword/fire",
        )
        s = state.apply(Play(0, _c("club/fire")))
        assert s.phase == ReflexPhase(2, 0, (3,), NextTurn(1))
        assert labels(s.legal_moves()) == {"reflex Fire Club", "pass"}
        after = s.apply(Reflex(2, _c("club/fire")))
        assert hand(after, 2) == "dagger/water" and after.phase == TurnPhase(1)
        assert after.pile[-2:] == (_c("club/fire"),) * 2

    def test_several_seats_beyond_the_deck(self) -> None:
        """Every seat holding an identical card is asked in round order, and each may discard it.

        Three seats hold the Fire Club, which the deck holds twice: a position no match reaches, built by
        hand to show the order of the asking with more than one seat to ask."""
        state = beyond_the_deck(
            ["club/fire sword/water", "club/fire bow/water", "club/fire dagger/water", "staff/water"]
        )
        s = state.apply(Play(0, _c("club/fire")))
        assert s.phase == ReflexPhase(1, 0, (2, 3), NextTurn(1))
        s = s.apply(Reflex(1, _c("club/fire")))
        assert s.phase == ReflexPhase(2, 0, (3,), NextTurn(1))
        after = s.apply(Reflex(2, _c("club/fire")))
        assert after.phase == TurnPhase(1) and after.pile[-3:] == (_c("club/fire"),) * 3

    def test_inside_an_attack(self) -> None:
        """A Reflex on an attack card leaves the attack where it was."""
        state = position(
            ["double-shot/fire sword/water", "club/water", "double-shot/fire dagger/water"], deck=DECK
        )
        s = state.apply(Play(0, _c("double-shot/fire")))
        assert isinstance(s.phase, ReflexPhase) and s.phase.seat == 2
        after = s.apply(Reflex(2, _c("double-shot/fire")))
        assert after.phase.seat == 1 and after.phase.amount == 2  # type: ignore[attr-defined]

    def test_not_the_seat_whose_turn_it_is_in_an_attack_chain(self) -> None:
        """ "when a player is not on their turn": seat 0 attacked on its turn; when seat 1 stacks, seat 0 holds
        an identical Double Shot but is on its turn, so it is not asked (ruling 11)."""
        state = position(
            ["double-shot/fire double-shot/plant sword/water", "double-shot/plant bow/water", "club/water"],
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire"))).apply(Play(1, _c("double-shot/plant")))
        assert s.phase == AttackPhase(2, 1, Figure.DOUBLE_SHOT, 4, 0)
        refused(s, Reflex(0, _c("double-shot/plant")), "it is seat 2's decision")
        # Not asked is not "holds none": the table learns nothing about seat 0's hand.
        assert _c("double-shot/plant") not in s.lacking(0)
        assert _c("double-shot/plant") in s.lacking(2)

    def test_not_the_seat_whose_turn_it_is_after_a_shield_beyond_the_deck(self) -> None:
        """A Shield sends the attack back to seat 0, whose turn it is: another seat holding the identical Shield
        is asked, seat 0 is not.

        Three seats hold the Fire Shield, which the deck holds twice: a position no match reaches, built by
        hand so that seat 0 holds the identical Shield it is not asked for."""
        state = beyond_the_deck(
            ["double-shot/fire shield/fire sword/water", "shield/fire bow/water", "shield/fire club/water"],
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire"))).apply(Play(1, _c("shield/fire")))
        then = AttackPhase(0, 1, Figure.DOUBLE_SHOT, 2, 0)
        assert s.direction == -1 and s.phase == ReflexPhase(2, 1, (), then)
        assert s.apply(Pass(2)).phase == then

    def test_last_card_by_reflex(self) -> None:
        """A Reflex that empties the hand is where MALDICIÓN is said."""
        state = position(["club/fire sword/water", "club/water bow/water", "club/fire"], pile="sword/fire")
        s = state.apply(Play(0, _c("club/fire")))
        assert labels(s.legal_moves()) == {"reflex Fire Club", "reflex Fire Club, saying MALDICIÓN", "pass"}

    def test_not_during_an_ability(self) -> None:
        """ "This action cannot be taken during a Hero's Ability": Buckminster's discards open no window."""
        state = position(
            ["ability/fire club/water sword/plant", "bow/water", "club/water"],
            heroes=[Hero.BUCKMINSTER, Hero.ALLARD, Hero.EMMA],
        )
        s = state.apply(Play(0, _c("ability/fire"))).apply(UseAbility(0))
        after = s.apply(Discard(0, _c("club/water")))
        assert isinstance(after.phase, ClericPhase) and after.phase.seat == 1


class TestForgottenCall:
    """ "If a player does not say this word, then once the next player in the round has played, any player who
    notices this oversight may point it out and punish the player ... by giving them two cards from the Deck"."""

    def test_caught_after_the_next_turn(self) -> None:
        """The window opens once the next seat has played, and the first caller punishes."""
        state = position(["club/fire", "club/water bow/water", "sword/water"], deck=DECK)
        silent = state.apply(Play(0, _c("club/fire"), call=False))
        assert [e.kind for e in silent.events][-1] is EventKind.SILENT
        assert silent.phase == TurnPhase(1)
        played = silent.apply(Play(1, _c("club/water")))
        assert played.phase == CalloutPhase(1, 0, (2,), NextTurn(2))
        assert set(played.legal_moves()) == {CallOut(1, 0), Pass(1)}
        caught = played.apply(CallOut(1, 0))
        assert len(caught.hands[0]) == 2 and caught.phase == TurnPhase(2) and not caught.silent

    def test_after_a_skipped_turn(self) -> None:
        """The next seat is Penalized: its lost turn counts as its turn, and the window opens after it (ruling 13)."""
        state = position(
            ["club/fire", "club/water bow/water", "sword/water"], deck=DECK, penalized=[False, True, False]
        )
        s = state.apply(Play(0, _c("club/fire"), call=False))
        assert s.phase == CalloutPhase(1, 0, (2,), NextTurn(2))
        assert EventKind.SKIPPED in [e.kind for e in s.events]

    def test_everyone_may_pass(self) -> None:
        """Nobody noticed: the seat keeps its empty hand, and cannot be caught later."""
        state = position(["club/fire", "club/water bow/water", "sword/water"], deck=DECK)
        s = state.apply(Play(0, _c("club/fire"))).apply(Play(1, _c("club/water")))
        s = s.apply(Pass(1))
        assert s.phase == CalloutPhase(2, 0, (), NextTurn(2))
        after = s.apply(Pass(2))
        assert after.phase == TurnPhase(2) and not after.hands[0] and not after.silent

    def test_said_in_time(self) -> None:
        """A seat that said MALDICIÓN cannot be called out."""
        state = position(["club/fire", "club/water bow/water", "sword/water"], deck=DECK)
        s = state.apply(Play(0, _c("club/fire"), call=True))
        assert [e.kind for e in s.events][-1] is EventKind.MALDICION
        assert s.apply(Play(1, _c("club/water"))).phase == TurnPhase(2)
