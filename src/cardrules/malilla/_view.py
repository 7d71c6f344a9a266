"""What one Malilla seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init
from .._invariants import check_view
from .._outcome import Outcome
from ._cards import SUIT_OF, Card, Suit
from ._records import Board, BoardFacts, Trick, Turn
from ._rules import cannot_hold, trick_winner
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game  # noqa: F401  (named in the base's parameter, a string)

__all__ = ["View"]

#: The fields of a view in JSON, flat (the board's and the turn's among them), in the order they had before.
_JSON_ORDER = (
    "game",
    "seat",
    "hand",
    "hand_number",
    "dealer",
    "trump",
    "trump_with_dealer",
    "hand_sizes",
    "leader",
    "trick",
    "tricks",
    "scores",
    "held_bonus",
    "last_hand",
    "current_player",
    "outcome",
)


@fast_init
@attrs.frozen
class View(BoardFacts, BaseView["Game"]):
    """One seat's knowledge: its own hand and everything public.

    Public are the face-up trump card (and whether the dealer still holds
    it), every card played in this hand and by whom, the tricks won, the
    match scores, a held dealer's bonus and the last hand's result.  What play
    has revealed, such as a seat known to be void in a suit, follows from the
    tricks: see :attr:`voids`.  Two records hold public facts, read through
    the properties of the same names: ``board`` (a :class:`Board`: the game,
    hand number, dealer, trump, scores, held bonus and last hand's result),
    the state's own, and ``turn`` (a :class:`Turn`: the seat to play, whether
    the dealer still holds the trump, and the outcome), shared by every view
    while the match goes on.
    """

    game_name: ClassVar[str] = "malilla"
    _json_flat: ClassVar[tuple[str, ...]] = ("board", "turn")
    _json_order: ClassVar[tuple[str, ...]] = _JSON_ORDER
    seat: int
    hand: tuple[Card, ...]
    board: Board
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    hand_sizes: tuple[int, int, int, int]
    turn: Turn

    @property
    def trump_with_dealer(self) -> bool:
        """Whether the dealer still holds the face-up trump card."""
        return self.turn.trump_with_dealer

    @property
    def current_player(self) -> int | None:
        """The seat to play now; ``None`` once the match is over."""
        return self.turn.current_player

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended; ``None`` while it goes on."""
        return self.turn.outcome

    def _validate(self) -> None:
        check_view_fields(self)
        check_view(self)

    @property
    def trump_suit(self) -> Suit:
        """The suit of the face-up card."""
        return self.trump.suit

    @property
    def voids(self) -> frozenset[tuple[int, Suit]]:
        """``(seat, suit)`` for every seat that failed to follow ``suit`` this hand."""
        found = set()
        for trick in (*self.tricks, Trick(self.leader, self.trick, -1)):
            if not trick.cards:
                continue
            led = trick.cards[0].suit
            for i, card in enumerate(trick.cards[1:], start=1):
                if card.suit is not led:
                    found.add((trick.player_of(i), led))
        return frozenset(found)

    @property
    def cannot_hold(self) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]:
        """For each seat, the unplayed cards its legal plays this hand show it does not hold
        (voids, must-beat and the 7 rule: see :func:`~cardrules.malilla._rules.cannot_hold`)."""
        return cannot_hold(
            self.tricks,
            Trick(self.leader, self.trick, -1),
            SUIT_OF[self.board.trump],
            self.board.game.must_beat == "any_card",
        )

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the trick in progress, or ``None`` before its first card."""
        if not self.trick:
            return None
        return (self.leader + trick_winner(self.trick, SUIT_OF[self.board.trump])) % 4

    def render(self) -> str:
        """The table as this seat sees it."""
        sides = f"seats 0+2: {self.scores[0]}, seats 1+3: {self.scores[1]}"
        lines = [
            f"hand {self.hand_number}, dealer seat {self.dealer}; trumps {self.trump.suit} "
            f"(face-up {self.trump}{', still with the dealer' if self.trump_with_dealer else ''})",
            f"match score (to {self.game.target}): {sides}"
            + (f"; bonus held: {self.held_bonus}" if self.held_bonus else ""),
        ]
        if self.tricks:
            last = self.tricks[-1]
            cards = ", ".join(f"seat {last.player_of(i)} {c}" for i, c in enumerate(last.cards))
            lines.append(f"last trick: {cards}; won by seat {last.winner}")
        taken = [sum(1 for t in self.tricks if t.winner % 2 == side) for side in (0, 1)]
        lines.append(f"tricks this hand: seats 0+2 {taken[0]}, seats 1+3 {taken[1]}")
        if self.trick:
            cards = ", ".join(f"seat {(self.leader + i) % 4} {c}" for i, c in enumerate(self.trick))
            lines.append(f"on the table: {cards}")
        voids = sorted(f"seat {s} has no {suit}" for s, suit in self.voids if s != self.seat)
        if voids:
            lines.append("known: " + "; ".join(voids))
        lines.append(f"cards in hand: {', '.join(f'seat {s} {n}' for s, n in enumerate(self.hand_sizes))}")
        lines.append(f"your hand (seat {self.seat}): {' '.join(str(c) for c in self.hand)}")
        lines.append(f"now: {self.hint()}")
        return "\n".join(lines)

    def hint(self) -> str:
        """Whose card it is, and the restrictions on it in the rulebook's order."""
        if self.outcome is not None:
            return f"the match is over: {self.outcome}"
        seat = self.current_player
        if not self.trick:
            return f"seat {seat} leads to the trick: any card"
        return (
            f"seat {seat} plays to the trick: follow {self.trick[0].suit} if you can; if you cannot, no 7 "
            "of a non-trump suit not yet led; beat an opponent's winning card if you legally can"
        )

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        return tuple(c for t in self.tricks for c in t.cards) + self.trick
