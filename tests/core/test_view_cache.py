"""A state builds each seat's view once and keeps it, like its legal moves."""

from __future__ import annotations

import pytest

from cardrules import ConfigError, games


@pytest.mark.parametrize("name", sorted(games()))
def test_a_view_is_built_once_per_state_and_seat(name: str) -> None:
    game = games()[name]()
    state = game.new_state(seed=5)
    first = state.view(1)
    assert state.view(1) is first
    assert state.view(0) is not first and state.view(0).seat == 0
    assert state.apply(state.legal_moves()[0]).view(1) is not first


@pytest.mark.parametrize("name", sorted(games()))
def test_a_kept_view_does_not_let_bad_seats_through(name: str) -> None:
    game = games()[name]()
    state = game.new_state(seed=5)
    state.view(1)
    for seat in (True, 1.0, "1", -1, game.players):
        with pytest.raises(ConfigError, match="seat must be an integer"):
            state.view(seat)


def test_the_kept_views_are_not_part_of_the_value() -> None:
    game = games()["malilla"]()
    viewed, fresh = game.new_state(seed=5), game.new_state(seed=5)
    viewed.view(2)
    assert viewed == fresh and hash(viewed) == hash(fresh)
    assert viewed.to_dict() == fresh.to_dict()
