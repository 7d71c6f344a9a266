"""Malilla positions of the user's choosing: name what matters, the rest is dealt by a seed and checked.

>>> from cardrules import malilla
>>> state = malilla.position(dealer=3, trump="Kd", tricks=["5s Ks Qs 7s"], trick="As", seed=1)
>>> state.current_player, state.trick, len(state.hands[0]), state.scores
(0, (Card.parse('As'),), 9, (0, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .._base import _check_seed
from .._errors import CardRulesError, ConfigError
from .._notation import by_seat, named_cards, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief, counted
from ._cards import DECK, SUIT_OF, Card
from ._game import Game
from ._records import Board, HandResult, Trick
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
    scores: tuple[int, int] | None = None,
    hand_number: int | None = None,
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
    ``scores``, which is the only reading when the bonus is not yet in them).  Not named, they are
    the last hand's score and bonus (none in the first hand) and this deal's bonus.

    ``hand_number`` is the hand of the match (the fewest hands that reach ``scores`` when not
    named) and ``last_hand`` the result of the hand before; when it is not named the builder
    completes one that agrees with ``scores``: the seat before the dealer dealt it, with a trump
    and a score drawn so that the hands before it can make up the rest.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no
    match reaches (a card twice, a trick the rules would not allow, a score at the target,
    scores without the dealer's bonus scored at the deal, more points than the hands played can
    score...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise _refuse("game", f"must be a malilla.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    dealer = rng.below(4) if dealer is None else _seat("dealer", dealer)
    if hand_number is not None and (type(hand_number) is not int or hand_number < 1):
        raise _refuse("hand_number", f"must be 1 or more; got {brief(hand_number)}")
    if last_hand is not None and not isinstance(last_hand, HandResult):
        raise _refuse("last_hand", f"must be a malilla.HandResult or None; got {brief(last_hand)}")
    if hand_number == 1 and last_hand is not None:
        raise _refuse("last_hand", "is the result of the hand before; the first hand has none")
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
    if scores is not None:
        _scores_ok(scores, game.target)
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
    hand_number: int | None,
    dealer: int,
    trump_card: Card,
    named: dict[int, list[Card]],
    done: list[list[Card]],
    current: list[Card],
    everything: list[Card],
    scores: tuple[int, int] | None,
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
    scores, held = _dealt_scores(game, dealer, trump_card, scores, last_hand, held_bonus)
    hand_number, last_hand = _match_so_far(
        game, rng, dealer, scores, held, trump_card, hand_number, last_hand
    )
    board = Board(
        game=game,
        hand_number=hand_number,
        dealer=dealer,
        trump=trump_card,
        scores=scores,
        held_bonus=held,
        last_hand=last_hand,
    )
    state = State(
        hands=hands_dealt,
        leader=leader,
        trick=tuple(current),
        tricks=tuple(records),
        outcome=None,
        rng=rng.state,
        board=board,
    )
    return reachable(state, _WHAT)


def _dealt_scores(
    game: Game,
    dealer: int,
    trump_card: Card,
    scores: tuple[int, int] | None,
    last_hand: HandResult | None,
    held_bonus: bool | None,
) -> tuple[tuple[int, int], int]:
    """The scores after the deal and the bonus held: "If the dealer's last (face-up) card is a
    point-scoring card, the dealer's team scores that many points as a bonus. These points are, in
    most cases, scored immediately", unless they "would cause the dealer's team to win" (ruling 11)."""
    side = dealer % 2
    bonus = trump_card.points
    if scores is None:
        before = (0, 0) if last_hand is None else _last_total(last_hand)
        wins = before[side] + bonus >= game.target
    else:
        before = scores
        wins = scores[side] + bonus >= game.target
    if held_bonus and not (bonus and wins):
        raise _refuse("held_bonus", f"the bonus of {trump_card} is held only when scoring it would win")
    if bonus and wins and held_bonus is not False:
        return before, bonus
    if scores is None:
        if wins:
            raise _refuse("held_bonus", f"is False, but the bonus of {trump_card} would win and is held")
        after = [before[0], before[1]]
        after[side] += bonus
        return (after[0], after[1]), 0
    if scores[side] < bonus:
        raise _refuse(
            "scores",
            f"give seats {side} and {side + 2} {scores[side]} points, without the dealer's bonus of "
            f"{bonus} for {trump_card}: \"the dealer's team scores that many points as a bonus. These "
            'points are, in most cases, scored immediately" (it is held only when it would win)',
        )
    return scores, 0


def _last_total(last_hand: HandResult) -> tuple[int, int]:
    """What the hand before added to the scores: its bonus at the deal and its score."""
    total = list(last_hand.scored)
    total[last_hand.dealer % 2] += last_hand.trump.points
    return total[0], total[1]


#: The most a hand scores to one side without ending the match: "They subtract their points
#: collected from 35"; the side behind took a trick (a capote wins the match, ruling 19), so the
#: side ahead collected at most 69 of the 70.
_MOST_A_HAND = 34
#: The most a dealer's bonus is worth: "7: five points".
_MOST_BONUS = 5


