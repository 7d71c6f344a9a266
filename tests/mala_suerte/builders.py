"""Build Mala Suerte positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from cardrules import mala_suerte
from cardrules._random import Rng
from cardrules.mala_suerte import DECK, Card, Curse, Game, Move, State, Step, sort_cards
from cardrules.mala_suerte._knowledge import blank
from cardrules.mala_suerte._records import Board
from cardrules.mala_suerte._state import build_state


def cards(text: str) -> tuple[Card, ...]:
    """``cards("red Clover, blue Black Cat")``, in the order written."""
    return tuple(Card.parse(t) for t in text.split(",") if t.strip())


def position(
    hands: Sequence[str],
    *,
    piles: Sequence[str] = (),
    deck: str = "",
    discard: str = "",
    turn: int = 0,
    step: Step = Step.OPEN,
    alive: Sequence[bool] | None = None,
    clockwise: bool = True,
    curse: Curse | None = None,
    game: Game | None = None,
    rng: int = 12345,
    complete: bool = False,
) -> State:
    """A position in a turn: ``hands[s]`` is seat s's hand, ``piles[s]`` its pile from the bottom, ``deck`` from the top.

    The position need not hold all 42 cards; the rules never count them.  ``complete=True`` builds
    it with :func:`cardrules.mala_suerte.position`, which puts the cards not named at the bottom of
    the common discard, so that the position holds all 42 (which ``sample_state`` needs), and checks
    that a match reaches it.
    """
    n = len(hands)
    game = game or Game(players=n)
    if complete:
        built = mala_suerte.position(
            game, hands=hands, piles=piles, deck=deck, discard=discard, rest="discard", alive=alive,
            turn=turn, step=step, clockwise=clockwise, curse=curse,
        )  # fmt: skip
        return with_rng(built, rng)
    top = cards(deck)
    named = Counter([*top, *cards(discard)])
    for text in (*hands, *piles):
        named.update(cards(text))
    rest = Counter(DECK) - named
    bottom = sort_cards(rest.elements()) if complete else ()
    # As the rules build states: a position that does not hold all 42 cards is not refused.
    return build_state(
        game=game,
        rng=rng,
        hands=tuple(sort_cards(cards(h)) for h in hands),
        piles=tuple(cards(p) for p in piles) if piles else ((),) * n,
        deck=top,
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
            discard=bottom + cards(discard),
            alive=tuple(alive) if alive is not None else (True,) * n,
            clockwise=clockwise,
            curse=curse,
            stolen=None,
            voids=frozenset(),
        ),
    )


def play(state: State, *moves: Move) -> State:
    """Apply ``moves`` in order."""
    for move in moves:
        state = state.apply(move)
    return state


def texts(moves: Sequence[Move]) -> list[str]:
    """The moves as short phrases."""
    return [str(m) for m in moves]


def with_rng(state: State, rng: int) -> State:
    """The same position with another seeded generator (another blind pick), trusted as the position was."""
    return state._replace(rng=rng)


def walked(game: Game, seeds: int) -> Iterator[tuple[State, tuple[Move, ...]]]:
    """Every state of a random match from each of the first ``seeds`` deals, with its legal moves."""
    for seed in range(seeds):
        rng = Rng.from_seed(seed)
        state = game.new_state(seed)
        while not state.is_terminal:
            moves = state.legal_moves()
            yield state, moves
            state = state.apply(moves[rng.below(len(moves))])
