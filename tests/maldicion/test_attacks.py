"""Paralyse, Double Shot and Rain of Spears, stacking, and Shield returns."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.maldicion import Accept, AttackPhase, Card, Play, TurnPhase

from .builders import FILLER, labels, position

DECK = FILLER


def _c(text: str) -> Card:
    return Card.parse(text)


class TestParalyse:
    """Paralyse: "It cancels the turn of the next player in the round"."""

    def test_next_turn_cancelled(self) -> None:
        """The attacked seat takes it and loses its turn; the one after plays."""
        state = position(["paralyse/fire club/water", "bow/water", "sword/water", "dagger/water"])
        attacked = state.apply(Play(0, _c("paralyse/fire")))
        assert attacked.phase == AttackPhase(1, 0, _c("paralyse/fire").figure, 0, 0)
        assert attacked.legal_moves() == (Accept(1),)
        after = attacked.apply(Accept(1))
        assert after.phase == TurnPhase(2) and len(after.hands[1]) == 1 and not any(after.penalized)

    def test_only_a_shield_answers(self) -> None:
        """A Paralyse is not stacked (ruling 18); a Shield of the element returns it."""
        state = position(
            ["paralyse/fire club/water", "paralyse/water shield/fire", "sword/water", "dagger/water"]
        )
        attacked = state.apply(Play(0, _c("paralyse/fire")))
        assert labels(attacked.legal_moves()) == {"take the attack", "play Fire Shield"}
        returned = attacked.apply(Play(1, _c("shield/fire")))
        assert returned.direction == -1 and returned.phase.seat == 0
        after = returned.apply(Accept(0))
        # The round went back through seat 0, whose turn is lost: seat 3 plays.
        assert after.phase == TurnPhase(3)


class TestStacking:
    """ "The attack may be repeated until a player cannot answer with the same card"."""

    def test_double_shot_accumulates(self) -> None:
        """ "If the attacked player holds a Double Shot card, they may play it; in that case the player after them draws 4"."""
        state = position(
            ["double-shot/fire club/water", "double-shot/plant bow/water", "sword/water", "dagger/water"],
            deck=DECK,
        )
        s1 = state.apply(Play(0, _c("double-shot/fire")))
        assert "play Plant Double Shot" in labels(s1.legal_moves())
        s2 = s1.apply(Play(1, _c("double-shot/plant")))
        assert s2.phase == AttackPhase(2, 1, _c("double-shot/plant").figure, 4, 0)
        s3 = s2.apply(Accept(2))
        assert len(s3.hands[2]) == 5 and s3.phase == TurnPhase(3)

    def test_rain_of_spears_accumulates(self) -> None:
        """Rain of Spears: "the player after them draws 8 cards"."""
        state = position(
            [
                "rain-of-spears/fire club/water",
                "rain-of-spears/plant bow/water",
                "sword/water",
                "dagger/water",
            ],
            deck=DECK,
        )
        s1 = state.apply(Play(0, _c("rain-of-spears/fire"))).apply(Play(1, _c("rain-of-spears/plant")))
        assert s1.phase.amount == 8  # type: ignore[attr-defined]
        assert len(s1.apply(Accept(2)).hands[2]) == 9

    def test_not_with_another_attack(self) -> None:
        """ "answer with the same card": a Rain of Spears does not answer a Double Shot."""
        state = position(
            ["double-shot/fire club/water", "rain-of-spears/fire bow/water", "sword/water"], deck=DECK
        )
        s1 = state.apply(Play(0, _c("double-shot/fire")))
        assert s1.legal_moves() == (Accept(1),)
        with pytest.raises(IllegalMoveError, match="answered only with the same card or a Shield"):
            s1.apply(Play(1, _c("rain-of-spears/fire")))


class TestShield:
    """Shield "returns to the previous player any Attack ... including the accumulation of attacks"."""

    def test_returns_the_accumulation(self) -> None:
        """Seat 2 answers an accumulated 4 with a Shield: seat 1, who attacked it, takes the 4."""
        state = position(
            [
                "double-shot/fire club/water",
                "double-shot/plant bow/water",
                "shield/plant sword/water",
                "dagger/water",
            ],
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire"))).apply(Play(1, _c("double-shot/plant")))
        returned = s.apply(Play(2, _c("shield/plant")))
        assert returned.direction == -1
        assert returned.phase == AttackPhase(1, 2, _c("double-shot/plant").figure, 4, 0)
        after = returned.apply(Accept(1))
        assert len(after.hands[1]) == 5 and after.phase == TurnPhase(0)

    def test_shield_back(self) -> None:
        """The returned attacker may answer with another Shield (a Shield on top fits any Shield)."""
        state = position(
            ["double-shot/fire shield/water club/water", "shield/fire bow/water", "sword/water"], deck=DECK
        )
        s = state.apply(Play(0, _c("double-shot/fire"))).apply(Play(1, _c("shield/fire")))
        assert "play Water Shield" in labels(s.legal_moves())
        back = s.apply(Play(0, _c("shield/water")))
        assert back.direction == 1 and back.phase == AttackPhase(1, 0, _c("double-shot/fire").figure, 2, 0)

    def test_shield_must_match(self) -> None:
        """A Shield answers only on the element in play or on a Shield (ruling 17)."""
        state = position(["double-shot/fire club/water", "shield/water bow/water", "sword/water"], deck=DECK)
        s = state.apply(Play(0, _c("double-shot/fire")))
        with pytest.raises(IllegalMoveError, match="does not match the element in play"):
            s.apply(Play(1, _c("shield/water")))

    def test_shield_in_turn_reverses(self) -> None:
        """ "It reverses the direction of the round"."""
        state = position(["shield/fire club/water", "bow/water", "sword/water", "dagger/water"])
        after = state.apply(Play(0, _c("shield/fire")))
        assert after.direction == -1 and after.phase == TurnPhase(3)


class TestTwoPenalties:
    """ "Penalized: a penalized player cannot take their turn": a flag, not a count (ruling 38)."""

    def test_one_turn_lost(self) -> None:
        """A seat already Penalized takes a Double Shot: it draws the two cards in full, and loses one turn."""
        state = position(
            ["double-shot/fire club/fire", "bow/water", "sword/fire"],
            deck=DECK,
            penalized=[False, True, False],
        )
        s = state.apply(Play(0, _c("double-shot/fire"))).apply(Accept(1))
        assert len(s.hands[1]) == 3 and s.phase == TurnPhase(2)
        s = s.apply(Play(2, _c("sword/fire"), call=True)).apply(Play(0, _c("club/fire"), call=True))
        assert s.phase == TurnPhase(1) and not any(s.penalized)
