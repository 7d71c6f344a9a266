"""The base classes every game builds on.

They own what is common to all games, so that a game writes only its rules:
whose decision it is, the end of the match, membership of a move in
``legal_moves()``, range checks on seats and seeds, and the JSON envelope that
names the game, the kind of object and the format version.

A game subclasses each of them with a frozen attrs class and implements the
underscored hooks: :meth:`BaseState._legal_moves`, :meth:`BaseState._apply`,
:meth:`BaseState._view`, :meth:`BaseGame._new_state`, :meth:`BaseGame._sampler` (a
:class:`Sampler` whose :meth:`Sampler._sample` places the hidden cards) and
:meth:`BaseGame._make_encoding` (its actions and views as numbers).
"""

from __future__ import annotations

import abc
import json
import operator
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, SupportsIndex, TypeVar

import attrs

from ._encoding import Encoding, Segments, cut_list
from ._errors import CardRulesError, ConfigError, IllegalMoveError, PositionError, SerializationError
from ._invariants import check_view, sampled_view_checked
from ._json import (
    JSON,
    MAX_INT_BITS,
    _hints,
    _tagged_subclasses,
    mismatch,
    record_game,
    structure,
    unstructure,
)
from ._notation import Words, locate, read_line, read_move, write_line, write_move
from ._outcome import Outcome
from ._random import Rng
from ._rulebook import Rulebook
from ._sampling import NoDeal
from ._words import brief

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "FORMAT",
    "BaseGame",
    "BaseMove",
    "BaseState",
    "BaseView",
    "Sampler",
    "check_state_of",
    "check_step",
]

#: The version of the JSON form written by ``to_dict``; ``from_dict`` accepts this one.
FORMAT = 1

MoveT = TypeVar("MoveT", bound="BaseMove")
ViewT = TypeVar("ViewT", bound="BaseView[Any]")
StateT = TypeVar("StateT", bound="BaseState[Any, Any, Any]")
GameT = TypeVar("GameT", bound="BaseGame[Any, Any]")


def _envelope(game: str, kind: str, data: JSON) -> dict[str, JSON]:
    return {"game": game, "kind": kind, "format": FORMAT, "data": data}


def _open_envelope(data: object, game: str, kind: str) -> JSON:
    label = f"{game} {kind}"
    if not isinstance(data, Mapping):
        raise SerializationError(f"{label}: expected a dict, got {type(data).__name__}")
    keys = set(data)
    if keys != {"game", "kind", "format", "data"}:
        got = ", ".join(sorted(brief(k, 40) for k in keys)) if len(keys) <= 8 else f"{len(keys)} keys"
        raise SerializationError(
            f"{label}: expected the keys game, kind, format and data, got {got or 'none'}"
        )
    if type(data["game"]) is not str or data["game"] != game:
        raise SerializationError(f"{label}: this dict belongs to the game {brief(data['game'])}")
    if type(data["kind"]) is not str or data["kind"] != kind:
        raise SerializationError(f"{label}: this dict holds a {brief(data['kind'])}, not a {kind}")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise SerializationError(
            f"{label}: format {brief(data['format'])} is not supported (this version reads {FORMAT})"
        )
    inner: JSON = data["data"]
    return inner


def _flat_fields(cls: type, name: str) -> dict[str, tuple[bool, JSON]]:
    """The fields of the record in ``cls``'s field ``name``: whether each has a default, and its JSON."""
    found = _FLAT_FIELDS.get((cls, name))
    if found is None:
        record = _hints(cls)[name]
        found = _FLAT_FIELDS[cls, name] = {
            f.name: (False, None) if f.default is attrs.NOTHING else (True, unstructure(f.default))
            for f in attrs.fields(record)
            if f.init
        }
    return found


_FLAT_FIELDS: dict[tuple[type, str], dict[str, tuple[bool, JSON]]] = {}


def _flatten(data: JSON, cls: type[_Serializable]) -> dict[str, JSON]:
    """The records' fields moved beside the others; those at their default left out."""
    assert isinstance(data, dict)
    merged = dict(data)
    for name in cls._json_flat:
        record = merged.pop(name)
        assert isinstance(record, dict)
        fields = _flat_fields(cls, name)
        merged.update((k, v) for k, v in record.items() if fields[k] != (True, v))
    order = [k for k in cls._json_order if k in merged]
    return {key: merged[key] for key in (*order, *(k for k in merged if k not in cls._json_order))}


def _unflatten(data: dict[str, JSON], cls: type[_Serializable]) -> dict[str, JSON]:
    """The records' fields gathered back under their names, defaults filled in."""
    rest = dict(data)
    records: dict[str, JSON] = {}
    for name in cls._json_flat:
        fields = _flat_fields(cls, name)
        records[name] = {k: rest.pop(k, default) for k, (has, default) in fields.items() if k in rest or has}
    return {**rest, **records}


