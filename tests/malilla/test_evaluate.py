"""The value of a finished hand to a search bot: each side's chance to win the match from its score."""

from __future__ import annotations

import random

import pytest

from cardrules.malilla import DECK, SUIT_OF, Game, State, Trick, solve, trick_winner
from cardrules.malilla._evaluate import (
    _TABLED,
    _race_chance,
    _table,
    round_value,
    solved_value,
    win_chance,
)
from cardrules.malilla._rules import TRICKS_PER_HAND
from cardrules.malilla._transition import score_hand

from .builders import last_trick, play_out

#: Seats 0 and 2 take every trick but the last, which seat 1's A♣ wins.
_GROUPS = [
    "7d Ad Kd Qd", "Jd 6d 5d 4d", "3d 2d 3c 2c", "7c 6c 5c 4c", "7s As Ks Qs", "Js 6s 5s 4s",
    "7h Ah Kh Qh", "Jh 6h 5h 4h", "3s 2s 3h 2h",
]  # fmt: skip


class TestWinChance:
    """Equal sides: the side ahead is more likely to win, and the chances add up to 1."""

    def test_level_scores_are_even(self) -> None:
        assert win_chance((0, 0), 12) == pytest.approx(0.5)
        assert win_chance((20, 20), 35) == pytest.approx(0.5)

    def test_chances_are_complementary_and_grow_with_the_lead(self) -> None:
        for target in (12, 35):
            chances = [win_chance((lead, 0), target) for lead in range(target)]
            assert chances == sorted(chances) and chances[0] == pytest.approx(0.5)
            for a, b in ((5, 0), (30, 11), (2, 9)):
                assert abs(win_chance((a, b), target) + win_chance((b, a), target) - 1) < 1e-9

    def test_a_reached_target_is_certain(self) -> None:
        assert win_chance((12, 3), 12) == 1.0
        assert win_chance((3, 40), 35) == 0.0

    def test_past_the_table_the_normal_law_agrees_with_it(self) -> None:
        """Where both sides need 35 points or more, the race's normal law is the table's chance to
        0.004: past the table, needs that only long matches have are told by it."""
        table = _table()
        worst = max(
            abs(table[a][b] - _race_chance(a, b))
            for a in range(35, _TABLED + 1)
            for b in range(35, _TABLED + 1)
        )
        assert worst < 0.004

    def test_any_target_costs_the_same(self) -> None:
        """A match to a million points is valued at once, evenly at level scores, and the side
        ahead is more likely to win, across the table's edge too."""
        target = 10**6
        assert win_chance((0, 0), target) == pytest.approx(0.5)
        # Side 0's need falls from past the table's edge to 2 points, side 1 needing the edge's own.
        chances = [
            win_chance((target - need, target - _TABLED), target) for need in range(_TABLED + 5, 1, -1)
        ]
        assert chances == sorted(chances)
        assert (
            win_chance((target - 200, target - 100), target)
            < 0.5
            < win_chance((target - 100, target - 200), target)
        )


