"""States and views read from JSON keep the invariants the rules keep, or are refused (issue 18).

Each case tampers with a real ``to_dict()`` output the way the issue's campaign found crashing or
misleading the engine later, and expects a :class:`SerializationError` naming the field.  Whatever
is accepted plays on: an accepted state has a legal move exactly while it is not over, and an
accepted view is what its seat sees of the state ``sample_state`` builds from it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import (
    ConfigError,
    SerializationError,
    games,
    magyar_nepmesek,
    mala_e_cuia,
    mala_suerte,
    malilla,
)

Data = dict[str, Any]


def _played(game: Any, seed: int, moves: int) -> Any:
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _refused(cls: Any, good: Data, change: Callable[[Data], object], message: str) -> None:
    data = copy.deepcopy(good)
    change(data["data"])
    with pytest.raises(SerializationError, match=message):
        cls.from_dict(data)


class TestMalaSuerte:
    GAME = mala_suerte.Game(players=3)

    def test_an_unsorted_hand_is_refused(self) -> None:
        """Hands are kept sorted: elimination takes the Clovers from the front of the hand."""
        good = self.GAME.new_state(1).to_dict()
        _refused(
            mala_suerte.State, good, lambda d: d["hands"][0].reverse(), r"hands\[0\] is not in the order"
        )

    def test_an_eliminated_seat_holding_cards_is_refused(self) -> None:
        good = mala_suerte.Game(players=3, mulligan=False).new_state(1).to_dict()
        _refused(
            mala_suerte.State, good, lambda d: d.update(alive=[True, True, False]), r"hands\[2\] holds cards"
        )

    def test_an_empty_hand_on_turn_is_refused(self) -> None:
        """ "If at the end of a turn ... leaving them without cards": a seat still in at a turn's start holds cards."""
        good = mala_suerte.Game(players=3, mulligan=False).new_state(1).to_dict()

        def empty(d: Data) -> None:
            d["deck"] += d["hands"][d["turn"]]
            d["hands"][d["turn"]] = []

        _refused(mala_suerte.State, good, empty, "is empty at the start of a turn")

    def test_a_mulligan_commitment_of_cards_not_held_is_refused(self) -> None:
        state = self.GAME.new_state(1).apply(mala_suerte.Keep(0))
        good = state.to_dict()
        _refused(
            mala_suerte.State,
            good,
            lambda d: d.update(returns=[[d["hands"][1][0]]]),
            r"returns\[0\] holds cards",
        )

    def test_a_dropped_commitment_is_read_as_the_mulligan_one_decision_earlier(self) -> None:
        """Commitments are secret (ruling 5): nothing but ``returns`` tells how many seats decided.

        So the list's length is not fixed by the rest of the state, and a list with its last entry
        dropped is exactly the position before that seat's decision, which a match reaches.
        """
        state = self.GAME.new_state(1)
        first = state.apply(mala_suerte.Mulligan(0, state.hands[0][0])).apply(mala_suerte.Keep(0))
        second = first.apply(mala_suerte.Mulligan(1, first.hands[1][0])).apply(mala_suerte.Keep(1))
        data = second.to_dict()
        fields = data["data"]
        assert isinstance(fields, dict) and isinstance(fields["returns"], list)
        fields["returns"].pop()
        assert mala_suerte.State.from_dict(data) == first

    def test_a_dropped_commitment_that_moves_cards_to_another_seat_is_refused(self) -> None:
        state = self.GAME.new_state(1)
        first = state.apply(mala_suerte.Mulligan(0, state.hands[0][0])).apply(mala_suerte.Keep(0))
        second = first.apply(mala_suerte.Mulligan(1, first.hands[1][0])).apply(mala_suerte.Keep(1))
        _refused(
            mala_suerte.State, second.to_dict(), lambda d: d["returns"].pop(0), r"returns\[0\] holds cards"
        )
        aside = second.apply(mala_suerte.Mulligan(2, second.hands[2][0]))
        _refused(mala_suerte.State, aside.to_dict(), lambda d: d["returns"].pop(), "aside holds cards")

    def test_a_false_knowledge_fact_is_refused(self) -> None:
        good = self.GAME.new_state(1).to_dict()

        def claim(d: Data) -> None:
            d["knowledge"][0]["hands"][1] = [d["hands"][2][0]]

        _refused(
            mala_suerte.State, good, claim, r"knowledge\[0\]\.hands\[1\] holds cards that cannot be there"
        )

    def test_a_view_with_impossible_sizes_is_refused(self) -> None:
        good = self.GAME.new_state(1).view(0).to_dict()
        _refused(mala_suerte.View, good, lambda d: d["hand_sizes"].__setitem__(1, 11), "hand_sizes")

    def test_the_mulligan_tells_nothing_of_cards_set_aside(self) -> None:
        """Ruling 5: the seats still to decide must not count the cards set aside."""
        state = self.GAME.new_state(1)
        card = state.hands[0][0]
        after = state.apply(mala_suerte.Mulligan(0, card))
        assert state.describe(mala_suerte.Mulligan(0, card), after) == ()
        assert state.observation(mala_suerte.Mulligan(0, card), 1) is None
        assert after.view(1) == state.view(1)

    def test_the_sample_keeps_the_public_clovers_returned_to_the_deck(self) -> None:
        """Ruling 7: an eliminated hand is shown, so every seat knows its Clovers went into the deck."""
        from cardrules.mala_suerte._sample import public_knowledge

        game = mala_suerte.Game(players=4, mulligan=False)
        state = game.new_state(0)
        rng = random.Random(0)
        while not any(k.deck for k in state.knowledge) or state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        public = public_knowledge(view)
        assert public.deck and all(card.kind is mala_suerte.Kind.CLOVER for card in public.deck)
        sample = game.sample_state(view, 3)
        for other in range(4):
            if other != seat:
                assert set(public.deck) <= set(state.knowledge[other].deck)
                assert sample.knowledge[other].deck == public.deck


