"""Midnight at every moment it can strike, the final round, the final reveal and the tie-break."""

from __future__ import annotations

from cardrules.magyar_nepmesek import BonusDraw, Discard, Draw, Main, Pass, Play
from cardrules.magyar_nepmesek._melds import make_meld

from .builders import (
    ADVANCED,
    DRAW3,
    FIFTH,
    LANTERN,
    LAZY,
    MIDNIGHT,
    N1,
    N2,
    N3,
    N4,
    P1,
    P2,
    P3,
    P4,
    SATCHEL,
    SHIELD,
    STARTER,
    VILLAGE,
    discarded,
    position,
)


class TestMidnightOnDraw:
    """ "When a player draws a Midnight card, they must immediately place it on the discard pile. Then every player shows\""""

    def test_all_hands_shown_and_negatives_laid(self) -> None:
        """ "every negative (purple) card must be laid down in front of its owner"; the draw is used up (ruling 11)."""
        state = position([(P1, N1), (N2, N3, P2), (P3,), ()], draw=(P4, MIDNIGHT))
        after = state.apply(Draw(0))
        assert discarded(state, after) == (MIDNIGHT,) and after.hands[0] == (P1,)
        assert after.hands[1] == (P2,) and sorted(m.cards[0] for m in after.melds[1]) == [N2, N3]
        assert after.scores == (-1, -5, 0, 0)
        assert after.draw == (P4,), "no replacement card is drawn"
        for observer in range(4):
            assert after.view(observer).known[2] == ((P3,) if observer != 2 else ())
        assert after.pending == Main(1)

    def test_midnight_as_the_last_card_also_starts_the_final_round(self) -> None:
        """Both rules hold when the last card is a Midnight (ruling 12)."""
        state = position([(P1,), (N1,)], draw=(MIDNIGHT,))
        after = state.apply(Draw(0))
        assert discarded(state, after) == (MIDNIGHT,) and after.melds[1][0].cards == (N1,)
        assert after.final == 1 and after.last_drawer == 0


class TestMidnightMidEffect:
    """Midnight during the Draw-cards action and the bonus draw."""

    def test_draw_cards_keeps_drawing_after_midnight(self) -> None:
        """ "If a Midnight card is drawn meanwhile, it must be played immediately, and then drawing continues"."""
        state = position([(DRAW3, N1), (N2,)], game=ADVANCED, draw=(P3, P2, P1, MIDNIGHT, P4))
        after = state.apply(Play(0, DRAW3))
        assert after.hands[0] == tuple(sorted((P4, P1, P2)))
        assert after.draw == (P3,)
        assert [m.cards for m in after.melds[0]] == [(N1,)] and after.melds[1][0].cards == (N2,)

    def test_draw_cards_stops_at_eight(self) -> None:
        """ "or until you reach the 8-card hand limit"."""
        hand = (DRAW3, P1, P1, P1, P1, P1, P2, P2)
        after = position([hand], game=ADVANCED, draw=(P3, P3, P4, P4)).apply(Play(0, DRAW3))
        assert len(after.hands[0]) == 8 and after.draw == (P3, P3, P4)

    def test_bonus_draw_after_three_discards_may_be_a_midnight(self) -> None:
        """ "If a player has discarded at least 3 cards, they may immediately draw one card" — a Midnight strikes."""
        state = position([(N1, N1, N1, N2), (N3,)], game=ADVANCED, draw=(P2, MIDNIGHT))
        chose = state.apply(Discard(0, (N1, N1, N1)))
        assert set(chose.legal_moves()) == {BonusDraw(0), Pass(0)}
        after = chose.apply(BonusDraw(0))
        assert after.melds[0][0].cards == (N2,) and after.melds[1][0].cards == (N3,)

    def test_shield_cannot_stop_midnight(self) -> None:
        """ "A Shield cannot be used against the effect of a Midnight card": nobody is asked."""
        state = position([(P1,), (SHIELD, N1)], game=ADVANCED, draw=(P4, MIDNIGHT))
        after = state.apply(Draw(0))
        assert after.melds[1][0].cards == (N1,) and after.pending == Main(1)


