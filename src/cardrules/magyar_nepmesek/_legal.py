"""The legal moves of the deciding seat, by kind of decision, and why a move is not legal.

Generation (:func:`legal_moves`) and the explainer (:func:`why_illegal`) judge a lay-down by the same
rules (:mod:`._rules`): a test checks on random play that every lay-down one accepts the other does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product
from typing import TYPE_CHECKING

from .._words import counted
from ._cards import CardTable, LayRole, MainMemo
from ._deck import Category, Scope
from ._melds import PURPLE, group_kind, lay_options, negative_rows
from ._moves import (
    AddToGroup,
    BonusDraw,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import BonusChoice, FollowUp, Giving, Main, Pending, React, Refill, Storing, Window
from ._rules import is_combination, pinko_fault

if TYPE_CHECKING:
    from ._state import State

__all__ = ["lay_fault", "legal_moves", "usable", "why_illegal"]


_LIMIT = 8
#: Moves that only name their seat are shared, not rebuilt at every decision.
_PASS = tuple(Pass(s) for s in range(6))
_DRAW = tuple(Draw(s) for s in range(6))
#: The seats in turn order from each start seat, for each table size.
_ORDERS = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}
#: Bound on the remembered lay-down/discard move lists (about 3 kB each).
_MEMO = 20_000


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move of ``state.pending.seat``."""
    pending = state.pending
    assert pending is not None
    seat = pending.seat
    if isinstance(pending, Main):
        return _main(state, seat)
    if isinstance(pending, Refill):
        return _refill(state, seat)
    if isinstance(pending, Window):
        return _window(state, seat)
    if isinstance(pending, React):
        return _react(state, seat, pending)
    if isinstance(pending, BonusChoice):
        return (BonusDraw(seat), _PASS[seat])
    if isinstance(pending, FollowUp):
        return (*_plays(state, seat), _PASS[seat])
    if isinstance(pending, Storing):
        return tuple(_stores(seat, dict.fromkeys(state.hands[seat])))
    assert isinstance(pending, Giving)
    # The giver is on its own turn: its Village cards serve "exactly as if" in its hand (ruling 14).
    own = sorted(usable(state, seat))
    picks = {cards for n in range(pending.limit + 1) for cards in combinations(own, n)}
    return tuple(Give(seat, cards) for cards in sorted(picks))


def usable(state: State, seat: int) -> tuple[str, ...]:
    """The cards ``seat`` may use on its own turn: its hand and the cards on its Villages."""
    slots = state.board.villages[seat]
    if not slots:
        return state.hands[seat]
    return state.hands[seat] + tuple(c for c in slots if c is not None)


def _main(state: State, seat: int) -> tuple[Move, ...]:
    """The turn's action.  Everything that depends on the usable cards alone is remembered by them."""
    table = state.tableau.game.table
    hand = state.hands[seat]
    key = (seat, tuple(sorted(usable(state, seat))) if state.board.villages[seat] else hand)
    memo = table.memo.get(key)
    if memo is None:
        memo = _remember_main(table, seat, key[1], state.tableau.game.players)
        if len(table.memo) > _MEMO:
            table.memo.clear()
        table.memo[key] = memo
    without_draw, with_draw, dynamic = memo
    base = with_draw if state.draw and len(hand) < _LIMIT else without_draw
    if dynamic is not None:
        # Some action cards' plays depend on the position: the plays are built now, in card order.
        plays: list[Move] = []
        for segment in dynamic:
            plays.extend(_card_plays(state, seat, segment) if isinstance(segment, str) else segment)
        base = (*base, *plays)
    return base or (_PASS[seat],)


def _remember_main(table: CardTable, seat: int, cards: tuple[str, ...], players: int) -> MainMemo:
    """The turn's moves from the sorted usable ``cards``, without and with the draw, as :func:`_main` keeps them.

    The action cards' plays come last, in card order; when one of them depends on the position
    (:func:`_card_plays`), the plays are kept apart as segments: the moves of a card, or the card.
    """
    fixed = _lay_and_discard(table, seat, cards)
    segments: list[tuple[Move, ...] | str] = []
    plays: list[Move] = []
    depends = False
    for card in sorted(table.playable.intersection(cards)):
        moves = _fixed_plays(table, seat, card, players)
        if moves is None:
            depends = True
            segments.append(card)
        else:
            segments.append(moves)
            plays.extend(moves)
    if not depends:
        fixed += tuple(plays)
        return fixed, (_DRAW[seat], *fixed), None
    return fixed, (_DRAW[seat], *fixed), tuple(segments)


