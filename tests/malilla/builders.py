"""Build Malilla positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.malilla import Card, Game, State
from cardrules.malilla._records import Trick
from cardrules.malilla._state import _sorted


def cards(text: str) -> tuple[Card, ...]:
    """``cards("7s Ah 2c")``."""
    return tuple(Card.parse(t) for t in text.split())


def position(
    hands: Sequence[str],
    *,
    trump: str,
    dealer: int = 3,
    leader: int = 0,
    trick: str = "",
    tricks: Sequence[Trick] = (),
    scores: tuple[int, int] = (0, 0),
    held_bonus: int = 0,
    game: Game | None = None,
) -> State:
    """A mid-hand state: ``hands[s]`` is seat s's hand, ``trick`` the cards played so far from ``leader``."""
    return State(
        game=game or Game(),
        rng=12345,
        hand_number=1,
        dealer=dealer,
        trump=Card.parse(trump),
        hands=tuple(_sorted(cards(h)) for h in hands),  # type: ignore[arg-type]
        leader=leader,
        trick=cards(trick),
        tricks=tuple(tricks),
        scores=scores,
        held_bonus=held_bonus,
        last_hand=None,
        outcome=None,
    )


def playable(state: State) -> set[str]:
    """The legal cards of the seat to play, as ASCII text."""
    return {m.card.to_json() for m in state.legal_moves()}


def last_trick(
    won: Sequence[tuple[str, int]],
    final: Sequence[str],
    *,
    leader: int,
    trump: str = "Kd",
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    held_bonus: int = 0,
    game: Game | None = None,
) -> State:
    """Nine completed tricks ``(cards, winner)`` and one card left in each hand (``final[seat]``)."""
    tricks = [Trick(leader=w, cards=cards(text), winner=w) for text, w in won]
    return position(
        final,
        trump=trump,
        dealer=dealer,
        leader=leader,
        tricks=tricks,
        scores=scores,
        held_bonus=held_bonus,
        game=game,
    )


def play_out(state: State) -> State:
    """Play the only legal card of each seat until the hand is over."""
    hand = state.hand_number
    while state.outcome is None and state.hand_number == hand:
        (move,) = state.legal_moves()
        state = state.apply(move)
    return state


def with_new_bonus(state: State, scores: tuple[int, int]) -> tuple[int, int]:
    """``scores`` plus the dealer's bonus of the hand just dealt in ``state``."""
    bonus = state.trump.points if state.held_bonus == 0 else 0
    side = state.dealer % 2
    return (scores[0] + bonus, scores[1]) if side == 0 else (scores[0], scores[1] + bonus)
