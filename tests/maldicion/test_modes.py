"""PvP, Guild War and the difficulties."""

from __future__ import annotations

import pytest

from cardrules import ConfigError
from cardrules.maldicion import (
    Accept,
    AttackPhase,
    Card,
    ChooseHero,
    DiscardCurse,
    Draw,
    Element,
    EventKind,
    Game,
    Hero,
    HeroChoicePhase,
    Play,
    TurnPhase,
)

from .builders import FILLER, labels, position

DECK = " ".join(FILLER.split()[:16])


def _c(text: str) -> Card:
    return Card.parse(text)


class TestPvp:
    """PvP: "Each time a player finishes a game by freeing themselves from the Curse, their opponent must add and
    subtract HP from their Life Counter according to the numbers on each card in their hand"."""

    GAME = Game(players=2, mode="pvp")

    def test_loser_counts_its_hand(self) -> None:
        """+9 - 10 - 25 = -26: the loser goes from 100 to 74; a new game is dealt with the same Heroes."""
        state = position(
            ["", "sceptre/fire staff/water gem"],
            game=self.GAME,
            curses=[Element.FIRE, Element.WATER],
            heroes=[Hero.ODILIA, Hero.EMMA],
        )
        after = state.apply(DiscardCurse(0))
        assert after.outcome is None and after.hp == (100, 74)
        assert after.game_number == 2 and after.dealer == 0 and after.heroes == (Hero.ODILIA, Hero.EMMA)
        assert sum(len(h) for h in after.hands) >= 14
        assert any(e.kind is EventKind.HP and e.count == -26 for e in after.events)

    def test_duel_ends_at_zero(self) -> None:
        """ "the first player to reach 0 (zero) HP is the loser of the duel"."""
        state = position(
            ["", "sceptre/fire staff/water gem"],
            game=self.GAME,
            curses=[Element.FIRE, Element.WATER],
            hp=[30, 20],
        )
        after = state.apply(DiscardCurse(0))
        assert after.outcome is not None and after.outcome.winners == {0}
        assert after.outcome.scores == (30.0, -6.0)

    def test_potions_heal(self) -> None:
        """ "Red numbers subtract HP, and green numbers add HP": a hand of potions raises the Counter, no cap."""
        state = position(["", "large-potion/fire sceptre/water"], game=self.GAME, curses=[Element.FIRE] * 2)
        assert state.apply(DiscardCurse(0)).hp == (100, 115)


