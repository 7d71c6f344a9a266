"""The rules of play and scoring, as pure functions of cards.

Each function quotes the rulebook sentence it implements; the rulings it
relies on are numbered as on the docs page (``docs/games/malilla.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._cards import Card, Rank, Suit

__all__ = ["beats", "foul", "hand_score", "legal_cards", "partners", "trick_winner"]

TRICKS_PER_HAND = 10


def partners(a: int, b: int) -> bool:
    """Seats 0 and 2 play against seats 1 and 3."""
    return a % 2 == b % 2


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """Whether ``card`` would take the trick from ``best``, the card winning it so far.

    "the highest trump, or the highest card of the suit led if no trump was played".
    ``best`` is always of the led suit or a trump, so a card of a third suit never beats it.
    """
    if card.suit is best.suit:
        return card.strength > best.strength
    return card.suit is trump


def trick_winner(cards: Sequence[Card], trump: Suit) -> int:
    """The index in ``cards`` (in order of play) of the card that wins the trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def _forbidden_seven(card: Card, trump: Suit, led_suits: frozenset[Suit]) -> bool:
    """ "you cannot play a 7 of a non-trump suit that has not yet been led in that hand" (ruling 6)."""
    return card.rank is Rank.SEVEN and card.suit is not trump and card.suit not in led_suits


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    leader: int,
    trump: Suit,
    led_suits: frozenset[Suit],
) -> tuple[Card, ...]:
    """The cards the seat to play may play, in hand order.

    The leader may lead anything ("it is always OK to lead a 7").  Otherwise:
    follow suit; when void, no off-suit 7 of a suit not yet led unless nothing
    else is left (ruling 7); then, if an opponent holds the trick, only the
    cards that beat it, when there are any (rulings 4, 5 and 8).
    """
    if not trick:
        return tuple(hand)
    led = trick[0].suit
    allowed = tuple(c for c in hand if c.suit is led)
    if not allowed:
        allowed = tuple(c for c in hand if not _forbidden_seven(c, trump, led_suits)) or tuple(hand)
    best = trick_winner(trick, trump)
    seat = (leader + len(trick)) % 4
    if not partners(seat, (leader + best) % 4):
        winning = tuple(c for c in allowed if beats(c, trick[best], trump))
        if winning:
            return winning
    return allowed


def foul(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    leader: int,
    trump: Suit,
    led_suits: frozenset[Suit],
) -> str | None:
    """Which rule playing ``card`` from ``hand`` breaks, in words, or ``None`` if it is legal."""
    if card not in hand:
        return f"{card} is not in the hand"
    if card in legal_cards(hand, trick, leader, trump, led_suits):
        return None
    led = trick[0].suit
    if card.suit is not led and any(c.suit is led for c in hand):
        held = " ".join(str(c) for c in hand if c.suit is led)
        return f"must follow suit: {led} was led and the hand holds {held}"
    if card.suit is not led and _forbidden_seven(card, trump, led_suits):
        return f"cannot play {card}: {card.suit} is not trump and has not been led this hand"
    best = trick[trick_winner(trick, trump)]
    return f"must beat {best}, the opponents' winning card, and can (with a card that beats it)"


def hand_score(card_points: int, tricks: int) -> int:
    """A side's "points collected": its captured cards plus one per trick (ruling 1)."""
    return card_points + tricks


def hand_points(cards: Iterable[Card]) -> int:
    """The points of captured cards."""
    return sum(c.points for c in cards)
