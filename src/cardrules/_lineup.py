"""Tournament lineups: what may sit at a seat, resolved once and checked before any match.

An entry is a bot name (``"random"``, ``"ismcts-500"``), an import string
``"package.module:attribute"`` naming a factory, a factory
``Callable[[game, seed], Player]``, or a :class:`~cardrules.Player` instance
(copied afresh for every match, so that it starts each one as it was given).
Each becomes a :class:`BotSpec`, the form a worker process or a Ray task can
receive, that builds the seat's bot there.  A match's bots are therefore the
same on every backend, and so are the results.
"""

from __future__ import annotations

import copy
import importlib
import pickle
from collections.abc import Callable, Sequence
from typing import Any, Literal

import attrs

from ._base import BaseGame
from ._errors import ConfigError
from ._words import brief, cut

__all__ = ["BotSpec", "LineupEntry", "resolve_entries", "resolve_lineup"]

#: What a lineup may hold at a seat.
LineupEntry = str | Callable[[BaseGame[Any, Any], int], Any] | Any

Kind = Literal["name", "import", "factory", "copy"]


@attrs.frozen
class BotSpec:
    """One lineup entry, in a form that travels to worker processes and builds its bot there."""

    #: How the entry is shown in standings: the name, the import string, ``module:function``, ``Class()``.
    label: str
    kind: Kind
    #: The bot name or import string (``str``), the factory, or the player to copy.
    target: Any = attrs.field(eq=False)

    def build(self, game: BaseGame[Any, Any], seed: int) -> Any:
        """The bot for one seat of one match."""
        if self.kind == "name":
            from .bots import make_bot

            return make_bot(self.target, game, seed=seed)
        found = _import(self.target) if self.kind == "import" else self.target
        if self.kind == "copy" or _is_player(found):
            return copy.deepcopy(found)
        return found(game, seed)


def _is_player(value: object) -> bool:
    return callable(getattr(value, "choose", None))


def _import(path: str) -> Any:
    module_name, _, attribute = path.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def _spec(entry: object, where: str) -> BotSpec:
    if isinstance(entry, str):
        if ":" not in entry:
            return BotSpec(entry, "name", entry)
        module_name, _, attribute = entry.partition(":")
        if not module_name or not attribute:
            raise ConfigError(f"{where} ({brief(entry)}): an import string is 'package.module:attribute'")
        try:
            found = _import(entry)
        except Exception as exc:  # an import runs the user's code: anything may go wrong there
            raise ConfigError(
                f"{where} ({brief(entry)}) does not import: {type(exc).__name__}: {cut(str(exc), 200)}"
            ) from None
        if not callable(found) and not _is_player(found):
            raise ConfigError(
                f"{where} ({brief(entry)}) names a {type(found).__name__}, not a bot factory or a Player"
            )
        return BotSpec(entry, "import", entry)
    if _is_player(entry):
        return BotSpec(f"{type(entry).__qualname__}()", "copy", entry)
    if callable(entry):
        name = getattr(entry, "__qualname__", type(entry).__qualname__)
        module = getattr(entry, "__module__", None)
        return BotSpec(f"{module}:{name}" if module and module != "__main__" else name, "factory", entry)
    raise ConfigError(
        f"{where} ({brief(entry)}) is not a bot: give a bot name, a 'package.module:attribute' string, "
        "a factory (game, seed) -> Player, or a Player"
    )


def resolve_lineup(
    game: BaseGame[Any, Any], lineup: Sequence[object] | str, *, ships: Literal["no", "pickle", "ray"]
) -> tuple[BotSpec, ...]:
    """The lineup's entries as specs, one per seat, each checked by building its bot once.

    A single entry fills every seat.  ``ships`` says how the specs will reach
    the matches: not at all (this process), by pickle (worker processes) or by
    Ray's cloudpickle.  Raises :class:`ConfigError` naming the first bad entry.
    """
    entries = [lineup] if isinstance(lineup, str) else list(lineup)
    if len(entries) == 1:
        entries *= game.players
    if len(entries) != game.players:
        raise ConfigError(
            f"{game.name}: the lineup needs {game.players} bots, one per seat (or one for every seat); "
            f"got {len(entries)}"
        )
    return resolve_entries(game, entries, "lineup entry", ships=ships)


def resolve_entries(
    game: BaseGame[Any, Any], entries: Sequence[object], what: str, *, ships: Literal["no", "pickle", "ray"]
) -> tuple[BotSpec, ...]:
    """Each of ``entries`` as a spec, checked by building its bot once; ``what`` names an entry in
    errors (``"lineup entry"``, ``"opponent"``)."""
    specs = [_spec(entry, f"{what} {i}") for i, entry in enumerate(entries)]
    for i, spec in enumerate(specs):
        _check_builds(game, spec, f"{what} {i} ({cut(spec.label)})")
        if ships != "no":
            _check_ships(spec, f"{what} {i} ({cut(spec.label)})", ships)
    return tuple(_distinct_labels(specs))


def _check_builds(game: BaseGame[Any, Any], spec: BotSpec, where: str) -> None:
    try:
        bot = spec.build(game, 0)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    except Exception as exc:  # the user's factory: anything may go wrong there
        raise ConfigError(f"{where}: building the bot raised {type(exc).__name__}: {exc}") from None
    if not _is_player(bot):
        raise ConfigError(f"{where}: the factory returned {brief(bot)}, not a Player (no choose method)")


def _check_ships(spec: BotSpec, where: str, ships: Literal["pickle", "ray"]) -> None:
    if spec.kind in ("name", "import"):
        return  # a string always travels; the worker imports it
    dumps: Callable[[object], bytes] = pickle.dumps
    if ships == "ray":
        try:
            from ray import cloudpickle
        except ImportError:
            raise ConfigError("backend='ray' needs Ray: pip install 'cardrules[ray]'") from None
        dumps = cloudpickle.dumps
    try:
        dumps(spec)
    except Exception as exc:
        raise ConfigError(
            f"{where} cannot be sent to worker processes ({type(exc).__name__}: {exc}); with jobs > 1 "
            "give a function defined at module level, or name it as 'package.module:attribute'"
        ) from None


def _distinct_labels(specs: list[BotSpec]) -> list[BotSpec]:
    """Entries that are the same bot keep one label; different bots that print alike get ``#2``, ``#3``."""
    seen: dict[str, list[object]] = {}
    out = []
    for spec in specs:
        targets = seen.setdefault(spec.label, [])
        same = next((i for i, t in enumerate(targets) if t is spec.target or t == spec.target), None)
        if same is None:
            targets.append(spec.target)
            same = len(targets) - 1
        out.append(spec if same == 0 else attrs.evolve(spec, label=f"{spec.label} #{same + 1}"))
    return out
