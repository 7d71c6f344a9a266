"""deal_constrained: every card placed, rooms filled, constraints kept."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules._random import Rng
from cardrules._sampling import deal_constrained


class TestDealConstrained:
    """Hidden cards dealt to the places they could be."""

    @given(
        seed=st.integers(0, 2**32),
        banned=st.sets(st.tuples(st.integers(0, 2), st.integers(0, 3)), max_size=4),
    )
    def test_constraints_are_kept(self, seed: int, banned: set[tuple[int, int]]) -> None:
        cards = list(range(12))  # card % 4 is its "suit"

        def allowed(card: int, place: int) -> bool:
            return (place, card % 4) not in banned

        try:
            hands = deal_constrained(cards, [4, 4, 4], allowed, Rng.from_seed(seed))
        except ValueError:
            return  # an impossible combination of constraints
        assert sorted(c for h in hands for c in h) == cards
        assert [len(h) for h in hands] == [4, 4, 4]
        assert all(allowed(c, p) for p, h in enumerate(hands) for c in h)

    def test_a_forced_deal_is_found(self) -> None:
        """Place 0 may only take even cards and place 1 only odd ones: one deal fits."""
        hands = deal_constrained(list(range(6)), [3, 3], lambda c, p: c % 2 == p, Rng.from_seed(1))
        assert sorted(hands[0]) == [0, 2, 4] and sorted(hands[1]) == [1, 3, 5]

    def test_impossible_constraints_raise(self) -> None:
        with pytest.raises(ValueError, match="no possible deal"):
            deal_constrained([0, 1, 2], [2, 1], lambda c, p: p == 1, Rng.from_seed(1))
        with pytest.raises(ValueError, match="cannot fill"):
            deal_constrained([0, 1], [3], lambda c, p: True, Rng.from_seed(1))

    def test_unconstrained_deals_are_uniform(self) -> None:
        rng = Rng.from_seed(5)
        counts = Counter(
            tuple(sorted(deal_constrained([0, 1, 2, 3], [2, 2], lambda c, p: True, rng)[0]))
            for _ in range(3000)
        )
        assert len(counts) == 6 and all(400 < c < 600 for c in counts.values())

    def test_constrained_deals_are_uniform(self) -> None:
        """Card 0 may not go to place 0: each of the 60 deals left is equally likely."""
        rng = Rng.from_seed(8)
        counts = Counter(
            tuple(
                tuple(sorted(h))
                for h in deal_constrained(range(6), [2, 2, 2], lambda c, p: (c, p) != (0, 0), rng)
            )
            for _ in range(6000)
        )
        assert len(counts) == 60 and all(60 < c < 145 for c in counts.values())
        assert not any(0 in deal[0] for deal in counts)

    def test_varied_constraints_fall_back_to_card_by_card(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Past the counting budget, cards are placed one by one, keeping the deal possible."""
        import cardrules._sampling as sampling

        monkeypatch.setattr(sampling, "_MAX_SPLITS", 0)
        hands = deal_constrained(list(range(6)), [3, 3], lambda c, p: c % 2 == p or c > 3, Rng.from_seed(2))
        assert sorted(hands[0])[:2] == [0, 2] and sorted(hands[1])[:2] == [1, 3]

    def test_card_by_card_reaches_every_deal_and_refuses_impossible_ones(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The fallback keeps the constraints, leaves no possible deal out, and says when there is none."""
        import cardrules._sampling as sampling

        monkeypatch.setattr(sampling, "_MAX_SPLITS", 0)
        rng = Rng.from_seed(8)
        deals = {
            tuple(
                tuple(sorted(h))
                for h in deal_constrained(range(6), [2, 2, 2], lambda c, p: (c, p) != (0, 0), rng)
            )
            for _ in range(3000)
        }
        assert len(deals) == 60 and not any(0 in deal[0] for deal in deals)
        with pytest.raises(ValueError, match="no possible deal"):
            deal_constrained([0, 1, 2], [2, 1], lambda c, p: p == 1 or c == 0, Rng.from_seed(1))

    @given(
        seed=st.integers(0, 2**32),
        rooms=st.lists(st.integers(0, 3), min_size=2, max_size=4),
        banned=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 6)), max_size=10),
        budget=st.sampled_from([0, 20_000]),
    )
    def test_a_deal_is_found_exactly_when_one_exists(
        self, seed: int, rooms: list[int], banned: set[tuple[int, int]], budget: int
    ) -> None:
        """Counted or card by card (a counting budget of 0), a deal is found whenever one exists
        (here checked against every assignment) and keeps every constraint."""
        import itertools

        import cardrules._sampling as sampling

        cards = list(range(sum(rooms)))

        def allowed(card: int, place: int) -> bool:
            return (place, card) not in banned

        possible = any(
            Counter(places) == Counter({p: r for p, r in enumerate(rooms) if r})
            and all(allowed(c, p) for c, p in zip(cards, places, strict=True))
            for places in itertools.product(range(len(rooms)), repeat=len(cards))
        )
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sampling, "_MAX_SPLITS", budget)
            if not possible:
                with pytest.raises(ValueError, match="no possible deal"):
                    deal_constrained(cards, rooms, allowed, Rng.from_seed(seed))
                return
            rng = Rng.from_seed(seed)
            for _ in range(5):
                hands = deal_constrained(cards, rooms, allowed, rng)
                assert [len(h) for h in hands] == rooms
                assert sorted(c for h in hands for c in h) == cards
                assert all(allowed(c, p) for p, h in enumerate(hands) for c in h)

    def test_huge_counts_draw_without_bias(self) -> None:
        """Forty cards over five places: the counts pass 2**64 and are still drawn exactly."""
        hands = deal_constrained(list(range(40)), [8] * 5, lambda c, p: c > 3 or p > 0, Rng.from_seed(3))
        assert sorted(c for h in hands for c in h) == list(range(40))
        assert not set(hands[0]) & {0, 1, 2, 3}

    def test_below_any_size(self) -> None:
        from cardrules._sampling import _below

        rng = Rng.from_seed(4)
        n = 3 * 2**70 + 1
        draws = [_below(rng, n) for _ in range(200)]
        assert all(0 <= d < n for d in draws) and max(draws) > 2**70


class TestConstrainedDeal:
    """A deal prepared once and dealt many times."""

    def test_a_prepared_deal_deals_as_a_one_off_does(self) -> None:
        """Preparing changes no draw: the same generator gives the same hands."""
        from cardrules._sampling import ConstrainedDeal

        def allowed(card: int, place: int) -> bool:
            return (card, place) not in {(0, 0), (5, 1), (7, 2)}

        prepared = ConstrainedDeal(range(9), [3, 3, 3], allowed)
        for seed in range(20):
            assert prepared.deal(Rng.from_seed(seed)) == deal_constrained(
                range(9), [3, 3, 3], allowed, Rng.from_seed(seed)
            )

    def test_impossible_constraints_raise_when_prepared(self) -> None:
        from cardrules._sampling import ConstrainedDeal

        with pytest.raises(ValueError, match="no possible deal"):
            ConstrainedDeal([0, 1, 2], [2, 1], lambda c, p: p == 1)


class TestSampler:
    """game.sampler(view) prepares once; each sample equals game.sample_state(view, seed)."""

    def test_sampler_samples_are_sample_state(self) -> None:
        import cardrules
        from cardrules.bots import RandomPlayer

        walker = RandomPlayer(5)
        for cls in cardrules.games().values():
            game = cls()
            state = game.new_state(3)
            for _ in range(25):
                if state.is_terminal:
                    break
                state = state.apply(walker.choose(None, state.legal_moves()))
            if state.is_terminal:
                continue
            view = state.view(state.current_player)
            sampler = game.sampler(view)
            for seed in range(2):
                sample = sampler.sample(seed)
                assert sample == game.sample_state(view, seed)
                assert sample.view(view.seat) == view and sample.legal_moves() == state.legal_moves()

    def test_sampler_refuses_bad_input(self) -> None:
        from cardrules import ConfigError, malilla

        game = malilla.Game()
        with pytest.raises(ConfigError, match="needs a malilla View"):
            game.sampler("view")  # type: ignore[arg-type]
        view = game.new_state(1).view(0)
        with pytest.raises(ConfigError, match="another configuration"):
            malilla.Game(target=12).sampler(view)
        with pytest.raises(ConfigError, match="seed must be an integer"):
            game.sampler(view).sample("1")  # type: ignore[arg-type]
