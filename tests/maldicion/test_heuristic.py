"""The heuristic player: legal, sensible in plain positions, and clearly better than chance."""

from __future__ import annotations

from cardrules import play
from cardrules._random import Rng
from cardrules.bots import RandomPlayer
from cardrules.bots._registry import heuristic
from cardrules.maldicion import (
    AbilityPhase,
    AttackPhase,
    CallOut,
    CalloutPhase,
    Card,
    DiscardCurse,
    Element,
    Figure,
    Game,
    Hero,
    Move,
    NextTurn,
    Play,
    Reflex,
    ReflexPhase,
    State,
    UseAbility,
)
from cardrules.maldicion._heuristic import HeuristicPlayer

from .builders import FILLER, position

DECK = FILLER


def _c(text: str) -> Card:
    return Card.parse(text)


def _choice(state: State) -> Move:
    seat = state.current_player
    assert seat is not None
    legal = state.legal_moves()
    move = HeuristicPlayer().choose(state.view(seat), legal)
    assert move in legal
    return move


class TestLegal:
    """Every choice is one of the legal moves, and the core finds the player by name."""

    def test_choices_are_legal_in_random_states(self) -> None:
        """Random play through every example configuration; the heuristic is asked at every state."""
        for game in Game.examples():
            for seed in range(3):
                rng = Rng(seed)
                state = game.new_state(seed)
                player = HeuristicPlayer(seed, game)
                for _ in range(400):
                    if state.is_terminal:
                        break
                    seat = state.current_player
                    assert seat is not None
                    legal = state.legal_moves()
                    assert player.choose(state.view(seat), legal) in legal
                    state = state.apply(legal[rng.below(len(legal))])

    def test_whole_matches_between_heuristics(self) -> None:
        """Heuristic players at every seat finish matches of every example configuration."""
        for game in Game.examples():
            state = game.new_state(5)
            players = [HeuristicPlayer(s, game) for s in range(game.players)]
            for _ in range(20_000):
                if state.is_terminal:
                    break
                seat = state.current_player
                assert seat is not None
                legal = state.legal_moves()
                move = players[seat].choose(state.view(seat), legal)
                assert move in legal
                state = state.apply(move)
            assert state.is_terminal, game

    def test_registry_finds_it(self) -> None:
        """`heuristic` in a tournament lineup is this class."""
        assert isinstance(heuristic(Game(), seed=3), HeuristicPlayer)


