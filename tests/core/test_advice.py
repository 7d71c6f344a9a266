"""Advice for humans: every legal move ranked with a value and a reason; bad input refused."""

from __future__ import annotations

import io

import attrs
import pytest

import cardrules
from cardrules import Advice, ConfigError, PositionError, advise, mala_suerte, malilla
from cardrules._terminal import choose_in_terminal
from cardrules.malilla._advice import reason
from cardrules.malilla._heuristic import Reading

from ..malilla.builders import position
from .test_expert import lost_trick_with_a_seven


def endgame(seed: int = 3) -> malilla.State:
    state = malilla.Game().new_state(seed)
    while len(state.tricks) < 6:
        state = state.apply(state.legal_moves()[0])
    return state


class TestMalilla:
    """Exact points over sampled deals in the last five tricks, with the reason of each card."""

    def test_every_legal_move_ranked_best_first(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        ranked = advise(state.view(seat), samples=6)
        assert {a.move for a in ranked} == set(state.legal_moves())
        assert [a.value for a in ranked] == sorted((a.value for a in ranked), reverse=True)
        assert all(a.unit == "points" and 0 <= a.value <= 70 and a.reason for a in ranked)
        assert str(ranked[0]).startswith(f"{ranked[0].move} (")

    def test_the_lost_trick_says_keep_your_seven(self) -> None:
        state = next(s for seed in range(400) if (s := lost_trick_with_a_seven(seed)) is not None)
        seat = state.current_player
        assert seat is not None
        ranked = advise(state.view(seat), samples=6)
        card = {a: malilla.Move.from_dict(a.move.to_dict()).card for a in ranked}
        seven = next(a for a in ranked if card[a].points == 5 and card[a].suit is not state.trump.suit)
        blank = next(a for a in ranked if card[a].points == 0)
        assert seven.reason == f"the trick is lost: {card[seven]} gives the opponents 5 points"
        assert blank.reason.startswith("the trick is lost: keep your ")
        assert blank.value >= seven.value

    def test_a_partners_safe_trick_keeps_a_sure_winner(self) -> None:
        state = position(["7c Kd 2s", "", "", ""], trump="Kc", leader=1, trick="2h Ah 3h", keep="7d Ad")
        view = state.view(0)
        cards = tuple(m.card for m in state.legal_moves())
        seven, king = malilla.Card.parse("7c"), malilla.Card.parse("Kd")
        assert reason(view, seven, Reading(view), cards) == (
            "your partner's trick is safe, but 7♣ can win a trick of its own: keep it"
        )
        assert (
            reason(view, king, Reading(view), cards) == "your partner's trick is safe: K♦ adds 3 points to it"
        )


class TestTheGamesHook:
    """The core asks the game, through ``endgame_reasons``, whether it solves this position exactly and in
    what words; only Malilla's last five tricks say yes."""

    def test_malilla_words_every_legal_card_in_the_last_five_tricks(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        reasons = state.game.endgame_reasons(view, legal)
        assert reasons is not None and set(reasons) == set(legal)
        cards = tuple(m.card for m in legal)
        assert all(reasons[m] == reason(view, m.card, Reading(view), cards) for m in legal)

    def test_malilla_searches_before_them(self) -> None:
        state = malilla.Game().new_state(3)
        assert state.game.endgame_reasons(state.view(state.current_player or 0), state.legal_moves()) is None

    @pytest.mark.parametrize("name", ["mala_suerte", "magyar_nepmesek", "mala_e_cuia", "maldicion"])
    def test_the_other_games_search(self, name: str) -> None:
        game = cardrules.games()[name]()
        state = game.new_state(1)
        seat = state.current_player
        assert seat is not None
        assert game.endgame_reasons(state.view(seat), state.legal_moves()) is None


class TestOtherGames:
    """The share of the win in a search with heuristic play-outs, every move tried."""

    def test_mala_suerte(self) -> None:
        state = mala_suerte.Game().new_state(2)
        seat = state.current_player
        assert seat is not None
        ranked = advise(state.view(seat), iterations=20)
        assert {a.move for a in ranked} == set(state.legal_moves())
        assert all(isinstance(a, Advice) and a.unit == "win share" and 0 <= a.value <= 1 for a in ranked)
        assert all(a.reason.startswith("won ") for a in ranked)

    def test_malilla_first_tricks(self) -> None:
        state = malilla.Game(target=12).new_state(2)
        seat = state.current_player
        assert seat is not None
        ranked = advise(state.view(seat), iterations=20)
        assert {a.move for a in ranked} == set(state.legal_moves())


class TestBadInput:
    """What advice cannot be given for, each refused saying which."""

    def test_not_a_view(self) -> None:
        with pytest.raises(PositionError, match="needs a View, got State"):
            advise(endgame())  # type: ignore[arg-type]

    def test_another_games_view(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        with pytest.raises(PositionError, match=r"the view is of malilla.*not of mala_suerte"):
            advise(state.view(seat), game=mala_suerte.Game())

    def test_a_finished_match(self) -> None:
        state = malilla.Game(target=1).new_state(1)
        while state.outcome is None:
            state = state.apply(state.legal_moves()[0])
        with pytest.raises(PositionError, match="the match is over"):
            advise(state.view(0))

    def test_not_the_seats_turn(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        with pytest.raises(PositionError, match=f"it is seat {seat}'s turn, not seat {(seat + 1) % 4}'s"):
            advise(state.view((seat + 1) % 4))

    def test_a_view_no_deal_fits(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        played = view.tricks[0].cards[0]
        impossible = attrs.evolve(view, hand=(*view.hand[1:], played))
        with pytest.raises(PositionError, match="no deal fits the view"):
            advise(impossible)

    @pytest.mark.parametrize("bad", [0, -1.0, "1", True])
    def test_bad_time_limits(self, bad: object) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        with pytest.raises(ConfigError, match="time_limit must be a positive number of seconds"):
            advise(state.view(seat), time_limit=bad)  # type: ignore[arg-type]


class TestTerminalHint:
    """``hint`` at the prompt shows the best moves with their reasons, then asks again."""

    def test_hint_then_a_move(self) -> None:
        state = endgame()
        seat = state.current_player
        assert seat is not None
        answers = iter(["hint", "1"])
        out = io.StringIO()
        move = choose_in_terminal(state.legal_moves(), lambda _: next(answers), out, state.view(seat))
        assert move == state.legal_moves()[0]
        hints = [line for line in out.getvalue().splitlines() if line.startswith("  hint: ")]
        assert 1 <= len(hints) <= 3
        assert all(" points): " in line for line in hints)
