"""Every cardrules game as an OpenSpiel game (the optional extra ``openspiel``).

Importing this module registers each game with ``pyspiel.register_game`` as
``cardrules_<name>``; its options are the game parameters::

    import pyspiel
    import cardrules.openspiel

    game = pyspiel.load_game("cardrules_malilla(target=12)")

- **Chance.** Every random draw of a match is a chance node of its own: each
  card of the deal (an outcome per distinct card left, weighted by its
  copies), each card of a reshuffle, each random steal or tie-break (equal
  outcomes).  The game's own code draws them, from a generator whose draws
  OpenSpiel's chance actions choose, so a configuration's tree can be
  enumerated and every probability is exact.
- **Actions** are the game's fixed action space (``Game.num_actions``,
  ``Game.legal_actions``, ``Game.action_move``).
- **Observations** are the seat's view: the tensor is ``Game.encode_view``,
  the string the view's JSON.  **Information states** are perfect recall:
  the string is a SHA-256 digest of everything the seat saw and did since
  the match began (each view that changed, each of its own actions), then
  its current view; :meth:`OpenSpielState.recall` gives the sequence
  itself.  A perfect-recall tensor has no fixed size: it is refused.
- **Returns** come at the end and follow the configuration's utility: one
  side (cooperative Mala e Cuia) is ``IDENTICAL``, every seat's return the
  team's score; two sides of equal size (two seats, Malilla's partnerships,
  La Maldición's guilds) are ``ZERO_SUM``, +1 for the winning side, -1 for
  the other, 0 for all when both share the victory; otherwise
  ``GENERAL_SUM``, +1 for each of ``Outcome.winners``, -1 for the others.
- Games and states pickle (a game by its name and parameters, a state by its
  game and history), so they cross process boundaries (``multiprocessing``,
  Ray).
- ``resample_from_infostate`` is ``Game.sample_state`` of the seat's view,
  seeded from OpenSpiel's probability sampler.  A resampled state has no
  ``history()``: its hidden cards were placed by sampling, not dealt.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from ._extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise missing_extra("cardrules.openspiel", "OpenSpiel and NumPy", "openspiel") from error

from ._base import BaseGame, BaseState, check_game
from ._errors import CardRulesError, ConfigError
from ._outcome import Outcome
from ._random import Script, Scripted, Undrawn, scripted
from ._registry import games
from ._words import brief
from .bots._cfr import DecisionRecall, view_text
from .mala_e_cuia import ALL_RIGHT_BONUS, GENERAL_SLOTS

__all__ = [
    "MAX_CHANCE_OUTCOMES",
    "MAX_GAME_LENGTH",
    "PREFIX",
    "REGISTERED",
    "OpenSpielGame",
    "OpenSpielState",
    "ParameterError",
    "decisions",
    "load_game",
    "short_name",
    "utility",
]

#: Registered names are ``PREFIX + name``: ``cardrules_malilla``.
PREFIX: Final = "cardrules_"
#: The most outcomes of one chance node: a draw among at most this many cards or positions (a Mala e Cuia
#: deck holds at most 1,000 cards of a kind).
MAX_CHANCE_OUTCOMES: Final = 1024
#: OpenSpiel's ``max_game_length``: no rule caps a cardrules match, so this is a generous bound
#: (the longest of many random matches of every example is far below it; see the docs).
MAX_GAME_LENGTH: Final = 100_000

Parameter = int | float | bool | str


def short_name(game: BaseGame[Any, Any] | type[BaseGame[Any, Any]]) -> str:
    """The OpenSpiel name of a cardrules game: ``cardrules_<name>``."""
    if not (isinstance(game, BaseGame) or (isinstance(game, type) and issubclass(game, BaseGame))):
        raise ConfigError(f"short_name needs a cardrules Game or its class; got {brief(game)}")
    return PREFIX + game.name


def load_game(game: BaseGame[Any, Any]) -> OpenSpielGame:
    """The OpenSpiel game for this cardrules configuration (all its options as parameters)."""
    if not isinstance(game, BaseGame):
        raise ConfigError(f"load_game needs a cardrules Game; got {brief(game)}")
    loaded = pyspiel.load_game(short_name(game), _parameters_of(game))
    assert isinstance(loaded, OpenSpielGame)
    return loaded


class _Frozen:
    """Holds an immutable value; OpenSpiel clones states with ``copy.deepcopy``, which need not copy it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


