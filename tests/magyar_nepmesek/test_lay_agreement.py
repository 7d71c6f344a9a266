"""The lay-down moves and the explainer agree: one set of rules (the Pinkó limits among them) for both.

On random play, at every turn's action, every lay-down the explainer accepts (no fault found) is a
legal move, and every legal lay-down is accepted; every other candidate is refused in the words the
explainer gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import permutations, product

import pytest

from cardrules import IllegalMoveError
from cardrules._random import Rng
from cardrules.magyar_nepmesek import Game, Lay, Main, State
from cardrules.magyar_nepmesek._cards import CardTable, LayRole
from cardrules.magyar_nepmesek._legal import lay_fault, usable
from cardrules.magyar_nepmesek._rules import HIGHEST, JOKERS_PER_LAY, joker_may_replace, pinko_fault

Candidate = tuple[tuple[str, ...], tuple[int, ...]]
GAMES = [Game(players=3, fifth_edition=True), Game(players=4, variant="advanced", fifth_edition=True)]
#: Values a joker is tried as: every value a card has, and one beyond each end.
JOKER_VALUES = range(0, HIGHEST + 2)


def _orders(cards: list[str], stands: dict[str, int], table: CardTable) -> set[tuple[str, ...]]:
    """Some orders of ``cards``: as sorted, by value (a row's order), a group's order, and every order of three or fewer."""
    role = table.lay_role
    rank = {LayRole.POSITIVE: 0, LayRole.DUAL: 1, LayRole.PALACE: 1, LayRole.JOKER: 2}
    orders = {
        tuple(cards),
        tuple(sorted(cards, key=lambda c: (stands[c], c))),
        tuple(sorted(cards, key=lambda c: (rank[role[c]], c))),
    }
    if len(cards) <= 3:
        orders.update(permutations(cards))
    return orders


def _candidates(held: tuple[str, ...], table: CardTable) -> Iterator[Candidate]:
    """Lay-downs from the layable cards ``held``: every choice of cards, the jokers as any value, in some orders."""
    counts = Counter(c for c in held if c in table.lay_role)
    kinds = sorted(counts)
    for picks in product(*(range(counts[k] + 1) for k in kinds)):
        chosen = [k for k, n in zip(kinds, picks, strict=True) for _ in range(n)]
        if not chosen or len(chosen) > 6:
            continue
        jokers = sorted({c for c in chosen if table.lay_role[c] is LayRole.JOKER})
        for values in product(JOKER_VALUES, repeat=len(jokers)):
            stands = {c: table.value[c] for c in chosen} | dict(zip(jokers, values, strict=True))
            if len(jokers) == 1 or not jokers:
                for order in _orders(chosen, stands, table):
                    yield order, tuple(stands[c] for c in order)
            else:  # two jokers: never a combination; one order is enough
                yield tuple(chosen), tuple(stands[c] for c in chosen)


def _turns(game: Game, seeds: range) -> Iterator[State]:
    """The turns' actions of random matches."""
    for seed in seeds:
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            if isinstance(state.pending, Main):
                yield state
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_explainer_accepts_exactly_the_legal_lay_downs(game: Game) -> None:
    table = game.table
    checked = refused = jokers = 0
    for state in list(_turns(game, range(8)))[::2]:
        seat = state.pending.seat if state.pending is not None else -1
        legal = {(m.cards, m.values) for m in state.legal_moves() if isinstance(m, Lay)}
        for cards, stands in legal:
            assert lay_fault(cards, stands, table) is None, (cards, stands)
            jokers += any(table.lay_role[c] is LayRole.JOKER for c in cards)
        for cards, stands in _candidates(usable(state, seat), table):
            fault = lay_fault(cards, stands, table)
            assert (fault is None) == ((cards, stands) in legal), (cards, stands, fault)
            checked += 1
            if fault is not None and refused < 400:
                refused += 1
                with pytest.raises(IllegalMoveError) as caught:
                    state.apply(Lay(seat, cards, stands))
                assert str(caught.value).endswith(fault)
    assert checked > 2000 and refused == 400 and jokers > 10


class TestPinkoLimits:
    """The Pinkó limits, each said once, in the rulebook's words."""

    def test_one_pinko_a_laying_down(self) -> None:
        assert JOKERS_PER_LAY == 1
        assert pinko_fault((2, 2, 2), 2) == "only one Pinkó may appear in a single laying down"

    def test_never_alone(self) -> None:
        assert pinko_fault((3,), 1) == "Pinkó cannot be laid down alone"

    def test_the_four_only_in_a_row(self) -> None:
        assert joker_may_replace(4, in_row=True) and not joker_may_replace(4, in_row=False)
        assert pinko_fault((4, 4), 1) == "Pinkó cannot stand beside a +4 in a pair"
        assert pinko_fault((4, 4, 4), 1) == "Pinkó replaces a +4 only in a row"
        assert pinko_fault((2, 3, 4), 1) is None

    def test_the_small_values_anywhere_and_never_the_palace(self) -> None:
        assert all(joker_may_replace(v, in_row=r) for v in (1, 2, 3) for r in (False, True))
        assert not joker_may_replace(5, in_row=True) and not joker_may_replace(0, in_row=True)
