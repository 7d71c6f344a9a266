"""Reflections of every shape, shared wins, and error messages that name the rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardrules import IllegalMoveError, SerializationError
from cardrules.magyar_nepmesek import (
    AddToGroup,
    Discard,
    Draw,
    FollowUp,
    Give,
    Giving,
    Lay,
    Main,
    Mirror,
    Pass,
    Play,
    Shield,
    State,
    Window,
)
from cardrules.magyar_nepmesek._melds import make_meld

from ..helpers import refused
from .builders import (
    ADVANCED,
    ALL_DISCARD,
    BALL,
    DRAW2,
    FIFTH,
    LAZY,
    MIRROR,
    N1,
    N1B,
    N2,
    N4,
    P1,
    P1B,
    P2,
    P3,
    P4,
    PALACE,
    PINKO,
    PURPLE,
    SHIELD,
    STARTER,
    TAKE2,
    position,
)


class TestReflections:
    """Magic Mirror: "reflects its effect back onto the player who played it.\""""

    def test_mirror_against_all_opponents_reflects_only_its_share(self) -> None:
        """Ruling 20: against an all-opponents action the Mirror sends back its holder's share only."""
        state = position([(ALL_DISCARD, P4), (MIRROR, P1), (P2,), (P3,)], game=FIFTH)
        state = state.apply(Play(0, ALL_DISCARD, None, 1))
        assert set(state.legal_moves()) == {Mirror(1), Pass(1)}
        assert str(Mirror(1)) == "use Magic Mirror"
        after = state.apply(Mirror(1))
        assert after.hands[0] == () and after.hands[1] == (P1,)
        assert after.hands[2] == () and after.hands[3] == ()

    def test_reflected_crystal_ball_shows_the_player_and_keeps_the_follow_up(self) -> None:
        """Ruling 22: the Mirror's holder looks at the player's hand; the second action stays the player's."""
        state = (
            position([(BALL, PURPLE, P1), (MIRROR, N1)], game=FIFTH).apply(Play(0, BALL, 1)).apply(Mirror(1))
        )
        assert state.view(1).known[0] == tuple(sorted((P1, PURPLE))) and state.view(0).known[1] == ()
        assert state.pending == FollowUp(0)

    def test_only_the_target_is_asked(self) -> None:
        """ "When you are chosen as the target of an action": other Shield holders are not asked."""
        state = position([(PURPLE,), (SHIELD, N1), (SHIELD, N2)], game=ADVANCED).apply(Play(0, PURPLE, 1))
        assert state.current_player == 1
        after = state.apply(Shield(1))
        assert after.hands[1] == (N1,) and after.hands[2] == (N2, SHIELD)
        assert after.melds == ((), (), (), ()), "seat 2 was not the target"

    def test_lay_down_purple_makes_the_lazy_girl_miss_a_turn(self) -> None:
        """Lazy Girl: "lay down purple cards due to an action card, we miss one turn"."""
        after = position([(PURPLE,), (LAZY, N1), (P1,), (P2,)], game=FIFTH).apply(Play(0, PURPLE, 1))
        assert after.hands[1] == (LAZY,) and after.scores[1] == -1
        assert after.pending == Main(2), "seat 1 misses its turn"


class TestErrors:
    """IllegalMoveError names the broken rule and changes nothing."""

    def test_messages(self) -> None:
        """Each refusal says which rule."""
        full = position([(P1, P1, P1, P1, P2, P2, P2, P3)])
        with pytest.raises(IllegalMoveError, match="at most 8 cards"):
            full.apply(Draw(0))
        with pytest.raises(IllegalMoveError, match="starter game discards exactly one card"):
            full.apply(Discard(0, (P1, P1)))
        with pytest.raises(IllegalMoveError, match="does not hold"):
            full.apply(Discard(0, (N1,)))
        with pytest.raises(IllegalMoveError, match="Lazy Girl cannot be discarded"):
            position([(LAZY, P1)], game=FIFTH).apply(Discard(0, (LAZY,)))
        with pytest.raises(IllegalMoveError, match="reaction"):
            position([(SHIELD, P1)], game=ADVANCED).apply(Play(0, SHIELD))
        with pytest.raises(IllegalMoveError, match="passing is not allowed"):
            full.apply(Pass(0))
        with pytest.raises(IllegalMoveError, match="seat 1 tried to move"):
            full.apply(Draw(1))
        with pytest.raises(IllegalMoveError, match="not possible now"):
            full.apply(Shield(0))


