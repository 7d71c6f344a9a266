"""The public names of cardrules.mala_e_cuia."""

from __future__ import annotations

import cardrules
from cardrules import mala_e_cuia


class TestPublicNames:
    """The façade exports the contract's names and the deck tools, and the game is registered."""

    def test_all(self) -> None:
        assert {"Game", "State", "Move", "View", "Deck", "load_deck", "builtin_deck"} <= set(
            mala_e_cuia.__all__
        )
        assert all(hasattr(mala_e_cuia, name) for name in mala_e_cuia.__all__)

    def test_registered(self) -> None:
        assert cardrules.games()["mala_e_cuia"] is mala_e_cuia.Game
        assert cardrules.game("mala_e_cuia", players=6, mode="cooperative") == mala_e_cuia.Game(
            players=6, mode="cooperative"
        )

    def test_moves_read_as_phrases(self) -> None:
        move = mala_e_cuia.Pack(0, "Umbrella", mala_e_cuia.Slot.BONUS)
        assert str(move) == "pack Umbrella (Bonus)"
        assert str(mala_e_cuia.Guess(2, "Passport", mala_e_cuia.Slot.GENERAL)) == "guess Passport (General)"
        assert mala_e_cuia.Move.from_dict(move.to_dict()) == move
        assert repr(move) == "Pack(0, 'Umbrella', Slot.BONUS)"
        assert eval(repr(move), vars(mala_e_cuia)) == move
        assert repr(mala_e_cuia.Guess(1, "Umbrella", "bonus")) == "Guess(1, 'Umbrella', 'bonus')"  # type: ignore[arg-type]
