"""The Village card in the extra actions (ruling 15, the option ``village_extra_actions``, ruling 38).

Village: "During your turn you may use this card exactly as if it were in your hand, but other
players' actions and the Midnight card have no effect on it. When the card on the Village is played
or discarded, a new card may immediately be placed there, or the card on it may be exchanged for
another card from your hand."

Extra actions: "Players may perform the following at any time, even outside their own turn: Discard
matching cards: discard one or more cards from their hands if the picture on them matches the
picture on the card on top of the discard pile. Add to a group: add another identical card to a
group they already have laid down."
"""

from __future__ import annotations

import pytest

from cardrules import ConfigError
from cardrules.magyar_nepmesek import (
    AddToGroup,
    Discard,
    Game,
    Main,
    MatchDiscard,
    Pass,
    Refill,
    State,
    Store,
    Swap,
    Window,
)
from cardrules.magyar_nepmesek._heuristic import HeuristicPlayer
from cardrules.magyar_nepmesek._melds import make_meld

from ..helpers import refused
from .builders import ADVANCED, N1, N2, P1, P2, P3, P4, discarded, position

NEVER = Game(variant="advanced", village_extra_actions="never")


def _owners_window(hand: tuple[str, ...], village: tuple[str | None, ...], game: Game = ADVANCED) -> State:
    """Seat 0 discards a -1 from ``hand`` as its turn's action and passes on the Village refill."""
    state = position([hand, (P3,)], game=game, villages=[village, (), (), ()])
    after = state.apply(Discard(0, (N1,)))
    return after.apply(Pass(0)) if isinstance(after.pending, Refill) else after


class TestTheOption:
    """The default follows the text; ``"never"`` keeps the extra actions to the hand."""

    def test_default_and_values(self) -> None:
        """``own_turn`` by default, shown by ``str`` only when changed, carried by ``to_dict``."""
        assert Game().village_extra_actions == "own_turn"
        assert "village_extra_actions" not in str(Game(variant="advanced"))
        assert "village_extra_actions='never'" in str(NEVER)
        assert Game.from_dict(NEVER.to_dict()) == NEVER
        assert any(g.village_extra_actions == "never" for g in Game.examples())

    def test_a_bad_value_is_refused(self) -> None:
        """ConfigError names the option, the value and what is allowed."""
        with pytest.raises(
            ConfigError, match=r"'village_extra_actions' must be one of 'own_turn', 'never'; got 'always'"
        ):
            Game(village_extra_actions="always")  # type: ignore[arg-type]


class TestOnTheOwnersTurn:
    """ "During your turn you may use this card exactly as if it were in your hand"."""

    def test_the_owner_discards_the_village_card_as_a_matching_extra_action(self) -> None:
        """Seat 0 discards a -1; the -1 on its Village matches the top, so seat 0 is asked first and may
        discard it "exactly as if it were in your hand"; the slot empties and everyone sees the card."""
        window = _owners_window((N1, P2), (N1,))
        assert window.pending == Window(0, (1, 2, 3))
        assert set(window.legal_moves()) == {Pass(0), MatchDiscard(0, (N1,))}
        after = window.apply(MatchDiscard(0, (N1,)))
        assert after.villages[0] == (None,) and after.hands[0] == (P2,)
        assert discarded(window, after) == (N1,) and after.discard[-2:] == (N1, N1)
        assert tuple(map(str, after.events)) == (
            "seat 0 discarded matching minus1-little-devil from a Village",
        )
        assert after.view(1).villages[0] == (False,)
        assert window.describe(MatchDiscard(0, (N1,)), after) == (
            "seat 0 discarded matching -1 Little devil from a Village",
        )

    def test_with_identical_cards_from_the_hand(self) -> None:
        """ "discard one or more cards": the hand's -1 and the Village's -1 go together, the hand's first
        (ruling 14)."""
        window = _owners_window((N1, N1, P2), (N1,))
        assert MatchDiscard(0, (N1, N1)) in window.legal_moves()
        after = window.apply(MatchDiscard(0, (N1, N1)))
        assert after.hands[0] == (P2,) and after.villages[0] == (None,)
        assert tuple(map(str, after.events)) == (
            "seat 0 discarded matching minus1-little-devil minus1-little-devil (1 of them from a Village)",
        )

    def test_the_hands_copy_is_used_before_the_villages(self) -> None:
        """Ruling 14: one matching card named, held both in the hand and on the Village, comes from the hand."""
        window = _owners_window((N1, N1, P2), (N1,))
        after = window.apply(MatchDiscard(0, (N1,)))
        assert after.hands[0] == (P2,) and after.villages[0] == (N1,)
        assert after.pending == Window(0, (), unable=(1,)), "no refill: the window goes round to seat 0 again"

    def test_the_owner_adds_the_village_card_to_a_group(self) -> None:
        """ "Add to a group: add another identical card to a group they already have laid down": a +2
        on the Village joins the laid pair of +2s."""
        pair = make_meld((P2, P2), (2, 2), ADVANCED.table)
        state = position(
            [(N1, P3), (P4,)], game=ADVANCED, villages=[(P2,), (), (), ()], melds=[(pair,), (), (), ()]
        )
        window = state.apply(Discard(0, (N1,))).apply(Pass(0))
        assert window.pending == Window(0, (1, 2, 3))
        assert set(window.legal_moves()) == {Pass(0), AddToGroup(0, 0, P2)}
        after = window.apply(AddToGroup(0, 0, P2))
        assert after.melds[0][0].cards == (P2, P2, P2) and after.scores[0] == 6
        assert after.villages[0] == (None,) and after.hands[0] == (P3,)
        assert tuple(map(str, after.events)) == ("seat 0 added plus2-shepherd from a Village to a group",)

    def test_a_village_card_alone_is_enough_to_be_asked(self) -> None:
        """With an empty hand the owner is still asked for the card on its Village; nothing can refill it."""
        state = position([(N1,), (P3,)], game=ADVANCED, villages=[(N1,), (), (), ()])
        window = state.apply(Discard(0, (N1,)))
        assert window.pending == Window(0, (1, 2, 3))
        after = window.apply(MatchDiscard(0, (N1,)))
        assert after.villages[0] == (None,) and after.pending == Main(1)

    def test_a_window_reopened_by_another_seat_is_still_the_owners_turn(self) -> None:
        """Every window until the turn passes belongs to the owner's turn (ruling 15): seat 0 passes, seat 1
        matches the -1, and the window reopened after it asks seat 0 again for its Village's -1."""
        window = position([(N1, P2), (N1, P3)], game=ADVANCED, villages=[(N1,), (), (), ()])
        window = window.apply(Discard(0, (N1,))).apply(Pass(0))
        assert window.pending == Window(0, (1, 2, 3))
        asked_again = window.apply(Pass(0)).apply(MatchDiscard(1, (N1,)))
        assert asked_again.pending == Window(0, (1,))
        assert MatchDiscard(0, (N1,)) in asked_again.legal_moves()
        after = asked_again.apply(MatchDiscard(0, (N1,)))
        assert after.villages[0] == (None,) and after.pending == Refill(0, extra=True)


