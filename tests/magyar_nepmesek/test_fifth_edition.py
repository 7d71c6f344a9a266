"""The ten cards of the 5th-edition supplement."""

from __future__ import annotations

from cardrules.magyar_nepmesek import Discard, Game, Give, Mirror, Pass, Play, React, Shield
from cardrules.magyar_nepmesek._melds import make_meld, purple_meld

from .builders import (
    BALL,
    FIFTH,
    FIFTH_STARTER,
    HUSSAR,
    KEY,
    LANTERN,
    LAZY,
    MIRROR,
    MUG,
    N1,
    N2,
    N3,
    P1,
    P2,
    P3,
    P4,
    PALACE,
    PASS2,
    PURPLE,
    SATCHEL,
    SHEEP,
    SHIELD,
    TAKE2,
    TAKE_BACK,
    position,
)

T = FIFTH.table


class TestWhichCards:
    """ "These cards are not part of the standard game" (ruling 25: an option, off by default)."""

    def test_ten_unique_cards(self) -> None:
        """ "includes 10 unique special cards"."""
        extra = set(FIFTH.table.cards) - set(Game(variant="advanced").table.cards)
        assert extra == {MUG, SATCHEL, SHEEP, KEY, PALACE, LANTERN, MIRROR, TAKE_BACK, HUSSAR, LAZY}
        assert all(FIFTH.table.cards.count(c) == 1 for c in extra)

    def test_starter_gets_the_value_cards_only(self) -> None:
        """Ruling 25: the action-like cards need the advanced rules."""
        extra = set(FIFTH_STARTER.table.cards) - set(Game().table.cards)
        assert extra == {MUG, SATCHEL, SHEEP, KEY, PALACE}


class TestDualCards:
    """Holed Satchel, Black Sheep, Rusty Key: "+/-1", "+/-2", "+/-3"."""

    def test_laid_positive_forced_negative(self) -> None:
        """ "If laid down as a +1 ... worth +1"; "made to be laid down by another player's action card, it is counted as -1"."""
        assert make_meld((P1, SATCHEL), (1, 1), T).score == 2
        after = position([(PURPLE,), (SHEEP, KEY, P1)], game=FIFTH).apply(Play(0, PURPLE, 1))
        assert after.scores[1] == -5 and after.hands[1] == (P1,)


class TestHussar:
    """ "If, in exchange for an action, you place it on one of your -1 or -2 cards ... changed to +1 or +2.\""""

    def test_turns_minus_two_into_plus_two(self) -> None:
        """The Hussar uses the turn's action and stays on the card."""
        state = position(
            [(HUSSAR,)], game=FIFTH, melds=[(purple_meld((N2,), T), purple_meld((N3,), T)), (), (), ()]
        )
        moves = state.legal_moves()
        assert Play(0, HUSSAR, None, 0, 0) in moves and Play(0, HUSSAR, None, 0, 1) not in moves, (
            "not on a -3"
        )
        after = state.apply(Play(0, HUSSAR, None, 0, 0))
        assert after.scores[0] == 2 - 3 and after.melds[0][0].cards == (N2, HUSSAR)


class TestTakeBack:
    """ "With this card you may take back any card in front of you, whether positive or negative.\""""

    def test_take_back_a_negative(self) -> None:
        """The card returns to the hand, known to everyone."""
        group = make_meld((P2, P2, P2), (2, 2, 2), T)
        state = position([(TAKE_BACK,)], game=FIFTH, melds=[(group, purple_meld((N3,), T)), (), (), ()])
        after = state.apply(Play(0, TAKE_BACK, None, 0, 1, 0))
        assert after.hands[0] == (N3,) and after.scores[0] == 6 and after.view(1).known[0] == (N3,)
        broken = state.apply(Play(0, TAKE_BACK, None, 0, 0, 0))
        assert broken.scores[0] == 4 - 3 and len(broken.melds[0][0].cards) == 2

    def test_take_back_from_under_or_over_a_hussar(self) -> None:
        """The Hussar changes "that card [...] to +1 or +2": take the Hussar back and the card is -1 again;
        take the card back and the Hussar is left alone, worth nothing."""
        turned = purple_meld((N1, HUSSAR), T)
        state = position([(TAKE_BACK,)], game=FIFTH, melds=[(turned,), (), (), ()])
        assert state.scores[0] == 1
        hussar_back = state.apply(Play(0, TAKE_BACK, None, 0, 0, 1))
        assert hussar_back.hands[0] == (HUSSAR,) and hussar_back.melds[0][0].cards == (N1,)
        assert hussar_back.scores[0] == -1
        card_back = state.apply(Play(0, TAKE_BACK, None, 0, 0, 0))
        assert card_back.hands[0] == (N1,) and card_back.melds[0][0].cards == (HUSSAR,)
        assert card_back.scores[0] == 0

    def test_from_either_of_two_equal_melds(self) -> None:
        """Taking back a King laid alone, from either of two lone Kings, leaves the same table: the
        other seats cannot tell the two apart, so a search keys them alike (``State.observation``)."""
        king = make_meld((P4,), (4,), T)
        state = position([(TAKE_BACK,)], game=FIFTH, melds=[(king, king), (), (), ()])
        first, second = Play(0, TAKE_BACK, None, 0, 0, 0), Play(0, TAKE_BACK, None, 0, 1, 0)
        assert {first, second} <= set(state.legal_moves())
        assert state.apply(first) == state.apply(second)
        for seat in (1, 2, 3):
            assert state.observation(first, seat) == state.observation(second, seat)
        assert state.observation(second, 0) == second

    def test_limit_of_eight(self) -> None:
        """ "The 8-card hand limit must still be observed"."""
        melds = [(purple_meld((N3,), T),), (), (), ()]
        eight = (TAKE_BACK, P1, P1, P1, P1, P2, P2, P2)
        assert any(
            isinstance(m, Play) and m.card == TAKE_BACK
            for m in position([eight], game=FIFTH, melds=melds).legal_moves()
        )
        full = (P1, P1, P1, P1, P2, P2, P2, P3)
        from_village = position([full], game=FIFTH, melds=melds, villages=[(TAKE_BACK,), (), (), ()])
        assert not any(isinstance(m, Play) and m.card == TAKE_BACK for m in from_village.legal_moves())


