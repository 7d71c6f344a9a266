"""Frozen values that are quick to build, for the classes every transition builds.

attrs' ``__init__`` of a frozen class stores each field with
``object.__setattr__`` (the class's own ``__setattr__`` forbids it), which
looks the slot up by name every time; a game that builds a state or two per
decision spends a noticeable share of its time there.  :func:`fast_init`
gives such a class an ``__init__`` that calls each slot's own setter instead:
same signature, same values, about a third cheaper.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["fast_init"]

_T = TypeVar("_T", bound=type)


def fast_init(decorated: _T) -> _T:
    """Replace the ``__init__`` attrs wrote for the frozen, slotted ``cls`` by one that sets the slots directly.

    Only plain fields are allowed (no validator, converter or factory default,
    no ``__attrs_post_init__``): the new ``__init__`` would skip them, so such
    a class is refused with ``TypeError`` when it is decorated.
    """
    cls: Any = decorated
    if not _frozen_and_slotted(cls):
        raise TypeError(f"fast_init: {cls.__name__} is not a frozen, slotted attrs class")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"fast_init: {cls.__name__} has __attrs_post_init__, which would be skipped")
    params: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {}
    for index, field in enumerate(attrs.fields(cls)):
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"fast_init: {cls.__name__}.{field.name} has a validator or converter")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"fast_init: {cls.__name__}.{field.name} has a factory default")
        owner = next(k for k in cls.__mro__ if field.name in k.__dict__)
        setter, value = f"_set{index}", f"_default{index}"
        scope[setter] = owner.__dict__[field.name].__set__
        if not field.init:
            scope[value] = field.default
            body.append(f"    {setter}(self, {value})")
            continue
        name = field.alias or field.name
        if field.default is not attrs.NOTHING:
            scope[value] = field.default
        (keyword if field.kw_only else params).append(
            name if field.default is attrs.NOTHING else f"{name}={value}"
        )
        body.append(f"    {setter}(self, {name})")
    # The setters and defaults are the enclosing function's arguments, so the generated __init__
    # reads them as fast closure cells rather than globals.
    names = ", ".join(scope)
    signature = ", ".join(["self", *params, *(["*", *keyword] if keyword else [])])
    source = (
        f"def make({names}):\n"
        f"  def __init__({signature}):\n" + "\n".join(f"  {line}" for line in body) + "\n  return __init__\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<fast_init {cls.__qualname__}>", "exec"), namespace)
    init = namespace["make"](**scope)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init
    return decorated


def _frozen_and_slotted(cls: type) -> bool:
    return attrs.has(cls) and "__slots__" in cls.__dict__ and cls.__setattr__ is not object.__setattr__