def _lay_and_discard(table: CardTable, seat: int, cards: tuple[str, ...]) -> tuple[Move, ...]:
    """Every combination to lay down and every discard of the turn's action, from the sorted ``cards``."""
    layable = tuple(filter(table.lay_role.__contains__, cards))
    moves: list[Move] = list(_lays(table, seat, layable)) if layable else []
    distinct = dict.fromkeys(cards)  # the kinds in sorted order, as ``cards`` is sorted
    runs_of = table.discards.get(seat)
    if runs_of is None:
        runs_of = table.discards[seat] = {}
    for card in distinct:
        runs = runs_of.get(card)
        if runs is None:
            runs = runs_of[card] = _discard_runs(table, seat, card)
        moves.extend(runs[cards.count(card)])
    if table.advanced:
        value = table.negative_value
        negatives = value.keys() & distinct.keys()
        if len(negatives) >= 2 and len({value[c] for c in negatives}) >= 2:
            moves.extend(_discard(seat, row) for row in negative_rows(cards, table))
    return tuple(moves)


def _discard_runs(table: CardTable, seat: int, card: str) -> tuple[tuple[Move, ...], ...]:
    """The discards of ``card`` by ``seat`` when it holds 0, 1, 2, ... copies (any copies at once, advanced)."""
    held = range(table.cards.count(card) + 1)
    if table.category[card] is Category.LAZY_GIRL:
        return tuple(() for _ in held)
    if table.advanced:
        return tuple(tuple(_discard(seat, (card,) * n) for n in range(1, k + 1)) for k in held)
    return tuple((_discard(seat, (card,)),) if k else () for k in held)


def _lays(table: CardTable, seat: int, layable: tuple[str, ...]) -> tuple[Move, ...]:
    """The lay-down moves from the layable cards of a hand (they recur far more often than whole hands)."""
    key = (seat, layable)
    memo = table.lays.get(key)
    if memo is None:
        if len(table.lays) > _MEMO:
            table.lays.clear()
        memo = table.lays[key] = tuple(Lay(seat, c, v) for c, v in lay_options(layable, table))
    return memo


_DISCARD_CACHE: dict[tuple[int, tuple[str, ...]], Discard] = {}


def _discard(seat: int, cards: tuple[str, ...]) -> Discard:
    """A shared :class:`Discard` (most hands share their single-card discards)."""
    key = (seat, cards)
    move = _DISCARD_CACHE.get(key)
    if move is None:
        if len(_DISCARD_CACHE) > _MEMO:
            _DISCARD_CACHE.clear()
        move = _DISCARD_CACHE[key] = Discard(seat, cards)
    return move


def _plays(state: State, seat: int) -> list[Move]:
    """Every way to play an action card from the hand or a Village."""
    table = state.tableau.game.table
    out: list[Move] = []
    playable = table.playable.intersection(usable(state, seat))
    players = state.tableau.game.players
    for card in sorted(playable):
        moves = _fixed_plays(table, seat, card, players)
        out.extend(_card_plays(state, seat, card) if moves is None else moves)
    return out


def _fixed_plays(table: CardTable, seat: int, card: str, players: int) -> tuple[Move, ...] | None:
    """The moves of ``card`` if they depend on the seat alone, else ``None``; remembered in ``table.plays``.

    Position-dependent are Take back a card and the Hussar (on the laid cards) and the cards aimed
    at one opponent's hand.  For the latter, ladders are built into ``table.ladders``: for each
    opponent, the moves taking (or making discard) 1, 2, ... cards, cut by :func:`_card_plays`.
    """
    key = (seat, card)
    if key in table.plays:
        return table.plays[key]
    kind = table.category[card]
    others = _ORDERS[players][seat][1:]
    everyone = table.scope(card) is Scope.ALL
    fixed: tuple[Move, ...] | None = None
    if kind in (Category.VILLAGE, Category.DRAW_CARDS):
        fixed = (_play(seat, card),)
    elif kind in (Category.CRYSTAL_BALL, Category.LAY_PURPLE, Category.PASS_TWO):
        fixed = (_play(seat, card),) if everyone else tuple(_play(seat, card, t) for t in others)
    elif kind is Category.MAKE_DISCARD and everyone:
        fixed = tuple(_play(seat, card, None, k) for k in range(1, table.amount(card) + 1))
    elif kind is Category.MAKE_DISCARD or kind is Category.TAKE_TWO:
        amount = table.amount(card)
        table.ladders[key] = tuple(
            (t, tuple(_play(seat, card, t, k) for k in range(1, amount + 1))) for t in others
        )
    table.plays[key] = fixed
    return fixed


