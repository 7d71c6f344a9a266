"""The public face of ``cardrules.maldicion``."""

from __future__ import annotations

import cardrules
from cardrules import maldicion


class TestExports:
    """The façade exports exactly these names, and the game is registered."""

    def test_all(self) -> None:
        """A change to the public names is a deliberate one."""
        assert sorted(maldicion.__all__) == sorted(
            [
                "ACTION_DECK",
                "CARDS",
                "Accept",
                "CallOut",
                "Card",
                "ChooseHero",
                "Deal",
                "Discard",
                "DiscardCurse",
                "Draw",
                "Element",
                "Event",
                "EventKind",
                "Figure",
                "Game",
                "Give",
                "Group",
                "Hero",
                "Known",
                "Match",
                "Memory",
                "Move",
                "NameElement",
                "Pass",
                "Phase",
                "Play",
                "Reflex",
                "Silent",
                "State",
                "UseAbility",
                "View",
            ]
        )
        assert all(hasattr(maldicion, name) for name in maldicion.__all__)

    def test_registered(self) -> None:
        """``cardrules.game("maldicion", ...)`` builds the game from its options."""
        assert cardrules.game("maldicion", players=2, mode="pvp") == maldicion.Game(players=2, mode="pvp")

    def test_moves_read_as_phrases(self) -> None:
        """``str(move)`` is a short human phrase; JSON names the kind of move."""
        move = maldicion.Play(1, maldicion.Card.parse("gem"), element=maldicion.Element.WATER)
        assert str(move) == "play gem naming water"
        data = move.to_dict()["data"]
        assert isinstance(data, dict) and data["type"] == "play"
        assert maldicion.Move.from_dict(move.to_dict()) == move
