"""mala_suerte.position: a position named in part is completed by a seed, checked, and refused naming
the argument when no match reaches it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ConfigError, mala_suerte
from cardrules.mala_suerte import DECK, Colour, Curse, Step
from tests.helpers import reached


def test_named_cards_stay_where_named_and_the_rest_is_placed_by_the_seed() -> None:
    state = mala_suerte.position(
        hands={0: "red Clover, blue Crows"}, piles={1: "yellow Clover"}, deck="red Crows", turn=0, seed=3
    )
    assert [str(c) for c in state.hands[0]] == ["red Clover", "blue Crows"]
    assert [str(c) for c in state.piles[1]] == ["yellow Clover"] and str(state.deck[0]) == "red Crows"
    assert Counter(
        [
            *state.deck,
            *state.discard,
            *(c for h in state.hands for c in h),
            *(c for p in state.piles for c in p),
        ]
    ) == Counter(DECK)
    assert state == mala_suerte.position(
        hands={0: "red Clover, blue Crows"}, piles={1: "yellow Clover"}, deck="red Crows", turn=0, seed=3
    )
    discarded = mala_suerte.position(
        hands=["red Clover", "blue Crows", "red Crows", "blue Clover"], rest="discard"
    )
    assert not discarded.deck and len(discarded.discard) == 38


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(mala_suerte.Game.examples()),
    seed=st.integers(0, 2**32),
    step=st.sampled_from([s for s in Step if s not in (Step.MULLIGAN, Step.OVER, Step.CROWS_COUNTER)]),
    out=st.integers(0, 5),
    sizes=st.lists(st.integers(0, 7), min_size=6, max_size=6),
    rest=st.sampled_from(["deck", "discard"]),
)
def test_a_built_position_is_reachable_and_plays_on(
    game: mala_suerte.Game, seed: int, step: Step, out: int, sizes: list[int], rest: Any
) -> None:
    n = game.players
    alive = [seat != out for seat in range(n)] if out < n and n > 2 else [True] * n
    cards = list(DECK)
    hands = {}
    for seat in range(n):
        if alive[seat] and sizes[seat]:
            hands[seat], cards = cards[: sizes[seat]], cards[sizes[seat] :]
        elif not alive[seat]:
            hands[seat] = []
    try:
        state = mala_suerte.position(game, hands=hands, alive=alive, step=step, rest=rest, seed=seed)
    except ConfigError as exc:
        assert "mala_suerte position" in str(exc)
        return
    assert game.from_notation(state.to_notation()) == state
    for _ in range(60):
        if state.is_terminal:
            break
        state = state.apply(state.legal_moves()[seed % len(state.legal_moves())])


#: Six kinds of card: a hand of red ones without the blue Crows.
SIX = ["Clover", "Crows", "Black Cat", "Evil Eye", "Horseshoe", "Spilled Salt"]


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"hands": {0: "red Clover, red Clover, red Clover"}}, "more often than the deck holds it"),
        ({"hands": {0: "green Clover"}}, r"hands\[0\] holds 'green Clover'"),
        ({"hands": "red Clover"}, "hands must be given by seat"),
        ({"hands": {9: "red Clover"}}, "hands must be a seat"),
        ({"piles": {0: 5}}, r"piles\[0\] must be cards"),
        ({"hands": {0: ""}, "turn": 0}, "empty at the start of a turn"),
        ({"alive": [True, False, True, True], "hands": {1: "red Clover"}}, "out"),
        ({"alive": [True, False, False, False]}, "fewer than two seats"),
        ({"alive": [1, 1, 1, 1]}, "alive must be"),
        ({"alive": [True, True]}, "alive must be"),
        ({"step": "over"}, "step must be"),
        ({"returns": ["red Clover"]}, "returns and aside belong to the setup's mulligan"),
        ({"step": "mulligan", "turn": 1}, "turn is named, but the mulligan comes before the first turn"),
        ({"step": "mulligan", "returns": ["red Clover"] * 4}, "returns holds 4 seats' returns"),
        ({"step": "mulligan", "aside": "red Clover, " * 7}, "between 1 and 6 cards"),
        (
            {"step": "mulligan", "hands": {0: "red " + ", red ".join(SIX)}, "returns": ["blue Crows"]},
            r"returns\[0\]",
        ),
        ({"step": "mulligan", "discard": "red Clover"}, "no card is played before it"),
        ({"step": "mulligan", "alive": [True, False, True, True]}, "seat out in the mulligan"),
        ({"step": "mulligan", "curse": Curse(1, Colour.RED)}, "mulligan comes before the first"),
        ({"step": "mulligan", "game": mala_suerte.Game(mulligan=False)}, "this game skips"),
        ({"step": Step.CROWS_COUNTER}, "stolen"),
        ({"stolen": Colour.RED}, "stolen"),
        ({"stolen": "red"}, "stolen must be"),
        ({"curse": (0, "red")}, "curse must be"),
        ({"curse": Curse(1, Colour.RED), "alive": [True, False, True, True]}, "out"),
        ({"turn": 4}, "turn must be a seat"),
        ({"turn": 1, "alive": [True, False, True, True]}, "out"),
        ({"rest": "pile"}, "rest must be"),
        ({"clockwise": 1}, "clockwise"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_a_position_no_match_reaches_is_refused_naming_the_argument(
    arguments: dict[str, Any], says: str
) -> None:
    game = arguments.pop("game", None)
    with pytest.raises(ConfigError, match=says):
        mala_suerte.position(game, **arguments)


class TestMulligan:
    """The setup's mulligan: "(Optional) Anyone may return between 1 and 6 cards to the deck, once"."""

    def test_the_seats_that_decided_and_the_deciding_seat_hold_what_they_return(self) -> None:
        state = mala_suerte.position(
            step="mulligan", returns=["red Clover, blue Crows"], aside="yellow Crows"
        )
        assert state.pending == mala_suerte.MulliganChoice(1)
        assert [str(c) for c in state.returns[0]] == ["red Clover", "blue Crows"]
        assert {"red Clover", "blue Crows"} <= {str(c) for c in state.hands[0]}
        assert "yellow Crows" in {str(c) for c in state.hands[1]}
        assert all(len(hand) == 6 for hand in state.hands)
        state = state.apply(mala_suerte.Keep(1))
        assert state.pending == mala_suerte.MulliganChoice(2)

    @settings(max_examples=30, deadline=None)
    @given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), players=st.integers(2, 6))
    def test_every_reached_mulligan_is_built_from_its_description(
        self, seed: int, steps: int, players: int
    ) -> None:
        game = mala_suerte.Game(players=players, mulligan=True)
        state = reached(game, seed, steps)
        assert isinstance(state, mala_suerte.State)
        if state.step is not Step.MULLIGAN:
            return
        built = mala_suerte.position(
            game,
            hands=state.hands,
            deck=state.deck,
            step="mulligan",
            returns=state.returns,
            aside=state.aside,
            seed=seed,
        )
        assert attrs.evolve(built, rng=state.rng) == state
