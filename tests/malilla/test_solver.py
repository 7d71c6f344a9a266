"""The double-dummy solver: the same values as brute force through legal_moves() and apply()."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import PositionError, mala_suerte
from cardrules._random import Rng
from cardrules.malilla import SUIT_OF, Game, Move, Solver, State, Trick, solve, trick_winner
from cardrules.malilla._solver import _key

from .builders import cards, position


def endgame(game: Game, seed: int, tricks_left: int) -> State:
    """A random position with ``tricks_left`` tricks to finish (the one in progress counted), a
    random number of its cards already on the table."""
    rng = Rng.from_seed(seed, tricks_left)
    state = game.new_state(seed)
    played = (10 - tricks_left) * 4 + rng.below(4)
    while len(state.tricks) * 4 + len(state.trick) < played:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


def side_points(state: State, move: Move, side: int) -> int:
    """What ``side`` collects from the trick ``move`` plays into, if the move completes it."""
    if len(state.trick) < 3:
        return 0
    cards = (*state.trick, move.card)
    winner = (state.leader + trick_winner(cards, SUIT_OF[state.trump])) % 4
    return 1 + sum(c.points for c in cards) if winner % 2 == side else 0


def brute(state: State, side: int) -> int:
    """``side``'s points to come, by trying every legal move of every seat through the public API."""
    if not state.hands[state.current_player or 0]:
        return 0
    mover = state.current_player
    assert mover is not None
    hand = state.hand_number
    results = []
    for move in state.legal_moves():
        after = state.apply(move)
        value = side_points(state, move, side)
        if after.hand_number == hand and after.outcome is None:
            value += brute(after, side)
        results.append(value)
    return max(results) if mover % 2 == side else min(results)


def brute_values(state: State) -> dict[Move, int]:
    mover = state.current_player
    assert mover is not None
    side = mover % 2
    out = {}
    for move in state.legal_moves():
        after = state.apply(move)
        value = side_points(state, move, side)
        if after.hand_number == state.hand_number and after.outcome is None:
            value += brute(after, side)
        out[move] = value
    return out


class TestAgainstBruteForce:
    """Hundreds of random endgames, both readings of must-beat: every legal move's value agrees."""

    @pytest.mark.parametrize(
        ("tricks_left", "count"), [(1, 40), (2, 200), (3, 100), (4, 4)], ids=["1", "2", "3", "4"]
    )
    def test_default_rules(self, tricks_left: int, count: int) -> None:
        game = Game()
        for seed in range(count):
            state = endgame(game, seed, tricks_left)
            assert solve(state) == brute_values(state), state.to_dict()

    def test_must_beat_led_suit(self) -> None:
        game = Game(must_beat="led_suit", target=12)
        for seed in range(60):
            state = endgame(game, seed, 2 + seed % 2)
            assert solve(state) == brute_values(state), state.to_dict()


class TestProperty:
    """Any seeded endgame of one to three tricks, under either reading of must-beat: brute force's values."""

    @settings(max_examples=60, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        tricks_left=st.integers(1, 3),
        must_beat=st.sampled_from(["any_card", "led_suit"]),
    )
    def test_values_are_brute_forces(self, seed: int, tricks_left: int, must_beat: str) -> None:
        state = endgame(Game(must_beat=must_beat, target=12), seed, tricks_left)  # type: ignore[arg-type]
        assert solve(state) == brute_values(state), state.to_dict()


class TestBounds:
    """The sure points of the side with the best trumps, which cut the search at a trick start."""

    def test_the_top_trumps_of_one_hand_win_a_trick_each(self) -> None:
        # Seat 0 holds the 7 and the A of trumps (diamonds): 9 points and two tricks are side 0's.
        state = position(["7d Ad 2h", "3h 4h 5c", "6h Jh Qc", "Kd 2c 3c"], trump="Kd", dealer=3, leader=0)
        assert Solver(state)._sure() == 5 + 4 + 2
        values = solve(state)
        assert values == brute_values(state)
        assert min(values.values()) >= 11

    def test_the_run_stops_at_the_other_sides_trump(self) -> None:
        # Side 1 holds the 7 of trumps, side 0 the A, side 1 the K: only the 7 is sure, for side 1.
        state = position(["Ad 2h 3h", "7d 4h 5c", "6h Jh Qc", "Kd 2c 3c"], trump="Kd", dealer=3, leader=0)
        assert Solver(state)._sure() == -(5 + 1)
        values = solve(state)
        assert values == brute_values(state)
        total = sum(c.points for hand in state.hands for c in hand) + 3
        assert max(values.values()) <= total - 6