def _card_plays(state: State, seat: int, card: str) -> list[Move]:
    """The ways to play ``card`` when they depend on the position (after :func:`_fixed_plays` said so)."""
    table = state.tableau.game.table
    kind = table.category[card]
    if kind is Category.TAKE_BACK or kind is Category.HUSSAR:
        return _meld_plays(state, seat, card, kind)
    hands = state.hands
    if kind is Category.TAKE_TWO:
        # Taking stops at the 8-card hand limit (the played card leaves the hand first).
        hand = hands[seat]
        room = _LIMIT - len(hand) + (1 if card in hand else 0)
    else:
        room = _LIMIT
    out: list[Move] = []
    for target, ladder in table.ladders[seat, card]:
        out.extend(ladder[: max(1, min(len(ladder), len(hands[target]), room))])
    return out


def _meld_plays(state: State, seat: int, card: str, kind: Category) -> list[Move]:
    """Take back a card (any laid card, one move per distinct card of a meld) or the Hussar (on a -1 or -2)."""
    out: list[Move] = []
    melds = state.tableau.melds[seat]
    if kind is Category.TAKE_BACK:
        hand = state.hands[seat]
        if len(hand) - (1 if card in hand else 0) < _LIMIT:
            for m, meld in enumerate(melds):
                seen: set[str] = set()
                for p, laid in enumerate(meld.cards):
                    if laid not in seen:
                        seen.add(laid)
                        out.append(_play(seat, card, None, 0, m, p))
    else:
        for m, meld in enumerate(melds):
            if meld.kind is PURPLE and len(meld.cards) == 1 and meld.points[0] in (-1, -2):
                out.append(_play(seat, card, None, 0, m))
    return out


_PLAY_CACHE: dict[tuple[int, str, int | None, int, int, int], Play] = {}


def _play(
    seat: int, card: str, target: int | None = None, count: int = 0, meld: int = -1, position: int = -1
) -> Play:
    """A shared :class:`Play` (moves are immutable values, so equal ones may be one object)."""
    key = (seat, card, target, count, meld, position)
    move = _PLAY_CACHE.get(key)
    if move is None:
        if len(_PLAY_CACHE) > _MEMO:
            _PLAY_CACHE.clear()
        move = _PLAY_CACHE[key] = Play(seat, card, target, count, meld, position)
    return move


#: Pass and the matching discards of a window by (seat, the held cards matching the top), sorted.
_MATCH_CACHE: dict[tuple[int, tuple[str, ...]], tuple[Move, ...]] = {}


def _window(state: State, seat: int) -> tuple[Move, ...]:
    """Pass, the discards of cards matching the top of the pile, the additions to the seat's groups.

    On its own turn (by the option) the seat may use its Village cards too (ruling 15).
    """
    table = state.tableau.game.table
    hand = state.hands[seat]
    if state.board.villages[seat] and state.tableau.game.villages_in_window(seat, state.turn):
        hand = tuple(sorted(usable(state, seat)))
    if state.discard:
        matching = table.matching[state.discard[-1]]
        key = (seat, tuple(filter(matching.__contains__, hand)))  # sorted, as the hand is
        passes = _MATCH_CACHE.get(key)
        if passes is None:
            if len(_MATCH_CACHE) > _MEMO:
                _MATCH_CACHE.clear()
            passes = _MATCH_CACHE[key] = _match_discards(seat, key[1])
    else:
        passes = (_PASS[seat],)
    adds = state.tableau.group_adds(table)
    if adds is None or adds[seat].isdisjoint(hand):
        return passes  # no card of the hand may join one of the seat's groups: found without a loop
    moves = list(passes)
    for m, meld in enumerate(state.tableau.melds[seat]):
        kind = group_kind(meld, table)
        if kind is not None and kind in hand:
            moves.append(AddToGroup(seat, m, kind))
    return tuple(moves)