class TestRoundValue:
    """ "until one partnership ends the hand with a score of 35 or more": a hand's end settles a play-out."""

    def test_no_value_while_the_hand_goes_on(self) -> None:
        start = Game().new_state(3)
        assert round_value(start, start) is None
        after = start.apply(start.legal_moves()[0])
        assert round_value(start, after) is None

    def test_the_next_hand_is_valued_by_the_match_score(self) -> None:
        # Seats 0 and 2 take every trick but the last, which seat 1's A♣ wins.
        # Each suit's tricks from its highest cards; the last diamonds (trumps) and spades are led to
        # seats void in them.
        groups = ["7d Ad Kd Qd", "Jd 6d 5d 4d", "3d 2d 3c 2c", "7c 6c 5c 4c", "7s As Ks Qs", "Js 6s 5s 4s"]
        groups += ["7h Ah Kh Qh", "Jh 6h 5h 4h", "3s 2s 3h 2h"]
        won = [(t, 0) for t in groups]
        state = last_trick(won, ["Kc", "Ac", "Jc", "Qc"], leader=0, dealer=3)
        after = play_out(state)
        assert after.hand_number == 2 and after.outcome is None
        value = round_value(state, after)
        assert value is not None
        chance = win_chance(after.scores, 35)
        assert value == (chance, 1 - chance, chance, 1 - chance)

    def test_a_finished_match_is_worth_its_winners(self) -> None:
        start = Game(target=1).new_state(8)
        state = start
        while state.outcome is None:
            state = state.apply(state.legal_moves()[0])
        value = round_value(start, state)
        assert value is not None and sum(value) == 2.0
        assert {seat for seat in range(4) if value[seat] == 1.0} == state.outcome.winners

    def test_the_last_trick_is_valued_where_it_starts_over_every_card_the_next_deal_may_turn(self) -> None:
        # "The 40th and last card ... face up to the dealer" and "If the dealer's last (face-up) card
        # is a point-scoring card, the dealer's team scores that many points as a bonus": the last
        # trick plays itself, so the hand is valued before it, over each of the 40 cards alike.
        state = last_trick([(t, 0) for t in _GROUPS], ["Kc", "Ac", "Jc", "Qc"], leader=0, dealer=3)
        after = play_out(state)
        assert after.outcome is None and after.last_hand is not None
        scored = after.last_hand.scored
        scores = (state.scores[0] + scored[0], state.scores[1] + scored[1])
        dealer_side = after.dealer % 2  # the next hand's dealer: seat 0
        chances = []
        for card in DECK:
            turned = list(scores)
            turned[dealer_side] += card.points  # far from 35: never held back
            chances.append(win_chance((turned[0], turned[1]), 35))
        expected = sum(chances) / len(chances)
        value = round_value(state, state)
        assert value is not None
        assert value == pytest.approx((expected, 1 - expected, expected, 1 - expected))
        # The same from within the last trick, once its first card is down.
        assert round_value(state, state.apply(state.legal_moves()[0])) == pytest.approx(value)

    def test_a_last_trick_that_ends_the_match_is_worth_its_winners(self) -> None:
        # Seats 0 and 2 reach the target with the hand: "until one partnership ends the hand with a
        # score of 35 or more".
        state = last_trick(
            [(t, 0) for t in _GROUPS], ["Kc", "Ac", "Jc", "Qc"], leader=0, dealer=3, scores=(30, 0)
        )
        assert round_value(state, state) == (1.0, 0.0, 1.0, 0.0)
        assert play_out(state).outcome is not None

    def test_nine_tricks_to_go_is_not_the_last(self) -> None:
        start = Game().new_state(3)
        assert len(start.tricks) == 0 and round_value(start, start) is None

    @pytest.mark.parametrize("options", [{}, {"must_beat": "led_suit"}, {"target": 1}])
    def test_the_hand_scored_at_the_last_trick_is_the_hand_the_transition_scores(
        self, options: dict[str, object]
    ) -> None:
        # The last trick's cards are forced, so the round value's score of the hand where that trick
        # starts must be the transition's once it is played: the same result and the same match end.
        game = Game(**options)  # type: ignore[arg-type]
        for seed in range(60):
            state, rng = game.new_state(seed), random.Random(seed)
            while state.outcome is None and len(state.tricks) < TRICKS_PER_HAND - 1:
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
            if state.outcome is not None:
                continue
            leader = state.leader
            cards = (*state.trick, *(state.hands[(leader + i) % 4][0] for i in range(len(state.trick), 4)))
            last = Trick(leader, cards, (leader + trick_winner(cards, SUIT_OF[state.trump])) % 4)
            result, scores, winner = score_hand(state, (*state.tricks, last))
            after = play_out(state)
            assert after.last_hand == result
            if after.outcome is None:
                assert winner is None and after.hand_number == state.hand_number + 1
            else:
                assert winner is not None and after.outcome.winners == {winner, winner + 2}
                assert tuple(after.outcome.scores[:2]) == scores


def _random_play(game: Game, seed: int, tricks_left: int) -> State:
    """A seeded hand played at random until ``tricks_left`` tricks are left and one card more is down."""
    state, rng = game.new_state(seed), random.Random(seed)
    while state.outcome is None and (TRICKS_PER_HAND - len(state.tricks) > tricks_left or not state.trick):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


class TestSolvedValue:
    """The expert's first-trick play-outs stop once few tricks are left, the rest of the hand solved."""

    def test_nothing_until_a_move_is_made_with_few_enough_tricks_left(self) -> None:
        value = solved_value(4)
        start = Game().new_state(3)
        after = start.apply(start.legal_moves()[0])
        assert value(start, after) is None  # ten tricks left
        late = _random_play(Game(), 3, 4)
        assert value(late, late) is None  # no move made from the sample yet
        assert value(start, late) is not None

    @pytest.mark.parametrize("options", [{}, {"must_beat": "led_suit"}, {"target": 12}])
    def test_the_solved_rest_is_the_hand_played_out_by_best_moves(self, options: dict[str, object]) -> None:
        # The rest of the hand played by every seat's best move (exact values, every card in view)
        # collects what the solver says, so it is scored, and the match valued, alike; a capote (one
        # side holding every trick so far) is left out, as the solved value does not look for it.
        game = Game(**options)  # type: ignore[arg-type]
        checked = 0
        for seed in range(40):
            state = _random_play(game, seed, 3 + seed % 3)
            if state.outcome is not None or len({t.winner % 2 for t in state.tricks}) < 2:
                continue
            start = state
            while round_value(start, state) is None:
                values = solve(state)
                best = max(values.values())
                state = state.apply(next(m for m, v in values.items() if v == best))
            expected = round_value(start, state)
            solved = solved_value(5)(game.new_state(seed), start)
            assert solved == pytest.approx(expected), seed
            checked += 1
        assert checked >= 25