class TestValues:
    """What the values mean, on positions built by hand."""

    def test_keys_are_the_legal_moves_in_order(self) -> None:
        state = endgame(Game(), 3, 5)
        assert tuple(solve(state)) == state.legal_moves()

    def test_the_last_card_of_a_trick_already_lost_keeps_the_seven(self) -> None:
        # Seat 3 plays last, void in clubs and trumps (♦): seat 2 trumped with the K♦, so the
        # 7♥ thrown onto it gives away the 5 points it wins under the partner's A♠ in the last trick.
        hearts_led = Trick(3, cards("2h Qh 6c 3h"), 0)
        state = position(
            ["2s", "As", "4s", "7h 5h"], trump="Kd", dealer=2, leader=0, trick="Ac Jc Kd", tricks=[hearts_led]
        )
        values = solve(state)
        assert values[Move.parse(3, "5h")] - values[Move.parse(3, "7h")] == 5

    def test_the_solver_can_be_asked_again(self) -> None:
        solver = Solver(endgame(Game(), 5, 4))
        assert solver.values() == solver.values()
        assert solver.nodes > 0


class TestBadInput:
    """A finished match and another game's state are refused, saying which."""

    def test_a_finished_match(self) -> None:
        state = Game(target=1).new_state(1)
        while state.outcome is None:
            state = state.apply(state.legal_moves()[0])
        with pytest.raises(PositionError, match="the match is over"):
            solve(state)

    def test_another_games_state(self) -> None:
        other = mala_suerte.Game().new_state(1)
        with pytest.raises(PositionError, match="needs a Malilla State, got a state of mala_suerte"):
            solve(other)  # type: ignore[arg-type]

    def test_not_a_state(self) -> None:
        with pytest.raises(PositionError, match="needs a Malilla State"):
            solve("7s")  # type: ignore[arg-type]


class TestValue:
    """``Solver.value``: the best of the legal moves' values, found by one search of the position."""

    @settings(max_examples=60, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        tricks_left=st.integers(1, 5),
        must_beat=st.sampled_from(["any_card", "led_suit"]),
    )
    def test_the_best_move_is_worth_the_position(self, seed: int, tricks_left: int, must_beat: str) -> None:
        state = endgame(Game(must_beat=must_beat, target=12), seed, tricks_left)  # type: ignore[arg-type]
        assert Solver(state).value() == max(solve(state).values()), state.to_dict()

    def test_the_points_left_are_every_card_and_a_point_a_trick(self) -> None:
        state = position(["7d Ad", "3h 4h", "6h Jh", "Kd 2c"], trump="Kd", dealer=3, leader=0)
        # 7♦ 5, A♦ 4, J♥ 1, K♦ 3, and two tricks.
        assert Solver(state).total == 5 + 4 + 1 + 3 + 2


def where(hands: tuple[int, int, int, int]) -> tuple[tuple[int, ...], ...]:
    """Where each card lies that matters to the rest of the hand, suit by suit: the seat holding
    each card worth points (-1: played), then the seats holding the 6-to-2 cards left, strongest
    first (which of them were played does not matter, only how many)."""
    out = []
    for suit in range(4):
        owners = [next((s for s in range(4) if hands[s] >> (10 * suit + r) & 1), -1) for r in range(10)]
        out.append((*owners[:5], *(o for o in owners[5:] if o >= 0)))
    return tuple(out)


class TestTableKey:
    """The transposition table's key (``_key``) names where each card lies that matters, and
    nothing else: two trick starts share a key exactly when :func:`where` is the same."""

    @staticmethod
    def deals(count: int) -> list[tuple[int, int, int, int]]:
        """Random trick starts of one to three cards a hand, as card masks."""
        rng = Rng.from_seed(37, 0)
        out = []
        for _ in range(count):
            n = 1 + rng.below(3)
            live = rng.shuffled(range(40))[: 4 * n]
            masks = [sum(1 << c for c in live[seat * n : (seat + 1) * n]) for seat in range(4)]
            out.append((masks[0], masks[1], masks[2], masks[3]))
        return out

    @staticmethod
    def key(hands: tuple[int, int, int, int]) -> int:
        return _key(hands[1], hands[2], hands[3], hands[0] | hands[1] | hands[2] | hands[3])

    def test_a_key_names_one_position(self) -> None:
        named: dict[int, tuple[tuple[int, ...], ...]] = {}
        for hands in self.deals(3000):
            assert named.setdefault(self.key(hands), where(hands)) == where(hands)

    def test_which_low_cards_were_played_does_not_matter(self) -> None:
        rng = Rng.from_seed(38, 0)
        for hands in self.deals(500):
            # The same hands with each suit's 6-to-2 cards left moved to other ranks, in their order.
            moved = [0, 0, 0, 0]
            for suit in range(4):
                low = [c for c in range(10 * suit + 5, 10 * suit + 10) for s in range(4) if hands[s] >> c & 1]
                ranks = sorted(rng.shuffled(range(10 * suit + 5, 10 * suit + 10))[: len(low)])
                for old, new in zip(low, ranks, strict=True):
                    moved[next(s for s in range(4) if hands[s] >> old & 1)] |= 1 << new
                for seat in range(4):
                    moved[seat] |= hands[seat] & (31 << 10 * suit)
            twin = (moved[0], moved[1], moved[2], moved[3])
            assert where(twin) == where(hands)
            assert self.key(twin) == self.key(hands)
