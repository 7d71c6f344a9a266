"""Process-wide caches stay bounded: a long run of playouts or searches must not grow memory."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import cardrules


def _modules() -> list[Any]:
    found = [cardrules]
    for info in pkgutil.walk_packages(cardrules.__path__, prefix="cardrules."):
        if info.name == "cardrules.__main__":
            continue  # running it is the command line
        found.append(importlib.import_module(info.name))
    return found


def _caches() -> dict[str, Any]:
    """Every functools cache defined at module level in the package, by qualified name."""
    caches: dict[str, Any] = {}
    for module in _modules():
        for name, value in vars(module).items():
            if (
                callable(getattr(value, "cache_parameters", None))
                and getattr(value, "__module__", None) == module.__name__
            ):
                caches[f"{module.__name__}.{name}"] = value
    return caches


def test_the_package_has_caches_to_check() -> None:
    # The walk finds the caches the views and the rules rely on; if it found none the test below
    # would pass for nothing.
    assert {"cardrules.maldicion._state._lacking", "cardrules.magyar_nepmesek._view._occupied"} <= set(
        _caches()
    )


#: Caches without a size limit, each keyed by a domain the package fixes: they cannot grow with use.
FINITE_KEYS = {
    "cardrules._json._hints": "the package's attrs classes",
    "cardrules._json._names": "the package's attrs classes",
    "cardrules._schema._schema_text": "a registered game and a schema kind (others raise, and are not kept)",
    "cardrules._schema.largest_table": "a registered game (others raise, and are not kept)",
    "cardrules.web._messages._message_text": "a registered game (others raise, and are not kept)",
    "cardrules.web._messages._openapi_text": "no argument: one value",
    "cardrules.magyar_nepmesek._cards._names": "no argument: one value",
    "cardrules.magyar_nepmesek._deck.default_deck": "no argument: one value",
    "cardrules.magyar_nepmesek._deck.mini_deck": "no argument: one value",
    "cardrules.mala_e_cuia._load.builtin_deck": "no argument: one value",
}


def test_every_cache_keyed_by_what_play_produces_has_a_size_limit() -> None:
    unbounded = {name for name, cache in _caches().items() if cache.cache_parameters()["maxsize"] is None}
    assert unbounded == set(FINITE_KEYS)
