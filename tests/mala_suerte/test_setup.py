"""Setup: the deal, the optional mulligan, the token and who starts."""

from __future__ import annotations

from collections import Counter

from cardrules.mala_suerte import COLOURS, DECK, EventKind, Game, Keep, Kind, Mulligan, State, Step

from ..helpers import refused
from .builders import texts


def most_of_one_colour(state: State, seat: int) -> int:
    return max(sum(1 for c in state.hands[seat] if c.colour is colour) for colour in COLOURS)


class TestDeck:
    """ "Mala Suerte has seven types of card, six copies of each (two of each colour)."."""

    def test_forty_two_cards(self) -> None:
        assert len(DECK) == 42
        counts = Counter(DECK)
        assert len(counts) == 21 and set(counts.values()) == {2}
        for kind in Kind:
            assert sum(1 for c in DECK if c.kind is kind) == 6
            for colour in COLOURS:
                assert sum(1 for c in DECK if c.kind is kind and c.colour is colour) == 2


class TestDeal:
    """ "Shuffle the Mala Suerte cards and deal six cards to each person. Leave the rest face down in the
    centre as a deck."."""

    def test_six_each_and_the_rest_as_the_deck(self) -> None:
        for players in range(2, 7):
            state = Game(players=players).new_state(seed=players)
            assert [len(h) for h in state.hands] == [6] * players
            assert len(state.deck) == 42 - 6 * players
            assert Counter([*state.deck, *(c for h in state.hands for c in h)]) == Counter(DECK)

    def test_the_token_points_clockwise(self) -> None:
        """ "Place the horseshoe token pointing clockwise."."""
        assert Game(mulligan=False).new_state(seed=3).clockwise


class TestStart:
    """ "The person with the most cards of the same colour starts. In case of a tie, the person who has had
    the most bad luck recently starts."."""

    def test_the_seat_with_most_cards_of_one_colour_starts(self) -> None:
        for seed in range(40):
            state = Game(mulligan=False).new_state(seed)
            assert state.turn is not None and state.step is Step.OPEN
            best = max(most_of_one_colour(state, s) for s in range(4))
            assert most_of_one_colour(state, state.turn) == best

    def test_ties_are_broken_by_the_seeded_generator(self) -> None:
        """Ruling 6: the tie-break is a seeded draw among the tied seats, not always the lowest seat."""
        firsts = 0
        others = 0
        for seed in range(200):
            state = Game(mulligan=False).new_state(seed)
            best = max(most_of_one_colour(state, s) for s in range(4))
            tied = [s for s in range(4) if most_of_one_colour(state, s) == best]
            if len(tied) > 1:
                if state.turn == tied[0]:
                    firsts += 1
                else:
                    others += 1
        assert firsts and others

    def test_the_count_is_made_after_the_mulligan(self) -> None:
        """Ruling 6: the setup's steps come in the order written, so the seat with the most cards of one
        colour is found in the hands the mulligan left."""
        state = Game(players=2).new_state(seed=39)
        assert (most_of_one_colour(state, 0), most_of_one_colour(state, 1)) == (3, 2)
        state = state.apply(Keep(0))
        for card in state.hands[1]:
            state = state.apply(Mulligan(1, card))
        state = state.apply(Keep(1))
        assert (most_of_one_colour(state, 0), most_of_one_colour(state, 1)) == (3, 5)
        assert state.turn == 1


class TestMulligan:
    """ "(Optional) Anyone may return between 1 and 6 cards to the deck, once. Then shuffle and deal until
    everyone has 6 cards again."."""

    def test_mulligan_false_skips_it(self) -> None:
        state = Game(mulligan=False).new_state(seed=1)
        assert state.step is Step.OPEN and not any(e.kind is EventKind.MULLIGAN for e in state.last_turn)

    def test_each_seat_decides_in_turn_and_hands_are_refilled(self) -> None:
        state = Game(players=3).new_state(seed=5)
        assert state.step is Step.MULLIGAN and state.current_player == 0
        first, second = state.hands[0][0], state.hands[0][1]
        state = state.apply(Mulligan(0, first))
        assert state.current_player == 0 and "keep the rest of the hand" in texts(state.legal_moves())
        kept = Game(players=3).new_state(seed=5).apply(Keep(0))
        state = state.apply(Mulligan(0, second)).apply(Keep(0))
        assert state.current_player == 1 and state.step is Step.MULLIGAN
        # The commitment stays hidden until everyone has decided: seat 1 cannot tell it from keeping.
        assert state.view(1) == kept.view(1) and state.view(2) == kept.view(2)
        assert state.view(0).returning == tuple(sorted((first, second)))
        state = state.apply(Keep(1)).apply(Keep(2))
        assert state.step is Step.OPEN
        assert [len(h) for h in state.hands] == [6, 6, 6] and len(state.deck) == 42 - 18
        shown = [e for e in state.last_turn if e.kind is EventKind.MULLIGAN]
        assert [(e.seat, e.count) for e in shown] == [(0, 2)]
        # Others see how many (and, with coloured backs, which colours), not which cards.
        seen_by_1 = next(e for e in state.view(1).last_turn if e.kind is EventKind.MULLIGAN)
        assert seen_by_1.cards == () and len(seen_by_1.colours) == 2

    def test_a_whole_hand_may_go_back(self) -> None:
        state = Game(players=2).new_state(seed=9)
        for card in state.hands[0]:
            state = state.apply(Mulligan(0, card))
        assert texts(state.legal_moves()) == ["keep the rest of the hand"]
        state = state.apply(Keep(0)).apply(Keep(1))
        assert len(state.hands[0]) == 6

    def test_each_seat_decides_once(self) -> None:
        """ "Anyone may return between 1 and 6 cards to the deck, once.": a seat that has kept cannot come
        back to return more, and no turn offers a mulligan."""
        state = Game(players=3).new_state(seed=5).apply(Keep(0))
        refused(state, Mulligan(0, state.hands[0][0]), "it is seat 1's decision")
        state = state.apply(Keep(1)).apply(Keep(2))
        assert state.step is Step.OPEN
        assert not any(isinstance(m, (Mulligan, Keep)) for m in state.legal_moves())

    def test_everyone_keeping_changes_nothing(self) -> None:
        state = Game(players=2).new_state(seed=11)
        after = state.apply(Keep(0)).apply(Keep(1))
        assert after.hands == state.hands and after.deck == state.deck
