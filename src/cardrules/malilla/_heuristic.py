"""A Malilla player that follows the obvious tactics of the table."""

from __future__ import annotations

from collections.abc import Sequence

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

    - Leading: cash a card that is sure to win its suit (every stronger card of
      the suit is played or in hand); otherwise lead the cheapest card of the
      longest side suit, keeping trumps and points back.
    - Partner holds the trick and nobody can spoil it (the seat plays last) or
      the partner's card is the best left: give it points.
    - Otherwise win as cheaply as possible when possible, and when not, throw
      the card worth least.

    It is also the play-out policy of IS-MCTS with ``rollout="heuristic"``,
    so it keeps to bit masks and tables.
    """

    def __init__(self, seed: int = 0, game: object = None) -> None:
        del seed, game  # the same arguments as every game's heuristic player; this one needs neither

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        trump = SUIT_OF[view.trump]
        seen = 0  # every card this seat has seen: its hand and the cards played this hand
        for card in view.hand:
            seen |= 1 << card
        for done in view.tricks:
            for card in done.cards:
                seen |= 1 << card
        for card in view.trick:
            seen |= 1 << card
        trump_bits = _SUIT_BITS[trump]
        trumps_out = seen & trump_bits != trump_bits  # a trump this seat has not seen may be in a hand

        def sure_winner(card: Card) -> bool:
            """Every stronger card of its suit is seen, and no unseen trump can ruff it."""
            stronger = _STRONGER[card]
            return seen & stronger == stronger and (SUIT_OF[card] == trump or not trumps_out)

        def cost(card: Card) -> tuple[int, bool, int]:
            return (POINTS[card], SUIT_OF[card] == trump, -(card % 10))

        cards = [m.card for m in legal_moves]
        trick = view.trick
        if not trick:
            winners = [c for c in cards if sure_winner(c)]
            if winners:
                return _move(legal_moves, max(winners, key=POINTS.__getitem__))
            side = [c for c in cards if SUIT_OF[c] != trump] or cards
            length = [0, 0, 0, 0]
            for card in view.hand:
                length[SUIT_OF[card]] += 1
            return _move(legal_moves, min(side, key=lambda c: (POINTS[c], -length[SUIT_OF[c]], -(c % 10))))

        power = POWER[trump][SUIT_OF[trick[0]]]
        at = max(range(len(trick)), key=lambda i: (power[trick[i]], -i))  # the first of the strongest
        best = trick[at]
        partner_holds = (len(trick) - at) % 2 == 0
        if partner_holds and (len(trick) == 3 or sure_winner(best)):
            return _move(legal_moves, max(cards, key=lambda c: (POINTS[c], SUIT_OF[c] != trump)))
        top = power[best]
        beating = [c for c in cards if power[c] > top]
        if beating and not partner_holds:
            return _move(legal_moves, min(beating, key=cost))
        return _move(legal_moves, min(cards, key=cost))


def _move(legal_moves: Sequence[Move], card: Card) -> Move:
    return next(m for m in legal_moves if m.card == card)
