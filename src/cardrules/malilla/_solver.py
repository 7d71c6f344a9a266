"""An exact double-dummy solver for the rest of a Malilla hand.

Every hand is open: the solver finds the points each side collects from here to the end of the
hand when all four seats play their best with every card in view, by alpha-beta search on the
game's own rules, with

- hands as card masks (an integer each, card ``c`` the bit ``1 << c``) and the trick in progress as
  integers (its leader, how many cards, the suit led, the card winning it and its seat, its points
  and its cards): a position builds no tuple or list, and compiled (mypyc) these are C integers;
- the rules on masks: the legal cards are :func:`~cardrules.malilla.legal_mask`'s (the rule
  :func:`~cardrules.malilla.legal_cards` is defined from), the card winning the trick is found
  with ``BEATERS`` (the cards above each one, from the ``POWER`` table that
  :func:`~cardrules.malilla.trick_winner` reads), the points with the cards' own;
- null-window searches (MTD(f), Plaat et al. 1996) for each legal move: "is the value at least
  b?" asked from a guess (the value of the move before), the step doubled while the answers agree,
  then halved between the bounds found, so a far guess costs a few cheap searches instead of one
  search a point;
- a transposition table at the start of each trick (the hands, the leader and the suits led
  whose non-trump 7 is still out: nothing else about the past matters to the rest of the hand),
  holding bounds and the best card found: a dictionary for each leader and suits led, keyed by
  where each card is (120 bits: whether it is in a hand, and whose, in two bits), the cards worth
  no points renamed by rank among those left (which 6-to-2 cards were played does not matter,
  only how many);
- bounds before search at the start of a trick: side 0 collects no more than the points left,
  and the side holding the highest trump left surely collects its trumps above all of the other
  side's (each wins the trick it falls in) and a trick for each (at least as many tricks as one of
  its hands holds of them), as DDS's quick tricks do in bridge;
- move ordering, from fixed rankings of the 40 cards (by trump and suit led) read off a mask into
  one integer of six bits a card: the table's best card first, then a suit's best card left, then
  the cheapest leads; winners cheapest first when an opponent holds the trick, points first when
  the partner does, the cheapest card otherwise;
- equivalent cards: cards of one suit in one hand with no card between them left in play
  (in a hand or on the trick) and the same points (only the 6 down to the 2 tie on points) play
  alike, so one of each run is searched, at the root too (a table by suit gives the runs' heads).

The value of a position is side 0's points to come: a trick is worth its cards' points and 1
(ruling 1); a side's points are what is left when the other side's are taken off.
"""

from __future__ import annotations

from typing import Final, final

from .._base import BaseState, check_state_of
from .._errors import PositionError
from ._cards import POINTS, SUIT_OF, Card
from ._moves import MOVES, Move
from ._rules import BEATERS, POWER, SUIT_BITS, legal_cards, legal_mask
from ._state import State

__all__ = ["Solver", "solve"]

#: The rules' tables, held here so that the compiled search reads them without a look-up by name.
_CARD_POINTS: Final[tuple[int, ...]] = POINTS
_SUIT: Final[tuple[int, ...]] = SUIT_OF
_BEATS: Final[tuple[int, ...]] = BEATERS
_SUITS: Final[tuple[int, ...]] = SUIT_BITS
#: ``_COUNT[bits]``: how many of a suit's ten cards ``bits`` holds.
_COUNT: Final[tuple[int, ...]] = tuple(bin(bits).count("1") for bits in range(1024))
#: ``_RUN_POINTS[bits]``: the points of a suit's cards in ``bits`` (the 7 as bit 0).
_RUN_POINTS: Final[tuple[int, ...]] = tuple(
    sum(POINTS[c] for c in range(10) if bits >> c & 1) for bits in range(1024)
)
#: The cards worth no points (the 6 down to the 2 of each suit), as a card mask.
_LOW: Final = sum(((1 << 5) - 1) << (10 * s + 5) for s in range(4))
#: The cards worth points (7 A K Q J of each suit), as a card mask.
_POINTED: Final = sum(((1 << 5) - 1) << (10 * s) for s in range(4))


def _packed(live: int, held: int) -> int:
    """``held`` (a subset of ``live``, both five bits for the 6 down to the 2 of a suit) renamed by
    rank among ``live``: the strongest card left becomes the 6, and so on down."""
    out = 0
    place = 0
    for bit in range(5):
        if live >> bit & 1:
            if held >> bit & 1:
                out |= 1 << place
            place += 1
    return out


#: ``_PACK[live * 32 + held]``: :func:`_packed`, for the transposition table's keys.
_PACK: Final[tuple[int, ...]] = tuple(_packed(live, held) for live in range(32) for held in range(32))


