"""Views show what a seat may know; samples respect it."""

from __future__ import annotations

from collections import Counter

import attrs

from cardrules.maldicion import (
    Card,
    Draw,
    DrawnPhase,
    Element,
    Game,
    Hero,
    Play,
    ReflexPhase,
    State,
    UseAbility,
)
from cardrules.maldicion._cards import ACTION_DECK, OF_ELEMENT

from ..helpers import random_walk
from .builders import FILLER, cards, position


def _c(text: str) -> Card:
    return Card.parse(text)


class TestViews:
    """A View holds the seat's own cards and everything public, nothing else."""

    def test_drawn_card_only_to_its_drawer(self) -> None:
        """The card drawn is seen by the drawer alone."""
        state = position(["bow/water", "bow/water"], pile="club/fire", deck="dagger/fire").apply(Draw(0))
        assert state.view(0).phase == DrawnPhase(0, _c("dagger/fire"))
        assert state.view(1).phase == DrawnPhase(0, None)

    def test_heroes_hidden_until_used(self) -> None:
        """Each seat sees its own Hero; the others' only once their ability is used (ruling 5)."""
        state = Game(players=3).new_state(8)
        view = state.view(1)
        assert view.hero is state.heroes[1] and view.heroes == (None, None, None)

    def test_sigourney_does_not_see(self) -> None:
        """Cards dealt blind are seen by the receiver only."""
        state = position(
            ["ability/fire club/water", "bow/water", "bow/water"],
            heroes=[Hero.SIGOURNEY, Hero.ALLARD, Hero.EMMA],
            deck="sword/plant dagger/plant staff/plant",
        )
        s = state.apply(Play(0, _c("ability/fire"))).apply(UseAbility(0))
        for seed in range(3):
            sample = s.game.sample_state(s.view(0), seed)
            assert sample.view(0) == s.view(0)


class TestSamples:
    """``sample_state`` places hidden cards only where they could be."""

    def test_known_cards_stay(self) -> None:
        """Cards raised by Brishen are public: every sample leaves them in the hand that took them."""
        state = position(
            ["ability/fire club/water bow/fire", "bow/water", "bow/water"],
            heroes=[Hero.BRISHEN, Hero.ALLARD, Hero.EMMA],
            pile="club/fire shield/fire dagger/fire",
            deck=" ".join(FILLER.split()[:4]),
        )
        s = state.apply(Play(0, _c("ability/fire"))).apply(UseAbility(0))
        for seed in range(10):
            sample = s.game.sample_state(s.view(2), seed)
            assert _c("dagger/fire") in sample.hands[1] and _c("club/fire") in sample.hands[2]

    def test_deck_after_a_reshuffle(self) -> None:
        """After a reshuffle the Deck holds only reshuffled cards the seat has not drawn since."""
        state = position(
            ["bow/water dagger/water", "bow/water"],
            pile="sword/plant dagger/plant staff/plant club/fire",
            deck="",
            holder=1,
        )
        s = state.apply(Draw(0))
        assert s.reshuffled is not None and len(s.deck) == 2
        view = s.view(1)
        pool = Counter(view.reshuffled or ())
        pool.subtract(view.seen)
        for seed in range(10):
            sample = s.game.sample_state(view, seed)
            assert not Counter(sample.deck) - pool

    def test_reflex_seat_holds_the_card(self) -> None:
        """A seat asked in a Reflex window holds a card identical to the top one, in every sample."""
        state = position(
            ["club/fire sword/water", "club/water bow/water", "club/fire dagger/water", "staff/water"],
            pile="club/plant",
        )
        s = state.apply(Play(0, _c("club/fire")))
        assert isinstance(s.phase, ReflexPhase)
        for seed in range(10):
            assert _c("club/fire") in s.game.sample_state(s.view(1), seed).hands[2]

    def test_drawn_card_nobody_else_can_hold(self) -> None:
        """Seat 1 drew the last card of the Deck: with its other cards not fitting ("If the player whose turn it
        is has no card to play, they must draw") and seat 2 known to hold no water card, only the Water Bow can be
        the drawn card, and every sample draws it."""
        hands = ["club/fire", "bow/water sword/plant", "staff/plant"]
        rest = Counter(ACTION_DECK)
        rest.subtract(cards(" ".join(hands)) + cards("club/water"))
        pile = " ".join(c.to_json() for c in rest.elements()) + " club/water"  # every other card was played
        state = position(hands, pile=pile, phase=DrawnPhase(1, _c("bow/water")))
        # What the table learned is not the builder's to name: seat 2 passed over water, as a match shows it.
        memory = attrs.evolve(state.memory, voids=(frozenset(), frozenset(), OF_ELEMENT[Element.WATER]))
        s = attrs.evolve(state, memory=memory)
        view = s.view(0)
        for seed in range(12):
            sample = s.game.sample_state(view, seed)
            assert sample.phase == DrawnPhase(1, _c("bow/water")) and sample.view(0) == view
            assert not set(sample.hands[2]) & OF_ELEMENT[Element.WATER]


