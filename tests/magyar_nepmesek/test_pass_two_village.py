"""Pass 2 cards with a Village: its card is given "exactly as if it were in your hand" (ruling 14)."""

from __future__ import annotations

from cardrules.magyar_nepmesek import Give, Giving, Play, Refill

from .builders import ADVANCED, N1, N2, P3, PASS2, position


class TestPassTwoFromAVillage:
    """Village: "During your turn you may use this card exactly as if it were in your hand".

    Pass 2 cards: "Choose up to 2 cards from your hand and give them to another player."  The giver
    chooses during its own turn, so the card on its Village may be one of the two, as it may be laid,
    discarded or played.
    """

    def test_the_village_card_may_be_given(self) -> None:
        state = position([(PASS2, N1), (P3,)], game=ADVANCED, villages=[(N2,), ()]).apply(Play(0, PASS2, 1))
        assert state.pending == Giving(0, 1, 2)
        legal = state.legal_moves()
        assert Give(0, (N2,)) in legal and Give(0, (N1, N2)) in legal
        after = state.apply(Give(0, (N1, N2)))
        assert after.hands[0] == () and after.villages[0] == (None,)
        assert after.hands[1] == tuple(sorted((P3, N1, N2))) and after.view(0).known[1] == tuple(
            sorted((N1, N2))
        )
        assert "seat 0 gave 2 cards (1 from a Village) to seat 1" in map(str, after.events)

    def test_the_hand_copy_goes_first(self) -> None:
        """Ruling 14: "a card named by a move comes from the hand if the hand holds one"."""
        state = position([(PASS2, N1, N1), (P3,)], game=ADVANCED, villages=[(N1,), ()]).apply(
            Play(0, PASS2, 1)
        )
        after = state.apply(Give(0, (N1,)))
        assert after.villages[0] == (N1,) and after.hands[0] == (N1,)
        assert after.pending == Refill(0)  # the turn's action is over: the Village refill is offered

    def test_a_village_card_alone_allows_a_gift(self) -> None:
        """With Pass 2 the hand's last card, the Village card is still something to give."""
        state = position([(PASS2,), (P3,)], game=ADVANCED, villages=[(N2,), ()]).apply(Play(0, PASS2, 1))
        assert state.pending == Giving(0, 1, 1)
        assert state.legal_moves() == (Give(0, ()), Give(0, (N2,)))
