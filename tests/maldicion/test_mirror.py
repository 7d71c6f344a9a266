""" "Mirror: during their turn, any player holding two IDENTICAL cards may Play/Discard them together as one."

With ``mirror="own_turn"`` (the default) every Play and Discard a seat makes on its own turn may be a Mirror,
those of its Hero's ability included; with ``mirror="turn_plays"`` only the turn's play and a Bonfire's second card
(ruling 10).  "together as one": one effect, and one card wherever cards are counted (ruling 48).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.maldicion import (
    BonfirePhase,
    Card,
    ClericPhase,
    Discard,
    Draw,
    DrawnPhase,
    Element,
    EmmaPhase,
    EventKind,
    EverardPhase,
    Game,
    Give,
    Hero,
    NecromancerPhase,
    Pass,
    Play,
    State,
    ThiefPhase,
    TurnPhase,
    UseAbility,
)
from cardrules.maldicion._heuristic import HeuristicPlayer

from ..helpers import refused
from .builders import FILLER, hand, position

DECK = FILLER
OLD = Game(players=3, mirror="turn_plays")
OLD_2 = Game(players=2, mirror="turn_plays")


def _c(text: str) -> Card:
    return Card.parse(text)


def _using(hero: Hero, hands: Sequence[str], game: Game | None = None, pile: str = "club/fire") -> State:
    """Seat 0, holding ``hero``, has played its Ability card (fire) and is about to use it."""
    n = len(hands)
    heroes = [hero, *(h for h in Hero if h is not hero)][:n]
    hands = [f"ability/fire {hands[0]}", *hands[1:]]
    state = position(hands, heroes=heroes, deck=DECK, game=game or Game(players=n), pile=pile)
    return state.apply(Play(0, _c("ability/fire")))


class TestOwnTurnPlays:
    """ "Play" (a card): "when a card is placed on the Discard Pile, its effect is activated"."""

    def test_turn_play_under_both_options(self) -> None:
        """A turn's play may be a Mirror under either option."""
        for game in (Game(players=2), OLD_2):
            state = position(["club/water club/water sword/plant", "bow/water"], game=game)
            assert Play(0, _c("club/water"), mirror=True) in state.legal_moves()
            after = state.apply(Play(0, _c("club/water"), mirror=True))
            assert hand(after, 0) == "sword/plant" and after.pile[-2:] == (_c("club/water"),) * 2

    def test_everard_war_cry_card(self) -> None:
        """ "He then plays a card of his choice. The card played CANNOT be evaded": on his turn, two identical
        Double Shots go as one: the seat he named draws two, once."""
        s = _using(
            Hero.EVERARD, ["double-shot/plant double-shot/plant club/water", "bow/water", "sword/water"]
        )
        s = s.apply(UseAbility(0, target=2, direction=1))
        assert s.phase == EverardPhase(0, 2)
        assert Play(0, _c("double-shot/plant"), mirror=True) in s.legal_moves()
        after = s.apply(Play(0, _c("double-shot/plant"), mirror=True))
        assert hand(after, 0) == "club/water" and after.pile[-2:] == (_c("double-shot/plant"),) * 2
        assert len(after.hands[2]) == 3 and len(after.hands[1]) == 1
        assert [e.count for e in after.events if e.kind is EventKind.DRAW] == [2]

    def test_everard_not_with_turn_plays(self) -> None:
        """With ``mirror="turn_plays"`` his War Cry card goes alone."""
        s = _using(
            Hero.EVERARD, ["double-shot/plant double-shot/plant club/water", "bow/water", "sword/water"], OLD
        )
        s = s.apply(UseAbility(0, target=2, direction=1))
        assert Play(0, _c("double-shot/plant")) in s.legal_moves()
        refused(
            s,
            Play(0, _c("double-shot/plant"), mirror=True),
            "with mirror='turn_plays' a Mirror goes only with a turn's play or a Bonfire's second card, "
            "not with Everard's War Cry card \\(ruling 10\\)",
        )

    def test_emma_mirror_counts_as_one(self) -> None:
        """ "She then plays up to two cards of that element": a Mirror is "together as one", one of the two, so
        she puts down two water clubs and then a Water Sword (ruling 48)."""
        s = _using(Hero.EMMA, ["club/water club/water sword/water dagger/water", "bow/plant", "bow/plant"])
        s = s.apply(UseAbility(0, element=Element.WATER))
        s = s.apply(Play(0, _c("club/water"), mirror=True))
        assert s.phase == EmmaPhase(0, Element.WATER, 1, _c("club/water"), None)
        after = s.apply(Play(0, _c("sword/water")))
        assert after.phase == TurnPhase(1) and hand(after, 0) == "dagger/water"

    def test_emma_not_with_turn_plays(self) -> None:
        """With ``mirror="turn_plays"`` her cards go one by one."""
        s = _using(Hero.EMMA, ["club/water club/water sword/water", "bow/plant", "bow/plant"], OLD)
        s = s.apply(UseAbility(0, element=Element.WATER))
        refused(s, Play(0, _c("club/water"), mirror=True), "not with Emma's Transmutation")
        assert Play(0, _c("club/water")) in s.legal_moves()

    def test_bonfire_second_card_under_both_options(self) -> None:
        """Bonfire "allows the player to play a second card of their choice": a Mirror under either option."""
        for game in (Game(players=2), OLD_2):
            state = position(["bonfire/fire sword/plant sword/plant club/water", "bow/water"], game=game)
            s = state.apply(Play(0, _c("bonfire/fire")))
            assert s.phase == BonfirePhase(0, False)
            refused(
                s,
                Play(0, _c("club/water"), mirror=True),
                "a Mirror needs two identical cards; seat 0 holds one",
            )
            after = s.apply(Play(0, _c("sword/plant"), mirror=True))
            assert hand(after, 0) == "club/water"