def _match_discards(seat: int, held: tuple[str, ...]) -> tuple[Move, ...]:
    """Pass, then every non-empty choice among the ``held`` matching cards, as :func:`_window` lists them."""
    matching = Counter(held)
    kinds = sorted(matching)
    moves: list[Move] = [_PASS[seat]]
    for counts in product(*[range(matching[k] + 1) for k in kinds]):
        cards = tuple(k for k, n in zip(kinds, counts, strict=True) for _ in range(n))
        if cards:
            moves.append(MatchDiscard(seat, cards))
    return tuple(moves)


def _react(state: State, seat: int, pending: React) -> tuple[Move, ...]:
    cat = state.tableau.game.table.category
    held = [cat[c] for c in state.hands[seat]]  # a list: Enum members hash in Python
    moves: list[Move] = []
    if Category.SHIELD in held:
        moves.append(Shield(seat))
    if Category.MIRROR in held and not pending.actor_turn:
        moves.append(Mirror(seat))
    moves.append(_PASS[seat])
    return tuple(moves)


#: Store and Swap moves, shared as the other moves: per seat, by card and by (village, card).
_STORES: tuple[dict[str, Store], ...] = tuple({} for _ in range(6))
_SWAPS: tuple[dict[tuple[int, str], Swap], ...] = tuple({} for _ in range(6))


def _refill(state: State, seat: int) -> tuple[Move, ...]:
    """Pass, a Store of each kind held on an empty Village, a Swap of each other kind for each Village card."""
    kinds = dict.fromkeys(state.hands[seat])  # the kinds in sorted order, as the hand is sorted
    slots = state.board.villages[seat]
    moves: list[Move] = [_PASS[seat]]
    if None in slots:
        moves.extend(_stores(seat, kinds))
    swaps = _SWAPS[seat]
    for v, held in enumerate(slots):
        if held is not None:
            for card in kinds:
                if card != held:
                    move = swaps.get((v, card))
                    if move is None:
                        if len(swaps) > _MEMO:
                            swaps.clear()
                        move = swaps[v, card] = Swap(seat, v, card)
                    moves.append(move)
    return tuple(moves)


def _stores(seat: int, kinds: Iterable[str]) -> list[Store]:
    """The shared :class:`Store` of each of ``kinds`` by ``seat``."""
    stores = _STORES[seat]
    out = []
    for card in kinds:
        move = stores.get(card)
        if move is None:
            if len(stores) > _MEMO:
                stores.clear()
            move = stores[card] = Store(seat, card)
        out.append(move)
    return out


# -- why a move is not legal ----------------------------------------------

_WANTED: dict[type[Pending | None], str] = {
    Main: "the turn's action (draw, lay down, discard or play an action card)",
    Window: "an extra action (discard matching cards, add to a group) or a pass",
    React: "a Shield, a Magic Mirror or a pass against the action",
    BonusChoice: "whether to draw a card after discarding three",
    FollowUp: "one more action card after the Crystal Ball, or a pass",
    Storing: "the card to lay face down on the Village",
    Refill: "a card for an empty Village, an exchange, or a pass",
    Giving: "the cards to give for Pass 2 cards",
}

_FITS: dict[type[Move], tuple[type, ...]] = {
    Draw: (Main,),
    Lay: (Main,),
    Discard: (Main,),
    Play: (Main, FollowUp),
    MatchDiscard: (Window,),
    AddToGroup: (Window,),
    Shield: (React,),
    Mirror: (React,),
    Store: (Storing, Refill),
    Swap: (Refill,),
    Give: (Giving,),
}


def _missing(have: Counter[str], cards: tuple[str, ...]) -> str | None:
    need = Counter(cards)
    for card, n in need.items():
        if have[card] < n:
            return card
    return None


def why_illegal(state: State, move: Move) -> str | None:
    """The rule ``move`` breaks, or ``None`` if it breaks none: decided kind of move by kind of move with
    the rules the generator uses (for an action card's plays, its own plays; for a row, the rows)."""
    pending = state.pending
    seat = move.seat
    wanted = _WANTED.get(type(pending), "another decision")
    fits = _FITS.get(type(move))
    if fits is not None and not isinstance(pending, fits):
        return f"{move} is not possible now: seat {seat} must choose {wanted}"
    table = state.tableau.game.table
    hand = Counter(state.hands[seat])
    usable_cards = hand + Counter(c for c in state.board.villages[seat] if c is not None)
    in_window = isinstance(pending, Window) and state.tableau.game.villages_in_window(seat, state.turn)
    own = usable_cards if isinstance(pending, (Main, FollowUp, Giving)) or in_window else hand
    cards: tuple[str, ...] = ()
    if isinstance(move, (Lay, Discard, MatchDiscard, Give)):
        cards = move.cards
    elif isinstance(move, (Play, Store, Swap, AddToGroup)):
        cards = (move.card,)
    unknown = [c for c in cards if c not in table.category]
    if unknown:
        return f"{unknown[0]!r} is not a card of this game"
    lacking = _missing(own, cards)
    if lacking is not None:
        if isinstance(pending, Window) and _missing(usable_cards, cards) is None:
            return _why_not_village(state, seat, lacking)
        return f"seat {seat} does not hold {lacking}"
    return _why_not(state, pending, move, own)


