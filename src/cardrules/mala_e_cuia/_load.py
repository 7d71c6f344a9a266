"""Reading decks: the built-in one shipped with the package, and users' JSON or TOML files."""

from __future__ import annotations

import functools
import json
import os
import tomllib
from importlib import resources
from pathlib import Path

from .._errors import ConfigError
from .._json import MAX_FILE, read_text
from .._words import brief
from ._deck import Deck

__all__ = ["builtin_deck", "load_deck", "parse_deck"]

_BUILTIN = "builtin_deck.json"


@functools.cache
def builtin_deck() -> Deck:
    """The deck written for cardrules: 40+ Situation cards and 60+ Item cards, every entry tagged."""
    text = resources.files(__package__).joinpath(_BUILTIN).read_text(encoding="utf-8")
    return Deck.from_data(json.loads(text), source=f"built-in deck {_BUILTIN}")


def parse_deck(text: str, fmt: str, *, source: str = "content") -> Deck:
    """A deck from the text of a ``"json"`` or ``"toml"`` document (at most :data:`~cardrules._json.MAX_FILE`
    characters)."""
    if not isinstance(text, str) or len(text) > MAX_FILE:
        raise ConfigError(f"mala_e_cuia: {source}: a deck is a JSON or TOML text, got {brief(text)}")
    if fmt == "json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:  # also a number of more digits than int() reads
            raise ConfigError(f"mala_e_cuia: {source}: not valid JSON: {exc}") from None
    elif fmt == "toml":
        try:
            data = tomllib.loads(text)
        except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
            raise ConfigError(f"mala_e_cuia: {source}: not valid TOML: {exc}") from None
    else:
        raise ConfigError(f"mala_e_cuia: {source}: the format must be 'json' or 'toml'; got {fmt!r}")
    return Deck.from_data(data, source=source)


def load_deck(path: str | os.PathLike[str]) -> Deck:
    """The deck in a ``.json`` or ``.toml`` file; pass it to ``Game(content=...)``.

    Raises :class:`~cardrules.ConfigError` naming the file and the entry at fault.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ConfigError(f"mala_e_cuia: load_deck needs a file's path, got {brief(path)}")
    file = Path(path)
    fmt = file.suffix.lower().lstrip(".")
    if fmt not in ("json", "toml"):
        raise ConfigError(f"mala_e_cuia: content file {file}: the name must end in .json or .toml")
    text = read_text(file, "mala_e_cuia: content", ConfigError)
    return parse_deck(text, fmt, source=f"content file {file}")
