"""Reflections of every shape, shared wins, and error messages that name the rule."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.magyar_nepmesek import Discard, Draw, FollowUp, Main, Mirror, Pass, Play, Shield

from .builders import (
    ADVANCED,
    ALL_DISCARD,
    BALL,
    FIFTH,
    LAZY,
    MIRROR,
    N1,
    N2,
    P1,
    P2,
    P3,
    P4,
    PURPLE,
    SHIELD,
    position,
)


class TestReflections:
    """Magic Mirror: "reflects its effect back onto the player who played it.\""""

    def test_mirror_against_all_opponents_reflects_only_its_share(self) -> None:
        """Ruling 20: against an all-opponents action the Mirror sends back its holder's share only."""
        state = position([(ALL_DISCARD, P4), (MIRROR, P1), (P2,), (P3,)], game=FIFTH)
        state = state.apply(Play(0, ALL_DISCARD, None, 1))
        assert set(state.legal_moves()) == {Mirror(1), Pass(1)}
        after = state.apply(Mirror(1))
        assert after.hands[0] == () and after.hands[1] == (P1,)
        assert after.hands[2] == () and after.hands[3] == ()

    def test_reflected_crystal_ball_shows_the_player_and_keeps_the_follow_up(self) -> None:
        """Ruling 22: the Mirror's holder looks at the player's hand; the second action stays the player's."""
        state = (
            position([(BALL, PURPLE, P1), (MIRROR, N1)], game=FIFTH).apply(Play(0, BALL, 1)).apply(Mirror(1))
        )
        assert state.view(1).known[0] == tuple(sorted((P1, PURPLE))) and state.view(0).known[1] == ()
        assert state.pending == FollowUp(0)

    def test_only_the_target_is_asked(self) -> None:
        """ "When you are chosen as the target of an action": other Shield holders are not asked."""
        state = position([(PURPLE,), (SHIELD, N1), (SHIELD, N2)], game=ADVANCED).apply(Play(0, PURPLE, 1))
        assert state.current_player == 1
        after = state.apply(Shield(1))
        assert after.hands[1] == (N1,) and after.hands[2] == (N2, SHIELD)
        assert after.melds == ((), (), (), ()), "seat 2 was not the target"

    def test_lay_down_purple_makes_the_lazy_girl_miss_a_turn(self) -> None:
        """Lazy Girl: "lay down purple cards due to an action card, we miss one turn"."""
        after = position([(PURPLE,), (LAZY, N1), (P1,), (P2,)], game=FIFTH).apply(Play(0, PURPLE, 1))
        assert after.hands[1] == (LAZY,) and after.scores[1] == -1
        assert after.pending == Main(2), "seat 1 misses its turn"


class TestErrors:
    """IllegalMoveError names the broken rule and changes nothing."""

    def test_messages(self) -> None:
        """Each refusal says which rule."""
        full = position([(P1, P1, P1, P1, P2, P2, P2, P3)])
        with pytest.raises(IllegalMoveError, match="at most 8 cards"):
            full.apply(Draw(0))
        with pytest.raises(IllegalMoveError, match="starter game discards exactly one card"):
            full.apply(Discard(0, (P1, P1)))
        with pytest.raises(IllegalMoveError, match="does not hold"):
            full.apply(Discard(0, (N1,)))
        with pytest.raises(IllegalMoveError, match="Lazy Girl cannot be discarded"):
            position([(LAZY, P1)], game=FIFTH).apply(Discard(0, (LAZY,)))
        with pytest.raises(IllegalMoveError, match="reaction"):
            position([(SHIELD, P1)], game=ADVANCED).apply(Play(0, SHIELD))
        with pytest.raises(IllegalMoveError, match="passing is not allowed"):
            full.apply(Pass(0))
        with pytest.raises(IllegalMoveError, match="seat 1 tried to move"):
            full.apply(Draw(1))
        with pytest.raises(IllegalMoveError, match="not possible now"):
            full.apply(Shield(0))


class TestSharedWin:
    """ "In case of a tie, the player who laid down more cards wins" — and if that ties too, ruling 33."""

    def test_equal_points_and_cards_share_the_win(self) -> None:
        """Two seats with 2 points from 2 cards each share the win."""
        from cardrules.magyar_nepmesek._melds import make_meld

        from .builders import STARTER

        pair = make_meld((P1, P1), (1, 1), STARTER.table)
        state = position([(), (), (), ()], melds=[(pair,), (pair,), (), ()], final=2, last_drawer=0, draw=())
        end = state.apply(Pass(0))
        assert end.outcome is not None and end.outcome.winners == frozenset({0, 1})


class TestFacade:
    """The package exports the contract's names."""

    def test_exports(self) -> None:
        """Game, State, Move and View, and every move and decision class."""
        from cardrules import magyar_nepmesek

        for name in ("Game", "State", "Move", "View", "Lay", "Play", "Window", "React", "Deck", "read_deck"):
            assert name in magyar_nepmesek.__all__ and hasattr(magyar_nepmesek, name)
