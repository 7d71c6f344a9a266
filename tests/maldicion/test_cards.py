"""The 140 cards and the options."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from cardrules import ConfigError
from cardrules.maldicion import ACTION_DECK, CARDS, Card, Discard, Element, Figure, Game, Group, Hero, Play
from cardrules.maldicion._cards import CURSE_DECK, CURSE_HP


class TestDeck:
    """ "Deck of 140 cards": 80 Objects, 20 Attacks, 24 Effects, 8 Curses, 8 Heroes."""

    def test_counts(self) -> None:
        """ "Action cards — Object cards: 80 ... Attack cards: 20 ... Effect cards: 24"."""
        groups = Counter(c.group for c in ACTION_DECK)
        assert groups == {Group.OBJECT: 80, Group.ATTACK: 20, Group.EFFECT: 24}
        assert len(ACTION_DECK) + len(CURSE_DECK) + len(Hero) == 140

    def test_two_objects_of_each_element(self) -> None:
        """ "with 2 cards of each element per Object type"."""
        objects = Counter((c.figure, c.element) for c in ACTION_DECK if c.is_object)
        assert len(objects) == 40 and set(objects.values()) == {2}

    def test_attacks_and_effects(self) -> None:
        """ "Rain of Spears ... 4 cards (1 of each element)"; "Elemental Gem ... 4 cards (neutral element)"."""
        figures = Counter(c.figure for c in ACTION_DECK)
        assert figures[Figure.PARALYSE] == figures[Figure.DOUBLE_SHOT] == figures[Figure.SHIELD] == 8
        assert figures[Figure.RAIN_OF_SPEARS] == figures[Figure.BONFIRE] == figures[Figure.GEM] == 4
        assert figures[Figure.ABILITY] == 8
        assert {c.element for c in ACTION_DECK if c.figure is Figure.GEM} == {None}

    def test_printed_hp(self) -> None:
        """Every card keeps its printed number: "Club ... -1 HP", "Cleric's Sceptre ... +9 HP", "Bonfire ... -30 HP"."""
        hp = {f: f.hp for f in Figure}
        assert hp[Figure.CLUB] == -1 and hp[Figure.SCEPTRE] == 9 and hp[Figure.STAFF] == -10
        assert hp[Figure.SHIELD] == 15 and hp[Figure.GEM] == -25 and hp[Figure.BONFIRE] == -30
        assert hp[Figure.RAIN_OF_SPEARS] == -20 and CURSE_HP == -50

    def test_curses(self) -> None:
        """ "Curse cards ...: 8 cards (2 of each element)"."""
        assert Counter(CURSE_DECK) == {e: 2 for e in Element}

    def test_cards_are_values(self) -> None:
        """Identical cards are one value, written as text."""
        card = Card.parse("Fire Club")
        assert card is Card(Figure.CLUB, Element.FIRE) is Card.from_json("club/fire")
        assert str(card) == "Fire Club" and len(CARDS) == 65
        with pytest.raises(ValueError, match="not a La Maldición"):
            Card.parse("joker")

    def test_names_as_printed(self) -> None:
        """Cards read as the rulebook prints them: "Club (Garrote)", "Cleric's Sceptre (Cetro de
        clérigo)", "Elemental Gem card"; "Elements: Fire, Water, Plant and Lightning"."""
        printed = [str(figure) for figure in Figure]
        assert printed[:3] == ["Club", "Dagger", "Small Potion"]
        assert printed[8:10] == ["Cleric's Sceptre", "Sorcerer's Staff"]
        assert printed[12] == "Rain of Spears" and str(Figure.GEM) == "Elemental Gem"
        assert [str(element) for element in Element] == ["Fire", "Water", "Plant", "Lightning"]
        assert str(Card.parse("staff/plant")) == "Plant Sorcerer's Staff"

    @pytest.mark.parametrize(
        "text", ["Water Cleric's Sceptre", "water sceptre", "  WATER   sceptre ", "sceptre/water"]
    )
    def test_parse_reads_names_and_labels(self, text: str) -> None:
        """The printed name, the label's words and the label itself name the same card, in any case."""
        assert Card.parse(text) is Card(Figure.SCEPTRE, Element.WATER)

    def test_mirror_in_words(self) -> None:
        """A Mirror's "two IDENTICAL cards" read as two of that card."""
        card = Card.parse("bow/fire")
        assert str(Play(0, card, mirror=True)) == "play two Fire Bow cards"
        assert str(Discard(0, card, mirror=True)) == "discard two Fire Bow cards"


class TestOptions:
    """Bad options are ConfigErrors that name the option, the value and what is allowed."""

    @pytest.mark.parametrize(
        ("options", "words"),
        [
            ({"players": 9}, "players"),
            ({"players": 1}, "players"),
            ({"mode": "deathmatch"}, "mode"),
            ({"difficulty": "nightmare"}, "difficulty"),
            ({"mode": "pvp", "players": 3}, "must be 2 in mode 'pvp'"),
            ({"mode": "guild_war", "players": 5}, "4, 6 or 8"),
            ({"start_hp": 50}, "start_hp"),
            ({"draw_when_able": "yes"}, "draw_when_able"),
            ({"mirror": "always"}, "option 'mirror' must be one of 'own_turn', 'turn_plays'; got 'always'"),
        ],
    )
    def test_refused(self, options: dict[str, object], words: str) -> None:
        """ "PvP: this mode is for 2 players only"; "Guild War: this mode is for 4, 6 or 8 players"."""
        with pytest.raises(ConfigError, match=words):
            Game(**options)  # type: ignore[arg-type]

    def test_round_trip(self) -> None:
        """Every option survives ``to_dict``."""
        game = Game(players=2, mode="pvp", difficulty="hard", start_hp=40, mirror="turn_plays")
        assert Game.from_dict(game.to_dict()) == game


class TestCardValues:
    """A card is one of the 33 kinds: looked up, never made; copies and pickles are the same card."""

    def test_lookup(self) -> None:
        assert Card(Figure.CLUB, Element.FIRE) is Card.parse("club/fire")
        with pytest.raises(ValueError, match="there is no Club card without an element"):
            Card(Figure.CLUB, None)
        with pytest.raises(ValueError, match="there is no Fire Elemental Gem card"):
            Card(Figure.GEM, Element.FIRE)

    def test_identity_is_kept(self) -> None:
        card = Card.parse("sword/water")
        assert copy.copy(card) is card and copy.deepcopy([card])[0] is card
        assert pickle.loads(pickle.dumps(card)) is card
        assert repr(card) == "Card.parse('sword/water')" and eval(repr(card)) is card
