"""The advanced game: its discards, every action card, and the Shield."""

from __future__ import annotations

from cardrules.magyar_nepmesek import (
    BonusDraw,
    Discard,
    FollowUp,
    Give,
    Giving,
    Lay,
    Main,
    Pass,
    Play,
    React,
    Refill,
    Shield,
    Store,
    Storing,
    Swap,
    Window,
)

from .builders import (
    ADVANCED,
    ALL_DISCARD,
    ALL_PURPLE,
    BALL,
    DISCARD2,
    N1,
    N2,
    N3,
    N4,
    P1,
    P1B,
    P2,
    P3,
    P4,
    PASS2,
    PURPLE,
    SHIELD,
    TAKE2,
    VILLAGE,
    discarded,
    position,
)


class TestAdvancedDiscards:
    """ "When discarding, the player may choose one of the following options\""""

    def test_several_identical_cards(self) -> None:
        """ "Discard several identical cards"."""
        moves = position([(N1, N1, P1)], game=ADVANCED).legal_moves()
        assert Discard(0, (N1, N1)) in moves

    def test_negative_rows_with_one_substitute(self) -> None:
        """ "a complete or incomplete negative row, in which one card may be replaced by any positive card or action card"."""
        moves = set(position([(N1, N2, N3, N4, P1)], game=ADVANCED).legal_moves())
        assert Discard(0, (N1, N2, N3, N4)) in moves, "complete"
        assert Discard(0, (N1, N2, N3)) in moves and Discard(0, (N2, N3, N4)) in moves, "incomplete"
        assert Discard(0, (N1, P1, N3)) in moves, "one substitute"
        assert Discard(0, (N1, N2)) not in moves, "a row has at least 3 cards (ruling 9)"
        assert Discard(0, (N1, N3, N4)) not in moves, "consecutive values only"

    def test_bonus_draw_is_optional(self) -> None:
        """ "they may immediately draw one card from the draw pile"."""
        state = position([(N1, N2, N3, P1)], game=ADVANCED, draw=(P4, P3)).apply(Discard(0, (N1, N2, N3)))
        assert set(state.legal_moves()) == {BonusDraw(0), Pass(0)}
        assert state.apply(BonusDraw(0)).hands[0] == (P1, P3)
        assert state.apply(Pass(0)).hands[0] == (P1,)


class TestTargetedActions:
    """Make a player discard, Take 2 cards, Pass 2 cards, Lay down purple cards, Crystal Ball."""

    def test_make_a_player_discard(self) -> None:
        """ "Randomly draw from their hand up to as many cards as the card indicates, and discard them"."""
        state = position([(DISCARD2,), (P1, P2, P3)], game=ADVANCED)
        moves = state.legal_moves()
        assert (
            Play(0, DISCARD2, 1, 1) in moves
            and Play(0, DISCARD2, 1, 2) in moves
            and Play(0, DISCARD2, 1, 3) not in moves
        )
        after = state.apply(Play(0, DISCARD2, 1, 2))
        assert (
            len(after.hands[1]) == 1
            and discarded(state, after)[0] == DISCARD2
            and len(discarded(state, after)) == 3
        )

    def test_take_two_respects_the_limit(self) -> None:
        """ "You may randomly draw up to 2 cards"; "no one may receive more cards" than 8."""
        hand = (TAKE2, P1, P1, P1, P1, P2, P2)
        state = position([hand, (N1, N2, N3)], game=ADVANCED)
        assert Play(0, TAKE2, 1, 2) in state.legal_moves()
        after = state.apply(Play(0, TAKE2, 1, 2))
        assert len(after.hands[0]) == 8 and len(after.hands[1]) == 1
        taken = [c for c in after.hands[0] if c in (N1, N2, N3)]
        assert sorted(after.view(1).known[0]) == sorted(taken), "the victim knows what it lost"
        assert "seat 0 took 2 cards from seat 1" in state.describe(Play(0, TAKE2, 1, 2), after)
        full = position([(TAKE2, P1, P1, P1, P1, P2, P2, P2), (N1, N2)], game=ADVANCED)
        assert Play(0, TAKE2, 1, 2) not in full.legal_moves() and Play(0, TAKE2, 1, 1) in full.legal_moves()

    def test_pass_two_cards(self) -> None:
        """ "Choose up to 2 cards from your hand and give them to another player"."""
        state = position([(PASS2, N1, N2, P1), (P3,)], game=ADVANCED).apply(Play(0, PASS2, 1))
        assert state.pending == Giving(0, 1, 2)
        assert Give(0, ()) in state.legal_moves() and Give(0, (N1, N2)) in state.legal_moves()
        after = state.apply(Give(0, (N1, N2)))
        assert after.hands[1] == tuple(sorted((P3, N1, N2))) and after.view(0).known[1] == (N1, N2)
        assert after.view(2).known[1] == ()

    def test_pass_two_stops_at_eight(self) -> None:
        """ "If this would give that player more than 8 cards, no more cards may be given to them"."""
        seven = (P1, P1, P1, P1, P2, P2, P2)
        state = position([(PASS2, N1, N2), seven], game=ADVANCED).apply(Play(0, PASS2, 1))
        assert state.pending == Giving(0, 1, 1)

    def test_lay_down_purple_cards(self) -> None:
        """ "A chosen player must show their cards, and must lay down every negative (purple) card"."""
        after = position([(PURPLE,), (N1, N3, P2)], game=ADVANCED).apply(Play(0, PURPLE, 1))
        assert after.hands[1] == (P2,) and after.scores[1] == -4
        assert all(after.view(s).known[1] == (P2,) for s in (0, 2, 3))

    def test_crystal_ball_then_one_more_action(self) -> None:
        """ "you may look at another player's cards, and then immediately play one more action card"."""
        state = position([(BALL, PURPLE, P1), (N1, P2)], game=ADVANCED).apply(Play(0, BALL, 1))
        assert state.view(0).known[1] == (N1, P2) and state.view(2).known[1] == ()
        assert state.pending == FollowUp(0)
        moves = state.legal_moves()
        assert Play(0, PURPLE, 1) in moves and Pass(0) in moves
        assert all(isinstance(m, (Play, Pass)) for m in moves), "no laying down or discarding meanwhile"


