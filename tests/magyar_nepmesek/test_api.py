"""The public face of ``cardrules.magyar_nepmesek``."""

from __future__ import annotations

import cardrules
from cardrules import magyar_nepmesek
from cardrules._pending import Pending as CorePending
from cardrules.magyar_nepmesek import Event, EventKind, Game, Pending


class TestExports:
    """The façade's names resolve."""

    def test_all(self) -> None:
        """Every public name is there (tests/core/test_exports.py pins the list) and the game is registered."""
        assert all(hasattr(magyar_nepmesek, name) for name in magyar_nepmesek.__all__)
        assert cardrules.game("magyar_nepmesek").__class__ is Game

    def test_the_types_public_attributes_return(self) -> None:
        """``state.pending`` is a core :class:`~cardrules._pending.Pending`; ``state.events`` are Events."""
        state = Game(variant="advanced").new_state(5)
        assert isinstance(state.pending, Pending) and isinstance(state.pending, CorePending)
        assert all(isinstance(e, Event) and isinstance(e.kind, EventKind) for e in state.events)
        assert state.view(0).events == state.events
