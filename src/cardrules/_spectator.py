"""What a spectator may see of a match: the facts of a view that every seat sees alike."""

from __future__ import annotations

from typing import Any

from ._base import FORMAT, BaseState
from ._errors import ConfigError
from ._json import JSON
from ._words import brief

__all__ = ["spectator_view"]


def spectator_view(state: BaseState[Any, Any, Any]) -> dict[str, JSON]:
    """A spectator's view of ``state``: the fields of ``view(seat).to_dict()`` equal for every seat.

    ``seat`` is left out, and so is anything one seat knows alone (a hand, a
    secret pack), unless every seat's view happens to hold the same value.
    The dict is ``{"game", "kind": "spectator", "format", "data"}``, described
    by ``schema(game, "spectator")``; the web table sends it to spectators.
    """
    if not isinstance(state, BaseState):
        raise ConfigError(f"spectator_view expects a game's State; got {brief(state)}")
    views = [state.view(seat).to_dict()["data"] for seat in range(state.game.players)]
    first = views[0]
    assert isinstance(first, dict)
    shared = {
        key: value
        for key, value in first.items()
        if key != "seat" and all(isinstance(v, dict) and v.get(key) == value for v in views)
    }
    return {"game": state.game_name, "kind": "spectator", "format": FORMAT, "data": shared}