class TestRefusedMoves:
    """Every refusal names the rule the move breaks, and the position stays as it was."""

    def test_a_card_the_game_does_not_have(self) -> None:
        """The starter game is played "without action cards": a Shield is not one of its cards."""
        refused(position([(P1,)]), Play(0, SHIELD), "'shield' is not a card of this game")

    def test_drawing_from_an_empty_pile(self) -> None:
        """ "Draw one card from the draw pile": with none left (the final round, which "begins" when
        "a player draws the last card") there is nothing to draw."""
        refused(position([(P1,)], draw=(), final=1, last_drawer=1), Draw(0), "the draw pile is empty")

    def test_advanced_discard_of_a_mixed_pair(self) -> None:
        """Advanced discards: "several identical cards" or "a complete or incomplete negative row"."""
        state = position([(P1, P2, P3)], game=ADVANCED)
        refused(
            state,
            Discard(0, (P1, P2)),
            "discard one card, several identical cards, or a negative row of at least 3 with one substitute",
        )

    def test_a_positive_card_is_not_played(self) -> None:
        """Only action cards are played; a +1 is laid down or discarded."""
        refused(position([(P1, P2)], game=ADVANCED), Play(0, P1), "plus1-piglet is not an action card")

    def test_an_action_card_needs_a_fitting_target(self) -> None:
        """Draw 2 cards is played on another player, and Take 2 cards takes at most 2."""
        state = position([(DRAW2, TAKE2, P2), (P1, P1B, P3)], game=ADVANCED)
        reason = "does not fit the card: wrong target, count or laid card, or the 8-card limit"
        refused(state, Play(0, DRAW2, 0), r"play Draw 2 cards on seat 0 " + reason)
        refused(state, Play(0, TAKE2, 1, 5), r"play Take 2 cards on seat 1 \(5\) " + reason)

    def test_only_identical_cards_join_an_own_group_and_never_a_row(self) -> None:
        """ "Add another identical card to a group [...]. A row cannot be extended in this way.\""""
        table = STARTER.table
        pair = make_meld((P1, P1), (1, 1), table)
        row = make_meld((P1, P2, P3), (1, 2, 3), table)
        reason = r"only a card identical to the group's cards may be added to an own group \(never to a row\)"
        window = Window(1, (2, 3))
        on_pair = position([(P4,), (P2, P1B)], melds=[(), (pair,)], discard=(N4,), pending=window)
        refused(on_pair, AddToGroup(1, 0, P2), reason)
        refused(on_pair, AddToGroup(1, 0, P1B), reason)  # a +1 of another picture is not identical
        on_row = position([(P4,), (P1,)], melds=[(), (row,)], discard=(N4,), pending=window)
        refused(on_row, AddToGroup(1, 0, P1), reason)

    def test_a_reaction_needs_the_card(self) -> None:
        """The target reacts with a Shield or Magic Mirror only if it holds one."""
        state = position([(PURPLE,), (SHIELD, N1)], game=FIFTH).apply(Play(0, PURPLE, 1))
        refused(state, Mirror(1), "seat 1 holds no Magic Mirror to use now")
        state = position([(PURPLE,), (MIRROR, N1)], game=FIFTH).apply(Play(0, PURPLE, 1))
        refused(state, Shield(1), "seat 1 holds no Shield to use now")

    def test_pass_two_gives_at_most_what_fits(self) -> None:
        """Pass 2 cards passes up to 2, and never past the receiver's 8-card limit."""
        state = position([(P1,), (P1, P2, P3)], game=ADVANCED, pending=Giving(1, 0, 2))
        refused(state, Give(1, (P1, P2, P3)), "at most 2 cards may be given: no one may hold more than 8")
        state = position([(P1,), (P1, P2, P3)], game=ADVANCED, pending=Giving(1, 0, 1))
        refused(state, Give(1, (P1, P2)), "at most 1 card may be given")


class TestRefusedCombinations:
    """ "Lay down [...] one combination from the following options": each refusal names the option missed."""

    def test_each_card_needs_its_value(self) -> None:
        """A lay-down says what every card stands for."""
        refused(position([(P1, P1)]), Lay(0, (P1, P1), (1,)), "each laid card needs the value it stands for")

    def test_pinko_is_never_laid_alone(self) -> None:
        """Pinkó: "It cannot be laid down alone"."""
        refused(position([(PINKO, P1)]), Lay(0, (PINKO,), (1,)), "Pinkó cannot be laid down alone")

    def test_pinko_stands_for_a_plus_four_only_in_a_row(self) -> None:
        """Pinkó replaces "the +4 only in a row": not in a group of +4s."""
        refused(
            position([(PINKO, P4, P4)]),
            Lay(0, (P4, P4, PINKO), (4, 4, 4)),
            "Pinkó replaces a \\+4 only in a row",
        )

    def test_the_palace_only_in_a_row(self) -> None:
        """The Palace "can only be laid down as part of a row, meaning after at least one +3 and one +4 card"."""
        refused(
            position([(PALACE, P1)], game=FIFTH),
            Lay(0, (PALACE,), (5,)),
            "the Palace can only be laid down as part of a row, after a \\+3 and a \\+4",
        )

    def test_purple_cards_make_no_combination(self) -> None:
        """A group is of "identical positive (+) cards" and a row of "positive cards"."""
        refused(
            position([(N1, N1B, N2)]),
            Lay(0, (N1, N2), (-1, -2)),
            "purple cards are never laid down by choice: only positive cards make a combination",
        )

    def test_a_single_card_only_if_it_is_a_plus_four(self) -> None:
        """ "A single +4 card: one card with value +4 on its own.\""""
        refused(
            position([(P1, P2)]), Lay(0, (P1,), (1,)), "a single card may be laid down only if it is a \\+4"
        )
        assert Lay(0, (P4,), (4,)) in position([(P4, P2)]).legal_moves()

    def test_a_group_is_of_identical_cards(self) -> None:
        """Group: "two or more completely identical positive (+) cards" — two +1s of different pictures are not."""
        refused(
            position([(P1, P1B)]),
            Lay(0, (P1, P1B), (1, 1)),
            "a group needs two or more completely identical positive cards",
        )

    def test_a_row_has_no_gap(self) -> None:
        """Row: "a row of at least 3 positive cards" of consecutive values: +1, +3, +4 is not one."""
        refused(
            position([(P1, P3, P4)]),
            Lay(0, (P1, P3, P4), (1, 3, 4)),
            "a row needs at least 3 positive cards of consecutive values, one of each",
        )


