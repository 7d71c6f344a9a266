"""Setup, the starter turn of exactly one action, and the extra actions taken at any time."""

from __future__ import annotations

from collections import Counter

from cardrules.magyar_nepmesek import (
    AddToGroup,
    Discard,
    Draw,
    Game,
    Lay,
    Main,
    MatchDiscard,
    Pass,
    Window,
)
from cardrules.magyar_nepmesek._melds import make_meld

from .builders import N1, N2, N4, P1, P1B, P2, P3, P4, STARTER, moves_of, position


class TestSetup:
    """ "Deal 7 cards to each player. Split the remaining cards into 3 roughly equal-sized piles ...\""""

    def test_seven_each_and_three_thirds_with_one_midnight(self) -> None:
        """ "shuffle 1 Midnight card face down into each pile, and then stack the piles"."""
        for seed in range(20):
            state = Game(players=5).new_state(seed)
            assert all(len(h) == 7 for h in state.hands)
            _, z1, z2 = state.zones
            assert max(state.zones) - min(state.zones) <= 1 and sum(state.zones) == len(state.draw)
            pile = state.draw
            thirds = (pile[z2 + z1 :], pile[z2 : z2 + z1], pile[:z2])
            assert [t.count("midnight") for t in thirds] == [1, 1, 1]

    def test_starter_has_no_action_cards(self) -> None:
        """ "If playing the starter variant, return the action cards to the box"."""
        assert len(STARTER.table.cards) == 49 + 30 + 4 + 3
        assert len(Game(variant="advanced").table.cards) == 120
        assert len(Game(variant="advanced", fifth_edition=True).table.cards) == 130

    def test_start_seat_is_seeded(self) -> None:
        """ "starting with the youngest player": a seeded seat (ruling 2)."""
        firsts = {Game().new_state(seed).current_player for seed in range(30)}
        assert firsts == {0, 1, 2, 3}


class TestOneAction:
    """ "the active player may choose one of the following 3 actions (passing is not allowed)\""""

    def test_three_kinds_and_no_pass(self) -> None:
        """Draw, lay down or discard: no pass while any action is possible."""
        moves = moves_of(position([(P1, P1, N1)]))
        assert "draw a card" in moves and "pass" not in moves
        assert "lay down +1 Piglet, +1 Piglet" in moves and "discard -1 Little devil" in moves

    def test_draw_needs_fewer_than_eight(self) -> None:
        """ "A player may hold at most 8 cards, so this action may only be chosen if the player holds fewer than 8"."""
        full = position([(P1, P1B, P2, P3, N1, N1, N2, N2)])
        assert Draw(0) not in full.legal_moves()
        assert Draw(0) in position([(P1, P1B, P2, P3, N1, N1, N2)]).legal_moves()

    def test_starter_discards_one_card(self) -> None:
        """ "Discard any card from your hand" (one, in the starter game)."""
        moves = position([(N1, N1)]).legal_moves()
        assert Discard(0, (N1,)) in moves and Discard(0, (N1, N1)) not in moves

    def test_forced_pass_when_nothing_is_possible(self) -> None:
        """Passing is allowed only when no action exists (ruling 13): empty hand, empty pile."""
        state = position([()], draw=(), final=1, last_drawer=2)
        assert state.legal_moves() == (Pass(0),)

    def test_turn_passes_clockwise(self) -> None:
        """ "Players take turns in clockwise order"."""
        # The discard's top matches no card in play, so no seat is offered an extra action.
        state = position([(P1,), (P2,), (P3,), (N1,)], turn=3, draw=(P4, P4), discard=(N4,))
        after = state.apply(Draw(3))
        assert after.pending == Main(0)


class TestExtraActions:
    """ "Players may perform the following at any time, even outside their own turn\""""

    def test_matching_discard_window_after_a_discard(self) -> None:
        """ "discard one or more cards from their hands if the picture on them matches the ... top of the discard pile"."""
        state = position([(N1, P2), (N1, N1, P3), (P1,), (N1, P4)])
        after = state.apply(Discard(0, (N1,)))
        assert after.pending == Window(1, (2, 3), unable=(0,)), (
            "asked in order from the active seat, which holds no match"
        )
        assert (
            MatchDiscard(1, (N1, N1)) in after.legal_moves() and MatchDiscard(1, (N1,)) in after.legal_moves()
        )
        passed = after.apply(Pass(1))
        assert passed.pending == Window(3, (), unable=(0, 2)), "seat 2 holds no match and is not asked"
        matched = passed.apply(MatchDiscard(3, (N1,)))
        assert matched.discard[-2:] == (N1, N1) and matched.hands[3] == (P4,)
        assert matched.pending == Window(1, (2, 3), unable=(0,)), (
            "after an extra action the window goes round again"
        )

    def test_other_picture_does_not_match(self) -> None:
        """Only the same picture matches (ruling 7): another -1 picture is not a match."""
        state = position([(P1,), (P1B,)], discard=(P1,))
        assert state.apply(Discard(0, (P1,))).pending == Main(1)

    def test_add_identical_card_to_own_group(self) -> None:
        """ "add another identical card to a group they already have laid down. A row cannot be extended\""""
        group = make_meld((P1, P1), (1, 1), STARTER.table)
        row = make_meld((P1B, P2, P3), (1, 2, 3), STARTER.table)
        state = position([(P4,), (P1, P1B)], melds=[(), (group, row), (), ()])
        after = state.apply(Lay(0, (P4,), (4,)))
        assert isinstance(after.pending, Window) and after.pending.seat == 1
        assert set(after.legal_moves()) == {Pass(1), AddToGroup(1, 0, P1)}
        added = after.apply(AddToGroup(1, 0, P1))
        assert added.melds[1][0].cards == (P1, P1, P1) and added.scores[1] == 3 + 6

    def test_no_window_when_nobody_can_act(self) -> None:
        """Seats that cannot react are not asked: the turn simply passes."""
        state = position([(P1, P2), (P3,), (P4,), (N2,)])
        assert state.apply(Discard(0, (P1,))).pending == Main(1)


class TestConservation:
    """Cards are never created or lost by a transition."""

    def test_a_whole_match_keeps_the_deck(self) -> None:
        """Every card is in a hand, a pile, on a Village or laid down, once."""
        from cardrules._random import Rng

        game = Game(variant="advanced", fifth_edition=True)
        state = game.new_state(4)
        rng = Rng(4)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            cards: Counter[str] = Counter(state.draw) + Counter(state.discard)
            for s in range(game.players):
                cards.update(state.hands[s])
                cards.update(c for c in state.villages[s] if c is not None)
                cards.update(state.village_cards[s])
                for meld in state.melds[s]:
                    cards.update(meld.cards)
            assert cards == Counter(game.table.cards)
