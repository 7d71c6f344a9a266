"""The deck data file: the shipped defaults, a user's own file, and bad entries."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError, Record, play
from cardrules.bots import RandomPlayer
from cardrules.magyar_nepmesek import Category, Game, default_deck, read_deck


def _data() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("cardrules.magyar_nepmesek").joinpath("deck.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


class TestShippedDeck:
    """ "120 cards: 20 x "1", 15 x "2", 9 x "3", 5 x "4", 30 x purple ..., 4 x Pinkó, 3 x Midnight, 34 x action card\""""

    def test_counts_as_printed(self) -> None:
        """The printed counts, and the ten 5th-edition cards."""
        deck = default_deck()
        by_value = Counter()  # type: Counter[int]
        by_category = Counter()  # type: Counter[Category]
        for kind in deck.kinds:
            by_category[kind.category] += kind.count
            if kind.category is Category.POSITIVE:
                by_value[kind.value] += kind.count
        assert by_value == {1: 20, 2: 15, 3: 9, 4: 5}
        assert by_category[Category.NEGATIVE] == 30 and by_category[Category.PINKO] == 4
        assert by_category[Category.MIDNIGHT] == 3
        actions = {Category.SHIELD, Category.VILLAGE, Category.CRYSTAL_BALL, Category.DRAW_CARDS}
        actions |= {Category.MAKE_DISCARD, Category.TAKE_TWO, Category.PASS_TWO, Category.LAY_PURPLE}
        assert sum(by_category[c] for c in actions) == 34
        assert sum(k.count for k in deck.kinds) == 130

    def test_every_chosen_number_says_why(self) -> None:
        """Numbers the rulebook does not give are marked as chosen defaults, with the reason."""
        for kind in default_deck().kinds:
            if kind.category in (
                Category.NEGATIVE,
                Category.DRAW_CARDS,
                Category.MAKE_DISCARD,
                Category.SHIELD,
            ):
                assert "chosen default" in kind.chosen and len(kind.chosen) > 40, kind.id


class TestOwnDeck:
    """A user's own deck file, through the ``deck`` option."""

    def test_loaded_from_a_file_and_carried_by_records(self, tmp_path: Path) -> None:
        """The deck data is part of the options, so a record replays with it."""
        data = _data()
        data["name"] = "my printed deck"
        for kind in data["kinds"]:
            if kind["id"] == "draw-2":
                kind["amount"] = 4
        path = tmp_path / "deck.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        game = Game(variant="advanced", deck=str(path))
        assert game.table.amount("draw-2") == 4 and "my printed deck" in str(game)
        assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game
        assert Game(**game.options()) == game  # type: ignore[arg-type]
        record = play(game, [RandomPlayer(i) for i in range(4)], 3)
        again = Record.from_dict(json.loads(json.dumps(record.to_dict())))
        assert again == record and again.game == game

    def test_bad_entries_name_the_entry(self, tmp_path: Path) -> None:
        """A bad deck gets a ConfigError naming the entry; nothing else is accepted."""
        data = _data()
        data["kinds"][2]["value"] = 7
        with pytest.raises(ConfigError, match=r"deck entry 2 \('plus1-goat'\).*value"):
            Game(deck=data)
        data = _data()
        data["kinds"][0]["category"] = "DRAGON"
        with pytest.raises(ConfigError, match=r"deck entry 0.*category"):
            Game(deck=data)
        data = _data()
        data["kinds"][1]["id"] = data["kinds"][0]["id"]
        with pytest.raises(ConfigError, match=r"deck entry 1.*repeats"):
            read_deck(data)
        data = _data()
        data["kinds"] = [k for k in data["kinds"] if k["category"] != "MIDNIGHT"]
        with pytest.raises(ConfigError, match="3 Midnight"):
            Game(deck=data)
        with pytest.raises(ConfigError, match="cannot read"):
            Game(deck=str(tmp_path / "missing.json"))
        with pytest.raises(ConfigError, match="option 'deck'"):
            Game(deck=42)  # type: ignore[arg-type]


class TestOptions:
    """The options of API.md, checked."""

    def test_bad_options(self) -> None:
        """ConfigError names the option, the value and what is allowed."""
        with pytest.raises(ConfigError, match=r"'players'.*2 to 6.*7"):
            Game(players=7)
        with pytest.raises(ConfigError, match="'variant'"):
            Game(variant="expert")  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="'fifth_edition'"):
            Game(fifth_edition=1)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="'lazy_girl_on_village'"):
            Game(lazy_girl_on_village="kept")  # type: ignore[arg-type]