class TestOwnTurnDiscards:
    """ "Discard" (a card): "when a card is placed on the Discard Pile, its effect is NOT activated"."""

    def test_buckminster(self) -> None:
        """ "Buckminster discards any card of his choice": two identical cards go as one discard; the
        opponents then follow its element."""
        s = _using(Hero.BUCKMINSTER, ["club/water club/water sword/plant", "bow/water", "dagger/fire"])
        s = s.apply(UseAbility(0))
        move = Discard(0, _c("club/water"), mirror=True)
        assert move in s.legal_moves()
        after = s.apply(move)
        assert hand(after, 0) == "sword/plant" and after.pile[-2:] == (_c("club/water"),) * 2
        assert after.phase == ClericPhase(1, 0, Element.WATER, (2,))
        assert s.describe(move, after) == ("seat 0 discards two Water Club cards",)

    def test_buckminster_opponents_are_not_on_their_turn(self) -> None:
        """An opponent discarding during his Absolution is not "during their turn": one card, never a Mirror."""
        s = _using(Hero.BUCKMINSTER, ["club/water sword/plant", "bow/water bow/water", "dagger/fire"])
        s = s.apply(UseAbility(0)).apply(Discard(0, _c("club/water")))
        assert s.phase == ClericPhase(1, 0, Element.WATER, (2,))
        assert set(s.legal_moves()) == {Discard(1, _c("bow/water")), Pass(1)}
        refused(
            s,
            Discard(1, _c("bow/water"), mirror=True),
            "a Mirror is made only during one's own turn: seat 1 discards during Buckminster's Absolution, "
            "out of its turn",
        )

    def test_buckminster_with_turn_plays(self) -> None:
        """With ``mirror="turn_plays"`` he discards one card at a time."""
        s = _using(Hero.BUCKMINSTER, ["club/water club/water sword/plant", "bow/water", "dagger/fire"], OLD)
        s = s.apply(UseAbility(0))
        assert not any(isinstance(m, Discard) and m.mirror for m in s.legal_moves())
        refused(s, Discard(0, _c("club/water"), mirror=True), "not with Buckminster's discards")

    def test_odilia_last_discard_with_maldicion(self) -> None:
        """ "and finally discards one card of her choice": her last two identical cards go as one discard, and
        she says MALDICIÓN with it."""
        s = _using(Hero.ODILIA, ["club/water sword/plant", "club/water"])
        s = s.apply(UseAbility(0))
        assert s.phase == ThiefPhase(0, (1,))
        s = s.apply(Give(0, _c("sword/plant"), 1))
        assert s.phase == ThiefPhase(0, ()) and hand(s, 0) == "club/water club/water"
        assert Discard(0, _c("club/water"), mirror=True, call=True) in s.legal_moves()
        after = s.apply(Discard(0, _c("club/water"), mirror=True, call=True))
        assert not after.hands[0] and EventKind.MALDICION in [e.kind for e in after.events]

    def test_brishen(self) -> None:
        """ "At the end of this action, Brishen discards a card of his choice": a Mirror too."""
        s = _using(
            Hero.BRISHEN, ["bow/fire bow/fire club/water", "sword/water"], pile="dagger/plant club/fire"
        )
        s = s.apply(UseAbility(0))
        assert s.phase == NecromancerPhase(0)
        after = s.apply(Discard(0, _c("bow/fire"), mirror=True))
        assert hand(after, 0) == "club/water" and after.phase == TurnPhase(1)
        assert str(Discard(0, _c("bow/fire"), mirror=True)) == "discard two Fire Bow cards"

    def test_brishen_needs_two(self) -> None:
        """A Mirror needs two IDENTICAL cards."""
        s = _using(Hero.BRISHEN, ["bow/fire bow/water", "sword/water"], pile="dagger/plant club/fire").apply(
            UseAbility(0)
        )
        refused(
            s, Discard(0, _c("bow/fire"), mirror=True), "a Mirror needs two identical cards; seat 0 holds one"
        )
        old = _using(Hero.BRISHEN, ["bow/fire bow/fire", "sword/water"], OLD_2, pile="dagger/plant club/fire")
        refused(
            old.apply(UseAbility(0)), Discard(0, _c("bow/fire"), mirror=True), "not with Brishen's discard"
        )