def _json_options(cls: type[BaseGame[Any, Any]]) -> frozenset[str]:
    """The options whose values are not plain scalars; as parameters they are JSON text."""
    return frozenset(k for k, v in cls().options().items() if not isinstance(v, bool | int | float | str))


def _specification(cls: type[BaseGame[Any, Any]]) -> dict[str, Parameter]:
    """The game parameters and their defaults: each option, ``""`` (the default) for a JSON one."""
    structured = _json_options(cls)
    spec: dict[str, Parameter] = {}
    for key, value in cls().options().items():
        spec[key] = "" if key in structured else value  # type: ignore[assignment]
    return spec


def _parameters_of(game: BaseGame[Any, Any]) -> dict[str, Parameter]:
    structured = _json_options(type(game))
    default = type(game)().options()
    params: dict[str, Parameter] = {}
    for key, value in game.options().items():
        if key in structured:
            params[key] = "" if value == default[key] else json.dumps(value, ensure_ascii=False)
        else:
            params[key] = value  # type: ignore[assignment]
    return params


class ParameterError(ConfigError, pyspiel.SpielError):  # type: ignore[misc]
    """A game parameter cardrules refuses: a :class:`~cardrules.ConfigError` that is also OpenSpiel's
    ``SpielError``, so either ``except`` catches it; the message is cardrules' own."""


def _game_from(cls: type[BaseGame[Any, Any]], params: Mapping[str, Any]) -> BaseGame[Any, Any]:
    """The cardrules game named by OpenSpiel's parameters; :class:`ParameterError` if they are bad."""
    structured = _json_options(cls)
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key not in structured:
            options[key] = value
        elif value != "":
            try:
                options[key] = json.loads(value)
            except (TypeError, ValueError, RecursionError) as error:  # also too many digits, too deep
                raise ParameterError(
                    f"{cls.name}: option {key!r} must be JSON text; got {value!r}"
                ) from error
    try:
        return cls(**options)
    except (TypeError, ValueError) as error:  # TypeError: a structured option that does not fit its type
        message = str(error) if isinstance(error, CardRulesError) else f"{cls.name}: {error}"
        raise ParameterError(message) from error


def _seat_range(cls: type[BaseGame[Any, Any]]) -> tuple[int, int]:
    """The fewest and most seats any configuration of ``cls`` seats."""
    seats = {game.players for game in cls.examples()}
    if "players" in cls().options():
        for players in range(1, 33):
            with contextlib.suppress(ConfigError):
                seats.add(cls(players=players).players)  # type: ignore[call-arg]
    return min(seats), max(seats)


def utility(game: BaseGame[Any, Any]) -> pyspiel.GameType.Utility:
    """The utility of a configuration: ``IDENTICAL`` for one side (a cooperative table), ``ZERO_SUM`` for
    two sides of equal size (two seats, partnerships, two guilds), ``GENERAL_SUM`` otherwise."""
    sides = check_game("utility", game).sides()
    if len(sides) == 1:
        return pyspiel.GameType.Utility.IDENTICAL
    if len(sides) == 2 and len(sides[0]) == len(sides[1]):
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def _returns(game: BaseGame[Any, Any], outcome: Outcome) -> list[float]:
    """Each seat's return under :func:`utility` (see the module's docstring)."""
    kind, seats, winners = utility(game), range(game.players), outcome.winners
    if kind == pyspiel.GameType.Utility.IDENTICAL:
        return [float(outcome.scores[0])] * game.players
    if kind == pyspiel.GameType.Utility.ZERO_SUM:
        won = [bool(side & winners) for side in game.sides()]
        if all(won):
            return [0.0] * game.players
        first = game.sides()[0]
        sign = 1.0 if won[0] else -1.0
        return [sign if seat in first else -sign for seat in seats]
    return [1.0 if seat in winners else -1.0 for seat in seats]


