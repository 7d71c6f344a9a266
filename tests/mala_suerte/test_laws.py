"""Mala Suerte's laws, checked after every move of random matches (Hypothesis state machine)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules.mala_suerte import DECK, Game, Kind, State, Step

GAMES = [
    Game(),
    Game(players=2),
    Game(players=6, mulligan=False),
    Game(players=3, backs="plain"),
    Game(players=5, backs="plain", mulligan=False),
]
#: The hands and the deck lose a card to the piles every turn, so no match can last long.
MAX_DECISIONS = 400


def _contains(big: Sequence[object], small: Sequence[object]) -> bool:
    return not Counter(small) - Counter(big)


class MalaSuerteMachine(RuleBasedStateMachine):
    """Random play; the invariants are the laws of the game."""

    state: State

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
    def deal(self, game: Game, seed: int) -> None:
        self.state = game.new_state(seed)
        self.decisions = 0
        self.out: set[int] = set()

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        self.state = self.state.apply(move)
        self.decisions += 1

    @rule()
    def continue_from_json(self) -> None:
        """A state read back from JSON plays on exactly as the original."""
        again = State.from_dict(self.state.to_dict())
        assert again == self.state
        self.state = again

    @invariant()
    def forty_two_cards_are_conserved(self) -> None:
        s = self.state
        cards = [c for h in s.hands for c in h] + [c for p in s.piles for c in p] + [*s.deck, *s.discard]
        assert Counter(cards) == Counter(DECK)

    @invariant()
    def one_seat_decides(self) -> None:
        s = self.state
        moves = s.legal_moves()
        assert (s.current_player is None) == s.is_terminal == (moves == ())
        assert all(m.seat == s.current_player for m in moves)
        assert len(set(moves)) == len(moves)

    @invariant()
    def an_eliminated_seat_never_acts_again(self) -> None:
        s = self.state
        gone = {seat for seat, alive in enumerate(s.alive) if not alive}
        assert self.out <= gone, "nobody comes back"
        self.out = gone
        if s.current_player is not None:
            assert s.alive[s.current_player]
            assert not s.hands[s.current_player] or s.alive[s.current_player]
        for seat in gone:
            assert s.hands[seat] == ()

    @invariant()
    def turns_start_clean(self) -> None:
        """At the start of a turn nobody still in has a Clover in the pile or an empty hand."""
        s = self.state
        if s.step is Step.OPEN and not s.this_turn:
            for seat, alive in enumerate(s.alive):
                if alive:
                    assert s.hands[seat] and not any(c.kind is Kind.CLOVER for c in s.piles[seat])

    @invariant()
    def every_match_ends(self) -> None:
        assert self.decisions <= MAX_DECISIONS
        if self.state.is_terminal:
            outcome = self.state.outcome
            assert outcome is not None and outcome.winners
            assert outcome.winners <= {seat for seat in range(self.state.game.players)}

    @invariant()
    def seen_deck_colours_are_true(self) -> None:
        s = self.state
        if s.game.coloured_backs:
            assert tuple(c.colour for c in s.deck[: len(s.deck_colours)]) == s.deck_colours
            assert bool(s.deck) == bool(s.deck_colours)
        else:
            assert s.deck_colours == ()

    @invariant()
    def private_knowledge_is_true(self) -> None:
        """What a seat knows is a certainty: known cards are where it believes them to be."""
        s = self.state
        for seat, know in enumerate(s.knowledge):
            for other, held in enumerate(know.hands):
                assert _contains(s.hands[other], held), (seat, other, held)
            for depth, card in enumerate(know.deck_top):
                assert card is None or s.deck[depth] == card
            fixed = [c for c in know.deck_top if c is not None]
            loose = list(s.deck)
            for card in fixed:
                loose.remove(card)
            assert _contains(loose, know.deck)

    @invariant()
    def voids_are_true(self) -> None:
        s = self.state
        for seat, colour in s.voids:
            assert not any(c.colour is colour for c in s.hands[seat])

    @invariant()
    def one_colour_hands_are_true(self) -> None:
        s = self.state
        for seat, _, colour in s.one_colour:
            assert all(c.colour is colour for c in s.hands[seat])

    @invariant()
    def samples_reproduce_the_deciders_view(self) -> None:
        s = self.state
        seat = s.current_player
        if seat is None:
            return
        view = s.view(seat)
        sample = s.game.sample_state(view, self.decisions)
        assert sample.view(seat) == view
        assert sample.legal_moves() == s.legal_moves()


MalaSuerteMachine.TestCase.settings = settings(MalaSuerteMachine.TestCase.settings, stateful_step_count=150)
TestMalaSuerteLaws = MalaSuerteMachine.TestCase


class TestEveryMatchEnds:
    """The deck is never rebuilt and every turn puts a card on a pile, so every match ends, and soon."""

    def test_random_matches_end(self) -> None:
        from cardrules._random import Rng

        for game in GAMES:
            longest = 0
            for seed in range(60):
                rng = Rng.from_seed(seed)
                state = game.new_state(seed)
                decisions = 0
                while not state.is_terminal:
                    moves = state.legal_moves()
                    state = state.apply(moves[rng.below(len(moves))])
                    decisions += 1
                    assert decisions <= MAX_DECISIONS
                longest = max(longest, decisions)
            assert longest > 0
