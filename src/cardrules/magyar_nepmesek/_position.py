"""Magyar népmesék positions of the user's choosing: name what matters, the rest is placed by a seed
and checked.

>>> from cardrules import magyar_nepmesek
>>> state = magyar_nepmesek.position(hands={0: ["plus1-piglet", "plus2-shepherd"]}, draw=20, turn=0, seed=1)
>>> state.current_player, [len(hand) for hand in state.hands], len(state.draw)
(0, [2, 7, 7, 7], 20)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .._base import _check_seed
from .._notation import by_seat, flags, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief
from ._cards import sort
from ._deck import Category
from ._game import Game
from ._melds import Meld
from ._pending import Main, Pending
from ._records import Board, Tableau
from ._state import State
from ._validate import draw_thirds, setup_zones

__all__ = ["position"]

_WHAT = "magyar_nepmesek position"


def position(
    game: Game | None = None,
    *,
    hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] = (),
    draw: int | Sequence[str] | None = None,
    discard: Sequence[str] = (),
    melds: Mapping[int, Sequence[Meld]] | Sequence[Sequence[Meld]] = (),
    villages: Mapping[int, Sequence[str | None]] | Sequence[Sequence[str | None]] = (),
    turn: int | None = None,
    pending: Pending | None = None,
    skips: Sequence[bool] | None = None,
    final: int = 0,
    last_drawer: int | None = None,
    seed: int = 0,
) -> State:
    """A Magyar népmesék state from what the user names.

    ``hands`` gives whole hands by seat (card ids; a seat whose hand is not named is dealt 7),
    ``draw`` the draw pile, either how many cards it holds (the setup's full pile when not
    named) or the very cards, bottom first (its last card is drawn next), ``discard`` the discard
    pile from the bottom, ``melds`` the cards laid in front of each seat, ``villages`` each seat's
    Village slots (a face-down card or ``None``; advanced variant), ``turn`` whose turn it is
    (chosen by ``seed`` when not named) and ``pending`` the decision waiting (the turn's action when
    not named), ``skips`` who misses the next turn, ``final`` and ``last_drawer`` the final round.

    The cards not named are placed by ``seed``: into the hands not named, then into the draw pile
    as the setup stacks it (its thirds from the top, one Midnight in each third not drawn into;
    a drawn Midnight is in the discard), then under the discard.  No seat knows another's cards.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no match
    reaches (a card more often than the deck holds it, a draw pile longer than the setup's...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise refusal(_WHAT, "game", f"must be a magyar_nepmesek.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    n = game.players
    table = game.table
    known_cards = set(table.cards)
    named_hands = by_seat(_WHAT, "hands", hands, n, lambda field, cards: _cards(field, cards, known_cards))
    named_melds = by_seat(_WHAT, "melds", melds, n, _melds)
    slots = by_seat(_WHAT, "villages", villages, n, lambda field, row: _slots(field, row, known_cards))
    village_kinds = [c for c in table.cards if table.category[c] is Category.VILLAGE]
    village_cards: dict[int, list[str]] = {}
    for seat in sorted(slots):
        take = len(slots[seat])
        if take > len(village_kinds):
            raise refusal(_WHAT, "villages", f"need {take} more Village cards than the deck holds")
        village_cards[seat], village_kinds = village_kinds[:take], village_kinds[take:]
    bottom = _cards("discard", discard, known_cards)
    exact_draw = None if draw is None or type(draw) is int else _cards("draw", draw, known_cards)
    named = Counter(bottom + (exact_draw or []))
    for cards in named_hands.values():
        named.update(cards)
    for laid in named_melds.values():
        for meld in laid:
            named.update(meld.cards)
    for seat, row in slots.items():
        named.update(c for c in row if c is not None)
        named.update(village_cards[seat])
    over = named - Counter(table.cards)
    if over:
        raise refusal(
            _WHAT,
            "hands, draw, discard, melds and villages",
            f"name {next(iter(over))} more often than the deck holds it",
        )
    free_cards = sorted((Counter(table.cards) - named).elements())
    midnights = [c for c in free_cards if table.category[c] is Category.MIDNIGHT]
    free = rng.shuffled([c for c in free_cards if table.category[c] is not Category.MIDNIGHT])
    for seat in range(n):
        if seat not in named_hands:
            named_hands[seat], free = free[: game.hand_size], free[game.hand_size :]
    zones = setup_zones(game)
    if exact_draw is not None:
        pile = exact_draw
    else:
        size = sum(zones) if draw is None else draw
        if type(size) is not int or not 0 <= size <= sum(zones):
            raise refusal(
                _WHAT, "draw", f"must hold from 0 to {sum(zones)} cards (the setup's pile); got {brief(draw)}"
            )
        pile, free, midnights = _stack(size, zones, free, midnights, rng)
    discarded = (*sort(free + midnights), *bottom)
    if not pile and final == 0:
        # "When a player draws the last card, the final round begins."
        raise refusal(
            _WHAT, "final", "is 0 with the draw pile empty; the last card drawn begins the final round"
        )
    if turn is None:
        turn = rng.below(n)
    turn = seat_of(_WHAT, "turn", turn, n)
    skip_row = (False,) * n if skips is None else flags(_WHAT, "skips", skips, n)
    if pending is not None and not isinstance(pending, Pending):
        raise refusal(
            _WHAT, "pending", f"must be a magyar_nepmesek pending decision (Main, ...); got {brief(pending)}"
        )
    state = State(
        turn=turn,
        pending=Main(turn) if pending is None else pending,
        hands=tuple(sort(named_hands[seat]) for seat in range(n)),
        draw=tuple(pile),
        discard=discarded,
        events=(),
        board=Board(
            rng=rng.state,
            villages=tuple(tuple(slots.get(seat, ())) for seat in range(n)),
            known=tuple(tuple(() for _ in range(n)) for _ in range(n)),
        ),
        tableau=Tableau(
            game=game,
            village_cards=tuple(tuple(village_cards.get(seat, ())) for seat in range(n)),
            zones=zones,
            melds=tuple(tuple(named_melds.get(seat, ())) for seat in range(n)),
            skips=skip_row,
            final=final,
            last_drawer=last_drawer,
            outcome=None,
        ),
    )
    return reachable(state, _WHAT)


def _cards(field: str, given: object, deck: set[str]) -> list[str]:
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise refusal(_WHAT, field, f"must be a list of card ids like 'plus1-piglet'; got {brief(given)}")
    if len(given) > len(deck) * 8:
        raise refusal(_WHAT, field, f"names {len(given)} cards, more than the deck holds")
    for card in given:
        if not isinstance(card, str) or card not in deck:
            raise refusal(_WHAT, field, f"holds {brief(card)}, which is no card of this game's deck")
    return list(given)


def _slots(field: str, given: object, deck: set[str]) -> list[str | None]:
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise refusal(
            _WHAT, field, f"must be a list of Village slots (a card id or None); got {brief(given)}"
        )
    for card in given:
        if card is not None and (not isinstance(card, str) or card not in deck):
            raise refusal(_WHAT, field, f"holds {brief(card)}, which is no card of this game's deck")
    return list(given)


def _stack(
    size: int, zones: tuple[int, int, int], free: list[str], midnights: list[str], rng: Rng
) -> tuple[list[str], list[str], list[str]]:
    """A draw pile of ``size`` cards as the setup stacks it and play leaves it, bottom first: a
    Midnight in each third not drawn into, and in the third being drawn from if the seed keeps it
    there (one in as many as the third's cards still in it); the cards and Midnights left over."""
    pile: list[str] = []
    for low, high in reversed(draw_thirds(zones)):  # the bottom third first
        if low >= size:
            break
        take = min(high, size) - low
        whole = take == high - low
        keep = whole or rng.below(high - low) < take
        cards_here = take - (1 if keep else 0)
        if cards_here > len(free) or (keep and not midnights):
            raise refusal(_WHAT, "draw", f"cannot be stacked: too few cards are left for {size} in the pile")
        part, free = free[:cards_here], free[cards_here:]
        if keep:
            part.insert(rng.below(len(part) + 1), midnights.pop())
        pile.extend(part)
    return pile, free, midnights


def _melds(field: str, row: object) -> tuple[Meld, ...]:
    if isinstance(row, str) or not isinstance(row, Sequence) or not all(isinstance(m, Meld) for m in row):
        raise refusal(_WHAT, field, f"must be a list of magyar_nepmesek.Meld; got {brief(row)}")
    return tuple(row)
