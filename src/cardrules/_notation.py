"""One-line text forms of positions and moves, shared by every game (like FEN and SAN in chess).

A position is written as its game's name, the format version and ``name=value``
fields, the fields of the JSON form (:meth:`to_dict`) less the game's options,
which the reader supplies (``game.from_notation(text)``)::

    malilla:1 rng=6260705749512347486 hand_number=1 dealer=3 trump=7c hands=[[Qh,5h],...] ...

A value is written without JSON's quotes where that is unambiguous: ``-`` is null,
``true``/``false`` booleans, numbers as in JSON, ``[a,b]`` a list, ``{k:v}`` an
object, a bare word a string (a game may give its cards shorter codes), and any
other string in JSON's double quotes.  A view's line says ``:view`` after the
version.  A move is written without its seat (the position says whose decision
it is): its kind first, when the game has several, then the fields that differ
from their defaults (``play card=gem mirror=true``), or the value alone of its
one field (``7s``, ``mulligan red_Clover``).

The position builders of the games share the readers at the end: cards named
as text or lists, entries given seat by seat, rows of flags, and the last check
that a match reaches what was built.

Reading is strict and bounded: a text longer than :data:`MAX_NOTATION` is
refused before it is looked at, the nesting depth is capped, and every error is
a :class:`~cardrules.SerializationError` naming the character and the field
that is wrong.  Whatever reads back is then checked like any JSON form.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

import attrs

from ._errors import CardRulesError, ConfigError, SerializationError
from ._json import JSON, MAX_DEPTH, MAX_INT_BITS, check_size, mismatch, unstructure
from ._words import brief, cut

if TYPE_CHECKING:
    from ._base import BaseState

__all__ = [
    "MAX_NOTATION",
    "Fields",
    "Words",
    "by_seat",
    "flags",
    "locate",
    "named_cards",
    "reachable",
    "read_line",
    "read_move",
    "refusal",
    "seat_of",
    "write_line",
    "write_move",
    "write_value",
]

CardT = TypeVar("CardT")
StateT = TypeVar("StateT", bound="BaseState[Any, Any, Any]")
T = TypeVar("T")

#: A notation text holds at most this many characters (the longest real positions hold a few thousand).
MAX_NOTATION: Final = 200_000

#: ``(name, value, character)`` for each field of a line, in the order written.
Fields = list[tuple[str, JSON, int]]

_WORD = re.compile(r"[^\s\[\]{},:=\"]+")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_NONE: Mapping[str, str] = MappingProxyType({})
# An integer of MAX_INT_BITS bits has at most this many decimal digits (and a sign).
_MAX_DIGITS = len(str(2**MAX_INT_BITS)) + 1


class Words:
    """How a game writes values of its JSON form that depend on its options as words (a deck's items by
    name where the JSON holds their numbers), and reads them back; as the JSON form by default.

    ``read`` also takes the JSON form's own values, so a line written before a game had words reads.
    """

    __slots__ = ()

    def write(self, game: Any, data: dict[str, JSON]) -> dict[str, JSON]:
        """``data`` (a state's or view's JSON form, less its game) with the game's words in."""
        return data

    def read(self, game: Any, data: dict[str, JSON], what: str) -> dict[str, JSON]:
        """``data`` read from a line, back in the JSON form; a word that names nothing is refused with a
        :class:`~cardrules.SerializationError` that starts with ``what`` and the field."""
        return data


def _word_value(word: str, decode: Mapping[str, str]) -> JSON:
    """What an unquoted word stands for."""
    if word == "-":
        return None
    if word == "true":
        return True
    if word == "false":
        return False
    if _INT.fullmatch(word) and len(word) <= _MAX_DIGITS:
        return int(word)
    if _FLOAT.fullmatch(word) and len(word) <= 40:
        number = float(word)
        if math.isfinite(number):
            return number
    return decode.get(word, word)


def write_value(value: JSON, codes: Mapping[str, str] = _NONE, decode: Mapping[str, str] = _NONE) -> str:
    """``value`` in the notation's syntax; ``codes`` maps strings (cards) to the short words written."""
    if value is None:
        return "-"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        code = codes.get(value)
        if code is not None:
            return code
        if value and _WORD.fullmatch(value) and _word_value(value, decode) == value and value not in decode:
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(write_value(item, codes, decode) for item in value) + "]"
    return (
        "{" + ",".join(f"{_key(key)}:{write_value(item, codes, decode)}" for key, item in value.items()) + "}"
    )


