"""Scenario tests for rulings and rules that no other file checks from a chosen position."""

from __future__ import annotations

from cardrules.magyar_nepmesek import (
    AddToGroup,
    BonusChoice,
    Discard,
    Draw,
    FollowUp,
    Game,
    Lay,
    Main,
    MatchDiscard,
    Mirror,
    Pass,
    Play,
    Shield,
    State,
    Window,
)
from cardrules.magyar_nepmesek._melds import make_meld

from ..helpers import random_walk, refused
from .builders import (
    ADVANCED,
    BALL,
    DRAW3,
    FIFTH,
    HUSSAR,
    LANTERN,
    LAZY,
    MIDNIGHT,
    MIRROR,
    MUG,
    N1,
    N2,
    N3,
    P1,
    P2,
    P3,
    P4,
    PASS2,
    PINKO,
    PURPLE,
    SATCHEL,
    SHEEP,
    SHIELD,
    TAKE2,
    TAKE_BACK,
    discarded,
    position,
)


class TestDrawPile:
    """ "Do not shuffle this draw pile again during the game.\""""

    def test_advanced_game_has_the_same_three_thirds(self) -> None:
        """Ruling 3: the translator's note puts only "return the action cards to the box" under the
        starter condition, so the advanced game also hides one Midnight in each third."""
        for seed in range(10):
            state = Game(players=3, variant="advanced", fifth_edition=True).new_state(seed)
            assert all(len(h) == 7 for h in state.hands)
            _, z1, z2 = state.zones
            pile = state.draw
            thirds = (pile[z2 + z1 :], pile[z2 : z2 + z1], pile[:z2])
            assert [t.count(MIDNIGHT) for t in thirds] == [1, 1, 1]

    def test_the_pile_only_ever_loses_its_top_card(self) -> None:
        """The draw pile is never shuffled nor added to: at every step it is the bottom of the pile dealt."""
        game = Game(players=4, variant="advanced", fifth_edition=True)
        first = game.new_state(3).draw
        for state, _ in random_walk(game, 3):
            assert isinstance(state, State)
            assert state.draw == first[: len(state.draw)]


class TestNoPossibleAction:
    """Ruling 13: "passing is not allowed" assumes some action exists."""

    def test_only_the_lazy_girl_and_no_draw_pile(self) -> None:
        """A hand of just the Lazy Girl, which cannot be discarded, with nothing left to draw: the seat passes."""
        state = position([(LAZY,), (P1,)], game=FIFTH, draw=(), final=1, last_drawer=1)
        assert state.legal_moves() == (Pass(0),)
        assert state.apply(Pass(0)).pending == Main(1)


class TestAddingToGroups:
    """ "Add to a group: add another identical card to a group they already have laid down.\""""

    def test_never_a_pinko_and_never_to_a_lone_four(self) -> None:
        """Ruling 8: a Pinkó is not "identical", and a lone +4 is not a group."""
        table = ADVANCED.table
        lone_four = make_meld((P4,), (4,), table)
        pair = make_meld((P2, P2), (2, 2), table)
        state = position([(N1,), (P4, PINKO, P2, N1)], game=ADVANCED, melds=[(), (lone_four, pair), (), ()])
        after = state.apply(Discard(0, (N1,)))
        assert set(after.legal_moves()) == {Pass(1), MatchDiscard(1, (N1,)), AddToGroup(1, 1, P2)}
        reason = r"only a card identical to the group's cards may be added to an own group \(never to a row\)"
        refused(after, AddToGroup(1, 1, PINKO), reason)
        refused(after, AddToGroup(1, 0, P4), reason)
        added = after.apply(AddToGroup(1, 1, P2))
        assert added.melds[1][1].cards == (P2, P2, P2) and added.scores[1] == 4 + 6

    def test_a_dual_card_is_not_added_to_a_laid_group(self) -> None:
        """Ruling 27: the Holed Satchel joins +1s "laid down as a +1 in a pair, group", but is not an
        "identical card" to add to a group already laid."""
        table = FIFTH.table
        pair = make_meld((P1, P1), (1, 1), table)
        assert Lay(0, (P1, SATCHEL), (1, 1)) in position([(P1, SATCHEL)], game=FIFTH).legal_moves()
        state = position([(N1,), (SATCHEL, P1, N1)], game=FIFTH, melds=[(), (pair,), (), ()])
        after = state.apply(Discard(0, (N1,)))
        assert set(after.legal_moves()) == {Pass(1), MatchDiscard(1, (N1,)), AddToGroup(1, 0, P1)}
        refused(
            after,
            AddToGroup(1, 0, SATCHEL),
            r"only a card identical to the group's cards may be added to an own group \(never to a row\)",
        )


