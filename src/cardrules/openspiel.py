"""Every cardrules game as an OpenSpiel game (the optional extra ``openspiel``).

Importing this module registers each game with ``pyspiel.register_game`` as
``cardrules_<name>``; its options are the game parameters::

    import pyspiel
    import cardrules.openspiel

    game = pyspiel.load_game("cardrules_malilla(target=12)")

- **Chance.** The deal is the only chance event OpenSpiel sees: the first
  :data:`SEED_BYTES` nodes of a match are chance nodes of 256 equally likely
  outcomes, the bytes of the 64-bit seed handed to ``Game.new_state``, which
  covers every start the games' generator can make.  The rest of a match's
  randomness (a reshuffle, a random steal) is drawn, as always in cardrules,
  from the state's own seeded generator, which the seed set; OpenSpiel sees
  those moves as deterministic transitions of a state whose hidden part
  includes that generator.  The seed is hidden from every seat.
- **Actions** are the game's fixed action space (``Game.num_actions``,
  ``Game.legal_actions``, ``Game.action_move``).
- **Observations and information states** are the seat's view: its tensor is
  ``Game.encode_view``, its string the view's JSON.  A view is everything
  the seat may know (the contract's word); it keeps what can still matter and
  sums up finished rounds in scores, so it is not perfect recall in the strict
  sense of tabular algorithms.
- **Returns** come at the end: +1 for each of ``Outcome.winners``, -1 for the
  other seats.
- ``resample_from_infostate`` is ``Game.sample_state`` of the seat's view,
  seeded from OpenSpiel's probability sampler.  A resampled state has no
  ``history()``: its hidden cards were placed by sampling, not dealt from a
  seed.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from ._extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise missing_extra("cardrules.openspiel", "OpenSpiel and NumPy", "openspiel") from error

from ._base import BaseGame, BaseState
from ._errors import CardRulesError, ConfigError
from ._registry import games

__all__ = [
    "MAX_GAME_LENGTH",
    "PREFIX",
    "REGISTERED",
    "SEED_BYTES",
    "OpenSpielGame",
    "OpenSpielState",
    "ParameterError",
    "load_game",
    "short_name",
]

#: Registered names are ``PREFIX + name``: ``cardrules_malilla``.
PREFIX: Final = "cardrules_"
#: The chance nodes that open a match, one byte of the deal's seed each.
SEED_BYTES: Final = 8
#: OpenSpiel's ``max_game_length``: no rule caps a cardrules match, so this is a generous bound
#: (the longest of many random matches of every example is far below it; see the docs).
MAX_GAME_LENGTH: Final = 100_000

Parameter = int | float | bool | str


def short_name(game: BaseGame[Any, Any] | type[BaseGame[Any, Any]]) -> str:
    """The OpenSpiel name of a cardrules game: ``cardrules_<name>``."""
    return PREFIX + game.name


def load_game(game: BaseGame[Any, Any]) -> OpenSpielGame:
    """The OpenSpiel game for this cardrules configuration (all its options as parameters)."""
    if not isinstance(game, BaseGame):
        raise ConfigError(f"load_game needs a cardrules Game; got {game!r:.80}")
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


def _game_type(cls: type[BaseGame[Any, Any]]) -> pyspiel.GameType:
    low, high = _seat_range(cls)
    return pyspiel.GameType(
        short_name=short_name(cls),
        long_name=f"cardrules {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=256,
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, _parameters_of(game))

    @property
    def game(self) -> BaseGame[Any, Any]:
        """The cardrules game (rules and options) this OpenSpiel game plays."""
        game: BaseGame[Any, Any] = self._game.value
        return game

    def new_initial_state(self) -> OpenSpielState:
        """A match before the deal: the first of the :data:`SEED_BYTES` chance nodes."""
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
    ) -> _ViewObserver:
        """The observer OpenSpiel asks for: a seat's view, as a tensor and as a string."""
        if params:
            raise ConfigError(f"{short_name(self.game)}: observers take no parameters; got {dict(params)}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigError(
                f"{short_name(self.game)}: only a seat's own view is observable (public and its private"
                f" information); got {iig_obs_type}"
            )
        return _ViewObserver(self.game)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A match in OpenSpiel's terms; :attr:`state` is the cardrules ``State`` once dealt."""

    def __init__(self, game: OpenSpielGame, state: BaseState[Any, Any, Any] | None = None) -> None:
        super().__init__(game)
        # One attribute: OpenSpiel clones a Python state by deep-copying each attribute.
        self._now = _Frozen(_Now(game.game, (), state))

    @property
    def state(self) -> BaseState[Any, Any, Any] | None:
        """The cardrules state, or ``None`` while the deal's seed is being drawn."""
        now: _Now = self._now.value
        return now.state

    def current_player(self) -> int:
        state = self.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat: int | None = state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        now: _Now = self._now.value
        state = now.state
        if state is None or state.current_player != player:
            return []
        return list(now.game.legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the deal's seed: 256 equally likely outcomes."""
        if self.state is not None:
            return []
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        now: _Now = self._now.value
        game, state = now.game, now.state
        if state is None:
            if isinstance(action, bool) or not 0 <= action < 256:
                raise ConfigError(f"{game.name}: a seed byte is an integer from 0 to 255; got {action!r}")
            seed = (*now.seed, int(action))
            dealt = game.new_state(int.from_bytes(bytes(seed), "big")) if len(seed) == SEED_BYTES else None
            self._now = _Frozen(_Now(game, seed, dealt))
            return
        self._now = _Frozen(_Now(game, now.seed, state.apply(game.action_move(state, action))))

    def _action_to_string(self, player: int, action: int) -> str:
        now: _Now = self._now.value
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(now.seed) + 1} of {SEED_BYTES}: {action}"
        state = now.state
        if state is not None and state.current_player == player and action in self._legal_actions(player):
            return str(now.game.action_move(state, action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        state = self.state
        return state is not None and state.is_terminal

    def returns(self) -> list[float]:
        now: _Now = self._now.value
        players = now.game.players
        if now.state is None or now.state.outcome is None:
            return [0.0] * players
        winners = now.state.outcome.winners
        return [1.0 if seat in winners else -1.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: ``Game.sample_state`` of its view."""
        now: _Now = self._now.value
        if now.state is None:
            raise ConfigError(f"{now.game.name}: there is nothing to resample before the deal")
        seed = int(probability_sampler() * 2**53)
        return OpenSpielState(self.get_game(), now.game.sample_state(now.state.view(player_id), seed))

    def __str__(self) -> str:
        now: _Now = self._now.value
        return now.text()


class _Now:
    """What an OpenSpiel state holds, shared by its clones (it never changes), with the texts and
    tensors OpenSpiel asks for again and again kept once computed."""

    __slots__ = ("_encoded", "_strings", "_text", "game", "seed", "state")

    def __init__(
        self, game: BaseGame[Any, Any], seed: tuple[int, ...], state: BaseState[Any, Any, Any] | None
    ) -> None:
        self.game = game
        self.seed = seed  # the deal's seed bytes drawn so far
        self.state = state  # dealt once all the bytes are in
        self._text: str | None = None
        self._strings: dict[int, str] = {}
        self._encoded: dict[int, tuple[float, ...]] = {}

    def text(self) -> str:
        """The state as its JSON."""
        if self._text is None:
            if self.state is None:
                self._text = f"dealing: {len(self.seed)} of {SEED_BYTES} seed bytes drawn"
            else:
                self._text = json.dumps(self.state.to_dict(), ensure_ascii=False, sort_keys=True)
        return self._text

    def view_string(self, seat: int) -> str:
        """``seat``'s view as JSON; ``""`` before the deal."""
        found = self._strings.get(seat)
        if found is None:
            found = "" if self.state is None else _compact(self.state.view(seat).to_dict())
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


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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
