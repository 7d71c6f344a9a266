"""fast_init and fast_new: the same values as attrs' own __init__, built through the slots."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from cardrules._base import BaseState
from cardrules._fast import fast_init, fast_new


def plain() -> Any:
    """A frozen, slotted class with a plain, a defaulted and a keyword-only field."""
    return attrs.make_class(
        "Plain",
        {"a": attrs.field(), "b": attrs.field(default=()), "c": attrs.field(default="x", kw_only=True)},
        frozen=True,
        slots=True,
    )


class TestFastInit:
    def test_same_values_as_attrs(self) -> None:
        slow, fast = plain(), fast_init(plain())
        assert attrs.asdict(fast(1)) == attrs.asdict(slow(1))
        assert attrs.asdict(fast(a=3, b=(4,), c="y")) == {"a": 3, "b": (4,), "c": "y"}
        assert fast(1) == fast(1) and hash(fast(2)) == hash(fast(2))

    def test_still_frozen(self) -> None:
        value = fast_init(plain())(1)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.a = 2

    def test_the_value_is_of_its_own_class(self) -> None:
        """The writable class it is built as is never seen: not as its type, nor by copies and pickles."""
        cls = fast_init(plain())
        value = cls(1, (2,), c="z")
        assert type(value) is cls and value.__class__ is cls
        assert copy.copy(value) == value and type(copy.deepcopy(value)) is cls
        assert attrs.evolve(value, a=5) == cls(5, (2,), c="z")

    def test_pickles(self) -> None:
        from cardrules.malilla import Game

        state = Game().new_state(3)
        again = pickle.loads(pickle.dumps(state))
        assert again == state and type(again) is type(state)

    def test_private_fields_take_their_alias(self) -> None:
        cls = fast_init(
            attrs.make_class(
                "Private", {"_a": attrs.field(), "_b": attrs.field(default=2)}, frozen=True, slots=True
            )
        )
        value = cls(a=1)
        assert (value._a, value._b) == (1, 2) and value == cls(1, 2)

    def test_a_subclass_is_built_by_attrs(self) -> None:
        """A subclass may have other slots or a ``__dict__``: it keeps attrs' own ``__init__``."""
        cls = fast_init(plain())

        class Loose(cls):  # type: ignore[misc, valid-type]
            pass

        value = Loose(1, c="y")
        assert type(value) is Loose and (value.a, value.b, value.c) == (1, (), "y")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.a = 2

    def test_bad_arguments_are_type_errors(self) -> None:
        cls = fast_init(plain())
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            cls(1, (), "y")  # c is keyword-only

    def test_fields_not_in_init_get_their_default(self) -> None:
        """BaseState's cache of legal moves is not an argument and starts empty."""
        from cardrules.mala_suerte import Game

        state = Game().new_state(1)
        assert isinstance(state, BaseState) and state._legal is None

    @pytest.mark.parametrize(
        "field",
        [
            attrs.field(validator=attrs.validators.instance_of(int)),
            attrs.field(converter=int),
            attrs.field(factory=list),
        ],
    )
    def test_refuses_what_it_would_skip(self, field: Any) -> None:
        cls = attrs.make_class("Checked", {"a": field}, frozen=True, slots=True)
        with pytest.raises(TypeError, match=r"fast_init: Checked\.a"):
            fast_init(cls)

    def test_refuses_a_class_that_is_not_frozen_and_slotted(self) -> None:
        with pytest.raises(TypeError, match="not a frozen, slotted attrs class"):
            fast_init(attrs.make_class("Loose", ["a"], slots=True))
        with pytest.raises(TypeError, match="not a frozen, slotted attrs class"):
            fast_init(attrs.make_class("Dicty", ["a"], frozen=True, slots=False))


class TestFastNew:
    def test_the_same_value_as_calling_the_class(self) -> None:
        cls = fast_init(plain())
        new = fast_new(cls)
        calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
            ((1,), {}),
            ((1, (2,)), {"c": "z"}),
            ((), {"a": 3, "b": (4,)}),
        ]
        for args, kwargs in calls:
            value = new(*args, **kwargs)
            assert type(value) is cls and value == cls(*args, **kwargs)
            assert attrs.asdict(value) == attrs.asdict(cls(*args, **kwargs))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            new(1).a = 2

    def test_fields_not_in_init_get_their_default(self) -> None:
        from cardrules.malilla import Game, State

        state = Game().new_state(2)
        again = fast_new(State)(*(getattr(state, f.name) for f in attrs.fields(State) if f.init))
        assert again == state and again._legal is None and again.legal_moves() == state.legal_moves()

    def test_bad_arguments_are_type_errors(self) -> None:
        new = fast_new(fast_init(plain()))
        with pytest.raises(TypeError):
            new()
        with pytest.raises(TypeError):
            new(1, (), "y")  # c is keyword-only

    def test_only_for_a_class_fast_init_decorated(self) -> None:
        cls = fast_init(plain())

        class Sub(cls):  # type: ignore[misc, valid-type]
            pass

        others: list[Any] = [plain(), Sub, len, 3]
        for other in others:
            with pytest.raises(TypeError, match="not a class decorated with fast_init"):
                fast_new(other)


def _value_classes() -> list[type]:
    """Every attrs class defined in the package's modules."""
    import importlib
    import pkgutil

    import cardrules

    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(cardrules.__path__, prefix="cardrules."):
        if info.name == "cardrules.__main__":
            continue  # running it is the command line
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == info.name:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def test_no_value_class_reads_its_attributes_through_getattr() -> None:
    """A ``__getattr__`` on a class (attrs writes one for a cached property of a slotted class) sends
    every attribute read of its values down a slower path, about 300 instructions each in Python
    3.11: La Maldición's match record paid it at every view.  Derived values are fields instead."""
    classes = _value_classes()
    assert len(classes) > 100  # the walk finds the games' values
    assert [c.__qualname__ for c in classes if any("__getattr__" in vars(k) for k in c.__mro__)] == []
