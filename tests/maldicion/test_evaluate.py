"""The value of a position to a search bot: each seat's share of the win from the cards it still has to shed."""

from __future__ import annotations

import pytest

from cardrules import play
from cardrules.bots import RandomPlayer
from cardrules.maldicion import Game, State
from cardrules.maldicion._evaluate import position_value

from .builders import position


class TestPositionValue:
    """ "be the first to free yourself from your Curse": the fewer cards left to shed, the larger the share."""

    def test_fewer_cards_lead_and_the_shares_add_up_to_one(self) -> None:
        shares = position_value(
            position(["club/fire", "sword/fire gem", "dagger/fire gem shield/water", "gem"], pile="bow/fire")
        )
        assert sum(shares) == pytest.approx(1.0)
        assert shares[0] == shares[3] > shares[1] > shares[2]

    def test_a_team_shares_its_best_members_chances(self) -> None:
        """In ``guild_war`` "seat s freed team t from its Curse": teammates win together."""
        game = Game(players=4, mode="guild_war")
        shares = position_value(
            position(
                ["club/fire", "club/fire gem", "gem sword/water gem", "gem dagger/water"],
                game=game,
                pile="bow/fire",
            )
        )
        assert shares[0] == shares[2] and shares[1] == shares[3]
        assert shares[0] + shares[1] == pytest.approx(1.0) and shares[0] > shares[1]

    def test_a_finished_match_is_worth_its_winners(self) -> None:
        game = Game(players=3)
        final = play(game, [RandomPlayer(s) for s in range(3)], seed=4).final_state
        assert isinstance(final, State)
        assert final.outcome is not None
        assert position_value(final) == tuple(1.0 if s in final.outcome.winners else 0.0 for s in range(3))
