"""What the table learns a seat lacks (Reflex windows passed over, a drawn card pending), and samples respect."""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules import SerializationError
from cardrules.maldicion import (
    ACTION_DECK,
    CARDS,
    Card,
    Draw,
    DrawnPhase,
    Element,
    Game,
    Play,
    ReflexPhase,
    State,
    TurnPhase,
)
from cardrules.maldicion._sample import _inferred_voids

from ..helpers import random_walk
from .builders import position

GEM = Card.parse("gem")
#: Seat 0 holds the only Gem in a hand.
LONE_GEM = [
    "gem bow/water",
    "club/water sword/water",
    "staff/water dagger/water",
    "bow/lightning club/lightning",
]


def _rest(hands: list[str], pile: str = "club/fire", top: str = "") -> str:
    """Every Action card not in ``hands`` or ``pile``, as a Deck whose top card is ``top``."""
    left = Counter(ACTION_DECK)
    for text in [*hands, pile, top]:
        left.subtract(Card.parse(t) for t in text.split())
    deck = [c.label for c in ACTION_DECK if left[c] > 0 and not left.subtract((c,))]
    return " ".join([*deck, *top.split()])


def _samples(state: State, viewer: int, count: int = 30) -> list[State]:
    view = state.view(viewer)
    out = []
    for seed in range(count):
        sample = state.game.sample_state(view, seed)
        assert sample.view(viewer) == view
        out.append(sample)
    return out


class TestReflexWindow:
    """ "when a player is not on their turn and has in hand a card IDENTICAL ...": a seat not asked has none."""

    def test_seat_passed_over_before_the_asked_one(self) -> None:
        """Seat 0 plays a Gem, the window asks seat 2: seat 1 was passed over and holds no Gem."""
        hands = [
            "gem bow/water",
            "club/water sword/water",
            "gem dagger/water",
            "bow/lightning club/lightning",
        ]
        state = position(hands, deck=_rest(hands))
        s = state.apply(Play(0, GEM, element=Element.WATER))
        assert isinstance(s.phase, ReflexPhase) and s.phase.seat == 2
        assert GEM in s.view(2).voids[1] and GEM not in s.view(2).voids[3]
        assert all(GEM not in sample.hands[1] for sample in _samples(s, 2))

    def test_window_that_asked_nobody(self) -> None:
        """Nobody held another Gem: every seat knows the others hold none."""
        hands = LONE_GEM
        state = position(hands, deck=_rest(hands))
        s = state.apply(Play(0, GEM, element=Element.WATER))
        assert s.phase == TurnPhase(1)
        voids = s.view(1).voids
        assert GEM in voids[1] and GEM in voids[2] and GEM in voids[3]
        assert all(GEM not in sample.hands[2] + sample.hands[3] for sample in _samples(s, 1))

    def test_remembered_in_later_decisions(self) -> None:
        """Two turns after the window went past seats 2 and 3, samples for seat 1 still deal them no Gem."""
        hands = LONE_GEM
        state = position(hands, deck=_rest(hands))
        s = state.apply(Play(0, GEM, element=Element.WATER))
        s = s.apply(Play(1, Card.parse("club/water")))
        s = s.apply(Play(2, Card.parse("staff/water")))
        assert s.current_player == 3
        view = s.view(1)
        assert GEM in view.voids[2] and GEM in view.voids[3]
        assert all(GEM not in sample.hands[2] + sample.hands[3] for sample in _samples(s, 1))

    def test_forgotten_when_the_seat_takes_an_unseen_card(self) -> None:
        """A card drawn unseen may be a Gem: the table no longer knows that seat 3 holds none."""
        hands = LONE_GEM
        state = position(hands, deck=_rest(hands, top="gem"))
        s = state.apply(Play(0, GEM, element=Element.WATER))
        s = s.apply(Play(1, Card.parse("club/water")))
        s = s.apply(Play(2, Card.parse("staff/water")))
        s = s.apply(Draw(3))
        assert GEM not in s.view(1).voids[3] and GEM in s.view(1).voids[2]

    def test_true_in_real_matches(self) -> None:
        """Whatever a view shows or infers a seat lacks, that seat lacks in the real state (a drawn card apart)."""
        checked = 0
        for game in (Game(players=4), Game(players=3, difficulty="hard"), Game(players=6, mode="guild_war")):
            for seed in range(4):
                for state, _ in random_walk(game, seed):
                    assert isinstance(state, State)
                    if state.is_terminal:
                        continue
                    hands = [list(h) for h in state.hands]
                    if isinstance(state.phase, DrawnPhase) and state.phase.card is not None:
                        hands[state.phase.seat].remove(state.phase.card)  # the void is of the rest
                    for viewer in range(game.players):
                        voids = _inferred_voids(state.view(viewer))
                        for s, void in enumerate(voids):
                            if void:
                                assert not set(hands[s]) & void, (game, seed, s)
                                checked += 1
        assert checked > 500


class TestDrawnCard:
    """ "If the player whose turn it is has no card to play, they must draw a card"."""

    def test_the_rest_of_the_hand_did_not_fit(self) -> None:
        """While seat 0 decides on its drawn card, its other cards are known not to fit the Fire Club."""
        hands = ["bow/water dagger/plant", "sword/water", "staff/plant"]
        state = position(hands, pile="club/fire", deck=_rest(hands, top="club/plant"))
        s = state.apply(Draw(0))
        assert s.phase == DrawnPhase(0, Card.parse("club/plant"))
        for sample in _samples(s, 1):
            drawn = sample.phase
            assert isinstance(drawn, DrawnPhase) and drawn.card is not None
            rest = list(sample.hands[0])
            rest.remove(drawn.card)
            assert not any(
                c.element is Element.FIRE or c.figure is GEM.figure or c.label.startswith("club")
                for c in rest
            )


class TestStoredKnowledge:
    """What windows showed is part of the state's JSON, and checked when read back."""

    def test_round_trip_and_bad_bits(self) -> None:
        game = Game(players=4)
        s = next(st for st, _ in random_walk(game, 1) if isinstance(st, State) and any(st.passed))
        data = s.to_dict()
        assert State.from_dict(data) == s
        fields = data["data"]
        assert isinstance(fields, dict)
        for bad in ([-1, 0, 0, 0], [1 << len(CARDS), 0, 0, 0], [0, 0, 0]):
            with pytest.raises(
                SerializationError,
                match=r"passed (are not bits of the kinds of card|has length 3; it must be 4)",
            ):
                State.from_dict({**data, "data": {**fields, "passed": bad}})
