"""Why a Malilla card is good or bad, in a line a player understands."""

from __future__ import annotations

from ._cards import POINTS, SUIT_OF, Card
from ._heuristic import Reading
from ._rules import POWER, trick_winner
from ._view import View

__all__ = ["reason"]


def reason(view: View, card: Card, reading: Reading, cards: tuple[Card, ...]) -> str:
    """What playing ``card`` does, read from the view: a lost trick, the partner's trick, a win, a
    sure winner cashed, trumps drawn.  ``cards`` are the legal cards, ``reading`` the view's."""
    trump = reading.trump
    points = POINTS[card]
    trick = view.trick
    if not trick:
        if reading.sure_winner(card):
            return f"{card} is the best left in its suit and no opponent can trump it: cash it"
        if SUIT_OF[card] == trump:
            drawing = reading.draws_trumps(cards)
            return f"leads a trump{' to draw the ones still out' if drawing else ''}"
        if points:
            return f"leads {card}, worth {points}, which a stronger card still out can take"
        return f"leads {card}, worth nothing"
    power = POWER[trump][SUIT_OF[trick[0]]]
    at = trick_winner(trick, trump)
    partner = (len(trick) - at) % 2 == 0
    wins = power[card] > power[trick[at]]
    on_table = sum(POINTS[c] for c in trick)
    if partner and reading.trick_is_sure():
        if points and reading.sure_winner(card):
            return f"your partner's trick is safe, but {card} can win a trick of its own: keep it"
        if points:
            return f"your partner's trick is safe: {card} adds {points} points to it"
        return "your partner's trick is safe: a card worth nothing adds nothing"
    if partner:
        return f"your partner holds the trick for now{f'; {card} risks {points} points' if points else ''}"
    if wins:
        return f"takes the trick from the opponents ({on_table} points on it) for now"
    kept = max((c for c in cards if c != card), key=POINTS.__getitem__, default=None)
    if points and any(POINTS[c] < points for c in cards):
        return f"the trick is lost: {card} gives the opponents {points} points"
    if kept is not None and POINTS[kept]:
        return f"the trick is lost: keep your {kept}"
    return "the trick is lost"