class TestBadStates:
    """A state read back from JSON is checked: SerializationError says what does not add up."""

    @staticmethod
    def _broken(change: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(json.dumps(STARTER.new_state(1).to_dict()))
        inner = data["data"]
        if change == "seats":
            inner["hands"] = inner["hands"][:3]
        elif change == "slots":
            inner["village_cards"][0] = ["village"]
        elif change == "cards":
            inner["hands"][0] = sorted([*inner["hands"][0], inner["draw"].pop(), inner["hands"][0][0]])
        elif change == "midnights":  # the middle third's Midnight moved up into the top third
            draw = inner["draw"]
            middle = sorted(i for i, card in enumerate(draw) if card == "midnight")[1]
            top = max(i for i, card in enumerate(draw) if card != "midnight")
            draw[middle], draw[top] = draw[top], draw[middle]
        elif change == "longer":  # a hand put under the draw pile: more cards than the setup stacks there
            inner["draw"] = [*inner["hands"][0], *inner["draw"]]
            inner["hands"][0] = []
        elif change == "no midnight":  # the bottom third, which no one has drawn from, without its Midnight
            draw, hand = inner["draw"], inner["hands"][0]
            bottom = min(i for i, card in enumerate(draw) if card == "midnight")
            draw[bottom], hand[0] = hand[0], draw[bottom]
            inner["hands"][0] = sorted(hand)
        else:
            inner["turn"] = 9
        return data

    def test_round_trip_is_accepted(self) -> None:
        """The unchanged form reads back equal."""
        state = STARTER.new_state(1)
        assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state

    @pytest.mark.parametrize(
        ("change", "reason"),
        [
            ("seats", "hands has length 3; it must be 4"),
            ("slots", r"villages\[0\] has length 0; it must be 1"),
            ("cards", "do not hold the game's cards once each: 1 too many"),
            ("turn", "turn must be a seat from 0 to 3; got 9"),
            ("midnights", "draw holds 2 Midnights in its third number 1 from the top"),
            ("longer", "draw holds 65 cards; the setup stacks 58 and cards only leave it"),
            (
                "no midnight",
                "draw holds 0 Midnights in its third number 3 from the top, which no one has drawn from",
            ),
        ],
    )
    def test_broken_states_are_refused(self, change: str, reason: str) -> None:
        """Every card once, one entry per seat, a seat in range, one Midnight a third (ruling 3), and no more
        cards in the draw pile than the setup stacked, since cards only leave it from the top."""
        with pytest.raises(SerializationError, match=reason):
            State.from_dict(self._broken(change))


class TestSharedWin:
    """ "In case of a tie, the player who laid down more cards wins" — and if that ties too, ruling 33."""

    def test_equal_points_and_cards_share_the_win(self) -> None:
        """Two seats with 2 points from 2 cards each share the win."""
        from cardrules.magyar_nepmesek._melds import make_meld

        from .builders import STARTER

        pair = make_meld((P1, P1), (1, 1), STARTER.table)
        state = position([(), (), (), ()], melds=[(pair,), (pair,), (), ()], final=2, last_drawer=0, draw=())
        end = state.apply(Pass(0))
        assert end.outcome is not None and end.outcome.winners == frozenset({0, 1})


class TestFacade:
    """The package exports the contract's names."""

    def test_exports(self) -> None:
        """Game, State, Move and View, and every move and decision class."""
        from cardrules import magyar_nepmesek

        for name in ("Game", "State", "Move", "View", "Lay", "Play", "Window", "React", "Deck", "read_deck"):
            assert name in magyar_nepmesek.__all__ and hasattr(magyar_nepmesek, name)