class _Serializable:
    """``to_dict``/``from_dict`` through the checked envelope."""

    __slots__ = ()
    game_name: ClassVar[str]
    _json_kind: ClassVar[str]
    #: The fields holding records of fields grouped apart (a state's seldom-changing "board", the
    #: public records a view shares with its state): the JSON form writes their fields flat, beside
    #: the value's own, first those named in ``_json_order`` in that order, and leaves out those at
    #: their default.  The records' field names are unique among the value's.
    _json_flat: ClassVar[tuple[str, ...]] = ()
    _json_order: ClassVar[tuple[str, ...]] = ()
    #: The short words the notation writes for strings of the JSON form (a game's cards), and reads back.
    _notation_codes: ClassVar[Mapping[str, str]] = {}
    #: The words the notation writes for values that depend on the game's options (a deck's items).
    _notation_words: ClassVar[Words] = Words()

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict; ``type(self).from_dict`` of it gives back an equal value."""
        self._check_built()
        data = unstructure(self)
        if self._json_flat:
            return _envelope(self.game_name, self._json_kind, _flatten(data, type(self)))
        return _envelope(self.game_name, self._json_kind, data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a value from :meth:`to_dict`'s output.

        Raises :class:`~cardrules.SerializationError` for anything else.
        """
        inner = _open_envelope(data, cls.game_name, cls._json_kind)
        flat: tuple[str, ...] = ()  # the records' entries, written flat, are named as written
        if cls._json_flat and isinstance(inner, dict) and not any(name in inner for name in cls._json_flat):
            inner = _unflatten(inner, cls)
            flat = cls._json_flat
        value: Self = structure(inner, cls, what=f"{cls.game_name} {cls._json_kind}", flat=flat)
        value._check_read()
        return value

    def _check_built(self) -> None:
        """Refuse, with :class:`~cardrules.SerializationError`, a value built by hand that the game could not
        have made; what the engine makes passes at no cost.  Moves, views and states check it."""

    def _check_read(self) -> None:
        """Check a value :meth:`from_dict` built: by default, :meth:`_validate`."""
        self._validate()

    def _refuse_mistyped(self) -> None:
        """Refuse, with :class:`~cardrules.SerializationError` naming it, a field of another type
        (a value built by hand)."""
        problem = mismatch(self, type(self))
        if problem is not None:
            raise SerializationError(f"{self.game_name} {self._json_kind}: {problem}")

    def _validate(self) -> None:
        """Check a value read from JSON against the invariants its game keeps; raise SerializationError.

        Games list their invariants here (see :mod:`cardrules._invariants`), then check a state to be
        playable (``check_playable``) and a view to be one its seat can see (``check_view``).  It also
        runs on the views inside a redacted record.
        """


def _malformed(value: _Serializable) -> str | None:
    """Why a value built by hand is not one of its class's values (a field of another type), or ``None``."""
    problem = mismatch(value, type(value))
    return None if problem is None else f"{value.game_name} {type(value).__name__}: {problem}"


def _fallback_text(method: Callable[[Any], str]) -> Callable[[Any], str]:
    """``method`` (a move's ``__str__`` or ``__repr__``), answering for a move built by hand with a field
    of another type with a text that says so, where the game's own text would fail on it."""

    def text(self: Any) -> str:
        try:
            return method(self)
        except Exception:
            problem = _malformed(self)
            if problem is None:
                raise  # a well-formed move: the failure is the package's own, not the caller's
            return f"<{problem}>"

    text.__name__, text.__qualname__, text.__doc__ = method.__name__, method.__qualname__, method.__doc__
    text._checks_fields = True  # type: ignore[attr-defined]
    return text


