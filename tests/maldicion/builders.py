"""Build La Maldición positions from chosen cards, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.maldicion import Card, Element, Game, Hero, Move, Phase, State, TurnPhase
from cardrules.maldicion._records import Match, Memory
from cardrules.maldicion._table import sort_cards

_HEROES = tuple(Hero)


def cards(text: str) -> tuple[Card, ...]:
    """``cards("club/fire gem shield/water")``."""
    return tuple(Card.parse(t) for t in text.split())


def position(
    hands: Sequence[str],
    *,
    pile: str = "club/fire",
    deck: str = "",
    element: Element | None = None,
    phase: Phase | None = None,
    game: Game | None = None,
    heroes: Sequence[Hero] | None = None,
    curses: Sequence[Element] | None = None,
    direction: int = 1,
    penalized: Sequence[bool] | None = None,
    hp: Sequence[int] | None = None,
) -> State:
    """A position: ``hands[s]`` is seat s's hand; the Deck's top card is the last one of ``deck``."""
    game = game or Game(players=len(hands))
    n = game.players
    top = cards(pile)
    owners = game.curse_owners
    match = Match(
        game_number=1,
        dealer=n - 1,
        heroes=tuple(heroes) if heroes is not None else _HEROES[:n],
        heroes_shown=(False,) * n,
        curses=tuple(curses) if curses is not None else tuple(Element)[:1] * owners,
        curses_shown=(False,) * owners,
        hp=tuple(hp) if hp is not None else ((game.start_hp,) * 2 if game.mode == "pvp" else ()),
    )
    return State(
        game=game,
        rng=12345,
        match=match,
        hands=tuple(sort_cards(cards(h)) for h in hands),
        deck=cards(deck),
        pile=top,
        element=element if element is not None else top[-1].element,
        direction=direction,
        penalized=tuple(penalized) if penalized is not None else (False,) * n,
        phase=phase or TurnPhase(0),
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
