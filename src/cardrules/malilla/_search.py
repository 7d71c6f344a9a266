"""The rules a search calls, as the package exports them: each checks its arguments, then runs the rule.

The engine and the solver call :mod:`._rules` and :mod:`._evaluate` directly, with arguments their
own states guarantee; a bot writer's arguments are checked here first, so that a card out of the
deck, a suit out of range or a hand of the wrong size is a :class:`~cardrules.PositionError` (a
target, a :class:`~cardrules.ConfigError`) naming it, in the pure build and the compiled one alike,
never an ``IndexError`` or a compiled function's ``TypeError``.  Each check costs time bounded by
the sizes a position allows (ten cards a hand, ten tricks a hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._arguments import boolean, integer
from .._errors import PositionError
from .._words import brief
from . import _evaluate, _rules
from ._cards import DECK, Card
from ._records import Trick

__all__ = ["led_mask", "legal_cards", "legal_mask", "trick_winner", "win_chance"]

_ALL_CARDS = (1 << 40) - 1


def legal_cards(
    hand: Sequence[int],
    trick: Sequence[int],
    trump: int,
    tricks: Sequence[Trick],
    void_must_beat: bool = True,
    led: int = -1,
) -> tuple[Card, ...]:
    """The cards of ``hand`` the seat to play may play after ``trick`` (the cards played to the
    trick so far, in order) under ``trump`` (a suit number), in deck order.

    The leader may lead anything ("it is always OK to lead a 7").  Otherwise: follow suit; when
    void, no off-suit 7 of a suit not yet led unless nothing else is left (ruling 7); then, if an
    opponent holds the trick, only the cards that beat it, when there are any (rulings 4, 5 and
    8); with ``void_must_beat=False`` (option ``must_beat="led_suit"``) only a seat that follows
    suit has to beat.  ``tricks`` are the hand's finished tricks, which say the suits led; a search
    that tracks those passes them as ``led`` (:func:`led_mask`) and no ``tricks``.
    """
    cards = _cards("malilla: legal_cards: hand", hand, 1, 10)
    played = _cards("malilla: legal_cards: trick", trick, 0, 3)
    done = _tricks("malilla: legal_cards", tricks)
    seen = [*played, *(card for t in done for card in t.cards)]
    twice = set(cards) & set(seen) or {card for card in seen if seen.count(card) > 1}
    if twice:
        raise PositionError(f"malilla: legal_cards: {_names(twice)} held or played twice")
    return _rules.legal_cards(
        tuple(sorted(cards)),
        played,
        _suit("malilla: legal_cards: trump", trump),
        done,
        _boolean("malilla: legal_cards: void_must_beat", void_must_beat),
        _integer("malilla: legal_cards: led", led, -1, 15),
    )


def legal_mask(
    hand: int, suit: int, winning: int, opponent: bool, trump: int, led: int, void_must_beat: bool = True
) -> int:
    """The cards of ``hand`` the seat to play may play, as a card mask (card ``c`` is the bit
    ``1 << c``): the rule of :func:`legal_cards`, for a search that keeps hands as masks.

    ``suit`` is the suit led to the trick (``-1`` when the seat leads: it may lead anything),
    ``winning`` the card winning the trick so far and ``opponent`` whether an opponent played it;
    ``led`` is the suits led this hand as :func:`led_mask` gives them (the trick's own included),
    read only when ``hand`` holds none of ``suit``; ``winning`` (any card, or ``-1``, when the seat leads) and
    ``opponent`` are read only when a suit was led.
    """
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 < hand <= _ALL_CARDS:
        raise PositionError(
            f"malilla: legal_mask: hand must be a card mask, a positive integer below 2**40, got {brief(hand)}"
        )
    if _integer("malilla: legal_mask: suit", suit, -1, 3) == -1:
        _integer("malilla: legal_mask: winning", winning, -1, 39)
    elif (hand >> _integer("malilla: legal_mask: winning", winning, 0, 39)) & 1:
        raise PositionError(f"malilla: legal_mask: the winning card {DECK[winning]} is in the hand")
    return _rules.legal_mask(
        hand,
        suit,
        winning,
        _boolean("malilla: legal_mask: opponent", opponent),
        _suit("malilla: legal_mask: trump", trump),
        _integer("malilla: legal_mask: led", led, 0, 15),
        _boolean("malilla: legal_mask: void_must_beat", void_must_beat),
    )


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index in ``cards`` (a trick's one to four cards, in order of play) of the card that wins
    it under ``trump``: "the highest trump, or the highest card of the suit led if no trump was
    played"."""
    return _rules.trick_winner(
        _cards("malilla: trick_winner: cards", cards, 1, 4), _suit("malilla: trick_winner: trump", trump)
    )


def led_mask(tricks: Sequence[Trick], trick: Sequence[int]) -> int:
    """The suits led so far in the hand (its finished ``tricks`` and the ``trick`` in progress), as
    bits: suit ``s`` is ``1 << s``."""
    return _rules.led_mask(
        _tricks("malilla: led_mask", tricks), _cards("malilla: led_mask: trick", trick, 0, 3)
    )


def win_chance(scores: tuple[int, int], target: int) -> float:
    """Side 0's chance to win a match to ``target`` from ``scores`` between equal sides (1 or 0
    once one side has reached it), from a model of a hand's points (the module
    :mod:`cardrules.malilla` says which)."""
    if not isinstance(scores, tuple) or len(scores) != 2:
        raise PositionError(f"malilla: win_chance: scores must be a tuple of two scores, got {brief(scores)}")
    for side, score in enumerate(scores):
        _integer(f"malilla: win_chance: side {side}'s score", score, 0, None)
    target = integer("malilla: win_chance: target", target, 1)
    return _evaluate.win_chance((int(scores[0]), int(scores[1])), target)


def _cards(what: str, cards: Any, least: int, most: int) -> tuple[Card, ...]:
    """``cards`` as Malilla cards, refused unless a sequence of ``least`` to ``most`` distinct deck
    indices."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise PositionError(f"{what} must be a sequence of cards, got {brief(cards)}")
    if not least <= len(cards) <= most:
        raise PositionError(f"{what} must hold {least} to {most} cards, got {len(cards)}")
    found = tuple(DECK[_integer(what, card, 0, 39)] for card in cards)
    if len(set(found)) != len(found):
        raise PositionError(f"{what} holds a card twice: {_names(found)}")
    return found


def _tricks(what: str, tricks: Any) -> tuple[Trick, ...]:
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, Sequence):
        raise PositionError(f"{what}: tricks must be a sequence of Trick, got {brief(tricks)}")
    if len(tricks) > _rules.TRICKS_PER_HAND:
        raise PositionError(f"{what}: a hand has at most 10 tricks, got {len(tricks)}")
    for number, done in enumerate(tricks):
        if not isinstance(done, Trick):
            raise PositionError(f"{what}: tricks[{number}] is not a Trick: {brief(done)}")
        _cards(f"{what}: tricks[{number}].cards", done.cards, 4, 4)
    return tuple(tricks)


def _suit(what: str, suit: Any) -> int:
    return _integer(what, suit, 0, 3)


def _integer(what: str, value: Any, low: int, high: int | None) -> int:
    return integer(what, value, low, high, PositionError)


def _boolean(what: str, value: Any) -> bool:
    return boolean(what, value, PositionError)


def _names(cards: Any) -> str:
    return " ".join(str(card) for card in sorted(cards))