def _utility_range(game: BaseGame[Any, Any]) -> tuple[float, float]:
    if utility(game) == pyspiel.GameType.Utility.IDENTICAL:
        # The one cooperative table, Mala e Cuia's: every reveal earns at most every slot and the bonus.
        return 0.0, float(game.players * (GENERAL_SLOTS + 1 + ALL_RIGHT_BONUS))
    return -1.0, 1.0


def _game_type(
    cls: type[BaseGame[Any, Any]], kind: pyspiel.GameType.Utility = pyspiel.GameType.Utility.GENERAL_SUM
) -> pyspiel.GameType:
    """The registered game type (``GENERAL_SUM``: it covers every configuration), or a configuration's."""
    low, high = _seat_range(cls)
    return pyspiel.GameType(
        short_name=short_name(cls),
        long_name=f"cardrules {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=kind,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_specification(cls),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One cardrules configuration as an OpenSpiel game; :attr:`game` is the cardrules ``Game``."""

    rules: type[BaseGame[Any, Any]]
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = _game_from(self.rules, params or {})
        self._game = _Frozen(game)
        kind = utility(game)
        low, high = _utility_range(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=game.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if kind == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.rules, kind), info, _parameters_of(game))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its registered name and parameters, loaded again through ``pyspiel.load_game``."""
        return _loaded, (short_name(self.game), self.get_parameters())

    @property
    def game(self) -> BaseGame[Any, Any]:
        """The cardrules game (rules and options) this OpenSpiel game plays."""
        game: BaseGame[Any, Any] = self._game.value
        return game

    def new_initial_state(self) -> OpenSpielState:
        """A match before the deal: the chance node of the deal's first draw."""
        return OpenSpielState(self)

    def state_at(self, state: BaseState[Any, Any, Any]) -> OpenSpielState:
        """An OpenSpiel state at a cardrules ``state`` of this game, already dealt; it has no ``history()``.

        This is how a match played in cardrules hands a decision to an OpenSpiel bot.
        """
        if not isinstance(state, BaseState) or state.game != self.game:
            raise ConfigError(f"{self.game.name}: state_at needs a state of {self.game}, got {state!r:.80}")
        return OpenSpielState(self, state)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> _ViewObserver | _RecallObserver:
        """The observer OpenSpiel asks for: a seat's view, or with perfect recall its whole past."""
        if params:
            raise ConfigError(f"{short_name(self.game)}: observers take no parameters; got {dict(params)}")
        if iig_obs_type is None:
            return _ViewObserver(self.game)
        if not (
            iig_obs_type.public_info and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigError(
                f"{short_name(self.game)}: only a seat's own view is observable (public and its private"
                f" information); got {iig_obs_type}"
            )
        return _RecallObserver(self.game) if iig_obs_type.perfect_recall else _ViewObserver(self.game)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A match in OpenSpiel's terms; :attr:`state` is the cardrules ``State`` once dealt."""

    def __init__(
        self,
        game: OpenSpielGame,
        state: BaseState[Any, Any, Any] | None = None,
        carried: Mapping[int, bytes] | None = None,
    ) -> None:
        super().__init__(game)
        # One attribute: OpenSpiel clones a Python state by deep-copying each attribute.
        self._now = _Frozen(_Now.root(game.game, state, dict(carried or {})))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, where it began (a cardrules state, or the deal) and its history."""
        root = self._now.value.first()
        return _replayed, (self.get_game(), root.state, root.carried, tuple(self.history()))

    @property
    def state(self) -> BaseState[Any, Any, Any] | None:
        """The cardrules state: ``None`` while the deal is drawn; while a move's draws are drawn, the state
        the move was made in."""
        now: _Now = self._now.value
        return now.state

    def current_player(self) -> int:
        now: _Now = self._now.value
        if now.draw is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert now.state is not None
        seat: int | None = now.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        now: _Now = self._now.value
        state = now.state
        if now.draw is not None or state is None or state.current_player != player:
            return []
        return list(now.game.legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the draw being made, each with its probability; ``[]`` at a decision."""
        draw = self._now.value.draw
        if draw is None:
            return []
        total = sum(draw.weights)
        return [(outcome, weight / total) for outcome, weight in enumerate(draw.weights)]

    def _apply_action(self, action: int) -> None:
        self._now = _Frozen(self._now.value.after(action))

    def _action_to_string(self, player: int, action: int) -> str:
        now: _Now = self._now.value
        if player == pyspiel.PlayerId.CHANCE:
            if now.draw is not None and 0 <= action < len(now.draw.labels):
                return f"chance: {now.draw.labels[action]}"
            return f"chance outcome {action}"
        state = now.state
        if now.draw is None and state is not None and action in self._legal_actions(player):
            return str(now.game.action_move(state, action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        now: _Now = self._now.value
        return now.draw is None and now.state is not None and now.state.is_terminal

    def returns(self) -> list[float]:
        now: _Now = self._now.value
        if now.draw is not None or now.state is None or now.state.outcome is None:
            return [0.0] * now.game.players
        return _returns(now.game, now.state.outcome)

    def recall(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` saw and did, in order, since this state's first (the deal, or the state it was
        made at): each view that changed (its JSON) and each of its actions (``"did <move>"``)."""
        now: _Now = self._now.value
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < now.game.players:
            raise ConfigError(
                f"{now.game.name}: recall needs a seat from 0 to {now.game.players - 1}; got {seat!r}"
            )
        path = now.path()
        return tuple(entry for node in path for entry in node.entries(seat))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: ``Game.sample_state`` of its view, with the
        seat's past carried over (its information state is this one's)."""
        now: _Now = self._now.value
        if now.state is None or now.draw is not None:
            raise ConfigError(f"{now.game.name}: there is nothing to resample at a chance node")
        seed = int(probability_sampler() * 2**53)
        sample = now.game.sample_state(now.state.view(player_id), seed)
        return OpenSpielState(self.get_game(), sample, {player_id: now.digest(player_id)})

    def __str__(self) -> str:
        now: _Now = self._now.value
        return now.text()


def _loaded(name: str, parameters: Mapping[str, Any]) -> OpenSpielGame:
    """A pickled game again; a function of this module, so that unpickling registers the games first."""
    game = pyspiel.load_game(name, dict(parameters))
    assert isinstance(game, OpenSpielGame)
    return game


def decisions(game: OpenSpielGame) -> Iterator[tuple[OpenSpielState, str]]:
    """Every decision node of ``game``'s whole tree with the :class:`~cardrules.bots.CFRPlayer` key of
    its seat's past (its views at its decisions and its actions): how a solved policy is written as the
    player reads it.  Only for small variants: the tree is enumerated."""
    if not isinstance(game, OpenSpielGame):
        raise ConfigError(f"decisions needs a game of load_game; got {brief(game)}")
    return _decisions(game)


def _decisions(game: OpenSpielGame) -> Iterator[tuple[OpenSpielState, str]]:
    Past = tuple[str | int, ...]
    stack: list[tuple[OpenSpielState, tuple[Past, ...]]] = [
        (game.new_initial_state(), ((),) * game.num_players())
    ]
    while stack:
        state, pasts = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend((state.child(a), pasts) for a, _ in state.chance_outcomes())
            continue
        seat = state.current_player()
        view = state.observation_string(seat)
        recall = DecisionRecall()
        for item in pasts[seat]:
            if isinstance(item, str):
                recall.saw(item)
            else:
                recall.chose(item)
        yield state, recall.saw(view)
        for action in state.legal_actions():
            after = list(pasts)
            after[seat] = (*pasts[seat], view, action)
            stack.append((state.child(action), tuple(after)))


def _replayed(
    game: OpenSpielGame,
    state: BaseState[Any, Any, Any] | None,
    carried: Mapping[int, bytes],
    history: tuple[int, ...],
) -> OpenSpielState:
    """A pickled state again: from where it began, every action of its history applied."""
    replayed = OpenSpielState(game, state, carried)
    for action in history:
        replayed.apply_action(action)
    return replayed


def _resolve(
    game: BaseGame[Any, Any], state: BaseState[Any, Any, Any] | None, move: Any, outcomes: tuple[int, ...]
) -> tuple[BaseState[Any, Any, Any] | None, Undrawn | None]:
    """The deal (``state`` ``None``) or ``move``'s transition with its draws so far: the state after it,
    or the next draw it needs."""
    script = Script(outcomes)
    try:
        with scripted(script):
            after = game._new_state(Scripted(0, script)) if state is None else state.apply(move)
    except Undrawn as draw:
        if len(draw.weights) > MAX_CHANCE_OUTCOMES:
            raise ConfigError(
                f"{game.name}: a draw of {len(draw.weights)} outcomes; a chance node holds at most"
                f" {MAX_CHANCE_OUTCOMES}"
            ) from None
        return None, draw
    return after, None


class _Now:
    """A node of the match: the state, the draw pending (a chance node) and how it was reached.  Shared by
    an OpenSpiel state's clones (it never changes), with the texts, tensors and digests OpenSpiel asks for
    again and again kept once computed."""

    __slots__ = (
        "_digests",
        "_encoded",
        "_strings",
        "_text",
        "actor",
        "carried",
        "draw",
        "game",
        "label",
        "move",
        "outcomes",
        "parent",
        "state",
    )

    def __init__(
        self,
        game: BaseGame[Any, Any],
        state: BaseState[Any, Any, Any] | None,
        move: Any,
        outcomes: tuple[int, ...],
        draw: Undrawn | None,
        parent: _Now | None,
        actor: int,
        label: str,
    ) -> None:
        self.game = game
        self.state = state  # dealt; while a move's draws are drawn, the state the move was made in
        self.move = move  # the move whose draws are being drawn (None for the deal)
        self.outcomes = outcomes  # the draws chosen so far for that move, or the deal
        self.draw = draw  # the draw to make now: a chance node
        self.parent = parent
        self.actor = actor  # who reached this node from its parent: a seat, or CHANCE
        self.label = label  # that action's text
        self.carried: dict[int, bytes] = {}
        self._text: str | None = None
        self._strings: dict[int, str] = {}
        self._encoded: dict[int, tuple[float, ...]] = {}
        self._digests: dict[int, bytes] = {}

    @classmethod
    def root(
        cls, game: BaseGame[Any, Any], state: BaseState[Any, Any, Any] | None, carried: dict[int, bytes]
    ) -> _Now:
        """The first node: the deal's first draw, or ``state`` (with the seats' pasts ``carried``)."""
        draw = None
        if state is None:
            state, draw = _resolve(game, None, None, ())
        node = cls(game, state, None, (), draw, None, int(pyspiel.PlayerId.INVALID), "")
        node.carried = carried
        return node

    def after(self, action: int) -> _Now:
        """The node ``action`` leads to: a chance outcome of the pending draw, or the seat's move."""
        game, state, draw = self.game, self.state, self.draw
        if draw is not None:
            if isinstance(action, bool) or not 0 <= action < len(draw.weights):
                raise ConfigError(
                    f"{game.name}: a chance outcome here is an integer from 0 to {len(draw.weights) - 1};"
                    f" got {action!r}"
                )
            outcomes = (*self.outcomes, int(action))
            after, pending = _resolve(game, state, self.move, outcomes)
            label, actor = draw.labels[action], int(pyspiel.PlayerId.CHANCE)
            if pending is not None:
                return _Now(game, state, self.move, outcomes, pending, self, actor, label)
            return _Now(game, after, None, (), None, self, actor, label)
        assert state is not None and state.current_player is not None
        seat = state.current_player
        move = game.action_move(state, action)
        after, pending = _resolve(game, state, move, ())
        if pending is not None:
            return _Now(game, state, move, (), pending, self, seat, str(move))
        return _Now(game, after, None, (), None, self, seat, str(move))

    def first(self) -> _Now:
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def path(self) -> list[_Now]:
        """The nodes from the first to this one."""
        path = [self]
        while path[-1].parent is not None:
            path.append(path[-1].parent)
        path.reverse()
        return path

    def entries(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` saw or did on reaching this node: its action, and its view if that changed."""
        parent = self.parent
        did = (f"did {self.label}",) if parent is not None and self.actor == seat else ()
        view = self.view_string(seat)
        if parent is not None and parent.view_string(seat) == view:
            return did
        return (*did, view) if view else did

    def digest(self, seat: int) -> bytes:
        """SHA-256 of ``seat``'s :meth:`entries` from the first node to this one (and of any past carried)."""
        found = self._digests.get(seat)
        if found is not None:
            return found
        todo = []
        node: _Now | None = self
        while node is not None and seat not in node._digests:
            todo.append(node)
            node = node.parent
        digest = b"" if node is None else node._digests[seat]
        for node in reversed(todo):
            carried = node.carried.get(seat) if node.parent is None else None
            entries = node.entries(seat) if carried is None else ()  # a carried past ends with this view
            digest = carried or digest
            if entries:
                hasher = hashlib.sha256(digest)
                for entry in entries:
                    data = entry.encode()
                    hasher.update(len(data).to_bytes(8, "big") + data)
                digest = hasher.digest()
            node._digests[seat] = digest
        return digest

    def information_state(self, seat: int) -> str:
        """``seat``'s perfect-recall information state: the digest of its past, then its view."""
        return f"{self.digest(seat).hex()} {self.view_string(seat)}"

    def text(self) -> str:
        """The state as its JSON, with the draw being made."""
        if self._text is None:
            if self.state is None:
                self._text = f"dealing: {len(self.outcomes)} draws made"
            else:
                self._text = json.dumps(self.state.to_dict(), ensure_ascii=False, sort_keys=True)
                if self.draw is not None:
                    self._text += f" resolving {self.move}: {len(self.outcomes)} draws made"
        return self._text

    def view_string(self, seat: int) -> str:
        """``seat``'s view as JSON; ``""`` before the deal."""
        found = self._strings.get(seat)
        if found is None:
            found = "" if self.state is None else view_text(self.state.view(seat))
            self._strings[seat] = found
        return found

    def encoded(self, seat: int) -> tuple[float, ...] | None:
        """``seat``'s view as ``Game.encode_view``; ``None`` before the deal."""
        if self.state is None:
            return None
        found = self._encoded.get(seat)
        if found is None:
            found = self._encoded[seat] = self.game.encode_view(self.state.view(seat))
        return found


class _ViewObserver:
    """OpenSpiel's observer of a seat: ``tensor`` is ``Game.encode_view``, ``dict`` its named segments."""

    def __init__(self, game: BaseGame[Any, Any]) -> None:
        self._game = game
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, length in game.observation_layout():
            self.dict[name] = self.tensor[at : at + length]
            at += length

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (zeros before the deal)."""
        encoded = state._now.value.encoded(player)
        if encoded is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = encoded

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s view of ``state`` as JSON (``""`` before the deal)."""
        text: str = state._now.value.view_string(player)
        return text


class _RecallObserver:
    """OpenSpiel's perfect-recall observer of a seat: its string is the seat's whole past (a digest of it,
    then the view); a tensor of a past of any length has no fixed size, so it has none."""

    def __init__(self, game: BaseGame[Any, Any]) -> None:
        self._game = game
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Refused: a perfect-recall tensor has no fixed size."""
        raise ConfigError(
            f"{short_name(self._game)}: no perfect-recall tensor (a seat's past has no fixed size); use"
            " information_state_string, or observation_tensor for the seat's view"
        )

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s information state: the digest of its past, then its view."""
        text: str = state._now.value.information_state(player)
        return text


def _register(cls: type[BaseGame[Any, Any]]) -> type[OpenSpielGame]:
    game_type = _game_type(cls)
    spiel_game = type(
        f"OpenSpiel_{cls.name}",
        (OpenSpielGame,),
        {
            "rules": cls,
            "game_type": game_type,
            "__module__": __name__,
            "__doc__": f"{cls.name} in OpenSpiel.",
        },
    )
    pyspiel.register_game(game_type, spiel_game)
    return spiel_game


#: ``{name: OpenSpiel game class}``, registered as ``cardrules_<name>``.
REGISTERED: Final = {name: _register(cls) for name, cls in games().items()}
