"""La Maldición positions of the user's choosing: name what matters, the rest is dealt by a seed and checked.

>>> from cardrules import maldicion
>>> state = maldicion.position(hands={0: "club/fire gem"}, pile="club/water", turn=0, seed=1)
>>> state.current_player, [len(hand) for hand in state.hands], state.element
(0, [2, 7, 7, 7], <Element.WATER: 'water'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from .._base import _check_seed
from .._notation import by_seat, flags, named_cards, reachable, refusal, seat_of
from .._random import Rng
from .._words import brief
from ._cards import ACTION_DECK, CURSE_DECK, Card, Element, Hero
from ._game import Game
from ._pending import NameElementPhase, Pending, TurnPhase
from ._records import Match, Memory
from ._rules import HAND_SIZE
from ._state import State
from ._table import sort_cards

__all__ = ["position"]

_WHAT = "maldicion position"
Cards = str | Iterable[Card | str]
T = TypeVar("T")


def _cards(field: str, given: object) -> list[Card]:
    return named_cards(_WHAT, field, given, Card, Card.parse, len(ACTION_DECK))


def position(
    game: Game | None = None,
    *,
    hands: Mapping[int, Cards] | Sequence[Cards] = (),
    deck: Cards = (),
    pile: Cards = (),
    rest: Literal["deck", "pile"] = "deck",
    element: Element | None = None,
    turn: int | None = None,
    phase: Pending | None = None,
    dealer: int | None = None,
    direction: int = 1,
    penalized: Sequence[bool] | None = None,
    heroes: Mapping[int, Hero] | Sequence[Hero] = (),
    curses: Mapping[int, Element] | Sequence[Element] = (),
    hp: Sequence[int] | None = None,
    game_number: int | None = None,
    seed: int = 0,
) -> State:
    """A La Maldición state in any game of a match, from what the user names.

    ``hands`` gives whole hands by seat (a seat whose hand is not named is dealt 7), ``deck`` the top
    cards of the Deck (its top card last), ``pile`` the Discard Pile (its top card last; one card is
    turned up when it is not named), ``element`` the element in play (the top card's when not
    named), ``turn`` whose turn it is (the seat after the dealer when not named) or ``phase`` the
    pending decision itself, ``direction`` 1 or -1, ``penalized`` the seats that lose their next
    turn, ``heroes`` and ``curses`` by seat (by team in ``guild_war``), ``hp`` the Life Counters in
    ``pvp``, and ``game_number`` the game of a PvP duel (the fewest games that reach ``hp`` when not
    named; the Life Counters are drawn by ``seed`` in a later game when not named).  What is not named (the dealer, Heroes, Curses, cards) is dealt by ``seed``; the cards
    not named go, shuffled, under the named Deck (``rest="deck"``) or under the pile
    (``rest="pile"``).  No seat knows more than its own hand.

    Raises :class:`~cardrules.ConfigError` naming the argument and the rule for anything no match
    reaches (a card more often than the deck holds it, two seats with one Hero...).
    """
    game = Game() if game is None else game
    if not isinstance(game, Game):
        raise refusal(_WHAT, "game", f"must be a maldicion.Game; got {brief(game)}")
    rng = Rng.from_seed(_check_seed(game.name, seed))
    n = game.players
    if rest not in ("deck", "pile"):
        raise refusal(_WHAT, "rest", f"must be 'deck' or 'pile'; got {brief(rest)}")
    dealer = rng.below(n) if dealer is None else seat_of(_WHAT, "dealer", dealer, n)
    named_heroes = by_seat(_WHAT, "heroes", heroes, n, _of(Hero))
    free_heroes = rng.shuffled([h for h in Hero if h not in named_heroes.values()])
    hero_row = tuple(named_heroes[s] if s in named_heroes else free_heroes.pop() for s in range(n))
    owners = game.curse_owners
    named_curses = by_seat(_WHAT, "curses", curses, owners, _of(Element))
    left = Counter(CURSE_DECK) - Counter(named_curses.values())
    free_curses = rng.shuffled(sorted(left.elements(), key=lambda e: e.value))
    curse_row = tuple(named_curses[s] if s in named_curses else free_curses.pop() for s in range(owners))
    named_hands = by_seat(_WHAT, "hands", hands, n, _cards)
    top = _cards("deck", deck)
    shown = _cards("pile", pile)
    named = Counter(top + shown)
    for cards in named_hands.values():
        named.update(cards)
    over = named - Counter(ACTION_DECK)
    if over:
        raise refusal(
            _WHAT, "hands, deck and pile", f"name {next(iter(over))} more often than the deck holds it"
        )
    free = rng.shuffled(sort_cards((Counter(ACTION_DECK) - named).elements()))
    for seat in range(n):
        if seat not in named_hands:
            named_hands[seat], free = free[:HAND_SIZE], free[HAND_SIZE:]
    if not shown:
        if not free:
            raise refusal(_WHAT, "pile", "is empty; the Discard Pile always shows a card")
        shown = [free.pop()]
    if rest == "deck":
        top = free + top
    else:
        shown = free + shown
    if element is None:
        element = shown[-1].element
    game_number, hp = _duel(game, rng, game_number, hp)
    penalties = (False,) * n if penalized is None else flags(_WHAT, "penalized", penalized, n)
    if phase is None:
        start = (dealer + 1) % n if turn is None else seat_of(_WHAT, "turn", turn, n)
        # A Gem turned up waits for the starting player to name the element (ruling 3).
        phase = NameElementPhase(start) if element is None else TurnPhase(start)
    elif turn is not None:
        raise refusal(_WHAT, "turn", "and phase name the decision twice; name one of them")
    elif not isinstance(phase, Pending):
        raise refusal(_WHAT, "phase", f"must be a maldicion pending decision (a Phase); got {brief(phase)}")
    match = Match(
        game_number=game_number,
        dealer=dealer,
        heroes=hero_row,
        heroes_shown=(False,) * n,
        curses=curse_row,
        curses_shown=(False,) * owners,
        hp=tuple(hp),
    )
    state = State(
        game=game,
        rng=rng.state,
        match=match,
        hands=tuple(sort_cards(named_hands[seat]) for seat in range(n)),
        deck=tuple(top),
        pile=tuple(shown),
        element=element,
        direction=direction,
        penalized=penalties,
        phase=phase,
        silent=(),
        memory=Memory(known=(), reshuffled=None, seen=((),) * n, voids=(frozenset(),) * n),
        passed=(0,) * n,
        events=(),
        outcome=None,
    )
    return reachable(state, _WHAT)


#: The games before the stated one that are drawn one by one; the rest cancel out in pairs.
_WALK = 64


def _duel(game: Game, rng: Rng, game_number: int | None, hp: object) -> tuple[int, tuple[int, ...]]:
    """The game of the match and the Life Counters: "Each player begins the duel with a Life Counter of
    100 HP"; at the end of each game the loser's changes by the cards in its hand, and "the winner's
    Counter does not change" (ruling 35)."""
    pvp = game.mode == "pvp"
    if game_number is not None and (type(game_number) is not int or game_number < 1):
        raise refusal(_WHAT, "game_number", f"must be 1 or more; got {brief(game_number)}")
    if not pvp:
        if game_number not in (None, 1):
            raise refusal(
                _WHAT,
                "game_number",
                f'is {game_number}, but only a PvP duel plays several games ("Each time a new game is '
                'started, the Hero and Curse cards are dealt again": one match is one game, ruling 37)',
            )
        if hp is not None and (isinstance(hp, str) or not isinstance(hp, Sequence) or len(hp) > 0):
            raise refusal(_WHAT, "hp", f"are the Life Counters of a PvP duel (pvp only); got {brief(hp)}")
        return 1, ()
    start = game.start_hp
    if hp is None:
        counters = [start, start]
        before = (game_number or 1) - 1
        # Two more games can cancel out (one Counter +15, then -15: both cards are in the deck), so past
        # _WALK games only the parity of the rest shows: the walk stays bounded for any game_number.
        walk = before if before <= _WALK else _WALK - (before - _WALK) % 2
        for _ in range(walk):
            loser = rng.below(2)
            # The loser keeps at least one card, and its Counter stays above 0 for the duel to go on.
            card = rng.choice([card for card in ACTION_DECK if counters[loser] + card.hp > 0])
            counters[loser] += card.hp
        return game_number or 1, (counters[0], counters[1])
    if (
        isinstance(hp, str)
        or not isinstance(hp, Sequence)
        or len(hp) != 2
        or any(type(h) is not int for h in hp)
    ):
        raise refusal(_WHAT, "hp", f"must be the two Life Counters, integers; got {brief(hp)}")
    changed = sum(counter != start for counter in hp)
    fewest = 1 + changed  # each game changes one Counter, the loser's
    if game_number is None:
        game_number = fewest
    elif game_number < fewest:
        raise refusal(
            _WHAT,
            "hp",
            f"are {tuple(hp)} in game {game_number}, but each game before changes only the loser's Counter "
            f'("the winner\'s Counter does not change", ruling 35): {changed} changed need {fewest} games',
        )
    return game_number, (hp[0], hp[1])


def _of(kind: type[T]) -> Callable[[str, object], T]:
    """A reader of entries of type ``kind``, refusing any other naming the entry."""

    def read(field: str, entry: object) -> T:
        if not isinstance(entry, kind):
            raise refusal(_WHAT, field, f"must be a {kind.__name__}; got {brief(entry)}")
        return entry

    return read
