"""Build Magyar népmesék positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules import magyar_nepmesek
from cardrules._random import Rng
from cardrules.magyar_nepmesek import Game, Meld, Pending, State

P1, P1B, P1C = "plus1-piglet", "plus1-rooster", "plus1-goat"
P2, P2B = "plus2-shepherd", "plus2-miller"
P3, P3B = "plus3-princess", "plus3-taltos"
P4 = "plus4-king"
N1, N1B, N2, N2B, N3, N4 = (
    "minus1-little-devil",
    "minus1-liderc",
    "minus2-witch",
    "minus2-wolf",
    "minus3-dragon",
    "minus4-seven-headed-dragon",
)
PINKO, MIDNIGHT = "pinko", "midnight"
SHIELD, VILLAGE, BALL = "shield", "village", "crystal-ball"
DRAW2, DRAW3, DISCARD1, DISCARD2, ALL_DISCARD = (
    "draw-2",
    "draw-3",
    "make-discard-1",
    "make-discard-2",
    "all-discard-1",
)
TAKE2, PASS2, PURPLE, ALL_PURPLE = "take-2", "pass-2", "lay-purple", "all-lay-purple"
MUG, SATCHEL, SHEEP, KEY, PALACE = "chipped-mug", "holed-satchel", "black-sheep", "rusty-key", "palace"
LANTERN, MIRROR, TAKE_BACK, HUSSAR, LAZY = "lantern", "magic-mirror", "take-back", "hussar", "lazy-girl"

STARTER = Game()
#: The draw pile a position holds when it names none: four cards no scenario names.
FILLER = ("plus1-kitten",) * 4
ADVANCED = Game(variant="advanced")
FIFTH = Game(variant="advanced", fifth_edition=True)
FIFTH_STARTER = Game(fifth_edition=True)


def position(
    hands: Sequence[Sequence[str]],
    *,
    game: Game = STARTER,
    draw: Sequence[str] = FILLER,
    discard: Sequence[str] = (),
    melds: Sequence[Sequence[Meld]] | None = None,
    turn: int = 0,
    pending: Pending | None = None,
    villages: Sequence[Sequence[str | None]] | None = None,
    final: int = 0,
    last_drawer: int | None = None,
    skips: Sequence[bool] | None = None,
    seed: int = 12345,
) -> State:
    """A position: ``hands[s]`` is seat s's hand; ``draw`` lists the pile bottom first (its last card is drawn next).

    Built by :func:`cardrules.magyar_nepmesek.position`: the cards not named lie under the named
    discard, so the position holds the whole deck, and it is one a match reaches."""
    n = game.players
    hands = list(hands) + [()] * (n - len(hands))
    return magyar_nepmesek.position(
        game,
        hands=[list(h) for h in hands],
        draw=list(draw),
        discard=list(discard),
        melds=[tuple(m) for m in (melds or [()] * n)],
        villages=[list(v) for v in (villages or [()] * n)],
        turn=turn,
        pending=pending,
        skips=skips,
        final=final,
        last_drawer=last_drawer,
        seed=seed,
    )


def discarded(before: State, after: State) -> tuple[str, ...]:
    """The cards put on the discard pile from ``before`` to ``after`` (the pile under them unchanged)."""
    assert after.discard[: len(before.discard)] == before.discard
    return after.discard[len(before.discard) :]


def moves_of(state: State) -> set[str]:
    """The legal moves as short phrases."""
    return {str(m) for m in state.legal_moves()}


def walk(game: Game, seed: int, steps: int) -> State:
    """The state after up to ``steps`` random legal moves from the deal of ``seed``."""
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state
