"""Hidden information: what each seat sees, what it learns, and samples that respect it."""

from __future__ import annotations

from cardrules.mala_suerte import (
    Card,
    Colour,
    Curse,
    Draw,
    EventKind,
    Game,
    Keep,
    NameColour,
    Play,
    Return,
    State,
    Swap,
    Take,
)
from cardrules.mala_suerte._state import build_state
from cardrules.mala_suerte._table import Table

from .builders import cards, play, position

RED, YELLOW, BLUE = Colour.RED, Colour.YELLOW, Colour.BLUE
PLAIN3 = Game(players=3, backs="plain")


def card(text: str) -> Card:
    return Card.parse(text)


class TestWhatIsPublic:
    """ "The backs of all cards must be visible to the other players at all times." (ruling 2)."""

    def test_coloured_backs_show_the_colours_of_every_hand(self) -> None:
        state = position(
            ["red Crows, blue Clover", "yellow Evil Eye, yellow Clover", "blue Crows"], deck="red Clover"
        )
        view = state.view(2)
        assert view.hand == cards("blue Crows")
        assert view.hand_sizes == (2, 2, 1)
        assert view.hand_colours == ((1, 0, 1), (0, 2, 0), (0, 0, 1))
        assert view.deck_size == 1 and view.deck_colours == (RED,)

    def test_plain_backs_show_only_how_many(self) -> None:
        state = position(
            ["red Crows, blue Clover", "yellow Evil Eye", "blue Crows"], deck="red Clover", game=PLAIN3
        )
        view = state.view(2)
        assert view.hand_colours == () and view.deck_colours == () and view.hand_sizes == (2, 1, 1)

    def test_a_steal_shows_the_card_to_the_two_seats_only(self) -> None:
        state = position(
            ["red Crows, blue Horseshoe", "red Clover, red Black Cat", "yellow Crows"], rng=4, complete=True
        )
        state = play(state, Play(0, card("red Crows")), Take(0, 1, RED))
        taken = next(e for e in state.this_turn if e.kind is EventKind.TAKE)
        assert taken.cards and taken.colours == (RED,)
        for seat in (0, 1):
            assert state.view(seat).this_turn[1].cards == taken.cards
        outsider = state.view(2).this_turn[1]
        assert outsider.kind is EventKind.TAKE and outsider.cards == () and outsider.colours == (RED,)

    def test_views_leak_nothing_so_samples_vary(self) -> None:
        state = Game(mulligan=False).new_state(seed=21)
        view = state.view(0)
        others = {state.game.sample_state(view, seed).hands[1] for seed in range(20)}
        assert len(others) > 1


