"""The laws of La Maldición, checked after every step of random matches (Hypothesis state machine)."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardrules.maldicion import ACTION_DECK, EventKind, Game, Hero, State
from cardrules.maldicion._cards import CURSE_DECK

from ..helpers import random_walk

GAMES = Game.examples()


class MaldicionLaws(RuleBasedStateMachine):
    """Random legal play from a fresh deal, in every example configuration."""

    state: State

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
    def deal(self, game: Game, seed: int) -> None:
        self.state = game.new_state(seed)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        if self.state.is_terminal:
            return
        before = self.state
        move = data.draw(st.sampled_from(before.legal_moves()))
        after = before.apply(move)
        self._check_hp(before, after)
        self.state = after

    def _check_hp(self, before: State, after: State) -> None:
        """PvP: the loser's Counter changes by the printed numbers of the cards it held; the winner's does not."""
        freed = [e.seat for e in after.events if e.kind is EventKind.CURSE_DISCARDED]
        if before.game.mode != "pvp":
            assert after.hp == ()
            return
        if not freed:
            assert after.hp == before.hp
            return
        winner = freed[0]
        loser = 1 - winner
        assert after.hp[winner] == before.hp[winner]
        assert after.hp[loser] == before.hp[loser] + sum(c.hp for c in before.hands[loser])

    @invariant()
    def the_140_cards(self) -> None:
        """124 Action cards between hands, Deck and Discard Pile; Curses and Heroes dealt from their 8."""
        s = self.state
        if s.outcome is None:
            assert Counter(c for cards in (*s.hands, s.deck, s.pile) for c in cards) == Counter(ACTION_DECK)
        assert not Counter(s.curses) - Counter(CURSE_DECK)
        assert len(set(s.heroes)) == len(s.heroes) == s.game.players and set(s.heroes) <= set(Hero)

    @invariant()
    def one_deciding_seat(self) -> None:
        """Exactly one seat decides, and every legal move is its own."""
        s = self.state
        if s.outcome is not None:
            assert s.current_player is None and s.legal_moves() == ()
            return
        seat = s.current_player
        assert seat is not None and 0 <= seat < s.game.players
        assert s.legal_moves() and all(m.seat == seat for m in s.legal_moves())

    @invariant()
    def views_are_consistent(self) -> None:
        """A seat sees its own hand, the sizes of the others, and its Curse only outside ``hard``."""
        s = self.state
        for seat in range(s.game.players):
            view = s.view(seat)
            assert view.hand == s.hands[seat] and view.hand_sizes == tuple(len(h) for h in s.hands)
            owner = s.game.owner(seat)
            if s.game.difficulty == "hard" and not s.curses_shown[owner]:
                assert view.curse is None
            else:
                assert view.curse is s.curses[owner]

    @invariant()
    def voids_are_true(self) -> None:
        """What everyone has learned a seat lacks, it does lack."""
        s = self.state
        for seat, void in enumerate(s.memory.voids):
            assert not set(s.hands[seat]) & void

    @invariant()
    def pvp_life_counters(self) -> None:
        """The duel is over exactly when a Counter has reached 0."""
        s = self.state
        if s.game.mode == "pvp":
            assert (s.outcome is not None) == any(h <= 0 for h in s.hp)


TestMaldicionLaws = MaldicionLaws.TestCase
TestMaldicionLaws.settings = settings(max_examples=15, stateful_step_count=400, deadline=None)


class TestEveryMatchEnds:
    """Every random match, in every configuration, ends (the duel included)."""

    def test_matches_end(self) -> None:
        for game in GAMES:
            for seed in range(3):
                final = list(random_walk(game, seed))[-1][0]
                assert final.outcome is not None and final.outcome.winners
