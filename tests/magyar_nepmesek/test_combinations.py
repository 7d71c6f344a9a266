"""Groups, rows, the lone +4, Pinkó's limits and scoring."""

from __future__ import annotations

from cardrules.magyar_nepmesek import Lay, MeldKind
from cardrules.magyar_nepmesek._melds import lay_options, make_meld, purple_meld

from ..helpers import refused
from .builders import (
    FIFTH_STARTER,
    MUG,
    N1,
    N3,
    P1,
    P1B,
    P2,
    P3,
    P3B,
    P4,
    PALACE,
    PINKO,
    SATCHEL,
    STARTER,
    position,
)

T = STARTER.table


def options(*cards: str) -> set[tuple[tuple[str, ...], tuple[int, ...]]]:
    return set(lay_options(tuple(sorted(cards)), T))


class TestGroups:
    """ "Group (Csoport): two or more completely identical positive (+) cards.\""""

    def test_identical_pair_and_triple(self) -> None:
        """ "two or more completely identical positive (+) cards"."""
        found = options(P1, P1, P1)
        assert ((P1, P1), (1, 1)) in found and ((P1, P1, P1), (1, 1, 1)) in found

    def test_same_value_other_picture_is_not_a_group(self) -> None:
        """ "completely identical": a +1 with another picture does not pair (ruling 4)."""
        assert options(P1, P1B) == set()

    def test_lone_plus_four(self) -> None:
        """ "A single +4 card: one card with value +4 on its own."."""
        assert options(P4) == {((P4,), (4,))}
        assert options(P3) == set()


class TestRows:
    """ "Row (Sor): a row of at least 3 positive cards" of consecutive values (ruling 5)."""

    def test_three_consecutive(self) -> None:
        """The printed example's "2 + 3 + 4" is a row."""
        assert ((P2, P3, P4), (2, 3, 4)) in options(P2, P3, P4)

    def test_gap_is_not_a_row(self) -> None:
        """A row is consecutive: 1, 2, 4 is not one."""
        assert options(P1, P2, P4) == {((P4,), (4,))}

    def test_any_pictures_in_a_row(self) -> None:
        """Pictures do not matter in a row: each value may come from any kind."""
        found = options(P1, P1B, P2, P3)
        assert ((P1, P2, P3), (1, 2, 3)) in found and ((P1B, P2, P3), (1, 2, 3)) in found


class TestPinko:
    """Pinkó: "can replace any of the +1, +2 or +3 ... but the +4 only in a row ... Only one Pinkó"."""

    def test_pinko_in_a_group(self) -> None:
        """ "3 + Pinkó (+3)" is a pair worth 6, as in the printed example."""
        assert ((P3, PINKO), (3, 3)) in options(P3, PINKO)

    def test_pinko_not_alone(self) -> None:
        """ "It cannot be laid down alone"."""
        assert options(PINKO) == set()

    def test_pinko_not_beside_a_four_in_a_pair(self) -> None:
        """ "or as a pair next to a +4"."""
        assert ((P4, PINKO), (4, 4)) not in options(P4, PINKO)

    def test_pinko_as_four_in_a_row(self) -> None:
        """ "but the +4 only in a row"."""
        assert ((P2, P3, PINKO), (2, 3, 4)) in options(P2, P3, PINKO)

    def test_one_pinko_per_laying(self) -> None:
        """ "Only one Pinkó may appear in a single laying down"."""
        assert all(c.count(PINKO) <= 1 for c, _ in options(P1, PINKO, PINKO, P3))
        assert options(PINKO, PINKO) == set()

    def test_illegal_message_names_the_rule(self) -> None:
        """The error names the broken rule, and nothing changes."""
        refused(
            position([(P4, PINKO, P1)]),
            Lay(0, (P4, PINKO), (4, 4)),
            "Pinkó cannot stand beside a \\+4 in a pair",
        )
        refused(position([(PINKO, PINKO, P1)]), Lay(0, (P1, PINKO, PINKO), (1, 2, 3)), "only one Pinkó")


class TestScoring:
    """ "Each player adds up the positive and negative values of the cards laid down in front of them.\""""

    def test_printed_example_is_fifteen(self) -> None:
        """The printed example: 4 + 6 + 9 - 4 = 15 points."""
        melds = (
            make_meld((P1, P1, P1, P1), (1, 1, 1, 1), T),
            make_meld((P3, PINKO), (3, 3), T),
            make_meld((P2, P3B, P4), (2, 3, 4), T),
            purple_meld((N1,), T),
            purple_meld((N3,), T),
        )
        state = position([()], melds=[melds, (), (), ()])
        assert [m.score for m in melds] == [4, 6, 9, -1, -3]
        assert state.scores[0] == 15

    def test_laying_moves_cards_in_front(self) -> None:
        """ "These cards remain in front of you until the end of the game"."""
        state = position([(P1, P1, P1B)]).apply(Lay(0, (P1, P1), (1, 1)))
        assert state.hands[0] == (P1B,)
        assert state.melds[0][0].kind is MeldKind.GROUP and state.scores[0] == 2


class TestFifthEditionCombinations:
    """The Chipped Mug, dual cards and the Palace in combinations."""

    def test_mug_is_a_zero_point_joker(self) -> None:
        """Chipped Mug: "always has a value of zero, but can be used as a Pinkó joker"."""
        found = set(lay_options((MUG, P2), FIFTH_STARTER.table))
        assert ((P2, MUG), (2, 2)) in found
        assert make_meld((P2, MUG), (2, 2), FIFTH_STARTER.table).score == 2

    def test_mug_and_pinko_not_together(self) -> None:
        """One joker per laying: the Mug "can be used as a Pinkó joker" (ruling 26)."""
        found = lay_options(tuple(sorted((MUG, PINKO, P1, P2))), FIFTH_STARTER.table)
        assert all(not (MUG in c and PINKO in c) for c, _ in found)

    def test_satchel_lays_as_plus_one(self) -> None:
        """Holed Satchel: "If laid down as a +1 in a pair, group or row, it is worth +1"."""
        table = FIFTH_STARTER.table
        found = set(lay_options(tuple(sorted((SATCHEL, P1, P2, P3))), table))
        assert ((P1, SATCHEL), (1, 1)) in found and ((SATCHEL, P2, P3), (1, 2, 3)) in found

    def test_palace_only_in_a_row_after_three_and_four(self) -> None:
        """Palace: "it can only be laid down as part of a row, meaning after at least one +3 and one +4"."""
        table = FIFTH_STARTER.table
        assert set(lay_options((PALACE,), table)) == set()
        found = set(lay_options(tuple(sorted((P3, P4, PALACE))), table))
        assert ((P3, P4, PALACE), (3, 4, 5)) in found
        assert ((P3, PINKO, PALACE), (3, 4, 5)) in set(lay_options(tuple(sorted((P3, PINKO, PALACE))), table))
        assert set(lay_options(tuple(sorted((P2, P4, PALACE))), table)) == {((P4,), (4,))}

    def test_complete_row_without_pinko_is_twenty(self) -> None:
        """ "If you manage to make this complete row without using Pinkó ... a total of 20 points"."""
        table = FIFTH_STARTER.table
        assert make_meld((P1, P2, P3, P4, PALACE), (1, 2, 3, 4, 5), table).score == 20
        assert make_meld((PINKO, P2, P3, P4, PALACE), (1, 2, 3, 4, 5), table).score == 15
        assert make_meld((P1B, P2, P3, P4, PALACE), (1, 2, 3, 4, 5), table).kind is MeldKind.ROW