class TestGuildWar:
    """Guild War: teams interleaved, one Curse per team, chosen targets, the Penalized seat as starting point."""

    GAME = Game(players=4, mode="guild_war")

    def test_attacker_chooses_the_target(self) -> None:
        """ "Whenever a participant plays a Double Shot or Rain of Spears card, they may choose which opponent to
        attack, including in accumulated attacks"."""
        state = position(
            ["double-shot/fire club/water", "bow/water", "sword/water", "dagger/water"], game=self.GAME
        )
        assert {
            m.target for m in state.legal_moves() if isinstance(m, Play) and m.card.group.value == "attack"
        } == {
            1,
            2,
            3,
        }

    def test_round_continues_from_the_penalized(self) -> None:
        """ "The Penalized player is taken as the starting point for continuing the round"."""
        state = position(
            ["double-shot/fire club/water", "bow/water", "sword/water", "dagger/water"],
            game=self.GAME,
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire"), target=3))
        assert s.phase == AttackPhase(3, 0, _c("double-shot/fire").figure, 2, 0)
        after = s.apply(Accept(3))
        assert len(after.hands[3]) == 3 and after.phase == TurnPhase(0) and not any(after.penalized)

    def test_team_curse(self) -> None:
        """ "The team whose member is the first to discard the Curse ... wins"."""
        state = position(
            ["club/water", "bow/water", "", "dagger/water"],
            game=self.GAME,
            curses=[Element.FIRE, Element.WATER],
            phase=TurnPhase(2),
        )
        after = state.apply(DiscardCurse(2))
        assert after.outcome is not None and after.outcome.winners == {0, 2}

    def test_team_sees_its_curse_not_hands(self) -> None:
        """Both members see the team Curse; "Players may NOT show these cards to the rest of their team"."""
        state = self.GAME.new_state(4)
        view = state.view(2)
        assert view.curse is state.curses[0] and view.hand == state.hands[2]
        assert view.hand_sizes[0] == len(state.hands[0]) and not view.known


class TestHard:
    """Hard: "players may never check the element of their Curse ... If it does not match the element in play, the
    Curse returns to the player, who must draw two cards from the Deck as a penalty"."""

    GAME = Game(players=3, difficulty="hard")

    def test_the_element_is_not_shown(self) -> None:
        """Neither the view nor the legal moves reveal the element."""
        fire = position(
            ["", "bow/water", "sword/water"],
            game=self.GAME,
            curses=[Element.FIRE, Element.PLANT, Element.LIGHTNING],
            deck=DECK,
        )
        water = position(
            ["", "bow/water", "sword/water"],
            game=self.GAME,
            curses=[Element.WATER, Element.PLANT, Element.LIGHTNING],
            deck=DECK,
        )
        assert fire.view(0) == water.view(0) and fire.view(0).curse is None
        assert fire.legal_moves() == water.legal_moves() == (DiscardCurse(0), Draw(0))

    def test_right_guess_wins(self) -> None:
        """On its element the attempt frees the seat."""
        fire = position(
            ["", "bow/water", "sword/water"],
            game=self.GAME,
            curses=[Element.FIRE, Element.PLANT, Element.LIGHTNING],
            deck=DECK,
        )
        after = fire.apply(DiscardCurse(0))
        assert after.outcome is not None and after.outcome.winners == {0}

    def test_wrong_guess_costs_two(self) -> None:
        """A wrong guess: back to the seat, two cards, and the colour is known to all (ruling 29)."""
        water = position(
            ["", "bow/water", "sword/water"],
            game=self.GAME,
            curses=[Element.WATER, Element.PLANT, Element.LIGHTNING],
            deck=DECK,
        )
        after = water.apply(DiscardCurse(0))
        assert after.outcome is None and len(after.hands[0]) == 2 and after.phase == TurnPhase(1)
        assert after.view(0).curse is Element.WATER and after.view(1).curses[0] is Element.WATER


class TestEasyAndMedium:
    """Easy: check "as many times as they like"; Medium: "only at the moment the cards are dealt" (ruling 30)."""

    def test_seat_knows_its_curse(self) -> None:
        """Both show the seat its Curse: a player who remembers it knows it in Medium too."""
        for difficulty in ("easy", "medium"):
            state = Game(players=3, difficulty=difficulty).new_state(2)
            assert state.view(1).curse is state.curses[1] and state.view(0).curses == (None, None, None)
            assert "discard the Curse" not in labels(state.legal_moves())


class TestPvpHeroes:
    """ "Before the first game, each player takes a hero, either by choice or at random, as both opponents decide.
    The hero stays the same from the start to the end of the duel"."""

    def test_by_choice(self) -> None:
        """The starting seat picks first, openly; the other picks among the rest; play then begins."""
        game = Game(players=2, mode="pvp", hero_choice="choice")
        state = game.new_state(5)
        first = state.phase.seat
        assert first == (state.dealer + 1) % 2 and state.view(first).hero is None
        assert len(state.legal_moves()) == 8
        s = state.apply(ChooseHero(first, Hero.EMMA))
        assert s.phase.seat == 1 - first and Hero.EMMA not in {m.hero for m in s.legal_moves()}  # type: ignore[attr-defined]
        assert s.view(1 - first).heroes[first] is Hero.EMMA
        s = s.apply(ChooseHero(1 - first, Hero.ALLARD))
        assert s.heroes[first] is Hero.EMMA and s.heroes[1 - first] is Hero.ALLARD
        assert not isinstance(s.phase, HeroChoicePhase)

    def test_only_in_pvp(self) -> None:
        """In the other modes Heroes are dealt "at random"."""
        with pytest.raises(ConfigError, match="hero_choice"):
            Game(players=4, hero_choice="choice")


class TestGuildWarDetails:
    """Guild War: targets chosen "including in accumulated attacks"; hard Curses are the team's."""

    def test_stacking_chooses_a_target(self) -> None:
        """The stacking seat names its own target."""
        game = Game(players=4, mode="guild_war")
        state = position(
            ["double-shot/fire club/water", "double-shot/plant bow/water", "sword/water", "dagger/water"],
            game=game,
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire"), target=1))
        assert {m.target for m in s.legal_moves() if isinstance(m, Play)} == {0, 2, 3}
        s = s.apply(Play(1, _c("double-shot/plant"), target=3))
        assert s.phase == AttackPhase(3, 1, _c("double-shot/plant").figure, 4, 0)

    def test_hard_failure_shows_the_team_curse(self) -> None:
        """A failed attempt shows the team's Curse to both members and to the other team."""
        game = Game(players=4, mode="guild_war", difficulty="hard")
        state = position(
            ["", "bow/water", "sword/water", "dagger/water"],
            game=game,
            curses=[Element.PLANT, Element.WATER],
            deck=DECK,
        )
        assert state.view(2).curse is None
        after = state.apply(DiscardCurse(0))
        assert (
            after.outcome is None
            and after.view(2).curse is Element.PLANT
            and after.view(1).curses[0] is Element.PLANT
        )
