"""The docs' own Sphinx extensions (``docs/_ext``): a game page moves its RULES.md text without changing
a word, every game's table picture is drawn from a real position as well-formed SVG, and the API
reference documents every public name of a game with the contract's classes first."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

import cardrules
from cardrules.malilla import Card, Suit

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"


def extension(name: str) -> ModuleType:
    """A module of ``docs/_ext`` (they need Sphinx, of the ``dev`` extra)."""
    pytest.importorskip("sphinx", reason="the docs extensions need Sphinx (the dev extra)")
    if str(EXT) not in sys.path:
        sys.path.insert(0, str(EXT))
    return importlib.import_module(name)


class TestRulesFirst:
    """A game page shows RULES.md with the options last: every line moved, none changed."""

    @pytest.mark.parametrize("name", sorted(cardrules.games()))
    def test_every_line_is_kept_and_the_options_close_the_text(self, name: str) -> None:
        text = (ROOT / "src" / "cardrules" / name / "RULES.md").read_text(encoding="utf-8")
        moved = extension("rulespage").rules_first(text)
        before = Counter(line for line in text.splitlines()[1:] if line.strip())
        after = Counter(line for line in moved.splitlines() if line.strip())
        assert after - before in (Counter(), Counter({"## Options": 1}))
        assert before - after == Counter()
        if after - before:  # the opening held the options: they close the text now
            headings = [line for line in moved.splitlines() if line.startswith("## ")]
            assert headings[-1] == "## Options"
        assert moved.split("\n\n", 1)[0].strip() == text.split("\n\n", 2)[1].strip()

    def test_a_text_without_a_title_is_left_alone(self) -> None:
        assert extension("rulespage").rules_first("no title\n") == "no title\n"


class TestTablePictures:
    """``cardtable``: the table of a real seeded match as SVG, and a clear error for a bad request."""

    @pytest.mark.parametrize(("name", "seed", "moves"), [
        ("malilla", 7, 15), ("mala_suerte", 11, 20), ("magyar_nepmesek", 7, 30),
        ("mala_e_cuia", 7, 30), ("maldicion", 3, 16),
    ])  # fmt: skip
    def test_each_game_draws_its_table(self, name: str, seed: int, moves: int) -> None:
        picture = extension("cardtable").draw(name, seed, moves)
        root = ElementTree.fromstring(picture)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert "(you)" in picture

    def test_options_are_passed_to_the_game(self) -> None:
        picture = extension("cardtable").draw("maldicion", 3, 10, "players=6")
        assert picture.count(">seat ") == 6

    @pytest.mark.parametrize(("name", "moves", "options", "error"), [
        ("no_such_game", 5, "", cardrules.ConfigError),
        ("malilla", 5, "target=0", cardrules.ConfigError),
        ("malilla", 5, "target=__import__('os')", ValueError),
        ("malilla", 5, "target=", SyntaxError),
        ("mala_suerte", 100_000, "players=2", ValueError),
    ])  # fmt: skip
    def test_a_bad_request_says_what_is_wrong(self, name: str, moves: int, options: str, error: type) -> None:
        with pytest.raises(error):
            extension("cardtable").draw(name, 1, moves, options)


class TestApiPages:
    """``autopublic``: every name of a module's ``__all__``, the named ones first; no plumbing."""

    @pytest.mark.parametrize("name", sorted(cardrules.games()))
    def test_every_public_name_once_the_contract_first(self, name: str) -> None:
        module = importlib.import_module(f"cardrules.{name}")
        lines = extension("apiclean").autodoc_lines(module.__name__, ["Game", "State", "Move", "View"])
        documented = [line.split("::")[1].strip() for line in lines if line.startswith(".. auto")]
        assert documented[0] == module.__name__
        named = [full.rpartition(".")[2] for full in documented[1:]]
        assert named[:4] == ["Game", "State", "Move", "View"]
        assert sorted(named) == sorted(module.__all__)

    def test_plumbing_and_long_enumerations_are_skipped(self) -> None:
        skip = extension("apiclean").skip_plumbing
        assert skip(None, "class", "game_name", "malilla", False, {}) is True
        assert skip(None, "class", "Card.SEVEN_OF_SPADES", Card.SEVEN_OF_SPADES, False, {}) is True
        assert skip(None, "class", "SPADES", Suit.SPADES, False, {}) is None
        assert skip(None, "class", "legal_moves", len, False, {}) is None
