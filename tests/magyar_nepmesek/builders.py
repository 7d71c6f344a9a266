"""Build Magyar népmesék positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._random import Rng
from cardrules.magyar_nepmesek import Board, Game, Main, Meld, Pending, State
from cardrules.magyar_nepmesek._cards import sort

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
ADVANCED = Game(variant="advanced")
FIFTH = Game(variant="advanced", fifth_edition=True)
FIFTH_STARTER = Game(fifth_edition=True)


def position(
    hands: Sequence[Sequence[str]],
    *,
    game: Game = STARTER,
    draw: Sequence[str] = (P1, P1, P1, P1),
    discard: Sequence[str] = (),
    melds: Sequence[Sequence[Meld]] | None = None,
    turn: int = 0,
    pending: Pending | None = None,
    villages: Sequence[Sequence[str | None]] | None = None,
    final: int = 0,
    last_drawer: int | None = None,
) -> State:
    """A position: ``hands[s]`` is seat s's hand; ``draw`` lists the pile bottom first (its last card is drawn next)."""
    n = game.players
    hands = list(hands) + [()] * (n - len(hands))
    slots = [tuple(v) for v in (villages or [()] * n)]
    return State(
        game=game,
        turn=turn,
        pending=pending if pending is not None else Main(turn),
        hands=tuple(sort(h) for h in hands),
        draw=tuple(draw),
        discard=tuple(discard),
        known=tuple(tuple(() for _ in range(n)) for _ in range(n)),
        events=(),
        outcome=None,
        board=Board(
            rng=12345,
            villages=tuple(slots),
            village_cards=tuple((VILLAGE,) * len(v) for v in slots),
            zones=(len(draw), 0, 0),
            melds=tuple(tuple(m) for m in (melds or [()] * n)),
            skips=(False,) * n,
            final=final,
            last_drawer=last_drawer,
        ),
    )


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
