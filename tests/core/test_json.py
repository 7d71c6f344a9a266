"""Strict JSON for attrs values: exact round trips, and errors that name the path."""

from __future__ import annotations

import enum
import gc
from typing import ClassVar, Literal

import attrs
import pytest

import cardrules
from cardrules import SerializationError
from cardrules._json import structure, unstructure


class Colour(enum.Enum):
    RED = "r"
    BLUE = "b"


@attrs.frozen
class Leaf:
    n: int
    colour: Colour


@attrs.frozen
class Shape:
    _json_tag: ClassVar[str] = ""


@attrs.frozen
class Circle(Shape):
    _json_tag: ClassVar[str] = "circle"
    radius: float


@attrs.frozen
class Square(Shape):
    _json_tag: ClassVar[str] = "square"
    side: int


@attrs.frozen
class Tree:
    name: str
    leaves: tuple[Leaf, ...]
    pair: tuple[int, str]
    tags: frozenset[str]
    mode: Literal["a", "b"]
    shape: Shape
    maybe: Leaf | None
    flag: bool


TREE = Tree(
    name="t",
    leaves=(Leaf(1, Colour.RED), Leaf(2, Colour.BLUE)),
    pair=(3, "x"),
    tags=frozenset({"b", "a"}),
    mode="b",
    shape=Circle(2.5),
    maybe=None,
    flag=True,
)


class TestRoundTrip:
    """unstructure then structure gives back an equal value."""

    def test_tree(self) -> None:
        data = unstructure(TREE)
        assert isinstance(data, dict)
        assert data["tags"] == ["a", "b"], "sets are written sorted"
        assert data["shape"] == {"type": "circle", "radius": 2.5}
        assert structure(data, Tree, what="tree") == TREE

    def test_tagged_subclasses(self) -> None:
        assert structure({"type": "square", "side": 2}, Shape, what="shape") == Square(2)

    def test_the_class_attrs_replaced_is_never_read(self) -> None:
        """attrs replaces a slotted class by a new one; the old one stays a subclass until collected."""

        @attrs.frozen
        class Base:
            _json_tag: ClassVar[str] = ""

        gc.disable()
        try:

            @attrs.frozen
            class Triangle(Base):
                _json_tag: ClassVar[str] = "triangle"
                base: int

            assert len(Base.__subclasses__()) == 2, "the class attrs replaced is still there"
            assert structure({"type": "triangle", "base": 3}, Base, what="shape") == Triangle(3)
        finally:
            gc.enable()


class TestErrors:
    """Every mismatch is a SerializationError naming what and where."""

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"name": 3}, "at name: expected a string, got 3"),
            ({"pair": [1]}, "at pair: expected a list of 2 entries, got 1"),
            ({"mode": "c"}, "at mode: expected one of 'a', 'b', got \"c\""),
            ({"flag": 1}, "at flag: expected true or false"),
            ({"shape": {"type": "hexagon"}}, "at shape: 'type' must be one of circle, square"),
            ({"tags": ["a", "a"]}, "at tags: a set holds the same entry twice"),
            ({"leaves": [{"n": True, "colour": "RED"}]}, "at leaves[0].n: expected an integer, got true"),
            ({"leaves": [{"n": 1, "colour": "GREEN"}]}, "at leaves[0].colour: expected one of RED, BLUE"),
            ({"maybe": {"n": 1}}, "at maybe: fits none of the allowed forms"),
        ],
    )
    def test_bad_entries(self, change: dict[str, object], message: str) -> None:
        data = unstructure(TREE)
        assert isinstance(data, dict)
        data.update(change)  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match="tree: ") as info:
            structure(data, Tree, what="tree")
        assert message in str(info.value)

    def test_missing_and_extra_fields(self) -> None:
        with pytest.raises(SerializationError, match="missing colour; unexpected size"):
            structure({"n": 1, "size": 2}, Leaf, what="leaf")


class TestFlatRecords:
    """A state's board is written flat, beside the state's own fields, and read back naming its
    entries as written: a reader of the JSON never sees the record."""

    @pytest.mark.parametrize(("name", "entry"), [("malilla", "trump"), ("mala_suerte", "discard")])
    def test_a_bad_board_entry_is_named_as_written(self, name: str, entry: str) -> None:
        state = cardrules.game(name).new_state(seed=3)
        data = state.to_dict()
        inner = data["data"]
        assert isinstance(inner, dict) and "board" not in inner and entry in inner
        inner[entry] = {"not": "this"}
        with pytest.raises(SerializationError, match=f"{name} state: at {entry}: ") as info:
            type(state).from_dict(data)
        assert "board" not in str(info.value)

    def test_malilla_writes_its_board_where_its_fields_always_were(self) -> None:
        data = cardrules.game("malilla").new_state(seed=3).to_dict()["data"]
        assert isinstance(data, dict)
        assert list(data) == [
            "game", "rng", "hand_number", "dealer", "trump", "hands", "leader", "trick", "tricks",
            "scores", "held_bonus", "last_hand", "outcome",
        ]  # fmt: skip

    def test_malilla_writes_its_views_records_where_its_fields_always_were(self) -> None:
        """The view's board and turn are written flat, in the order of the view's fields before them."""
        state = cardrules.game("malilla").new_state(seed=3)
        data = state.view(1).to_dict()["data"]
        assert isinstance(data, dict) and "board" not in data and "turn" not in data
        assert list(data) == [
            "game", "seat", "hand", "hand_number", "dealer", "trump", "trump_with_dealer", "hand_sizes",
            "leader", "trick", "tricks", "scores", "held_bonus", "last_hand", "current_player", "outcome",
        ]  # fmt: skip

    def test_a_bad_view_record_entry_is_named_as_written(self) -> None:
        view = cardrules.game("malilla").new_state(seed=3).view(1)
        for entry in ("trump", "current_player"):
            data = view.to_dict()
            inner = data["data"]
            assert isinstance(inner, dict)
            inner[entry] = {"not": "this"}
            with pytest.raises(SerializationError, match=f"malilla view: at {entry}: ") as info:
                type(view).from_dict(data)
            assert "board" not in str(info.value) and "turn" not in str(info.value)
