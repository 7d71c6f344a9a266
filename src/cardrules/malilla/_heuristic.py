"""A Malilla player that follows the obvious tactics of the table."""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import DECK, POINTS, SUIT_OF, Card
from ._moves import Move
from ._rules import beats
from ._view import View

__all__ = ["HeuristicPlayer"]


class HeuristicPlayer:
    """Plays the way a sensible person would.

    - Leading: cash a card that is sure to win its suit (every stronger card of
      the suit is played or in hand); otherwise lead the cheapest card of the
      longest side suit, keeping trumps and points back.
    - Partner holds the trick and nobody can spoil it (the seat plays last) or
      the partner's card is the best left: give it points.
    - Otherwise win as cheaply as possible when possible, and when not, throw
      the card worth least.
    """

    def __init__(self, seed: int = 0, game: object = None) -> None:
        del seed, game  # the same arguments as every game's heuristic player; this one needs neither

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        trump = SUIT_OF[view.trump]
        gone = set(view.played) | set(view.hand)
        cards = [m.card for m in legal_moves]

        def sure_winner(card: Card) -> bool:
            suit = SUIT_OF[card]
            stronger = DECK[suit * 10 : card]
            return all(c in gone for c in stronger) and (suit == trump or not self._trumps_out(view, trump))

        def cost(card: Card) -> tuple[int, int, int]:
            return (POINTS[card], SUIT_OF[card] == trump, -(card % 10))

        if not view.trick:
            winners = [c for c in cards if sure_winner(c)]
            if winners:
                return _move(legal_moves, max(winners, key=lambda c: POINTS[c]))
            side = [c for c in cards if SUIT_OF[c] != trump] or cards
            length = {s: sum(1 for c in view.hand if SUIT_OF[c] == s) for s in range(4)}
            return _move(legal_moves, min(side, key=lambda c: (cost(c)[0], -length[SUIT_OF[c]], -(c % 10))))

        winner_seat = view.winning_seat
        assert winner_seat is not None
        best = view.trick[(winner_seat - view.leader) % 4]
        partner_holds = winner_seat % 2 == view.seat % 2
        last_to_play = len(view.trick) == 3
        if partner_holds and (last_to_play or sure_winner(best)):
            return _move(legal_moves, max(cards, key=lambda c: (POINTS[c], -(SUIT_OF[c] == trump))))
        beating = [c for c in cards if beats(c, best, trump)]
        if beating and not partner_holds:
            return _move(legal_moves, min(beating, key=cost))
        return _move(legal_moves, min(cards, key=cost))

    @staticmethod
    def _trumps_out(view: View, trump: int) -> bool:
        """Whether any trump is still unseen by this seat (and so may be held by another)."""
        seen = set(view.played) | set(view.hand)
        return any(c not in seen for c in DECK[trump * 10 : trump * 10 + 10])


def _move(legal_moves: Sequence[Move], card: Card) -> Move:
    return next(m for m in legal_moves if m.card == card)
