"""mala_e_cuia.position: a position named in part is completed by a seed, checked, and refused naming
the argument when no match reaches it."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardrules import ConfigError, mala_e_cuia
from cardrules.mala_e_cuia import Competition, Cooperation, Tile
from tests.helpers import reached

PACK = (["Umbrella", "Passport", "Raincoat"], "Flashlight")


def _named(game: mala_e_cuia.Game, tile: Tile) -> mala_e_cuia.Packed:
    names = game.deck.names
    return [names[f] for f in sorted(tile.general)], None if tile.bonus is None else names[tile.bonus]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32), steps=st.integers(0, 40), game=st.sampled_from(mala_e_cuia.Game.examples())
)
def test_every_first_round_position_is_built_from_its_description(
    seed: int, steps: int, game: mala_e_cuia.Game
) -> None:
    state = reached(game, seed, steps)
    assert isinstance(state, mala_e_cuia.State)
    progress = state.progress
    arguments: dict[str, Any] = {
        "table": [game.deck.names[f] for f in state.table],
        "tiles": [_named(game, t) for t in state.tiles],
    }
    if isinstance(progress, Competition):
        if progress.round > 1 or state.is_terminal:
            return
        arguments["situation"] = game.deck.situations[progress.situation].id
    else:
        assert isinstance(progress, Cooperation)
        if progress.reveals:
            return
        arguments |= {
            "situations": progress.situations,
            "first_protagonist": progress.first_protagonist,
            "guess": _named(game, progress.guess),
        }
    built = mala_e_cuia.position(game, seed=seed, **arguments)
    assert attrs.evolve(built, rng=state.rng) == state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    game=st.sampled_from(mala_e_cuia.Game.examples()),
)
# A flipped table keeps its order: the one built must show the cards in the order named (a case the
# random draws reach rarely, as most steps end the match first).
@example(seed=0, steps=20, game=next(g for g in mala_e_cuia.Game.examples() if g.new_items == "flip"))
def test_every_later_position_is_built_from_its_rounds_or_reveals(
    seed: int, steps: int, game: mala_e_cuia.Game
) -> None:
    """Competitive: the tiles of the rounds before give the scores; the tables follow New Destination
    (swapped or flipped). Cooperative: the team's guesses give the reveals and the scores."""
    state = reached(game, seed, steps)
    assert isinstance(state, mala_e_cuia.State)
    if state.is_terminal:
        return
    progress = state.progress
    arguments: dict[str, Any] = {
        "table": [game.deck.names[f] for f in state.table],
        "tiles": [_named(game, t) for t in state.tiles],
    }
    if isinstance(progress, Competition):
        arguments |= {
            "round_number": progress.round,
            "situation": progress.situation,
            "rounds": [[_named(game, t) for t in result.tiles] for result in progress.rounds],
        }
        built = mala_e_cuia.position(game, seed=seed, **arguments)
        done = built.progress
        assert isinstance(done, Competition)
        assert (built.table, built.tiles, built.scores) == (state.table, state.tiles, state.scores)
        assert (done.round, done.situation, done.flipped) == (
            progress.round,
            progress.situation,
            progress.flipped,
        )
        assert [r.tiles for r in done.rounds] == [r.tiles for r in progress.rounds]
        assert [r.points for r in done.rounds] == [r.points for r in progress.rounds]
        assert len(done.discarded_items) == len(progress.discarded_items)
    else:
        assert isinstance(progress, Cooperation)
        arguments |= {
            "situations": progress.situations,
            "first_protagonist": progress.first_protagonist,
            "guess": _named(game, progress.guess),
            "reveals": [_named(game, reveal.guess) for reveal in progress.reveals],
        }
        built = mala_e_cuia.position(game, seed=seed, **arguments)
        assert attrs.evolve(built, rng=state.rng) == state
    while not built.is_terminal:
        built = built.apply(built.legal_moves()[seed % len(built.legal_moves())])


def test_a_later_round_is_drawn_by_the_seed_when_not_named() -> None:
    """ "A competitive game of Mala e Cuia is played over 4 rounds": round 3 has two rounds before it."""
    state = mala_e_cuia.position(round_number=3, tiles=[PACK], seed=2)
    progress = state.progress
    assert isinstance(progress, Competition)
    assert (progress.round, len(progress.rounds), len(progress.discarded_situations)) == (3, 2, 2)
    assert state.scores == tuple(map(sum, zip(*(r.points for r in progress.rounds), strict=True)))
    assert state.current_player == 1
    named = mala_e_cuia.position(round_number=2, rounds=[[PACK] * 4], seed=2)
    # Four seats packing the same items share every General item (2 points each) and the Bonus (4).
    assert named.scores == (10, 10, 10, 10)


def test_what_is_not_named_is_drawn_by_the_seed() -> None:
    states = {mala_e_cuia.position(tiles=[PACK], seed=seed) for seed in range(6)}
    assert len({s.table for s in states}) == 6
    for state in states:
        assert state.current_player == 1 and state.tiles[0].complete and len(state.table) == 12
        assert {state.game.deck.names[f] for f in state.tiles[0].items} <= {
            state.game.deck.names[f] for f in state.table
        }


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"tiles": {1: PACK}}, "not packed in seat order"),
        ({"table": ["Nope"]}, "table names 'Nope'"),
        ({"table": "Umbrella"}, "table must be a list"),
        ({"tiles": [(["Umbrella", "Sun hat"], None)]}, "twice"),
        ({"tiles": [(["Umbrella"] * 2, None)]}, "distinct"),
        ({"tiles": [(["Umbrella", "Passport", "Raincoat", "Flashlight"], None)]}, "at most 3"),
        ({"tiles": [(["Umbrella"], 7)]}, r"tiles\[0\].bonus"),
        ({"tiles": [PACK], "guess": (["Umbrella"], None)}, "cooperative"),
        ({"tiles": "x"}, "tiles must be given by seat"),
        ({"tiles": {9: PACK}}, "tiles must be a seat"),
        ({"situation": "no such card"}, "situation must be"),
        ({"situation": 10_000}, "situation must be"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "situation": 1}, "competitive"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "situations": [1, 1, 2, 3]}, "distinct"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "first_protagonist": 1}, "Guess phase"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "tiles": [PACK] * 4, "first_protagonist": 7}, "seat"),
        ({"table": [f"x{i}" for i in range(3)]}, "no item"),
        ({"seed": None}, "seed"),
        ({"round_number": 5}, "round_number must be from 1 to 4"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "round_number": 2}, "round_number must be 1"),
        ({"rounds": [[PACK]]}, "rounds names 1 round before round 1"),
        ({"round_number": 2, "rounds": [{0: (["Umbrella"], None)}]}, r"rounds\[0\]\[0\] is not complete"),
        # The default game swaps the Item cards at round 2: the Umbrella's card is discarded.
        ({"round_number": 2, "rounds": [[PACK]], "table": ["Sun hat"]}, "a swap separates"),
        ({"reveals": [PACK]}, "reveals belong to a cooperative"),
        ({"game": mala_e_cuia.Game(mode="cooperative"), "reveals": [PACK]}, "after the packing"),
        (
            {"game": mala_e_cuia.Game(mode="cooperative"), "tiles": [PACK] * 4, "reveals": [PACK] * 5},
            "hold 5",
        ),
    ],
)
def test_a_position_no_match_reaches_is_refused_naming_the_argument(
    arguments: dict[str, Any], says: str
) -> None:
    game = arguments.pop("game", None)
    with pytest.raises(ConfigError, match=says):
        mala_e_cuia.position(game, **arguments)
