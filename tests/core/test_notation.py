"""The one-line notation of positions, views and moves: exact for every reachable state in every
configuration, and every other text refused with a SerializationError naming where it is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import IllegalMoveError, SerializationError, malilla
from cardrules._notation import MAX_NOTATION, write_value
from tests.helpers import AnyGame, every_game, reached

GAMES = every_game()


@pytest.mark.parametrize("game", GAMES, ids=str)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_every_reached_state_view_and_move_round_trips(game: AnyGame, seed: int, steps: int) -> None:
    state = reached(game, seed, steps)
    text = state.to_notation()
    assert "\n" not in text
    assert text.startswith(f"{game.name}:1 ")
    assert game.from_notation(text) == state
    for seat in range(game.players):
        view = state.view(seat)
        line = view.to_notation()
        assert line.startswith(f"{game.name}:1:view ")
        assert game.view_from_notation(line) == view
    for move in state.legal_moves():
        assert game.parse_move(state, move.to_notation()) == move
        assert game.parse_move(state, str(move)) == move
        if move.seat == state.current_player:
            assert game.parse_move(state.view(move.seat), move.to_notation()) == move
            assert game.parse_move(state.view(move.seat), str(move)) == move


GAME = malilla.Game()
STATE = GAME.new_state(7)
TEXT = STATE.to_notation()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "expected the header malilla:1"),
        ("mala_suerte:1 rng=1", "not of malilla"),
        ("malilla:9 rng=1", "reads malilla:1"),
        (STATE.view(0).to_notation(), "holds a view"),
        (TEXT[: len(TEXT) // 2], "character"),
        (TEXT.replace("dealer=", "dealer=[", 1), "field dealer"),
        (TEXT.replace("trump=", "trump=Zz", 1), "field trump"),
        (TEXT.replace("leader=", "leader=7 leader=", 1), "written twice"),
        (TEXT + " colour=red", "unexpected colour"),
        (TEXT.replace("scores=[0,", "scores=[90,", 1).replace("scores=[0,", "scores=[90,"), "scores"),
        (TEXT + " game={}", "game is not written"),
        ("malilla:1 hands=" + "[" * 100, "nest more than"),
        ("malilla:1 x=" + '"abc', "not closed"),
        (42, "expected a string"),
        ("malilla:1 " + "x" * MAX_NOTATION, "at most"),
    ],
)
def test_a_wrong_text_is_refused_naming_where(text: Any, says: str) -> None:
    with pytest.raises(SerializationError, match=says):
        GAME.from_notation(text)


def test_a_position_no_match_reaches_is_refused_naming_the_field() -> None:
    # Two seats swap a card: every card is still there once, but seat 0 now holds 11.
    hands = STATE.hands
    moved = TEXT.replace(hands[1][0].to_json() + ",", "", 1).replace(
        "hands=[[", f"hands=[[{hands[1][0].to_json()},", 1
    )
    with pytest.raises(SerializationError, match=r"field hands\).*hands"):
        GAME.from_notation(moved)


def test_moves_read_back_and_illegal_ones_are_refused() -> None:
    move = STATE.legal_moves()[0]
    assert move.to_notation() == move.card.to_json()
    assert GAME.parse_move(STATE, f"card={move.card.to_json()}") == move
    assert GAME.parse_move(STATE, f"  {str(move).upper()} ") == move
    held = {m.card for m in STATE.legal_moves()}
    other = next(c for c in malilla.DECK if c not in held)
    with pytest.raises(IllegalMoveError, match=r"cannot play|does not hold|not a legal"):
        GAME.parse_move(STATE, f"card={other.to_json()}")
    seat = STATE.current_player
    assert seat is not None
    # The deciding seat's view knows the legal moves; another seat's view cannot tell.
    with pytest.raises(IllegalMoveError, match=r"cannot play|does not hold|not a legal"):
        GAME.parse_move(STATE.view(seat), other.to_json())
    assert GAME.parse_move(STATE.view((seat + 1) % 4), other.to_json()) == malilla.Move(seat, other)
    for text, says in [
        ("card=", "ends where a value"),
        ("seat=1 card=7s", "seat is not written"),
        ("7s card=7s", "card is written twice"),
        ("7s7s", "at card: expected a card like"),
        ("7s,", "expected a space"),
        ("", "missing"),
    ]:
        with pytest.raises(SerializationError, match=says):
            GAME.parse_move(STATE, text)


@given(st.text(max_size=200))
def test_any_text_is_a_state_or_a_serialization_error(text: str) -> None:
    for line in (text, "malilla:1 " + text, TEXT[: len(text)] + text):
        try:
            state = GAME.from_notation(line)
        except SerializationError as exc:
            assert len(str(exc)) < 2_000
        else:
            assert state.to_notation().split() == line.split()


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
))  # fmt: skip
def test_every_json_value_is_written_so_that_it_reads_back(value: Any) -> None:
    from cardrules._notation import _Reader

    reader = _Reader(write_value(value), "test", {})
    assert reader.value(1) == value
    assert reader.pos == len(reader.text)