class TestNotMirrored:
    """Where ruling 10 keeps one card: attack answers (not "during their turn") and the drawn card."""

    def test_attack_answer(self) -> None:
        """ "If the attacked player holds a Double Shot card, they may play it": the attacked seat, out of its turn,
        answers with one card, a Shield as well as a Double Shot."""
        state = position(
            [
                "double-shot/fire club/water",
                "shield/fire shield/fire double-shot/water double-shot/water",
                "bow/plant",
            ],
            deck=DECK,
        )
        s = state.apply(Play(0, _c("double-shot/fire")))
        for card in ("shield/fire", "double-shot/water"):
            assert Play(1, _c(card)) in s.legal_moves()
            refused(
                s, Play(1, _c(card), mirror=True), "a Mirror is played only in one's own turn, not to answer"
            )

    def test_drawn_card(self) -> None:
        """ "If it can be played, they may play the newly acquired card": the drawn card goes alone, even when
        ``draw_when_able`` let the seat draw holding an identical one."""
        game = Game(players=2, draw_when_able=True)
        state = position(["club/water sword/plant", "bow/water"], game=game, deck="club/water")
        s = state.apply(Draw(0))
        assert s.phase == DrawnPhase(0, _c("club/water"))
        refused(s, Play(0, _c("club/water"), mirror=True), "the drawn Water Club is played alone")


class TestWhatAMirrorShows:
    """A Mirror shows the two cards it puts face up, and nothing more about the hand."""

    def test_known_cards_go_with_it(self) -> None:
        """Seat 1 saw Odilia take its Water Club; once she has discarded both her water clubs, seat 1 no longer
        thinks she holds one, and samples from its view agree with it."""
        s = _using(Hero.ODILIA, ["club/water sword/plant bow/fire", "club/water"]).apply(UseAbility(0))
        assert s.view(1).known[0].cards == (_c("club/water"),)
        s = s.apply(Give(0, _c("sword/plant"), 1)).apply(Discard(0, _c("club/water"), mirror=True))
        view = s.view(1)
        assert not view.known and view.hand_sizes[0] == 1
        for seed in range(8):
            sample = s.game.sample_state(view, seed)
            assert sample.view(1) == view and len(sample.hands[0]) == 1


class TestHeuristic:
    """The heuristic player sheds two cards at once when it can."""

    def test_buckminster_discards_a_pair(self) -> None:
        s = _using(Hero.BUCKMINSTER, ["club/water club/water sword/plant", "bow/water", "dagger/fire"])
        s = s.apply(UseAbility(0))
        view = s.view(0)
        assert HeuristicPlayer().choose(view, s.legal_moves()) == Discard(0, _c("club/water"), mirror=True)