def _fits(before: Sequence[int], last_dealer: int, count: int) -> bool:
    """Whether ``count`` hands, the last dealt by ``last_dealer`` (the ones before by the seats before
    it), can make up ``before``: each hand's score goes to one side, each bonus to the dealer's."""
    if min(before) < 0:
        return False
    dealt = [count // 2, count // 2]
    dealt[last_dealer % 2] += count % 2
    need = [max(0, -(-(before[side] - dealt[side] * _MOST_BONUS) // _MOST_A_HAND)) for side in (0, 1)]
    return need[0] + need[1] <= count


def _fewest_hands(before: Sequence[int], last_dealer: int) -> int:
    """The fewest hands that can make up ``before``."""
    count = sum(before) // (_MOST_A_HAND + _MOST_BONUS)
    while not _fits(before, last_dealer, count):
        count += 1
    return count


def _match_so_far(
    game: Game,
    rng: Rng,
    dealer: int,
    scores: tuple[int, int],
    held: int,
    trump_card: Card,
    hand_number: int | None,
    last_hand: HandResult | None,
) -> tuple[int, HandResult | None]:
    """The hand number and the last hand's result, checked against (or completed from) the scores
    before this deal."""
    before = [scores[0], scores[1]]
    if not held:
        before[dealer % 2] -= trump_card.points
    if last_hand is not None:
        _check_last_hand(last_hand, dealer)
        last = _last_total(last_hand)
        before = [before[0] - last[0], before[1] - last[1]]
        if min(before) < 0:
            raise _refuse(
                "last_hand",
                f"scored {last_hand.scored} and a bonus of {last_hand.trump.points}: more than scores",
            )
    done = 0 if last_hand is None else 1  # the hands whose results are known
    first_unknown = (dealer - done - 1) % 4
    if hand_number is None:
        hand_number = 1 + done + _fewest_hands(before, first_unknown)
    elif hand_number - 1 < done or not _fits(before, first_unknown, hand_number - 1 - done):
        raise _refuse(
            "hand_number",
            f"is {hand_number}, but {counted(hand_number - 1, 'hand')} cannot make the scores {scores}: a hand scores "
            f"at most {_MOST_A_HAND} points to one side (a capote ends the match, ruling 19), and a "
            f"dealer's bonus at most {_MOST_BONUS}",
        )
    if last_hand is None and hand_number > 1:
        last_hand = _complete_last_hand(rng, dealer, before, hand_number)
    return hand_number, last_hand


def _check_last_hand(last_hand: HandResult, dealer: int) -> None:
    """A result the rules give: "They subtract their points collected from 35 and score the
    difference", of a hand that did not end the match."""
    if last_hand.dealer != (dealer - 1) % 4:
        raise _refuse("last_hand.dealer", f"is seat {last_hand.dealer}; the seat before the dealer dealt it")
    if last_hand.capote:
        raise _refuse("last_hand.capote", 'is true, but a capote "is sufficient to win the game" (ruling 19)')
    collected = last_hand.collected
    if sum(collected) != 2 * 35 or min(collected) < 1:
        raise _refuse(
            "last_hand.collected",
            f"is {collected}: one point a trick and the cards' make 70, each side took a trick",
        )
    ahead = 0 if collected[0] > collected[1] else 1
    scored = [0, 0]
    scored[ahead] = collected[ahead] - 35
    if last_hand.scored != (scored[0], scored[1]):
        raise _refuse(
            "last_hand.scored",
            f'is {last_hand.scored}; collected {collected} scores {tuple(scored)}: "They subtract their '
            'points collected from 35 and score the difference"',
        )


def _complete_last_hand(rng: Rng, dealer: int, before: Sequence[int], hand_number: int) -> HandResult:
    """A result of the hand before that leaves the hands before it a share of ``before`` they can
    make: the smallest bonus, then the largest score that does."""
    last_dealer = (dealer - 1) % 4
    for bonus in range(_MOST_BONUS + 1):
        for side in (0, 1):
            for score in range(_MOST_A_HAND, -1, -1):
                rest = list(before)
                rest[last_dealer % 2] -= bonus
                rest[side] -= score
                if _fits(rest, last_dealer - 1, hand_number - 2):
                    collected = [35 - score, 35 - score]
                    collected[side] = 35 + score
                    scored = [0, 0]
                    scored[side] = score
                    trump = rng.choice([card for card in DECK if card.points == bonus])
                    return HandResult(
                        dealer=last_dealer,
                        trump=trump,
                        collected=(collected[0], collected[1]),
                        scored=(scored[0], scored[1]),
                        capote=False,
                    )
    raise _refuse("scores", f"cannot be made by {hand_number - 1} hands")  # _fits said they can


def _scores_ok(scores: object, target: int) -> bool:
    if not (isinstance(scores, tuple) and len(scores) == 2 and all(type(s) is int for s in scores)):
        raise _refuse("scores", f"must be two integers (seats 0+2, seats 1+3); got {brief(scores)}")
    for side, score in enumerate(scores):
        if not 0 <= score < target:
            raise _refuse(f"scores[{side}]", f"must be from 0 to {target - 1}, below the target; got {score}")
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
