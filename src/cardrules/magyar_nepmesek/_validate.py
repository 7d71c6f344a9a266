"""The invariants of a Magyar népmesék state, view and move, checked when one is read from JSON.

A state:

- one hand, Village row, meld row, skip flag and row of ``known`` per seat (each row one
  entry per seat); one face-down slot per Village card in front of a seat;
- the hands, draw and discard piles, Villages (cards and slots) and melds hold the game's
  deck once each; hands are sorted; the thirds of the draw pile (``zones``) are those
  the setup stacked for this deck and table size, and each holds at most its one Midnight;
- what a seat is sure another holds (``known``) is in that hand, sorted, and nothing of
  its own hand; a Village card is a Village, a card on a slot is a card;
- ``turn`` is a seat; the pending decision names a seat, and there is one exactly while
  the match lasts; the turn's own decisions (the action, the bonus draw, storing,
  refilling, a follow-up) are the player's; a Pass 2 gives to another seat up to 2
  cards; the seats a window or a reaction names are seats;
- ``final`` is 0, 1 or 2; the final round starts when the last card is drawn, so the
  draw pile is empty from then on and the last drawer is known exactly then;
- each meld has one value and one score per card.

A view: its seat, its own hand (sorted) against ``hand_sizes``, its own Village cards
against the public slots, one entry per seat everywhere, the counts adding up to the
deck; the rest is checked by building a state from it
(:func:`cardrules._invariants.check_view`).

A move: a ``Lay`` gives one value per card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._invariants import (
    check_accounted,
    check_conserved,
    check_hand_sizes,
    check_len,
    check_per_seat,
    check_range,
    check_rng,
    check_seat,
    check_sorted,
    check_subset,
    refuse,
)
from ._deck import Category
from ._pending import BonusChoice, FollowUp, Giving, Main, React, Refill, Storing, Window

if TYPE_CHECKING:
    from ._game import Game
    from ._melds import Meld
    from ._pending import Pending
    from ._state import State
    from ._view import View

__all__ = ["check_state", "check_view_fields", "draw_thirds"]

_STATE = "magyar_nepmesek state"
_VIEW = "magyar_nepmesek view"
#: "Pass 2 cards".
_PASS = 2
#: The decisions of the player's own turn.
_OWN_TURN = (Main, BonusChoice, Storing, Refill, FollowUp)


def setup_zones(game: Game) -> tuple[int, int, int]:
    """The sizes of the draw pile's thirds as the setup stacks them (a Midnight in each; ruling 3)."""
    rest = len(game.table.dealt) - game.players * game.hand_size
    base, extra = divmod(rest, 3)
    return (base + 1 + (extra > 0), base + 1 + (extra > 1), base + 1)


def draw_thirds(zones: tuple[int, int, int]) -> tuple[tuple[int, int], ...]:
    """Where the draw pile's thirds lie, top third first: ``(low, high)`` indices of each (the top
    of the pile is its end, and cards leave it there, so only the top third's ``high`` moves)."""
    z0, z1, z2 = zones
    return ((z2 + z1, z2 + z1 + z0), (z2, z2 + z1), (0, z2))


def check_state(state: State) -> None:
    """Refuse a state no match reaches, naming the field (see the module's list)."""
    game = state.game
    n = game.players
    check_per_seat(
        _STATE,
        n,
        (
            ("hands", state.hands),
            ("villages", state.villages),
            ("village_cards", state.village_cards),
            ("melds", state.melds),
            ("known", state.known),
            ("skips", state.skips),
        ),
    )
    check_rng(_STATE, state.rng)
    cards = [*state.draw, *state.discard]
    for seat in range(n):
        check_sorted(_STATE, f"hands[{seat}]", state.hands[seat])
        check_len(_STATE, f"known[{seat}]", state.known[seat], n)
        check_len(_STATE, f"villages[{seat}]", state.villages[seat], len(state.village_cards[seat]))
        cards += state.hands[seat]
        cards += (c for c in state.villages[seat] if c is not None)
        cards += state.village_cards[seat]
        for meld in state.melds[seat]:
            cards += meld.cards
    check_conserved(_STATE, "the hands, piles, Villages and melds", cards, game.table.cards)
    _check_villages(_STATE, game, state.village_cards)
    for seat, row in enumerate(state.known):
        if row[seat]:
            refuse(_STATE, f"known[{seat}][{seat}]", "lists cards of the seat's own hand")
        for other, held in enumerate(row):
            check_sorted(_STATE, f"known[{seat}][{other}]", held)
            check_subset(_STATE, f"known[{seat}][{other}]", held, state.hands[other])
    if state.zones != setup_zones(game):
        refuse(
            _STATE, "zones", f"are not the thirds the setup stacks ({', '.join(map(str, setup_zones(game)))})"
        )
    _check_midnights(state)
    _check_melds(_STATE, state.melds)
    _check_turn(_STATE, n, state.turn, state.pending, state.outcome is not None)
    _check_final(_STATE, n, state.final, state.last_drawer, len(state.draw))


def _check_draw_size(what: str, zones: tuple[int, int, int], size: int, field: str) -> None:
    """Cards only leave the draw pile, from its top: it never holds more than the setup stacked."""
    if size > sum(zones):
        refuse(what, field, f"holds {size} cards; the setup stacks {sum(zones)} and cards only leave it")


