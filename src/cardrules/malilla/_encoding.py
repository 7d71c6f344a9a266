"""Malilla's actions and views as numbers.

Actions: the card played, by its deck index (``Card``, 0-39), whoever plays it.

Observation (seats counted from the viewer, sides as "mine" then "theirs"):
the hand, the face-up trump card and whether the dealer still holds it, the
dealer, the leader and the seat to act, the trick on the table by seat, every
card played in this hand's finished tricks by seat, the suits each seat has
shown it lacks, hand sizes, tricks and points taken this hand, match scores
and a held dealer's bonus, and whether the match is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._encoding import Encoding, Ranges
from ._cards import POINTS, SUIT_OF
from ._moves import Move
from ._rules import TRICKS_PER_HAND

if TYPE_CHECKING:
    from ._game import Game
    from ._view import View

__all__ = ["MalillaEncoding"]

_CARDS = 40
#: What a hand's tricks can collect: a point a trick plus every card's points.
_MOST_COLLECTED = TRICKS_PER_HAND + sum(POINTS)


class MalillaEncoding(Encoding[Move, "View"]):
    """Malilla's 40 actions (one a card) and its observation of a view."""

    __slots__ = ("_target",)

    def __init__(self, game: Game) -> None:
        super().__init__(
            Move,
            actions=[("play card (Card index)", _CARDS)],
            observation=[
                ("hand", _CARDS),
                ("trump card", _CARDS),
                ("trump card still with the dealer", 1),
                ("dealer (by seat)", 4),
                ("leader (by seat)", 4),
                ("to act (by seat)", 4),
                ("trick on the table (by seat, card)", 4 * _CARDS),
                ("played in finished tricks (by seat, card)", 4 * _CARDS),
                ("shown void (by seat, suit)", 16),
                ("cards in hand / 10 (by seat)", 4),
                ("tricks won this hand / 10 (by side)", 2),
                ("points collected this hand / 70 (by side)", 2),
                ("match score / target (by side)", 2),
                ("held dealer's bonus / target", 1),
                ("match over", 1),
            ],
        )
        self._target = float(game.target)

    def ranges(self) -> Ranges:
        """A side below the target scores at most half of a hand's 70 collected points in one hand (a
        capote scores that half too), and a held bonus is a trump card's points, 5 at most."""
        target = self._target
        return {
            "match score / target (by side)": (0.0, (target + _MOST_COLLECTED // 2) / target),
            "held dealer's bonus / target": (0.0, max(1.0, max(POINTS) / target)),
        }

    def index(self, move: Move) -> int:
        return int(move.card)

    def fill(self, view: View, out: list[float]) -> None:
        me = view.seat
        board, turn = view.board, view.turn  # the records, read once
        offset = self.offset
        for card in view.hand:
            out[card] = 1.0
        out[offset("trump card") + board.trump] = 1.0
        if turn.trump_with_dealer:
            out[offset("trump card still with the dealer")] = 1.0
        out[offset("dealer (by seat)") + (board.dealer - me) % 4] = 1.0
        out[offset("leader (by seat)") + (view.leader - me) % 4] = 1.0
        if turn.current_player is not None:
            out[offset("to act (by seat)") + (turn.current_player - me) % 4] = 1.0
        at = offset("trick on the table (by seat, card)")
        voids = offset("shown void (by seat, suit)")
        trick_cards = view.trick
        for i, card in enumerate(trick_cards):
            seat = (view.leader + i - me) % 4
            out[at + seat * _CARDS + card] = 1.0
            if i and SUIT_OF[card] != SUIT_OF[trick_cards[0]]:
                out[voids + seat * 4 + SUIT_OF[trick_cards[0]]] = 1.0
        at = offset("played in finished tricks (by seat, card)")
        tricks = [0, 0]
        collected = [0, 0]
        for trick in view.tricks:
            led = SUIT_OF[trick.cards[0]]
            for i, card in enumerate(trick.cards):
                seat = (trick.leader + i - me) % 4
                out[at + seat * _CARDS + card] = 1.0
                if SUIT_OF[card] != led:
                    out[voids + seat * 4 + led] = 1.0
            side = (trick.winner - me) % 2
            tricks[side] += 1
            collected[side] += 1 + sum(POINTS[c] for c in trick.cards)
        at = offset("cards in hand / 10 (by seat)")
        for seat, size in enumerate(view.hand_sizes):
            out[at + (seat - me) % 4] = size / TRICKS_PER_HAND
        at = offset("tricks won this hand / 10 (by side)")
        out[at], out[at + 1] = tricks[0] / TRICKS_PER_HAND, tricks[1] / TRICKS_PER_HAND
        at = offset("points collected this hand / 70 (by side)")
        out[at], out[at + 1] = collected[0] / _MOST_COLLECTED, collected[1] / _MOST_COLLECTED
        at = offset("match score / target (by side)")
        mine = me % 2
        scores = board.scores
        out[at], out[at + 1] = scores[mine] / self._target, scores[1 - mine] / self._target
        out[offset("held dealer's bonus / target")] = board.held_bonus / self._target
        if turn.outcome is not None:
            out[offset("match over")] = 1.0
