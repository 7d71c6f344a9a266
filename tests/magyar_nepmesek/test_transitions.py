"""Hand-built positions for the less common branches of the commonest transitions, and the move caches.

Every transition has one path (a Table, the move's handler, frozen); the
recorded matches of tests/golden pin it in every example configuration, and
these positions the branches a random match seldom reaches.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules._random import Rng
from cardrules.magyar_nepmesek import (
    BonusChoice,
    Discard,
    FollowUp,
    Game,
    Giving,
    Lay,
    Main,
    MatchDiscard,
    Move,
    Pass,
    Play,
    React,
    Refill,
    State,
    Store,
    Swap,
    Window,
)

from .builders import (
    ALL_DISCARD,
    BALL,
    DISCARD2,
    FIFTH,
    LAZY,
    MIRROR,
    N1,
    N2,
    N3,
    N4,
    P1,
    P1B,
    P2,
    P3,
    PASS2,
    PINKO,
    SHIELD,
    position,
)

#: Two seats, advanced, the 5th-edition cards: the hand-built positions below fill both seats.
_TWO = Game(players=2, variant="advanced", fifth_edition=True)


def _after(state: State, move: Move) -> State:
    """The state after the legal ``move``."""
    assert move in state.legal_moves(), move
    return state.apply(move)


class TestScenarios:
    """Hand-built positions for the transitions' less common branches."""

    def test_lay_from_the_hand_and_a_village(self) -> None:
        """A row taken partly from a Village: the slot empties, the seen cards are unlearned, the refill follows."""
        state = position(
            [(P1, P2, P1B, N1), (N2,)], game=FIFTH, villages=[(P3, None), ()], draw=(P1, P1, P1, P1)
        )
        # The builder names no knowledge ("No seat knows another's cards"): seat 1 learned these two
        # as a match teaches it, by passing them to seat 0 (Pass 2 cards).
        known = list(map(list, state.known))
        known[1][0] = (P1, P2)
        state = attrs.evolve(state, board=attrs.evolve(state.board, known=tuple(map(tuple, known))))
        move = Lay(0, (P1, P2, P3), (1, 2, 3))
        assert move in state.legal_moves()
        after = _after(state, move)
        assert after.villages[0] == (None, None) and after.known[1][0] == ()
        assert after.pending.__class__.__name__ == "Refill"

    def test_lay_with_a_joker_then_the_window(self) -> None:
        """A group with the Pinkó: the next seat may add nothing yet, but holds a card matching the top."""
        state = position([(P1, P1, PINKO, N1), (N1,)], game=FIFTH, discard=(N1,))
        move = Lay(0, (P1, P1, PINKO), (1, 1, 1))
        assert move in state.legal_moves()
        after = _after(state, move)
        assert len(after.melds[0]) == 1

    def test_pass_ends_the_action_into_a_refill_or_the_next_turn(self) -> None:
        """A pass on a Main (nothing possible), a bonus draw declined, a Crystal Ball follow-up declined."""
        plain = position([(), (N1,)], game=FIFTH, draw=(), final=1, last_drawer=2)
        bonus = position([(N1, N2), (N3,)], game=FIFTH, pending=BonusChoice(0), discard=(N4, N3, N2))
        follow = position([(N1,), (N3,)], game=FIFTH, pending=FollowUp(0), villages=[(P1,), ()])
        for state in (plain, bonus, follow):
            assert Pass(0) in state.legal_moves()
        assert _after(plain, Pass(0)).pending == Main(1)
        assert _after(bonus, Pass(0)).pending == Window(0, (1, 2, 3))  # the top N2 matches its N1 (advanced)
        assert _after(follow, Pass(0)).pending == Refill(0)

    def test_missed_turns_in_a_row(self) -> None:
        """Two seats that showed the Lazy Girl both miss their turn; the third plays."""
        state = position(
            [(P1,), (N1,), (N2,), (N3,)],
            game=Game(variant="advanced", fifth_edition=True),
            skips=(False, True, True, False),
        )
        after = _after(state, Discard(0, (P1,)))
        assert after.pending == Main(3) and after.skips == (False,) * 4
        assert tuple(map(str, after.events))[1:] == ("seat 1 misses a turn", "seat 2 misses a turn")

    def test_missed_turns_in_the_final_round(self) -> None:
        """In the final round a missed turn passes to the last drawer's closing turn, or ends the match."""
        state = position(
            [(P1,), (N1,)], game=FIFTH, draw=(), final=1, last_drawer=2, skips=(False, True, False, False)
        )
        after = _after(state, Discard(0, (P1,)))
        assert (
            after.pending == Main(2)
            and after.final == 2
            and tuple(map(str, after.events))[1:] == ("seat 1 misses a turn",)
        )
        closing = position([(P1,), (N1,)], game=_TWO, draw=(), final=2, last_drawer=1, skips=(False, True))
        ended = _after(closing, Discard(0, (P1,)))
        assert ended.outcome is not None and tuple(map(str, ended.events))[-2:] == (
            "seat 1 misses a turn",
            "the game is over",
        )

    def test_crystal_ball_sees_a_lazy_girl(self) -> None:
        """The actor learns the hand; the Lazy Girl shown makes the target miss a turn; one more action may follow."""
        state = position([(BALL, N1), (LAZY, P1, P2), (N2,)], game=FIFTH)
        after = _after(state, Play(0, BALL, 1))
        assert after.known[0][1] == (LAZY, P1, P2) and after.skips[1]
        assert isinstance(after.pending, FollowUp)

    def test_crystal_ball_from_a_village_after_a_follow_up(self) -> None:
        """The card comes off a Village (its slot empties); the actor's other knowledge stays."""
        state = position([(N1,), (P1, P2), (N2,)], game=FIFTH, pending=FollowUp(0), villages=[(BALL,), ()])
        after = _after(state, Play(0, BALL, 2))
        assert after.villages[0] == (None,) and after.known[0][2] == (N2,)

    def test_pass_two_asks_for_the_cards(self) -> None:
        """Pass 2 cards: up to 2, no more than the target may hold, no more than the actor has left."""
        for hands, limit in (([(PASS2, N1, N2), (P1,)], 2), ([(PASS2, N1), (P1,) * 5 + (P1B,) * 2], 1)):
            state = position(hands, game=FIFTH)
            after = _after(state, Play(0, PASS2, 1))
            assert after.pending == Giving(0, 1, limit)

    def test_a_possible_reaction_or_nothing_to_give(self) -> None:
        """A target holding a Shield or a Magic Mirror is asked first; Pass 2 with no card left ends at once."""
        for defence in (SHIELD, MIRROR):
            state = position([(BALL, N1), (defence, P1)], game=FIFTH)
            after = _after(state, Play(0, BALL, 1))
            assert isinstance(after.pending, React) and after.pending.seat == 1 and after.known[0][1] == ()
        state = position([(PASS2,), (P1,)], game=FIFTH)
        after = _after(state, Play(0, PASS2, 1))
        assert after.pending == Main(1) and tuple(map(str, after.events)) == (
            "seat 0 played pass-2 on seat 1",
        )

    def test_make_discard_spares_the_lazy_girl_and_unlearns_the_cards(self) -> None:
        """Two cards drawn at random among the others; whoever knew of them forgets them."""
        state = position([(DISCARD2, N1), (LAZY, P1, P2, N3), (N2,)], game=FIFTH)
        # Knowledge the builder does not name: seat 2 gave seat 1 these two (Pass 2 cards).
        known = list(map(list, state.known))
        known[2][1] = (P1, P2)
        state = attrs.evolve(state, board=attrs.evolve(state.board, known=tuple(map(tuple, known))))
        after = _after(state, Play(0, DISCARD2, 1, 2))
        assert LAZY in after.hands[1] and len(after.hands[1]) == 2
        assert after.rng != state.rng

    def test_all_opponents_discard_in_turn_order(self) -> None:
        """Every opponent in order from the actor; a Shield asks its holder first, the seats before it passed over."""
        state = position([(ALL_DISCARD, N1), (P1, P2), (), (N2, N3)], game=Game(variant="advanced"))
        after = _after(state, Play(0, ALL_DISCARD, None, 1))
        assert [len(h) for h in after.hands] == [1, 1, 0, 1]
        assert [e.split(" had to discard ")[0] for e in tuple(map(str, after.events))[1:]] == [
            "seat 1",
            "seat 3",
        ]
        state = position([(ALL_DISCARD, N1), (P1, P2), (SHIELD,)], game=FIFTH)
        after = _after(state, Play(0, ALL_DISCARD, None, 1))
        assert isinstance(after.pending, React) and after.pending.seat == 2 and after.pending.unable == (1,)
        assert after.hands[1] == (P1, P2)

    def test_the_owners_village_card_opens_its_window(self) -> None:
        """Ruling 15: after its action (and the refill) the owner is asked for the -1 on its Village,
        also with an empty hand; with ``village_extra_actions="never"`` it is not."""
        refill = position([(N1, P2), (P3,)], game=_TWO, villages=[(N1,), ()]).apply(Discard(0, (N1,)))
        assert isinstance(refill.pending, Refill)
        after = _after(refill, Pass(0))
        assert after.pending == Window(0, (1,))
        emptied = _after(position([(N1,), (P3,)], game=_TWO, villages=[(N1,), ()]), Discard(0, (N1,)))
        assert emptied.pending == Window(0, (1,))
        never = Game(players=2, variant="advanced", village_extra_actions="never")
        closed = _after(position([(N1,), (P3,)], game=never, villages=[(N1,), ()]), Discard(0, (N1,)))
        assert closed.pending == Main(1)

    def test_a_village_card_in_a_matching_discard(self) -> None:
        """The card comes off the Village and the refill follows (ruling 38)."""
        window = position([(N1, P2), (P3,)], game=_TWO, villages=[(N1,), ()]).apply(Discard(0, (N1,)))
        window = window.apply(Pass(0))
        after = _after(window, MatchDiscard(0, (N1,)))
        assert after.pending == Refill(0, extra=True) and after.villages[0] == (None,)
        assert tuple(map(str, after.events)) == (
            "seat 0 discarded matching minus1-little-devil from a Village",
        )

    def test_the_refill_after_an_extra_action(self) -> None:
        """Pass, Store and Swap on the refill after an extra action: the window goes on from the next seat."""
        hands = [(N1, P2), (N1,), (N1,)]
        game = Game(players=3, variant="advanced")
        state = position(
            hands, game=game, villages=[(None, P3), (), ()], pending=Refill(0, extra=True), discard=(N1,)
        )
        for move in (Pass(0), Store(0, P2), Swap(0, 1, P2)):
            assert move in state.legal_moves()
            after = _after(state, move)
            assert after.pending == Window(1, (2, 0)), move


