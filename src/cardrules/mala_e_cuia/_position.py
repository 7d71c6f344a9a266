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
from .._words import brief, counted
from ._cooperative import team_outcome
from ._game import Game
from ._progress import ROUNDS, Competition, Cooperation, refresh_plan
from ._records import Reveal, RoundResult
from ._scoring import compare_luggage, guess_points
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
    round_number: int = 1,
    rounds: Sequence[Mapping[int, Packed] | Sequence[Packed]] = (),
    reveals: Sequence[Packed] = (),
    seed: int = 0,
) -> State:
    """A Mala e Cuia state in a round's packing (or, cooperative, the packing or the Guess phase),
    from what the user names.

    ``table`` names items face up; ``tiles`` what seats packed, ``(general, bonus)`` by seat (tiles
    are packed in seat order, one item a decision; an item packed is on the table).  Competitive:
    ``round_number`` is the round (1 to 4), ``situation`` its Situation card (its id or number) and
    ``rounds`` the tiles packed in the rounds before, by seat, each round's items on its table; the
    scores are what Compare Luggage gave them.  Between rounds the Item cards are swapped or
    flipped as the game's ``new_items`` says.  Cooperative: ``situations`` each seat's secret
    card; once every tile is packed, ``first_protagonist``, the team's guesses of the protagonists
    revealed so far (``reveals``, in turn) and the ``guess`` being written.  What is not named (the
    other Item cards on the tables and their sides, the tiles of the rounds before, the Situation
    cards, the first protagonist) is drawn by ``seed``.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no match
    reaches (an item that is not in the deck, a tile packed out of turn, a fifth round...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise refusal(_WHAT, "game", f"must be a mala_e_cuia.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    n = game.players
    competitive = game.mode == "competitive"
    if type(round_number) is not int or not 1 <= round_number <= (ROUNDS if competitive else 1):
        rule = (
            f'from 1 to {ROUNDS}: a competitive game "is played over {ROUNDS} rounds"'
            if competitive
            else ("1: a cooperative game packs once, then guesses")
        )
        raise refusal(_WHAT, "round_number", f"must be {rule}; got {brief(round_number)}")
    if isinstance(rounds, (str, bytes, Mapping)) or not isinstance(rounds, Sequence):
        raise refusal(
            _WHAT,
            "rounds",
            f"must be a list of the rounds before, each its tiles by seat; got {brief(rounds)}",
        )
    if len(rounds) >= round_number:
        raise refusal(
            _WHAT,
            "rounds",
            f"names {counted(len(rounds), 'round')} before round {round_number}, which has {round_number - 1}",
        )
    if isinstance(reveals, (str, bytes, Mapping)) or not isinstance(reveals, Sequence):
        raise refusal(_WHAT, "reveals", f"must be a list of the team's guesses; got {brief(reveals)}")
    if reveals and competitive:
        raise refusal(_WHAT, "reveals", "belong to a cooperative match's Guess phase")
    packed = by_seat(_WHAT, "tiles", tiles, n, lambda field, entry: _tile(game, field, entry))
    earlier = [
        by_seat(_WHAT, f"rounds[{index}]", given, n, lambda field, entry: _tile(game, field, entry))
        for index, given in enumerate(rounds)
    ]
    team = _tile(game, "guess", guess)
    guesses = [_tile(game, f"reveals[{index}]", entry) for index, entry in enumerate(reveals[: n + 1])]
    # Each round's table is a set of Item cards and its sides: a flip shows the cards' other sides.
    flips = _flips(game, round_number)
    named: list[list[int]] = [[] for _ in range(round_number)]  # each round's named faces, in order
    named[-1].extend(_face(game, "table", name) for name in _names("table", table))
    for tile in (*packed.values(), team, *guesses):
        named[-1].extend(face for face in sorted(tile.items) if face not in named[-1])
    for index, tiles_then in enumerate(earlier):
        for tile in tiles_then.values():
            named[index].extend(face for face in sorted(tile.items) if face not in named[index])
    tables = _tables(game, rng, named, flips)
    for index, tiles_then in enumerate(earlier):
        for seat, tile in tiles_then.items():
            if not tile.complete:
                raise refusal(
                    _WHAT,
                    f"rounds[{index}][{seat}]",
                    "is not complete: every tile is packed before Compare Luggage",
                )
    state_tiles = tuple(packed.get(seat, Tile()) for seat in range(n))
    table_now = tables[-1]
    progress: Competition | Cooperation
    count = len(game.deck.situations)
    scores = (0,) * n
    if competitive:
        if situations or first_protagonist is not None or team.size:
            raise refusal(_WHAT, "situations", "first_protagonist and guess belong to a cooperative match")
        played = rng.sample(range(count), min(count, round_number - 1 + (situation is None)))
        if situation is not None:
            number = _situation(game, "situation", situation)
            played = [card for card in played if card != number]
            if len(played) < round_number - 1:
                played.append(next(card for card in range(count) if card != number and card not in played))
        else:
            number = played.pop()
        results = []
        for index in range(round_number - 1):
            given = earlier[index] if index < len(earlier) else {}
            drawn = tuple(given.get(seat) or _drawn_tile(rng, tables[index]) for seat in range(n))
            points = compare_luggage(drawn)
            results.append(RoundResult(index + 1, played[index], tables[index], drawn, points))
            scores = tuple(total + got for total, got in zip(scores, points, strict=True))
        gone = tuple(
            face // 2
            for index in range(round_number - 1)
            if flips[index + 1] is None
            for face in tables[index]
        )
        progress = Competition(round_number, number, tuple(played), gone, bool(flips[-1]), tuple(results))
    else:
        if situation is not None:
            raise refusal(_WHAT, "situation", "belongs to a competitive match; name situations, one per seat")
        dealt = _dealt(game, situations, n, rng)
        if all(tile.complete for tile in state_tiles) and first_protagonist is None:
            first_protagonist = rng.below(n)
        if first_protagonist is not None:
            first_protagonist = seat_of(_WHAT, "first_protagonist", first_protagonist, n)
        done = []
        for index, said in enumerate(guesses):
            if first_protagonist is None or index >= n:
                raise refusal(
                    _WHAT,
                    "reveals",
                    f"hold {len(guesses)} guesses of the team; each of the {n} seats is the protagonist once, after the packing",
                )
            seat = (first_protagonist + index) % n
            if not said.complete:
                raise refusal(
                    _WHAT, f"reveals[{index}]", "is not complete: the tile is opened after the fourth item"
                )
            correct, earned = guess_points(state_tiles[seat], said)
            done.append(Reveal(seat, dealt[seat], state_tiles[seat], said, correct, earned))
            scores = tuple(earned if place == seat else total for place, total in enumerate(scores))
        progress = Cooperation(dealt, first_protagonist, team, tuple(done))
    outcome = team_outcome(scores) if not competitive and len(guesses) == n else None
    state = State(game, rng.state, table_now, state_tiles, scores, progress, outcome)
    return reachable(state, _WHAT)


def _flips(game: Game, round_number: int) -> list[bool | None]:
    """Each round's renewal of the table: ``None`` for new cards (the first round and each swap), else
    whether its cards show their backs, flipped at New Destination."""
    plan = refresh_plan(game.new_items, len(game.deck.items), game.shown) or ()
    flips: list[bool | None] = [None]
    for step in plan[: round_number - 1]:
        flips.append(None if step == "swap" else True)
    return flips


def _tables(
    game: Game, rng: Rng, named: list[list[int]], flips: Sequence[bool | None]
) -> list[tuple[int, ...]]:
    """Each round's table: the faces named, the rest drawn; a flipped round shows the other sides of
    the round before, a swapped one cards never shown before (swapped-out cards are discarded)."""
    # Rounds sharing their Item cards (one dealt, the next flipped) are one group, faces as first shown,
    # in the order of the group's last round named: a flip keeps the table's order, so the table now is
    # the one the caller named, in that order.
    groups: list[list[int]] = [[]]
    for index in reversed(range(len(flips))):
        groups[-1].extend(face ^ (flips[index] is True) for face in named[index])
        if flips[index] is None and index:
            groups.append([])
    groups.reverse()
    cards: set[int] = set()
    bases: list[list[int]] = []
    for index, faces in enumerate(groups):
        base: list[int] = []
        for face in faces:
            if face in base:
                continue
            if face // 2 in cards or face ^ 1 in base:
                field = "table" if index == len(groups) - 1 else "rounds"
                raise refusal(
                    _WHAT,
                    field,
                    f"show the card of {game.deck.names[face]!r} twice, or on two tables a swap separates "
                    "(an Item card shows one side, and swapped-out cards are discarded)",
                )
            base.append(face)
            cards.add(face // 2)
        if len(base) > game.shown:
            raise refusal(_WHAT, "table", f"would show {len(base)} Item cards; the table shows {game.shown}")
        bases.append(base)
    for base in bases:
        free = [card for card in range(len(game.deck.items)) if card not in cards]
        for card in rng.sample(free, game.shown - len(base)):
            base.append(2 * card + rng.below(2))
            cards.add(card)
    tables: list[tuple[int, ...]] = []
    group = -1
    for flip in flips:
        group += flip is None
        tables.append(tuple(face ^ (flip is True) for face in bases[group]))
    return tables


def _drawn_tile(rng: Rng, table: Sequence[int]) -> Tile:
    """A complete tile of items on ``table``, drawn by ``rng``."""
    general = rng.sample(list(table), GENERAL_SLOTS + 1)
    return Tile(frozenset(general[:-1]), general[-1])


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