class TestMalaECuia:
    GAME = mala_e_cuia.Game(players=3, mode="cooperative")

    def _guessing(self) -> Any:
        state = self.GAME.new_state(2)
        while state.packing:
            state = state.apply(state.legal_moves()[0])
        return state

    def test_a_complete_tile_of_three_items_is_refused(self) -> None:
        good = self._guessing().to_dict()

        def repeat(d: Data) -> None:
            d["tiles"][0]["bonus"] = d["tiles"][0]["general"][0]

        _refused(mala_e_cuia.State, good, repeat, r"tiles\[0\]\.bonus repeats an item")

    def test_a_full_guess_not_yet_scored_is_refused(self) -> None:
        state = self._guessing()
        for _ in range(3):
            state = state.apply(state.legal_moves()[0])
        good = state.to_dict()
        assert state.progress.guess.size == 3

        def complete(d: Data) -> None:
            left = [f for f in d["table"] if f not in d["progress"]["guess"]["general"]]
            d["progress"]["guess"]["bonus"] = left[0]

        _refused(mala_e_cuia.State, good, complete, "is complete but not scored")

    def test_negative_scores_are_refused(self) -> None:
        good = mala_e_cuia.Game().new_state(1).to_dict()
        _refused(mala_e_cuia.State, good, lambda d: d.update(scores=[-1, 0, 0, 0]), "scores are not the sum")

    def test_all_tiles_complete_while_packing_goes_on_is_refused(self) -> None:
        good = self._guessing().to_dict()
        _refused(
            mala_e_cuia.State,
            good,
            lambda d: d["progress"].update(first_protagonist=None),
            "first_protagonist must name a seat",
        )


