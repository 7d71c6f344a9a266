"""A Malilla player that follows the obvious tactics of the table."""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import POINTS, SUIT_OF, Card
from ._moves import Move
from ._rules import POWER, trick_winner
from ._view import View

__all__ = ["HeuristicPlayer", "Reading"]

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
        reading = Reading(view)
        trump = reading.trump
        sure_winner = reading.sure_winner

        def cost(card: Card) -> tuple[int, bool, int]:
            return (POINTS[card], SUIT_OF[card] == trump, -(card % 10))

        cards = [m.card for m in legal_moves]
        trick = view.trick
        if not trick:
            winners = [c for c in cards if sure_winner(c)]
            if winners:
                return _move(legal_moves, max(winners, key=lambda c: (POINTS[c], SUIT_OF[c] != trump)))
            mine = [c for c in cards if SUIT_OF[c] == trump]
            if mine and reading.draws_trumps(cards):
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
        if partner_holds and reading.trick_is_sure():
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


class Reading:
    """What one seat's view shows about the cards, for a player's judgement: which are seen, which
    are sure to win, who may still trump."""

    __slots__ = ("_ruffers", "seat", "seen", "trump", "unseen_trumps", "view")

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat = view.seat
        self.trump = SUIT_OF[view.board.trump]
        seen = 0  # every card this seat has seen: its hand and the cards played this hand
        for card in view.hand:
            seen |= 1 << card
        for done in view.tricks:
            for card in done.cards:
                seen |= 1 << card
        for card in view.trick:
            seen |= 1 << card
        self.seen = seen
        self.unseen_trumps = _SUIT_BITS[self.trump] & ~seen
        self._ruffers: tuple[int, ...] | None = None  # worked out when first asked

    def opponents(self) -> tuple[int, int]:
        """The two seats of the other side."""
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)

    def ruffing(self, opponents: Sequence[int]) -> bool:
        """Whether one of ``opponents`` may hold a trump this seat has not seen, by what their play
        has shown (:attr:`View.cannot_hold`)."""
        if not self.unseen_trumps:
            return False
        if self._ruffers is None:
            absent = self.view.cannot_hold
            found = []
            for opponent in self.opponents():
                ruled_out = 0
                for card in absent[opponent]:
                    ruled_out |= 1 << card
                if self.unseen_trumps & ~ruled_out:
                    found.append(opponent)
            self._ruffers = tuple(found)
        return any(o in self._ruffers for o in opponents)

    def top_of_suit(self, card: Card) -> bool:
        """Every stronger card of its suit is seen."""
        stronger = _STRONGER[card]
        return self.seen & stronger == stronger

    def sure_winner(self, card: Card) -> bool:
        """Led now, ``card`` wins: the best left in its suit, and off trumps no opponent can trump it."""
        return self.top_of_suit(card) and (SUIT_OF[card] == self.trump or not self.ruffing(self.opponents()))

    def trick_is_sure(self) -> bool:
        """The card winning the trick in progress will win it: no opponent plays after this seat, or
        it is the best left in its suit and, off trumps, none of them can trump it."""
        trick = self.view.trick
        seat = self.seat
        after = [s for s in ((seat + k) % 4 for k in range(1, 4 - len(trick))) if (s - seat) % 2]
        if not after:
            return True
        best = trick[trick_winner(trick, self.trump)]
        return self.top_of_suit(best) and (SUIT_OF[best] == self.trump or not self.ruffing(after))

    def draws_trumps(self, cards: Sequence[Card]) -> bool:
        """Leading a trump pays: an opponent may hold one, the seat holds as many as are out, and a
        side-suit card worth points is the best left in its suit, to be cashed once they are drawn."""
        if not self.ruffing(self.opponents()):
            return False
        mine = sum(1 for c in self.view.hand if SUIT_OF[c] == self.trump)
        later = any(SUIT_OF[c] != self.trump and POINTS[c] and self.top_of_suit(c) for c in cards)
        return later and mine >= bin(self.unseen_trumps).count("1")


def _move(legal_moves: Sequence[Move], card: Card) -> Move:
    return next(m for m in legal_moves if m.card == card)