class TestTactics:
    """It prefers the obviously right move."""

    def test_says_maldicion(self) -> None:
        """ "The moment a player is left with no cards in hand, they must say out loud MALDICIÓN"."""
        state = position(["club/water", "bow/water"])
        assert _choice(state) == Play(0, _c("club/water"), call=True)

    def test_calls_out_a_forgotten_call(self) -> None:
        """ "any player who notices this oversight may point it out and punish the player"."""
        # Seat 2 went silent: the seats after it are asked in round order, seat 0 first.
        state = position(["club/water", "bow/water", ""], phase=CalloutPhase(0, 2, (1,), NextTurn(0)))
        assert _choice(state) == CallOut(0, 2)

    def test_spares_a_teammate(self) -> None:
        """In Guild War a teammate's silence is not pointed out."""
        game = Game(players=4, mode="guild_war")
        state = position(
            ["club/water", "bow/water", "", "sword/plant"],
            game=game,
            # Seat 2 went silent; seat 3 was asked first and passed, its teammate seat 0 is asked now.
            phase=CalloutPhase(0, 2, (1,), NextTurn(3)),
        )
        assert _choice(state) != CallOut(0, 2)

    def test_tries_the_curse_in_hard(self) -> None:
        """Discard the Curse as soon as allowed: in Hard an unknown Curse is tried rather than drawing."""
        state = position(["", "bow/water"], game=Game(players=2, difficulty="hard"), deck=DECK)
        assert _choice(state) == DiscardCurse(0)

    def test_keeps_the_bonfire_for_last(self) -> None:
        """Bonfire "allows the Curse to be discarded" when it was the last card: shed the other card first."""
        state = position(["bonfire/fire club/fire", "bow/water"])
        assert _choice(state) == Play(0, _c("club/fire"))

    def test_last_bonfire_frees_the_curse(self) -> None:
        """The last card a Bonfire: played with MALDICIÓN, then the Curse goes whatever its element."""
        state = position(["bonfire/fire", "bow/water"], curses=(Element.WATER, Element.PLANT))
        move = _choice(state)
        assert move == Play(0, _c("bonfire/fire"), call=True)
        assert _choice(state.apply(move)) == DiscardCurse(0)

    def test_last_gem_names_the_curse(self) -> None:
        """The last card a Gem: name the Curse's element, so that it can be discarded next."""
        state = position(["gem", "bow/water"], pile="club/fire", curses=(Element.PLANT, Element.FIRE))
        assert _choice(state) == Play(0, _c("gem"), element=Element.PLANT, call=True)

    def test_gem_names_the_element_held_most(self) -> None:
        """ "The player who plays this card may choose which element it changes to": the one held most."""
        state = position(["gem bow/plant sword/plant club/water", "bow/water"], pile="dagger/lightning")
        move = _choice(state)
        assert isinstance(move, Play) and move.element is Element.PLANT

    def test_sheds_costly_cards_first_in_pvp(self) -> None:
        """PvP: "Red numbers subtract HP": get rid of the Staff (−10) before the Small Potion (+3)."""
        state = position(
            ["staff/fire small-potion/fire club/water", "bow/water"], game=Game(players=2, mode="pvp")
        )
        assert _choice(state) == Play(0, _c("staff/fire"))

    def test_keeps_the_shield(self) -> None:
        """A Shield "returns to the previous player any Attack": keep it, play the Object."""
        state = position(["shield/fire club/fire", "bow/water"])
        assert _choice(state) == Play(0, _c("club/fire"))

    def test_mirror_sheds_two(self) -> None:
        """ "any player holding two IDENTICAL cards may Play/Discard them together as one"."""
        state = position(["club/fire club/fire bow/water", "bow/water"], pile="sword/fire")
        assert _choice(state) == Play(0, _c("club/fire"), mirror=True)

    def test_takes_a_reflex(self) -> None:
        """Reflex: an identical card out of turn is one card fewer."""
        state = position(
            ["bow/water", "club/fire sword/water", "bow/water"], phase=ReflexPhase(1, 0, (2,), NextTurn(1))
        )
        assert _choice(state) == Reflex(1, _c("club/fire"))

    def test_shield_answers_an_attack(self) -> None:
        """A Shield "returns to the previous player any Attack": better than taking a Paralyse."""
        state = position(
            ["bow/water", "shield/fire club/water", "bow/water"],
            pile="paralyse/fire",
            phase=AttackPhase(1, 0, Figure.PARALYSE, 0, 0),
        )
        assert _choice(state) == Play(1, _c("shield/fire"))

    def test_stacks_rather_than_takes(self) -> None:
        """ "If the attacked player holds a Double Shot card, they may play it": stack, keeping the Shield."""
        state = position(
            ["bow/water", "double-shot/water shield/fire club/water", "bow/water"],
            pile="double-shot/fire",
            phase=AttackPhase(1, 0, Figure.DOUBLE_SHOT, 2, 0),
            deck=DECK,
        )
        move = _choice(state)
        assert move == Play(1, _c("double-shot/water"))

    def test_aims_at_the_leading_opponent(self) -> None:
        """Guild War: "they may choose which opponent to attack": the opponent with fewest cards."""
        game = Game(players=4, mode="guild_war")
        state = position(
            [
                "double-shot/fire club/water",
                "bow/water sword/water club/plant dagger/plant",
                "bow/water",
                "bow/plant",
            ],
            game=game,
            deck=DECK,
        )
        move = _choice(state)
        assert isinstance(move, Play) and move.card is _c("double-shot/fire") and move.target == 3

    def test_sets_the_curse_for_a_waiting_teammate(self) -> None:
        """Guild War: "Any team member with an empty hand may discard the team Curse": give it its element."""
        game = Game(players=4, mode="guild_war")
        state = position(
            ["club/plant club/lightning bow/lightning", "bow/water sword/water", "", "bow/fire"],
            game=game,
            pile="club/water",
            curses=(Element.PLANT, Element.FIRE),
            deck=DECK,
        )
        assert _choice(state) == Play(0, _c("club/plant"))

    def test_trea_conjures_on_the_leader(self) -> None:
        """Trea: "a single opponent ... draw[s] the number of cards equal to the total number of players"."""
        hands = [
            "club/water bow/water",
            " ".join(FILLER.split()[:7]),
            "sword/plant",
            " ".join(FILLER.split()[7:14]),
        ]
        state = position(
            hands,
            phase=AbilityPhase(0),
            heroes=(Hero.TREA, Hero.ALLARD, Hero.EMMA, Hero.ODILIA),
            pile="ability/fire",  # the Ability card whose use is awaited
        )
        assert _choice(state) == UseAbility(0, target=2)


class TestStrength:
    """It beats random play clearly over a seeded batch."""

    def test_beats_random(self) -> None:
        """Two seats: far above half; four seats: far above a quarter."""
        for game, share in ((Game(players=2), 0.6), (Game(players=4), 0.4)):
            wins = 0
            for seed in range(30):
                at = seed % game.players
                bots: list[object] = [RandomPlayer(Rng(seed).below(10_000) + s) for s in range(game.players)]
                bots[at] = HeuristicPlayer(seed, game)
                record = play(game, bots, seed)  # type: ignore[arg-type]
                outcome = list(record.replay())[-1].outcome
                assert outcome is not None
                wins += at in outcome.winners
            assert wins / 30 >= share, (game, wins)
