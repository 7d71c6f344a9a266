"""The content deck: the built-in cards, loading users' JSON and TOML decks, and the errors that name the entry."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError, Record, SerializationError, play
from cardrules._json import MAX_FILE, unstructure
from cardrules.bots import RandomPlayer
from cardrules.mala_e_cuia import (
    Deck,
    Game,
    Item,
    ItemCard,
    NewItems,
    SituationCard,
    builtin_deck,
    load_deck,
    parse_deck,
)

TOML_DECK = """
name = "Weekend trips"

[[situations]]
id = "rainy-city"
general = { text = "A weekend of museums in a rainy city", tags = ["climate:rain", "setting:city"] }
bonus = { text = "A last-minute invitation to a fancy dinner", tags = ["need:formal"] }
{more_situations}
{items}
"""


def toml_deck(situations: int = 4, items: int = 24) -> str:
    more = "".join(
        f'\n[[situations]]\nid = "s{i}"\ngeneral = {{ text = "Trip {i}" }}\nbonus = {{ text = "Twist {i}" }}\n'
        for i in range(1, situations)
    )
    cards = "".join(
        f'\n[[items]]\nid = "c{i}"\nfront = {{ name = "Thing {i}", tags = ["kind:gear"] }}\n'
        f'back = {{ name = "Other thing {i}" }}\n'
        for i in range(items)
    )
    return TOML_DECK.replace("{more_situations}", more).replace("{items}", cards)


def json_deck(situations: int = 4, items: int = 24) -> dict[str, Any]:
    return {
        "name": "small",
        "situations": [
            {
                "id": f"s{i}",
                "general": {"text": f"Trip {i}", "tags": ["duration:week"]},
                "bonus": {"text": f"Twist {i}"},
            }
            for i in range(situations)
        ],
        "items": [
            {
                "id": f"c{i}",
                "front": {"name": f"Thing {i}"},
                "back": {"name": f"Other {i}", "tags": ["kind:gear"]},
            }
            for i in range(items)
        ],
    }


class TestBuiltinDeck:
    """The rulebook prints no cards: the built-in deck is original, with at least 40 Situation and 60 Item cards."""

    def test_sizes_and_tags(self) -> None:
        deck = builtin_deck()
        assert len(deck.situations) >= 40 and len(deck.items) >= 60
        for card in deck.situations:
            assert card.general.text and card.bonus.text and card.general.tags and card.bonus.tags
        for item in deck.faces:
            assert item.tags and any(t.startswith("kind:") for t in item.tags)
        assert len({name.casefold() for name in deck.names}) == 2 * len(deck.items)

    def test_enough_for_many_games_without_repeats(self) -> None:
        deck = builtin_deck()
        # A competitive game uses 4 situations and up to 48 Item cards, a cooperative one up to 8 and 10.
        assert len(deck.situations) // 4 >= 10 and len(deck.items) >= 48

    def test_the_shipped_file_is_in_the_exact_json_form(self) -> None:
        shipped = (
            resources.files("cardrules.mala_e_cuia").joinpath("builtin_deck.json").read_text(encoding="utf-8")
        )
        assert json.loads(shipped) == unstructure(builtin_deck())
        assert Deck.from_data(unstructure(builtin_deck())) == builtin_deck()

    def test_the_default_game_uses_it(self) -> None:
        assert Game().content is None and Game().deck is builtin_deck()


class TestLoading:
    """A user can load their own deck, JSON or TOML, and play with it; the deck is part of the options."""

    def test_toml_file(self, tmp_path: Path) -> None:
        path = tmp_path / "weekend.toml"
        path.write_text(toml_deck(), encoding="utf-8")
        deck = load_deck(path)
        assert deck.name == "Weekend trips" and len(deck.situations) == 4 and len(deck.items) == 24
        assert deck.situations[0].general.tags == ("climate:rain", "setting:city")
        assert deck.items[3].back.tags == ()
        game = Game(players=3, new_items="flip", content=deck)
        record = play(game, [RandomPlayer(i) for i in range(3)], seed=2)
        assert record.outcome is not None

    def test_json_file_and_mapping_give_the_same_game(self, tmp_path: Path) -> None:
        path = tmp_path / "small.json"
        path.write_text(json.dumps(json_deck(items=40)), encoding="utf-8")
        deck = load_deck(path)
        assert Game(content=deck) == Game(content=json_deck(items=40))
        assert hash(Game(content=deck)) == hash(Game(content=json_deck(items=40)))

    def test_records_carry_the_deck_exactly(self) -> None:
        game = Game(players=3, mode="cooperative", content=json_deck(situations=3, items=10))
        record = play(game, [RandomPlayer(i) for i in range(3)], seed=4)
        data = json.loads(json.dumps(record.to_dict()))
        assert data["game"]["data"]["content"]["items"][0] == {
            "id": "c0",
            "front": {"name": "Thing 0", "tags": []},
            "back": {"name": "Other 0", "tags": ["kind:gear"]},
        }
        assert Record.from_dict(data) == record
        assert Game(**game.options()) == game  # type: ignore[arg-type]

    def test_the_example_deck_shipped_with_the_package(self) -> None:
        path = Path(str(resources.files("cardrules.mala_e_cuia").joinpath("example_deck.toml")))
        deck = load_deck(path)
        assert len(deck.situations) == 8 and len(deck.items) == 24
        for game in (
            Game(players=8, mode="cooperative", content=deck),
            Game(new_items="flip", content=deck),
            Game(content=deck),
        ):
            assert play(game, [RandomPlayer(i) for i in range(game.players)], seed=3).outcome is not None

    def test_parse_text(self) -> None:
        assert parse_deck(json.dumps(json_deck()), "json") == parse_deck(json.dumps(json_deck()), "json")


class TestDeckErrors:
    """A malformed deck is a ConfigError that names the file or option, and the entry at fault."""

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d.pop("items"), "the deck is missing items"),
            (lambda d: d.update(extra=1), "unknown key 'extra'"),
            (lambda d: d["situations"][2].pop("bonus"), r"situations\[2\] is missing bonus"),
            (
                lambda d: d["situations"][1]["general"].update(text=""),
                r"situations\[1\] \('s1'\).general.text",
            ),
            (lambda d: d["situations"][3].update(id="s0"), r"situations\[3\]: the id 's0' is already used"),
            (
                lambda d: d["items"][5]["back"].update(name=5),
                r"items\[5\] \('c5'\).back.name must be a non-empty",
            ),
            (lambda d: d["items"][7]["front"].update(name="Other 2"), "'Other 2' is already on items\\[2\\]"),
            (
                lambda d: d["items"][1]["front"].update(tags=["Climate Cold"]),
                "the tag 'Climate Cold' is not allowed",
            ),
            (lambda d: d["items"][1]["front"].update(tags=["a", "a"]), "the tag 'a' is listed twice"),
            (lambda d: d["items"][9].update(id="c8"), r"items\[9\]: the id 'c8' is already used"),
            (lambda d: d.update(items={}), "items must be a list"),
            (
                lambda d: d["situations"].__setitem__(1, "s1"),
                r"situations\[1\] must be a table/object; got 's1'",
            ),
            (
                lambda d: d["items"][3]["front"].update(name=" Thing 3"),
                r"items\[3\] \('c3'\).front.name ' Thing 3' starts or ends with spaces",
            ),
        ],
    )
    def test_entry_errors(self, change: Any, message: str) -> None:
        data = json_deck()
        change(data)
        with pytest.raises(ConfigError, match=message):
            Game(content=data)

    def test_file_errors(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.toml"
        bad.write_text("name = \n", encoding="utf-8")
        with pytest.raises(ConfigError, match=r"bad\.toml: not valid TOML"):
            load_deck(bad)
        broken = tmp_path / "broken.json"
        broken.write_text("{", encoding="utf-8")
        with pytest.raises(ConfigError, match=r"broken\.json: not valid JSON"):
            load_deck(broken)
        with pytest.raises(ConfigError, match=r"must end in .json or .toml"):
            load_deck(tmp_path / "deck.yaml")
        with pytest.raises(ConfigError, match=r"cannot read the file '.*missing\.json': No such file"):
            load_deck(tmp_path / "missing.json")
        latin = tmp_path / "latin.json"
        latin.write_bytes('{"name": "Mal\u00e9"}'.encode("latin-1"))
        with pytest.raises(ConfigError, match=r"latin\.json' is not UTF-8 text"):
            load_deck(latin)
        huge = tmp_path / "huge.json"
        huge.write_bytes(b" " * (MAX_FILE + 1))
        with pytest.raises(ConfigError, match=r"huge\.json' holds more than 4,000,000 bytes"):
            load_deck(huge)
        with pytest.raises(ConfigError, match="load_deck needs a file's path, got None"):
            load_deck(None)  # type: ignore[arg-type]
        # More digits than int() reads, and nesting deeper than the parsers recurse.
        for text, fmt in [
            ('{"name": ' + "9" * 5000 + "}", "json"),
            ("name = " + "9" * 5000, "toml"),
            ("[" * 100_000 + "]" * 100_000, "json"),
            ("name = " + "[" * 100_000 + "]" * 100_000, "toml"),
        ]:
            with pytest.raises(ConfigError, match=f"content: not valid {fmt.upper()}"):
                parse_deck(text, fmt)
        with pytest.raises(
            ConfigError, match=r"^mala_e_cuia: content: the format must be 'json' or 'toml'; got 'yaml'$"
        ):
            parse_deck("name: small", "yaml")

    def test_a_deck_too_small_for_the_game(self) -> None:
        with pytest.raises(ConfigError, match=r"option 'content'.*at least 5"):
            Game(players=5, mode="cooperative", content=json_deck(situations=4))
        with pytest.raises(ConfigError, match=r"option 'content'.*shows 10 Item cards"):
            Game(mode="cooperative", content=json_deck(items=9))
        with pytest.raises(ConfigError, match=r"option 'content'.*4 are needed"):
            Game(content=json_deck(situations=3))
        with pytest.raises(ConfigError, match=r"11 Item cards\)\): too few Item cards for 4 rounds of 12"):
            Game(content=json_deck(items=11))

    @pytest.mark.parametrize("new_items", ["swap", "flip"])
    def test_a_competitive_deck_needs_24_item_cards_either_way(self, new_items: NewItems) -> None:
        """Rulebook: "Swap the 12 Item Cards from the previous round for another 12 from the pile (or you can simply
        flip the Item Cards to their other side, if you haven't used their backs yet in this game)": 12 on the table,
        flipped, swapped for 12 new ones, flipped again is the fewest cards that last 4 rounds (ruling 12)."""
        other = "flip" if new_items == "swap" else "swap"
        message = (
            r"^mala_e_cuia: option 'content' \('small' \(4 Situation cards, 23 Item cards\)\): too few Item cards "
            rf"for 4 rounds of 12 with new_items='{new_items}': at least 24 are needed, as with '{other}' "
            r"\(12 on the table, flipped in round 2, swapped for 12 new ones in round 3, flipped in round 4; "
            r"no card shows its back twice\)$"
        )
        with pytest.raises(ConfigError, match=message):
            Game(new_items=new_items, content=json_deck(items=23))
        for items in (24, 30, 35, 36, 47, 48):
            assert len(Game(new_items=new_items, content=json_deck(items=items)).deck.items) == items

    def test_other_options(self) -> None:
        with pytest.raises(ConfigError, match=r"option 'content' must be None"):
            Game(content=42)  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match=r"option 'players' must be an integer from 3 to 8; got 2"):
            Game(players=2)
        with pytest.raises(ConfigError, match="option 'mode'"):
            Game(mode="solo")  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="option 'new_items'"):
            Game(new_items="shuffle")  # type: ignore[arg-type]

    def test_a_bad_deck_in_a_record_is_a_serialization_error(self) -> None:
        data: Any = Game(content=json_deck(items=40)).to_dict()
        data["data"]["content"]["items"][1]["id"] = "c0"
        with pytest.raises(SerializationError, match="already used"):
            Game.from_dict(data)

    def test_deck_values_check_themselves(self) -> None:
        deck = builtin_deck()
        with pytest.raises(ConfigError, match="already used"):
            Deck("twice", deck.situations[:2] * 2, deck.items)
        with pytest.raises(
            ConfigError, match=r"^tags are a list of strings, not the single string 'climate:cold'$"
        ):
            Item("Wool sweater", "climate:cold")
        with pytest.raises(ConfigError, match=r"^the deck's name must be a non-empty text; got ' '$"):
            Deck(" ", deck.situations, deck.items)

    def test_cards_read_as_their_texts(self) -> None:
        """Rulebook: "Each Situation Card presents a General Situation (A) and a Bonus Situation (B)"; Item
        cards are double-sided ("flip the Item Cards to their other side")."""
        card = Deck.from_data(json_deck()).situations[0]
        assert (str(card.general), str(card.bonus), str(card)) == (
            "Trip 0",
            "Twist 0",
            "Trip 0 / Bonus: Twist 0",
        )
        items = Deck.from_data(json_deck()).items[2]
        assert (str(items.side(0)), str(items.side(1))) == ("Thing 2", "Other 2")


class TestDecksBuiltInPython:
    """A Deck built with the public constructors is checked as one read from data: a ConfigError naming
    the entry, never an AttributeError or TypeError from inside the package."""

    @pytest.mark.parametrize(
        ("situations", "expected"),
        [
            (3, "situations are a list of SituationCards; got 3"),
            (None, "situations are a list of SituationCards; got None"),
            ("serra", "situations are a list of SituationCards; got 'serra'"),
            ([{"id": "x"}], r"situations\[0\] must be a SituationCard; got \{'id': 'x'\}"),
            (["x"], r"situations\[0\] must be a SituationCard; got 'x'"),
        ],
    )
    def test_situations_of_another_type(self, situations: object, expected: str) -> None:
        deck = builtin_deck()
        with pytest.raises(ConfigError, match=expected):
            Deck(deck.name, situations, deck.items)  # type: ignore[arg-type]

    def test_items_of_another_type(self) -> None:
        deck = builtin_deck()
        with pytest.raises(ConfigError, match=r"items\[1\] must be an ItemCard; got 'ice skates'"):
            Deck(deck.name, deck.situations, (deck.items[0], "ice skates"))  # type: ignore[arg-type]

    def test_string_sides(self) -> None:
        """A Situation card whose sides are strings, not Situations."""
        deck = builtin_deck()
        card = SituationCard("winter", "go skiing", "in the rain")  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match=r"situations\[0\] \('winter'\)\.general must be a Situation"):
            Deck(deck.name, (card, *deck.situations[1:]), deck.items)

    def test_item_sides(self) -> None:
        deck = builtin_deck()
        card = ItemCard("skates", Item("Ice skates"), "Roller skates")  # type: ignore[arg-type]
        with pytest.raises(ConfigError, match=r"items\[0\] \('skates'\)\.back must be an Item"):
            Deck(deck.name, deck.situations, (card, *deck.items[1:]))

    def test_a_well_built_deck_plays(self) -> None:
        deck = builtin_deck()
        again = Deck(deck.name, list(deck.situations), list(deck.items))
        assert again == deck
        game = Game(content=again)
        assert play(game, [RandomPlayer(s) for s in range(game.players)], seed=3).outcome is not None