def _key(key: str) -> str:
    return key if _NAME.fullmatch(key) else json.dumps(key, ensure_ascii=False)


class _Reader:
    """A cursor over one line, reporting errors with the character and the field."""

    __slots__ = ("decode", "field", "pos", "text", "what")

    def __init__(self, text: str, what: str, decode: Mapping[str, str]) -> None:
        self.text = text
        self.what = what
        self.decode = decode
        self.pos = 0
        self.field = ""

    def fail(self, problem: str, pos: int | None = None) -> NoReturn:
        at = self.pos if pos is None else pos
        where = f"character {at + 1}" + (f" (field {self.field})" if self.field else "")
        shown = cut(self.text[at : at + 24], 24) if at < len(self.text) else "the end of the text"
        raise SerializationError(f"{self.what}: at {where}: {problem}; found {shown!r}")

    def skip_spaces(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        self.pos = pos

    def word(self) -> str:
        match = _WORD.match(self.text, self.pos)
        if match is None:
            self.fail("expected a value")
        self.pos = match.end()
        return match.group()

    def value(self, depth: int) -> JSON:
        if depth > MAX_DEPTH:
            self.fail(f"lists and objects nest more than {MAX_DEPTH} deep")
        text = self.text
        if self.pos >= len(text):
            self.fail("the text ends where a value should be")
        char = text[self.pos]
        if char == "[":
            self.pos += 1
            items: list[JSON] = []
            if self.pos < len(text) and text[self.pos] == "]":
                self.pos += 1
                return items
            while True:
                items.append(self.value(depth + 1))
                self.close("]")
                if text[self.pos - 1] == "]":
                    return items
        if char == "{":
            self.pos += 1
            entries: dict[str, JSON] = {}
            if self.pos < len(text) and text[self.pos] == "}":
                self.pos += 1
                return entries
            while True:
                start = self.pos
                match = _NAME.match(text, start)
                if match is not None:
                    key = match.group()
                    self.pos = match.end()
                elif start < len(text) and text[start] == '"':
                    key = self.quoted()
                else:
                    self.fail("expected a key: lower-case letters, digits and _, or a quoted string")
                if key in entries:
                    self.fail(f"the key {cut(key, 30)} is written twice", start)
                if self.pos >= len(text) or text[self.pos] != ":":
                    self.fail("expected ':' after the key")
                self.pos += 1
                entries[key] = self.value(depth + 1)
                self.close("}")
                if text[self.pos - 1] == "}":
                    return entries
        if char == '"':
            return self.quoted()
        return _word_value(self.word(), self.decode)

    def close(self, bracket: str) -> None:
        """Step over ``,`` or the closing ``bracket``."""
        if self.pos < len(self.text) and self.text[self.pos] in ("," + bracket):
            self.pos += 1
            return
        self.fail(f"expected ',' or '{bracket}'")

    def quoted(self) -> str:
        start = self.pos
        end = start + 1
        text = self.text
        while True:
            end = text.find('"', end)
            if end < 0:
                self.fail("a quoted string is not closed", start)
            backslashes = 0
            while text[end - 1 - backslashes] == "\\":
                backslashes += 1
            if backslashes % 2 == 0:
                break
            end += 1
        try:
            result = json.loads(text[start : end + 1])
        except ValueError:
            self.fail("not a string in JSON's form", start)
        assert isinstance(result, str)
        self.pos = end + 1
        return result


def _bounded(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise SerializationError(f"{what}: expected a string, got {type(text).__name__} {brief(text)}")
    if len(text) > MAX_NOTATION:
        raise SerializationError(f"{what}: {len(text)} characters; a notation holds at most {MAX_NOTATION}")
    return text


def _fields(reader: _Reader, first: int) -> Fields:
    """``name=value`` fields separated by spaces, from character ``first`` to the end."""
    reader.pos = first
    found: Fields = []
    names: set[str] = set()
    text = reader.text
    while True:
        reader.skip_spaces()
        if reader.pos >= len(text):
            return found
        start = reader.pos
        reader.field = ""
        match = _NAME.match(text, start)
        if match is None or match.end() >= len(text) or text[match.end()] != "=":
            reader.fail("expected a field, name=value")
        name = match.group()
        if name in names:
            reader.fail(f"the field {name} is written twice")
        names.add(name)
        reader.field = name
        reader.pos = match.end() + 1
        value = reader.value(1)
        if reader.pos < len(text) and not text[reader.pos].isspace():
            reader.fail("expected a space after the value")
        found.append((name, value, start))


def write_line(game: str, version: int, kind: str, data: Mapping[str, JSON], codes: Mapping[str, str]) -> str:
    """A position's line: ``game:version[:kind]`` then each field of ``data``."""
    decode = {code: text for text, code in codes.items()}
    head = f"{game}:{version}" + ("" if kind == "state" else f":{kind}")
    return " ".join([head, *(f"{key}={write_value(value, codes, decode)}" for key, value in data.items())])


def read_line(
    text: object, game: str, version: int, kind: str, codes: Mapping[str, str]
) -> tuple[dict[str, JSON], Fields]:
    """The fields of a line written by :func:`write_line`, as JSON data and with where each began."""
    what = f"{game} {kind} notation"
    line = _bounded(text, what)
    decode = {code: value for value, code in codes.items()}
    reader = _Reader(line, what, decode)
    reader.skip_spaces()
    start = reader.pos
    head_end = start
    while head_end < len(line) and not line[head_end].isspace():
        head_end += 1
    head = line[start:head_end].split(":")
    if not head[0]:
        reader.fail(f"expected the header {game}:{version}")
    if head[0] != game:
        reader.fail(f"this text is not of {game}: it starts with {cut(head[0], 30)!r}", start)
    wanted = [game, str(version)] + ([] if kind == "state" else [kind])
    if len(head) < 2 or head[1] != str(version):
        reader.fail(f"this version of cardrules reads {game}:{version}", start)
    if head != wanted:
        other = head[2] if len(head) > 2 else "state"
        reader.fail(
            f"the header {':'.join(wanted)} starts a {kind}; this text holds a {cut(other, 20)}", start
        )
    fields = _fields(reader, head_end)
    data = {name: value for name, value, _ in fields}
    check_size(data, what)
    return data, fields


def locate(message: str, fields: Fields, what: str) -> str:
    """``message`` (an error about the data read from a line) with the field and character it names."""
    match = re.search(r"(?:state|view|move): (?:at )?([a-z_]+)", message)
    if match is not None:
        for name, _, start in fields:
            if name == match.group(1):
                return f"{what}: at character {start + 1} (field {name}): {message}"
    return f"{what}: {message}"


def write_move(data: Mapping[str, JSON], cls: type, codes: Mapping[str, str]) -> str:
    """A move's words: its ``type``, if any, then its fields other than the seat and the defaults, or
    the value alone of a move that has one field besides the seat."""
    decode = {code: text for text, code in codes.items()}
    words = [str(data["type"])] if "type" in data else []
    lone = _lone_field(cls)
    if lone is not None:  # a move of one field writes its value alone, as chess writes Nf3
        return " ".join([*words, write_value(data[lone], codes, decode)])
    defaults = _defaults(cls)
    for key, value in data.items():
        if key in ("type", "seat") or (key in defaults and defaults[key] == value):
            continue
        words.append(f"{key}={write_value(value, codes, decode)}")
    return " ".join(words) if words else "-"


def read_move(text: object, game: str, seat: int, tags: Mapping[str, type] | None, cls: type,
              codes: Mapping[str, str]) -> dict[str, JSON]:  # fmt: skip
    """The JSON data of the move written by :func:`write_move` for ``seat``."""
    what = f"{game} move notation"
    line = _bounded(text, what)
    reader = _Reader(line, what, {code: value for value, code in codes.items()})
    reader.skip_spaces()
    data: dict[str, JSON] = {}
    if tags is not None:
        start = reader.pos
        match = _WORD.match(line, start)
        kind = match.group() if match is not None else ""
        if kind not in tags:
            reader.fail(f"expected the kind of move, one of {', '.join(sorted(tags))}", start)
        data["type"] = kind
        cls = tags[kind]
        reader.pos = match.end() if match is not None else start
    elif line.strip() == "-":
        reader.pos = len(line)
    lone = _lone_field(cls)
    reader.skip_spaces()
    at = reader.pos
    named = _NAME.match(line, at)
    if lone is not None and at < len(line) and not (named and line[named.end() : named.end() + 1] == "="):
        reader.field = lone
        data[lone] = reader.value(1)
        if reader.pos < len(line) and not line[reader.pos].isspace():
            reader.fail("expected a space after the value")
    fields = _fields(reader, reader.pos)
    for name, value, start in fields:
        if name in ("type", "seat") or name in data:
            reader.field = ""
            said = "is written twice" if name in data else "is not written: the position says it"
            reader.fail(f"the field {name} {said}", start)
        data[name] = value
    data["seat"] = seat
    for key, value in _defaults(cls).items():
        data.setdefault(key, value)
    check_size(data, what)
    return data


_DEFAULTS: dict[type, dict[str, JSON]] = {}
_LONE: dict[type, str | None] = {}


def _lone_field(cls: type) -> str | None:
    """The one field of a move besides its seat, or ``None`` for a move of none or several."""
    if cls not in _LONE:
        names = [f.alias or f.name for f in attrs.fields(cls) if f.init and f.name != "seat"]
        _LONE[cls] = names[0] if len(names) == 1 else None
    return _LONE[cls]


def _defaults(cls: type) -> dict[str, JSON]:
    found = _DEFAULTS.get(cls)
    if found is None:
        found = {}
        for field in attrs.fields(cls):
            default: Any = field.default
            if field.init and default is not attrs.NOTHING and not isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                found[field.alias or field.name] = unstructure(default)
        _DEFAULTS[cls] = found
    return found


# -- what the position builders share ---------------------------------------------------------


def refusal(what: str, field: str, problem: str) -> ConfigError:
    """The error of a position builder (``what`` is ``"malilla position"``) for its argument ``field``."""
    return ConfigError(f"{what}: {field} {problem}")


def named_cards(
    what: str,
    field: str,
    given: object,
    card_type: type[CardT],
    parse: Callable[[str], CardT],
    limit: int,
    separator: str | None = None,
) -> list[CardT]:
    """The cards a user names: a string of words (split at ``separator``) or an iterable of cards or
    words, at most ``limit`` of them; refused naming ``field`` and the word that is no card."""
    words = given.split(separator) if isinstance(given, str) else given
    if isinstance(words, (Mapping, bytes)) or not isinstance(words, Iterable):
        raise refusal(what, field, f"must be cards, as text or a list; got {brief(given)}")
    found: list[CardT] = []
    for word in words:
        if isinstance(word, str) and not word.strip():
            continue
        if len(found) >= limit:
            raise refusal(what, field, f"names more than the {limit} cards of the deck")
        if isinstance(word, card_type):
            found.append(word)
            continue
        try:
            found.append(parse(word))
        except (ValueError, TypeError) as exc:
            raise refusal(what, field, f"holds {brief(word)}: {exc}") from None
    return found


def seat_of(what: str, field: str, value: object, players: int) -> int:
    """A seat the user names, refused unless it is an integer from 0 to ``players - 1``."""
    if type(value) is not int or not 0 <= value < players:
        raise refusal(what, field, f"must be a seat from 0 to {players - 1}; got {brief(value)}")
    return value


def reachable(state: StateT, what: str) -> StateT:
    """``state`` once every check of ``from_dict`` passed; refused with the field they name.

    The types come first (an argument passed as it came, a ``final=None`` say, is refused as JSON
    holding null there would be), then the game's invariants and that the match plays on.
    """
    problem = mismatch(state, type(state))
    if problem is not None:
        raise ConfigError(f"{what}: {problem}")
    try:
        state._check_facts()
    except CardRulesError as exc:
        raise ConfigError(f"{what}: {exc}") from None
    return state


def by_seat(
    what: str, field: str, given: object, count: int, read: Callable[[str, object], T]
) -> dict[int, T]:
    """What the user names seat by seat (a list, one entry per seat, or a dict seat -> entry), each
    entry read by ``read(field_of_the_entry, entry)``; refused naming ``field``."""
    if isinstance(given, (str, bytes)) or not isinstance(given, (Mapping, Sequence)):
        raise refusal(
            what, field, f"must be given by seat: a list, one entry per seat, or a dict; got {brief(given)}"
        )
    items = given.items() if isinstance(given, Mapping) else enumerate(given)
    found: dict[int, T] = {}
    for seat, entry in items:
        if len(found) >= count:
            raise refusal(what, field, f"names more than {count} seats")
        found[seat_of(what, field, seat, count)] = read(f"{field}[{seat}]", entry)
    return found


def flags(what: str, field: str, given: object, count: int) -> tuple[bool, ...]:
    """``count`` booleans, one per seat; refused naming ``field``."""
    if (
        isinstance(given, (str, bytes))
        or not isinstance(given, Sequence)
        or len(given) != count
        or any(type(flag) is not bool for flag in given)
    ):
        raise refusal(what, field, f"must be {count} booleans, one per seat; got {brief(given)}")
    return tuple(given)
