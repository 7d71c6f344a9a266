"""States consistent with one seat's view, for search bots."""

from __future__ import annotations

from .._base import Sampler
from .._random import Rng
from ._progress import Competition, Cooperation
from ._state import State, build_state
from ._tiles import Slot, Tile
from ._view import View

__all__ = ["ViewSampler"]


def _random_tile(table: tuple[int, ...], size: int, rng: Rng) -> Tile:
    """A tile of ``size`` items of the table: a random full pack, of which ``size`` random items were written."""
    faces = rng.sample(table, 4)
    slots = [Slot.GENERAL, Slot.GENERAL, Slot.GENERAL, Slot.BONUS]
    bonus = rng.below(4)
    slots[3], slots[bonus] = slots[bonus], slots[3]
    tile = Tile()
    for i in sorted(rng.sample(range(4), size)):
        tile = tile.write(faces[i], slots[i])
    return tile


class ViewSampler(Sampler[State]):
    """States ``view.seat`` cannot tell from the real one.

    Other seats' unrevealed tiles are redrawn from the table, with as many
    items as they have written; in a cooperative match the Situation cards
    the seat does not know are redealt from those it has not seen.  Piles
    hold no order (New Destination draws from the state's generator), so
    only the generator is drawn afresh.
    """

    __slots__ = ("_revealed", "_unseen", "_view")

    def __init__(self, view: View) -> None:
        super().__init__(view.game_name)
        progress = view.progress
        revealed: dict[int, Tile] = {view.seat: view.tile}
        unseen: list[int] = []
        if isinstance(progress, Competition):
            if view.outcome is not None:
                revealed.update(enumerate(progress.rounds[-1].tiles))
        else:
            revealed.update((r.protagonist, r.tile) for r in progress.reveals)
            known = {s for s in progress.situations if s is not None}
            unseen = [i for i in range(len(view.game.deck.situations)) if i not in known]
        self._view = view
        self._revealed = revealed
        self._unseen = unseen

    def _sample(self, rng: Rng) -> State:
        view, revealed = self._view, self._revealed
        progress = view.progress
        full: Competition | Cooperation
        if isinstance(progress, Competition):
            full = progress
        else:
            hidden = [i for i, s in enumerate(progress.situations) if s is None]
            dealt = dict(zip(hidden, rng.sample(self._unseen, len(hidden)), strict=True))
            situations = tuple(s if s is not None else dealt[i] for i, s in enumerate(progress.situations))
            full = Cooperation(situations, progress.first_protagonist, progress.guess, progress.reveals)
        tiles = tuple(
            revealed[s] if s in revealed else _random_tile(view.table, size, rng)
            for s, size in enumerate(view.tile_sizes)
        )
        return build_state(view.game, rng.next64(), view.table, tiles, view.scores, full, view.outcome)