class TestMagicMirror:
    """ "If someone plays an action card against you, the Mirror reflects its effect back onto the player who played it.\""""

    def test_reflects_take_two(self) -> None:
        """ "if they wanted to take 2 cards from you, you take 2 cards from them instead"."""
        state = position([(TAKE2, N1, N2), (MIRROR, P1)], game=FIFTH).apply(Play(0, TAKE2, 1, 2))
        assert set(state.legal_moves()) == {Mirror(1), Pass(1)}
        after = state.apply(Mirror(1))
        assert after.hands[0] == () and after.hands[1] == tuple(sorted((P1, N1, N2)))

    def test_shield_neutralises_the_mirror(self) -> None:
        """ "The effect of the Magic Mirror can be neutralised with the Shield"."""
        state = (
            position([(PURPLE, SHIELD, N1), (MIRROR, N2)], game=FIFTH)
            .apply(Play(0, PURPLE, 1))
            .apply(Mirror(1))
        )
        assert isinstance(state.pending, React) and state.pending.seat == 0 and state.pending.actor_turn
        assert set(state.legal_moves()) == {Shield(0), Pass(0)}
        shielded = state.apply(Shield(0))
        assert shielded.melds == ((), (), (), ()) and shielded.hands[1] == (N2,)
        hit = state.apply(Pass(0))
        assert hit.scores[0] == -1 and hit.hands[1] == (N2,)

    def test_reflected_pass_two_lets_the_target_give(self) -> None:
        """The reflected Pass 2 cards: the Mirror's holder gives up to 2 cards to the player."""
        state = (
            position([(PASS2, P1), (MIRROR, N1, N2)], game=FIFTH).apply(Play(0, PASS2, 1)).apply(Mirror(1))
        )
        assert state.current_player == 1
        after = state.apply(state.legal_moves()[-1])
        assert len(after.hands[0]) >= 2


class TestLantern:
    """ "At the end of the game this effect no longer applies\""""

    def test_lantern_does_not_protect_at_the_end(self) -> None:
        """At the end the purple cards must be laid down even with a Lantern."""
        state = position([(P1,), (LANTERN, N3)], game=FIFTH, final=2, last_drawer=0, draw=())
        end = state.apply(state.legal_moves()[0])
        assert end.outcome is not None and end.outcome.scores[1] == -3.0


class TestLazyGirl:
    """ "If we must show a Midnight card, a Crystal Ball, or lay down purple cards due to an action card, we miss one turn.\""""

    def test_crystal_ball_makes_her_miss_a_turn(self) -> None:
        """Shown to a Crystal Ball: the holder misses its next turn."""
        state = position([(BALL,), (LAZY, P1), (P2,), (P3,)], game=FIFTH).apply(Play(0, BALL, 1))
        assert state.skips[1]
        after = state.apply(Pass(0))
        assert after.current_player == 2 and not after.skips[1]

    def test_cannot_be_discarded(self) -> None:
        """ "it is only permanently removed if it is placed on a Village" (ruling 32)."""
        moves = position([(LAZY, P1)], game=FIFTH).legal_moves()
        assert Discard(0, (LAZY,)) not in moves and Discard(0, (P1,)) in moves

    def test_can_be_passed_away(self) -> None:
        """ "You can get rid of it if ... it is passed to another player"."""
        state = position([(PASS2, LAZY), (P1,)], game=FIFTH).apply(Play(0, PASS2, 1))
        after = state.apply(next(m for m in state.legal_moves() if isinstance(m, Give) and LAZY in m.cards))
        assert LAZY in after.hands[1]

    def test_mug_scores_zero(self) -> None:
        """Chipped Mug "always has a value of zero"."""
        assert make_meld((P1, P2, MUG), (1, 2, 3), T).score == 3


class TestLazyGirlStays:
    """ "it is only permanently removed if it is placed on a Village and left there\""""

    def test_make_a_player_discard_never_takes_her(self) -> None:
        """Ruling 32: the random discard draws among the other cards."""
        from .builders import DISCARD2, discarded

        for seed in range(8):
            state = position([(DISCARD2,), (LAZY, P1)], game=FIFTH, seed=seed)
            after = state.apply(Play(0, DISCARD2, 1, 2))
            assert after.hands[1] == (LAZY,) and P1 in discarded(state, after)
