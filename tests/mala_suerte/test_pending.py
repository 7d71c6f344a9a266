"""The pending decision: one kind per step of the turn, built from the state's fields, the same in every view."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

from cardrules import mala_suerte
from cardrules._pending import Pending as CorePending
from cardrules.mala_suerte import (
    CARDS,
    COLOURS,
    CatTake,
    Colour,
    CrowsCounter,
    CrowsSteal,
    EvilEyeColour,
    Game,
    MirrorSwap,
    MulliganChoice,
    Pending,
    Play,
    SaltTake,
    Step,
    Take,
    TurnOpen,
)
from cardrules.mala_suerte._cards import COLOUR_INDEX, COLOUR_OF

from .builders import cards, position

KINDS = [
    cls
    for cls in vars(mala_suerte).values()
    if isinstance(cls, type) and issubclass(cls, Pending) and cls is not Pending
]


class TestKinds:
    """Every step but the end has exactly one kind of decision, exported from the package."""

    def test_one_kind_per_step(self) -> None:
        assert sorted(cls.step.value for cls in KINDS) == sorted(s.value for s in Step if s is not Step.OVER)

    def test_each_kind_is_a_core_pending_named_in_all(self) -> None:
        for cls in KINDS:
            assert issubclass(cls, CorePending)
            assert cls.__name__ in mala_suerte.__all__


class TestTheRuleContract:
    """Every kind of decision words its rule; the contract is checked when a class is made, not at a move."""

    def test_every_kind_says_its_rule(self) -> None:
        for cls in KINDS:
            assert cls.rule is not Pending.rule, cls.__name__

    def test_a_kind_without_its_rule_is_refused_when_defined(self) -> None:
        with pytest.raises(TypeError, match="Silent: a kind of decision must say its rule"):

            @attrs.frozen
            class Silent(Pending):
                step: ClassVar[Step] = Step.OPEN
                seat: int

    def test_the_base_says_which_kind_forgot(self) -> None:
        class Unnamed(Pending):
            __slots__ = ()

        with pytest.raises(NotImplementedError, match="Unnamed does not say its rule"):
            _ = Unnamed().rule

    def test_no_abc_on_the_hot_path(self) -> None:
        assert all(type(cls) is type for cls in (CorePending, Pending, *KINDS))


class TestFromTheState:
    """``state.pending`` says who decides and what the decision needs."""

    def test_a_new_match_waits_for_seat_0s_mulligan(self) -> None:
        assert Game(players=3).new_state(seed=1).pending == MulliganChoice(0)

    def test_without_the_mulligan_the_first_turn_opens(self) -> None:
        state = Game(players=3, mulligan=False).new_state(seed=1)
        assert state.pending == TurnOpen(state.turn if state.turn is not None else -1)

    def test_crows_steal_then_the_next_seat_steals_back(self) -> None:
        state = position(["red Crows, blue Clover", "red Evil Eye, blue Horseshoe", "red Horseshoe"])
        state = state.apply(Play(0, cards("red Crows")[0]))
        assert state.pending == CrowsSteal(seat=0, source=1)
        state = state.apply(Take(0, 1, Colour.RED))
        assert state.pending == CrowsCounter(seat=1, source=0, stolen=Colour.RED)
        assert state.pending.rule == "Crows: seat 1 must steal back a card from seat 0, not red"

    def test_the_black_cat_is_decided_by_the_next_seat(self) -> None:
        state = position(["red Black Cat, blue Crows", "red Crows", "red Horseshoe"], deck="blue Horseshoe")
        state = state.apply(Play(0, cards("red Black Cat")[0]))
        assert state.pending == CatTake(seat=1, source=0)
        assert state.current_player == 1

    def test_spilled_salt_takes_from_the_next_seat_the_token_points_to(self) -> None:
        state = position(["red Spilled Salt, blue Crows", "red Crows", "red Horseshoe"], clockwise=False)
        state = state.apply(Play(0, cards("red Spilled Salt")[0]))
        assert state.pending == SaltTake(seat=0, source=2)

    def test_evil_eye_names_the_next_seat(self) -> None:
        state = position(["red Evil Eye, blue Crows", "red Crows", "red Horseshoe"])
        state = state.apply(Play(0, cards("red Evil Eye")[0]))
        assert state.pending == EvilEyeColour(seat=0, target=1)

    def test_the_broken_mirror_waits_for_the_player(self) -> None:
        state = position(
            ["red Broken Mirror, blue Crows", "red Crows", "red Horseshoe"],
            piles=["blue Horseshoe", "", "yellow Horseshoe"],
        )
        state = state.apply(Play(0, cards("red Broken Mirror")[0]))
        assert state.pending == MirrorSwap(seat=0)

    @pytest.mark.parametrize("game", Game.examples(), ids=str)
    def test_on_random_play_it_names_the_seat_to_act_and_every_view_agrees(self, game: Game) -> None:
        rng = random.Random(7)
        state = game.new_state(seed=3)
        seen: set[type] = set()
        for _ in range(600):
            pending = state.pending
            if state.is_terminal:
                assert pending is None and state.step is Step.OVER
                state = game.new_state(seed=rng.randrange(1000))
                continue
            assert pending is not None
            seen.add(type(pending))
            assert pending.step is state.step and pending.seat == state.current_player
            assert all(state.view(seat).pending == pending for seat in range(game.players))
            state = state.apply(rng.choice(state.legal_moves()))
        assert TurnOpen in seen


class TestOneColourTable:
    """A card's colour is worked out in one place, and every reading of it agrees."""

    def test_every_card(self) -> None:
        for card in CARDS:
            assert COLOUR_OF[card] is card.colour is COLOURS[COLOUR_INDEX[card]]
            assert mala_suerte.Card.of(card.kind, card.colour) is card