def _check_midnights(state: State) -> None:
    """The setup stacks one Midnight in each third of the draw pile, and cards only leave its top: a third
    no one has drawn into yet still holds its Midnight, and no third holds two."""
    _check_draw_size(_STATE, state.zones, len(state.draw), "draw")
    category = state.game.table.category
    for zone, (low, high) in enumerate(draw_thirds(state.zones)):
        held = sum(category[card] is Category.MIDNIGHT for card in state.draw[low:high])
        whole = high <= len(state.draw)
        if held > 1 or (whole and held != 1):
            refuse(
                _STATE,
                "draw",
                f"holds {held} Midnights in its third number {zone + 1} from the top"
                f"{', which no one has drawn from yet' if whole else ''}; the setup puts one in each",
            )


def _check_villages(what: str, game: Game, village_cards: tuple[tuple[str, ...], ...]) -> None:
    category = game.table.category
    for seat, row in enumerate(village_cards):
        if any(category.get(card) is not Category.VILLAGE for card in row):
            refuse(what, f"village_cards[{seat}]", "holds a card that is not a Village")


def _check_melds(what: str, melds: tuple[tuple[Meld, ...], ...]) -> None:
    for seat, row in enumerate(melds):
        for index, meld in enumerate(row):
            field = f"melds[{seat}][{index}]"
            if not meld.cards or not len(meld.cards) == len(meld.stands) == len(meld.points):
                refuse(what, field, "needs one value and one score per card, and a card at least")


def _check_turn(what: str, n: int, turn: int, pending: Pending | None, over: bool) -> None:
    check_seat(what, "turn", turn, n)
    if (pending is None) != over:
        refuse(what, "pending", "must name a decision exactly while the match lasts")
    if pending is None:
        return
    check_seat(what, "pending.seat", pending.seat, n)
    if isinstance(pending, _OWN_TURN) and pending.seat != turn:
        refuse(what, "pending.seat", f"is seat {pending.seat}; this decision of the turn is seat {turn}'s")
    if isinstance(pending, Giving):
        check_seat(what, "pending.receiver", pending.receiver, n)
        if pending.receiver == pending.seat:
            refuse(what, "pending.receiver", "is the giving seat itself")
        check_range(what, "pending.limit", pending.limit, 1, _PASS)
    if isinstance(pending, (Window, React)):
        asked = [*pending.queue, *pending.unable]
        if isinstance(pending, React):
            check_seat(what, "pending.action.seat", pending.action.seat, n)
            asked += [*pending.shielded, *pending.reflected]
        for seat in asked:
            check_seat(what, "pending.queue", seat, n)


def _check_final(what: str, n: int, final: int, last_drawer: int | None, draw: int) -> None:
    check_range(what, "final", final, 0, 2)
    if (final == 0) != (last_drawer is None):
        refuse(what, "last_drawer", "is known exactly once the last card is drawn (final 1 or 2)")
    check_seat(what, "last_drawer", last_drawer, n, optional=True)
    if final and draw:
        refuse(what, "draw", "holds cards in the final round, which begins when the last one is drawn")


def check_view_fields(view: View) -> None:
    """Refuse a view whose fields contradict each other, naming the field (see the module's list)."""
    game = view.game
    n = game.players
    check_seat(_VIEW, "seat", view.seat, n)
    check_per_seat(
        _VIEW,
        n,
        (
            ("villages", view.villages),
            ("village_cards", view.village_cards),
            ("hand_sizes", view.hand_sizes),
            ("melds", view.melds),
            ("known", view.known),
            ("skips", view.skips),
        ),
    )
    check_sorted(_VIEW, "hand", view.hand)
    check_hand_sizes(_VIEW, view.seat, view.hand, view.hand_sizes, ("draw_size", view.draw_size))
    for seat in range(n):
        check_len(_VIEW, f"villages[{seat}]", view.villages[seat], len(view.village_cards[seat]))
    check_len(_VIEW, "own_villages", view.own_villages, len(view.villages[view.seat]))
    if any(
        (card is not None) != slot
        for card, slot in zip(view.own_villages, view.villages[view.seat], strict=True)
    ):
        refuse(_VIEW, "own_villages", "do not match the seat's filled Village slots")
    if view.known[view.seat]:
        refuse(_VIEW, f"known[{view.seat}]", "lists cards of the seat's own hand")
    _check_villages(_VIEW, game, view.village_cards)
    _check_melds(_VIEW, view.melds)
    seen = [*view.hand, *view.discard, *(c for c in view.own_villages if c is not None)]
    seen += (c for row in view.village_cards for c in row)
    seen += (c for row in view.melds for meld in row for c in meld.cards)
    check_subset(_VIEW, "hand, discard, Villages and melds", seen, game.table.cards)
    hidden = sum(view.hand_sizes) - len(view.hand) + view.draw_size
    hidden += sum(slot for seat, row in enumerate(view.villages) if seat != view.seat for slot in row)
    check_accounted(_VIEW, ("draw_size", hidden), len(seen), len(game.table.cards))
    if view.zones != setup_zones(game):
        refuse(
            _VIEW, "zones", f"are not the thirds the setup stacks ({', '.join(map(str, setup_zones(game)))})"
        )
    _check_draw_size(_VIEW, view.zones, view.draw_size, "draw_size")
    _check_turn(_VIEW, n, view.turn, view.pending, view.outcome is not None)
    _check_final(_VIEW, n, view.final, view.last_drawer, view.draw_size)
