"""The CFR player: a small variant's solved average policy, played from a table shipped in the package.

``benchmarks/cfr.py`` runs OpenSpiel's CFR+ on each variant of :data:`SOLVED` and writes the average
policy to ``policies/<name>.json`` beside this module.  A seat's information state there is perfect
recall; the player rebuilds it from what it is shown at its own decisions (each view, each action it
chose), which the benchmark checks is one to one with OpenSpiel's information states over the whole
tree.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final, TypeVar

from .._base import BaseGame, BaseMove
from .._errors import ConfigError
from .._random import Rng
from .._registry import games

__all__ = ["SOLVED", "CFRPlayer", "DecisionRecall", "solved", "view_text"]

MoveT = TypeVar("MoveT", bound=BaseMove)

#: The variants solved by CFR, by the name of their policy file: the game's name and options.
SOLVED: Final[Mapping[str, tuple[str, Mapping[str, Any]]]] = {
    "mala_suerte_mini": ("mala_suerte", {"players": 2, "mulligan": False, "deck": "mini"}),
    "magyar_nepmesek_mini": ("magyar_nepmesek", {"players": 2, "variant": "mini"}),
}


@functools.lru_cache(maxsize=1)
def solved() -> dict[str, BaseGame[Any, Any]]:
    """The games of :data:`SOLVED`, by the name of their policy file."""
    return {name: games()[game](**options) for name, (game, options) in SOLVED.items()}


def view_text(view: Any) -> str:
    """A view as compact JSON: equal views, equal texts (OpenSpiel's observation string)."""
    return json.dumps(view.to_dict(), ensure_ascii=False, separators=(",", ":"))


class DecisionRecall:
    """A seat's past as it decides: a SHA-256 digest of the view at each of its decisions and each action
    it chose, in order."""

    __slots__ = ("_hasher",)

    def __init__(self) -> None:
        self._hasher = hashlib.sha256()

    def _add(self, text: str) -> None:
        data = text.encode()
        self._hasher.update(len(data).to_bytes(8, "big") + data)

    def saw(self, view_json: str) -> str:
        """Add the view at a decision; the key of that decision."""
        self._add(view_json)
        return self._hasher.hexdigest()[:32]

    def chose(self, action: int) -> None:
        """Add the action chosen."""
        self._add(str(action))


@functools.lru_cache(maxsize=len(SOLVED))
def _policy(name: str) -> dict[str, tuple[tuple[int, float], ...]]:
    text = resources.files(__package__).joinpath("policies", f"{name}.json").read_text("utf-8")
    data = json.loads(text)
    return {key: tuple((int(a), float(p)) for a, p in pairs) for key, pairs in data["policy"].items()}


class CFRPlayer:
    """Plays a solved variant by its CFR average policy, sampling reproducibly from ``seed``.

    One player per match (tournaments build one per seat and match): it remembers its own decisions.
    Raises :class:`~cardrules.ConfigError` for a configuration no policy was solved for, and at a
    decision the policy does not hold (a match not started from the deal, or a player reused).
    """

    __slots__ = ("_game", "_name", "_recall", "_rng", "seed")

    def __init__(self, game: BaseGame[Any, Any], seed: int = 0) -> None:
        names = [name for name, variant in solved().items() if variant == game]
        if not names:
            raise ConfigError(
                f"bot 'cfr': no policy was solved for {game}; solved: {', '.join(map(str, solved().values()))}"
            )
        self._game = game
        self._name = names[0]
        self.seed = seed
        self._rng = Rng.from_seed(seed)
        self._recall = DecisionRecall()

    def choose(self, view: Any, legal_moves: Sequence[MoveT]) -> MoveT:
        """A legal move drawn from the average policy at this decision."""
        key = self._recall.saw(view_text(view))
        pairs = _policy(self._name).get(key)
        by_index = {self._game.action_index(move): move for move in legal_moves}
        if pairs is None or {a for a, _ in pairs} != set(by_index):
            raise ConfigError(
                f"bot 'cfr': the solved policy of {self._game} holds no decision of seat {view.seat} with"
                " this past: one player per match, from the deal"
            )
        # Whole numbers out of 2**32 keep the draw exact and the same everywhere.
        action = _draw(pairs, self._rng)
        self._recall.chose(action)
        return by_index[action]

    def __repr__(self) -> str:
        return f"CFRPlayer({self._game!r}, seed={self.seed})"


def _draw(pairs: tuple[tuple[int, float], ...], rng: Rng) -> int:
    """An action drawn by its probability, as whole numbers out of 2**32: exact, the same everywhere."""
    weights = [round(p * 2**32) for _, p in pairs]
    pick = rng.below(sum(weights))
    for (action, _), weight in zip(pairs, weights, strict=True):
        if pick < weight:
            return action
        pick -= weight
    raise AssertionError("unreachable: pick < sum(weights)")
