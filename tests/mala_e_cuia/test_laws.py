"""The laws of the game, checked by Hypothesis: scoring bounds and symmetry, and whole matches."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules.mala_e_cuia import Competition, Cooperation, Game, State, Tile, compare_luggage, guess_points
from cardrules.mala_e_cuia._scoring import max_round_points

TABLE = tuple(range(0, 24, 2))


@st.composite
def tiles(draw: st.DrawFn, table: tuple[int, ...] = TABLE) -> Tile:
    """A complete tile of items of ``table``."""
    items = draw(st.lists(st.sampled_from(table), min_size=4, max_size=4, unique=True))
    return Tile(frozenset(items[:3]), items[3])


class TestScoringLaws:
    """Compare Luggage and the guess score, whatever the packs."""

    @given(st.lists(tiles(), min_size=3, max_size=8))
    def test_points_are_never_negative_and_bounded(self, packs: list[Tile]) -> None:
        points = compare_luggage(packs)
        assert all(0 <= p <= max_round_points(len(packs)) for p in points)
        assert all(p != 1 for p in points)  # General points come in twos; Bonus points are 0 or at least 2

    @given(st.lists(tiles(), min_size=3, max_size=8), st.randoms(use_true_random=False))
    def test_seats_are_symmetric(self, packs: list[Tile], random: Any) -> None:
        order = list(range(len(packs)))
        random.shuffle(order)
        points = compare_luggage(packs)
        shuffled = compare_luggage([packs[i] for i in order])
        assert list(shuffled) == [points[i] for i in order]

    @given(st.lists(tiles(), min_size=3, max_size=8))
    def test_identical_packs_score_the_same(self, packs: list[Tile]) -> None:
        points = compare_luggage(packs)
        for i, a in enumerate(packs):
            for j, b in enumerate(packs):
                if a == b:
                    assert points[i] == points[j]

    @given(tiles(), tiles())
    def test_guess_points(self, tile: Tile, guess: Tile) -> None:
        correct, points = guess_points(tile, guess)
        assert 0 <= correct <= 4 and points in (correct, 5)
        assert (points == 5) == (tile == guess)


class MatchMachine(RuleBasedStateMachine):
    """A random match of either mode; after every decision the laws of the game hold."""

    state: State

    @initialize(game=st.sampled_from(Game.examples()), seed=st.integers(0, 2**32))
    def deal(self, game: Game, seed: int) -> None:
        self.state = game.new_state(seed)
        self.scores = self.state.scores

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        self.scores = self.state.scores
        self.state = self.state.apply(move)

    @rule(seat=st.integers(0, 7))
    def look(self, seat: int) -> None:
        """Any seat may look at its view at any time; it names the same decider and outcome."""
        seat %= self.state.game.players
        view = self.state.view(seat)
        assert view.current_player == self.state.current_player and view.outcome == self.state.outcome

    @invariant()
    def one_deciding_seat(self) -> None:
        state = self.state
        if state.is_terminal:
            assert state.current_player is None and state.legal_moves() == ()
        else:
            assert {m.seat for m in state.legal_moves()} == {state.current_player}

    @invariant()
    def tiles_and_table_are_sound(self) -> None:
        state = self.state
        assert len({f // 2 for f in state.table}) == len(state.table) == state.game.shown
        for tile in state.tiles:
            assert len(tile.general) <= 3 and tile.items <= set(state.table)
        progress = state.progress
        if isinstance(progress, Competition):
            on_table = {f // 2 for f in state.table}
            assert not on_table & set(progress.discarded_items)
            assert progress.situation not in progress.discarded_situations

    @invariant()
    def scores_only_grow_and_add_up(self) -> None:
        state = self.state
        assert all(0 <= old <= new for old, new in zip(self.scores, state.scores, strict=True))
        progress = state.progress
        if isinstance(progress, Competition):
            assert [sum(r.points[s] for r in progress.rounds) for s in range(state.game.players)] == list(
                state.scores
            )
        else:
            assert isinstance(progress, Cooperation)
            assert sum(state.scores) <= 5 * len(progress.reveals)

    @invariant()
    def views_hide_the_other_packs(self) -> None:
        state = self.state
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        assert view.tile == state.tiles[seat]
        assert state.game.sample_state(view, 1).view(seat) == view


MatchMachine.TestCase.settings = settings(max_examples=15, stateful_step_count=40, deadline=None)
TestMatchLaws = MatchMachine.TestCase
