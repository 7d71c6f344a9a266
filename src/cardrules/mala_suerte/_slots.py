"""Building frozen values fast: each field's slot set through its own descriptor.

attrs' ``__init__`` of a frozen class sets every field with ``object.__setattr__``
(the class's own ``__setattr__`` forbids it), which makes building a value
cost half as much again as setting the slots directly.  A transition builds
a state and often a few other values, so the values built in every
transition (:class:`~cardrules.mala_suerte.State`, its board, knowledge and
events) write their own ``__init__`` with these setters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["slot_setters"]


def slot_setters(cls: type) -> tuple[Callable[[Any, Any], None], ...]:
    """The ``__set__`` of each attrs field's slot of ``cls``, in field order.

    Setting a slot through its descriptor skips the ``__setattr__`` that a
    frozen class forbids, so only a constructor may use these.
    """
    setters = []
    for field in attrs.fields(cls):
        owner = next(k for k in cls.__mro__ if field.name in k.__dict__)
        setters.append(owner.__dict__[field.name].__set__)
    return tuple(setters)