class TestMoveCaches:
    """The remembered move lists are only a speed-up: emptying them when full changes no legal move."""

    def test_full_caches_are_emptied_and_the_moves_stay_the_same(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With room for a single entry, every cache is emptied again and again; the legal moves are unchanged."""
        from cardrules.magyar_nepmesek import _legal

        options = {"variant": "advanced", "fifth_edition": True}
        played: list[tuple[Move, list[Move]]] = []
        for seed in range(3):
            state = Game(**options).new_state(seed)  # type: ignore[arg-type]
            rng = Rng(seed)
            while not state.is_terminal:
                legal = state.legal_moves()
                move = rng.choice(legal)
                played.append((move, list(legal)))
                state = state.apply(move)
        monkeypatch.setattr(_legal, "_MEMO", 1)
        for name in ("_DISCARD_CACHE", "_PLAY_CACHE", "_MATCH_CACHE"):
            monkeypatch.setattr(_legal, name, {})
        for name in ("_STORES", "_SWAPS"):
            monkeypatch.setattr(_legal, name, tuple({} for _ in range(6)))
        steps = iter(played)
        for seed in range(3):
            game = Game(**options)  # type: ignore[arg-type]
            state = game.new_state(seed)
            while not state.is_terminal:
                move, before = next(steps)
                assert list(state.legal_moves()) == before
                assert len(game.table.memo) <= 2 and len(game.table.lays) <= 2
                state = state.apply(move)
