"""Options are validated with messages naming the option, the value and what is allowed."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import CardRulesError, ConfigError, IllegalMoveError, SerializationError, malilla


class TestErrors:
    """Every error is a CardRulesError and a ValueError."""

    @pytest.mark.parametrize("error", [ConfigError, IllegalMoveError, SerializationError])
    def test_hierarchy(self, error: type[Exception]) -> None:
        assert issubclass(error, CardRulesError) and issubclass(error, ValueError)

    def test_public_names(self) -> None:
        assert set(cardrules.__all__) >= {
            "CardRulesError", "ConfigError", "IllegalMoveError", "SerializationError", "Outcome", "Player",
            "Record", "games", "game", "play", "tournament",
        }  # fmt: skip
        assert cardrules.ConfigError.__module__ == "cardrules"


class TestOptions:
    """malilla.Game's options, as an example of every game's."""

    @pytest.mark.parametrize(
        ("options", "message"),
        [
            ({"target": 0}, "option 'target' must be an integer >= 1; got 0"),
            ({"target": "35"}, "option 'target' must be an integer >= 1; got '35'"),
            ({"target": True}, "option 'target' must be an integer >= 1; got True"),
            ({"irregularities": "forgive"}, "must be one of 'reject', 'lose_game'; got 'forgive'"),
            ({"players": 4}, "unknown option players; the options are irregularities, must_beat, target"),
            ({"must_beat": "never"}, "option 'must_beat' must be one of 'any_card', 'led_suit'; got 'never'"),
        ],
    )
    def test_bad_options(self, options: dict[str, object], message: str) -> None:
        with pytest.raises(ConfigError, match="malilla: ") as info:
            malilla.Game(**options)  # type: ignore[arg-type]
        assert message in str(info.value)

    def test_games_are_values(self) -> None:
        assert malilla.Game(target=12) == malilla.Game(target=12)
        assert hash(malilla.Game()) == hash(malilla.Game())
        assert malilla.Game(target=12).options() == {
            "target": 12,
            "irregularities": "reject",
            "must_beat": "any_card",
        }
        assert (
            str(malilla.Game(target=12))
            == "malilla(target=12, irregularities='reject', must_beat='any_card')"
        )