def _kept(live: int, legal: int) -> int:
    """The cards of ``legal`` (five bits for the 6 down to the 2 of a suit, a subset of ``live``)
    that head a run of equivalent cards: those whose nearest stronger card in play is not also in
    ``legal``."""
    out = 0
    above = -1  # the nearest stronger card in play seen so far
    for bit in range(5):
        if live >> bit & 1:
            if legal >> bit & 1 and not (above >= 0 and legal >> above & 1):
                out |= 1 << bit
            above = bit
    return out


#: ``_HEADS[live * 32 + legal]``: :func:`_kept`, a suit's 6-to-2 cards that stand for their run.
_HEADS: Final[tuple[int, ...]] = tuple(_kept(live, legal) for live in range(32) for legal in range(32))


def _ranking(key: list[int]) -> tuple[list[int], list[int]]:
    """The 40 cards ranked by ``key`` (ties in deck order): each card's place, and the card at each place."""
    at = sorted(range(40), key=lambda c: (key[c], c))
    place = [0] * 40
    for i, c in enumerate(at):
        place[c] = i
    return place, at


def _orders() -> list[list[int]]:
    """The orders cards are tried in, each as 40 keys (see :data:`_PLACE`)."""
    orders: list[list[int]] = []
    for trump in range(4):  # leads other than a suit's best card: cheapest first, side suits first
        orders.append([POINTS[c] * 16 + (8 if SUIT_OF[c] == trump else 0) + 9 - c % 10 for c in range(40)])
    for trump in range(4):  # a suit's best card left: the most points first, trumps first
        orders.append([-POINTS[c] * 4 - (1 if SUIT_OF[c] == trump else 0) for c in range(40)])
    for trump in range(4):  # an opponent holds the trick, cards that beat it: cheapest first
        for suit in range(4):
            orders.append([POWER[trump][suit][c] + 2 * POINTS[c] for c in range(40)])
    for trump in range(4):  # an opponent holds the trick, cards that do not: fewest points first
        for suit in range(4):
            orders.append([POINTS[c] * 64 + POWER[trump][suit][c] for c in range(40)])
    for trump in range(4):  # the partner holds the trick: most points first, then the weakest
        for suit in range(4):
            orders.append([-POINTS[c] * 64 + POWER[trump][suit][c] for c in range(40)])
    return orders


_RANKINGS: Final = [_ranking(order) for order in _orders()]
#: ``_PLACE[order * 40 + card]``: the card's place in the order; ``_AT[order * 40 + place]``: the
#: card at that place.  Orders: ``trump`` (leads), ``4 + trump`` (a suit's best card led),
#: ``8 + (trump << 2 | suit)``, ``24 + ...`` (an opponent holds the trick: cards that beat it, the
#: others) and ``40 + ...`` (the partner holds it).
_PLACE: Final[tuple[int, ...]] = tuple(p for place, _ in _RANKINGS for p in place)
_AT: Final[tuple[int, ...]] = tuple(c for _, at in _RANKINGS for c in at)


def solve(state: State) -> dict[Move, int]:
    """The points the mover's side collects from now to the end of the hand after each legal move,
    every seat playing its best with every card in view.

    The keys are the moves the rules allow (in ``legal_moves()`` order; with
    ``irregularities="lose_game"`` a foul, which loses the match, is left out).  The points count
    the trick in progress: its cards and 1 for the trick (ruling 1).  Raises
    :class:`~cardrules.PositionError` for a finished match or another game's state.
    """
    return Solver(state).values()