class TestWhatASeatLearns:
    """A seat keeps what it saw privately: cards it gave, took or put on the deck."""

    def test_the_victim_of_crows_knows_what_the_thief_holds(self) -> None:
        state = position(["red Crows, blue Horseshoe", "red Clover, yellow Black Cat", "yellow Crows"])
        state = play(state, Play(0, card("red Crows")), Take(0, 1, RED), Take(1, 0, BLUE))
        assert state.view(1).knowledge.hands[0] == cards("red Clover")
        assert state.view(0).knowledge.hands[1] == cards("blue Horseshoe")
        assert state.view(2).knowledge.hands == ((), (), ())
        assert state.view(2).knowledge.empty
        assert not state.view(1).knowledge.empty

    def test_the_returner_knows_the_top_of_the_deck_and_who_draws_it(self) -> None:
        state = position(
            ["red Horseshoe, blue Crows", "yellow Evil Eye", "blue Clover, red Crows"],
            deck="yellow Clover",
            complete=True,
        )
        state = play(state, Play(0, card("red Horseshoe")), Return(0, card("blue Crows")))
        assert state.view(0).knowledge.deck_top == (card("blue Crows"),)
        assert state.view(2).knowledge.deck_top == ()
        for seed in range(5):
            assert state.game.sample_state(state.view(0), seed).deck[0] == card("blue Crows")
        # The token turned: seat 2 plays next and draws that very card; seat 0 now knows seat 2 holds it.
        state = state.apply(Draw(2))
        assert state.view(0).knowledge.hands[2] == cards("blue Crows")
        for seed in range(5):
            assert card("blue Crows") in state.game.sample_state(state.view(0), seed).hands[2]

    def test_the_mirror_player_knows_what_it_gave(self) -> None:
        state = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows, yellow Evil Eye"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
            complete=True,
        )
        state = play(state, Play(0, card("red Broken Mirror")), Swap(0, 2, card("yellow Clover"), RED))
        assert state.view(0).knowledge.hands[2] == cards("yellow Clover")
        assert state.view(2).knowledge.hands[0] == cards("red Crows")
        for seed in range(5):
            assert card("yellow Clover") in state.game.sample_state(state.view(0), seed).hands[2]

    def test_a_known_card_is_forgotten_when_it_may_have_left(self) -> None:
        """Seat 1 knows seat 0 holds the red Clover; when seat 2 takes a red card from seat 0, it may be that one."""
        state = position(
            ["red Crows, blue Horseshoe", "red Clover, yellow Black Cat", "yellow Crows, red Evil Eye"]
        )
        state = play(state, Play(0, card("red Crows")), Take(0, 1, RED), Take(1, 0, BLUE))
        assert state.view(1).knowledge.hands[0] == cards("red Clover")
        knowledge = state.view(1).knowledge.unseen_leave(0, RED)
        assert knowledge.hands[0] == ()

    def test_a_seat_sees_its_own_move_whole(self) -> None:
        from cardrules.mala_suerte import Mulligan

        state = Game(players=2).new_state(seed=2)
        secret = Mulligan(0, state.hands[0][0])
        assert state.observation(secret, 0) == secret
        assert state.observation(secret, 1) is None  # not even that a card was set aside (ruling 5)
        mirror = position(
            ["red Broken Mirror, yellow Clover", "blue Crows", "red Crows"],
            piles=["red Horseshoe", "", "blue Horseshoe"],
        ).apply(Play(0, card("red Broken Mirror")))
        swap = Swap(0, 2, card("yellow Clover"), RED)
        assert mirror.observation(swap, 2) == swap  # the target receives the card: it sees it
        assert mirror.observation(swap, 1) == ("swap", 0, 2, YELLOW, RED)  # a coloured back, no face

    def test_what_a_seat_does_not_know_stays_unknown(self) -> None:
        """Knowing nothing, a seat learns nothing from a shuffle, an unseen card leaving a hand, an
        elimination without Clovers, or an unknown card put on the deck."""
        from cardrules.mala_suerte import Knowledge

        nothing = Knowledge(((),) * 3)
        assert nothing.empty
        assert nothing.shuffled() is nothing
        assert nothing.unseen_leave(1, RED) is nothing
        assert nothing.eliminated(1, ()) is nothing
        assert nothing.put_on_deck(None) == nothing
        assert nothing.eliminated(1, cards("red Clover")).deck == cards("red Clover")


class TestPlainBacks:
    """With plain backs, a seat that fails an Evil Eye shows it holds none of that colour."""

    def test_a_void_is_public_and_samples_respect_it(self) -> None:
        state = position(
            [
                "red Crows, blue Crows",
                "yellow Crows, blue Evil Eye",
                "red Horseshoe, red Clover, yellow Crows",
            ],
            deck="red Evil Eye, blue Black Cat, yellow Evil Eye",
            turn=1,
            curse=Curse(1, RED),
            game=PLAIN3,
            complete=True,
        )
        state = play(state, Play(1, card("blue Evil Eye")), NameColour(1, YELLOW))
        view = state.view(0)
        assert (1, RED) in view.voids
        for seed in range(10):
            sample = state.game.sample_state(view, seed)
            assert not any(c.colour is RED for c in sample.hands[1])


class TestOneColourHand:
    """Crows: "If you only have cards of the colour that was stolen, they cannot steal from you." With plain
    backs, a Crows that gets no counter-steal shows the table that the thief's hand is all one colour; the
    seat it stole from saw the card, so it also knows which colour."""

    def state(self) -> State:
        state = position(
            ["red Crows, blue Horseshoe", "blue Clover, blue Black Cat", "yellow Crows"],
            deck="red Clover, yellow Evil Eye, red Evil Eye, yellow Horseshoe, red Horseshoe, yellow Black Cat",
            game=PLAIN3,
            complete=True,
        )
        state = state.apply(Play(0, card("red Crows")))  # a blind steal of a blue card: no counter-steal
        assert any(e.kind is EventKind.NO_COUNTER for e in state.last_turn)
        return state

    def test_the_fact_is_in_the_views(self) -> None:
        state = self.state()
        assert state.view(2).one_colour == ((0, 1, None),)  # the colour stays hidden from the others
        assert state.view(1).one_colour == ((0, 1, BLUE),)  # the seat robbed saw the card
        assert state.view(0).one_colour == ((0, 1, BLUE),)
        assert Game(players=3).new_state(1).view(0).one_colour == ()  # coloured backs show it all anyway

    def test_samples_respect_it(self) -> None:
        state = self.state()
        view = state.view(2)
        colours = set()
        for seed in range(40):
            sample = state.game.sample_state(view, seed)
            assert sample.view(2) == view
            hand = {c.colour for c in sample.hands[0]}
            assert len(hand) == 1
            colours |= hand
        assert colours == {RED, YELLOW, BLUE}  # seat 2 cannot tell which colour
        witness = state.view(1)
        for seed in range(20):
            sample = state.game.sample_state(witness, seed)
            assert sample.view(1) == witness
            assert {c.colour for c in sample.hands[0]} == {BLUE}

    def test_it_lasts_until_the_seat_takes_a_card_unseen(self) -> None:
        state = self.state()
        table = Table(state, build_state)
        table.draw(0)
        assert table.freeze().one_colour == ()

    def test_it_is_written_to_json_only_when_known(self) -> None:
        state = self.state()
        data = state.to_dict()["data"]
        assert isinstance(data, dict) and data["one_colour"] == [[0, 1, "BLUE"]]
        assert State.from_dict(state.to_dict()) == state
        assert "one_colour" not in position(["red Crows", "blue Crows"]).to_dict()["data"]  # type: ignore[operator]
        view = state.view(2)
        assert type(view).from_dict(view.to_dict()) == view


