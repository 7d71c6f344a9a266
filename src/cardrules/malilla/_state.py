"""A Malilla position and its transitions: deal, play, trick, hand, match."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseState
from .._fast import fast_init, fast_new
from .._invariants import check_playable
from .._outcome import Outcome
from .._random import Rng, resume
from .._words import counted
from ._cards import DECK, POINTS, SUIT_OF, Card, Suit
from ._legal import legal_moves, why_illegal
from ._moves import Move
from ._pending import PlayCard
from ._records import HandResult, Trick
from ._rules import TRICKS_PER_HAND, foul, trick_winner
from ._validate import check_state
from ._view import View

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["State", "first_state"]

Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _sorted(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


@fast_init
@attrs.frozen
class State(BaseState["Game", Move, View]):
    """A position in a Malilla match.

    ``hands`` are kept in deck order (suit by suit, 7 first).  ``trick`` holds
    the cards of the trick in progress in order of play from ``leader``;
    ``tricks`` the completed tricks of this hand.  ``scores`` are the match
    scores of side 0 (seats 0 and 2) and side 1 (seats 1 and 3).
    """

    game_name: ClassVar[str] = "malilla"
    _move_type = Move
    game: Game
    rng: int
    hand_number: int
    dealer: int
    trump: Card
    hands: Hands
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    scores: tuple[int, int]
    held_bonus: int
    last_hand: HandResult | None
    outcome: Outcome | None

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        return (self.leader + len(self.trick)) % 4

    @property
    def pending(self) -> PlayCard | None:
        """The decision the state waits for: a card from the seat to play; ``None`` once the match is over."""
        if self.outcome is not None:
            return None
        return PlayCard((self.leader + len(self.trick)) % 4)

    @property
    def trump_suit(self) -> Suit:
        """The suit of the face-up card."""
        return self.trump.suit

    @property
    def led_suits(self) -> frozenset[Suit]:
        """The suits led to a trick so far in this hand, the trick in progress included."""
        led = {t.cards[0].suit for t in self.tricks}
        if self.trick:
            led.add(self.trick[0].suit)
        return frozenset(led)

    # Legal moves and why a move is not: both in _legal.py, from the same rules.
    _legal_moves = legal_moves
    _why_illegal = why_illegal

    def _apply(self, move: Move) -> State:
        seat, card = move.seat, move.card
        hand = self.hands[seat]
        i = hand.index(card)
        hands = list(self.hands)
        hands[seat] = hand[:i] + hand[i + 1 :]
        new_hands: Hands = tuple(hands)  # type: ignore[assignment]
        trick = (*self.trick, card)
        if self.game.irregularities == "lose_game":
            broken = foul(
                card, hand, self.trick, SUIT_OF[self.trump], self.tricks, self.game.must_beat == "any_card"
            )
            if broken is not None:
                return attrs.evolve(
                    self, hands=new_hands, trick=trick, outcome=self._forfeit(seat, card, broken)
                )
        if len(trick) < 4:
            return _build_state(
                self.game, self.rng, self.hand_number, self.dealer, self.trump, new_hands, self.leader, trick,
                self.tricks, self.scores, self.held_bonus, self.last_hand, None,
            )  # fmt: skip
        winner = (self.leader + trick_winner(trick, SUIT_OF[self.trump])) % 4
        tricks = (*self.tricks, _build_trick(self.leader, trick, winner))
        if len(tricks) < TRICKS_PER_HAND:
            return _build_state(
                self.game, self.rng, self.hand_number, self.dealer, self.trump, new_hands, winner, (),
                tricks, self.scores, self.held_bonus, self.last_hand, None,
            )  # fmt: skip
        return self._end_hand(tricks)

    def _forfeit(self, seat: int, card: Card, broken: str) -> Outcome:
        """ "the partnership committing the foul loses the entire game"."""
        losers = seat % 2
        side = 1 - losers
        return Outcome(
            winners=frozenset({side, side + 2}),
            scores=tuple(float(self.scores[s % 2]) for s in range(4)),
            reason=f"seat {seat} fouled by playing {card} ({broken}); seats {losers} and {losers + 2} lose",
        )

    def _end_hand(self, tricks: tuple[Trick, ...]) -> State:
        """Score the hand, then end the match or deal the next hand."""
        won = [0, 0]
        collected = [0, 0]
        for trick in tricks:
            won[trick.winner % 2] += 1
            collected[trick.winner % 2] += 1 + sum(POINTS[c] for c in trick.cards)
        scored = [0, 0]
        half = sum(collected) // 2
        capote = TRICKS_PER_HAND in won
        if capote:
            # "If a partnership captures all ten tricks ... scoring 35 points for the hand."
            scored[won.index(TRICKS_PER_HAND)] = half
        elif collected[0] != collected[1]:
            # "They subtract their points collected from 35 and score the difference" (ruling 2).
            side = 0 if collected[0] > collected[1] else 1
            scored[side] = collected[side] - half
        scores = [self.scores[0] + scored[0], self.scores[1] + scored[1]]
        target = self.game.target
        # A capote "is sufficient to win the game", whatever the target (ruling 19).
        winner = (
            won.index(TRICKS_PER_HAND) if capote else next((s for s in (0, 1) if scores[s] >= target), None)
        )
        if winner is None and self.held_bonus:
            # The held bonus is "only scored after the results of the hand are scored" (ruling 10).
            side = self.dealer % 2
            scores[side] += self.held_bonus
            scored[side] += self.held_bonus
            if scores[side] >= target:
                winner = side
        result = HandResult(
            self.dealer, self.trump, (collected[0], collected[1]), (scored[0], scored[1]), capote
        )
        if winner is not None:
            won_by = "took every trick (capote) and have" if capote else "reached"
            outcome = Outcome(
                winners=frozenset({winner, winner + 2}),
                scores=tuple(float(scores[s % 2]) for s in range(4)),
                reason=f"seats {winner} and {winner + 2} {won_by} {scores[winner]} points",
            )
            return attrs.evolve(
                self,
                hands=((), (), (), ()),
                trick=(),
                tricks=tricks,
                scores=(scores[0], scores[1]),
                held_bonus=0,
                last_hand=result,
                outcome=outcome,
            )
        rng = resume(self.rng)
        return _deal(
            self.game, rng, (self.dealer + 1) % 4, (scores[0], scores[1]), self.hand_number + 1, result
        )

    def describe(self, move: Move, after: State) -> tuple[str, ...]:
        """The card played, then the trick's winner, the hand's score and the next deal, as they happen."""
        lines = [f"seat {move.seat} plays {move.card}"]
        if after.outcome is not None and after.outcome.reason.startswith(f"seat {move.seat} fouled"):
            return (*lines, f"foul: {after.outcome.reason}")
        if len(after.tricks) > len(self.tricks) or after.hand_number != self.hand_number:
            trick = after.tricks[-1] if after.hand_number == self.hand_number else self._finished_trick(move)
            points = sum(c.points for c in trick.cards)
            worth = counted(points, "point")
            lines.append(f"seat {trick.winner} takes the trick ({' '.join(map(str, trick.cards))}, {worth})")
        result = after.last_hand
        if result is not None and result is not self.last_hand:
            a, b = result.collected
            lines.append(
                f"hand {self.hand_number} over: seats 0+2 collected {a}, seats 1+3 {b}"
                + (" (capote)" if result.capote else "")
                + f"; they score {result.scored[0]} and {result.scored[1]}"
            )
            # The score the hand left, then the next deal (whose dealer bonus, if any, comes with it).
            left = (self.scores[0] + result.scored[0], self.scores[1] + result.scored[1])
            lines.append(f"match score: seats 0+2 {left[0]}, seats 1+3 {left[1]}")
            if after.outcome is None:
                lines.append(after._deal_line())
                if after.scores != left:
                    lines.append(f"match score: seats 0+2 {after.scores[0]}, seats 1+3 {after.scores[1]}")
        if after.outcome is not None:
            lines.append(f"the match is over: {after.outcome}")
        return tuple(lines)

    def opening(self) -> tuple[str, ...]:
        return (self._deal_line(),)

    def _finished_trick(self, move: Move) -> Trick:
        cards = (*self.trick, move.card)
        return Trick(self.leader, cards, (self.leader + trick_winner(cards, SUIT_OF[self.trump])) % 4)

    def _deal_line(self) -> str:
        bonus = self.trump.points
        text = f"hand {self.hand_number}: seat {self.dealer} deals; {self.trump} is face up, {self.trump.suit} are trumps"
        if self.held_bonus:
            return f"{text}; the dealer's bonus of {bonus} is held until the hand is scored"
        if bonus:
            return f"{text}; the dealer's side scores a bonus of {bonus}"
        return text

    def _view(self, seat: int) -> View:
        # In the order of View's fields: passed by keyword they made a view cost 23,800
        # instructions instead of 16,400 (benchmarks/view_cost.py).
        return _build_view(
            self.game,
            seat,
            self.hands[seat],  # hand
            self.hand_number,
            self.dealer,
            self.trump,
            self.trump in self.hands[self.dealer],  # trump_with_dealer
            (len(self.hands[0]), len(self.hands[1]), len(self.hands[2]), len(self.hands[3])),  # hand_sizes
            self.leader,
            self.trick,
            self.tricks,
            self.scores,
            self.held_bonus,
            self.last_hand,
            self.current_player,
            self.outcome,
        )

    def _validate(self) -> None:
        check_state(self)
        check_playable(self)


# Built where every move and view builds them (fast_new: the class call skipped).
_build_state = fast_new(State)
_build_view = fast_new(View)
_build_trick = fast_new(Trick)


def first_state(game: Game, rng: Rng) -> State:
    """A new match: a seeded first dealer (ruling 12), then the first deal."""
    dealer = rng.below(4)
    return _deal(game, rng, dealer, (0, 0), 1, None)


def _deal(
    game: Game, rng: Rng, dealer: int, scores: tuple[int, int], hand_number: int, last: HandResult | None
) -> State:
    """ "Shuffle and deal ten cards to each player ... The 40th and last card ... face up to the dealer."."""
    deck = rng.shuffled(DECK)
    trump = deck[-1]
    hands: Hands = tuple(  # type: ignore[assignment]
        _sorted(deck[(seat - dealer - 1) % 4 :: 4]) for seat in range(4)
    )
    held = 0
    bonus = trump.points
    side = dealer % 2
    if bonus:
        # "If the dealer's last (face-up) card is a point-scoring card, the dealer's team scores
        # that many points as a bonus ... held in abeyance" when it "would cause the dealer's team to win".
        if scores[side] + bonus >= game.target:
            held = bonus
        else:
            scores = (scores[0] + bonus, scores[1]) if side == 0 else (scores[0], scores[1] + bonus)
    return State(
        game=game,
        rng=rng.state,
        hand_number=hand_number,
        dealer=dealer,
        trump=trump,
        hands=hands,
        leader=(dealer + 1) % 4,
        trick=(),
        tricks=(),
        scores=scores,
        held_bonus=held,
        last_hand=last,
        outcome=None,
    )
