"""Cooperative mode: packing, the Guess phase, the shared outcome and its performance band."""

from __future__ import annotations

import attrs
import pytest

from cardrules import IllegalMoveError, play
from cardrules.bots import RandomPlayer
from cardrules.mala_e_cuia import Band, Cooperation, CooperationSeen, Game, Guess, Pack, Slot, State

from ..helpers import refused
from .builders import TABLE10, cooperative, tile

PACKS = [
    (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
    (["Raincoat", "Sleeping bag", "Hiking boots"], "Power bank"),
    (["Passport", "First-aid kit", "Umbrella"], "Raincoat"),
]


def guessing(first: int = 0) -> State:
    """Three seats have packed PACKS; seat ``first`` is the first protagonist."""
    return cooperative([tile(*p) for p in PACKS], situations=(4, 9, 17), first_protagonist=first)


class TestSetup:
    """Rulebook: "Shuffle all Situation Cards and deal one face down to each player" and "place 10 of them in the
    center of the table with random faces turned up"."""

    def test_each_seat_gets_its_own_situation_and_ten_items_lie_face_up(self) -> None:
        state = Game(players=6, mode="cooperative").new_state(4)
        assert isinstance(state.progress, Cooperation)
        assert len(set(state.progress.situations)) == 6
        assert len(state.table) == 10 and len({f // 2 for f in state.table}) == 10
        assert {f % 2 for s in range(30) for f in Game(mode="cooperative").new_state(s).table} == {0, 1}


class TestPacking:
    """Rulebook: "Each player must choose exactly 4 of the 10 available items on the table that they would take for the
    situation they received"."""

    def test_the_ten_items_on_the_table_in_either_field(self) -> None:
        state = cooperative([tile(), tile(), tile()])
        assert {(m.item, m.slot) for m in state.legal_moves()} == {(n, s) for n in TABLE10 for s in Slot}
        assert all(isinstance(m, Pack) and m.seat == 0 for m in state.legal_moves())
        refused(state, Pack(0, "Water bottle", Slot.GENERAL), "not one of the 10 items on the table")

    def test_one_item_in_the_bonus_field_and_three_in_the_general_field(self) -> None:
        """Rulebook: "One of the 4 items must be written in the BONUS field ... The other 3 items are for the General
        Situation."."""
        state = cooperative([tile(["Umbrella", "Wool sweater"], "Sunscreen"), tile(), tile()])
        refused(
            state, Pack(0, "Flashlight", Slot.BONUS), "BONUS field of seat 0's Suitcase Tile already holds"
        )
        written = {"Umbrella", "Wool sweater", "Sunscreen"}
        assert {m.item for m in state.legal_moves()} == set(TABLE10) - written
        full = cooperative([tile(["Umbrella", "Wool sweater", "Flashlight"]), tile(), tile()])
        refused(full, Pack(0, "Raincoat", Slot.GENERAL), "the 4th item must be the Bonus item")

    def test_the_guess_phase_waits_for_every_tile(self) -> None:
        """Rulebook: "When all players have finished, the game proceeds to the Guess phase."."""
        general, bonus = PACKS[2]
        state = cooperative([tile(*PACKS[0]), tile(*PACKS[1]), tile(general[:2])], situations=(1, 2, 3))
        state = state.apply(Pack(2, general[2], Slot.GENERAL))
        assert state.packing and state.current_player == 2
        assert isinstance(state.progress, Cooperation) and state.progress.first_protagonist is None
        after = state.apply(Pack(2, bonus, Slot.BONUS))
        assert not after.packing and isinstance(after.progress, Cooperation)
        assert after.progress.first_protagonist is not None

    def test_the_guess_phase_starts_with_a_random_protagonist_once_everyone_packed(self) -> None:
        firsts = set()
        for seed in range(12):
            state = cooperative([tile(*PACKS[0]), tile(*PACKS[1]), tile()], situations=(1, 2, 3))
            state = attrs.evolve(state, rng=seed)
            after = state.commit(*PACKS[2])
            assert isinstance(after.progress, Cooperation)
            first = after.progress.first_protagonist
            assert first is not None
            firsts.add(first)
            assert after.current_player == (first + 1) % 3
            assert all(isinstance(m, Guess) for m in after.legal_moves())
        assert firsts == {0, 1, 2}


class TestGuess:
    """Rulebook: "For each item that players guessed correctly, the team earns 1 point. For an item to be considered
    correct, it must have been indicated by the other players in the specific situation (General or Bonus)
    originally chosen by the protagonist"."""

    @pytest.mark.parametrize(
        ("general", "bonus", "points"),
        [
            (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen", 5),
            (["Flashlight", "Umbrella", "Wool sweater"], "Raincoat", 3),
            (["Umbrella", "Wool sweater", "Raincoat"], "Sunscreen", 3),
            (["Sunscreen", "Wool sweater", "Flashlight"], "Umbrella", 2),
            (["Passport", "Raincoat", "Power bank"], "Hiking boots", 0),
        ],
    )
    def test_points_for_the_team(self, general: list[str], bonus: str, points: int) -> None:
        state = guessing(first=0)
        assert state.current_player == 1
        after = state.commit(general, bonus)
        assert isinstance(after.progress, Cooperation)
        reveal = after.progress.reveals[0]
        assert reveal.protagonist == 0 and reveal.points == points and reveal.tile == state.tiles[0]
        assert after.scores == (points, 0, 0)

    def test_all_four_right_earns_the_extra_point(self) -> None:
        """Rulebook: "If the team guessed all 4 items correctly, the team earns 1 extra point, totaling 5 points"."""
        after = guessing(first=1).commit(*PACKS[1])
        assert isinstance(after.progress, Cooperation)
        assert after.progress.reveals[0].correct == 4 and after.scores == (0, 5, 0)

    def test_protagonists_follow_clockwise_and_the_next_seat_speaks_for_the_team(self) -> None:
        state = guessing(first=2)
        order = []
        while not state.is_terminal:
            assert isinstance(state.progress, Cooperation)
            protagonist = state.progress.protagonist
            assert protagonist is not None
            order.append((protagonist, state.current_player))
            state = state.commit(list(TABLE10[:3]), TABLE10[3])
        assert order == [(2, 0), (0, 1), (1, 2)]

    def test_the_protagonists_situation_is_read_aloud_and_the_tile_revealed(self) -> None:
        state = guessing(first=0)
        view = state.view(2)
        assert isinstance(view.progress, CooperationSeen)
        assert view.progress.situations == (4, None, 17)
        after = state.commit(*PACKS[0])
        seen = after.view(2).progress
        assert isinstance(seen, CooperationSeen)
        assert seen.situations == (4, 9, 17)  # seat 1 is now the protagonist
        assert seen.reveals[0].tile == state.tiles[0]

    def test_the_team_points_at_four_different_items_one_of_them_for_the_bonus(self) -> None:
        """Rulebook: "Players must explicitly indicate which of these items they believe the protagonist chose for
        the Bonus Situation (B), separating it from the other three": one Bonus item, three General, four
        different items (ruling 15)."""
        state = guessing(first=0).apply(Guess(1, "Umbrella", Slot.BONUS))
        refused(
            state,
            Guess(1, "Flashlight", Slot.BONUS),
            "BONUS field of the team's guess already holds Umbrella",
        )
        refused(state, Guess(1, "Umbrella", Slot.GENERAL), "Umbrella is already written on the team's guess")
        three = guessing(first=0)
        for item in ("Raincoat", "Passport", "Flashlight"):
            three = three.apply(Guess(1, item, Slot.GENERAL))
        refused(
            three, Guess(1, "Sunscreen", Slot.GENERAL), "General field of the team's guess already holds 3"
        )
        assert {m.slot for m in three.legal_moves()} == {Slot.BONUS}

    def test_only_the_seat_after_the_protagonist_points(self) -> None:
        """Rulebook: "the protagonist cannot say anything or gesture to give hints": the protagonist never decides
        during its own turn, and one other seat points for the team (ruling 4)."""
        state = guessing(first=1)
        assert state.current_player == 2
        refused(state, Guess(1, "Umbrella", Slot.GENERAL), "it is seat 2's decision")
        refused(state, Guess(0, "Umbrella", Slot.GENERAL), "it is seat 2's decision")

    def test_no_item_leaves_the_table_between_protagonists(self) -> None:
        """Rulebook: "pointing to the 4 items they believe were chosen by the protagonist from the remaining cards":
        the remaining cards are the 10 on the table, the same for every protagonist (ruling 6)."""
        state = guessing(first=0).commit(*PACKS[0])
        assert state.table == guessing().table
        moves = state.legal_moves()
        assert {(m.item, m.slot) for m in moves} == {(n, s) for n in TABLE10 for s in Slot}
        # Seat 2 packed Umbrella too, already guessed and revealed for seat 0: the team can name it again.
        after = state.commit(*PACKS[1]).commit(*PACKS[2])
        assert after.outcome is not None and after.scores == (5, 5, 5)


class TestEnd:
    """Rulebook: "After all players have been the protagonist in the Guess phase, players sum the points they achieved
    and compare them with the table to check the team's performance"."""

    def test_the_outcome_is_shared_by_the_table(self) -> None:
        state = guessing(first=0)
        for general, bonus in (PACKS[0], PACKS[1], (["Passport", "First-aid kit", "Sunscreen"], "Raincoat")):
            state = state.commit(general, bonus)
        outcome = state.outcome
        assert outcome is not None
        assert state.scores == (5, 5, 3) and state.team_total == 13
        assert outcome.winners == {0, 1, 2} and outcome.scores == (13.0, 13.0, 13.0)
        assert state.band is Band.IMPRESSIVE and "IMPRESSIVE" in outcome.reason

    def test_whole_matches_give_every_seat_one_turn_as_protagonist(self) -> None:
        for players in (3, 8):
            game = Game(players=players, mode="cooperative")
            final = play(game, [RandomPlayer(i) for i in range(players)], seed=players).final_state
            assert isinstance(final, State)
            assert isinstance(final, State)
            assert isinstance(final.progress, Cooperation)
            assert sorted(r.protagonist for r in final.progress.reveals) == list(range(players))
            assert final.team_total == sum(r.points for r in final.progress.reveals)


class TestBands:
    """Rulebook: "0-4 points ... 5-8 points ... 9-11 points ... 12-14 points ... 15 points", the table for three
    players, scaled for the others (ruling 10)."""

    @pytest.mark.parametrize(
        ("total", "band"),
        [
            (0, Band.RETHINK),
            (4, Band.RETHINK),
            (5, Band.GOOD_IDEAS),
            (8, Band.GOOD_IDEAS),
            (9, Band.GREAT_JOB),
            (11, Band.GREAT_JOB),
            (12, Band.IMPRESSIVE),
            (14, Band.IMPRESSIVE),
            (15, Band.PERFECT),
        ],
    )
    def test_three_players_use_the_printed_table(self, total: int, band: Band) -> None:
        assert Band.of(total, 3) is band

    def test_other_counts_scale_the_bounds(self) -> None:
        assert [b.lowest(6) for b in Band] == [0, 10, 18, 24, 30]
        assert [b.lowest(4) for b in Band] == [0, 7, 12, 16, 20]
        for players in range(3, 9):
            assert Band.of(5 * players, players) is Band.PERFECT
            assert Band.of(5 * players - 1, players) is Band.IMPRESSIVE


def test_packs_are_refused_during_the_guess() -> None:
    """Rulebook: "Players make their guess by pointing to the 4 items": no more packing once every tile is face down."""
    state = guessing(first=0)
    with pytest.raises(IllegalMoveError, match="makes the team's guess now"):
        state.apply(Pack(1, "Umbrella", Slot.GENERAL))
