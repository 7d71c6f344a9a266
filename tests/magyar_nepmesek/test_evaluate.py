"""The value of a position to a search bot: each seat's share of the win from the points it would end with."""

from __future__ import annotations

import pytest

from cardrules import play
from cardrules.bots import RandomPlayer
from cardrules.magyar_nepmesek import Meld, State
from cardrules.magyar_nepmesek._evaluate import position_value
from cardrules.magyar_nepmesek._melds import make_meld

from .builders import N3, P1, P2, P3, P4, STARTER, position


def _row(*cards: str) -> Meld:
    return make_meld(cards, tuple(range(1, len(cards) + 1)), STARTER.table)


class TestPositionValue:
    """ "The winner is the player who has collected the most points": laid points count, and the
    purple cards a seat would have to lay down at the end count against it."""

    def test_level_seats_share_evenly_and_the_shares_add_up_to_one(self) -> None:
        shares = position_value(position([(P1,), (P1,), (P1,), (P1,)]))
        assert shares == pytest.approx((0.25,) * 4)

    def test_laid_points_lead(self) -> None:
        laid: list[tuple[Meld, ...]] = [(_row(P1, P2, P3, P4),), (), (), ()]
        shares = position_value(position([(P1,)] * 4, melds=laid))
        assert sum(shares) == pytest.approx(1.0)
        assert shares[0] > 0.9 and shares[1] == shares[2] == shares[3]

    def test_purple_cards_in_hand_count_against_their_holder(self) -> None:
        shares = position_value(position([(P1, N3), (P1,), (P1,), (P1,)]))
        assert shares[0] < shares[1] == shares[2] == shares[3]

    def test_a_finished_match_is_worth_its_winners(self) -> None:
        final = play(STARTER, [RandomPlayer(s) for s in range(4)], seed=4).final_state
        assert isinstance(final, State)
        assert final.outcome is not None
        assert position_value(final) == tuple(1.0 if s in final.outcome.winners else 0.0 for s in range(4))
