"""malilla.position: a position named in part is completed by a seed, checked, and refused naming the
field when no match reaches it."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardrules import ConfigError, malilla
from tests.helpers import reached


def test_named_cards_stay_where_named_and_the_rest_is_dealt_by_the_seed() -> None:
    state = malilla.position(
        hands={0: "7s Ah"}, dealer=3, trump="Kd", tricks=["5s Ks Qs 7d"], trick="As", seed=4
    )
    assert {malilla.Card.parse("7s"), malilla.Card.parse("Ah")} <= set(state.hands[0])
    # Seat 3 trumped the first trick with the 7♦ and led the A♠ to the next.
    assert state.tricks[0].leader == 0 and state.tricks[0].winner == 3 and state.leader == 3
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 8]
    assert state == malilla.position(
        hands={0: "7s Ah"}, dealer=3, trump="Kd", tricks=["5s Ks Qs 7d"], trick="As", seed=4
    )
    others = {malilla.position(trump="Kd", dealer=3, seed=seed).hands for seed in range(5)}
    assert len(others) == 5


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200), game=st.sampled_from(malilla.Game.examples()))
@example(seed=394, steps=40, game=malilla.Game(target=12))  # a bonus scored at the deal that would now win
def test_every_reached_position_is_built_from_its_description(
    seed: int, steps: int, game: malilla.Game
) -> None:
    state = reached(game, seed, steps)
    assert isinstance(state, malilla.State)
    if state.is_terminal:
        return
    built = malilla.position(
        game,
        hands=[" ".join(c.to_json() for c in hand) for hand in state.hands],
        dealer=state.dealer,
        trump=state.trump,
        tricks=[t.cards for t in state.tricks],
        trick=state.trick,
        scores=state.scores,
        hand_number=state.hand_number,
        last_hand=state.last_hand,
        held_bonus=bool(state.held_bonus),
        seed=seed,
    )
    assert attrs.evolve(built, rng=state.rng) == state
    played = built
    while not played.is_terminal and played.hand_number == built.hand_number:
        played = played.apply(played.legal_moves()[-1])


#: The result of a hand dealt by seat 0 with the 2♣ turned up, won 45 to 25.
LAST = malilla.HandResult(
    dealer=0, trump=malilla.Card.parse("2c"), collected=(45, 25), scored=(10, 0), capote=False
)


class TestLaterHands:
    """Positions later in a match: the scores name the hand number and the last hand's result, which
    the builder completes to agree with them."""

    def test_the_first_hand_scores_the_dealers_bonus_at_the_deal(self) -> None:
        """ "the dealer's team scores that many points as a bonus. These points are, in most cases,
        scored immediately"."""
        state = malilla.position(dealer=3, trump="Kd", seed=2)
        assert (state.hand_number, state.last_hand, state.scores) == (1, None, (0, 3))
        assert malilla.position(dealer=3, trump="2d", scores=(0, 0), seed=2).hand_number == 1

    def test_a_bonus_that_would_win_is_held(self) -> None:
        """ "if the bonus would cause the dealer's team to win the game ... the bonus points are held"."""
        state = malilla.position(dealer=0, trump="7c", scores=(31, 0), seed=2)
        assert (state.scores, state.held_bonus) == ((31, 0), 5)
        assert state.hand_number == 2 and state.last_hand is not None

    @settings(max_examples=60, deadline=None)
    @given(
        dealer=st.integers(0, 3),
        trump=st.sampled_from(["7c", "As", "Kd", "Qh", "Js", "2c"]),
        scores=st.tuples(st.integers(0, 34), st.integers(0, 34)),
        later=st.integers(0, 2),
        seed=st.integers(0, 2**32),
    )
    def test_scores_are_made_up_by_a_last_hand_the_rules_score(
        self, dealer: int, trump: str, scores: tuple[int, int], later: int, seed: int
    ) -> None:
        try:
            state = malilla.position(dealer=dealer, trump=trump, scores=scores, seed=seed)
        except ConfigError as exc:
            # Only scores without this deal's bonus are refused.
            assert "without the dealer's bonus" in str(exc)
            assert scores[dealer % 2] < malilla.Card.parse(trump).points
            return
        assert state.scores == scores
        fewest = state.hand_number
        bonus = 0 if state.held_bonus else state.trump.points
        if fewest == 1:
            assert state.last_hand is None and sum(scores) == bonus
        else:
            last = state.last_hand
            assert last is not None and last.dealer == (dealer - 1) % 4 and not last.capote
            assert (
                sum(last.collected) == 70
                and last.scored[last.collected.index(max(last.collected))] == max(last.collected) - 35
            )
            before = list(scores)
            before[dealer % 2] -= bonus
            before[last.dealer % 2] -= last.trump.points
            assert min(before[0] - last.scored[0], before[1] - last.scored[1]) >= 0
            # One hand fewer cannot make these scores.
            with pytest.raises(ConfigError, match="hand_number"):
                malilla.position(dealer=dealer, trump=trump, scores=scores, hand_number=fewest - 1, seed=seed)
        later_state = malilla.position(
            dealer=dealer, trump=trump, scores=scores, hand_number=fewest + later, seed=seed
        )
        assert later_state.hand_number == fewest + later and later_state.scores == scores

    def test_a_named_last_hand_is_kept(self) -> None:
        state = malilla.position(dealer=1, trump="Kc", last_hand=LAST, seed=3)
        # The hand before: the 2♣ scored nothing at the deal, seats 0 and 2 scored 10 at its end.
        assert (state.hand_number, state.last_hand, state.scores) == (2, LAST, (10, 3))
        assert malilla.position(dealer=1, scores=(30, 3), last_hand=LAST, trump="Kc").hand_number == 3


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"hands": {0: "7s 7s"}}, "7♠ twice"),
        ({"hands": {0: "7s", 1: "7s"}}, "twice"),
        ({"hands": {0: "Zz"}}, r"hands\[0\] holds 'Zz'"),
        ({"hands": {7: "7s"}}, "hands must be a seat"),
        ({"hands": "7s"}, "hands must be given by seat"),
        ({"hands": {0: 7}}, r"hands\[0\] must be cards"),
        ({"hands": {0: "7s As Ks Qs Js 6s 5s 4s 3s 2s 7h"}}, "more than|left to play"),
        ({"tricks": ["5s Ks Qs"]}, r"tricks\[0\] holds 3 cards"),
        ({"tricks": ["7s As Ks Qs"] * 10}, "twice|fewer than"),
        ({"trick": "7s As Ks Qs"}, "trick holds 4 cards"),
        ({"trump": "Kd", "dealer": 3, "hands": {1: "Kd"}}, "trump is neither"),
        ({"trump": ["Kd", "Ks"]}, "trump"),
        ({"scores": (40, 0)}, r"scores\[0\]"),
        ({"scores": (1, 2, 3)}, "scores must be two integers"),
        ({"dealer": 5}, "dealer must be a seat"),
        ({"dealer": True}, "dealer must be a seat"),
        ({"hand_number": 0}, "hand_number"),
        # "the dealer's team scores that many points as a bonus ... scored immediately": the K♦ is 3.
        ({"dealer": 3, "trump": "Kd", "scores": (0, 0)}, r"scores give seats 1 and 3 0 points, without"),
        (
            {"dealer": 3, "trump": "Kd", "scores": (5, 3), "hand_number": 1},
            "hand_number is 1, but 0 hands cannot",
        ),
        (
            {"dealer": 1, "trump": "2c", "scores": (34, 34), "hand_number": 2},
            "hand_number is 2, but 1 hand cannot",
        ),
        ({"hand_number": 1, "last_hand": LAST}, "the first hand has none"),
        ({"dealer": 2, "last_hand": LAST}, "last_hand.dealer is seat 0"),
        ({"dealer": 1, "last_hand": attrs.evolve(LAST, capote=True)}, "last_hand.capote"),
        ({"dealer": 1, "last_hand": attrs.evolve(LAST, scored=(0, 10))}, r"last_hand.scored is \(0, 10\)"),
        ({"dealer": 1, "last_hand": attrs.evolve(LAST, collected=(40, 40))}, "last_hand.collected"),
        ({"dealer": 1, "trump": "2c", "scores": (5, 0), "last_hand": LAST}, "last_hand scored"),
        ({"last_hand": "won"}, "last_hand must be a malilla.HandResult"),
        ({"seed": "x"}, "seed"),
        ({"game": "malilla"}, "game must be"),
        # Seat 1 did not follow spades, so it cannot hold the 2♠.
        ({"dealer": 3, "trump": "Kd", "tricks": ["7s 2h Ks Qs"], "hands": {1: "2s"}}, "revoke"),
    ],
)
def test_a_position_no_match_reaches_is_refused_naming_the_field(
    arguments: dict[str, Any], says: str
) -> None:
    game = arguments.pop("game", None)
    with pytest.raises(ConfigError, match=says):
        malilla.position(game, **arguments)
