"""The rules of play, as pure functions of cards.

Cards are deck indices (see ``_cards``): within a suit a lower index is a
stronger card, and suits are numbered 0-3.  Each function quotes the rulebook
sentence it implements; the rulings are numbered as on the docs page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._cards import DECK, SUIT_OF, Card
from ._records import Trick

__all__ = ["cannot_hold", "foul", "led_mask", "legal_cards", "legal_mask", "ruled_out", "trick_winner"]

TRICKS_PER_HAND = 10
#: ``_BIT[card]``: the card as a bit of a card mask.
_BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(40))


def _power_table(trump: int, led: int) -> tuple[int, ...]:
    """Each card's power in a trick led in ``led`` under ``trump``: the highest power wins.

    "the highest trump, or the highest card of the suit led if no trump was played":
    trumps rank above the led suit, the led suit above the rest, which can never win (power 0).
    """
    power = []
    for card in range(40):
        suit, strength = SUIT_OF[card], 9 - card % 10
        power.append(30 + strength if suit == trump else 10 + strength if suit == led else 0)
    return tuple(power)


#: ``POWER[trump][led][card]``.
POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_power_table(trump, led) for led in range(4)) for trump in range(4)
)


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index in ``cards`` (in order of play) of the card that wins the trick."""
    return _winning(POWER[trump][SUIT_OF[cards[0]]], cards)[0]


def _winning(power: tuple[int, ...], cards: Sequence[int]) -> tuple[int, int]:
    """The index in ``cards`` of the card winning the trick so far, and its power (``power`` is
    ``POWER[trump][led]``): the highest power, the first played of equals."""
    best, top = 0, power[cards[0]]
    for i in range(1, len(cards)):
        if power[cards[i]] > top:
            best, top = i, power[cards[i]]
    return best, top


def led_mask(tricks: Sequence[Trick], trick: Sequence[int]) -> int:
    """The suits led so far in the hand, as bits (suit ``s`` is ``1 << s``)."""
    mask = 1 << SUIT_OF[trick[0]] if trick else 0
    for done in tricks:
        mask |= 1 << SUIT_OF[done.cards[0]]
    return mask


def _forbidden_seven(card: int, trump: int, led: int) -> bool:
    """ "you cannot play a 7 of a non-trump suit that has not yet been led in that hand" (ruling 6)."""
    suit = SUIT_OF[card]
    return card % 10 == 0 and suit != trump and not (led >> suit) & 1


#: ``SUIT_BITS[suit]``: the suit's ten cards as a card mask (card ``c`` is the bit ``1 << c``).
SUIT_BITS: Final[tuple[int, ...]] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
#: ``_FORBIDDEN[trump << 4 | led]``: the 7s :func:`_forbidden_seven` forbids, as a card mask.
_FORBIDDEN: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(40) if _forbidden_seven(c, trump, led))
    for trump in range(4)
    for led in range(16)
)


def _beaters(power: tuple[int, ...]) -> list[int]:
    """For each card, the cards of higher ``power`` than it (a row of :data:`POWER`), as a card mask."""
    level = [0] * 41  # level[p]: the cards of power p
    for card in range(40):
        level[power[card]] |= 1 << card
    above = [0] * 41  # above[p]: the cards of power above p
    for p in range(39, -1, -1):
        above[p] = above[p + 1] | level[p + 1]
    return [above[power[card]] for card in range(40)]


#: ``BEATERS[(trump << 2 | suit) * 40 + card]``: the cards of higher power (:data:`POWER`) than
#: ``card`` in a trick led in ``suit``, as a card mask.
BEATERS: Final[tuple[int, ...]] = tuple(
    mask for trump in range(4) for suit in range(4) for mask in _beaters(POWER[trump][suit])
)


def _suit_cards() -> tuple[tuple[Card, ...], ...]:
    """``_SUIT_CARDS[suit << 10 | bits]``: the cards of ``suit`` whose bits are set in ``bits`` (the
    suit's ten bits of a card mask), in deck order."""
    table: list[tuple[Card, ...]] = []
    for suit in range(4):
        table.append(())
        for bits in range(1, 1024):
            low = bits & -bits
            table.append((DECK[10 * suit + low.bit_length() - 1], *table[suit << 10 | bits ^ low]))
    return tuple(table)


_SUIT_CARDS: Final = _suit_cards()


def legal_mask(
    hand: int, suit: int, winning: int, opponent: bool, trump: int, led: int, void_must_beat: bool = True
) -> int:
    """The rule of the legal cards on card masks; :func:`cardrules.malilla.legal_mask` (which checks
    its arguments, then calls this) says what each argument is."""
    if suit < 0:
        return hand
    allowed = hand & SUIT_BITS[suit]
    if not allowed:
        allowed = hand & ~_FORBIDDEN[trump << 4 | led] or hand
        if not void_must_beat:
            return allowed
    if opponent:
        winners = allowed & BEATERS[(trump << 2 | suit) * 40 + winning]
        if winners:
            return winners
    return allowed


