"""Build La Maldición positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardrules import maldicion
from cardrules.maldicion import ACTION_DECK, Card, Element, Game, Hero, Move, Phase, State, TurnPhase
from cardrules.maldicion._records import Match, Memory
from cardrules.maldicion._state import build_state
from cardrules.maldicion._table import sort_cards

_HEROES = tuple(Hero)

#: The Discard Pile a position shows when it names none.
PILE = "club/fire"

#: Cards to draw that no scenario names, Objects of elements the scenarios leave aside (the deck holds
#: two of each): 22 cards, the kinds taking turns.
FILLER = (
    " ".join(
        f"{kind}/{element}"
        for _ in range(2)
        for element in ("plant", "lightning")
        for kind in ("great-axe", "hand-axe", "small-potion", "large-potion", "sceptre")
    )
    + " staff/lightning staff/lightning"
)


def cards(text: str) -> tuple[Card, ...]:
    """``cards("club/fire gem shield/water")``."""
    return tuple(Card.parse(t) for t in text.split())


def position(
    hands: Sequence[str],
    *,
    pile: str = PILE,
    deck: str = "",
    element: Element | None = None,
    phase: Phase | None = None,
    game: Game | None = None,
    heroes: Sequence[Hero] | None = None,
    curses: Sequence[Element] | None = None,
    direction: int = 1,
    penalized: Sequence[bool] | None = None,
    hp: Sequence[int] | None = None,
    holder: int | None = None,
) -> State:
    """A position: ``hands[s]`` is seat s's hand; the Deck's top card is the last one of ``deck``.

    Built by :func:`cardrules.maldicion.position`: the cards not named lie, shuffled by a fixed
    seed, under the named Deck, so the position holds the whole deck and is one a match reaches; or, for
    a Deck run out, in the hand of seat ``holder`` (it drew them), the Deck and the pile as named."""
    game = game or Game(players=len(hands))
    n = game.players
    dealt = [list(cards(h)) for h in hands]
    if holder is not None:
        named = Counter([*cards(deck), *cards(pile), *(c for h in dealt for c in h)])
        dealt[holder].extend((Counter(ACTION_DECK) - named).elements())
    return maldicion.position(
        game,
        hands=dealt,
        deck=cards(deck),
        pile=cards(pile),
        element=element,
        phase=phase or TurnPhase(0),
        dealer=n - 1,
        direction=direction,
        penalized=penalized,
        heroes=tuple(heroes) if heroes is not None else _HEROES[:n],
        curses=tuple(curses) if curses is not None else tuple(Element)[:1] * min(game.curse_owners, 2),
        hp=hp,
        seed=12345,
    )


def beyond_the_deck(hands: Sequence[str], *, pile: str = PILE, deck: str = "") -> State:
    """A position no match reaches, built field by field: its seats hold a card more often than the deck
    does (two copies of each Action card), for a rule a real deck can show only with fewer seats.  Seats
    0..n-1 hold Heroes in order, every Curse is Fire, seat 0 is to play; nothing is checked."""
    game = Game(players=len(hands))
    n = game.players
    top = cards(pile)
    match = Match(
        game_number=1,
        dealer=n - 1,
        heroes=_HEROES[:n],
        heroes_shown=(False,) * n,
        curses=(Element.FIRE,) * game.curse_owners,
        curses_shown=(False,) * game.curse_owners,
        hp=(),
    )
    return build_state(  # as the rules build states: a position no match reaches is not refused
        game=game,
        rng=12345,
        match=match,
        hands=tuple(sort_cards(cards(h)) for h in hands),
        deck=cards(deck),
        pile=top,
        element=top[-1].element,
        direction=1,
        penalized=(False,) * n,
        phase=TurnPhase(0),
        silent=(),
        memory=Memory(known=(), reshuffled=None, seen=((),) * n, voids=(frozenset(),) * n),
        passed=(0,) * n,
        events=(),
        outcome=None,
    )


def labels(moves: Sequence[Move]) -> set[str]:
    """The moves as short phrases."""
    return {str(m) for m in moves}


def hand(state: State, seat: int) -> str:
    """A seat's hand as labels, space separated."""
    return " ".join(c.to_json() for c in state.hands[seat])
