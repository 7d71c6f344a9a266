"""An exact double-dummy solver for the rest of a Malilla hand.

Every hand is open: the solver finds the points each side collects from here to the end of the
hand when all four seats play their best with every card in view, by alpha-beta search on the
game's own rules (:func:`~cardrules.malilla.legal_cards`, :func:`~cardrules.malilla.trick_winner`
and the cards' points), with

- null-window searches (MTD(f), Plaat et al. 1996) for each legal move: "is the value at least
  b?" asked from a guess (the value of the move before), the step doubled while the answers agree,
  then halved between the bounds found, so a far guess costs a few cheap searches instead of one
  search a point;
- a transposition table at the start of each trick (the hands, the leader and the suits led
  whose non-trump 7 is still out: nothing else about the past matters to the rest of the hand),
  holding bounds and the best card found, keyed by one integer;
- bounds before search at the start of a trick: side 0 collects no more than the points left,
  and the side holding the highest trump left surely collects its trumps above all of the other
  side's (each wins the trick it falls in) and a trick for each (at least as many tricks as one of
  its hands holds of them), as DDS's quick tricks do in bridge;
- move ordering: the table's best card first, then winners cheapest first when an opponent
  holds the trick, points first when the partner does, the cheapest card otherwise;
- equivalent cards: cards of one suit in one hand with no card between them left in play
  (in a hand or on the trick) and the same points (only the 6 down to the 2 tie on points) play
  alike, so one of each run is searched, at the root too.

The value of a position is side 0's points to come: a trick is worth its cards' points and 1
(ruling 1); a side's points are what is left when the other side's are taken off.
"""

from __future__ import annotations

from typing import Final, final

from .._base import BaseState
from .._errors import PositionError
from ._cards import POINTS, SUIT_OF, Card
from ._moves import MOVES, Move
from ._rules import POWER, legal_cards, trick_winner
from ._state import State

__all__ = ["Solver", "solve"]

