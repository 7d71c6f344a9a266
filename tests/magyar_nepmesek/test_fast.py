"""The short cuts for plain draws, discards, lay-downs, passes, matching discards and Village refills give the general path's states."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules._random import Rng
from cardrules.magyar_nepmesek import (
    BonusChoice,
    Discard,
    Draw,
    FollowUp,
    Game,
    Lay,
    Main,
    MatchDiscard,
    Move,
    Pass,
    Play,
    Refill,
    State,
    Store,
    Swap,
    Window,
)
from cardrules.magyar_nepmesek._apply import apply_move
from cardrules.magyar_nepmesek._fast import fast_apply, fast_match, fast_pass, fast_village
from cardrules.magyar_nepmesek._fast_play import fast_play
from cardrules.magyar_nepmesek._table import Table

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
    P1,
    P1B,
    P2,
    P3,
    PASS2,
    PINKO,
    SHIELD,
    position,
    walk,
)

#: Two seats, advanced, the 5th-edition cards: the hand-built positions below fill both seats.
_TWO = Game(players=2, variant="advanced", fifth_edition=True)


def _fast(state: State, move: Move) -> State | None:
    """The short cut's state for ``move``, or ``None`` where the general path runs."""
    if isinstance(move, (Draw, Discard, Lay)):
        return fast_apply(state, move)
    if isinstance(move, Pass):
        return fast_pass(state, move)
    if isinstance(move, MatchDiscard):
        return fast_match(state, move)
    if isinstance(move, (Store, Swap)):
        return fast_village(state, move)
    if isinstance(move, Play):
        return fast_play(state, move)
    return None


def _general(state: State, move: Move) -> State:
    """The general path's state: a working Table, the move's handler, frozen."""
    table = Table(state)
    apply_move(table, move)
    return table.freeze()


def _same(state: State, move: Move) -> State | None:
    """The short cut's state, checked equal to the general path's (``None`` if no short cut was taken)."""
    assert move in state.legal_moves(), move
    fast = _fast(state, move)
    if fast is not None:
        general = _general(state, move)
        assert fast == general, move
        assert fast.events == general.events and fast.board == general.board, move
    return fast


class TestFastPath:
    """Every short-cut transition equals the general one."""

    def test_same_states_as_the_general_path(self) -> None:
        """Random matches of several tables: each short cut taken equals Table + apply + freeze."""
        taken = matched = refilled = laid = ended = missed = played = 0
        for game in (
            Game(players=5, variant="advanced", fifth_edition=True),
            Game(players=4, variant="advanced", fifth_edition=True),
            Game(players=2),
            Game(players=6),
            Game(players=3, variant="advanced"),
            Game(players=3, variant="advanced", village_extra_actions="never"),
        ):
            for seed in range(6):
                state = game.new_state(seed)
                rng = Rng(seed)
                while not state.is_terminal:
                    move = rng.choice(state.legal_moves())
                    fast = _same(state, move)
                    if fast is not None:
                        taken += 1
                        matched += isinstance(move, MatchDiscard)
                        refilled += isinstance(move, (Store, Swap))
                        laid += isinstance(move, Lay)
                        played += isinstance(move, Play)
                        ended += isinstance(move, Pass) and isinstance(
                            state.pending, (Main, BonusChoice, FollowUp)
                        )
                        missed += any(e.endswith("misses a turn") for e in fast.events)
                    state = state.apply(move)
        assert taken > 500
        assert matched > 20
        assert refilled > 20
        assert laid > 20
        assert played > 20
        assert ended > 20
        assert missed > 3

    @settings(max_examples=40, deadline=None)
    @given(seed=st.integers(0, 2**32), players=st.integers(2, 6), steps=st.integers(0, 400))
    def test_random_walks(self, seed: int, players: int, steps: int) -> None:
        """Any position a random walk reaches: every legal move's short cut equals the general path."""
        state = walk(Game(players=players, variant="advanced", fifth_edition=True), seed, steps)
        for move in state.legal_moves():
            _same(state, move)


