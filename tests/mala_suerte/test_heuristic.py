"""The heuristic player: legal choices, the obvious tactics of the rulebook's cards, and wins over random play."""

from __future__ import annotations

from cardrules import play as play_match
from cardrules.bots import RandomPlayer, heuristic
from cardrules.mala_suerte import (
    Card,
    Colour,
    Curse,
    Draw,
    Game,
    Move,
    NameColour,
    Play,
    Return,
    State,
    Step,
    Swap,
    Take,
)
from cardrules.mala_suerte._heuristic import HeuristicPlayer

from .builders import position

RED, YELLOW, BLUE = Colour.RED, Colour.YELLOW, Colour.BLUE


def card(text: str) -> Card:
    return Card.parse(text)


def choice(state: State, seed: int = 0) -> Move:
    seat = state.current_player
    assert seat is not None
    return HeuristicPlayer(seed).choose(state.view(seat), state.legal_moves())


class TestRegistry:
    """The core finds it by module name."""

    def test_registered(self) -> None:
        assert isinstance(heuristic(Game()), HeuristicPlayer)
        assert isinstance(heuristic(Game(players=2, backs="plain"), seed=3), HeuristicPlayer)
        assert repr(heuristic(Game())) == "HeuristicPlayer()"


class TestLegal:
    """Every choice is one of the legal moves, whatever the options."""

    def test_choices_are_legal(self) -> None:
        for game in Game.examples():
            for seed in range(6):
                state = game.new_state(seed)
                bots = [HeuristicPlayer(seed * 10 + s) for s in range(game.players)]
                while not state.is_terminal:
                    seat = state.current_player
                    assert seat is not None
                    legal = state.legal_moves()
                    move = bots[seat].choose(state.view(seat), legal)
                    assert move in legal
                    state = state.apply(move)