def _why_not(state: State, pending: Pending | None, move: Move, own: Counter[str]) -> str | None:
    """The rule ``move``, of the right kind for ``pending`` and of cards in ``own``, breaks, or ``None``."""
    table = state.tableau.game.table
    seat = move.seat
    if isinstance(move, Draw):
        if len(state.hands[seat]) >= _LIMIT:
            return "a player may hold at most 8 cards, so drawing needs fewer than 8 in hand"
        return None if state.draw else "the draw pile is empty"
    if isinstance(move, Pass):
        return _why_not_pass(state, pending, seat)
    if isinstance(move, BonusDraw):
        return None if isinstance(pending, BonusChoice) else f"{move} is not possible now"
    if isinstance(move, Lay):
        fault = lay_fault(move.cards, move.values, table)
        if fault is None and move not in _lays(
            table, seat, tuple(sorted(filter(table.lay_role.__contains__, own.elements())))
        ):
            return "lay the cards down in the order of their values"
        return fault
    if isinstance(move, Discard):
        return _why_not_discard(state, move, own)
    if isinstance(move, Play):
        return _why_not_play(state, move)
    if isinstance(move, MatchDiscard):
        matching = table.matching[state.discard[-1]] if state.discard else frozenset()
        if move.cards and all(c in matching for c in move.cards):
            return (
                None if list(move.cards) == sorted(move.cards) else "name the matching cards in sorted order"
            )
        return "only cards whose picture matches the card on top of the discard pile may be discarded out of turn"
    if isinstance(move, AddToGroup):
        melds = state.tableau.melds[seat]
        if 0 <= move.meld < len(melds) and group_kind(melds[move.meld], table) == move.card:
            return None
        return "only a card identical to the group's cards may be added to an own group (never to a row)"
    if isinstance(move, (Shield, Mirror)):
        return _why_not_react(state, pending, move)
    if isinstance(move, Store):
        if isinstance(pending, Refill) and None not in state.board.villages[seat]:
            return f"seat {seat} has no empty Village to lay a card on: exchange a card or pass"
        return None
    if isinstance(move, Swap):
        slots = state.board.villages[seat]
        if not 0 <= move.village < len(slots) or slots[move.village] is None:
            return f"seat {seat} has no card on Village {move.village} to exchange"
        if slots[move.village] == move.card:
            return f"Village {move.village} already holds {move.card}: exchange it for another card"
        return None
    if isinstance(move, Give):
        assert isinstance(pending, Giving)
        if len(move.cards) > pending.limit:
            return f"at most {counted(pending.limit, 'card')} may be given: no one may hold more than 8"
        return None if list(move.cards) == sorted(move.cards) else "name the cards given in sorted order"
    return f"{move} is not a legal move now"


def _why_not_pass(state: State, pending: Pending | None, seat: int) -> str | None:
    """Passing: allowed but in the turn's action (unless it has no other move), a Village to fill, a gift."""
    if isinstance(pending, Main):
        if _main(state, seat) == (_PASS[seat],):
            return None
        return "passing is not allowed: the turn's action must be one of draw, lay down or discard"
    if isinstance(pending, (Storing, Giving)):
        return f"passing is not possible now: seat {seat} must choose {_WANTED[type(pending)]}"
    return None