#: ``_SEVEN_BITS[suit]``: the suit's 7 as a bit of a card mask.
_SEVEN_BITS: Final = tuple(1 << c for c in range(0, 40, 10))
#: ``_COUNT[bits]``: how many of a suit's ten cards ``bits`` holds.
_COUNT: Final = tuple(bin(bits).count("1") for bits in range(1024))
#: ``_RUN_POINTS[bits]``: the points of a suit's cards in ``bits`` (the 7 as bit 0).
_RUN_POINTS: Final = tuple(sum(POINTS[c] for c in range(10) if bits >> c & 1) for bits in range(1024))
#: The cards worth points (7 A K Q J of each suit), as bits of a card mask.
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
_PACK: Final = tuple(_packed(live, held) for live in range(32) for held in range(32))


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
        if state.outcome is not None:
            raise PositionError(
                f"malilla solver: the match is over ({state.outcome.reason}); nothing to solve"
            )
        self.state: Final = state
        self.trump: Final = SUIT_OF[state.trump]
        self.void_must_beat: Final = state.game.must_beat == "any_card"
        self.hands: list[tuple[Card, ...]] = list(state.hands)
        self.masks: list[int] = [_mask(hand) for hand in state.hands]
        self.held = self.masks[0] | self.masks[1] | self.masks[2] | self.masks[3]  # the cards in the hands
        self.points = sum(POINTS[c] for hand in state.hands for c in hand)  # the points in the hands
        self.table: dict[int, tuple[int, int, int]] = {}
        #: Positions searched, for benchmarks.
        self.nodes = 0
        led = 0
        for done in state.tricks:
            led |= 1 << SUIT_OF[done.cards[0]]
        if state.trick:
            led |= 1 << SUIT_OF[state.trick[0]]
        self.led = led

    def values(self) -> dict[Move, int]:
        """The exact points of each legal move for the mover's side (see :func:`solve`)."""
        state = self.state
        trick = state.trick
        leader = state.leader
        mover = (leader + len(trick)) % 4
        total = _points_left(self.hands, trick)
        cards = legal_cards(self.hands[mover], trick, self.trump, (), self.void_must_beat, self.led)
        live = self.held
        for card in trick:
            live |= 1 << card
        out: dict[Move, int] = {}
        guess = -1
        last = -1
        for card in cards:
            if not (last >= 0 and _equivalent(last, card, live)):  # else worth what last is
                guess = self._exact(leader, trick, card, mover, total, guess)
                last = card
            out[MOVES[mover][card]] = guess if mover % 2 == 0 else total - guess
        return out

    def _exact(
        self, leader: int, trick: tuple[Card, ...], card: Card, mover: int, total: int, guess: int
    ) -> int:
        """Side 0's points to come after ``card``, by null-window searches (MTD(f), Plaat et al. 1996)
        from ``guess`` (-1: none) between the bounds 0 and ``total``."""
        low, high = 0, total
        test = guess if 0 <= guess <= total else total // 2
        step = 0  # the last step: doubled while the searches fail the same way, until both have
        bracket = 0  # failed (bit 1: high, bit 2: low), then halved
        while low < high:
            beta = max(low + 1, min(test, high))  # is the value at least beta?
            value = self._after(leader, trick, card, mover, self.led, beta - 1, beta)
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

    def _after(self, leader: int, trick: tuple[Card, ...], card: Card, mover: int, led: int,
               alpha: int, beta: int) -> int:  # fmt: skip
        """Side 0's points to come once ``mover`` plays ``card`` onto ``trick``, searched in
        (``alpha``, ``beta``)."""
        hand = self.hands[mover]
        i = hand.index(card)
        self.hands[mover] = hand[:i] + hand[i + 1 :]
        c: int = card
        bit = 1 << c
        points = POINTS[c]
        self.held ^= bit
        self.masks[mover] ^= bit
        self.points -= points
        if not trick:
            led |= 1 << SUIT_OF[c]
        played = (*trick, card)
        if len(played) < 4:
            value = self._search(leader, played, led, alpha, beta)
        else:
            winner = (leader + trick_winner(played, self.trump)) % 4
            if winner % 2:
                value = self._search(winner, (), led, alpha, beta)
            else:
                gain = 1 + points
                for other in trick:
                    gain += POINTS[other]
                value = gain + self._search(winner, (), led, alpha - gain, beta - gain)
        self.hands[mover] = hand
        self.held ^= bit
        self.masks[mover] ^= bit
        self.points += points
        return value

    def _search(self, leader: int, trick: tuple[Card, ...], led: int, alpha: int, beta: int) -> int:
        """Side 0's points to come, fail-soft alpha-beta in (``alpha``, ``beta``)."""
        self.nodes += 1
        hands = self.hands
        mover = (leader + len(trick)) % 4
        hand = hands[mover]
        if not hand:
            return 0
        if not trick and len(hand) == 1:  # the last trick: each seat plays its card
            last = (hands[leader][0], hands[(leader + 1) % 4][0], hands[(leader + 2) % 4][0],
                    hands[(leader + 3) % 4][0])  # fmt: skip
            if (leader + trick_winner(last, self.trump)) % 2:
                return 0
            return 1 + POINTS[last[0]] + POINTS[last[1]] + POINTS[last[2]] + POINTS[last[3]]
        key = 0
        best_card = -1
        low, high = 0, self.points + len(hand)  # bounds: side 0 cannot collect more than is left
        if not trick:
            sure = self._sure()
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
            for suit in range(4):
                if suit != self.trump and self.held & _SEVEN_BITS[suit]:
                    sevens |= 1 << suit
            key = self._key(leader, led & sevens)
            entry = self.table.get(key)
            if entry is not None:
                low = max(low, entry[0])
                high = min(high, entry[1])
                best_card = entry[2]
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        alpha0, beta0 = alpha, beta
        cards = self._ordered(legal_cards(hand, trick, self.trump, (), self.void_must_beat, led), trick,
                              mover, best_card)  # fmt: skip
        maximise = mover % 2 == 0
        best = -1 if maximise else 1000
        chosen = -1
        for card in cards:
            value = self._after(leader, trick, card, mover, led, alpha, beta)
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
        if not trick:
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high, chosen)
        return best

    def _sure(self) -> int:
        """Points a side collects whatever is played, positive for side 0 and negative for side 1:
        the side holding the highest trump left wins every trick its trumps above all of the other
        side's fall in, with their points and 1 for each trick (at least as many tricks as one of
        its hands holds of them)."""
        shift = 10 * self.trump
        live = (self.held >> shift) & 1023  # the trumps in the hands, the 7 as bit 0
        if not live:
            return 0
        masks = self.masks
        ours = ((masks[0] | masks[2]) >> shift) & 1023
        side = 0 if ours & live & -live else 1
        theirs = live & ~ours if side == 0 else ours
        run = live & ((theirs & -theirs) - 1) if theirs else live  # the side's trumps above theirs
        first = _COUNT[run & (masks[side] >> shift)]
        second = _COUNT[run & (masks[side + 2] >> shift)]
        sure = _RUN_POINTS[run] + max(first, second)
        return -sure if side == 1 else sure

    def _key(self, leader: int, led: int) -> int:
        """The transposition table's key: each hand with its cards worth no points renamed by rank
        among those left in their suit (which 6-to-2 cards were played does not matter, only how
        many), the leader and the suits led that matter, in one integer."""
        held = self.held
        masks = self.masks
        key = led << 2 | leader
        for seat in range(4):
            mask = masks[seat]
            out = mask & _POINTED
            for s in range(4):
                shift = 10 * s + 5
                out |= _PACK[((held >> shift) & 31) << 5 | ((mask >> shift) & 31)] << shift
            key = key << 40 | out
        return key

    def _ordered(
        self, cards: tuple[Card, ...], trick: tuple[Card, ...], mover: int, first: int
    ) -> list[Card]:
        """``cards`` less all but one of each run of equivalent cards, the likeliest best first."""
        live = self.held
        for card in trick:
            live |= 1 << card
        kept: list[Card] = []
        last = -1
        for card in cards:  # in deck order: a suit's cards from the strongest down
            if last >= 0 and _equivalent(last, card, live):
                continue
            kept.append(card)
            last = card
        if len(kept) < 2:
            return kept
        trump = self.trump
        keys: list[int] = []  # each card's sort key times 64 plus its place in kept
        if not trick:
            # Lead a suit's best card left first, then the cheapest cards.
            for i, card in enumerate(kept):
                keys.append((-10_000 if card == first else _lead_key(card, live, trump)) * 64 + i)
        else:
            power = POWER[trump][SUIT_OF[trick[0]]]
            at = trick_winner(trick, trump)
            top = power[trick[at]]
            partner = (len(trick) - at) % 2 == 0
            for i, card in enumerate(kept):
                c = card
                strength = power[c]
                if c == first:
                    key = -10_000
                elif partner:
                    key = -POINTS[c] * 64 + (strength if strength > top else 0)
                elif strength > top:
                    key = -1000 + strength + POINTS[c] * 2
                else:
                    key = POINTS[c] * 64 + strength
                keys.append(key * 64 + i)
        keys.sort()
        return [kept[key & 63] for key in keys]


