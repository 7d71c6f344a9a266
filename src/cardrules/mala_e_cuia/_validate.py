"""The invariants of a Mala e Cuia state and view, checked when one is read from JSON.

A state:

- one tile and one score per seat; the table shows ``game.shown`` distinct Item cards of the deck;
- a tile (and the team's guess) holds at most 3 General items and a Bonus item not among
  them, all on the table; tiles are packed in seat order, so the tiles before the first
  one not complete are complete and those after it are empty;
- competitive: round 1 to 4; each round played is recorded in order with the points
  Compare Luggage gives its tiles, and the scores are their sum; the discarded Situation
  cards are those of the rounds before, the current one not among them; swapped-out Item
  cards are distinct and not on the table; the match is over exactly when the fourth
  round is recorded, then with the tiles, table and winners of that round;
- cooperative: one distinct Situation card per seat; while packing, no protagonist, guess,
  reveal or score yet; once every tile is packed, the protagonists follow clockwise from
  the first, each reveal shows that seat's own tile and Situation card and the points its
  guess earned, a seat's score is its reveal's points, the guess being made is not yet
  complete, and the match is over exactly when every seat has been the protagonist.

A view: its seat, its own tile against ``tile_sizes``, sizes from 0 to 4, and the
situations a seat cannot know left out; the rest is checked by building a state from it
(:func:`cardrules._invariants.check_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._invariants import check_len, check_per_seat, check_range, check_rng, check_seat, refuse
from ._competitive import final_outcome
from ._cooperative import team_outcome
from ._progress import ROUNDS, Competition, Cooperation
from ._scoring import compare_luggage, guess_points
from ._tiles import EMPTY, GENERAL_SLOTS, Tile

if TYPE_CHECKING:
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields"]

_STATE = "mala_e_cuia state"
_VIEW = "mala_e_cuia view"


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    n = state.game.players
    check_per_seat(_STATE, n, (("tiles", state.tiles), ("scores", state.scores)))
    check_rng(_STATE, state.rng)
    _check_table(_STATE, "table", state.table, state.game.shown, len(state.game.deck.faces))
    for seat, tile in enumerate(state.tiles):
        _check_tile(_STATE, f"tiles[{seat}]", tile, state.table)
    packed = [tile.complete for tile in state.tiles]
    first_open = packed.index(False) if False in packed else n
    if not all(packed[:first_open]) or any(tile != EMPTY for tile in state.tiles[first_open + 1 :]):
        refuse(_STATE, "tiles", "are not packed in seat order (a tile after an unfinished one holds items)")
    if isinstance(state.progress, Competition):
        if state.game.mode != "competitive":
            refuse(_STATE, "progress", "is a competitive one in a cooperative match")
        _check_competition(state, state.progress, first_open == n)
    else:
        if state.game.mode != "cooperative":
            refuse(_STATE, "progress", "is a cooperative one in a competitive match")
        _check_cooperation(state, state.progress, first_open == n)


def _check_table(what: str, field: str, table: tuple[int, ...], shown: int, faces: int) -> None:
    check_len(what, field, table, shown)
    if not all(0 <= face < faces for face in table) or len({face // 2 for face in table}) != len(table):
        refuse(what, field, "must show distinct Item cards of the deck")


def _check_tile(what: str, field: str, tile: Tile, table: tuple[int, ...]) -> None:
    if len(tile.general) > GENERAL_SLOTS:
        refuse(
            what,
            f"{field}.general",
            f"holds {len(tile.general)} items; a tile has {GENERAL_SLOTS} General fields",
        )
    if tile.bonus is not None and tile.bonus in tile.general:
        refuse(what, f"{field}.bonus", "repeats an item of the General fields")
    if not tile.items <= set(table):
        refuse(what, field, "holds items that are not on the table")


def _check_competition(state: State, progress: Competition, all_packed: bool) -> None:
    check_range(_STATE, "progress.round", progress.round, 1, ROUNDS)
    situations = len(state.game.deck.situations)
    done = state.outcome is not None
    if len(progress.rounds) != progress.round - (not done):
        refuse(_STATE, "progress.rounds", f"record {len(progress.rounds)} rounds in round {progress.round}")
    if done != (progress.round == ROUNDS and len(progress.rounds) == ROUNDS):
        refuse(_STATE, "outcome", "is set before the fourth round is compared, or missing after it")
    if all_packed != done:
        refuse(_STATE, "tiles", "are all packed, yet Compare Luggage has not been made")
    totals = [0] * state.game.players
    for index, result in enumerate(progress.rounds):
        field = f"progress.rounds[{index}]"
        if result.round != index + 1:
            refuse(_STATE, f"{field}.round", f"is {result.round}, not {index + 1}")
        check_len(_STATE, f"{field}.tiles", result.tiles, state.game.players)
        _check_table(_STATE, f"{field}.table", result.table, state.game.shown, len(state.game.deck.faces))
        for seat, tile in enumerate(result.tiles):
            _check_tile(_STATE, f"{field}.tiles[{seat}]", tile, result.table)
            if not tile.complete:
                refuse(_STATE, f"{field}.tiles[{seat}]", "was compared before it was packed")
        if result.points != compare_luggage(result.tiles):
            refuse(_STATE, f"{field}.points", "are not what Compare Luggage gives those tiles")
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
    if list(state.scores) != totals:
        refuse(_STATE, "scores", "are not the sum of the rounds' points")
    played = tuple(r.situation for r in progress.rounds[: progress.round - 1])
    if progress.discarded_situations != played:
        refuse(_STATE, "progress.discarded_situations", "are not the Situation cards of the rounds before")
    if not 0 <= progress.situation < situations or progress.situation in played:
        refuse(_STATE, "progress.situation", "is not a Situation card still in the pile")
    gone = progress.discarded_items
    if len(set(gone)) != len(gone) or not set(gone).isdisjoint(f // 2 for f in state.table):
        refuse(_STATE, "progress.discarded_items", "repeat a card or name one on the table")
    if not all(0 <= card < len(state.game.deck.items) for card in gone):
        refuse(_STATE, "progress.discarded_items", "name cards that are not in the deck")
    if done:
        last = progress.rounds[-1]
        if (last.table, last.tiles, last.situation) != (state.table, state.tiles, progress.situation):
            refuse(_STATE, "progress.rounds", "end with a round that is not the one on the table")
        if state.outcome != final_outcome(state.scores):
            refuse(_STATE, "outcome", "is not what the scores give")


def _check_cooperation(state: State, progress: Cooperation, all_packed: bool) -> None:
    n = state.game.players
    dealt = progress.situations
    check_len(_STATE, "progress.situations", dealt, n)
    if len(set(dealt)) != n or not all(0 <= s < len(state.game.deck.situations) for s in dealt):
        refuse(_STATE, "progress.situations", "must be one distinct Situation card of the deck per seat")
    _check_tile(_STATE, "progress.guess", progress.guess, state.table)
    if not all_packed:
        if progress.first_protagonist is not None or progress.guess != EMPTY or progress.reveals:
            refuse(_STATE, "progress", "shows the Guess phase while a seat is still packing")
    else:
        check_seat(_STATE, "progress.first_protagonist", progress.first_protagonist, n)
    if progress.guess.complete:
        refuse(_STATE, "progress.guess", "is complete but not scored")
    scores = [0] * n
    first = progress.first_protagonist or 0
    for index, reveal in enumerate(progress.reveals):
        field = f"progress.reveals[{index}]"
        seat = (first + index) % n
        if index >= n or reveal.protagonist != seat:
            refuse(_STATE, f"{field}.protagonist", f"is not seat {seat}, the protagonist in that place")
        if reveal.situation != dealt[seat] or reveal.tile != state.tiles[seat]:
            refuse(_STATE, field, f"does not show seat {seat}'s own Situation card and tile")
        _check_tile(_STATE, f"{field}.guess", reveal.guess, state.table)
        if not reveal.guess.complete or (reveal.correct, reveal.points) != guess_points(
            reveal.tile, reveal.guess
        ):
            refuse(_STATE, f"{field}.points", "are not what that guess earns")
        scores[seat] = reveal.points
    if list(state.scores) != scores:
        refuse(_STATE, "scores", "are not the points of the reveals")
    done = len(progress.reveals) == n
    if (state.outcome is not None) != done or (done and state.outcome != team_outcome(state.scores)):
        refuse(_STATE, "outcome", "does not agree with the reveals")


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    n = view.game.players
    check_seat(_VIEW, "seat", view.seat, n)
    check_seat(_VIEW, "current_player", view.current_player, n, optional=True)
    check_len(_VIEW, "tile_sizes", view.tile_sizes, n)
    check_len(_VIEW, "scores", view.scores, n)
    _check_table(_VIEW, "table", view.table, view.game.shown, len(view.game.deck.faces))
    _check_tile(_VIEW, "tile", view.tile, view.table)
    if any(not 0 <= size <= GENERAL_SLOTS + 1 for size in view.tile_sizes):
        refuse(_VIEW, "tile_sizes", f"must be from 0 to {GENERAL_SLOTS + 1}")
    if view.tile_sizes[view.seat] != view.tile.size:
        refuse(
            _VIEW,
            "tile_sizes",
            f"give seat {view.seat} {view.tile_sizes[view.seat]} items; its tile holds {view.tile.size}",
        )
    if not isinstance(view.progress, Competition):
        check_len(_VIEW, "progress.situations", view.progress.situations, n)
        if view.progress.situations[view.seat] is None:
            refuse(_VIEW, "progress.situations", "leave out the seat's own Situation card")
