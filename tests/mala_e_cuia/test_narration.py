"""Narration and rendering: public facts only, packed items named only when revealed."""

from __future__ import annotations

from cardrules.mala_e_cuia import Game, Guess, Pack, Slot, State

from .builders import TABLE10, TABLE12, competitive, cooperative, tile

PACK = (["Umbrella", "Wool sweater", "Flashlight"], "Sunscreen")


class TestDescribe:
    """Rulebook: "Write down the chosen items on your Suitcase Tile, without letting other players see"."""

    def test_a_pack_reads_the_same_whatever_the_item(self) -> None:
        state = Game(players=4).new_state(8)
        while state.current_player == 0:
            first, last = state.legal_moves()[0], state.legal_moves()[-1]
            assert state.describe(first, state.apply(first)) == state.describe(last, state.apply(last))
            state = state.apply(first)

    def test_compare_luggage_names_every_pack(self) -> None:
        """Rulebook: "Simultaneously, everyone opens and reveals their Suitcase Tiles"."""
        state = competitive([tile(*PACK), tile(*PACK), tile(["Passport", "Power bank", "First-aid kit"])])
        move = Pack(2, "Water bottle", Slot.BONUS)
        lines = state.describe(move, state.apply(move))
        assert lines[:3] == (
            "seat 2 packs an item",
            "seat 2 places its Suitcase Tile face down",
            "Compare Luggage, round 1:",
        )
        assert (
            lines[3]
            == "seat 0 packed Flashlight, Umbrella, Wool sweater + Bonus: Sunscreen: 8 points (total 8)"
        )
        assert (
            lines[5]
            == "seat 2 packed First-aid kit, Passport, Power bank + Bonus: Water bottle: 0 points (total 0)"
        )
        assert lines[6].startswith("New Destination, round 2: the Situation card is")

    def test_the_guess_is_public_and_the_reveal_scored(self) -> None:
        """Rulebook: "The protagonist then opens their Suitcase Tile and reveals their choices"."""
        state = cooperative([tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0)
        move = Guess(1, "Umbrella", Slot.GENERAL)
        assert state.describe(move, state.apply(move)) == (
            "seat 1, for the team, points at Umbrella (General)",
        )
        nearly = cooperative(
            [tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0, guess=tile(PACK[0])
        )
        move = Guess(1, "Sunscreen", Slot.BONUS)
        lines = nearly.describe(move, nearly.apply(move))
        assert (
            lines[1]
            == "seat 0 opens the Suitcase Tile: Flashlight, Umbrella, Wool sweater + Bonus: Sunscreen"
        )
        assert lines[2].endswith("4 right, 5 points (team total 5)")
        assert lines[3].startswith("protagonist seat 1 reads aloud") and lines[3].endswith(
            "seat 2 guesses for the team"
        )

    def test_opening_keeps_cooperative_situations_secret(self) -> None:
        state = Game(players=3, mode="cooperative").new_state(1)
        text = "\n".join(state.opening())
        deck = state.game.deck
        assert all(deck.situations[s].general.text not in text for s in state.progress.situations)  # type: ignore[union-attr]
        assert "on the table" in text

    def test_opening_reveals_the_competitive_situation(self) -> None:
        """Rulebook (competitive): "Shuffle all Situation Cards and reveal one in the center of the table"."""
        state = competitive([tile(), tile(), tile()], situation=0)
        deck = state.game.deck
        general, bonus = deck.situations[0].general.text, deck.situations[0].bonus.text
        assert state.opening() == (
            f"round 1: the Situation card is {general!r} (Bonus: {bonus!r})",
            "on the table: " + ", ".join(TABLE12),
        )

    def test_the_last_pack_starts_the_guessing(self) -> None:
        state = cooperative([tile(*PACK), tile(*PACK), tile(PACK[0])])
        move = Pack(2, "Sunscreen", Slot.BONUS)
        situation = state.game.deck.situations[0]
        assert state.describe(move, state.apply(move)) == (
            "seat 2 packs an item",
            "seat 2 places its Suitcase Tile face down",
            "everyone has packed; seat 0 is the first protagonist",
            f"protagonist seat 0 reads aloud {situation.general.text!r} (Bonus: {situation.bonus.text!r}); "
            "seat 1 guesses for the team",
        )

    def test_the_last_reveal_ends_the_match(self) -> None:
        state = cooperative([tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0)
        while True:
            move = state.legal_moves()[0]
            after = state.apply(move)
            if after.outcome is not None:
                break
            state = after
        lines = state.describe(move, after)
        assert lines[-1] == f"the match is over: {after.outcome}"
        assert lines[-2].endswith("(team total 15)")


class TestRender:
    """A seat's view drawn as text: its own tile and situation, the others' progress only."""

    def test_render_shows_the_own_tile_and_situation(self) -> None:
        state: State = cooperative(
            [tile(*PACK), tile(["Raincoat", "Passport", "Power bank"], "Sleeping bag"), tile()]
        )
        text = state.view(0).render()
        assert "Umbrella" in text and state.game.deck.situations[0].general.text in text
        assert "Sleeping bag" not in text.split("items:")[0] + text.split("your tile")[1]
        assert "seat 1 4/4" in text

    def test_render_in_the_guess_phase_and_in_a_competitive_round(self) -> None:
        state = cooperative(
            [tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0, guess=tile(["Umbrella"])
        )
        text = state.view(2).render()
        assert "Guess phase" in text and state.game.deck.situations[0].bonus.text in text
        assert "the team's guess so far: Umbrella + Bonus: nothing" in text
        played = competitive([tile(*PACK), tile(*PACK), tile()]).commit(
            ["Passport", "Power bank", "Raincoat"], "Water bottle"
        )
        text = played.view(2).render()
        assert "competitive, round 2 of 4" in text and "round 1 scored: seat 0 8, seat 1 8, seat 2 0" in text
        assert "scores: seat 0 8, seat 1 8, seat 2 0" in text

    def test_render_after_the_reveals(self) -> None:
        state = cooperative([tile(*PACK)] * 3, situations=(0, 1, 2), first_protagonist=0)
        while state.outcome is None:
            state = state.apply(state.legal_moves()[0])
        view = state.view(0)
        lines = view.render().splitlines()
        for seat in range(3):
            assert (
                f"seat {seat} packed Flashlight, Umbrella, Wool sweater + Bonus: Sunscreen; guessed 4 right, 5 points"
                in lines
            )
        assert lines[-2] == "team total: 15" and view.team_total == 15
        assert lines[-1].startswith("now: the match is over: won by seats 0, 1, 2")
        assert [str(i) for i in view.items] == list(TABLE10)
        assert competitive([tile(), tile(), tile()]).view(0).team_total is None
