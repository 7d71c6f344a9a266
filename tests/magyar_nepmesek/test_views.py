"""Views leak nothing and keep what a seat saw; samples respect it."""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules._random import Rng
from cardrules.magyar_nepmesek import Discard, Draw, Game, Give, Pass, Play

from .builders import (
    ADVANCED,
    BALL,
    FIFTH,
    MIDNIGHT,
    MIRROR,
    N1,
    N2,
    P1,
    P1B,
    P2,
    P3,
    P4,
    PASS2,
    PURPLE,
    SHIELD,
    position,
    walk,
)


class TestWhatAViewHolds:
    """ "How many cards each player holds is always public information.\""""

    def test_own_hand_and_public_counts_only(self) -> None:
        """A view holds its own hand, hand sizes, piles, but no other hand."""
        state = position([(P1, P2), (N1, N2, P3), (P4,), ()], game=ADVANCED, villages=[(), (N1,), (), ()])
        view = state.view(0)
        assert view.hand == (P1, P2) and view.hand_sizes == (2, 3, 1, 0)
        assert view.villages[1] == (True,) and view.own_villages == ()
        assert "minus1" not in repr(view.known) and "minus" not in str(view.hand)

    def test_midnight_reveal_stays_known_until_the_card_leaves(self) -> None:
        """What a Midnight showed stays known; a card later discarded is forgotten."""
        state = position([(P1,), (N1, P2, P3), (P4,), ()], draw=(P4, P1, MIDNIGHT)).apply(Draw(0))
        assert state.view(0).known[1] == (P2, P3)
        later = state.apply(Discard(1, (P2,)))
        assert later.view(0).known[1] == (P3,)
        drew = position([(P1,), (P2, P3)], draw=(P4, P4)).apply(Draw(0))
        assert drew.view(1).known[0] == ()

    def test_crystal_ball_is_private(self) -> None:
        """Crystal Ball shows one hand to the player alone."""
        state = position([(BALL,), (N1, N2)], game=ADVANCED).apply(Play(0, BALL, 1))
        assert state.view(0).known[1] == (N1, N2)
        assert state.view(2).known[1] == () and state.view(3).known[1] == ()

    def test_passed_cards_known_to_the_giver(self) -> None:
        """What a seat passed to another stays known to it."""
        state = (
            position([(PASS2, P1, N1), (P2,)], game=ADVANCED).apply(Play(0, PASS2, 1)).apply(Give(0, (N1,)))
        )
        assert state.view(0).known[1] == (N1,) and state.view(2).known[1] == ()


class TestSamples:
    """sample_state keeps every known fact and varies only what is hidden."""

    def test_known_cards_stay_with_their_holder(self) -> None:
        """A card the seat is sure of is in that hand in every sample."""
        state = (
            position([(BALL,), (N1, N2, P3), (P1, P2)], game=ADVANCED).apply(Play(0, BALL, 1)).apply(Pass(0))
        )
        view = state.view(0)
        for seed in range(10):
            sample = ADVANCED.sample_state(view, seed)
            assert Counter(sample.hands[1]) >= Counter(view.known[1])
            assert sample.view(0) == view

    def test_midnights_stay_in_their_thirds(self) -> None:
        """Each remaining Midnight is placed inside what is left of its own third."""
        game = Game()
        state = walk(game, 11, 25)
        view = state.view(0)
        for seed in range(10):
            sample = game.sample_state(view, seed)
            assert sample.view(0) == view
            _, z1, z2 = view.zones
            pile = sample.draw
            thirds = (pile[z2 + z1 :], pile[z2 : z2 + z1], pile[:z2])
            assert tuple(MIDNIGHT in t for t in thirds) == view.midnights_left

    def test_samples_vary(self) -> None:
        """The hidden cards really are dealt at random."""
        game = Game(variant="advanced", fifth_edition=True)
        view = walk(game, 2, 10).view(1)
        hands = {game.sample_state(view, seed).hands[0] for seed in range(8)}
        assert len(hands) > 1


class TestSampleConstraints:
    """A seat asked in a window or a reaction holds what lets it act, in every sample."""

    def test_window_seat_keeps_a_match(self) -> None:
        """Seat 2 is asked because it holds a matching card: samples from seat 0 give it one."""
        from .builders import N1B, P1B, STARTER, position

        state = position([(N1, P2), (P3, P4), (N1, P1), (P1B,)], game=STARTER, draw=(N2, N1B, P1, P2, P3, P4))
        state = state.apply(Discard(0, (N1,)))
        assert state.current_player == 2
        view = state.view(0)
        for seed in range(10):
            sample = STARTER.sample_state(view, seed)
            assert N1 in sample.hands[2]
            assert sample.view(0) == view


class TestPassedOver:
    """A seat a window or a reaction passes over holds no card that would let it act, and samples respect it."""

    def test_samples_keep_passed_over_seats_unable(self) -> None:
        """ "A seat that cannot react is not asked": every sample gives the passed-over seats no such card."""
        from cardrules.magyar_nepmesek import React, Window
        from cardrules.magyar_nepmesek._sample import _can_extra, _can_react

        game = Game(players=5, variant="advanced", fifth_edition=True)
        checked = {Window: 0, React: 0}
        for seed in range(40):
            state = game.new_state(seed)
            rng = Rng(seed)
            while not state.is_terminal and min(checked.values()) < 3:
                pending = state.pending
                if isinstance(pending, (Window, React)) and pending.unable:
                    observer = next(s for s in range(game.players) if s not in pending.unable)
                    able = _can_extra if isinstance(pending, Window) else _can_react
                    assert not any(able(state, s) for s in pending.unable), "the real state agrees"
                    view = state.view(observer)
                    for sample_seed in range(15):
                        sample = game.sample_state(view, sample_seed)
                        assert sample.view(observer) == view
                        assert not any(able(sample, s) for s in pending.unable), (seed, sample_seed)
                    checked[type(pending)] += 1
                state = state.apply(rng.choice(state.legal_moves()))
        assert min(checked.values()) >= 3, checked


class TestTheEndInAView:
    """ "The game is ended by the player who previously drew the last card": every view shows it."""

    def test_a_finished_match_has_no_seat_to_decide_and_says_so(self) -> None:
        """After the closing turn no seat decides, and the rendered view names the outcome."""
        state = position([(P1,), (P2,), (), ()], draw=(), final=2, last_drawer=0)
        assert state.view(0).current_player == 0
        end = state.apply(Discard(0, (P1,)))
        assert end.is_terminal and end.outcome is not None
        view = end.view(1)
        assert view.current_player is None
        assert view.render().splitlines()[-1] == f"now: the match is over: {end.outcome}"

    def test_the_asked_seat_holds_a_reaction_even_when_it_is_rare(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Only a seat holding a Shield or Magic Mirror is asked to react: a sample gives it one, dealt on purpose if need be."""
        from cardrules.magyar_nepmesek import React, _sample

        monkeypatch.setattr(_sample, "_TRIES", 1)  # one free deal, then the constrained deal
        state = position(
            [(PURPLE, P4), (SHIELD, N1), (P2,), (P3,)], game=FIFTH, draw=(P1, P1B, N2, P2, P3, P4, P1, P1B)
        ).apply(Play(0, PURPLE, 1))
        assert isinstance(state.pending, React) and state.current_player == 1
        view = state.view(0)
        reactions = {SHIELD, MIRROR}
        for seed in range(20):
            sample = FIFTH.sample_state(view, seed)
            assert sample.view(0) == view
            assert reactions & set(sample.hands[1]), seed
