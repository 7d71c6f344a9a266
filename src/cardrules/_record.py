"""Running a match between players, and the record that replays it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ._base import FORMAT, BaseGame, BaseMove, BaseState, BaseView, check_game
from ._errors import ConfigError, IllegalMoveError, SerializationError
from ._invariants import check_view
from ._json import JSON, structure, unstructure
from ._outcome import Outcome
from ._player import Player
from ._registry import games
from ._words import brief

__all__ = ["Record", "RedactedRecord", "play", "play_from"]


@attrs.frozen
class Record:
    """A whole match: the game with its options, the seed and every move.

    JSON-ready through :meth:`to_dict`; :meth:`replay` yields every state of
    the match again, equal to the originals.
    """

    game: BaseGame[Any, Any]
    seed: int
    moves: tuple[BaseMove, ...]

    def replay(self) -> Iterator[BaseState[Any, Any, Any]]:
        """Every state of the match, from the deal to the last, in order."""
        state = self.game.new_state(self.seed)
        yield state
        for move in self.moves:
            state = state.apply(move)
            yield state

    @property
    def final_state(self) -> BaseState[Any, Any, Any]:
        """The state after the last move."""
        state: BaseState[Any, Any, Any] = self.game.new_state(self.seed)
        for move in self.moves:
            state = state.apply(move)
        return state

    @property
    def outcome(self) -> Outcome | None:
        """The outcome of the final state (``None`` for an unfinished match)."""
        return self.final_state.outcome

    def redacted(self, seat: int) -> RedactedRecord:
        """The match as ``seat`` saw it, leaking nothing it did not see at the time."""
        states = list(self.replay())
        views = tuple(state.view(seat) for state in states)
        movers = tuple(move.seat for move in self.moves)
        own = tuple(move if move.seat == seat else None for move in self.moves)
        public = tuple(
            before.describe(move, after)
            for before, move, after in zip(states[:-1], self.moves, states[1:], strict=True)
        )
        return RedactedRecord(
            game=self.game, seat=seat, views=views, movers=movers, own_moves=own, public=public
        )

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict; :meth:`from_dict` of it gives back an equal record."""
        return {
            "kind": "record",
            "format": FORMAT,
            "game": self.game.to_dict(),
            "seed": self.seed,
            "moves": [unstructure(move) for move in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """Rebuild a record; raises :class:`SerializationError` if the dict is not one.

        The moves are checked by replaying them.
        """
        _open(data, "record", ("game", "seed", "moves"))
        game = _game_from(data["game"], "record")
        seed = structure(data["seed"], int, what="record seed")
        move_type = game.new_state(0)._move_type
        moves = structure(data["moves"], tuple[move_type, ...], what=f"{game.name} record moves")  # type: ignore[valid-type]
        record = cls(game=game, seed=seed, moves=moves)
        try:
            for _ in record.replay():
                pass
        except IllegalMoveError as exc:
            raise SerializationError(f"record: its moves do not replay: {exc}") from None
        return record


@attrs.frozen
class RedactedRecord:
    """What one seat saw of a match, for spectators and post-game review.

    ``views[i]`` is the seat's view before move ``i`` (the last one after the
    final move); ``movers[i]`` is the seat that made move ``i``, which every
    seat sees; ``own_moves[i]`` is the move itself when this seat made it;
    ``public[i]`` is what the whole table was told of move ``i``
    (:meth:`BaseState.describe`: "seat 2 plays 7♠", "seat 3 draws a card"),
    so that a replay names the other seats' plays as far as they were seen.
    Nothing else of the match is kept: not the seed, not the hidden part of
    the other seats' moves.  A record saved before ``public`` existed has
    none: it is then empty.
    """

    game: BaseGame[Any, Any]
    seat: int
    views: tuple[BaseView[Any], ...]
    movers: tuple[int, ...]
    own_moves: tuple[BaseMove | None, ...]
    public: tuple[tuple[str, ...], ...] = ()

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict; :meth:`from_dict` of it gives back an equal record."""
        return {
            "kind": "redacted-record",
            "format": FORMAT,
            "game": self.game.to_dict(),
            "seat": self.seat,
            "views": [unstructure(view) for view in self.views],
            "movers": list(self.movers),
            "own_moves": [None if move is None else unstructure(move) for move in self.own_moves],
            "public": [list(lines) for lines in self.public],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RedactedRecord:
        """Rebuild a redacted record; raises :class:`SerializationError` if the dict is not one.

        Besides each view being one the game can show, the record must hang
        together: every view is the seat's, one more view than moves, and the
        seat's own moves exactly where it moved.
        """
        _open(data, "redacted-record", ("game", "seat", "views", "movers", "own_moves"), optional=("public",))
        game = _game_from(data["game"], "redacted record")
        seat = structure(data["seat"], int, what="redacted record seat")
        if not 0 <= seat < game.players:
            raise SerializationError(
                f"redacted record: seat must be from 0 to {game.players - 1}; got {brief(seat)}"
            )
        move_type = game.new_state(0)._move_type
        views = structure(data["views"], tuple[game.view_type, ...], what="redacted record views")  # type: ignore[name-defined]
        movers = structure(data["movers"], tuple[int, ...], what="redacted record movers")
        own = structure(data["own_moves"], tuple[move_type | None, ...], what="redacted record moves")  # type: ignore[valid-type]
        public = structure(data.get("public", []), tuple[tuple[str, ...], ...], what="redacted record public")
        if len(views) != len(movers) + 1 or len(own) != len(movers):
            raise SerializationError(
                "redacted record: it needs one view more than there are moves, and a move or null for each"
            )
        if public and len(public) != len(movers):
            raise SerializationError("redacted record: 'public' needs the lines of every move, one list each")
        for i, view in enumerate(views):
            try:
                view._validate()
                check_view(view)
            except SerializationError as exc:
                raise SerializationError(f"redacted record: views[{i}]: {exc}") from None
            if view.game != game or view.seat != seat:
                raise SerializationError(
                    f"redacted record: views[{i}] is not seat {seat}'s view of this game"
                )
        for i, (mover, move) in enumerate(zip(movers, own, strict=True)):
            if not 0 <= mover < game.players:
                raise SerializationError(f"redacted record: movers[{i}] is not a seat; got {brief(mover)}")
            if (move is None) != (mover != seat) or (move is not None and move.seat != mover):
                raise SerializationError(
                    f"redacted record: own_moves[{i}] must be seat {seat}'s move exactly when movers[{i}] is {seat}"
                )
        return cls(game=game, seat=seat, views=views, movers=movers, own_moves=own, public=public)


def _open(data: object, kind: str, fields: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Check the keys (``optional`` ones may be missing), the kind and the format of a record's dict."""
    what = kind.replace("-", " ")
    if not isinstance(data, Mapping):
        raise SerializationError(f"{what}: expected a dict, got {type(data).__name__}")
    expected = {"kind", "format", *fields}
    if not expected <= set(data) <= expected | set(optional):
        got = ", ".join(sorted(brief(k, 40) for k in data)) if len(data) <= 8 else f"{len(data)} keys"
        raise SerializationError(
            f"{what}: expected the keys kind ({kind!r}), format, {', '.join(fields)}"
            f"{''.join(f' (and {name})' for name in optional)}; got {got or 'none'}"
        )
    if type(data["kind"]) is not str or data["kind"] != kind:
        raise SerializationError(f"{what}: 'kind' must be {kind!r}; got {brief(data['kind'])}")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise SerializationError(
            f"{what}: format {brief(data['format'])} is not supported (this version reads {FORMAT})"
        )


def _game_from(data: object, what: str) -> BaseGame[Any, Any]:
    name = data.get("game") if isinstance(data, Mapping) else None
    registry = games()
    if type(name) is not str or name not in registry:
        raise SerializationError(
            f"{what}: unknown game {brief(name)}; the games are {', '.join(sorted(registry))}"
        )
    game: BaseGame[Any, Any] = registry[name].from_dict(data)  # type: ignore[arg-type]
    return game


def play(
    game: BaseGame[Any, Any],
    players: Sequence[Player[Any, Any]],
    seed: int,
    *,
    on_move: Callable[[BaseState[Any, Any, Any], BaseMove, BaseState[Any, Any, Any]], None] | None = None,
    max_moves: int | None = None,
) -> Record:
    """Play a match of ``game`` from ``seed``, seat ``i`` played by ``players[i]``.

    Each player is shown only its own view and the legal moves.
    ``on_move(before, move, after)`` is called after every move (to narrate a
    match, for example).  ``max_moves`` stops an unfinished match early; the
    record then holds the moves made so far.  A player that returns a move
    that is not legal raises :class:`IllegalMoveError`.
    """
    check_game("play", game)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ConfigError(f"play: players must be a list of players, one a seat; got {brief(players)}")
    if len(players) != game.players:
        raise ConfigError(f"{game.name}: {game.players} players are needed, got {len(players)}")
    _, moves = play_from(game.new_state(seed), players, on_move=on_move, max_moves=max_moves)
    return Record(game=game, seed=seed, moves=moves)


def play_from(
    state: BaseState[Any, Any, Any],
    players: Sequence[Player[Any, Any]],
    *,
    on_move: Callable[[BaseState[Any, Any, Any], BaseMove, BaseState[Any, Any, Any]], None] | None = None,
    max_moves: int | None = None,
) -> tuple[BaseState[Any, Any, Any], tuple[BaseMove, ...]]:
    """Play on from ``state`` (a position set up or read from its notation): the last state and the
    moves made.  A player's move that is not legal raises :class:`IllegalMoveError` quoting the
    position's notation, so that the position can be set up again and the bot tried on it."""
    moves: list[BaseMove] = []
    while not state.is_terminal and (max_moves is None or len(moves) < max_moves):
        seat = state.current_player
        assert seat is not None
        move = players[seat].choose(state.view(seat), state.legal_moves())
        try:
            after = state.apply(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"{exc}; the position: {state.to_notation()}") from None
        moves.append(move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state, tuple(moves)
