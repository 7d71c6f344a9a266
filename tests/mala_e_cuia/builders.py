"""Build Mala e Cuia positions from chosen items and situations, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules import mala_e_cuia
from cardrules.mala_e_cuia import Competition, Cooperation, Game, State, Tile
from cardrules.mala_e_cuia._state import build_state

#: Twelve fronts of the built-in deck's first Item cards, the default competitive table.
TABLE12 = (
    "Umbrella",
    "Wool sweater",
    "Flashlight",
    "Sunscreen",
    "Raincoat",
    "Sleeping bag",
    "Hiking boots",
    "Power bank",
    "Passport",
    "First-aid kit",
    "Insect repellent",
    "Water bottle",
)
#: The first ten of them, the default cooperative table.
TABLE10 = TABLE12[:10]


def face(game: Game, name: str) -> int:
    """The face number of an item of the game's deck."""
    found = game.deck.face_of(name)
    assert found is not None, name
    return found


def tile(general: Sequence[str] = (), bonus: str | None = None, *, game: Game | None = None) -> Tile:
    """``tile(["Umbrella", "Passport", "Raincoat"], "Flashlight")``, names of the built-in deck by default."""
    game = game or Game()
    return Tile(frozenset(face(game, n) for n in general), None if bonus is None else face(game, bonus))


def competitive(
    tiles: Sequence[Tile],
    *,
    game: Game | None = None,
    table: Sequence[str] = TABLE12,
    scores: Sequence[int] | None = None,
    round: int = 1,
    situation: int = 0,
    discarded_situations: tuple[int, ...] = (),
    discarded_items: tuple[int, ...] = (),
    flipped: bool = False,
) -> State:
    """A competitive position in the Pack the Suitcase phase of ``round``; the first round's is built
    by :func:`cardrules.mala_e_cuia.position`, which checks that a match reaches it."""
    game = game or Game(players=len(tiles))
    if round == 1 and scores is None and not (discarded_situations or discarded_items or flipped):
        built = mala_e_cuia.position(game, table=table, tiles=_packed(game, tiles), situation=situation)
        return attrs.evolve(built, rng=12345)
    progress = Competition(round, situation, discarded_situations, discarded_items, flipped, ())
    faces = tuple(face(game, n) for n in table)
    # As the rules build states: a later round's position keeps no record of the rounds before it.
    return build_state(game, 12345, faces, tuple(tiles), tuple(scores or (0,) * len(tiles)), progress, None)


def cooperative(
    tiles: Sequence[Tile],
    *,
    situations: Sequence[int] | None = None,
    first_protagonist: int | None = None,
    guess: Tile | None = None,
    scores: Sequence[int] | None = None,
    table: Sequence[str] = TABLE10,
) -> State:
    """A cooperative position: packing while ``first_protagonist`` is None, else guessing (no reveals
    yet); built by :func:`cardrules.mala_e_cuia.position` unless ``scores`` are given."""
    n = len(tiles)
    game = Game(players=n, mode="cooperative")
    if scores is None:
        (team,) = _packed(game, [guess or Tile()])
        built = mala_e_cuia.position(
            game, table=table, tiles=_packed(game, tiles), situations=situations or range(n),
            first_protagonist=first_protagonist, guess=team,
        )  # fmt: skip
        return attrs.evolve(built, rng=777)
    progress = Cooperation(tuple(situations or range(n)), first_protagonist, guess or Tile(), ())
    faces = tuple(face(game, name) for name in table)
    return build_state(game, 777, faces, tuple(tiles), tuple(scores or (0,) * n), progress, None)


def _packed(game: Game, tiles: Sequence[Tile]) -> list[mala_e_cuia.Packed]:
    """Tiles as the position builder takes them: item names."""
    names = game.deck.names
    return [
        ([names[f] for f in sorted(t.general)], None if t.bonus is None else names[t.bonus]) for t in tiles
    ]


def finish_tile(state: State, general: Sequence[str], bonus: str) -> State:
    """The deciding seat writes a whole tile (or guess)."""
    return state.commit(general, bonus)
