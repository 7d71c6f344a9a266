"""Frozen values that are quick to build, for the classes every transition builds.

attrs' ``__init__`` of a frozen class stores each field with
``object.__setattr__`` (the class's own ``__setattr__`` forbids it), which
looks the slot up by name every time; a game that builds a state or two per
decision spends a noticeable share of its time there.  :func:`fast_init`
gives such a class an ``__init__`` with the same signature that stores the
fields as a plain slotted class does, with ``self.name = value``, which the
interpreter turns into one direct store: the new value is briefly an instance
of a private subclass with the same slots and the ordinary ``__setattr__``,
and is given its own class back once its fields are set.

Calling the class still costs its call through the interpreter's C (the
class allocates the value, then calls ``__init__``) and the value changes
class twice.  :func:`fast_new` gives, for the few places each transition
builds a value, a plain function with the same arguments that allocates the
value as the writable subclass and changes its class once.  What each saves
is measured in ``docs/benchmarks.md``; both go with the compiled core
(issue 35), whose values are native classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from typing_extensions import ParamSpec

__all__ = ["fast_init", "fast_new"]

_T = TypeVar("_T", bound=type)
_V = TypeVar("_V")
_P = ParamSpec("_P")


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
    passed: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {"_cls_": cls, "_builder_": _builder(cls), "_attrs_init_": cls.__init__}
    for index, field in enumerate(attrs.fields(cls)):
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"fast_init: {cls.__name__}.{field.name} has a validator or converter")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"fast_init: {cls.__name__}.{field.name} has a factory default")
        value = f"_default{index}"
        if not field.init:
            scope[value] = field.default
            body.append(f"self.{field.name} = {value}")
            continue
        name = field.alias or field.name
        if field.default is not attrs.NOTHING:
            scope[value] = field.default
        (keyword if field.kw_only else params).append(
            name if field.default is attrs.NOTHING else f"{name}={value}"
        )
        passed.append(f"{name}={name}" if field.kw_only else name)
        body.append(f"self.{field.name} = {name}")
    # The classes and defaults are the enclosing function's arguments, so the generated functions
    # read them as fast closure cells rather than globals.  An instance of a subclass (which may
    # have other slots, or a __dict__) is left to attrs' own __init__.
    signature = ", ".join(["self", *params, *(["*", *keyword] if keyword else [])])
    lines = [
        f"def __init__({signature}):",
        "    if type(self) is not _cls_:",
        f"        return _attrs_init_({', '.join(['self', *passed])})",
        "    _become_(self, '__class__', _builder_)",
        *(f"    {line}" for line in body),
        "    self.__class__ = _cls_",
        f"def new({', '.join([*params, *(['*', *keyword] if keyword else [])])}):",
        "    self = _allocate_(_builder_)",
        *(f"    {line}" for line in body),
        "    self.__class__ = _cls_",
        "    return self",
    ]
    scope["_become_"] = object.__setattr__
    scope["_allocate_"] = object.__new__
    source = (
        f"def make({', '.join(scope)}):\n"
        + "".join(f"  {line}\n" for line in lines)
        + "  return __init__, new\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<fast_init {cls.__qualname__}>", "exec"), namespace)
    init, new = namespace["make"](**scope)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init
    new.__qualname__ = new.__name__ = f"new_{cls.__name__}"
    new.__doc__ = f"A new {cls.__qualname__}: the same as calling the class, with less work (see fast_new)."
    cls._fast_new_ = staticmethod(new)  # the class's own: a subclass must not inherit it
    return decorated


def fast_new(cls: Callable[_P, _V]) -> Callable[_P, _V]:
    """A function that builds ``cls`` from the same arguments as ``cls(...)`` does, for the hottest spots.

    ``cls`` must be decorated with :func:`fast_init`, and is built exactly (never a subclass).  The
    function skips the class call and changes the new value's class once instead of twice.
    """
    new = vars(cls).get("_fast_new_") if isinstance(cls, type) else None
    if not isinstance(new, staticmethod):
        raise TypeError(
            f"fast_new: {getattr(cls, '__name__', cls)!r} is not a class decorated with fast_init"
        )
    return new.__func__


def _frozen_and_slotted(cls: type) -> bool:
    return attrs.has(cls) and "__slots__" in cls.__dict__ and cls.__setattr__ is not object.__setattr__


def _builder(cls: type) -> type:
    """A subclass of ``cls`` with the same slots whose instances may be written to.

    Both ``__setattr__`` and ``__delattr__`` must be object's own: either one written in Python
    makes every attribute store of the class go through Python.
    """
    return type(
        f"_Building{cls.__name__}",
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )
