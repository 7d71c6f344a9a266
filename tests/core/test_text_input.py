"""Text a person types or a front end sends: any string gives a value or a CardRulesError, never a crash.

Names of bots and games, lineup entries, a terminal's answers and deck files are read from text.
Each reader is given arbitrary text, text shaped like what it expects with digits that only look
like digits ("²", "٣"), and numbers of more digits than Python converts.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import CardRulesError, ConfigError, malilla
from cardrules._lineup import resolve_lineup
from cardrules._terminal import _match
from cardrules.bots import make_bot
from cardrules.mala_e_cuia import Deck, parse_deck

GAME = malilla.Game()
LEGAL = GAME.new_state(1).legal_moves()

#: Digits, and characters ``str.isdigit`` takes for digits that ``int`` refuses or reads.
_DIGITISH = "0123456789\u00b2\u00b3\u00b9\u0663\u096b\uff15"

numbers = st.one_of(
    st.text(_DIGITISH, max_size=30),
    st.integers(4_000, 6_000).map(lambda n: "9" * n),  # around Python's 4,300-digit limit
)
bot_names = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda base, n, t, d: f"{base}-{n}" + (f"-t{d}" if t else ""),
        st.sampled_from(["ismcts", "ismctsg", "ismctsh", "ismctsgh", "random", "heuristic"]),
        numbers,
        st.booleans(),
        numbers,
    ),
)


def _is_player(value: Any) -> bool:
    return callable(getattr(value, "choose", None))


@given(bot_names)
def test_a_bot_name_makes_a_bot_or_a_config_error(name: str) -> None:
    try:
        bot = make_bot(name, GAME)
    except ConfigError as exc:
        assert len(str(exc)) < 1_000, "the name is echoed in brief"
    else:
        assert _is_player(bot)


@given(bot_names)
def test_a_lineup_entry_resolves_or_is_refused(name: str) -> None:
    try:
        specs = resolve_lineup(GAME, name, ships="no")
    except ConfigError as exc:
        assert len(str(exc)) < 1_500
    else:
        assert len(specs) == GAME.players


@given(st.text(max_size=60))
def test_a_game_name_finds_a_game_or_a_config_error(name: str) -> None:
    try:
        found = cardrules.game(name)
    except ConfigError:
        return
    assert found.name == name


@given(st.one_of(st.text(max_size=60), numbers))
def test_a_terminal_answer_is_a_legal_move_or_an_explanation(answer: str) -> None:
    got = _match(answer, LEGAL)
    assert got in LEGAL or (isinstance(got, str) and len(got) < 1_000)


@given(
    st.one_of(
        st.text(max_size=200),
        numbers.map(lambda n: '{"name": ' + n + "}"),
        numbers.map(lambda n: "name = " + n),
        st.integers(1, 200_000).map(lambda n: "[" * n),
    ),
    st.sampled_from(["json", "toml"]),
)
def test_a_deck_text_is_a_deck_or_a_config_error(text: str, fmt: str) -> None:
    try:
        deck = parse_deck(text, fmt)
    except CardRulesError:
        return
    assert isinstance(deck, Deck)
