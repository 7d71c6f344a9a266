"""Malilla's laws, checked after every move of random matches (Hypothesis state machine)."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules.malilla import DECK, Card, Game, Move, State, Suit
from cardrules.malilla._cards import SUIT_OF
from cardrules.malilla._records import Trick
from cardrules.malilla._rules import legal_cards

GAMES = [Game(target=12), Game(), Game(irregularities="lose_game"), Game(must_beat="led_suit")]


class MalillaMachine(RuleBasedStateMachine):
    """Random play; the invariants are the laws of the game."""

    state: State

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
    def deal(self, game: Game, seed: int) -> None:
        self.state = game.new_state(seed)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_a_card(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        self.state = self.state.apply(move)

    @rule()
    def continue_from_json(self) -> None:
        """A state read back from JSON plays on exactly as the original."""
        again = State.from_dict(self.state.to_dict())
        assert again == self.state
        self.state = again

    @invariant()
    def forty_cards_are_conserved(self) -> None:
        s = self.state
        if s.outcome is not None and not any(s.hands):
            return  # the match ended at the end of a hand
        held = [c for h in s.hands for c in h]
        played = [c for t in s.tricks for c in t.cards] + list(s.trick)
        assert sorted(held + played, key=DECK.index) == list(DECK)

    @invariant()
    def hands_are_even_before_each_trick(self) -> None:
        s = self.state
        if s.outcome is None:
            sizes = [len(h) for h in s.hands]
            for i in range(4):
                seat = (s.leader + i) % 4
                assert sizes[seat] == 10 - len(s.tricks) - (1 if i < len(s.trick) else 0)

    @invariant()
    def one_seat_decides(self) -> None:
        s = self.state
        moves = s.legal_moves()
        assert (s.current_player is None) == s.is_terminal == (moves == ())
        assert all(m.seat == s.current_player for m in moves)

    @invariant()
    def trump_is_public_and_stays_with_the_dealer_until_played(self) -> None:
        s = self.state
        if s.outcome is None:
            played = [c for t in s.tricks for c in t.cards] + list(s.trick)
            assert (s.trump in s.hands[s.dealer]) != (s.trump in played)
            for seat in range(4):
                assert s.view(seat).trump == s.trump

    @invariant()
    def scores_never_fall(self) -> None:
        s = self.state
        assert min(s.scores) >= 0

    @invariant()
    def shown_voids_are_real(self) -> None:
        """A seat that failed to follow a suit holds none of it for the rest of the hand."""
        s = self.state
        if s.outcome is None:
            for seat, suit in s.view(0).voids:
                if s.game.irregularities == "reject":
                    assert not any(c.suit is suit for c in s.hands[seat])

    @invariant()
    def samples_keep_voids_and_the_trump(self) -> None:
        s = self.state
        if s.outcome is not None:
            return
        seat = s.current_player
        assert seat is not None
        view = s.view(seat)
        sample = s.game.sample_state(view, len(s.tricks))
        for other, suit in view.voids:
            assert not any(c.suit is suit for c in sample.hands[other])
        if view.trump_with_dealer:
            assert s.trump in sample.hands[s.dealer]

    @invariant()
    def samples_make_the_hands_history_legal(self) -> None:
        """Dealt the sampled hands, every seat could have played exactly what it did this hand."""
        s = self.state
        if s.outcome is not None:
            return
        seat = s.current_player
        assert seat is not None
        sample = s.game.sample_state(s.view(seat), len(s.trick) + 7)
        tricks = (*s.tricks, Trick(s.leader, s.trick, -1))
        hands = [list(sample.hands[p]) for p in range(4)]
        for trick in tricks:
            for i, card in enumerate(trick.cards):
                hands[trick.player_of(i)].append(card)
        trump = s.trump.suit
        for number, trick in enumerate(tricks):
            for i, card in enumerate(trick.cards):
                hand = tuple(sorted(hands[trick.player_of(i)]))
                legal = legal_cards(
                    hand, trick.cards[:i], SUIT_OF[s.trump], tricks[:number], s.game.must_beat == "any_card"
                )
                assert card in legal, (trick, card, hand, trump)
                hands[trick.player_of(i)].remove(card)


TestMalillaLaws = MalillaMachine.TestCase


class TestNotation:
    """Cards print as 7♠ and parse from 7♠ or ASCII 7s; moves print as a short phrase."""

    def test_every_card_round_trips(self) -> None:
        for card in DECK:
            assert Card.parse(str(card)) == card
            assert Card.parse(card.to_json()) == card
            assert Card.parse(card.to_json().lower()) == card
            assert eval(repr(card)) == card

    def test_examples(self) -> None:
        assert str(Card.parse("7s")) == "7♠"
        assert str(Card.parse("Ah")) == "A♥"
        assert Card.parse("q♦").suit is Suit.DIAMONDS
        move = Move.parse(2, "play 7s")
        assert str(move) == "play 7♠" and move.seat == 2
        assert eval(repr(move)) == move

    def test_bad_text(self) -> None:
        import pytest

        for text in ("10s", "7x", "", "♠7"):
            with pytest.raises(ValueError, match="not a Malilla card"):
                Card.parse(text)

    def test_points_total_sixty(self) -> None:
        """ "7: five points. Ace: four points. King: three ... Jack: one point." — 15 a suit."""
        assert sum(c.points for c in DECK) == 60
        assert len(DECK) == 40 and len(set(DECK)) == 40
