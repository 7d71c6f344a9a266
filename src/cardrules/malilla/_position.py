"""Malilla positions of the user's choosing: name what matters, the rest is dealt by a seed and checked.

>>> from cardrules import malilla
>>> state = malilla.position(dealer=3, trump="Kd", tricks=["5s Ks Qs 7s"], trick="As", seed=1)
>>> state.current_player, state.trick, len(state.hands[0])
(0, (Card.parse('As'),), 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .._base import _check_seed
from .._errors import CardRulesError, ConfigError
from .._notation import by_seat, named_cards, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief
from ._cards import DECK, SUIT_OF, Card
from ._game import Game
from ._records import HandResult, Trick
from ._rules import TRICKS_PER_HAND, cannot_hold, trick_winner
from ._state import State

__all__ = ["Cards", "position"]

#: Cards as the user writes them: ``"7s Ah 2c"`` (or ``7♠``), or an iterable of cards or such words.
Cards = str | Iterable[Card | str]

_WHAT = "malilla position"


def _refuse(field: str, problem: str) -> ConfigError:
    return refusal(_WHAT, field, problem)


def _cards(field: str, given: object) -> list[Card]:
    return named_cards(_WHAT, field, given, Card, Card.parse, len(DECK))


def _seat(field: str, value: object) -> int:
    return seat_of(_WHAT, field, value, 4)


def position(
    game: Game | None = None,
    *,
    hands: Mapping[int, Cards] | Sequence[Cards] = (),
    dealer: int | None = None,
    trump: Card | str | None = None,
    tricks: Sequence[Cards] = (),
    trick: Cards = (),
    scores: tuple[int, int] = (0, 0),
    hand_number: int = 1,
    last_hand: HandResult | None = None,
    held_bonus: bool | None = None,
    seed: int = 0,
) -> State:
    """A Malilla state in the middle of a hand, from what the user names.

    ``hands`` gives cards that seats hold (by seat; a hand may be named in part), ``tricks`` the
    completed tricks of this hand in order of play (their leaders and winners follow from the
    rules), ``trick`` the cards of the trick in progress from its leader.  The dealer, the trump
    (turned up to the dealer) and every card not named are chosen from ``seed``: each seat is
    dealt what it has left to play, never a card its plays show it does not hold.  ``scores`` are
    the match scores after the deal: the dealer's bonus is either in them already or, when scoring
    it would have won, held (``held_bonus``; ``None`` holds it whenever it would win from
    ``scores``, which is the only reading when the bonus is not yet in them).

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no
    match reaches (a card twice, a trick the rules would not allow, a score at the target...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise _refuse("game", f"must be a malilla.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    dealer = rng.below(4) if dealer is None else _seat("dealer", dealer)
    if type(hand_number) is not int or hand_number < 1:
        raise _refuse("hand_number", f"must be 1 or more; got {brief(hand_number)}")
    if hand_number > 1 and last_hand is None:
        raise _refuse("last_hand", "must be given from the second hand on (the result of the hand before)")
    named = by_seat(_WHAT, "hands", hands, 4, _cards)
    if isinstance(tricks, (str, bytes, Mapping)) or not isinstance(tricks, Sequence):
        raise _refuse("tricks", f"must be a list of completed tricks, each its cards; got {brief(tricks)}")
    done = [_cards(f"tricks[{i}]", cards) for i, cards in enumerate(tricks[:TRICKS_PER_HAND])]
    if len(done) >= TRICKS_PER_HAND:
        raise _refuse("tricks", f"hold {len(done)} tricks; a hand in play has fewer than {TRICKS_PER_HAND}")
    for index, cards in enumerate(done):
        if len(cards) != 4:
            raise _refuse(f"tricks[{index}]", f"holds {len(cards)} cards; a completed trick has 4")
    current = _cards("trick", trick)
    if len(current) >= 4:
        raise _refuse("trick", f"holds {len(current)} cards; the trick in progress has fewer than 4")
    named_cards = [c for seat in sorted(named) for c in named[seat]]
    played = [c for cards in done for c in cards] + current
    everything = named_cards + played
    if len(set(everything)) != len(everything):
        twice = next(c for c in everything if everything.count(c) > 1)
        raise _refuse("hands, tricks and trick", f"name {twice} twice; each card is in one place")
    _scores_ok(scores)
    if held_bonus is not None and type(held_bonus) is not bool:
        raise _refuse("held_bonus", f"must be True, False or None; got {brief(held_bonus)}")
    if trump is not None:
        candidates = _cards("trump", [trump])
        if len(candidates) != 1:
            raise _refuse("trump", f"must be one card; got {brief(trump)}")
    else:
        candidates = _trump_options(dealer, named, done, current, everything, rng)
    problem: CardRulesError | None = None
    for trump_card in candidates:
        try:
            return _build(game, rng, hand_number, dealer, trump_card, named, done, current, everything,
                          scores, last_hand, held_bonus)  # fmt: skip
        except CardRulesError as exc:
            problem = problem or exc
    assert problem is not None
    raise problem


def _build(
    game: Game,
    rng: Rng,
    hand_number: int,
    dealer: int,
    trump_card: Card,
    named: dict[int, list[Card]],
    done: list[list[Card]],
    current: list[Card],
    everything: list[Card],
    scores: tuple[int, int],
    last_hand: HandResult | None,
    held_bonus: bool | None,
) -> State:
    """The state with this trump: leaders and winners of the tricks follow, then the deal and the checks."""
    suit = SUIT_OF[trump_card]
    leader = (dealer + 1) % 4
    records: list[Trick] = []
    for cards in done:
        winner = (leader + trick_winner(cards, suit)) % 4
        records.append(Trick(leader, tuple(cards), winner))
        leader = winner
    if trump_card not in everything:
        if len(named.get(dealer, ())) >= TRICKS_PER_HAND - len(done) - ((dealer - leader) % 4 < len(current)):
            raise _refuse("trump", f"{trump_card} is not in the full hand of the dealer, seat {dealer}")
        named = {**named, dealer: [*named.get(dealer, ()), trump_card]}
    hands_dealt = _deal(named, leader, records, current, suit, game, rng)
    side = dealer % 2
    wins = scores[side] + trump_card.points >= game.target
    if held_bonus and not (trump_card.points and wins):
        raise _refuse("held_bonus", f"the bonus of {trump_card} is held only when scoring it would win")
    held = trump_card.points if wins and held_bonus is not False else 0
    state = State(
        game=game,
        rng=rng.state,
        hand_number=hand_number,
        dealer=dealer,
        trump=trump_card,
        hands=hands_dealt,
        leader=leader,
        trick=tuple(current),
        tricks=tuple(records),
        scores=scores,
        held_bonus=held,
        last_hand=last_hand,
        outcome=None,
    )
    return reachable(state, _WHAT)


def _scores_ok(scores: object) -> bool:
    if not (isinstance(scores, tuple) and len(scores) == 2 and all(type(s) is int for s in scores)):
        raise _refuse("scores", f"must be two integers (seats 0+2, seats 1+3); got {brief(scores)}")
    return True


def _trump_options(
    dealer: int,
    named: dict[int, list[Card]],
    done: list[list[Card]],
    current: list[Card],
    everything: list[Card],
    rng: Rng,
) -> list[Card]:
    """The cards that may be turned up, in an order chosen by ``rng``: those the dealer named, and those
    not named at all (dealt to the dealer with it); failing these, the cards played (the dealer's own
    plays are known once the trump gives the tricks' winners)."""
    options = sorted(set(named.get(dealer, ())) | (set(DECK) - set(everything)))
    if not options:
        options = sorted({c for cards in done for c in cards} | set(current))
    return rng.shuffled(options)


def _deal(
    named: dict[int, list[Card]],
    leader: int,
    records: list[Trick],
    current: list[Card],
    suit: int,
    game: Game,
    rng: Rng,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Each seat's hand: its named cards and, from ``rng``, as many more as it has left to play."""
    sizes = [TRICKS_PER_HAND - len(records) - ((seat - leader) % 4 < len(current)) for seat in range(4)]
    for seat, cards in named.items():
        if len(cards) > sizes[seat]:
            raise _refuse(
                f"hands[{seat}]", f"holds {len(cards)} cards; the seat has {sizes[seat]} left to play"
            )
    absent = cannot_hold(records, Trick(leader, tuple(current), -1), suit, game.must_beat == "any_card")
    used = (
        {c for cards in named.values() for c in cards} | {c for t in records for c in t.cards} | set(current)
    )
    free = [c for c in DECK if c not in used]
    # The most constrained cards first, each to a seat with room that may hold it, chosen at random.
    for _ in range(20):
        hands = {seat: list(named.get(seat, ())) for seat in range(4)}
        order = rng.shuffled(free)
        order.sort(key=lambda c: sum(c not in absent[s] for s in range(4)))
        for card in order:
            seats = [s for s in range(4) if len(hands[s]) < sizes[s] and card not in absent[s]]
            if not seats:
                break
            hands[rng.choice(seats)].append(card)
        else:
            return (
                tuple(sorted(hands[0])),
                tuple(sorted(hands[1])),
                tuple(sorted(hands[2])),
                tuple(sorted(hands[3])),
            )
    raise _refuse("hands", "cannot be completed: the cards not named do not fit the seats the plays allow")