def _equivalent(card: int, weaker: int, live: int) -> bool:
    """Whether ``weaker`` plays as ``card`` does: the same suit and points, and no card between
    them left in play (``live``)."""
    return (
        SUIT_OF[card] == SUIT_OF[weaker]
        and POINTS[card] == POINTS[weaker]
        and live & ((1 << weaker) - (1 << (card + 1))) == 0
    )


def _lead_key(card: int, live: int, trump: int) -> int:
    """Leads in order: a suit's strongest card left (its points first), then the cheapest."""
    suit = SUIT_OF[card]
    stronger = live & (((1 << 10) - 1) << (10 * suit)) & ((1 << card) - 1)
    if not stronger:
        return -100 - POINTS[card] * 4 - (1 if suit == trump else 0)
    return POINTS[card] * 16 + (8 if suit == trump else 0) + (9 - card % 10)


def _mask(cards: tuple[Card, ...]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


def _points_left(hands: list[tuple[Card, ...]], trick: tuple[Card, ...]) -> int:
    """The points still to be collected: every card in a hand or on the trick, and 1 per trick."""
    points = sum(POINTS[c] for c in trick)
    cards = len(trick)
    for hand in hands:
        points += sum(POINTS[c] for c in hand)
        cards += len(hand)
    return points + cards // 4
