"""A Malilla player that follows the obvious tactics of the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ._cards import POINTS, SUIT_OF, Card
from ._moves import Move
from ._rules import POWER
from ._view import View

__all__ = ["HeuristicPlayer"]

#: ``_SUIT_BITS[s]``: the ten cards of suit ``s`` as bits of a card mask.
_SUIT_BITS = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
#: ``_STRONGER[c]``: the cards of ``c``'s suit that outrank it, as bits.
_STRONGER = tuple((1 << c) - (1 << (10 * SUIT_OF[c])) for c in range(40))


class HeuristicPlayer:
    """Plays the way a sensible person would.

    - Leading: cash a card that is sure to win its trick (every stronger card
      of its suit is played or in hand, and, for a side suit, neither opponent
      can hold a trump by what its play has shown: voids and must-beat
      included); otherwise draw trumps when holding as many as the opponents
      may hold between them and a side-suit card that drawing them makes a
      sure winner; otherwise lead the cheapest card of the longest side suit,
      keeping trumps and points back.
    - Partner holds the trick and nobody can spoil it (the seat plays last or
      the partner's card is sure to win): give it points, but not a card that
      is sure to win a trick of its own (the trump 7 above all).
    - Otherwise win as cheaply as possible when possible, and when not, throw
      the card worth least: never a point card onto a lost trick when a
      pointless card is legal.

    It is also the play-out policy of IS-MCTS with ``rollout="heuristic"``,
    so it keeps to bit masks and tables.
    """

    def __init__(self, seed: int = 0, game: object = None) -> None:
        del seed, game  # the same arguments as every game's heuristic player; this one needs neither

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        trump = SUIT_OF[view.trump]
        seat = view.seat
        seen = 0  # every card this seat has seen: its hand and the cards played this hand
        for card in view.hand:
            seen |= 1 << card
        for done in view.tricks:
            for card in done.cards:
                seen |= 1 << card
        for card in view.trick:
            seen |= 1 << card
        trump_bits = _SUIT_BITS[trump]
        unseen_trumps = trump_bits & ~seen
        ruffers: list[int] = []  # the opponents that may hold an unseen trump, worked out when asked

        def ruffing(opponents: Sequence[int]) -> bool:
            """Whether one of ``opponents`` may hold a trump this seat has not seen."""
            if not unseen_trumps:
                return False
            if not ruffers:
                absent = view.cannot_hold
                for other in (1, 3):
                    opponent = (seat + other) % 4
                    ruled_out = 0
                    for card in absent[opponent]:
                        ruled_out |= 1 << card
                    if unseen_trumps & ~ruled_out:
                        ruffers.append(opponent)
                ruffers.append(-1)  # worked out
            return any(o in ruffers for o in opponents)

        def top_of_suit(card: Card) -> bool:
            stronger = _STRONGER[card]
            return seen & stronger == stronger

        def sure_winner(card: Card, opponents: Sequence[int] = ((seat + 1) % 4, (seat + 3) % 4)) -> bool:
            """Every stronger card of its suit is seen, and no opponent can trump it."""
            return top_of_suit(card) and (SUIT_OF[card] == trump or not ruffing(opponents))

        def cost(card: Card) -> tuple[int, bool, int]:
            return (POINTS[card], SUIT_OF[card] == trump, -(card % 10))

        cards = [m.card for m in legal_moves]
        trick = view.trick
        if not trick:
            winners = [c for c in cards if sure_winner(c)]
            if winners:
                return _move(legal_moves, max(winners, key=lambda c: (POINTS[c], SUIT_OF[c] != trump)))
            mine = [c for c in cards if SUIT_OF[c] == trump]
            if mine and ruffing(((seat + 1) % 4, (seat + 3) % 4)):
                out = bin(unseen_trumps).count("1")
                later = [c for c in cards if SUIT_OF[c] != trump and top_of_suit(c) and POINTS[c]]
                if later and len(mine) >= out:
                    return _move(legal_moves, min(mine, key=cost))  # draw the trumps that guard them
            side = [c for c in cards if SUIT_OF[c] != trump] or cards
            length = [0, 0, 0, 0]
            for card in view.hand:
                length[SUIT_OF[card]] += 1
            return _move(legal_moves, min(side, key=lambda c: (POINTS[c], -length[SUIT_OF[c]], -(c % 10))))

        power = POWER[trump][SUIT_OF[trick[0]]]
        at = max(range(len(trick)), key=lambda i: (power[trick[i]], -i))  # the first of the strongest
        best = trick[at]
        partner_holds = (len(trick) - at) % 2 == 0
        still_to_play = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        opponents_after = [s for s in still_to_play if (s - seat) % 2]
        if partner_holds and (
            not opponents_after or _holds(best, seen, power, trump, ruffing, opponents_after)
        ):
            # Points for the partner, but not a card that will win a trick of its own.
            return _move(
                legal_moves,
                max(cards, key=lambda c: (not sure_winner(c), POINTS[c], SUIT_OF[c] != trump, -(c % 10))),
            )
        top = power[best]
        beating = [c for c in cards if power[c] > top]
        if beating and not partner_holds:
            return _move(legal_moves, min(beating, key=cost))
        return _move(legal_moves, min(cards, key=cost))


def _holds(
    best: Card, seen: int, power: tuple[int, ...], trump: int, ruffing: Callable[[Sequence[int]], bool],
    opponents: Sequence[int],
) -> bool:  # fmt: skip
    """Whether ``best``, winning the trick, is sure to stay winning against ``opponents``: every
    stronger card of its suit is seen, and, off trumps, none of them may hold a trump."""
    stronger = _STRONGER[best]
    if seen & stronger != stronger:
        return False
    return SUIT_OF[best] == trump or not ruffing(opponents)


def _move(legal_moves: Sequence[Move], card: Card) -> Move:
    return next(m for m in legal_moves if m.card == card)