@final
class Solver:
    """The search of one hand from ``state``; :meth:`values` solves each legal move.

    A solver keeps its transposition table, so asking it again costs little; a new state needs a
    new solver.
    """

    def __init__(self, state: State) -> None:
        if not isinstance(state, BaseState) or state.game_name != "malilla" or not isinstance(state, State):
            name = getattr(state, "game_name", None) or type(state).__name__
            raise PositionError(f"malilla solver: needs a Malilla State, got a state of {name}")
        check_state_of("malilla", "solver: state", state)  # one built by hand is checked first
        if state.outcome is not None:
            raise PositionError(
                f"malilla solver: the match is over ({state.outcome.reason}); nothing to solve"
            )
        self.state: Final = state
        self.trump: Final = SUIT_OF[state.board.trump]
        self.void_must_beat: Final = state.game.must_beat == "any_card"
        hands = state.hands
        self.h0: Final = _mask(hands[0])
        self.h1: Final = _mask(hands[1])
        self.h2: Final = _mask(hands[2])
        self.h3: Final = _mask(hands[3])
        #: The transposition table, one dictionary for each leader and set of suits led that
        #: matters (``leader << 4 | led``), keyed by the hands (:func:`_key`).
        self.tables: Final[list[dict[int, int]]] = [{} for _ in range(64)]
        #: Positions searched, for benchmarks.
        self.nodes = 0
        led = 0
        for done in state.tricks:
            led |= 1 << SUIT_OF[done.cards[0]]
        trick = state.trick
        suit, win, wseat, points, cards = -1, -1, -1, 0, 0
        if trick:
            suit = SUIT_OF[trick[0]]
            led |= 1 << suit
            win, wseat = trick[0], state.leader
            for i, card in enumerate(trick):
                points += POINTS[card]
                cards |= 1 << card
                if i and 1 << card & BEATERS[(self.trump << 2 | suit) * 40 + win]:
                    win, wseat = card, (state.leader + i) % 4
        self.led: Final = led
        self.suit: Final = suit
        self.win: Final = win
        self.wseat: Final = wseat
        self.trick_points: Final = points
        self.trick_cards: Final = cards
        #: The points still to be collected in the hand: its cards left, and 1 a trick.
        self.total: Final = _points_left(hands, trick)

    def values(self) -> dict[Move, int]:
        """The exact points of each legal move for the mover's side (see :func:`solve`)."""
        state = self.state
        trick = state.trick
        mover = (state.leader + len(trick)) % 4
        total = self.total
        cards = legal_cards(state.hands[mover], trick, self.trump, (), self.void_must_beat, self.led)
        live = self.h0 | self.h1 | self.h2 | self.h3 | self.trick_cards
        heads = _heads(sum(1 << c for c in cards), live)
        found: dict[int, int] = {}
        guess = -1
        out: dict[Move, int] = {}
        for card in cards:
            head: int = card
            while not heads >> head & 1:  # an equivalent card: worth what the stronger one is
                head -= 1
            if head not in found:
                guess = self._exact(card, mover, total, guess)
                found[head] = guess
            value = found[head]
            out[MOVES[mover][card]] = value if mover % 2 == 0 else total - value
        return out

    def value(self) -> int:
        """The exact points the mover's side collects from now to the end of the hand, every seat
        playing its best: the largest of :meth:`values`, for the cost of one search."""
        state = self.state
        value = self._exact(-1, 0, self.total, -1)
        return value if (state.leader + len(state.trick)) % 2 == 0 else self.total - value

    def _exact(self, card: int, mover: int, total: int, guess: int) -> int:
        """Side 0's points to come after ``mover`` plays ``card`` (-1: from the position itself), by
        null-window searches (MTD(f), Plaat et al. 1996) from ``guess`` (-1: none) between the bounds
        0 and ``total``."""
        low, high = 0, total
        test = guess if 0 <= guess <= total else total // 2
        step = 0  # the last step: doubled while the searches fail the same way, until both have
        bracket = 0  # failed (bit 1: high, bit 2: low), then halved
        n = len(self.state.trick)
        while low < high:
            beta = max(low + 1, min(test, high))  # is the value at least beta?
            if card < 0:
                value = self._search(self.h0, self.h1, self.h2, self.h3, self.state.leader, n, self.suit,
                                     self.win, self.wseat, self.trick_points, self.trick_cards, self.led,
                                     beta - 1, beta)  # fmt: skip
            else:
                value = self._play(self.h0, self.h1, self.h2, self.h3, self.state.leader, n, self.suit,
                                   self.win, self.wseat, self.trick_points, self.trick_cards, self.led,
                                   mover, card, beta - 1, beta)  # fmt: skip
            if value >= beta:
                low = value
                bracket |= 1
                step = step * 2 if step > 0 else 1
                test = low + step
            else:
                high = value
                bracket |= 2
                step = step * 2 if step < 0 else -1
                test = high + step + 1
            if bracket == 3:
                test = (low + high + 1) // 2
        return low

    def _play(self, h0: int, h1: int, h2: int, h3: int, leader: int, n: int, suit: int, win: int,
              wseat: int, points: int, cards: int, led: int, mover: int, card: int, alpha: int,
              beta: int) -> int:  # fmt: skip
        """Side 0's points to come once ``mover`` plays ``card`` onto the trick of ``n`` cards led by
        ``leader`` in ``suit`` (``win`` winning it, played by ``wseat``; ``points`` and ``cards``
        its cards' points and mask), searched in (``alpha``, ``beta``)."""
        bit = 1 << card
        if mover == 0:
            h0 ^= bit
        elif mover == 1:
            h1 ^= bit
        elif mover == 2:
            h2 ^= bit
        else:
            h3 ^= bit
        points += _CARD_POINTS[card]
        if n == 0:
            suit = _SUIT[card]
            return self._search(h0, h1, h2, h3, leader, 1, suit, card, mover, points, bit, led | 1 << suit,
                                alpha, beta)  # fmt: skip
        if bit & _BEATS[(self.trump << 2 | suit) * 40 + win]:
            win, wseat = card, mover
        if n < 3:
            return self._search(h0, h1, h2, h3, leader, n + 1, suit, win, wseat, points, cards | bit, led,
                                alpha, beta)  # fmt: skip
        if wseat & 1:
            return self._search(h0, h1, h2, h3, wseat, 0, -1, -1, -1, 0, 0, led, alpha, beta)
        gain = points + 1
        return gain + self._search(h0, h1, h2, h3, wseat, 0, -1, -1, -1, 0, 0, led, alpha - gain, beta - gain)

    def _search(self, h0: int, h1: int, h2: int, h3: int, leader: int, n: int, suit: int, win: int,
                wseat: int, points: int, cards: int, led: int, alpha: int, beta: int) -> int:  # fmt: skip
        """Side 0's points to come, fail-soft alpha-beta in (``alpha``, ``beta``), from the trick of
        ``n`` cards described as for :meth:`_play`."""
        self.nodes += 1
        mover = (leader + n) & 3
        hand = h0 if mover == 0 else h1 if mover == 1 else h2 if mover == 2 else h3
        if not hand:
            return 0
        trump = self.trump
        slot = key = low = high = 0
        if n == 0:
            if not hand & (hand - 1):  # the last trick: each seat plays its card
                return _last_trick(h0, h1, h2, h3, leader, trump)
            held = h0 | h1 | h2 | h3
            low, high = 0, _points_of(held) + _count(hand)  # side 0 cannot collect more than is left
            sure = _sure(h0, h1, h2, h3, trump)
            if sure > 0:
                low = sure
            else:
                high += sure
            if low >= beta:
                return low
            if high <= alpha:
                return high
            # The 7 rule looks at the suits led only while a non-trump 7 is still in a hand.
            sevens = 0
            for s in range(4):
                if held >> (10 * s) & 1 and s != trump:
                    sevens |= 1 << s
            slot = leader << 4 | led & sevens
            key = _key(h1, h2, h3, held)
            first = -1
            entry = self.tables[slot].get(key)
            if entry is not None:
                low = max(low, entry & 255)
                high = min(high, entry >> 8 & 255)
                first = (entry >> 16) - 1
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            # Lead a suit's best card left first, then the cheapest cards; the table's card before all.
            kept = _heads(hand, held)
            tops = 0
            for s in range(4):
                left = held & _SUITS[s]
                tops |= left & -left
            tops &= kept
            if first >= 0 and kept >> first & 1:
                kept ^= 1 << first
                tops &= ~(1 << first)
            else:
                first = -1
            order = _push(_push(0, kept & ~tops, trump), tops, 4 + trump)
            if first >= 0:
                order = order << 6 | (first + 1)
        else:
            legal = legal_mask(hand, suit, win, (mover ^ wseat) & 1 == 1, trump, led, self.void_must_beat)
            kept = _heads(legal, h0 | h1 | h2 | h3 | cards)
            context = trump << 2 | suit
            if (mover ^ wseat) & 1:  # an opponent holds the trick: its winners first, cheapest first
                beat = kept & _BEATS[context * 40 + win]
                order = _push(_push(0, kept & ~beat, 24 + context), beat, 8 + context)
            else:
                order = _push(0, kept, 40 + context)
        alpha0, beta0 = alpha, beta
        maximise = mover & 1 == 0
        best = -1 if maximise else 1000
        chosen = -1
        while order:
            card = (order & 63) - 1
            order >>= 6
            value = self._play(h0, h1, h2, h3, leader, n, suit, win, wseat, points, cards, led, mover, card,
                               alpha, beta)  # fmt: skip
            if maximise:
                if value > best:
                    best, chosen = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, chosen = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if n == 0:
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.tables[slot][key] = low | high << 8 | (chosen + 1) << 16
        return best

    def _sure(self) -> int:
        """:func:`_sure` of the state's hands."""
        return _sure(self.h0, self.h1, self.h2, self.h3, self.trump)