class TestTheRefillFollows:
    """ "When the card on the Village is played or discarded, a new card may immediately be placed
    there, or the card on it may be exchanged for another card from your hand" (ruling 38)."""

    def test_a_card_may_be_placed_on_the_emptied_village(self) -> None:
        """The refill comes at once; then the window goes on from the next seat, as after any extra action."""
        state = position([(N1, P2), (P3, N1)], game=ADVANCED, villages=[(N1,), (), (), ()])
        window = state.apply(Discard(0, (N1,))).apply(Pass(0))
        assert window.pending == Window(0, (1, 2, 3))
        after = window.apply(MatchDiscard(0, (N1,)))
        assert after.pending == Refill(0, extra=True)
        assert set(after.legal_moves()) == {Pass(0), Store(0, P2)}
        stored = after.apply(Store(0, P2))
        assert stored.villages[0] == (P2,) and stored.hands[0] == ()
        assert stored.pending == Window(1, (2, 3, 0)), "seat 1 may match the -1 on top"
        passed = after.apply(Pass(0))
        assert passed.villages[0] == (None,) and passed.pending == Window(1, (2, 3, 0))

    def test_another_village_may_be_exchanged(self) -> None:
        """With two Villages, the one not emptied may have its card exchanged instead."""
        state = position([(N1, P2), (P3,)], game=ADVANCED, villages=[(N1, P4), (), (), ()])
        after = state.apply(Discard(0, (N1,))).apply(Pass(0)).apply(MatchDiscard(0, (N1,)))
        assert after.pending == Refill(0, extra=True)
        assert set(after.legal_moves()) == {Pass(0), Store(0, P2), Swap(0, 1, P2)}
        swapped = after.apply(Swap(0, 1, P2))
        assert swapped.villages[0] == (None, P2) and swapped.hands[0] == (P4,)
        assert swapped.pending == Main(1)


class TestOutsideTheOwnersTurn:
    """ "During your turn" only: other seats' windows never use a Village card."""

    def test_another_seat_in_the_window_cannot_use_its_village(self) -> None:
        """Seat 1 holds a -1 and has a -1 on its Village: in seat 0's turn only the hand's -1 may go."""
        state = position([(N1, P2), (N1, P3)], game=ADVANCED, villages=[(), (N1,), (), ()])
        window = state.apply(Discard(0, (N1,)))
        assert window.pending == Window(1, (2, 3), unable=(0,))
        assert set(window.legal_moves()) == {Pass(1), MatchDiscard(1, (N1,))}
        refused(
            window,
            MatchDiscard(1, (N1, N1)),
            r"the minus1-little-devil on seat 1's Village is usable only during seat 1's own turn "
            r"\(\"During your turn you may use this card exactly as if it were in your hand\"\), "
            r"and this is seat 0's turn",
        )

    def test_a_seat_whose_only_match_is_on_its_village_is_not_asked(self) -> None:
        """In seat 0's turn seat 1 is not asked for the -1 on its Village, and is not recorded as passed over."""
        state = position([(N1, P2), (P3,)], game=ADVANCED, villages=[(), (N1,), (), ()])
        after = state.apply(Discard(0, (N1,)))
        assert after.pending == Main(1) and after.villages[1] == (N1,)

    def test_the_owner_outside_its_turn(self) -> None:
        """Seat 1's turn: seat 0, the owner, may match the -1 on top from its hand only."""
        state = position([(N1, P2), (N1, P3)], game=ADVANCED, villages=[(N1,), (), (), ()], turn=1)
        window = state.apply(Discard(1, (N1,)))
        assert window.pending == Window(0, (), unable=(1,))
        assert set(window.legal_moves()) == {Pass(0), MatchDiscard(0, (N1,))}
        after = window.apply(MatchDiscard(0, (N1,)))
        assert after.villages[0] == (N1,) and after.hands[0] == (P2,)
        assert after.pending == Main(2), "no refill outside the owner's turn"


