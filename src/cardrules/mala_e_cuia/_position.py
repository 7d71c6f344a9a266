"""Mala e Cuia positions of the user's choosing: name what matters, the rest is drawn by a seed and checked.

>>> from cardrules import mala_e_cuia
>>> state = mala_e_cuia.position(tiles=[(["Umbrella", "Passport", "Raincoat"], "Flashlight")], seed=1)
>>> state.current_player, len(state.table), state.tiles[0].complete
(1, 12, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._base import _check_seed
from .._notation import by_seat, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief
from ._game import Game
from ._progress import Competition, Cooperation
from ._state import State
from ._tiles import GENERAL_SLOTS, Tile

__all__ = ["Packed", "position"]

#: A tile as the user writes it: the names of its General items, and its Bonus item's name or ``None``.
Packed = tuple[Sequence[str], str | None]

_WHAT = "mala_e_cuia position"


def position(
    game: Game | None = None,
    *,
    table: Sequence[str] = (),
    tiles: Mapping[int, Packed] | Sequence[Packed] = (),
    situation: str | int | None = None,
    situations: Mapping[int, str | int] | Sequence[str | int] = (),
    first_protagonist: int | None = None,
    guess: Packed = ((), None),
    seed: int = 0,
) -> State:
    """A Mala e Cuia state in the first round's packing (or, cooperative, the first guess), from what
    the user names.

    ``table`` names items face up; ``tiles`` what seats packed, ``(general, bonus)`` by seat (tiles
    are packed in seat order, one item a decision; an item packed is on the table).  Competitive:
    ``situation`` is the round's Situation card (its id or number).  Cooperative: ``situations``
    each seat's secret card; once every tile is packed, ``first_protagonist`` and the team's
    ``guess`` so far.  What is not named (the other Item cards on the table and their sides, the
    Situation cards, the first protagonist) is drawn by ``seed``.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no match
    reaches (an item that is not in the deck, a tile packed out of turn...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise refusal(_WHAT, "game", f"must be a mala_e_cuia.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    n = game.players
    packed = by_seat(_WHAT, "tiles", tiles, n, lambda field, entry: _tile(game, field, entry))
    shown = [_face(game, "table", name) for name in _names("table", table)]
    for tile in (*packed.values(),):
        shown.extend(face for face in sorted(tile.items) if face not in shown)
    team = _tile(game, "guess", guess)
    shown.extend(face for face in sorted(team.items) if face not in shown)
    cards = [face // 2 for face in shown]
    if len(set(cards)) != len(cards):
        twice = next(face for face in shown if cards.count(face // 2) > 1)
        raise refusal(
            _WHAT,
            "table",
            f"shows the card of {game.deck.names[twice]!r} twice (an Item card shows one side)",
        )
    if len(shown) > game.shown:
        raise refusal(_WHAT, "table", f"would show {len(shown)} Item cards; the table shows {game.shown}")
    free = [card for card in range(len(game.deck.items)) if card not in cards]
    for card in rng.sample(free, game.shown - len(shown)):
        shown.append(2 * card + rng.below(2))
    state_tiles = tuple(packed.get(seat, Tile()) for seat in range(n))
    progress: Competition | Cooperation
    count = len(game.deck.situations)
    if game.mode == "competitive":
        if situations or first_protagonist is not None or team.size:
            raise refusal(_WHAT, "situations", "first_protagonist and guess belong to a cooperative match")
        number = rng.below(count) if situation is None else _situation(game, "situation", situation)
        progress = Competition(1, number, (), (), False, ())
    else:
        if situation is not None:
            raise refusal(_WHAT, "situation", "belongs to a competitive match; name situations, one per seat")
        dealt = _dealt(game, situations, n, rng)
        if all(tile.complete for tile in state_tiles) and first_protagonist is None:
            first_protagonist = rng.below(n)
        if first_protagonist is not None:
            first_protagonist = seat_of(_WHAT, "first_protagonist", first_protagonist, n)
        progress = Cooperation(dealt, first_protagonist, team, ())
    state = State(game, rng.state, tuple(shown), state_tiles, (0,) * n, progress, None)
    return reachable(state, _WHAT)


def _names(field: str, names: object) -> list[str]:
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or not all(isinstance(n, str) for n in names)
    ):
        raise refusal(_WHAT, field, f"must be a list of item names; got {brief(names)}")
    return list(names)


def _face(game: Game, field: str, name: str) -> int:
    face = game.deck.face_of(name)
    if face is None:
        raise refusal(_WHAT, field, f"names {brief(name)}, which is no item of the deck {game.deck.name!r}")
    return face


def _tile(game: Game, field: str, given: object) -> Tile:
    if not (isinstance(given, (tuple, list)) and len(given) == 2):
        raise refusal(
            _WHAT, field, f"must be (general item names, bonus item name or None); got {brief(given)}"
        )
    general, bonus = given
    faces = [_face(game, f"{field}.general", name) for name in _names(f"{field}.general", general)]
    if len(set(faces)) != len(faces) or len(faces) > GENERAL_SLOTS:
        raise refusal(
            _WHAT, f"{field}.general", f"must be at most {GENERAL_SLOTS} distinct items; got {brief(general)}"
        )
    if bonus is not None and not isinstance(bonus, str):
        raise refusal(_WHAT, f"{field}.bonus", f"must be an item name or None; got {brief(bonus)}")
    return Tile(frozenset(faces), None if bonus is None else _face(game, f"{field}.bonus", bonus))


def _situation(game: Game, field: str, given: object) -> int:
    cards = game.deck.situations
    if type(given) is int and 0 <= given < len(cards):
        return given
    found = next((i for i, card in enumerate(cards) if card.id == given), None)
    if found is None:
        raise refusal(
            _WHAT, field, f"must be a Situation card's id or a number below {len(cards)}; got {brief(given)}"
        )
    return found


def _dealt(game: Game, given: object, n: int, rng: Rng) -> tuple[int, ...]:
    named = by_seat(_WHAT, "situations", given, n, lambda field, card: _situation(game, field, card))
    free = [card for card in range(len(game.deck.situations)) if card not in named.values()]
    drawn = iter(rng.sample(free, min(len(free), n - len(named))))
    return tuple(named[seat] if seat in named else next(drawn) for seat in range(n))
