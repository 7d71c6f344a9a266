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
        ({"hand_number": 2}, "last_hand must be given"),
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