class TestNever:
    """``village_extra_actions="never"``: the extra actions discard or add "from their hands" only."""

    def test_a_matching_village_card_is_not_offered_to_its_owner(self) -> None:
        """Seat 0's own discard puts a -1 on top; the -1 on its Village does not open a window for it."""
        state = position([(N1, P2), (P3,)], game=NEVER, villages=[(N1,), (), (), ()])
        after = state.apply(Discard(0, (N1,)))
        assert after.pending == Refill(0) and after.hands[0] == (P2,), "the hand's -1 went, not the Village's"
        passed = after.apply(Pass(0))
        assert passed.pending == Main(1) and passed.villages[0] == (N1,)

    def test_the_village_card_is_refused_with_the_option(self) -> None:
        """The owner holds a -1 too, so it is asked; the Village's copy cannot join, and the refusal says why."""
        window = _owners_window((N1, N1, P2), (N1,), game=NEVER)
        assert window.pending == Window(0, (1, 2, 3))
        assert set(window.legal_moves()) == {Pass(0), MatchDiscard(0, (N1,))}
        refused(
            window,
            MatchDiscard(0, (N1, N1)),
            r"the minus1-little-devil on seat 0's Village cannot be used: extra actions use only the hand "
            r"\(village_extra_actions='never'\)",
        )

    def test_no_group_addition_from_the_village(self) -> None:
        """The +2 on the Village does not join the laid pair."""
        pair = make_meld((P2, P2), (2, 2), NEVER.table)
        state = position(
            [(N1, P3), (P4,)], game=NEVER, villages=[(P2,), (), (), ()], melds=[(pair,), (), (), ()]
        )
        after = state.apply(Discard(0, (N1,))).apply(Pass(0))
        assert after.pending == Main(1)


class TestSamples:
    """What a window shows about the owner's cards holds in every sample (the Village cards are face down)."""

    def test_the_asked_owner_holds_an_enabling_card_in_hand_or_on_a_village(self) -> None:
        """Seat 0 is asked with an empty hand: every sample from seat 1 puts a -1-picture card on its Village."""
        state = position([(N1,), (P3,)], game=ADVANCED, villages=[(N1,), (), (), ()], draw=(P1, P2, P4, N2))
        window = state.apply(Discard(0, (N1,)))
        assert window.pending == Window(0, (1, 2, 3))
        view = window.view(1)
        matching = ADVANCED.table.matching[N1]
        for seed in range(20):
            sample = ADVANCED.sample_state(view, seed)
            assert sample.view(1) == view
            assert sample.villages[0][0] in matching, seed
            assert sample.legal_moves() == window.legal_moves()

    def test_a_passed_over_owner_holds_no_enabling_card_on_its_village(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Seat 0 was passed over in its own window: no sample puts a matching card in its hand or on its
        Village, also when the deal is constrained."""
        from cardrules.magyar_nepmesek import _sample

        state = position(
            [(N1, P2), (N1,), (P3,), (P4,)],
            game=ADVANCED,
            villages=[(P1,), (), (), ()],
            draw=(N1, N1, P1, P2, P4),
        )
        window = state.apply(Discard(0, (N1,))).apply(Pass(0))
        assert window.pending == Window(1, (2, 3), unable=(0,))
        view = window.view(2)
        matching = ADVANCED.table.matching[N1]
        for tries in (64, 0):
            monkeypatch.setattr(_sample, "_TRIES", tries or 1)
            for seed in range(20):
                sample = ADVANCED.sample_state(view, seed)
                assert sample.view(2) == view
                held = (*sample.hands[0], *(c for c in sample.villages[0] if c is not None))
                assert matching.isdisjoint(held), (tries, seed)


class TestHeuristic:
    """The heuristic player scores the extra actions the window offers, Village cards included."""

    def test_it_sheds_a_purple_village_card(self) -> None:
        """A -1 lying on the Village would come back at the end: it is discarded when it matches."""
        window = _owners_window((N1, P2), (N1,))
        move = HeuristicPlayer().choose(window.view(0), window.legal_moves())
        assert move == MatchDiscard(0, (N1,))
