"""The deck data file: the shipped defaults, a user's own file, and bad entries."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardrules import ConfigError, Record, play
from cardrules.bots import RandomPlayer
from cardrules.magyar_nepmesek import Category, Game, default_deck, mini_deck, read_deck


def _data(name: str = "deck.json") -> dict[str, Any]:
    from importlib import resources

    text = resources.files("cardrules.magyar_nepmesek").joinpath(name).read_text(encoding="utf-8")
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


class TestBadDeckFiles:
    """Each check of a user's deck file, with the entry or field it names."""

    @staticmethod
    def _kind(index: int, **changes: object) -> dict[str, Any]:
        data = _data()
        data["kinds"][index].update(changes)
        return data

    @pytest.mark.parametrize(
        ("index", "changes", "reason"),
        [
            (
                0,
                {"value": 0},
                r"deck entry 0 \('plus1-piglet'\): a POSITIVE card's value must be in 1\.\.4; got 0",
            ),
            (0, {"count": 0}, r"deck entry 0 \('plus1-piglet'\): count must be from 1 to 100; got 0"),
            (0, {"count": "5"}, r"deck entry 0 \('plus1-piglet'\): count must be an integer; got '5'"),
            (0, {"value": True}, r"deck entry 0 \('plus1-piglet'\): value must be an integer; got True"),
            (0, {"name": ""}, r"deck entry 0 \('plus1-piglet'\): name must be a non-empty string; got ''"),
            (0, {"colour": "red"}, r"deck entry 0 \('plus1-piglet'\) has unknown field\(s\) colour"),
            (0, {"amount": 2}, r"deck entry 0 \('plus1-piglet'\): only Draw cards and Make-a-player-discard"),
            (
                0,
                {"scope": "ALL"},
                r"deck entry 0 \('plus1-piglet'\): only Make-a-player-discard.*not POSITIVE",
            ),
            (0, {"scope": "EVERYONE"}, r"deck entry 0 \('plus1-piglet'\): scope must be one of ONE, ALL"),
        ],
    )
    def test_a_bad_field_names_the_entry(self, index: int, changes: dict[str, object], reason: str) -> None:
        """Values, counts, types, unknown fields and scopes: the entry by position and id."""
        with pytest.raises(ConfigError, match=reason):
            read_deck(self._kind(index, **changes))

    def test_action_card_amounts(self) -> None:
        """Draw cards carry "the number printed on it"; Take 2 and Pass 2 cards move 2."""
        data = _data()
        draw = next(i for i, k in enumerate(data["kinds"]) if k["category"] == "DRAW_CARDS")
        take = next(i for i, k in enumerate(data["kinds"]) if k["category"] == "TAKE_TWO")
        with pytest.raises(
            ConfigError, match=rf"deck entry {draw} .*needs the number printed on it as amount from 1 to 10"
        ):
            read_deck(self._kind(draw, amount=0))
        with pytest.raises(ConfigError, match=rf"deck entry {take} .*amount must be 2; got 3"):
            read_deck(self._kind(take, amount=3))

    def test_an_entry_that_is_not_an_object_or_lacks_a_field(self) -> None:
        """An entry is an object with id, name, category, value and count."""
        data = _data()
        data["kinds"][3] = ["plus1-kitten"]
        with pytest.raises(ConfigError, match=r"deck entry 3 must be an object; got \['plus1-kitten'\]"):
            read_deck(data)
        data = _data()
        del data["kinds"][4]["count"]
        with pytest.raises(ConfigError, match=r"deck entry 4 \('.*'\) lacks the field 'count'"):
            read_deck(data)

    def test_the_deck_as_a_whole(self, tmp_path: Path) -> None:
        """The file is JSON with a name, a list of kinds, nothing else, and some positive cards."""
        path = tmp_path / "deck.json"
        path.write_text("{not json", encoding="utf-8")
        with pytest.raises(ConfigError, match="option 'deck': the deck file is not JSON"):
            Game(deck=str(path))
        with pytest.raises(ConfigError, match=r"the deck has unknown field\(s\) edition"):
            read_deck({**_data(), "edition": 5})
        with pytest.raises(ConfigError, match=r"non-empty string 'name'.*got ''"):
            read_deck({**_data(), "name": ""})
        with pytest.raises(ConfigError, match="the deck needs a non-empty list 'kinds'"):
            read_deck({**_data(), "kinds": []})
        data = _data()
        data["kinds"] = [k for k in data["kinds"] if k["category"] != "POSITIVE"]
        with pytest.raises(ConfigError, match="the deck holds no positive card"):
            read_deck(data)

    def test_too_few_cards_to_deal(self) -> None:
        """ "Deal 7 cards to each player": a deck too small for the table is refused."""
        data = _data()
        for kind in data["kinds"]:
            if kind["category"] != "MIDNIGHT":
                kind["count"] = 1
        with pytest.raises(
            ConfigError, match=r"option 'deck' holds \d+ cards besides the Midnights, fewer than the 42"
        ):
            Game(players=6, deck=data)
        assert Game(players=2, deck=data).players == 2, "enough for 2 players"

    def test_a_deck_value_is_read_back(self) -> None:
        """A Deck passes through read_deck unchanged."""
        assert read_deck(default_deck()) == default_deck()


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

    def test_the_variant_decides_whether_action_cards_are_in_play(self) -> None:
        """ "If playing the starter variant, return the action cards to the box.\""""
        starter, advanced = Game(), Game(variant="advanced")
        assert not starter.advanced and advanced.advanced
        assert "draw-2" not in starter.table.category and "draw-2" in advanced.table.category


