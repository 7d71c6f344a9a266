"""The laws of the game, checked after every step of random matches by a Hypothesis state machine."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules.magyar_nepmesek import Category, Game, Meld, MeldKind, State
from cardrules.magyar_nepmesek._pending import Main

GAMES = Game.examples()


class MatchMachine(RuleBasedStateMachine):
    """Play a random match, move by move, checking the laws after each."""

    state: State

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
    def deal(self, game: Game, seed: int) -> None:
        self.state = game.new_state(seed)
        self.steps = 0

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        """Any legal move; a dozen steps at a time keep the budget small."""
        for _ in range(12):
            if self.state.is_terminal:
                return
            move = data.draw(st.sampled_from(self.state.legal_moves()))
            self.state = self.state.apply(move)
            self.steps += 1
            self.check_laws()

    @precondition(lambda self: self.state.is_terminal)
    @rule()
    def over(self) -> None:
        """A finished match stays finished."""
        assert self.state.legal_moves() == ()

    @invariant()
    def check_laws(self) -> None:
        state = self.state
        game = state.game
        cards: Counter[str] = Counter(state.draw) + Counter(state.discard)
        for s in range(game.players):
            cards.update(state.hands[s])
            cards.update(c for c in state.villages[s] if c is not None)
            cards.update(state.village_cards[s])
            for meld in state.melds[s]:
                cards.update(meld.cards)
        assert cards == Counter(game.table.cards), "cards are conserved"
        if not state.is_terminal:
            assert all(len(h) <= 8 for h in state.hands), "no hand ever above 8"
            seat = state.current_player
            assert seat is not None and all(m.seat == seat for m in state.legal_moves()), (
                "a single deciding seat"
            )
            if isinstance(state.pending, Main):
                assert state.pending.seat == state.turn
            for o in range(game.players):
                for s in range(game.players):
                    assert not Counter(state.known[o][s]) - Counter(state.hands[s]), "what is known is true"
        else:
            assert state.outcome is not None
            laid = tuple(float(sum(_worth(m, game) for m in melds)) for melds in state.melds)
            assert state.outcome.scores == laid, "scores equal the laid-down cards' values"
            assert all(h == () for h in state.hands)
            best = max(laid)
            assert all(laid[s] == best for s in state.outcome.winners), "the most points win"
        assert self.steps < 20_000, "every match ends"


def _worth(meld: Meld, game: Game) -> int:
    """A laid combination's value, recomputed from the cards' printed values."""
    cat, value = game.table.category, game.table.value
    if meld.kind is MeldKind.PURPLE:
        card = meld.cards[0]
        if cat[card] is Category.HUSSAR:
            return 0
        hussar = any(cat[c] is Category.HUSSAR for c in meld.cards[1:])
        return abs(value[card]) if hussar else -abs(value[card])
    total = 0
    jokers = 0
    for card, stands in zip(meld.cards, meld.stands, strict=True):
        if cat[card] is Category.PINKO:
            total += stands
            jokers += 1
        elif cat[card] is Category.MUG:
            jokers += 1
        else:
            assert value[card] == stands, "a real card stands for its own value"
            total += value[card]
    complete = meld.kind is MeldKind.ROW and sorted(meld.stands) == [1, 2, 3, 4, 5] and not jokers
    return total + (5 if complete else 0)


TestMatchMachine = MatchMachine.TestCase
TestMatchMachine.settings = settings(max_examples=15, stateful_step_count=60, deadline=None)
