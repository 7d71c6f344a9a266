"""The transition: a legal card played, the trick closed, the hand scored and the next hand dealt.

:func:`apply` is the State's ``_apply``; :func:`deal` also deals a match's first hand.  Both are
given ``build``, the State's positional constructor, as this module comes before the State.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from .._fast import fast_new
from .._outcome import Outcome
from .._random import Rng, resume
from ._cards import DECK, POINTS, SUIT_OF, Card
from ._moves import Move
from ._records import Board, HandResult, Trick
from ._rules import TRICKS_PER_HAND, foul, trick_winner

if TYPE_CHECKING:
    from ._game import Game
    from ._state import Hands, State

__all__ = ["StateBuilder", "apply", "deal", "dealer_bonus", "score_collected", "score_hand"]

#: The State's fields, positionally, to a State (``fast_new(State)``).
StateBuilder = Callable[..., "State"]

_build_trick = fast_new(Trick)
_build_board = fast_new(Board)


def _sorted(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def apply(state: State, move: Move, build: StateBuilder) -> State:
    """The state after ``move``, already known to be legal (or a foul, under ``irregularities="lose_game"``)."""
    seat, card = move.seat, move.card
    hand = state.hands[seat]
    i = hand.index(card)
    hands = list(state.hands)
    hands[seat] = hand[:i] + hand[i + 1 :]
    new_hands: Hands = tuple(hands)  # type: ignore[assignment]
    trick = (*state.trick, card)
    board = state.board
    game = board.game
    if game.irregularities == "lose_game":
        broken = foul(
            card, hand, state.trick, SUIT_OF[board.trump], state.tricks, game.must_beat == "any_card"
        )
        if broken is not None:
            outcome = _forfeit(state, seat, card, broken)
            return build(new_hands, state.leader, trick, state.tricks, outcome, state.rng, board)
    if len(trick) < 4:
        return build(new_hands, state.leader, trick, state.tricks, None, state.rng, board)
    winner = (state.leader + trick_winner(trick, SUIT_OF[board.trump])) % 4
    tricks = (*state.tricks, _build_trick(state.leader, trick, winner))
    if len(tricks) < TRICKS_PER_HAND:
        return build(new_hands, winner, (), tricks, None, state.rng, board)
    return _end_hand(state, tricks, build)


def _forfeit(state: State, seat: int, card: Card, broken: str) -> Outcome:
    """ "the partnership committing the foul loses the entire game"."""
    losers = seat % 2
    side = 1 - losers
    return Outcome(
        winners=frozenset({side, side + 2}),
        scores=tuple(float(state.scores[s % 2]) for s in range(4)),
        reason=f"seat {seat} fouled by playing {card} ({broken}); seats {losers} and {losers + 2} lose",
    )


def score_hand(state: State, tricks: Sequence[Trick]) -> tuple[HandResult, tuple[int, int], int | None]:
    """The hand of ``state`` scored once its ten ``tricks`` are played: how it was scored, the match
    score after it, and the side that won the match with it (``None``: the match goes on)."""
    won = [0, 0]
    collected = [0, 0]
    for trick in tricks:
        won[trick.winner % 2] += 1
        collected[trick.winner % 2] += 1 + sum(POINTS[c] for c in trick.cards)
    capote = won.index(TRICKS_PER_HAND) if TRICKS_PER_HAND in won else None
    return score_collected(state, (collected[0], collected[1]), capote)


def score_collected(
    state: State, collected: tuple[int, int], capote: int | None
) -> tuple[HandResult, tuple[int, int], int | None]:
    """The hand of ``state`` scored once each side has ``collected`` its points (the tricks' count
    included), ``capote`` the side that took every trick (``None``: neither), as :func:`score_hand`."""
    scored = [0, 0]
    half = sum(collected) // 2
    if capote is not None:
        # "If a partnership captures all ten tricks ... scoring 35 points for the hand."
        scored[capote] = half
    elif collected[0] != collected[1]:
        # "They subtract their points collected from 35 and score the difference" (ruling 2).
        side = 0 if collected[0] > collected[1] else 1
        scored[side] = collected[side] - half
    board = state.board
    scores = [board.scores[0] + scored[0], board.scores[1] + scored[1]]
    target = state.game.target
    # A capote "is sufficient to win the game", whatever the target (ruling 19).
    winner = capote if capote is not None else next((s for s in (0, 1) if scores[s] >= target), None)
    if winner is None and board.held_bonus:
        # The held bonus is "only scored after the results of the hand are scored" (ruling 10).
        side = board.dealer % 2
        scores[side] += board.held_bonus
        scored[side] += board.held_bonus
        if scores[side] >= target:
            winner = side
    result = HandResult(board.dealer, board.trump, collected, (scored[0], scored[1]), capote is not None)
    return result, (scores[0], scores[1]), winner


def _end_hand(state: State, tricks: tuple[Trick, ...], build: StateBuilder) -> State:
    """Score the hand, then end the match or deal the next hand."""
    result, scores, winner = score_hand(state, tricks)
    if winner is not None:
        capote = result.capote
        won_by = "took every trick (capote) and have" if capote else "reached"
        outcome = Outcome(
            winners=frozenset({winner, winner + 2}),
            scores=tuple(float(scores[s % 2]) for s in range(4)),
            reason=f"seats {winner} and {winner + 2} {won_by} {scores[winner]} points",
        )
        board = attrs.evolve(state.board, scores=scores, held_bonus=0, last_hand=result)
        return build(((), (), (), ()), state.leader, (), tricks, outcome, state.rng, board)
    board = state.board
    rng = resume(state.rng)
    return deal(state.game, rng, (board.dealer + 1) % 4, scores, board.hand_number + 1, result, build)


def dealer_bonus(
    target: int, bonus: int, dealer: int, scores: tuple[int, int]
) -> tuple[tuple[int, int], int]:
    """The match score once a card worth ``bonus`` points is turned for ``dealer``'s side, and the
    bonus held back (0: none)."""
    side = dealer % 2
    if not bonus:
        return scores, 0
    # "If the dealer's last (face-up) card is a point-scoring card, the dealer's team scores
    # that many points as a bonus ... held in abeyance" when it "would cause the dealer's team to win".
    if scores[side] + bonus >= target:
        return scores, bonus
    return ((scores[0] + bonus, scores[1]) if side == 0 else (scores[0], scores[1] + bonus)), 0


def deal(
    game: Game,
    rng: Rng,
    dealer: int,
    scores: tuple[int, int],
    hand_number: int,
    last: HandResult | None,
    build: StateBuilder,
) -> State:
    """ "Shuffle and deal ten cards to each player ... The 40th and last card ... face up to the dealer."."""
    deck = rng.shuffled(DECK)
    trump = deck[-1]
    hands: Hands = tuple(  # type: ignore[assignment]
        _sorted(deck[(seat - dealer - 1) % 4 :: 4]) for seat in range(4)
    )
    scores, held = dealer_bonus(game.target, trump.points, dealer, scores)
    board = _build_board(game, hand_number, dealer, trump, scores, held, last)
    return build(hands, (dealer + 1) % 4, (), (), None, rng.state, board)