class TestAdvancedDiscardDetails:
    """ "Discarded cards are placed face up on top of the discard pile. If a player has discarded at
    least 3 cards, they may immediately draw one card from the draw pile.\""""

    def test_a_negative_row_goes_down_in_order(self) -> None:
        """Ruling 36: the row's most negative card ends on top, and only it can be matched."""
        state = position([(N1, N2, N3, P1), (N3, N1), (P3,)], game=ADVANCED)
        moves = state.legal_moves()
        assert Discard(0, (N1, N2, N3)) in moves
        refused(
            state,
            Discard(0, (N3, N2, N1)),
            "a negative row goes down in its order, from the smallest loss to the largest "
            r"\(a substitute in the place it stands for\): discard -1 Little devil, -2 Witch, -3 Dragon",
        )
        after = state.apply(Discard(0, (N1, N2, N3)))
        assert after.discard[-1] == N3 and after.pending == BonusChoice(0)
        window = after.apply(Pass(0))
        assert window.pending == Window(1, (2, 3), unable=(0,))
        assert MatchDiscard(1, (N3,)) in window.legal_moves()
        assert MatchDiscard(1, (N1,)) not in window.legal_moves()

    def test_a_substitute_for_the_largest_loss_ends_on_top(self) -> None:
        """Ruling 36: a +1 standing in for the -3 goes down last, so a +1 of its picture matches it."""
        state = position([(N1, N2, P1, P2), (N3,), (P1,)], game=ADVANCED)
        after = state.apply(Discard(0, (N1, N2, P1))).apply(Pass(0))
        assert after.discard[-1] == P1
        assert after.pending == Window(2, (3,), unable=(0, 1))

    def test_matching_discards_of_three_earn_no_draw(self) -> None:
        """Ruling 18: the draw follows only the turn's discard, not an extra matching discard."""
        state = position([(N1,), (N1, N1, N1, P2)], game=ADVANCED)
        window = state.apply(Discard(0, (N1,)))
        after = window.apply(MatchDiscard(1, (N1, N1, N1)))
        assert after.hands[1] == (P2,) and after.pending == Main(1)
        assert after.draw == state.draw


class TestDrawCards:
    """Draw cards: "draw cards one at a time, up to as many as the card indicates, or until you reach
    the 8-card hand limit.\""""

    def test_the_whole_number_is_drawn(self) -> None:
        """Ruling 35: the card is played one way only, and draws its number."""
        state = position([(DRAW3, P1), (N1,)], game=ADVANCED, draw=(P4, P4, P3, P2, P1))
        plays = [m for m in state.legal_moves() if isinstance(m, Play)]
        assert plays == [Play(0, DRAW3)]
        after = state.apply(Play(0, DRAW3))
        assert after.hands[0] == tuple(sorted((P1, P1, P2, P3))) and after.draw == (P4, P4)

    def test_drawing_the_last_card_starts_the_final_round(self) -> None:
        """ "When a player draws the last card, the final round begins", also in the middle of Draw cards."""
        state = position([(DRAW3,), (P1,)], game=ADVANCED, draw=(P2, P3))
        after = state.apply(Play(0, DRAW3))
        assert after.hands[0] == (P2, P3) and after.draw == ()
        assert after.final == 1 and after.last_drawer == 0 and after.pending == Main(1)