def _checking_view(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of a view (``render``, ``hint``, ``news``), refusing a view built by hand with a field of
    another type, or one it fails on because no seat could see it, and such an earlier view handed to ``news``,
    with :class:`~cardrules.SerializationError`.  A view edited for show that the method can read is shown."""

    def checked(self: Any, *args: Any) -> Any:
        views = (self, *(other for other in args if isinstance(other, BaseView)))
        for view in views:
            view._check_built()
        try:
            return method(self, *args)
        except CardRulesError:
            raise
        except Exception:
            for view in views:
                view._diagnose()
            raise

    checked.__name__, checked.__qualname__, checked.__doc__ = (
        method.__name__,
        method.__qualname__,
        method.__doc__,
    )
    checked._checks_fields = True  # type: ignore[attr-defined]
    return checked


@attrs.frozen
class BaseMove(_Serializable, abc.ABC):
    """One decision of one seat. Subclasses add a ``seat: int`` field first.

    A move built by hand with a field of another type (``Move(seat=0, card=None)``) is refused by every
    function it is handed to; its ``str`` and ``repr`` say what is wrong with it instead of failing.
    """

    _json_kind: ClassVar[str] = "move"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("__str__", "__repr__"):
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_checks_fields", False):
                setattr(cls, name, _fallback_text(method))

    def _check_built(self) -> None:
        problem = _malformed(self)
        if problem is not None:
            raise SerializationError(f"not a well-formed move: {problem}")

    @property
    @abc.abstractmethod
    def seat(self) -> int:
        """The seat that makes this move."""

    def to_notation(self) -> str:
        """The move in one line without its seat (the position says whose decision it is).

        ``game.parse_move(position, move.to_notation())`` gives this move back,
        for a position where it is this seat's decision.
        """
        data = self.to_dict()["data"]
        assert isinstance(data, dict)
        return write_move(data, type(self), self._notation_codes)


@attrs.frozen
class BaseView(_Serializable, abc.ABC, Generic[GameT]):
    """What one seat may know. Subclasses add ``game`` and ``seat`` fields."""

    _json_kind: ClassVar[str] = "view"
    # Whether State.view made this view or it passed the checks of a view the rules can reach; any
    # other (read from JSON, built by hand) is checked by the functions it is handed to.  Not part of
    # the value.
    _from_state: bool = attrs.field(init=False, default=False, eq=False, hash=False, repr=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        method = cls.__dict__.get("__repr__")
        if method is not None and not getattr(method, "_checks_fields", False):
            cls.__repr__ = _fallback_text(method)  # type: ignore[method-assign]
        for name in ("render", "hint", "news"):
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_checks_fields", False):
                setattr(cls, name, _checking_view(method))

    def _check_built(self) -> None:
        if not self._from_state:
            self._refuse_mistyped()

    def _diagnose(self) -> None:
        """After the package failed on this view: refuse it if no seat could see it (otherwise the fault
        is the package's own, and the caller re-raises it)."""
        if not self._from_state:
            self._require_reachable()

    def _require_reachable(self) -> None:
        """Refuse a view no seat of a match could see (a field of another type, or facts that do not
        agree), naming what is wrong; a view that passes is marked, and not checked again."""
        self._refuse_mistyped()
        if sampled_view_checked(self):
            object.__setattr__(self, "_from_state", True)
            return
        # check_view renders the view: marked first, so that is no second check from within.
        object.__setattr__(self, "_from_state", True)
        try:
            self._validate()
            check_view(self)
        except BaseException:
            object.__setattr__(self, "_from_state", False)
            raise

    @property
    @abc.abstractmethod
    def game(self) -> GameT:
        """The game (rules and options) being played."""

    @property
    @abc.abstractmethod
    def seat(self) -> int:
        """The seat whose knowledge this is."""

    def to_notation(self) -> str:
        """The view in one line, ``game:version:view`` then its fields; it shows what the view holds
        and nothing more.  ``view.game.view_from_notation(text)`` gives back an equal view."""
        return _notation_of(self, "view")

    def news(self, before: Self) -> tuple[str, ...]:
        """What this seat learned privately since its own earlier view ``before``, addressed to it.

        "you drew +3 Fox", "seat 2 gave you 7♠": the private side of a move,
        which :meth:`BaseState.describe` (public facts only) leaves out.  A
        function of the seat's two views, so it can tell the seat nothing the
        seat may not know.  Games override it; the default tells nothing.
        """
        del before
        return ()

    def hint(self) -> str:
        """The decision pending, in one line with the rule that governs it; games override this."""
        outcome = getattr(self, "outcome", None)
        if outcome is not None:
            return f"the match is over: {outcome}"
        current = getattr(self, "current_player", None)
        return f"seat {current} to decide" if current is not None else "nothing to decide"

    def render(self) -> str:
        """The view as text for a terminal; games override this with a proper table."""
        data = unstructure(self)
        assert isinstance(data, dict)
        lines = []
        for key, value in data.items():
            if key == "game":
                continue
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            lines.append(f"{key.replace('_', ' ')}: {text}")
        return "\n".join(lines)


class _StateClass(abc.ABCMeta):
    """The class of every game's State: a state made by calling its class (by hand, with
    ``attrs.evolve``, or by the JSON reader) is marked to be checked before the rules first run on
    it.  The rules build the states of a match with the class's builder, which does not call it, and
    those need no check."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        state = super().__call__(*args, **kwargs)
        object.__setattr__(state, "_checked", False)  # a mark, not part of the value
        return state


@attrs.frozen
class BaseState(_Serializable, abc.ABC, Generic[GameT, MoveT, ViewT], metaclass=_StateClass):
    """An immutable position of a match, with the checks every game shares.

    A state built by calling its class (``malilla.State(...)``, ``attrs.evolve(state, ...)``) is
    checked as :meth:`from_dict` checks one read from JSON before its legal moves, a move or a view
    are first worked out from it: one that no match of its game reaches is refused with
    :class:`~cardrules.SerializationError` naming what is wrong.  Each game's position builder
    (``malilla.position``, ...) is the way to set one up.
    """

    _json_kind: ClassVar[str] = "state"
    _move_type: ClassVar[type[BaseMove]]
    # The legal moves, computed once on first use; not part of the value.
    _legal: tuple[MoveT, ...] | None = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)
    # The views asked for so far, by seat, kept like the legal moves; not part of the value.
    _views: dict[int, ViewT] | None = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)
    # Whether the rules made this state or it passed their checks; False for a state made by calling
    # its class (see _StateClass), checked by _require_checked.  Not part of the value.
    _checked: bool = attrs.field(init=False, default=True, eq=False, hash=False, repr=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        method = cls.__dict__.get("__repr__")  # a state built by hand says what is wrong, as a move does
        if method is not None and not getattr(method, "_checks_fields", False):
            cls.__repr__ = _fallback_text(method)  # type: ignore[method-assign]

    @property
    @abc.abstractmethod
    def game(self) -> GameT:
        """The game (rules and options) being played."""

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the match is over."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` until the match is over, then who won and the scores."""

    @abc.abstractmethod
    def _legal_moves(self) -> tuple[MoveT, ...]:
        """The legal moves of a state that is not terminal."""

    @abc.abstractmethod
    def _apply(self, move: MoveT) -> Self:
        """The state after a move already known to be legal."""

    @abc.abstractmethod
    def _view(self, seat: int) -> ViewT:
        """What ``seat`` may know, for a seat already checked to be in range."""

    def to_notation(self) -> str:
        """The position in one line, ``game:version`` then ``name=value`` fields (the game's options
        are not written).  ``state.game.from_notation(text) == state``."""
        return _notation_of(self, "state")

    def _check_built(self) -> None:
        """Refuse, before it is written, a state made by hand with a field of another type."""
        if not self._checked:
            self._refuse_mistyped()

    def _check_read(self) -> None:
        self._check_facts()  # the reader built it of the right types

    def _replace(self, **changes: Any) -> Self:
        """This state with ``changes``, trusted as the rules' own states are (not checked): for the
        package's searches, which change only what they keep consistent.  ``attrs.evolve`` makes
        the same state marked to be checked."""
        state = attrs.evolve(self, **changes)
        object.__setattr__(state, "_checked", True)
        return state

    def _require_checked(self) -> None:
        """Refuse a state that no match of its game reaches (a field of another type, or facts that
        do not agree), naming what is wrong, as :meth:`from_dict` does; one that passes is marked and
        not checked again.  What a failed check worked out (legal moves, views) is dropped."""
        self._refuse_mistyped()
        self._check_facts()

    def _check_facts(self) -> None:
        """:meth:`_validate`, the state marked checked if it passes."""
        # The checks ask for the legal moves and the views: marked first, so that is no second check.
        object.__setattr__(self, "_checked", True)
        try:
            self._validate()
        except BaseException:
            object.__setattr__(self, "_checked", False)
            object.__setattr__(self, "_legal", None)
            object.__setattr__(self, "_views", None)
            raise

    def _why_illegal(self, move: MoveT) -> str | None:
        """Why a well-formed move of the seat to act is not legal, or ``None`` if it is: a predicate
        that agrees with :meth:`legal_moves` (the explainer law checks it); games name the rule."""
        return None if move in self.legal_moves() else f"{move} is not a legal move now"

    def describe(self, move: MoveT, after: Self) -> tuple[str, ...]:
        """What happened when ``move`` led from this state to ``after``, in plain words.

        Front ends and narrators show these lines; games override this to add
        what followed from the move (a trick won, a hand scored, a card drawn).
        Only public facts belong here.
        """
        return (f"seat {move.seat}: {move}",)

    def opening(self) -> tuple[str, ...]:
        """The public facts of the first state (the deal, a card turned up), in plain words."""
        return ()

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.outcome is not None

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every move the seat to act may make: empty exactly when the match is over."""
        legal = self._legal
        if legal is None:
            if not self._checked:
                self._require_checked()
            legal = () if self.outcome is not None else self._legal_moves()
            object.__setattr__(self, "_legal", legal)  # a cache: states stay values
        return legal

    def apply(self, move: MoveT) -> Self:
        """The state after ``move``; this state is left untouched.

        Raises :class:`~cardrules.IllegalMoveError` saying why, if ``move`` is
        not one of :meth:`legal_moves`.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        # A move handed out by legal_moves() usually comes back as that very object: finding it by
        # identity first spares the attrs-made __eq__ calls that ``in`` makes on the moves before it.
        for candidate in legal:
            if candidate is move:
                return self._apply(move)
        # Any other move must be one of them by value and by type: 1 == True == 1.0, and an IntEnum
        # card equals its int, so ``in`` alone would let in moves the rules code cannot handle.
        if isinstance(move, self._move_type) and mismatch(move, type(move)) is None and move in legal:
            return self._apply(move)
        raise IllegalMoveError(self._illegal_message(move))

    def _illegal_message(self, move: object) -> str:
        name = self.game_name
        if not isinstance(move, self._move_type):
            kind = getattr(type(move), "game_name", None)
            what = f"a {kind} move" if isinstance(kind, str) else brief(move)
            return f"{name}: expected a {name} move, got {what}"
        problem = mismatch(move, type(move))
        if problem is not None:
            return f"{name}: not a well-formed move, {problem}"
        try:
            return self._refusal(move)  # type: ignore[arg-type]
        except Exception:  # a hand-built move of the right types may still be nonsense
            return f"{name}: {brief(move)} is not a legal move now"

    def _refusal(self, move: MoveT) -> str:
        name = self.game_name
        if self.outcome is not None:
            return f"{name}: the match is over; no move can be made ({move})"
        if move.seat != self.current_player:
            return f"{name}: seat {move.seat} tried to move ({move}) but it is seat {self.current_player}'s decision"
        reason = self._why_illegal(move)
        if reason is None:  # the explainer disagrees with the generator: a bug the explainer law finds
            return f"{name}: {brief(move)} is not a legal move now"
        return f"{name}: {reason}"

    def observation(self, move: MoveT, seat: int) -> Hashable:
        """What ``seat`` learns when ``move`` is made here: equal values for moves it cannot tell apart.

        The move itself for a move made in the open (the default).  A game with
        secret moves returns what the other seats see of one, for example
        ``("pack", 2)`` for "seat 2 packed an item", or ``None`` for a move the
        seat sees nothing of, not even that it was made (a card set aside for
        Mala Suerte's mulligan: the count is secret).  Search bots key their
        trees by it, so that no seat's choices depend on what it could not see.
        """
        del seat
        return move

    def view(self, seat: int) -> ViewT:
        """Everything ``seat`` may know now, and nothing more (built once per state and seat)."""
        views = self._views
        if views is not None and type(seat) is int and seat in views:
            return views[seat]
        if not self._checked:
            self._require_checked()
        players: int = self.game.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ConfigError(
                f"{self.game_name}: seat must be an integer from 0 to {players - 1}; got {brief(seat)}"
            )
        view = self._view(seat)
        object.__setattr__(view, "_from_state", True)  # a mark, not part of the value
        if views is None:
            views = {}
            object.__setattr__(self, "_views", views)  # a cache: states stay values
        views[int(seat)] = view
        return view


# The base's own text methods check as the games' do (a game that keeps one keeps the check).
BaseView.render = _checking_view(BaseView.render)  # type: ignore[method-assign]
BaseView.hint = _checking_view(BaseView.hint)  # type: ignore[method-assign]
BaseView.news = _checking_view(BaseView.news)  # type: ignore[method-assign]


@attrs.frozen
class BaseGame(_Serializable, abc.ABC, Generic[StateT, ViewT]):
    """An immutable ruleset with its options. Subclasses' attrs fields are the options."""

    _json_kind: ClassVar[str] = "game"
    #: The registered name, also the module name under ``cardrules``.
    name: ClassVar[str]
    view_type: ClassVar[type[BaseView[Any]]]
    state_type: ClassVar[type[BaseState[Any, Any, Any]]]
    #: What the game's rules page says of its cards (``?`` at the prompt): its quotes, unless the game
    #: reads its tables too (its ``_rulebook.py``).
    rulebook: ClassVar[Rulebook] = Rulebook()
    # The action space and observation layout, built on first use; not part of the value.
    _encoding: Encoding[Any, Any] | None = attrs.field(
        init=False, default=None, eq=False, hash=False, repr=False
    )

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """The number of seats."""

    @abc.abstractmethod
    def _new_state(self, rng: Rng) -> StateT:
        """The first state of a match, dealt from ``rng``."""

    @abc.abstractmethod
    def _sampler(self, view: ViewT) -> Sampler[StateT]:
        """The sampler of ``view``, a view already checked to be of this game."""

    @classmethod
    @abc.abstractmethod
    def examples(cls) -> Sequence[Self]:
        """Representative configurations, one per mode or variant; used by tests and benchmarks."""

    @abc.abstractmethod
    def _make_encoding(self) -> Encoding[Any, ViewT]:
        """This configuration's action space and observation layout (built once, then cached)."""

    def endgame_reasons(self, view: ViewT, moves: Sequence[BaseMove]) -> dict[BaseMove, str] | None:
        """Why each of ``moves`` (the legal moves of ``view``'s seat) is good or bad, in the game's words,
        where the game's end is solved exactly (Malilla's last five tricks): :func:`cardrules.advise`
        then gives each move's exact points with this reason.  ``None`` elsewhere (the default), where
        the advice searches instead."""
        return None

    def new_state(self, seed: int) -> StateT:
        """The first state of a match; all its randomness flows from ``seed``."""
        return self._new_state(Rng.from_seed(_check_seed(self.name, seed)))

    def sample_state(self, view: ViewT, seed: int) -> StateT:
        """A full state that ``view.seat`` cannot tell apart from the real one.

        Every hidden card is placed at random among the places it could be;
        the result is a pure function of ``(view, seed)``, and equals
        ``self.sampler(view).sample(seed)``.  The sampler of the last view is
        kept, so sampling one view object many times prepares it once.
        """
        last = _LAST_SAMPLER[0]
        if last is not None and last[0] is self and last[1] is view:
            kept: Sampler[StateT] = last[2]
            return kept.sample(seed)
        sampler = self.sampler(view)
        _LAST_SAMPLER[0] = (self, view, sampler)
        return sampler.sample(seed)

    def sampler(self, view: ViewT) -> Sampler[StateT]:
        """A :class:`Sampler` of states consistent with ``view``.

        What the view rules out is worked out here, once; each
        :meth:`Sampler.sample` then only deals.  A search that samples one
        view many times (:class:`~cardrules.bots.ISMCTSPlayer`) prepares one.
        """
        if not isinstance(view, self.view_type):
            raise ConfigError(
                f"{self.name}: sample_state needs a {self.name} View, got {type(view).__name__}"
            )
        if not view._from_state:  # checked before its fields are read: its game may sit in a record
            try:
                view._require_reachable()
            except SerializationError as exc:
                raise ConfigError(f"sample_state needs a view the rules can reach; {exc}") from None
        if view.game != self:
            raise ConfigError(f"{self.name}: the view is of another configuration ({view.game}), not {self}")
        try:
            return self._sampler(view)
        except NoDeal as exc:
            raise ConfigError(
                f"{self.name}: sample_state: {exc}: the view is not one a match reaches"
            ) from None

    def sides(self) -> tuple[frozenset[int], ...]:
        """The groups of seats that always share an outcome, in seat order of their first seat.

        Partnerships and teams are several seats, a cooperative table is one
        side of all; where everyone plays for themselves each seat is a side of
        its own (the default).  Tournaments report a row per side.
        """
        return tuple(frozenset((seat,)) for seat in range(self.players))

    # -- positions and moves in one line (see :mod:`cardrules._notation`) ----------------------

    def from_notation(self, text: str) -> StateT:
        """The state written by :meth:`BaseState.to_notation`, in this game's configuration.

        Raises :class:`~cardrules.SerializationError` naming the character and the field that is
        wrong, for a text that is malformed, cut short, of another game or of a position no match
        reaches.
        """
        state: StateT = self._read_notation(text, self.state_type, "state")
        return state

    def view_from_notation(self, text: str) -> ViewT:
        """The view written by :meth:`BaseView.to_notation`; refused like :meth:`from_notation`."""
        view: ViewT = self._read_notation(text, self.view_type, "view")
        return view

    def _read_notation(self, text: str, cls: type[_Serializable], kind: str) -> Any:
        data, fields = read_line(text, self.name, FORMAT, kind, cls._notation_codes)
        if "game" in data:
            raise SerializationError(
                f"{self.name} {kind} notation: the field game is not written; the game reading it is {self}"
            )
        try:
            data = cls._notation_words.read(self, data, f"{self.name} {kind}")
            data["game"] = unstructure(self)
            return cls.from_dict(_envelope(self.name, kind, data))
        except SerializationError as exc:
            raise SerializationError(locate(str(exc), fields, f"{self.name} {kind} notation")) from None

    def parse_move(self, position: BaseState[Any, MoveT, Any] | BaseView[Any], text: str) -> MoveT:
        """The move of the seat to decide in ``position`` that ``text`` writes.

        ``text`` is a move's :meth:`BaseMove.to_notation` (``7s``, ``play card=gem``) or the
        ``str`` of one of its legal moves (``play 7♠``).  Raises
        :class:`~cardrules.SerializationError` for a text that writes no move, and
        :class:`~cardrules.IllegalMoveError` for a move that is not legal there.  The legal moves
        follow from a state, or from the view of the seat to decide; a move read for another seat's
        view is well formed but cannot be checked legal.
        """
        if isinstance(position, BaseState):
            self._check_state(position, "parse_move")
        elif not isinstance(position, self.view_type) or (
            position.game is not self and position.game != self
        ):
            raise ConfigError(f"{self.name}: parse_move needs a {self.name} State or View of {self}")
        seat = getattr(position, "current_player", None)
        if seat is None:
            raise IllegalMoveError(f"{self.name}: the match is over; no move can be made ({brief(text)})")
        move_type: type[BaseMove] = self.state_type._move_type
        # The legal moves follow from the deciding seat's own view: any sample of it has them.
        state: BaseState[Any, Any, Any] | None = None
        if isinstance(position, BaseState):
            state = position
        elif position.seat == seat:
            state = self.sample_state(position, 0)  # type: ignore[arg-type]  # a view of this game, checked above
        legal: tuple[MoveT, ...] = state.legal_moves() if state is not None else ()
        if type(text) is str:
            said = " ".join(text.split()).casefold()
            named = [move for move in legal if str(move).casefold() == said]
            if len(named) == 1:
                return named[0]
        tags = _tagged_subclasses(move_type) if hasattr(move_type, "_json_tag") else None
        data = read_move(text, self.name, seat, tags, move_type, move_type._notation_codes)
        try:
            move: MoveT = move_type.from_dict(_envelope(self.name, "move", data))  # type: ignore[assignment]
        except SerializationError as exc:
            raise SerializationError(f"{self.name} move notation {brief(text)}: {exc}") from None
        if state is not None and move not in legal:
            raise IllegalMoveError(state._illegal_message(move))
        return move

    # -- actions and views as numbers (see :mod:`cardrules._encoding`) ------------------------

    @property
    def _codec(self) -> Encoding[Any, ViewT]:
        encoding = self._encoding
        if encoding is None:
            encoding = self._make_encoding()
            object.__setattr__(self, "_encoding", encoding)  # a cache: games stay values
        return encoding

    @property
    def num_actions(self) -> int:
        """The size of this configuration's fixed action space: every index is below it."""
        return self._codec.num_actions

    @property
    def observation_size(self) -> int:
        """The length of every :meth:`encode_view` of this configuration."""
        return self._codec.observation_size

    def action_layout(self) -> Segments:
        """The named ranges of the action space, ``(name, length)`` in index order."""
        return self._codec.action_segments

    def observation_layout(self) -> Segments:
        """The named segments of an encoded view, ``(name, length)`` in order; they sum to
        :attr:`observation_size`."""
        return self._codec.observation_segments

    def action_index(self, move: BaseMove) -> int:
        """The index of ``move`` in the action space: the same index is always the same kind of
        decision, whichever seat makes it, and distinct legal moves of a state have distinct ones.

        Raises :class:`~cardrules.IllegalMoveError` for anything that is not a move of this game
        and configuration.
        """
        codec = self._codec
        if not isinstance(move, codec.move_type):
            kind = getattr(type(move), "game_name", None)
            what = f"a {kind} move" if isinstance(kind, str) else f"{type(move).__name__} {brief(move)}"
            raise IllegalMoveError(f"{self.name}: action_index needs a {self.name} move, got {what}")
        try:
            index = codec.index(move)
        except (AttributeError, KeyError, TypeError, ValueError):
            index = -1  # a hand-built move whose fields are not what the game's moves hold
        if not 0 <= index < codec.num_actions:
            raise IllegalMoveError(f"{self.name}: {move} cannot be made in {self}, so it has no action index")
        return index

    def legal_actions(self, state: StateT) -> tuple[int, ...]:
        """The indices of ``state.legal_moves()``, ascending: the mask over the action space."""
        self._check_state(state, "legal_actions")
        index = self._codec.index
        return tuple(sorted([index(move) for move in state.legal_moves()]))

    def action_move(self, state: BaseState[Any, MoveT, Any], index: SupportsIndex) -> MoveT:
        """The legal move of ``state`` whose action index is ``index``.

        Legal moves follow from a state (the views do not list them), so this
        takes the state.  Raises :class:`~cardrules.IllegalMoveError` naming
        the index and the legal ones if ``index`` is not an integer or not one
        of :meth:`legal_actions`; nothing changes.  Integer-like values such as
        NumPy integers are accepted, booleans are not.
        """
        self._check_state(state, "action_move")
        try:
            if isinstance(index, bool):
                raise TypeError
            number = operator.index(index)
        except TypeError:
            raise IllegalMoveError(
                f"{self.name}: an action index is an integer; got {brief(index)}"
            ) from None
        find = self._codec.index
        legal = state.legal_moves()
        for move in legal:
            if find(move) == number:
                return move
        shown = brief(number)
        if not legal:
            raise IllegalMoveError(f"{self.name}: the match is over; action {shown} cannot be taken")
        raise IllegalMoveError(
            f"{self.name}: action {shown} is not legal now; the legal actions are "
            + cut_list(sorted([find(move) for move in legal]))
        )

    def encode_view(self, view: ViewT) -> tuple[float, ...]:
        """``view`` as :attr:`observation_size` floats, built from the view alone.

        The segments are :meth:`observation_layout`; seats in it are counted
        from the viewer (0 is the viewer, 1 the next seat in turn order).
        Raises :class:`~cardrules.ConfigError` for a view of another game or
        configuration.
        """
        if not isinstance(view, self.view_type):
            raise ConfigError(f"{self.name}: encode_view needs a {self.name} View, got {type(view).__name__}")
        view._check_built()
        if view.game is not self and view.game != self:
            raise ConfigError(f"{self.name}: the view is of another configuration ({view.game}), not {self}")
        codec = self._codec
        out = [0.0] * codec.observation_size
        try:
            codec.fill(view, out)
        except CardRulesError:
            raise
        except Exception:
            view._diagnose()
            raise
        return tuple(out)

    def _check_state(self, state: object, what: str) -> None:
        if not isinstance(state, BaseState) or state.game_name != self.name:
            raise ConfigError(f"{self.name}: {what} needs a {self.name} State, got {type(state).__name__}")
        if state.game is not self and state.game != self:
            raise ConfigError(
                f"{self.name}: the state is of another configuration ({state.game}), not {self}"
            )

    def options(self) -> dict[str, JSON]:
        """The options as keyword arguments: ``type(game)(**game.options()) == game``."""
        data = unstructure(self)
        assert isinstance(data, dict)
        return data

    def __str__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"{self.name}({options})"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            cls.game_name = cls.name
            record_game(cls.name, cls)


def _notation_of(value: BaseState[Any, Any, Any] | BaseView[Any], kind: str) -> str:
    data = value.to_dict()["data"]
    assert isinstance(data, dict)
    del data["game"]
    data = value._notation_words.write(value.game, data)
    return write_line(value.game_name, FORMAT, kind, data, value._notation_codes)


#: The game, view and sampler of the last ``sample_state`` (one entry: bounded, and held, so an
#: ``is`` test cannot mistake a new view for a dead one).
_LAST_SAMPLER: list[tuple[Any, Any, Sampler[Any]] | None] = [None]


class Sampler(abc.ABC, Generic[StateT]):
    """States consistent with one seat's view, prepared once (:meth:`BaseGame.sampler`).

    ``sampler.sample(seed)`` is ``game.sample_state(view, seed)``: a full
    state the seat cannot tell apart from the real one, a pure function of
    the view and the seed.  A game subclasses it, works out in ``__init__``
    what the view allows and writes :meth:`_sample`.
    """

    __slots__ = ("game_name",)

    def __init__(self, game_name: str) -> None:
        self.game_name = game_name

    def sample(self, seed: int) -> StateT:
        """A state drawn from ``seed``; equal seeds give equal states."""
        rng = Rng.from_seed(_check_seed(self.game_name, seed), 0x5A3D1E)
        try:
            return self._sample(rng)
        except NoDeal as exc:
            raise ConfigError(
                f"{self.game_name}: sample_state: {exc}: the view is not one a match reaches"
            ) from None

    @abc.abstractmethod
    def _sample(self, rng: Rng) -> StateT:
        """A state with the hidden cards placed from ``rng``."""


def _check_seed(game: str, seed: object) -> int:
    if type(seed) is not int or seed.bit_length() > MAX_INT_BITS:
        raise ConfigError(
            f"{game}: seed must be an integer from -(2**{MAX_INT_BITS} - 1) to 2**{MAX_INT_BITS} - 1; got {brief(seed)}"
        )
    return seed


def check_game(what: str, game: object) -> BaseGame[Any, Any]:
    """``game`` if it is a game (a :class:`BaseGame`), else a :class:`ConfigError` naming ``what``
    (the public function it was given to)."""
    if not isinstance(game, BaseGame):
        raise ConfigError(f"{what}: needs a game (such as cardrules.game('malilla')), got {brief(game)}")
    return game


def check_state_of(game: str, what: str, state: object) -> BaseState[Any, Any, Any]:
    """``state`` if it is a state of the game ``game``, else a :class:`PositionError` naming ``what``
    (an argument of one of the game's public functions); a state built by hand is checked first, as
    the state's own methods check it (:class:`BaseState`)."""
    if not isinstance(state, BaseState) or state.game_name != game:
        raise PositionError(f"{game}: {what} must be a {game} State, got {brief(state)}")
    if not state._checked:
        state._require_checked()
    return state


def check_step(game: str, what: str, before: object, move: object, after: object) -> None:
    """Refuse, for ``what`` (one of the game's public functions), states that are not the game's or a
    ``move`` that does not lead from ``before`` to ``after``.

    ``move`` is applied to check it: an illegal one is the :class:`IllegalMoveError` ``apply``
    raises, the rest are :class:`PositionError`.  The game's own callers, whose states are the
    engine's, call the unchecked function.
    """
    start = check_state_of(game, f"{what}: before", before)
    end = check_state_of(game, f"{what}: after", after)
    if start.apply(move) != end:
        raise PositionError(f"{game}: {what}: after is not the state the move leads to from before")
