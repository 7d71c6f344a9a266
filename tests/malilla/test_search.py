"""The rule functions the package exports for a search: the engine's own rules, behind a check of
their arguments that names what is wrong (a bot writer's bad input is a PositionError or a
ConfigError, never an IndexError, in either build)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import ConfigError, PositionError, malilla
from cardrules.malilla import DECK, SUIT_OF, Card, Game, Trick, _evaluate, _rules


def _positions() -> list[malilla.State]:
    """Every state of a few seeded random matches' first hands, trick by trick."""
    states = []
    for seed in range(6):
        state = Game().new_state(seed)
        while not state.is_terminal and state.hand_number == 1:
            states.append(state)
            moves = state.legal_moves()
            state = state.apply(moves[(seed * 7 + len(states)) % len(moves)])
    return states


class TestTheExportedRulesAreTheEngines:
    def test_legal_cards_are_the_legal_moves(self) -> None:
        for state in _positions():
            seat = state.current_player
            assert seat is not None
            cards = malilla.legal_cards(state.hands[seat], state.trick, SUIT_OF[state.trump], state.tricks)
            assert cards == tuple(move.card for move in state.legal_moves())

    def test_the_mask_rule_and_the_trick_rules_agree_with_the_engines(self) -> None:
        for state in [s for s in _positions() if s.trick]:  # a suit led, so every rule is read
            seat = state.current_player
            assert seat is not None
            trump = SUIT_OF[state.trump]
            led = malilla.led_mask(state.tricks, state.trick)
            assert led == _rules.led_mask(state.tricks, state.trick)
            best = malilla.trick_winner(state.trick, trump)
            assert best == _rules.trick_winner(state.trick, trump)
            hand = sum(1 << card for card in state.hands[seat])
            opponent = (len(state.trick) - best) % 2 == 1
            mask = malilla.legal_mask(hand, SUIT_OF[state.trick[0]], state.trick[best], opponent, trump, led)
            assert mask == sum(1 << move.card for move in state.legal_moves())

    def test_deck_indices_are_taken_for_cards(self) -> None:
        """Cards are deck indices: plain integers in, the deck's cards out, in deck order."""
        assert malilla.legal_cards([12, 2, 1], [3], 0, []) == (DECK[1], DECK[2])
        assert malilla.trick_winner([Card.parse("5s"), 1], 1) == 1


#: The package as a bot writer's untyped code sees it, handing in anything.
_loose: Any = malilla


def _loose_cards(*cards: int) -> Any:
    return cards


class TestBadArgumentsAreNamed:
    @pytest.mark.parametrize(
        ("call", "words"),
        [
            (lambda: _loose.legal_cards("7s", [], 0, []), "hand must be a sequence of cards"),
            (lambda: _loose.legal_cards(list(range(11)), [], 0, []), "hand must hold 1 to 10 cards, got 11"),
            (lambda: _loose.legal_cards([40], [], 0, []), "hand must be an integer from 0 to 39; got 40"),
            (lambda: _loose.legal_cards([1, 1], [], 0, []), "hand holds a card twice"),
            (lambda: _loose.legal_cards([1, 2], [2], 0, []), "held or played twice"),
            (lambda: _loose.legal_cards([1], [2], 4, []), "trump must be an integer from 0 to 3; got 4"),
            (
                lambda: _loose.legal_cards([1], [2], True, []),
                "trump must be an integer from 0 to 3; got True",
            ),
            (lambda: _loose.legal_cards([1], [2], 0, [1]), "tricks[0] is not a Trick: 1"),
            (lambda: _loose.legal_cards([1], [2], 0, [], "yes"), "void_must_beat must be True or False"),
            (
                lambda: _loose.legal_cards([1], [2], 0, [], True, 16),
                "led must be an integer from -1 to 15; got 16",
            ),
            (
                lambda: _loose.legal_cards([1], [2], 0, [], True, -1.0),
                "led must be an integer from -1 to 15; got -1.0",
            ),
            (lambda: _loose.trick_winner([], 0), "cards must hold 1 to 4 cards, got 0"),
            (lambda: _loose.trick_winner([1, 2, 3, 4, 5], 0), "cards must hold 1 to 4 cards, got 5"),
            (lambda: _loose.trick_winner(iter([1, 2]), 0), "cards must be a sequence of cards"),
            (
                lambda: _loose.led_mask([Trick(0, _loose_cards(1, 2, 3), 0)], []),
                "tricks[0].cards must hold 4 to 4 cards",
            ),
            (lambda: _loose.led_mask([], [1, 2, 3, 4]), "trick must hold 0 to 3 cards, got 4"),
            (lambda: _loose.legal_mask(0, -1, 0, False, 0, 0), "hand must be a card mask"),
            (lambda: _loose.legal_mask(1 << 40, -1, 0, False, 0, 0), "hand must be a card mask"),
            (lambda: _loose.legal_mask(10**400, -1, 0, False, 0, 0), "an integer of 1329 bits"),
            (lambda: _loose.legal_mask(6, 4, 0, True, 0, 0), "suit must be an integer from -1 to 3; got 4"),
            (lambda: _loose.legal_mask(6, 0, 1, True, 0, 0), "the winning card"),
            (lambda: _loose.legal_mask(6, 0, 0, 1, 0, 0), "opponent must be True or False; got 1"),
            (
                lambda: _loose.legal_mask(6, 0, 0, True, 0, "s"),
                "led must be an integer from 0 to 15; got 's'",
            ),
            (lambda: _loose.win_chance([0, 0], 35), "scores must be a tuple of two scores"),
            (lambda: _loose.win_chance((0, -1), 35), "side 1's score must be an integer >= 0; got -1"),
        ],
    )
    def test_a_position_that_cannot_be(self, call: Callable[[], object], words: str) -> None:
        with pytest.raises(PositionError, match=f"^malilla: [a-z_]+: .*{re.escape(words)}"):
            call()

    @pytest.mark.parametrize("target", [0, -3, 2.5, True, "35", None])
    def test_a_target_that_is_not_a_positive_integer(self, target: object) -> None:
        with pytest.raises(ConfigError, match="malilla: win_chance: target must be an integer >= 1"):
            _loose.win_chance((0, 0), target)

    def test_a_hand_built_trick_that_cannot_be_is_refused(self) -> None:
        """A Trick built by hand with a card out of the deck is refused where it is read."""
        with pytest.raises(
            PositionError, match=r"tricks\[0\]\.cards must be an integer from 0 to 39; got 99"
        ):
            _loose.led_mask([Trick(0, _loose_cards(1, 2, 3, 99), 0)], [])


def test_the_exported_chance_is_the_evaluations() -> None:
    """The chance of the match a search is given is the one IS-MCTS play-outs are valued by."""
    for target in (12, 35):
        for a in range(target + 1):
            for b in range(target + 1):
                assert malilla.win_chance((a, b), target) == _evaluate.win_chance((a, b), target)
