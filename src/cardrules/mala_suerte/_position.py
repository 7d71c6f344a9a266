"""Mala Suerte positions of the user's choosing: name what matters, the rest is placed by a seed and checked.

>>> from cardrules import mala_suerte
>>> state = mala_suerte.position(hands={0: "red Clover, blue Crows"}, piles={1: "yellow Clover"}, turn=0, seed=1)
>>> state.current_player, [len(hand) for hand in state.hands], len(state.deck)
(0, [2, 6, 6, 6], 21)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from .._base import _check_seed
from .._notation import by_seat, flags, named_cards, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief
from ._cards import DECK, Card, Colour, in_order
from ._game import Game
from ._knowledge import blank
from ._pending import Step
from ._records import Board, Curse
from ._state import State

__all__ = ["position"]

_WHAT = "mala_suerte position"
#: The steps a position may be built at: the setup's mulligan and any decision of a turn.
_STEPS = tuple(step for step in Step if step is not Step.OVER)


def _cards(field: str, given: object) -> list[Card]:
    return named_cards(_WHAT, field, given, Card, Card.parse, len(DECK), ",")


def position(
    game: Game | None = None,
    *,
    hands: Mapping[int, str | Iterable[Card | str]] | Sequence[str | Iterable[Card | str]] = (),
    piles: Mapping[int, str | Iterable[Card | str]] | Sequence[str | Iterable[Card | str]] = (),
    deck: str | Iterable[Card | str] = (),
    discard: str | Iterable[Card | str] = (),
    rest: Literal["deck", "discard"] = "deck",
    alive: Sequence[bool] | None = None,
    turn: int | None = None,
    step: Step | str = Step.OPEN,
    clockwise: bool = True,
    curse: Curse | None = None,
    stolen: Colour | None = None,
    returns: Sequence[str | Iterable[Card | str]] = (),
    aside: str | Iterable[Card | str] = (),
    seed: int = 0,
) -> State:
    """A Mala Suerte state at a decision of a turn, or of the setup's mulligan, from what the user names.

    ``hands`` gives whole hands by seat (a seat still in whose hand is not named is dealt six cards),
    ``piles`` each seat's pile from the bottom card, ``deck`` the top cards of the deck from the top,
    ``discard`` the common discard from the bottom.  The cards not named go, shuffled, under the
    named top of the deck (``rest="deck"``) or under the discard (``rest="discard"``).  ``alive``
    says who is still in, ``turn`` whose turn it is (chosen by ``seed`` among the seats still in
    when not named), ``step`` how far the turn has gone (any step of a turn: the card that led to
    it is not remembered), ``clockwise`` the horseshoe token, ``curse`` Evil Eye's pending
    obligation and ``stolen`` the colour a Crows took, while the counter-steal
    (``Step.CROWS_COUNTER``) waits.  Every seat knows only what the table sees.

    ``step=Step.MULLIGAN`` (with ``mulligan=True``) is the setup's secret round, before any turn:
    ``returns`` are the cards the seats that decided return, seat 0 first, and ``aside`` those the
    next seat, deciding, has set aside so far; a seat's hand holds the cards it returns.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no
    match reaches (a card more often than the deck holds it, a seat out holding cards...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise refusal(_WHAT, "game", f"must be a mala_suerte.Game; got {brief(game)}")
    n = game.players
    rng = Rng.from_seed(_check_seed(game.name, seed))
    if rest not in ("deck", "discard"):
        raise refusal(_WHAT, "rest", f"must be 'deck' or 'discard'; got {brief(rest)}")
    step = _step(step)
    alive = (True,) * n if alive is None else flags(_WHAT, "alive", alive, n)
    if type(clockwise) is not bool:
        raise refusal(_WHAT, "clockwise", f"must be true or false; got {brief(clockwise)}")
    if curse is not None and not isinstance(curse, Curse):
        raise refusal(_WHAT, "curse", f"must be a mala_suerte.Curse or None; got {brief(curse)}")
    if stolen is not None and not isinstance(stolen, Colour):
        raise refusal(_WHAT, "stolen", f"must be a mala_suerte.Colour or None; got {brief(stolen)}")
    named_hands = by_seat(_WHAT, "hands", hands, n, _cards)
    partial: set[int] = set()
    returned = _returns(game, step, returns, aside, turn)
    for seat, given in enumerate(returned):
        if seat not in named_hands:
            named_hands[seat] = list(given)  # the seat's hand holds what it returns: dealt the rest
            partial.add(seat)
    named_piles = by_seat(_WHAT, "piles", piles, n, _cards)
    top = _cards("deck", deck)
    bottom = _cards("discard", discard)
    named = Counter(top + bottom)
    for cards in (*named_hands.values(), *named_piles.values()):
        named.update(cards)
    stock = Counter(game.cards)
    over = named - stock
    if over:
        card = next(iter(over))
        raise refusal(
            _WHAT,
            "hands, piles, deck and discard",
            f"name {card} more often than the deck holds it ({stock[card]})",
        )
    free = rng.shuffled(sorted((stock - named).elements()))
    for seat in range(n):
        if seat not in named_hands or seat in partial:
            have = named_hands.get(seat, [])
            take = game.hand_size - len(have) if alive[seat] else 0
            if len(free) < take:
                raise refusal(
                    _WHAT, "hands", f"cannot be dealt: seat {seat} needs {take} cards, {len(free)} are left"
                )
            named_hands[seat], free = have + free[:take], free[take:]
    if rest == "deck":
        top = top + free
    else:
        bottom = [*in_order(free), *bottom]
    still_in = [seat for seat in range(n) if alive[seat]]
    if step is Step.MULLIGAN:
        if curse is not None or stolen is not None or not clockwise:
            raise refusal(
                _WHAT, "curse, stolen and clockwise", "are set by turns; the mulligan comes before the first"
            )
        return _mulligan(game, rng, named_hands, named_piles, top, bottom, alive, returned)
    if turn is None:
        if not still_in:
            raise refusal(_WHAT, "alive", "names no seat still in")
        turn = rng.choice(still_in)
    turn = seat_of(_WHAT, "turn", turn, n)
    state = State(
        game=game,
        rng=rng.state,
        hands=tuple(in_order(named_hands[seat]) for seat in range(n)),
        piles=tuple(tuple(named_piles.get(seat, ())) for seat in range(n)),
        deck=tuple(top),
        deck_colours=(top[0].colour,) if top and game.coloured_backs else (),
        turn=turn,
        step=step,
        knowledge=(blank(n),) * n,
        last_turn=(),
        this_turn=(),
        outcome=None,
        returns=(),
        aside=(),
        board=Board(
            discard=tuple(bottom),
            alive=tuple(alive),
            clockwise=clockwise,
            curse=curse,
            stolen=stolen,
            voids=frozenset(),
        ),
    )
    return reachable(state, _WHAT)


def _returns(
    game: Game,
    step: Step,
    returns: object,
    aside: str | Iterable[Card | str],
    turn: int | None,
) -> list[tuple[Card, ...]]:
    """The mulligan's commitments, then the deciding seat's cards set aside: each a sorted list."""
    if isinstance(returns, (str, bytes, Mapping)) or not isinstance(returns, Sequence):
        raise refusal(
            _WHAT, "returns", f"must be a list of the seats' returns, seat 0 first; got {brief(returns)}"
        )
    committed = [_cards(f"returns[{seat}]", cards) for seat, cards in enumerate(returns[: game.players])]
    set_aside = _cards("aside", aside)
    if step is not Step.MULLIGAN:
        if returns or set_aside:
            raise refusal(_WHAT, "returns", "and aside belong to the setup's mulligan (step=Step.MULLIGAN)")
        return []
    if not game.mulligan:
        raise refusal(_WHAT, "step", "is the mulligan, which this game skips (mulligan=False)")
    if turn is not None:
        raise refusal(
            _WHAT,
            "turn",
            "is named, but the mulligan comes before the first turn: the seats decide in seat order",
        )
    if len(returns) >= game.players:
        raise refusal(
            _WHAT,
            "returns",
            f"holds {len(returns)} seats' returns; a mulligan under way has fewer than {game.players}",
        )
    for field, cards in (
        *((f"returns[{seat}]", c) for seat, c in enumerate(committed)),
        ("aside", set_aside),
    ):
        if len(cards) > game.hand_size:
            raise refusal(
                _WHAT,
                field,
                f'returns {len(cards)} cards: "Anyone may return between 1 and {game.hand_size} cards"',
            )
    return [in_order(cards) for cards in (*committed, set_aside)]


def _mulligan(
    game: Game,
    rng: Rng,
    hands: Mapping[int, list[Card]],
    piles: Mapping[int, list[Card]],
    top: list[Card],
    bottom: list[Card],
    alive: tuple[bool, ...],
    returned: list[tuple[Card, ...]],
) -> State:
    """The state of the setup's mulligan: full hands, no turn, nothing played yet."""
    n = game.players
    if any(piles.values()) or bottom:
        raise refusal(
            _WHAT, "piles", "and discard must be empty in the mulligan: no card is played before it"
        )
    if not all(alive):
        raise refusal(_WHAT, "alive", "names a seat out in the mulligan, before any card is played")
    state = State(
        game=game,
        rng=rng.state,
        hands=tuple(in_order(hands[seat]) for seat in range(n)),
        piles=((),) * n,
        deck=tuple(top),
        deck_colours=(top[0].colour,) if top and game.coloured_backs else (),
        turn=None,
        step=Step.MULLIGAN,
        knowledge=(blank(n),) * n,
        last_turn=(),
        this_turn=(),
        outcome=None,
        returns=tuple(tuple(cards) for cards in returned[:-1]),
        aside=tuple(returned[-1]),
        board=Board(discard=(), alive=alive, clockwise=True, curse=None, stolen=None, voids=frozenset()),
    )
    return reachable(state, _WHAT)


def _step(step: object) -> Step:
    found = step if isinstance(step, Step) else None
    if isinstance(step, str):
        found = next((s for s in _STEPS if step.upper() == s.name or step.lower() == s.value), None)
    if found not in _STEPS:
        names = ", ".join(s.name for s in _STEPS)
        raise refusal(
            _WHAT,
            "step",
            f"must be the mulligan or a step of a turn, one of {names}; got {brief(step)}",
        )
    assert found is not None
    return found