class TestNarration:
    """Narrators (``cardrules watch``) and ``View.render`` show only what the seat or the table saw."""

    def test_a_steal_is_told_by_colour_only(self) -> None:
        state = position(["red Crows, blue Horseshoe", "red Clover, red Black Cat", "yellow Crows"])
        before = state.apply(Play(0, card("red Crows")))
        after = before.apply(Take(0, 1, RED))
        lines = before.describe(Take(0, 1, RED), after)
        assert lines == ("seat 0 took a red card from seat 1",)

    def test_the_mulligan_stays_secret(self) -> None:
        from cardrules.mala_suerte import Keep, Mulligan

        state = Game(players=2).new_state(seed=2)
        secret = state.hands[0][0]
        after = state.apply(Mulligan(0, secret))
        # Ruling 5: nothing is told of a card set aside, or the seats still to decide would count them.
        assert state.describe(Mulligan(0, secret), after) == ()
        assert after.describe(Keep(0), after.apply(Keep(0))) == ("seat 0 has made its mulligan decision",)
        done = after.apply(Keep(0)).apply(Keep(1))
        told = " ".join(after.apply(Keep(0)).describe(Keep(1), done))
        assert "returned 1 card to the deck (" in told and str(secret) not in told

    def test_the_mulligan_is_told_in_counted_cards(self) -> None:
        from cardrules.mala_suerte import Keep, Mulligan

        state = Game(players=2).new_state(seed=2)
        first, second = state.hands[0][:2]
        state = state.apply(Mulligan(0, first)).apply(Mulligan(0, second)).apply(Keep(0))
        done = state.apply(Keep(1))
        told = state.describe(Keep(1), done)
        assert any(line.startswith("seat 0 returned 2 cards to the deck (") for line in told), told
        assert any(line.startswith("seat 0 was dealt 2 cards") for line in told), told

    def test_render_shows_the_table_from_one_seat(self) -> None:
        state = position(
            ["red Crows, blue Clover", "yellow Evil Eye", "blue Crows"], piles=["", "red Horseshoe", ""]
        )
        text = state.view(1).render()
        assert (
            "seat 0: 2 cards (1 red, 0 yellow, 1 blue); pile -" in text
            and "now: seat 0: start of the turn" in text
        )
        assert "seat 1 (you): 1 card (0 red, 1 yellow, 0 blue); pile red Horseshoe" in text
        assert "seat 1 (you): 1 card" in text and "your hand: yellow Evil Eye" in text
        assert "red Crows" not in text

    def test_the_opening_tells_the_deal_and_who_starts(self) -> None:
        assert Game(players=2).new_state(seed=2).opening() == (
            "six cards dealt to each of 2 seats; 30 cards left in the deck",
        )
        assert Game(players=3, mulligan=False).new_state(seed=2).opening() == (
            "six cards dealt to each of 3 seats; 24 cards left in the deck",
            "seat 1 starts, with 3 cards of one colour",
        )

    def test_plain_backs_tell_only_who_starts(self) -> None:
        """Ruling 24: "The person with the most cards of the same colour starts." tells who starts; with
        plain backs nobody sees how many cards of one colour that seat holds, so the log does not say."""
        plain = Game(players=3, backs="plain", mulligan=False).new_state(seed=2)
        assert plain.opening()[1] == "seat 1 starts"
        for seat in range(3):
            (starts,) = plain.view(seat).last_turn
            assert starts.kind is EventKind.STARTS and starts.seat == 1 and starts.count == 0
        mulligan = Game(players=2, backs="plain").new_state(seed=2).apply(Keep(0)).apply(Keep(1))
        starts = next(e for e in mulligan.view(1).last_turn if e.kind is EventKind.STARTS)
        assert starts.count == 0 and str(starts) == f"seat {mulligan.turn} starts"

    def test_render_an_elimination_and_what_everyone_knows_of_the_deck(self) -> None:
        state = position(
            ["red Spilled Salt, blue Crows", "red Clover, yellow Clover", "yellow Crows"],
            deck="blue Horseshoe",
        )
        state = play(state, Play(0, card("red Spilled Salt")), Take(0, 1, RED))
        assert state.view(2).render().splitlines() == [
            "deck 2 cards (top: blue); discard 0 cards; token clockwise",
            "seat 0: 1 card (0 red, 0 yellow, 1 blue); pile red Spilled Salt",
            "seat 1: out; pile red Clover",
            "seat 2 (you): 1 card (0 red, 1 yellow, 0 blue); pile -",
            "your hand: yellow Crows",
            "you know the deck holds yellow Clover",
            "last turn: seat 0 played red Spilled Salt; red Clover went from the hand of seat 1 onto the pile"
            " of seat 1; seat 1 is out; its hand was yellow Clover; the deck was shuffled",
            "now: seat 2: start of the turn: draw, clean or play",
        ]

    def test_render_the_end_of_the_match(self) -> None:
        state = position(["red Spilled Salt, blue Crows", "red Clover"], game=Game(players=2, backs="plain"))
        state = state.apply(Play(0, card("red Spilled Salt")))
        assert state.view(1).render().splitlines() == [
            "deck 0 cards; discard 0 cards; token clockwise",
            "seat 0: 1 card; pile red Spilled Salt",
            "seat 1: out; pile red Clover",
            "your hand: -",
            "this turn: seat 0 played red Spilled Salt; red Clover went from the hand of seat 1 onto the pile"
            " of seat 1; seat 1 is out with an empty hand; the deck was shuffled",
            "now: won by seat 0 (seat 0 is the last one standing, the unfortunate winner)",
        ]

    def test_render_what_the_seat_knows_of_hands_and_the_deck_top(self) -> None:
        state = position(["red Crows, blue Crows", "yellow Horseshoe, yellow Clover", "red Evil Eye"])
        state = play(state, Play(0, card("red Crows")), Take(0, 1, YELLOW))
        lines = state.view(1).render().splitlines()
        assert "you know seat 0 holds yellow Clover" in lines
        assert "this turn: seat 0 played red Crows; seat 0 took yellow Clover from seat 1" in lines
        returned = position(
            ["red Horseshoe, blue Crows", "yellow Clover, yellow Crows", "red Clover"],
            deck="blue Clover, red Black Cat",
            curse=Curse(1, YELLOW),
        )
        returned = play(returned, Play(0, card("red Horseshoe")), Return(0, card("blue Crows")))
        lines = returned.view(0).render().splitlines()
        assert "you know the deck from the top: blue Crows" in lines
        assert "Evil Eye: seat 1 must play yellow" in lines

    def test_render_the_cards_set_aside_in_the_mulligan(self) -> None:
        from cardrules.mala_suerte import Mulligan

        state = Game(players=2).new_state(seed=2)
        aside = state.hands[0][0]
        lines = state.apply(Mulligan(0, aside)).view(0).render().splitlines()
        assert f"set aside to return to the deck: {aside}" in lines and lines[-1].startswith(
            "now: seat 0: may set aside"
        )
        hand = next(line for line in lines if line.startswith("your hand: "))
        assert hand.count(str(aside)) == state.hands[0].count(aside) - 1, (
            "a card set aside is not listed in the hand"
        )


class TestNews:
    """A seat is told privately what it took or lost; the others only the colour."""

    def test_a_steal_is_news_to_the_two_seats_only(self) -> None:
        state = position(
            ["red Crows, blue Horseshoe", "red Clover, red Black Cat", "yellow Crows"], rng=4, complete=True
        )
        after = play(state, Play(0, card("red Crows")), Take(0, 1, RED))
        before = play(state, Play(0, card("red Crows")))
        taken = next(e for e in after.this_turn if e.kind is EventKind.TAKE).cards[0]
        assert after.view(0).news(before.view(0)) == (f"you took {taken} from seat 1",)
        assert after.view(1).news(before.view(1)) == (f"seat 0 took {taken} from you",)
        assert after.view(2).news(before.view(2)) == ()