class TestAllOpponents:
    """ "Actions affecting all opponents: Affects every player who does not defend against it with a Shield.\""""

    def test_every_opponent_discards_except_the_shielded(self) -> None:
        """A Shield used against an all-opponents action protects only its user."""
        state = position([(ALL_DISCARD,), (P1, P2), (SHIELD, P3), (N1,)], game=ADVANCED)
        state = state.apply(Play(0, ALL_DISCARD, None, 1))
        assert isinstance(state.pending, React) and state.pending.seat == 2
        after = state.apply(Shield(2))
        assert after.hands[2] == (P3,) and len(after.hands[1]) == 1 and after.hands[3] == ()

    def test_all_opponents_lay_down_purple(self) -> None:
        """Every opponent shows and lays down its purple cards."""
        after = position([(ALL_PURPLE, N1), (N2,), (N3, P1), (N4,)], game=ADVANCED).apply(Play(0, ALL_PURPLE))
        assert after.scores == (0, -2, -3, -4)


class TestShield:
    """ "When you are chosen as the target of an action ... you may discard the Shield from your hand\""""

    def test_shield_stops_the_action(self) -> None:
        """ "so that the action has no effect on you"; it is discarded."""
        start = position([(TAKE2,), (SHIELD, P4)], game=ADVANCED)
        state = start.apply(Play(0, TAKE2, 1, 1))
        assert state.pending == React(1, Play(0, TAKE2, 1, 1), (1,), (), ())
        assert set(state.legal_moves()) == {Shield(1), Pass(1)}
        after = state.apply(Shield(1))
        assert after.hands == ((), (P4,), (), ()) and discarded(start, after) == (TAKE2, SHIELD)

    def test_not_using_the_shield(self) -> None:
        """ "it is not mandatory to use it"."""
        after = position([(TAKE2,), (SHIELD,)], game=ADVANCED).apply(Play(0, TAKE2, 1, 1)).apply(Pass(1))
        assert after.hands[0] == (SHIELD,)

    def test_shield_is_not_played_on_ones_own_turn(self) -> None:
        """ "but is not played on your own turn"."""
        moves = position([(SHIELD,)], game=ADVANCED).legal_moves()
        assert all(not isinstance(m, Play) for m in moves)


class TestVillage:
    """ "Village (Falu): When played, place it in front of yourself and lay one of your cards face down on it.\""""

    def test_store_a_card_outside_the_limit(self) -> None:
        """ "This card does not count toward the 8-card limit"."""
        state = position([(VILLAGE, N4, P1)], game=ADVANCED).apply(Play(0, VILLAGE))
        assert state.pending == Storing(0) and state.village_cards[0] == (VILLAGE,)
        after = state.apply(Store(0, N4))
        assert after.villages[0] == (N4,) and after.hands[0] == (P1,)
        assert after.view(1).villages[0] == (True,) and after.view(1).own_villages == ()

    def test_village_card_usable_on_own_turn(self) -> None:
        """ "During your turn you may use this card exactly as if it were in your hand"; then refill or exchange."""
        state = position([(P1, P2)], game=ADVANCED, villages=[(P3,), (), (), ()])
        moves = state.legal_moves()
        assert Lay(0, (P1, P2, P3), (1, 2, 3)) in moves
        assert Discard(0, (P3,)) in moves
        after = state.apply(Discard(0, (P3,)))
        assert after.villages[0] == (None,) and after.pending == Refill(0)
        assert Store(0, P1) in after.legal_moves() and Pass(0) in after.legal_moves()
        assert after.apply(Store(0, P1)).villages[0] == (P1,)

    def test_exchange(self) -> None:
        """ "or the card on it may be exchanged for another card from your hand" (ruling 15)."""
        state = position([(P1, P2, N1)], game=ADVANCED, villages=[(P3,), (), (), ()]).apply(Discard(0, (N1,)))
        assert Swap(0, 0, P1) in state.legal_moves()
        after = state.apply(Swap(0, 0, P1))
        assert after.villages[0] == (P1,) and after.hands[0] == (P2, P3)
        assert not isinstance(after.pending, Refill)

    def test_actions_cannot_reach_the_village(self) -> None:
        """ "other players' actions ... have no effect on it"."""
        state = position([(PURPLE,), (P1,)], game=ADVANCED, villages=[(), (N4,), (), ()])
        after = state.apply(Play(0, PURPLE, 1))
        assert after.villages[1] == (N4,) and after.melds[1] == ()


class TestWindowAfterActions:
    """The extra-action window also follows an action card."""

    def test_match_after_an_action_card(self) -> None:
        """A played action card is the discard pile's top: identical cards match it."""
        state = position([(PURPLE,), (P1B,), (PURPLE, P2), ()], game=ADVANCED)
        after = state.apply(Play(0, PURPLE, 1))
        assert after.pending == Window(2, (3,), unable=(1,)), "seat 1 holds no match: passed over"
        assert after.apply(Pass(2)).pending == Main(1)
        assert N1 not in after.hands[2]