def _why_not_discard(state: State, move: Discard, own: Counter[str]) -> str | None:
    """The turn's discard: one card (starter), or copies of one card or a negative row (advanced)."""
    table = state.tableau.game.table
    if not move.cards:
        return (
            "discard one card, several identical cards, or a negative row of at least 3 with one substitute"
        )
    if any(table.category[c] is Category.LAZY_GIRL for c in move.cards):
        return (
            "the Lazy Girl cannot be discarded; it only leaves a hand when taken, passed or put on a Village"
        )
    if len(move.cards) == 1:
        return None
    if not state.tableau.game.advanced:
        return "the starter game discards exactly one card"
    if len(set(move.cards)) == 1:
        return None
    rows = negative_rows(sorted(own.elements()), table)
    if move.cards in rows:
        return None
    wanted_cards = sorted(move.cards)
    for row in rows:
        if sorted(row) == wanted_cards:
            # Ruling 36: the order decides the card on top of the discard pile.
            return (
                "a negative row goes down in its order, from the smallest loss to the largest "
                f"(a substitute in the place it stands for): {Discard(move.seat, row)}"
            )
    return "discard one card, several identical cards, or a negative row of at least 3 with one substitute"


def _why_not_play(state: State, move: Play) -> str | None:
    """An action card played as its rule allows (its own plays: target, count, laid card, the 8-card limit)."""
    table = state.tableau.game.table
    cat = table.category[move.card]
    if cat is Category.SHIELD or cat is Category.MIRROR:
        return f"{move.card} is a reaction: it is not played on your own turn"
    if cat not in _PLAYABLE or move.card not in table.playable:
        return f"{move.card} is not an action card"
    plays = _fixed_plays(table, move.seat, move.card, state.tableau.game.players)
    if plays is None:
        plays = tuple(_card_plays(state, move.seat, move.card))
    if move in plays:
        return None
    return f"{move} does not fit the card: wrong target, count or laid card, or the 8-card limit"


def _why_not_react(state: State, pending: Pending | None, move: Shield | Mirror) -> str | None:
    """A Shield or a Magic Mirror held against the action (a Mirror not against one on its actor's turn)."""
    cat = state.tableau.game.table.category
    wanted = Category.SHIELD if isinstance(move, Shield) else Category.MIRROR
    name = "Shield" if isinstance(move, Shield) else "Magic Mirror"
    if not any(cat[c] is wanted for c in state.hands[move.seat]):
        return f"seat {move.seat} holds no {name} to use now"
    if isinstance(move, Mirror) and isinstance(pending, React) and pending.actor_turn:
        return "a Magic Mirror does not answer an action played on its actor's own turn"
    return None


def _why_not_village(state: State, seat: int, card: str) -> str:
    """Why the card on ``seat``'s Village may not serve in this extra action (ruling 15)."""
    if state.tableau.game.village_extra_actions == "never":
        return (
            f"the {card} on seat {seat}'s Village cannot be used: extra actions use only the hand "
            "(village_extra_actions='never')"
        )
    return (
        f"the {card} on seat {seat}'s Village is usable only during seat {seat}'s own turn "
        '("During your turn you may use this card exactly as if it were in your hand"), '
        f"and this is seat {state.turn}'s turn"
    )


_PLAYABLE = frozenset(
    {
        Category.VILLAGE,
        Category.CRYSTAL_BALL,
        Category.DRAW_CARDS,
        Category.MAKE_DISCARD,
        Category.TAKE_TWO,
        Category.PASS_TWO,
        Category.LAY_PURPLE,
        Category.TAKE_BACK,
        Category.HUSSAR,
    }
)


def lay_fault(cards: tuple[str, ...], stands: tuple[int, ...], table: CardTable) -> str | None:
    """Why ``cards`` standing for ``stands`` may not be laid down, in the rulebook's words; ``None`` if they
    may (:func:`~._rules.is_combination`, which the lay-down moves also pass)."""
    if is_combination(cards, stands, table):
        return None
    cat = table.category
    if len(stands) != len(cards):
        return "each laid card needs the value it stands for"
    fault = pinko_fault(stands, sum(1 for c in cards if table.lay_role.get(c) is LayRole.JOKER))
    if fault is not None:
        return fault
    if any(cat[c] is Category.PALACE for c in cards) and len(set(stands)) == 1:
        return "the Palace can only be laid down as part of a row, after a +3 and a +4"
    if any(cat[c] in (Category.NEGATIVE, Category.LAZY_GIRL) for c in cards):
        return "purple cards are never laid down by choice: only positive cards make a combination"
    if len(cards) == 1:
        return "a single card may be laid down only if it is a +4"
    if len(set(stands)) == 1:
        return "a group needs two or more completely identical positive cards"
    return "a row needs at least 3 positive cards of consecutive values, one of each"