def _sure(h0: int, h1: int, h2: int, h3: int, trump: int) -> int:
    """Points a side collects whatever is played, positive for side 0 and negative for side 1:
    the side holding the highest trump left wins every trick its trumps above all of the other
    side's fall in, with their points and 1 for each trick (at least as many tricks as one of
    its hands holds of them)."""
    shift = 10 * trump
    live = ((h0 | h1 | h2 | h3) >> shift) & 1023  # the trumps in the hands, the 7 as bit 0
    if not live:
        return 0
    ours = ((h0 | h2) >> shift) & 1023
    if ours & live & -live:  # side 0 holds the highest trump
        run = live & ~ours
        run = live & ((run & -run) - 1) if run else live  # its trumps above all of side 1's
        return _RUN_POINTS[run] + max(_COUNT[run & (h0 >> shift)], _COUNT[run & (h2 >> shift)])
    run = live & ((ours & -ours) - 1) if ours else live
    return -_RUN_POINTS[run] - max(_COUNT[run & (h1 >> shift)], _COUNT[run & (h3 >> shift)])


def _last_trick(h0: int, h1: int, h2: int, h3: int, leader: int, trump: int) -> int:
    """Side 0's points from the last trick, each hand holding one card."""
    hands = (h0, h1, h2, h3)
    win = hands[leader].bit_length() - 1
    suit = _SUIT[win]
    wseat = leader
    points = 1 + _CARD_POINTS[win]
    base = (trump << 2 | suit) * 40
    for i in range(1, 4):
        seat = (leader + i) & 3
        card = hands[seat].bit_length() - 1
        points += _CARD_POINTS[card]
        if 1 << card & _BEATS[base + win]:
            win, wseat = card, seat
    return 0 if wseat & 1 else points


