"""maldicion.position: a position named in part is completed by a seed, checked, and refused naming
the argument when no match reaches it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ConfigError, maldicion
from cardrules.maldicion import ACTION_DECK, Element, Hero, TurnPhase
from tests.helpers import reached


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), game=st.sampled_from(maldicion.Game.examples()))
def test_every_reached_turn_of_any_game_is_built_from_its_description(
    seed: int, steps: int, game: maldicion.Game
) -> None:
    state = reached(game, seed, steps)
    assert isinstance(state, maldicion.State)
    if state.is_terminal or type(state.phase) is not TurnPhase or state.silent:
        return
    built = maldicion.position(
        game,
        hands=[list(h) for h in state.hands],
        deck=list(state.deck),
        pile=list(state.pile),
        element=state.element,
        phase=state.phase,
        dealer=state.dealer,
        direction=state.direction,
        penalized=list(state.penalized),
        heroes=list(state.heroes),
        curses=list(state.curses),
        hp=list(state.hp),
        game_number=state.game_number,
        seed=seed,
    )
    # What seats learned, the last decision's events, what was shown and the generator are not named.
    same = attrs.evolve(
        built,
        rng=state.rng,
        match=attrs.evolve(built.match, heroes_shown=state.heroes_shown, curses_shown=state.curses_shown),
        memory=state.memory,
        passed=state.passed,
        events=state.events,
    )
    assert same == state


def test_what_is_not_named_is_dealt_by_the_seed_and_the_match_plays_on() -> None:
    game = maldicion.Game(players=3)
    for seed in range(10):
        state = maldicion.position(game, hands={0: "club/fire gem"}, deck="sword/water", seed=seed)
        assert state.hands[0] == tuple(sorted(state.hands[0], key=ACTION_DECK.index))
        assert [len(h) for h in state.hands] == [2, 7, 7] and state.deck[-1] == maldicion.Card.parse(
            "sword/water"
        )
        places = Counter([*state.deck, *state.pile, *(c for h in state.hands for c in h)])
        assert places == Counter(ACTION_DECK) and len(set(state.heroes)) == 3
        for _ in range(40):
            if state.is_terminal:
                break
            state = state.apply(state.legal_moves()[seed % len(state.legal_moves())])


PVP = maldicion.Game(players=2, mode="pvp")


class TestLaterGamesOfADuel:
    """ "Each player begins the duel with a Life Counter of 100 HP": a PvP duel plays games until one
    Counter reaches 0, the Heroes staying and the deal passing to the other seat."""

    def test_the_counters_name_the_fewest_games(self) -> None:
        assert maldicion.position(PVP, hp=[100, 100]).game_number == 1
        assert maldicion.position(PVP, hp=[100, 72]).game_number == 2
        state = maldicion.position(PVP, hp=[91, 72], seed=3)
        assert (state.game_number, state.hp) == (3, (91, 72))
        assert maldicion.position(PVP, hp=[91, 72], game_number=6).game_number == 6

    @pytest.mark.parametrize("seed", range(8))
    def test_counters_not_named_are_drawn_above_zero(self, seed: int) -> None:
        state = maldicion.position(PVP, game_number=4, seed=seed)
        assert state.game_number == 4 and min(state.hp) > 0
        while not state.is_terminal and state.game_number == 4:
            state = state.apply(state.legal_moves()[0])
        assert state.is_terminal or state.game_number == 5

    @pytest.mark.parametrize("game_number", [65, 66, 10**9, 10**18])
    def test_any_game_of_a_long_duel_is_built_at_once(self, game_number: int) -> None:
        """Counters can rise as well as fall, so a duel has no last game: the builder reaches any of
        them in bounded time (games past the first 64 it draws cancel out in pairs)."""
        state = maldicion.position(PVP, game_number=game_number, seed=1)
        assert state.game_number == game_number and min(state.hp) > 0


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"hands": {0: "club/fire " * 8}}, "more often than the deck holds"),
        ({"hands": {0: "nope"}}, r"hands\[0\] holds 'nope'"),
        ({"hands": "club/fire"}, "hands must be given by seat"),
        ({"hands": {5: "gem"}}, "hands must be a seat"),
        ({"heroes": [Hero.ALLARD, Hero.ALLARD]}, "one Hero to two seats"),
        ({"heroes": ["allard"]}, r"heroes\[0\] must be a Hero"),
        ({"curses": [Element.FIRE] * 3}, "curses"),
        ({"turn": 0, "phase": TurnPhase(0)}, "name the decision twice"),
        ({"turn": 9}, "turn must be a seat"),
        ({"phase": "turn"}, "phase must be"),
        ({"direction": 2}, "direction"),
        ({"penalized": [True]}, "penalized must be"),
        ({"penalized": [True, False, False, False], "turn": 0}, "Penalized"),
        ({"hp": [50, 50]}, "hp"),
        ({"rest": "hand"}, "rest must be"),
        ({"dealer": -1}, "dealer must be a seat"),
        ({"seed": "1"}, "seed"),
        ({"game": 4}, "game must be"),
        ({"game_number": 2}, "only a PvP duel plays several games"),
        ({"game": PVP, "game_number": 0}, "game_number must be 1 or more"),
        # "the winner's Counter does not change" (ruling 35): after one game one Counter is at 100.
        ({"game": PVP, "hp": [80, 90], "game_number": 2}, "2 changed need 3 games"),
        ({"game": PVP, "hp": [80]}, "hp must be the two Life Counters"),
        ({"game": PVP, "hp": [0, 100]}, "Life Counter at 0 or below"),
    ],
)
def test_a_position_no_match_reaches_is_refused_naming_the_argument(
    arguments: dict[str, Any], says: str
) -> None:
    game = arguments.pop("game", None)
    with pytest.raises(ConfigError, match=says):
        maldicion.position(game, **arguments)