class TestMalilla:
    GAME = malilla.Game()

    def test_a_shuffled_hand_is_refused(self) -> None:
        good = self.GAME.new_state(1).to_dict()
        _refused(malilla.State, good, lambda d: d["hands"][1].reverse(), r"hands\[1\] is not in the order")

    def test_a_trick_won_by_the_wrong_seat_is_refused(self) -> None:
        state = _played(self.GAME, 1, 4)
        assert len(state.tricks) == 1
        good = state.to_dict()

        def steal(d: Data) -> None:
            d["tricks"][0]["winner"] = (d["tricks"][0]["winner"] + 1) % 4
            d["leader"] = d["tricks"][0]["winner"]

        _refused(malilla.State, good, steal, r"tricks\[0\]\.winner is not the seat")

    def test_a_view_with_eleven_cards_in_a_hand_is_refused(self) -> None:
        """The issue's example: ``hand_sizes[1] = 11`` made sample_state raise ValueError."""
        good = self.GAME.new_state(1).view(0).to_dict()
        _refused(
            malilla.View,
            good,
            lambda d: d["hand_sizes"].__setitem__(1, 11),
            r"hand_sizes\[1\] holds 11 cards",
        )

    def _revoked(self) -> Any:
        """A position of random play with two cards swapped so that a seat holds a card of a suit it did
        not follow this hand, and a view of that seat."""
        from cardrules.malilla._state import _sorted

        for seed in range(20):
            state = self.GAME.new_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                absent = state.view(0).cannot_hold
                for seat in range(4):
                    for other in range(4):
                        card = next((c for c in state.hands[other] if c in absent[seat]), None)
                        give = next((c for c in state.hands[seat] if c not in absent[other]), None)
                        if other != seat and card is not None and give is not None:
                            hands = list(state.hands)
                            hands[seat] = _sorted([*(c for c in hands[seat] if c != give), card])
                            hands[other] = _sorted([*(c for c in hands[other] if c != card), give])
                            return attrs.evolve(state, hands=(hands[0], hands[1], hands[2], hands[3])), seat
                state = state.apply(rng.choice(state.legal_moves()))
        raise AssertionError("no seat showed a void in twenty random hands")

    def test_a_revoke_is_refused(self) -> None:
        """No card comes into a hand during a hand: one that did not follow a suit holds none of it."""
        state, seat = self._revoked()
        with pytest.raises(SerializationError, match=rf"hands\[{seat}\] holds .* \(a revoke\)"):
            malilla.State.from_dict(state.to_dict())
        with pytest.raises(SerializationError, match=rf"hands\[{seat}\] holds .* \(a revoke\)"):
            state.view(seat)  # a state built by hand is checked before its first view
        seen = state._replace().view(seat)  # the view of it, made past the check
        with pytest.raises(SerializationError, match=r"hand holds .* \(a revoke\)"):
            malilla.View.from_dict(seen.to_dict())


class TestMagyarNepmesek:
    GAME = magyar_nepmesek.Game(variant="advanced")

    def test_a_hand_out_of_order_is_refused(self) -> None:
        good = self.GAME.new_state(1).to_dict()
        _refused(
            magyar_nepmesek.State, good, lambda d: d["hands"][0].reverse(), r"hands\[0\] is not in the order"
        )

    def test_a_known_card_not_held_is_refused(self) -> None:
        good = self.GAME.new_state(1).to_dict()
        _refused(
            magyar_nepmesek.State,
            good,
            lambda d: d["known"][0].__setitem__(
                1, [next(c for c in d["hands"][2] if c not in d["hands"][1])]
            ),
            r"known\[0\]\[1\] holds cards that cannot be there",
        )

    def test_a_lay_with_a_value_per_card_missing_is_refused(self) -> None:
        good: Data = magyar_nepmesek.Lay(0, ("plus1-piglet", "plus1-rooster"), (1, 1)).to_dict()
        good["data"]["values"] = [1]
        with pytest.raises(SerializationError, match="values give 1 values for 2 cards"):
            magyar_nepmesek.Move.from_dict(good)
        assert str(magyar_nepmesek.Lay(0, ("plus1-piglet",), (1, 2))).startswith("lay down plus1-piglet as")


@pytest.mark.parametrize("game", [g for cls in games().values() for g in cls.examples()[:2]], ids=str)
class TestEveryGame:
    def test_real_states_and_views_are_accepted(self, game: Any) -> None:
        for moves in (0, 9, 40):
            state = _played(game, 5, moves)
            assert type(state).from_dict(state.to_dict()) == state
            for seat in range(game.players):
                view = state.view(seat)
                assert type(view).from_dict(view.to_dict()) == view

    def test_a_tampered_view_is_refused_by_sample_state(self, game: Any) -> None:
        """A view no seat can see is refused with a CardRulesError, never sampled into another view."""
        view = _played(game, 3, 6).view(0)
        seat = (view.seat + 1) % game.players
        tampered = attrs.evolve(view, seat=seat)
        try:
            sample = game.sample_state(tampered, 1)
        except ConfigError:
            return
        assert sample.view(seat) == tampered