class TestTargetsWithNothingToMove:
    """The "up to" of ruling 21 and "no one may receive more cards"."""

    def test_take_two_on_an_empty_hand_moves_nothing(self) -> None:
        """Ruling 21: the card may be played on an opponent with no cards, as 1, to no effect."""
        state = position([(TAKE2, P1), ()], game=ADVANCED)
        takes = [m for m in state.legal_moves() if isinstance(m, Play) and m.target == 1]
        assert takes == [Play(0, TAKE2, 1, 1)]
        after = state.apply(Play(0, TAKE2, 1, 1))
        assert after.hands[0] == (P1,) and after.hands[1] == () and discarded(state, after) == (TAKE2,)

    def test_pass_two_to_a_full_hand_gives_nothing(self) -> None:
        """Pass 2 cards: "If this would give that player more than 8 cards, no more cards may be given"."""
        eight = (P1, P1, P1, P1, P2, P2, P2, P3)
        after = position([(PASS2, N1), eight], game=ADVANCED).apply(Play(0, PASS2, 1))
        assert after.pending == Main(1) and after.hands[0] == (N1,) and len(after.hands[1]) == 8

    def test_a_reflected_take_two_stops_at_the_mirror_holders_limit(self) -> None:
        """ "The 8-card hand limit must always be observed; no one may receive more cards": the Mirror's
        holder, left with 7 cards, takes 1 of the 2."""
        eight = (MIRROR, P1, P1, P1, P1, P2, P2, P2)
        state = position([(TAKE2, N1, N2), eight], game=FIFTH).apply(Play(0, TAKE2, 1, 2))
        after = state.apply(Mirror(1))
        assert len(after.hands[1]) == 8 and len(after.hands[0]) == 1


class TestVillageAndTheLimit:
    """Village: "This card does not count toward the 8-card limit.\""""

    def test_seven_in_hand_and_one_on_a_village_may_draw(self) -> None:
        """Eight cards held, one of them on a Village: the hand holds fewer than 8, so drawing is allowed."""
        seven = (P1, P1, P1, P1, P2, P2, P2)
        state = position([seven], game=ADVANCED, villages=[(P3,), (), (), ()], draw=(P4, P4))
        assert Draw(0) in state.legal_moves()
        assert len(state.apply(Draw(0)).hands[0]) == 8


class TestReactionCardsAreNotPlayed:
    """Magic Mirror: "A reaction card, like the Shield" — and the Shield "is not played on your own turn"."""

    def test_the_mirror_is_not_played_as_the_turns_action(self) -> None:
        """The Mirror is only ever used against an action, never played on one's own turn."""
        state = position([(MIRROR, P1)], game=FIFTH)
        assert not any(isinstance(m, Play) for m in state.legal_moves())
        refused(state, Play(0, MIRROR), "magic-mirror is a reaction: it is not played on your own turn")


class TestJokerLimitsOfTheMug:
    """Chipped Mug: "can be used as a Pinkó joker. It can therefore complete any otherwise legal pair,
    group or row" (ruling 26)."""

    def test_not_as_a_pair_next_to_a_four(self) -> None:
        """As for Pinkó, "It cannot be laid down alone or as a pair next to a +4"."""
        state = position([(MUG, P4)], game=FIFTH)
        lays = {m for m in state.legal_moves() if isinstance(m, Lay)}
        assert lays == {Lay(0, (P4,), (4,))}
        refused(state, Lay(0, (P4, MUG), (4, 4)), "Pinkó cannot stand beside a \\+4 in a pair")
        refused(state, Lay(0, (MUG,), (1,)), "Pinkó cannot be laid down alone")


class TestLanternOnAVillage:
    """Lantern: "If you have it, the effect of the Midnight card does not apply" (ruling 29: in the hand)."""

    def test_a_lantern_on_a_village_does_not_protect_the_hand(self) -> None:
        """The Lantern lying on a Village is not held: the hand is shown and its purple cards go down."""
        state = position(
            [(P1,), (N2, P2)], game=FIFTH, draw=(P4, MIDNIGHT), villages=[(), (LANTERN,), (), ()]
        )
        after = state.apply(Draw(0))
        assert after.hands[1] == (P2,) and after.scores[1] == -2 and after.villages[1] == (LANTERN,)


