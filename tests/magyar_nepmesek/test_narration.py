"""Narration (describe, opening) and the rendered view name no hidden card."""

from __future__ import annotations

import re

import pytest

from cardrules import ConfigError
from cardrules._random import Rng
from cardrules.magyar_nepmesek import Game, Give, Giving, Move, Play, State, Store, Swap, card_name
from cardrules.magyar_nepmesek._narration import words

from .builders import ADVANCED, P1, P2, P3, P4, position

GAME = Game(players=4, variant="advanced", fifth_edition=True)
KINDS = sorted(set(GAME.table.cards), key=lambda kind: len(card_name(kind)), reverse=True)
#: Words that name a kind of card as a thing on the table, not a card seen: "on a Village", "drew a
#: Midnight card", "seat 2's Shield stopped", "showed the Lazy Girl" (shown to all).
CONCEPTS = re.compile(
    r"(on|from) (a )?Villages?( \d+)?|Villages? \d+/\d+ filled|your Villages|a Midnight (card|still)|"
    r"no Midnight left|'s Shield stopped|used (Shield|Magic Mirror)|the Lazy Girl|the Magic Mirror|a Shield"
)


def _named(lines: tuple[str, ...] | str) -> set[str]:
    """The card kinds named in ``lines`` by their names (longest first, so "Draw 2 cards" is not "Draw 2")."""
    text = CONCEPTS.sub(" ", " ".join(lines) if isinstance(lines, tuple) else lines)
    found: set[str] = set()
    for kind in KINDS:
        pattern = re.compile(rf"(?<![\w+-]){re.escape(card_name(kind))}(?!\w)")
        if pattern.search(text):
            found.add(kind)
            text = pattern.sub(" ", text)
    return found


def _matches(seeds: range) -> list[tuple[State, Move, State]]:
    steps = []
    for seed in seeds:
        state = GAME.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            after = state.apply(move)
            steps.append((state, move, after))
            state = after
    return steps


class TestDescribe:
    """describe() tells public facts only."""

    def test_hidden_moves_name_no_card(self) -> None:
        """Passing cards, a Village card laid face down or exchanged, a blind take: no card named."""
        seen: set[type] = set()
        for before, move, after in _matches(range(12)):
            lines = before.describe(move, after)
            assert lines, move
            if isinstance(move, (Give, Store, Swap)):
                seen.add(type(move))
                laid = {c for melds in after.melds for m in melds for c in m.cards}
                assert _named(lines) <= laid | set(after.discard), (move, lines)
            if isinstance(move, Play) and move.count:
                seen.add(Play)
                named = _named(lines)
                assert named <= set(after.discard) | {move.card}, (move, lines)
        assert {Give, Store, Swap} <= seen

    def test_give_is_told_as_a_count(self) -> None:
        """ "seat 0 gave 2 cards to seat 1", never which ones."""
        state = position([(P1, P2, P3), (P4,)], game=ADVANCED, pending=Giving(0, receiver=1, limit=2))
        move = Give(0, (P1, P2))
        lines = state.describe(move, state.apply(move))
        assert any("gave 2 cards to seat 1" in line for line in lines)
        assert not _named(lines)

    def test_opening_names_no_card(self) -> None:
        """The opening tells the deal and the first seat."""
        lines = GAME.new_state(3).opening()
        assert any("begins" in line for line in lines) and not _named(lines)


class TestRender:
    """A rendered view shows the seat's own cards and public ones only."""

    def test_render_hides_other_hands(self) -> None:
        """A kind held only by another seat, unknown to the viewer, is never printed."""
        for before, _, _ in _matches(range(3))[::25]:
            for seat in range(GAME.players):
                view = before.view(seat)
                text = view.render()
                visible = set(view.hand) | set(view.discard)
                visible |= {c for v in view.own_villages for c in ([v] if v else [])}
                visible |= {c for cards in view.village_cards for c in cards}
                visible |= {c for melds in view.melds for m in melds for c in m.cards}
                visible |= {c for cards in view.known for c in cards}
                visible |= {c for e in view.events for c in _named(words(e))}
                assert _named(text) <= visible, seat


class TestNews:
    """What one seat alone learns, in words addressed to it."""

    def test_the_drawer_is_told_its_card(self) -> None:
        from cardrules.magyar_nepmesek import Draw

        state = position([(P1,), (P2,)], draw=(P3, P4))
        after = state.apply(Draw(0))
        assert after.view(0).news(state.view(0)) == (f"you drew {card_name(P4)}",)
        assert after.view(1).news(state.view(1)) == ()
        assert state.describe(Draw(0), after) == ("seat 0 drew a card",)

    def test_the_receiver_of_pass_two_is_told_the_cards(self) -> None:
        state = position([(P1, P2, P3), (P4,)], game=ADVANCED, pending=Giving(0, receiver=1, limit=2))
        after = state.apply(Give(0, (P1, P2)))
        assert after.view(1).news(state.view(1))[0] == f"you got {card_name(P1)}, {card_name(P2)} from seat 0"
        assert after.view(0).news(state.view(0))[0] == f"you gave {card_name(P1)}, {card_name(P2)} to seat 1"


class TestNames:
    """Cards read by their rulebook names, the same in moves, views and narration."""

    def test_names(self) -> None:
        from cardrules.magyar_nepmesek import Lay

        assert card_name("plus2-poor-man") == "+2 Poor man" and card_name("pinko") == "Pinkó"
        assert card_name("draw-2") == "Draw 2 cards" and card_name("plus5-ox-cart") == "+5 Ox cart"
        assert str(Lay(0, ("plus4-king", "plus4-king"), (4, 4))) == "lay down +4 King, +4 King"
        assert str(Lay(0, ("plus3-hero", "pinko"), (3, 3))) == "lay down +3 Hero, Pinkó as +3"


def test_card_name_takes_a_card_id() -> None:
    """A card's name is read from its id, a string; anything else is named."""
    assert card_name("plus2-poor-man") == "+2 Poor man"
    with pytest.raises(ConfigError, match="card_name needs a card's id, a string, got 5"):
        card_name(5)  # type: ignore[arg-type]