def _heads(legal: int, live: int) -> int:
    """``legal`` less the cards equivalent to a stronger one of it: cards of one suit with no card
    between them left in play (``live``) and the same points (only the 6 down to the 2 tie)."""
    out = legal & _POINTED
    for s in range(4):
        shift = 10 * s + 5
        low = (legal >> shift) & 31
        if low:
            out |= _HEADS[((live >> shift) & 31) << 5 | low] << shift
    return out


def _push(order: int, cards: int, ranking: int) -> int:
    """``order`` (cards plus one, six bits each, the next to try lowest) with ``cards`` put before
    it, in ranking ``ranking`` of :data:`_PLACE`."""
    if not cards & (cards - 1):  # one card, or none
        return order << 6 | cards.bit_length() if cards else order
    base = ranking * 40
    places = 0
    while cards:
        low = cards & -cards
        places |= 1 << _PLACE[base + low.bit_length() - 1]
        cards ^= low
    while places:
        top = places.bit_length() - 1
        order = order << 6 | (_AT[base + top] + 1)
        places ^= 1 << top
    return order


def _key(h1: int, h2: int, h3: int, held: int) -> int:
    """The transposition table's key for the hands: every card by where it is, in a hand or not
    (``held``) and which seat, in two bits (seats 1 and 3, seats 2 and 3), with the cards worth no
    points renamed by rank among those left in their suit (which 6-to-2 cards were played does not
    matter, only how many): 120 bits in one integer."""
    odd = h1 | h3
    far = h2 | h3
    for s in range(4):
        shift = 10 * s + 5
        live = (held >> shift) & 31
        if live & (live + 1):  # a 6-to-2 card above one left was played: rename
            keep = ~(31 << shift)
            base = live << 5
            held = held & keep | _PACK[base | live] << shift
            odd = odd & keep | _PACK[base | (odd >> shift) & 31] << shift
            far = far & keep | _PACK[base | (far >> shift) & 31] << shift
    low = (odd & 0x3FFFFF) << 40 | held  # under 2**62, as is the rest: two operations on a long integer
    return (far << 18 | odd >> 22) << 62 | low


def _points_of(cards: int) -> int:
    """The points of the cards of a card mask."""
    return (
        _RUN_POINTS[cards & 1023]
        + _RUN_POINTS[(cards >> 10) & 1023]
        + _RUN_POINTS[(cards >> 20) & 1023]
        + _RUN_POINTS[(cards >> 30) & 1023]
    )


def _count(cards: int) -> int:
    """How many cards a card mask holds."""
    return (
        _COUNT[cards & 1023]
        + _COUNT[(cards >> 10) & 1023]
        + _COUNT[(cards >> 20) & 1023]
        + _COUNT[cards >> 30]
    )


def _mask(cards: tuple[Card, ...]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


def _points_left(hands: tuple[tuple[Card, ...], ...], trick: tuple[Card, ...]) -> int:
    """The points still to be collected: every card in a hand or on the trick, and 1 per trick."""
    points = sum(POINTS[c] for c in trick)
    cards = len(trick)
    for hand in hands:
        points += sum(POINTS[c] for c in hand)
        cards += len(hand)
    return points + cards // 4