class TestVoids:
    """What everyone learns a seat lacks: "If the player whose turn it is has no card to play, they must draw"."""

    def test_drawing_shows_nothing_fitted(self) -> None:
        """Seat 0 drew on a Fire Club and played the drawn card: it holds no fire card, club or Gem."""
        state = position(
            ["bow/water dagger/plant", "sword/water", "staff/plant"],
            pile="club/fire",
            deck=" ".join(["gem"] * 3),
        )
        s = state.apply(Draw(0)).apply(Play(0, _c("gem"), element=Element.WATER))
        void = s.memory.voids[0]
        assert _c("sword/fire") in void and _c("club/plant") in void and _c("gem") in void
        assert _c("bow/plant") not in void

    def test_samples_respect_it(self) -> None:
        """In real matches, no sample gives a seat a kind of card everyone knows it lacks."""
        checked = 0
        for seed in range(6):
            for state, _ in random_walk(Game(players=3), seed):
                assert isinstance(state, State)
                voids = state.memory.voids
                if not any(voids) or state.is_terminal:
                    continue
                viewer = next(v for v in range(3) if any(voids[s] for s in range(3) if s != v))
                sample = state.game.sample_state(state.view(viewer), seed)
                assert all(not set(sample.hands[s]) & voids[s] for s in range(3) if s != viewer)
                checked += 1
        assert checked > 50

    def test_forgotten_with_an_unseen_card(self) -> None:
        """Taking an unseen card ends what was known."""
        state = position(
            ["bow/water dagger/plant", "sword/lightning"], pile="club/fire", deck="sword/plant gem gem"
        )
        s = state.apply(Draw(0)).apply(Play(0, _c("gem"), element=Element.LIGHTNING))
        assert s.memory.voids[0]
        s = s.apply(Play(1, _c("sword/lightning"), call=True))
        assert s.phase.seat == 0 and Draw(0) in s.legal_moves()
        assert not s.apply(Draw(0)).memory.voids[0]


class TestWords:
    """Front ends narrate public events only and render a seat's table."""

    def test_given_card_stays_unnamed(self) -> None:
        """Odilia's returned card is seen by its receiver alone: the narration does not name it."""
        state = position(
            ["ability/fire club/water", "bow/water sword/fire", "dagger/water"],
            heroes=[Hero.ODILIA, Hero.ALLARD, Hero.EMMA],
        )
        s = state.apply(Play(0, _c("ability/fire"))).apply(UseAbility(0))
        move = next(iter(s.legal_moves()))
        lines = s.describe(move, s.apply(move))
        assert lines == ("seat 0 gives a card to seat 1",)
        # A seat that neither gave nor received it observes only that a card was given.
        assert s.observation(move, 2) == ("give", 0, move.to, move.call)  # type: ignore[attr-defined]
        assert s.observation(move, 0) == move and s.observation(move, move.to) == move  # type: ignore[attr-defined]

    def test_render(self) -> None:
        """The rendered view shows the seat's own hand and the others' sizes."""
        state = position(["club/water sword/fire", "bow/water", "dagger/water"])
        text = state.view(0).render()
        assert "your hand: Water Club, Fire Sword" in text and "seat 2: 1 card" in text
