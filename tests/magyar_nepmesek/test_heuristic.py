"""The heuristic player: legal, sensible in plain positions, and clearly better than chance."""

from __future__ import annotations

from cardrules import play
from cardrules._random import Rng
from cardrules.bots import RandomPlayer
from cardrules.bots._registry import heuristic
from cardrules.magyar_nepmesek import (
    Discard,
    Draw,
    Game,
    Give,
    Giving,
    Lay,
    Meld,
    MeldKind,
    Move,
    Play,
    React,
    Shield,
    State,
)
from cardrules.magyar_nepmesek._heuristic import HeuristicPlayer

from .builders import (
    ADVANCED,
    FIFTH,
    N1,
    N2,
    N3,
    N4,
    P1,
    P1B,
    P1C,
    P2,
    P3,
    P3B,
    P4,
    PURPLE,
    SHIELD,
    TAKE2,
    position,
)


def _choice(state: State) -> Move:
    seat = state.current_player
    assert seat is not None
    return HeuristicPlayer().choose(state.view(seat), state.legal_moves())


def _meld(*points: int) -> Meld:
    """A group of identical cards worth ``points`` each: roosters (1) or kings (4)."""
    card = {1: "plus1-rooster", 4: P4}[points[0]]
    return Meld(MeldKind.GROUP, (card,) * len(points), points, points)


class TestLegal:
    """Every choice is one of the legal moves, and the core finds the player by name."""

    def test_choices_are_legal(self) -> None:
        """Heuristic players at every seat, through whole matches of every variant."""
        for game in (
            Game(players=3),
            Game(players=4, variant="advanced", fifth_edition=True),
            Game(players=2),
        ):
            for seed in range(4):
                state = game.new_state(seed)
                players = [HeuristicPlayer(seed + s, game) for s in range(game.players)]
                while not state.is_terminal:
                    seat = state.current_player
                    assert seat is not None
                    legal = state.legal_moves()
                    move = players[seat].choose(state.view(seat), legal)
                    assert move in legal
                    state = state.apply(move)

    def test_registry_finds_it(self) -> None:
        """`heuristic` in a tournament lineup is this class."""
        assert isinstance(heuristic(FIFTH, seed=3), HeuristicPlayer)

    def test_it_keeps_no_state(self) -> None:
        """The seed and game are accepted like every game's heuristic player; its repr shows it holds neither."""
        assert repr(HeuristicPlayer(7, FIFTH)) == "HeuristicPlayer()" == repr(HeuristicPlayer())


class TestTactics:
    """It prefers the obviously right move."""

    def test_lays_the_highest_scoring_combination(self) -> None:
        """ "Lay down the highest-scoring combination": the +1 +2 +3 +4 row (10), not the +1 +1 group."""
        state = position([(P1, P1, P2, P3, P4), ()])
        move = _choice(state)
        assert isinstance(move, Lay) and sorted(move.values) == [1, 2, 3, 4]

    def test_sheds_the_purple_cards_with_a_midnight_near(self) -> None:
        """Get rid of negative cards before a Midnight forces them down: discard, not draw."""
        state = position([(N3, N3, P1), ()], game=ADVANCED, draw=(P1, "midnight", P1))
        move = _choice(state)
        assert isinstance(move, Discard) and move.cards == (N3, N3)

    def test_draws_with_nothing_to_do(self) -> None:
        """Nothing to lay and no purple card: draw towards combinations."""
        state = position([(P1, P3), ()])
        assert isinstance(_choice(state), Draw)

    def test_passes_purple_cards_on(self) -> None:
        """Pass 2 cards: give away the two worst purple cards, never a good card."""
        state = position([(N4, N2, P4, P3), (P1,)], game=ADVANCED, pending=Giving(0, receiver=1, limit=2))
        move = _choice(state)
        assert isinstance(move, Give) and sorted(move.cards) == sorted((N4, N2))

    def test_aims_at_the_leader(self) -> None:
        """ "Use action cards on the leader": Lay down purple cards on the seat with the most points."""
        melds = [(), (_meld(1, 1),), (_meld(4, 4, 4),)]
        state = position(
            [(PURPLE, P1), (P2, P2, P2), (P3, P3, P3)], game=Game(players=3, variant="advanced"), melds=melds
        )
        move = _choice(state)
        assert isinstance(move, Play) and move.card == PURPLE and move.target == 2

    def test_shields_against_a_harmful_action(self) -> None:
        """ "Shield against harmful actions": a Take 2 cards aimed at us is stopped."""
        action = Play(0, TAKE2, 1, 2)
        state = position([(P1,), (SHIELD, P4, P4)], game=ADVANCED, pending=React(1, action, (1,), (), ()))
        assert isinstance(_choice(state), Shield)

    def test_keeps_the_hand_limit(self) -> None:
        """With 8 cards and nothing to lay, throw the least useful card (a purple one)."""
        hand = (N1, P1, P1B, P1C, "plus1-kitten", P3, P3B, "plus3-hero")
        state = position([hand, ()])
        assert _choice(state) == Discard(0, (N1,))


class TestStrength:
    """It beats random play clearly over a seeded batch."""

    def test_beats_random(self) -> None:
        """Two seats: far above half; four seats: far above a quarter."""
        for game, share in (
            (Game(players=2), 0.6),
            (Game(players=4, variant="advanced", fifth_edition=True), 0.4),
        ):
            wins = 0
            for seed in range(30):
                at = seed % game.players
                players = [RandomPlayer(Rng(seed).below(10_000) + s) for s in range(game.players)]
                bots: list[object] = list(players)
                bots[at] = HeuristicPlayer(seed, game)
                record = play(game, bots, seed)  # type: ignore[arg-type]
                outcome = list(record.replay())[-1].outcome
                assert outcome is not None
                wins += at in outcome.winners
            assert wins / 30 >= share, (game, wins)