class TestLanternAndLazyGirl:
    """Lantern and Lazy Girl at a Midnight."""

    def test_lantern_holder_does_not_show(self) -> None:
        """Lantern: "you do not need to show your other cards ... and you do not need to lay down your purple cards"."""
        state = position([(P1,), (LANTERN, N1, P2)], game=FIFTH, draw=(P4, MIDNIGHT))
        after = state.apply(Draw(0))
        assert after.hands[1] == tuple(sorted((LANTERN, N1, P2))) and after.melds[1] == ()
        assert after.view(0).known[1] == (LANTERN,), "only the Lantern is shown"

    def test_lazy_girl_shown_misses_a_turn(self) -> None:
        """Lazy Girl: "If we must show a Midnight card ... we miss one turn"."""
        state = position([(P1,), (LAZY, N1), (P2,), (P3,)], game=FIFTH, draw=(P4, MIDNIGHT))
        after = state.apply(Draw(0))
        assert after.skips[1] is False and after.pending == Main(2)
        assert after.hands[1] == (LAZY,), "the Lazy Girl is not laid down before the end"

    def test_village_card_is_safe_from_midnight(self) -> None:
        """Village: "other players' actions and the Midnight card have no effect on it"."""
        state = position([(P1,), (P2,)], game=ADVANCED, draw=(P4, MIDNIGHT), villages=[(), (N3,), (), ()])
        after = state.apply(Draw(0))
        assert after.villages[1] == (N3,) and after.melds[1] == ()


class TestFinalRound:
    """ "When a player draws the last card, the final round begins. The game is ended by the player who previously drew the last card.\""""

    def test_everyone_plays_once_more_then_the_last_drawer_ends(self) -> None:
        """Ruling 12: each other seat gets one turn, then the last drawer's closing turn ends the game."""
        hands = [(P1, P4), (P2, P2), (P3,), (N4,)]
        state = position(hands, turn=1, draw=(N3,), discard=(N2,))  # a top no seat can match
        state = state.apply(Draw(1))
        assert state.final == 1 and state.last_drawer == 1 and state.pending == Main(2)
        assert Draw(2) not in state.legal_moves()
        for seat in (2, 3, 0):
            assert state.current_player == seat and not state.is_terminal
            state = state.apply(state.legal_moves()[-1])
        assert state.current_player == 1 and state.final == 2
        state = state.apply(state.legal_moves()[0])
        assert state.is_terminal

    def test_final_reveal_lays_purple_and_discards_the_rest(self) -> None:
        """ "every player shows the cards they hold, must lay down every purple card ... and discards the remaining cards"."""
        group = make_meld((P2, P2), (2, 2), STARTER.table)
        state = position(
            [(P1, P1), (N2, P3), (), ()], melds=[(), (group,), (), ()], final=2, last_drawer=0, draw=()
        )
        end = state.apply(state.legal_moves()[0])
        assert end.is_terminal and end.outcome is not None
        assert end.outcome.scores == (2.0, 2.0, 0.0, 0.0)
        assert end.outcome.winners == frozenset({1}), "tie at 2: seat 1 laid down more cards (3 against 2)"
        assert all(h == () for h in end.hands)

    def test_dual_cards_and_lazy_girl_count_negative_at_the_end(self) -> None:
        """Holed Satchel "If it remains in your hand at the end of the game ... it is counted as -1"; Lazy Girl -2."""
        state = position([(P1,), (SATCHEL, LAZY)], game=FIFTH, final=2, last_drawer=0, draw=())
        end = state.apply(Pass(0)) if Pass(0) in state.legal_moves() else state.apply(state.legal_moves()[0])
        assert end.outcome is not None and end.outcome.scores[1] == -3.0

    def test_village_card_returns_to_the_hand_at_the_end(self) -> None:
        """ "At the end of the game, the card on the Village must be taken back into your hand" (then purple is laid)."""
        state = position(
            [(P1,), ()], game=ADVANCED, final=2, last_drawer=0, draw=(), villages=[(), (N4,), (), ()]
        )
        end = state.apply(state.legal_moves()[0])
        assert end.outcome is not None and end.outcome.scores[1] == -4.0

    def test_lazy_girl_left_on_a_village_is_removed(self) -> None:
        """ "it is only permanently removed if it is placed on a Village and left there" (ruling 32, an option)."""
        state = position(
            [(P1,), ()], game=FIFTH, final=2, last_drawer=0, draw=(), villages=[(), (LAZY,), (), ()]
        )
        end = state.apply(state.legal_moves()[0])
        assert end.outcome is not None and end.outcome.scores[1] == 0.0
        game = FIFTH.__class__(variant="advanced", fifth_edition=True, lazy_girl_on_village="returns")
        state = position(
            [(P1,), ()], game=game, final=2, last_drawer=0, draw=(), villages=[(), (LAZY,), (), ()]
        )
        end = state.apply(state.legal_moves()[0])
        assert end.outcome is not None and end.outcome.scores[1] == -2.0
        assert VILLAGE in end.village_cards[1]