class TestTactics:
    """In hand-built positions it prefers the obviously right move."""

    def test_it_does_not_play_a_clover(self) -> None:
        """ "Clover: You lose if it is in your pile." """
        state = position(
            ["red Clover, blue Crows, yellow Horseshoe", "red Crows, blue Evil Eye"], step=Step.DRAWN
        )
        move = choice(state)
        assert isinstance(move, Play) and move.card != card("red Clover")

    def test_it_draws_before_a_forced_clover(self) -> None:
        """Evil Eye: "Before playing a card of that colour, the next person may Draw and Clean": the only red
        card is a Clover, so it draws first, and then plays the red card it drew."""
        state = position(
            ["red Clover, blue Crows", "red Crows, blue Evil Eye"], deck="red Horseshoe", curse=Curse(0, RED)
        )
        assert choice(state) == Draw(0)
        state = state.apply(Draw(0))
        assert choice(state) == Play(0, card("red Horseshoe"))

    def test_it_does_not_empty_its_hand(self) -> None:
        """ "B. You have no cards left in your hand": a Black Cat as the last card but one loses both cards
        with an empty deck; the Crows steals one back."""
        state = position(
            ["red Black Cat, yellow Crows", "red Crows, blue Evil Eye, blue Horseshoe"], step=Step.DRAWN
        )
        assert choice(state) == Play(0, card("yellow Crows"))

    def test_crows_takes_the_last_card_of_the_next_seat(self) -> None:
        """Crows as the last card "Steal[s] a card from the next person", and nothing can come back: with one
        card left the next seat goes out, so it plays rather than draws."""
        state = position(["red Crows", "blue Horseshoe"], deck="yellow Clover")
        assert all(choice(state, seed) == Play(0, card("red Crows")) for seed in range(3))
        after = state.apply(Play(0, card("red Crows"))).apply(Take(0, 1, BLUE))
        assert after.outcome is not None and after.outcome.winners == frozenset({0})

    def test_spilled_salt_on_a_last_card(self) -> None:
        """Spilled Salt: "Discard a card from the hand of the next person to their pile": the next seat's last
        card leaves it with an empty hand."""
        state = position(
            ["red Spilled Salt, yellow Crows, blue Horseshoe, blue Crows", "yellow Evil Eye", "red Crows"],
            step=Step.DRAWN,
        )
        assert choice(state) == Play(0, card("red Spilled Salt"))

    def test_black_cat_with_clovers_in_hand(self) -> None:
        """Black Cat: "The next person discards a card from your hand to their pile. The effects of discarded
        cards are not activated, except for a Clover."  A hand full of Clovers is a trap for the next seat."""
        state = position(
            [
                "red Black Cat, red Clover, yellow Clover, blue Broken Mirror",
                "yellow Crows, blue Evil Eye, blue Crows",
            ],
            deck="blue Clover",
            step=Step.DRAWN,
        )
        assert choice(state) == Play(0, card("red Black Cat"))

    def test_evil_eye_names_the_colour_of_a_lone_clover(self) -> None:
        """Evil Eye: "The next person must play a card of that colour on their turn, if they have one.": its only
        red card is a Clover (every other red card is in sight), so red it is."""
        state = position(
            ["red Evil Eye, yellow Crows", "red Clover, yellow Horseshoe, blue Crows", "blue Horseshoe"],
            step=Step.EVIL_EYE,
            complete=True,
        )
        assert choice(state) == NameColour(0, RED)

    def test_black_cat_victim_avoids_the_clover_colour(self) -> None:
        """Black Cat's victim picks blind, but the backs show colours: the red card can only be a Clover."""
        state = position(
            ["red Clover, blue Crows", "yellow Crows, blue Evil Eye", "yellow Horseshoe"],
            step=Step.CAT_TAKE,
            complete=True,
        )
        assert choice(state) == Take(1, 0, BLUE)

    def test_spilled_salt_picks_the_clover_colour(self) -> None:
        """Spilled Salt onto the next seat's pile: the colour where its Clover must be."""
        state = position(
            ["yellow Crows, blue Evil Eye", "red Clover, blue Crows", "yellow Horseshoe"],
            step=Step.SALT_TAKE,
            complete=True,
        )
        assert choice(state) == Take(0, 1, RED)

    def test_horseshoe_returns_a_clover(self) -> None:
        """Horseshoe: "Return a card to the top of the deck.": the Clover leaves the hand."""
        state = position(
            ["red Clover, blue Crows, yellow Evil Eye", "yellow Crows"], step=Step.HORSESHOE_RETURN
        )
        assert choice(state) == Return(0, card("red Clover"))

    def test_broken_mirror_gives_a_clover(self) -> None:
        """Broken Mirror: "give them one of your cards": the Clover."""
        state = position(
            ["red Clover, blue Evil Eye", "yellow Crows, red Horseshoe", "blue Horseshoe"],
            piles=["yellow Crows, red Broken Mirror", "blue Crows", ""],
            step=Step.MIRROR_SWAP,
        )
        move = choice(state)
        assert isinstance(move, Swap) and move.give == card("red Clover") and move.target == 1

    def test_broken_mirror_gives_the_clover_to_the_seat_likeliest_to_outlast_the_rest(self) -> None:
        """Every seat in is weighed, not only the next: the Clover goes to the seat holding most cards."""
        state = position(
            [
                "red Clover, blue Evil Eye",
                "yellow Crows",
                "blue Horseshoe, red Horseshoe, yellow Horseshoe, blue Crows, red Crows",
                "red Evil Eye",
            ],
            piles=["yellow Crows, red Broken Mirror", "blue Crows", "blue Crows", ""],
            step=Step.MIRROR_SWAP,
        )
        targets = {m.target for m in state.legal_moves() if isinstance(m, Swap)}
        assert targets == {1, 2}
        move = choice(state)
        assert isinstance(move, Swap) and move.give == card("red Clover") and move.target == 2


class TestStrength:
    """Over a seeded batch it wins far more often than a random seat."""

    def test_it_beats_random_players(self) -> None:
        for game in (Game(players=4), Game(players=2), Game(players=4, backs="plain")):
            wins = 0
            matches = 24
            for seed in range(matches):
                seat = seed % game.players
                players = [
                    HeuristicPlayer(seed) if s == seat else RandomPlayer(seed * 10 + s)
                    for s in range(game.players)
                ]
                outcome = play_match(game, players, seed).final_state.outcome
                assert outcome is not None
                wins += seat in outcome.winners
            assert wins > 0.6 * matches, (game, wins)  # a random seat wins 1/2 to 1/4 of them
