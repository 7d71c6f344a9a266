"""magyar_nepmesek.position: a position named in part is completed by a seed, checked, and refused
naming the argument when no match reaches it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ConfigError, magyar_nepmesek
from cardrules.magyar_nepmesek import Category, Main
from cardrules.magyar_nepmesek._validate import draw_thirds
from tests.helpers import reached

GAME = magyar_nepmesek.Game()


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    game=st.sampled_from(magyar_nepmesek.Game.examples()),
)
def test_every_reached_position_is_built_from_its_description(
    seed: int, steps: int, game: magyar_nepmesek.Game
) -> None:
    state = reached(game, seed, steps)
    assert isinstance(state, magyar_nepmesek.State)
    if state.is_terminal:
        return
    built = magyar_nepmesek.position(
        game,
        hands=[list(h) for h in state.hands],
        draw=list(state.draw),
        discard=list(state.discard),
        melds=[list(m) for m in state.melds],
        villages=[list(v) for v in state.villages],
        turn=state.turn,
        pending=state.pending,
        skips=list(state.skips),
        final=state.final,
        last_drawer=state.last_drawer,
        seed=seed,
    )
    # What each seat learned, the last move's events and the generator are not named.
    assert attrs.evolve(built, events=state.events, board=state.board) == state
    assert built.board == attrs.evolve(state.board, rng=built.rng, known=built.known)


@pytest.mark.parametrize("size", [0, 1, 5, 20, 40, 58])
def test_the_draw_pile_is_stacked_as_the_setup_stacks_it(size: int) -> None:
    final: dict[str, Any] = {"final": 1, "last_drawer": 3} if size == 0 else {}
    for seed in range(8):
        state = magyar_nepmesek.position(draw=size, turn=0, seed=seed, **final)
        assert len(state.draw) == size and [len(h) for h in state.hands] == [7, 7, 7, 7]
        category = GAME.table.category
        for low, high in draw_thirds(state.zones):
            midnights = sum(category[c] is Category.MIDNIGHT for c in state.draw[low:high])
            assert midnights == 1 if size >= high else midnights <= 1
        counted = Counter([*state.draw, *state.discard, *(c for h in state.hands for c in h)])
        assert counted == Counter(GAME.table.cards)
        assert state.pending == Main(0) and state.legal_moves() != ()


def test_named_cards_stay_and_a_scenario_plays() -> None:
    state = magyar_nepmesek.position(
        hands={0: ["plus1-piglet", "plus1-piglet", "pinko"]},
        draw=10,
        discard=["minus2-witch"],
        turn=0,
        seed=5,
    )
    assert state.hands[0] == ("pinko", "plus1-piglet", "plus1-piglet") and state.discard[-1] == "minus2-witch"
    assert any("lay down" in str(m) for m in state.legal_moves())


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"hands": {0: ["nope"]}}, r"hands\[0\] holds 'nope'"),
        ({"hands": {0: "plus1-piglet"}}, r"hands\[0\] must be a list"),
        ({"hands": {9: []}}, "hands must be a seat"),
        ({"hands": {0: ["plus4-king"] * 9}}, "more often than the deck holds"),
        ({"draw": 59}, "draw must hold from 0 to 58"),
        ({"draw": -1}, "draw must hold"),
        ({"draw": "x"}, "draw must be a list"),
        ({"draw": ["midnight", "midnight"]}, "Midnights"),
        ({"draw": 0}, "final"),
        ({"final": 1, "last_drawer": 0}, "draw holds cards in the final round"),
        ({"turn": 4}, "turn must be a seat"),
        ({"skips": [True]}, "skips must be"),
        ({"pending": "main"}, "pending must be"),
        ({"pending": Main(2), "turn": 1}, "pending.seat"),
        ({"melds": {0: ["x"]}}, r"melds\[0\] must be a list"),
        ({"villages": {0: ["nope"]}}, r"villages\[0\] holds 'nope'"),
        ({"seed": 2**2000}, "seed"),
        ({"game": "magyar"}, "game must be"),
    ],
)
def test_a_position_no_match_reaches_is_refused_naming_the_argument(
    arguments: dict[str, Any], says: str
) -> None:
    game = arguments.pop("game", None)
    with pytest.raises(ConfigError, match=says):
        magyar_nepmesek.position(game, **arguments)


def test_the_small_variant_deals_its_own_hands_of_two() -> None:
    """``variant="mini"`` deals two cards a seat: the builder completes unnamed hands the same way."""
    game = magyar_nepmesek.Game(players=2, variant="mini")
    built = magyar_nepmesek.position(game, seed=1)
    assert [len(hand) for hand in built.hands] == [game.hand_size] * 2 == [2, 2]
    assert sorted(c for hand in built.hands for c in hand) == sorted(
        c for c in game.table.cards if game.table.category[c] is not Category.MIDNIGHT
    )
    assert built.legal_moves()
