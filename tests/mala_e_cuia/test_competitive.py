"""Competitive mode: Compare Luggage, New Destination and the end of the game, from chosen positions."""

from __future__ import annotations

import itertools

import pytest

from cardrules import ConfigError, Record, play
from cardrules.bots import RandomPlayer
from cardrules.mala_e_cuia import (
    Competition,
    Deck,
    Game,
    Item,
    ItemCard,
    NewItems,
    Pack,
    Slot,
    State,
    Tile,
    builtin_deck,
    compare_luggage,
    guess_points,
)
from cardrules.mala_e_cuia._progress import refresh_plan

from ..helpers import refused
from .builders import TABLE12, competitive, face, tile

G = Game(players=3)
G4 = Game(players=4)


def last_pack(state: State, general: list[str], bonus: str) -> Competition:
    """The last seat packs; returns the progress after Compare Luggage."""
    after = state.commit(general, bonus)
    assert isinstance(after.progress, Competition)
    return after.progress


class TestSetup:
    """Rulebook (competitive): "Shuffle all Situation Cards and reveal one in the center of the table. The remaining
    Situation Cards are left in a pile next to the play area." and "Shuffle all Item Cards and place 12 of them in
    the center of the table, with random faces turned up."."""

    def test_one_situation_is_revealed_to_every_seat_and_twelve_items_lie_face_up(self) -> None:
        state = G4.new_state(5)
        progress = state.progress
        assert isinstance(progress, Competition)
        assert progress.round == 1 and progress.discarded_situations == () and progress.discarded_items == ()
        assert all(state.view(seat).situation == G4.deck.situations[progress.situation] for seat in range(4))
        assert len(state.table) == 12 and len({f // 2 for f in state.table}) == 12
        assert not progress.flipped

    def test_the_situation_and_the_faces_are_random(self) -> None:
        states = [G4.new_state(seed) for seed in range(30)]
        assert len({s.progress.situation for s in states if isinstance(s.progress, Competition)}) > 10
        assert {f % 2 for s in states for f in s.table} == {0, 1}

    def test_the_first_round_skips_new_destination(self) -> None:
        """Rulebook: "Skip this phase in the first round.": round 1 is packed for the Situation card and the items
        of the setup."""
        state = G.new_state(8)
        setup, table = state.progress, state.table
        assert isinstance(setup, Competition)
        while isinstance(state.progress, Competition) and not state.progress.rounds:
            state = state.apply(state.legal_moves()[0])
        assert isinstance(state.progress, Competition)
        first = state.progress.rounds[0]
        assert first.round == 1 and first.situation == setup.situation and first.table == table
        assert state.progress.discarded_situations == (setup.situation,)


class TestPacking:
    """Rulebook: "Each player must choose exactly 4 of the 12 available items." "One of the 4 items must be written in
    the BONUS field ... The other 3 items are for the General Situation."."""

    def test_every_item_on_the_table_may_go_in_either_field(self) -> None:
        state = competitive([tile(), tile(), tile()])
        moves = state.legal_moves()
        assert len(moves) == 24
        assert {(m.item, m.slot) for m in moves} == {(n, s) for n in TABLE12 for s in Slot}

    def test_after_three_general_items_only_a_bonus_item_of_the_other_nine_remains(self) -> None:
        state = competitive([tile(["Umbrella", "Wool sweater", "Flashlight"]), tile(), tile()])
        moves = state.legal_moves()
        assert {m.slot for m in moves} == {Slot.BONUS}
        assert {m.item for m in moves} == set(TABLE12[3:])
        refused(state, Pack(0, "Umbrella", Slot.BONUS), "Umbrella is already written")

    def test_a_complete_tile_passes_the_decision_to_the_next_seat(self) -> None:
        """Rulebook: "When finished, each player places their Suitcase Tile face down in front of them and waits until
        all players have also finished.": the round is not scored until the last tile is complete."""
        pack = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")
        state = competitive([tile(), tile(), tile()]).commit(*pack)
        assert state.current_player == 1
        state = state.commit(*pack)
        assert isinstance(state.progress, Competition) and state.progress.rounds == ()
        assert state.scores == (0, 0, 0) and state.current_player == 2


class TestCompareLuggageGeneral:
    """Rulebook: "You receive 2 points for each of the 3 items you chose for the General Situation if at least one
    opponent also chose the same item for the General Situation"."""

    def test_a_general_item_shared_with_one_opponent_scores_two(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Umbrella", "Raincoat", "Sleeping bag"], "Hiking boots"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert progress.rounds[0].points == (2, 2, 0)

    def test_each_shared_general_item_scores_two_however_many_share_it(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Umbrella", "Wool sweater", "Sleeping bag"], "Hiking boots"),
                tile(["Umbrella", "Passport", "Raincoat"], "Power bank"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Umbrella", "First-aid kit", "Raincoat"], "Water bottle")
        # Seat 0: Umbrella, Wool sweater; seat 1: Umbrella, Wool sweater; seat 2: Umbrella, Raincoat;
        # seat 3: Umbrella, Raincoat.  Two points each, not one per opponent.
        assert progress.rounds[0].points == (4, 4, 4, 4)

    def test_a_general_item_nobody_else_chose_as_general_scores_nothing(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Raincoat", "Sleeping bag", "Hiking boots"], "Umbrella"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Passport", "Power bank", "First-aid kit"], "Water bottle")
        # Seat 1 took Umbrella for the Bonus: it does not match seat 0's General Umbrella (ruling 8).
        assert progress.rounds[0].points == (0, 0, 0)


class TestCompareLuggageBonus:
    """Rulebook: "If at least one other player chose the same item as you for the Bonus Situation, gain a number of
    points equal to the number of players who chose this same bonus item (including you)"."""

    def test_a_bonus_item_shared_by_two_scores_two_each(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Raincoat", "Sleeping bag", "Hiking boots"], "Sunscreen"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert progress.rounds[0].points == (2, 2, 0)

    def test_a_bonus_item_shared_by_three_scores_three_each(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Raincoat", "Sleeping bag", "Hiking boots"], "Sunscreen"),
                tile(["Passport", "Power bank", "First-aid kit"], "Water bottle"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Insect repellent", "Power bank", "Hiking boots"], "Sunscreen")
        assert progress.rounds[0].points == (3, 3 + 2, 0 + 2, 3 + 2 + 2)

    def test_a_lone_bonus_item_scores_nothing(self) -> None:
        state = competitive(
            [
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"),
                tile(["Umbrella", "Wool sweater", "Flashlight"], "Raincoat"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert progress.rounds[0].points == (6, 6, 0)

    def test_a_bonus_item_another_seat_chose_as_general_scores_nothing(self) -> None:
        state = competitive(
            [
                tile(["Sunscreen", "Wool sweater", "Flashlight"], "Umbrella"),
                tile(["Umbrella", "Raincoat", "Sleeping bag"], "Sunscreen"),
                tile(),
            ]
        )
        progress = last_pack(state, ["Umbrella", "Sunscreen", "First-aid kit"], "Water bottle")
        # Seat 0's Bonus Umbrella is General for seats 1 and 2: no Bonus points for it.  Seats 1 and 2
        # share General Umbrella; seat 0's General Sunscreen matches seat 2's General Sunscreen.
        assert progress.rounds[0].points == (2, 2, 4)

    def test_everyone_packing_the_same_scores_the_most(self) -> None:
        pack = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")
        state = competitive([tile(*pack)] * 3 + [tile()])
        progress = last_pack(state, *pack)
        assert progress.rounds[0].points == (6 + 4,) * 4


class TestRunningTotal:
    """Rulebook: "If there are already points recorded from the previous round, erase them and record the summed values"."""

    def test_round_points_add_to_the_scores(self) -> None:
        state = competitive(
            [tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")] * 2 + [tile()],
            scores=(5, 7, 1),
            round=2,
        )
        after = state.commit(["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert after.scores == (5 + 8, 7 + 8, 1)


class TestNewDestination:
    """Rulebook: "Discard the Situation Card from the previous round and reveal a new random card from the pile" and
    "Swap the 12 Item Cards from the previous round for another 12 from the pile (or you can simply flip the
    Item Cards to their other side, if you haven't used their backs yet in this game)"."""

    def finish_round(self, state: State) -> State:
        names = [state.game.deck.names[f] for f in state.table]
        for _ in range(state.game.players):
            state = state.commit(names[:3], names[3])
        return state

    def test_swap_discards_the_situation_and_the_items(self) -> None:
        before = competitive([tile(), tile(), tile()], situation=5)
        after = self.finish_round(before)
        progress = after.progress
        assert isinstance(progress, Competition)
        assert progress.round == 2 and progress.discarded_situations == (5,) and progress.situation != 5
        old_cards = {f // 2 for f in before.table}
        assert set(progress.discarded_items) == old_cards
        assert not old_cards & {f // 2 for f in after.table} and not progress.flipped
        assert all(t.size == 0 for t in after.tiles)

    def test_flip_shows_the_other_sides(self) -> None:
        before = competitive([tile(), tile(), tile()], game=Game(players=3, new_items="flip"))
        after = self.finish_round(before)
        assert after.table == tuple(f ^ 1 for f in before.table)
        assert isinstance(after.progress, Competition) and after.progress.flipped
        assert after.progress.discarded_items == ()

    def test_flipped_cards_are_swapped_rather_than_flipped_twice(self) -> None:
        game = Game(players=3, new_items="flip")
        before = competitive([tile(), tile(), tile()], game=game, round=2, flipped=True, table=_backs(game))
        after = self.finish_round(before)
        assert isinstance(after.progress, Competition)
        assert not {f // 2 for f in before.table} & {f // 2 for f in after.table}
        assert not after.progress.flipped

    def test_swap_falls_back_to_flip_when_the_pile_is_short(self) -> None:
        deck = builtin_deck()
        game = Game(players=3, content=Deck("short", deck.situations[:4], deck.items[:36]))
        before = competitive(
            [tile(), tile(), tile()], game=game, round=3, discarded_items=tuple(range(12, 36)), situation=2
        )
        after = self.finish_round(before)
        assert after.table == tuple(f ^ 1 for f in before.table)

    def test_swap_flips_while_the_pile_cannot_supply_the_rounds_after(self) -> None:
        """Ruling 12, round by round with 30 Item cards: after round 1 the pile holds 18, enough for one swap but
        not for the swap that must follow it, so the table is flipped; after round 2 the flipped cards cannot be
        flipped again ("if you haven't used their backs yet in this game"), so they are swapped for 12 of the 18;
        after round 3 the 6 left cannot make a swap, so the new cards are flipped."""
        deck = builtin_deck()
        game = Game(players=3, content=Deck("thirty", deck.situations[:4], deck.items[:30]))
        round1 = competitive([tile(), tile(), tile()], game=game)
        round2 = self.finish_round(round1)
        assert isinstance(round2.progress, Competition) and round2.progress.round == 2
        assert round2.table == tuple(f ^ 1 for f in round1.table)
        assert round2.progress.flipped and round2.progress.discarded_items == ()
        round3 = self.finish_round(round2)
        assert isinstance(round3.progress, Competition) and not round3.progress.flipped
        assert set(round3.progress.discarded_items) == set(range(12))
        assert {f // 2 for f in round3.table} <= set(range(12, 30))
        round4 = self.finish_round(round3)
        assert isinstance(round4.progress, Competition) and round4.progress.round == 4
        assert round4.table == tuple(f ^ 1 for f in round3.table) and round4.progress.flipped
        assert self.finish_round(round4).outcome is not None

    def test_swap_and_flip_accept_every_deck_some_sequence_supplies(self) -> None:
        """Ruling 12: a deck is refused only if no sequence of swaps and flips lasts 4 rounds, a swap taking 12 cards
        from the pile and a flip needing backs unused; ``"swap"`` swaps at the first New Destination where some
        lasting sequence swaps, ``"flip"`` flips wherever some lasting sequence flips."""
        for cards in range(0, 101):
            lasting = [plan for plan in itertools.product(("swap", "flip"), repeat=3) if _lasts(cards, plan)]
            for new_items in ("swap", "flip"):
                if lasting:
                    first = min(lasting, key=lambda plan: [step != new_items for step in plan])
                    assert refresh_plan(new_items, cards, 12) == first, (new_items, cards)
                    Game(new_items=new_items, content=Deck("d", builtin_deck().situations[:4], _items(cards)))
                else:
                    assert refresh_plan(new_items, cards, 12) is None
                    with pytest.raises(ConfigError, match="at least 24 are needed"):
                        Game(
                            new_items=new_items,
                            content=Deck("d", builtin_deck().situations[:4], _items(cards)),
                        )

    def test_swap_with_36_cards_or_more_swaps_while_the_pile_holds_12(self) -> None:
        """Decks of 36 cards or more play as before ruling 12 looked at the rounds left: swap while the pile holds 12
        cards, else flip (so the built-in deck of 64 swaps every round)."""
        for cards in range(36, 101):
            pile, flipped, plan = cards - 12, False, []
            for _ in range(3):
                if pile >= 12:
                    pile, flipped = pile - 12, False
                    plan.append("swap")
                else:
                    assert not flipped
                    flipped = True
                    plan.append("flip")
            assert refresh_plan("swap", cards, 12) == tuple(plan)

    @pytest.mark.parametrize(
        ("new_items", "cards", "plan"),
        [
            ("flip", 24, ("flip", "swap", "flip")),
            ("flip", 64, ("flip", "swap", "flip")),
            ("swap", 24, ("flip", "swap", "flip")),
            ("swap", 30, ("flip", "swap", "flip")),
            ("swap", 35, ("flip", "swap", "flip")),
            ("swap", 36, ("swap", "swap", "flip")),
            ("swap", 47, ("swap", "swap", "flip")),
            ("swap", 48, ("swap", "swap", "swap")),
            ("swap", 64, ("swap", "swap", "swap")),
        ],
    )
    def test_four_rounds_of_items_from_the_deck(
        self, new_items: NewItems, cards: int, plan: tuple[str, ...]
    ) -> None:
        """Rulebook: swap "for another 12 from the pile (or you can simply flip the Item Cards to their other side,
        if you haven't used their backs yet in this game)": a card is flipped at most once, and swapped-in cards
        were never on the table (rulings 12 and 13).  With ``"swap"`` a deck of 24 to 35 cards swaps only when the
        pile can still supply the rounds after, so it flips first."""
        deck = builtin_deck()
        content = Deck("d", deck.situations[:4], deck.items[:cards])
        game = Game(players=3, new_items=new_items, content=content)
        final = play(game, [RandomPlayer(i) for i in range(3)], seed=cards).final_state
        assert isinstance(final, State) and isinstance(final.progress, Competition)
        tables = [r.table for r in final.progress.rounds]
        faces = [f for table in tables for f in table]
        assert len(set(faces)) == len(faces), "no face is shown twice, so no card is flipped twice"
        rounds_of: dict[int, list[int]] = {}
        for number, table in enumerate(tables):
            for f in table:
                rounds_of.setdefault(f // 2, []).append(number)
        # A card lies on the table one round, or two rounds in a row (flipped between); it never comes back.
        assert all(r in ([r[0]], [r[0], r[0] + 1]) for r in rounds_of.values())
        done, seen = [], {f // 2 for f in tables[0]}
        for before, after in itertools.pairwise(tables):
            cards_now = {f // 2 for f in after}
            if after == tuple(f ^ 1 for f in before):
                done.append("flip")
            else:
                assert not cards_now & seen
                done.append("swap")
            seen |= cards_now
        assert tuple(done) == plan

    def test_the_new_situation_is_random_from_the_pile(self) -> None:
        """Rulebook: "reveal a new random card from the pile": never the discarded card, not always the same one."""
        drawn = set()
        for seed in range(20):
            before = competitive([tile(), tile(), tile()], situation=5)._replace(rng=seed)
            progress = self.finish_round(before).progress
            assert isinstance(progress, Competition)
            drawn.add(progress.situation)
        assert 5 not in drawn and len(drawn) > 5

    def test_swapped_in_cards_show_random_faces(self) -> None:
        """Ruling 3: the 12 new Item cards lie with "random faces turned up", like those of the setup."""
        faces = set()
        for seed in range(10):
            before = competitive([tile(), tile(), tile()])._replace(rng=seed)
            faces |= {f % 2 for f in self.finish_round(before).table}
        assert faces == {0, 1}

    def test_no_situation_repeats_in_a_match(self) -> None:
        record = play(G4, [RandomPlayer(i) for i in range(4)], seed=11)
        final = record.final_state
        assert isinstance(final, State)
        assert isinstance(final.progress, Competition)
        assert len({r.situation for r in final.progress.rounds}) == 4
        cards = [f // 2 for r in final.progress.rounds for f in r.table]
        assert len(set(cards)) == 48


class TestEndOfGame:
    """Rulebook: "After the end of the 4th round, the game ends. The player with the most points is the winner! In case
    of a tie, the tied players share the victory"."""

    def test_the_most_points_wins(self) -> None:
        state = competitive(
            [tile(["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen"), tile(["Raincoat"]), tile()],
            round=4,
            scores=(10, 20, 12),
        )
        for item, slot in (
            ("Sleeping bag", Slot.GENERAL),
            ("Hiking boots", Slot.GENERAL),
            ("Power bank", Slot.BONUS),
        ):
            state = state.apply(Pack(1, item, slot))
        final = state.commit(["Passport", "Power bank", "First-aid kit"], "Water bottle")
        # Power bank is seat 1's Bonus item and seat 2's General item: no match, no points this round.
        assert final.outcome is not None and final.is_terminal
        assert final.scores == (10, 20, 12) and final.outcome.scores == (10.0, 20.0, 12.0)
        assert final.outcome.winners == {1}

    def test_a_tie_shares_the_victory(self) -> None:
        pack = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")
        state = competitive([tile(*pack), tile(*pack), tile()], round=4, scores=(9, 9, 30))
        final = state.commit(["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert final.scores == (9 + 8, 9 + 8, 30)
        assert final.outcome is not None and final.outcome.winners == {2}
        tied = competitive([tile(*pack), tile(*pack), tile()], round=4, scores=(9, 9, 17))
        end = tied.commit(["Passport", "Power bank", "First-aid kit"], "Water bottle")
        assert end.outcome is not None and end.outcome.winners == {0, 1, 2}

    def test_a_whole_match_is_four_rounds_of_packing(self) -> None:
        for players in (3, 8):
            game = Game(players=players)
            record = play(game, [RandomPlayer(i) for i in range(players)], seed=players)
            assert len(record.moves) == 4 * 4 * players
            final = record.final_state
            assert isinstance(final, State)
            assert isinstance(final.progress, Competition) and len(final.progress.rounds) == 4
            totals = [sum(r.points[s] for r in final.progress.rounds) for s in range(players)]
            assert list(final.scores) == totals
            assert Record.from_dict(record.to_dict()) == record


def _lasts(cards: int, plan: tuple[str, ...]) -> bool:
    """Whether ``plan`` (rounds 2 to 4) can be played with ``cards`` Item cards: a swap takes 12 from the pile, and a
    flip needs cards whose backs were not shown yet."""
    if cards < 12:
        return False
    pile, flipped = cards - 12, False
    for step in plan:
        if step == "swap":
            if pile < 12:
                return False
            pile, flipped = pile - 12, False
        elif flipped:
            return False
        else:
            flipped = True
    return True


def _items(cards: int) -> tuple[ItemCard, ...]:
    """``cards`` Item cards with made-up names (the built-in deck has only 64)."""
    return tuple(ItemCard(f"c{i}", Item(f"Thing {i}"), Item(f"Other {i}")) for i in range(cards))


def _backs(game: Game) -> tuple[str, ...]:
    return tuple(game.deck.names[face(game, name) ^ 1] for name in TABLE12)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_seat_packs_in_seat_order(players: int) -> None:
    """Rulebook: "This phase is played simultaneously by all players": one hidden commitment after another, by seat."""
    state = Game(players=players).new_state(3)
    seen = []
    while isinstance(state.progress, Competition) and state.progress.round == 1:
        seen.append(state.current_player)
        state = state.apply(state.legal_moves()[0])
    assert seen == [s for s in range(players) for _ in range(4)]


class TestScoringRefusesWhatIsNotATile:
    """Compare Luggage and the guess score complete tiles of item faces; anything else is named."""

    def test_compare_luggage(self) -> None:
        full = Tile(frozenset({1, 2, 3}), 4)
        assert compare_luggage([full, full]) == (8, 8)
        with pytest.raises(ConfigError, match=r"compare_luggage: tiles\[1\] must be complete"):
            compare_luggage([full, Tile(frozenset({1}), None)])
        with pytest.raises(ConfigError, match=r"compare_luggage: tiles\[0\]: an item is a face number"):
            compare_luggage([Tile(frozenset({"pack"}), 4)])  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="compare_luggage: needs one complete tile a seat, 1 to 8"):
            compare_luggage([full] * 9)

    def test_guess_points(self) -> None:
        full = Tile(frozenset({1, 2, 3}), 4)
        assert guess_points(full, Tile(frozenset({1}), 4)) == (2, 2)
        with pytest.raises(ConfigError, match="guess_points: guess must be a Tile, got 'a guess'"):
            guess_points(full, "a guess")  # type: ignore[arg-type]