class TestScenarios:
    """Hand-built positions for the short cuts' less common branches."""

    def test_lay_from_the_hand_and_a_village(self) -> None:
        """A row taken partly from a Village: the slot empties, the seen cards are unlearned, the refill follows."""
        state = position(
            [(P1, P2, P1B, N1), (N2,)], game=FIFTH, villages=[(P3, None), ()], draw=(P1, P1, P1, P1)
        )
        known = list(map(list, state.known))
        known[1][0] = (P1, P2)
        state = attrs.evolve(state, known=tuple(map(tuple, known)))
        move = Lay(0, (P1, P2, P3), (1, 2, 3))
        assert move in state.legal_moves()
        after = _same(state, move)
        assert after is not None and after.villages[0] == (None, None) and after.known[1][0] == ()
        assert after.pending.__class__.__name__ == "Refill"

    def test_lay_with_a_joker_then_the_window(self) -> None:
        """A group with the Pinkó: the next seat may add nothing yet, but holds a card matching the top."""
        state = position([(P1, P1, PINKO, N1), (N1,)], game=FIFTH, discard=(N1,))
        move = Lay(0, (P1, P1, PINKO), (1, 1, 1))
        assert move in state.legal_moves()
        after = _same(state, move)
        assert after is not None and len(after.melds[0]) == 1

    def test_pass_ends_the_action_into_a_refill_or_the_next_turn(self) -> None:
        """A pass on a Main (nothing possible), a bonus draw declined, a Crystal Ball follow-up declined."""
        plain = position([(), (N1,)], game=FIFTH, draw=())
        bonus = position([(N1, N2), (N3,)], game=FIFTH, pending=BonusChoice(0), discard=(N2, N2, N2))
        follow = position([(N1,), (N3,)], game=FIFTH, pending=FollowUp(0), villages=[(P1,), ()])
        for state in (plain, bonus, follow):
            assert Pass(0) in state.legal_moves()
            assert _same(state, Pass(0)) is not None

    def test_missed_turns_in_a_row(self) -> None:
        """Two seats that showed the Lazy Girl both miss their turn; the third plays."""
        state = position([(P1,), (N1,), (N2,), (N3,)], game=Game(variant="advanced", fifth_edition=True))
        state = attrs.evolve(state, board=attrs.evolve(state.board, skips=(False, True, True, False)))
        after = _same(state, Discard(0, (P1,)))
        assert after is not None and after.pending == Main(3) and after.skips == (False,) * 4
        assert after.events[1:] == ("seat 1 misses a turn", "seat 2 misses a turn")

    def test_missed_turn_in_the_final_round_takes_the_general_path(self) -> None:
        """During the final round a missed turn may end the match: no short cut."""
        state = position([(P1,), (N1,)], game=FIFTH, final=1, last_drawer=0)
        state = attrs.evolve(state, board=attrs.evolve(state.board, skips=(False, True)))
        assert _fast(state, Discard(0, (P1,))) is None

    def test_crystal_ball_sees_a_lazy_girl(self) -> None:
        """The actor learns the hand; the Lazy Girl shown makes the target miss a turn; one more action may follow."""
        state = position([(BALL, N1), (LAZY, P1, P2), (N2,)], game=FIFTH)
        after = _same(state, Play(0, BALL, 1))
        assert after is not None and after.known[0][1] == (LAZY, P1, P2) and after.skips[1]
        assert isinstance(after.pending, FollowUp)

    def test_crystal_ball_from_a_village_after_a_follow_up(self) -> None:
        """The card comes off a Village (its slot empties); the actor's other knowledge stays."""
        state = position([(N1,), (P1, P2), (N2,)], game=FIFTH, pending=FollowUp(0), villages=[(BALL,), ()])
        after = _same(state, Play(0, BALL, 2))
        assert after is not None and after.villages[0] == (None,) and after.known[0][2] == (N2,)

    def test_pass_two_asks_for_the_cards(self) -> None:
        """Pass 2 cards: up to 2, no more than the target may hold, no more than the actor has left."""
        for hands, limit in (([(PASS2, N1, N2), (P1,)], 2), ([(PASS2, N1), (P1,) * 7], 1)):
            state = position(hands, game=FIFTH)
            after = _same(state, Play(0, PASS2, 1))
            assert after is not None and after.pending.__class__.__name__ == "Giving"
            assert after.pending.limit == limit  # type: ignore[union-attr]

    def test_a_possible_reaction_or_nothing_to_give_takes_the_general_path(self) -> None:
        """A target holding a Shield or a Magic Mirror is asked first; Pass 2 with no card left ends at once."""
        for defence in (SHIELD, MIRROR):
            state = position([(BALL, N1), (defence, P1)], game=FIFTH)
            assert _fast(state, Play(0, BALL, 1)) is None
        state = position([(PASS2,), (P1,)], game=FIFTH)
        assert _fast(state, Play(0, PASS2, 1)) is None

    def test_make_discard_spares_the_lazy_girl_and_unlearns_the_cards(self) -> None:
        """Two cards drawn at random among the others; whoever knew of them forgets them."""
        state = position([(DISCARD2, N1), (LAZY, P1, P2, N3), (N2,)], game=FIFTH)
        known = list(map(list, state.known))
        known[2][1] = (P1, P2)
        state = attrs.evolve(state, known=tuple(map(tuple, known)))
        after = _same(state, Play(0, DISCARD2, 1, 2))
        assert after is not None and LAZY in after.hands[1] and len(after.hands[1]) == 2
        assert after.rng != state.rng

    def test_all_opponents_discard_in_turn_order(self) -> None:
        """Every opponent in order from the actor; a Shield anywhere sends the play to the general path."""
        state = position([(ALL_DISCARD, N1), (P1, P2), (), (N2, N3)], game=Game(variant="advanced"))
        assert _same(state, Play(0, ALL_DISCARD, None, 1)) is not None
        state = position([(ALL_DISCARD, N1), (P1, P2), (SHIELD,)], game=FIFTH)
        assert _fast(state, Play(0, ALL_DISCARD, None, 1)) is None

    def test_the_owners_village_card_opens_its_window(self) -> None:
        """Ruling 15: after its action (and the refill) the owner is asked for the -1 on its Village,
        also with an empty hand; with ``village_extra_actions="never"`` it is not."""
        refill = position([(N1, P2), (P3,)], game=_TWO, villages=[(N1,), ()]).apply(Discard(0, (N1,)))
        assert isinstance(refill.pending, Refill)
        after = _same(refill, Pass(0))
        assert after is not None and after.pending == Window(0, (1,))
        emptied = _same(position([(N1,), (P3,)], game=_TWO, villages=[(N1,), ()]), Discard(0, (N1,)))
        assert emptied is not None and emptied.pending == Window(0, (1,))
        never = Game(players=2, variant="advanced", village_extra_actions="never")
        closed = _same(position([(N1,), (P3,)], game=never, villages=[(N1,), ()]), Discard(0, (N1,)))
        assert closed is not None and closed.pending == Main(1)

    def test_a_village_card_in_a_matching_discard_takes_the_general_path(self) -> None:
        """The card comes off the Village and the refill follows (ruling 38): no short cut."""
        window = position([(N1, P2), (P3,)], game=_TWO, villages=[(N1,), ()]).apply(Discard(0, (N1,)))
        window = window.apply(Pass(0))
        assert _fast(window, MatchDiscard(0, (N1,))) is None
        assert window.apply(MatchDiscard(0, (N1,))).pending == Refill(0, extra=True)

    def test_the_refill_after_an_extra_action(self) -> None:
        """Pass, Store and Swap on the refill after an extra action: the window goes on from the next seat."""
        hands = [(N1, P2), (N1,), (N1,)]
        game = Game(players=3, variant="advanced")
        state = position(
            hands, game=game, villages=[(None, P3), (), ()], pending=Refill(0, extra=True), discard=(N1,)
        )
        for move in (Pass(0), Store(0, P2), Swap(0, 1, P2)):
            assert move in state.legal_moves()
            after = _same(state, move)
            assert after is not None and after.pending == Window(1, (2, 0)), move


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