class TestTakeBackReach:
    """Take back a card: "you may take back any card in front of you, whether positive or negative.\""""

    def test_a_village_is_not_taken_back(self) -> None:
        """Ruling 30: only cards laid down; the Village in front of the player and its card are not."""
        table = FIFTH.table
        row = make_meld((P1, P2, P3), (1, 2, 3), table)
        state = position([(TAKE_BACK,)], game=FIFTH, melds=[(row,), (), (), ()], villages=[(N1,), (), (), ()])
        takes = {m for m in state.legal_moves() if isinstance(m, Play) and m.card == TAKE_BACK}
        assert takes == {Play(0, TAKE_BACK, None, 0, 0, p) for p in range(3)}
        after = state.apply(Play(0, TAKE_BACK, None, 0, 0, 2))
        assert after.hands[0] == (P3,) and after.scores[0] == 3 and after.villages[0] == (N1,)


class TestCrystalBallFollowUp:
    """Crystal Ball: "you may look at another player's cards, and then immediately play one more action card\""""

    def test_the_second_card_after_a_shielded_look(self) -> None:
        """Ruling 22: the Shield stops the look, not the player's second action card."""
        state = position([(BALL, PURPLE), (SHIELD, N1)], game=ADVANCED).apply(Play(0, BALL, 1))
        shielded = state.apply(Shield(1))
        assert shielded.pending == FollowUp(0) and shielded.view(0).known[1] == ()
        after = shielded.apply(Play(0, PURPLE, 1))
        assert after.scores[1] == -1 and after.hands[1] == ()


class TestFifthEditionAtMidnight:
    """Dual cards, the Lantern and the Lazy Girl against a Midnight or an action card."""

    def test_dual_cards_shown_at_midnight_count_negative(self) -> None:
        """Holed Satchel: "must be shown due to a Midnight card [...] it is counted as -1"; Black Sheep -2."""
        state = position([(P1,), (SATCHEL, SHEEP, P2)], game=FIFTH, draw=(P4, MIDNIGHT))
        after = state.apply(Draw(0))
        assert after.hands[1] == (P2,) and after.scores[1] == -3
        assert sorted(m.cards[0] for m in after.melds[1]) == sorted((SATCHEL, SHEEP))

    def test_the_hussar_turns_a_dual_card_forced_down(self) -> None:
        """Hussar: "place it on one of your -1 or -2 cards in front of you, that card is changed to +1 or
        +2": a Holed Satchel laid down at a Midnight is such a -1 card."""
        state = position(
            [(HUSSAR, SATCHEL), (P2,)],
            game=Game(players=2, variant="advanced", fifth_edition=True),
            draw=(P4, MIDNIGHT),
            turn=1,
        ).apply(Draw(1))
        assert state.scores[0] == -1 and state.melds[0][0].cards == (SATCHEL,)
        assert state.pending == Main(0)
        after = state.apply(Play(0, HUSSAR, None, 0, 0))
        assert after.scores[0] == 1 and after.melds[0][0].cards == (SATCHEL, HUSSAR)

    def test_the_lantern_does_not_stop_lay_down_purple_cards(self) -> None:
        """Lantern: "the effect of the Midnight card does not apply" — the Midnight only (ruling 29)."""
        after = position([(PURPLE,), (LANTERN, N2)], game=FIFTH).apply(Play(0, PURPLE, 1))
        assert after.hands[1] == (LANTERN,) and after.scores[1] == -2

    def test_take_two_can_draw_the_lazy_girl(self) -> None:
        """Lazy Girl: "You can get rid of it if someone draws it": Take 2 cards draws her like any card."""
        after = position([(TAKE2,), (LAZY,)], game=FIFTH).apply(Play(0, TAKE2, 1, 1))
        assert after.hands[0] == (LAZY,) and after.hands[1] == ()

    def test_shown_twice_misses_one_turn(self) -> None:
        """Ruling 37: "we miss one turn" — a Crystal Ball and then Lay down purple cards, one missed turn."""
        hands = [(BALL, PURPLE), (LAZY, N1), (P2,), (P3,)]
        state = position(hands, game=FIFTH, draw=(P4, P4, P4, P4))
        state = state.apply(Play(0, BALL, 1))
        assert state.skips[1]
        state = state.apply(Play(0, PURPLE, 1))
        assert state.pending == Main(2), "seat 1 misses this turn"
        for seat in (2, 3, 0):
            assert state.pending == Main(seat)
            state = state.apply(Draw(seat))
        assert state.pending == Main(1), "and only this one"