def legal_cards(
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    trump: int,
    tricks: Sequence[Trick],
    void_must_beat: bool = True,
    led: int = -1,
) -> tuple[Card, ...]:
    """The cards the seat to play may play, in deck order (the order a state keeps its hands in).

    The leader may lead anything ("it is always OK to lead a 7").  Otherwise:
    follow suit; when void, no off-suit 7 of a suit not yet led unless nothing
    else is left (ruling 7); then, if an opponent holds the trick, only the
    cards that beat it, when there are any (rulings 4, 5 and 8); with
    ``void_must_beat=False`` (option ``must_beat="led_suit"``) only a seat that
    follows suit has to beat.  A search that tracks the suits led passes them
    as ``led`` (:func:`led_mask`) and no ``tricks``.  The rule is
    :func:`legal_mask`'s, on the hand's cards as a mask.
    """
    if not trick:
        return hand
    suit = SUIT_OF[trick[0]]
    bits = sum(map(_BIT.__getitem__, hand))
    best, _ = _winning(POWER[trump][suit], trick)
    if led < 0:
        led = led_mask(tricks, trick) if not bits & SUIT_BITS[suit] else 0  # read only when void
    legal = legal_mask(bits, suit, trick[best], (len(trick) - best) % 2 == 1, trump, led, void_must_beat)
    if legal == bits:
        return hand
    if not legal & ~SUIT_BITS[suit]:  # following suit
        return _SUIT_CARDS[suit << 10 | legal >> 10 * suit]
    return (
        _SUIT_CARDS[legal & 1023]
        + _SUIT_CARDS[1 << 10 | (legal >> 10) & 1023]
        + _SUIT_CARDS[2 << 10 | (legal >> 20) & 1023]
        + _SUIT_CARDS[3 << 10 | legal >> 30]
    )


def foul(
    card: Card,
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    trump: int,
    tricks: Sequence[Trick],
    void_must_beat: bool = True,
) -> str | None:
    """Which rule playing ``card`` from ``hand`` breaks, in words, or ``None`` if it is legal."""
    if card not in hand:
        return f"{card} is not in the hand"
    if card in legal_cards(hand, trick, trump, tricks, void_must_beat):
        return None
    led = trick[0].suit
    if card.suit is not led and any(c.suit is led for c in hand):
        held = " ".join(str(c) for c in hand if c.suit is led)
        return f"must follow suit: {led} was led and the hand holds {held}"
    if card.suit is not led and _forbidden_seven(card, trump, led_mask(tricks, trick)):
        return f"cannot play {card}: {card.suit} is not trump and has not been led this hand"
    best = trick[trick_winner(trick, trump)]
    return f"must beat {best}, the opponents' winning card, and can (with a card that beats it)"


def ruled_out(
    trick: Sequence[Card], card: Card, trump: int, led: int, void_must_beat: bool = True
) -> tuple[Card, ...]:
    """The cards the seat that played ``card`` onto ``trick`` cannot have held, since the play was legal.

    ``led`` is :func:`led_mask` with ``trick`` in progress.  A play off the led
    suit shows a void in it; a play that leaves an opponent's card winning
    shows that no card the seat had to play instead was in its hand (the
    stronger cards of the led suit, or, when void and ``void_must_beat``, the
    stronger trumps); a forbidden 7 shows that the hand held nothing else
    (ruling 7).  The leader's card shows nothing.
    """
    if not trick:
        return ()
    led_suit = SUIT_OF[trick[0]]
    power = POWER[trump][led_suit]
    out: list[Card] = []
    follows = SUIT_OF[card] == led_suit
    if not follows:
        out.extend(DECK[led_suit * 10 : led_suit * 10 + 10])
        if _forbidden_seven(card, trump, led):
            out.extend(c for c in DECK if SUIT_OF[c] != led_suit and not _forbidden_seven(c, trump, led))
            return tuple(out)
    if not follows and not void_must_beat:
        return tuple(out)
    best, top = _winning(power, trick)
    if (len(trick) - best) % 2 and power[card] <= top:
        # An opponent holds the trick and the card does not beat it: nothing that could was held.
        out.extend(c for c in DECK if power[c] > top and (SUIT_OF[c] == led_suit) == follows)
    return tuple(out)


def cannot_hold(
    tricks: Sequence[Trick], trick: Trick, trump: int, void_must_beat: bool = True
) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]:
    """For each seat, the unplayed cards its legal plays this hand show it does not hold.

    ``trick`` is the one in progress.  A seat that failed to follow a suit holds
    none of it; one that let an opponent's card win holds nothing it would have
    had to beat it with (rulings 4, 5 and 8); one that played a forbidden 7 held
    nothing else (ruling 7).  Cards already played are left out.  No card comes
    into a hand during a hand, so a hand that holds one of these was played
    from illegally.
    """
    found: list[set[Card]] = [set(), set(), set(), set()]
    led = 0
    played: set[Card] = set()
    for done in (*tricks, trick):
        if not done.cards:
            continue
        played.update(done.cards)
        led |= 1 << SUIT_OF[done.cards[0]]
        for i in range(1, len(done.cards)):
            found[done.player_of(i)].update(
                ruled_out(done.cards[:i], done.cards[i], trump, led, void_must_beat)
            )
    return (
        frozenset(found[0] - played),
        frozenset(found[1] - played),
        frozenset(found[2] - played),
        frozenset(found[3] - played),
    )