class TestMiniVariant:
    """variant="mini": the starter rules, hands of two, dealt from the shipped mini deck."""

    def test_the_deal(self) -> None:
        """Two cards to each of two seats; the three Midnights are the draw pile, one in each third."""
        game = Game(players=2, variant="mini")
        assert game.deck == mini_deck() and game.hand_size == 2 and not game.advanced
        assert sorted(Counter(game.table.dealt).items()) == [
            ("minus1-snake", 1),
            ("plus1-piglet", 2),
            ("plus4-king", 1),
        ]
        for seed in range(20):
            state = game.new_state(seed)
            assert [len(hand) for hand in state.hands] == [2, 2]
            assert state.draw == ("midnight",) * 3 and state.tableau.zones == (1, 1, 1)
        assert (
            Game().hand_size == 7
            and str(game) == "magyar_nepmesek(players=2, variant='mini', fifth_edition=False)"
        )

    def test_bad_options(self) -> None:
        """Only two seats; a deck of one's own must still deal two to each."""
        with pytest.raises(ConfigError, match="option 'players' must be 2 with variant 'mini'; got 3"):
            Game(players=3, variant="mini")
        data = _data("mini_deck.json")
        data["kinds"] = [k for k in data["kinds"] if k["id"] != "plus4-king"]
        with pytest.raises(
            ConfigError, match="holds 3 cards besides the Midnights, fewer than the 4 needed to deal 2"
        ):
            Game(players=2, variant="mini", deck=data)

    def test_matches_replay_and_keep_the_laws(self) -> None:
        """Seeded random matches end, replay from their records, and samples keep the seat's view."""
        game = Game(players=2, variant="mini")
        for seed in range(20):
            record = play(game, [RandomPlayer(seed), RandomPlayer(seed + 1)], seed=seed)
            assert Record.from_dict(json.loads(json.dumps(record.to_dict()))).replay()
            state = game.new_state(seed)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                sample = game.sample_state(view, seed)
                assert sample.view(seat) == view and sample.legal_moves() == state.legal_moves()
                state = state.apply(RandomPlayer(seed).choose(view, state.legal_moves()))
