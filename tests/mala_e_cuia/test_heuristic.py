"""The heuristic player: packs by the tags of the situation, and a team of them guesses well."""

from __future__ import annotations

from cardrules import play
from cardrules.bots import RandomPlayer, heuristic
from cardrules.mala_e_cuia import Game, Item, Situation, State
from cardrules.mala_e_cuia._heuristic import HeuristicPlayer, fit


class TestFit:
    """Tags shared by an item and a situation make the item fit."""

    def test_shared_tags_and_values(self) -> None:
        cold = Situation("A winter camp", ("climate:cold", "activity:camping"))
        assert fit(Item("Wool sweater", ("kind:clothing", "climate:cold")).tags, cold) == 2
        assert fit(Item("Hand warmers", ("need:cold",)).tags, cold) == 1
        assert fit(Item("Swimsuit", ("climate:hot",)).tags, cold) == 0


class TestPlayer:
    """It is found by the bots registry, plays only legal moves, and a team of them scores well."""

    def test_registered(self) -> None:
        assert isinstance(heuristic(Game()), HeuristicPlayer)
        assert repr(heuristic(Game())) == "HeuristicPlayer()"

    def test_it_packs_for_the_situation(self) -> None:
        state = Game(players=3).new_state(5)
        view = state.view(0)
        move = HeuristicPlayer(1).choose(view, state.legal_moves())
        face = view.game.deck.face_of(move.item)
        assert face is not None
        part = view.situation.bonus if move.slot.name == "BONUS" else view.situation.general
        best = max(
            fit(view.game.deck.faces[f].tags, s)
            for f in view.table
            for s in (view.situation.general, view.situation.bonus)
        )
        assert fit(view.game.deck.faces[face].tags, part) == best

    def test_a_team_of_heuristic_players_beats_a_random_team(self) -> None:
        game = Game(players=4, mode="cooperative")

        def total(players: list[object], seed: int) -> int:
            final = play(game, players, seed).final_state  # type: ignore[arg-type]
            assert isinstance(final, State) and final.team_total is not None
            return final.team_total

        smart = sum(total([HeuristicPlayer(s + i) for i in range(4)], s) for s in range(12))
        blind = sum(total([RandomPlayer(s + i) for i in range(4)], s) for s in range(12))
        assert smart > blind
