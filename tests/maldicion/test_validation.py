"""A La Maldición state or view read from JSON is one some match reaches, or is refused naming the field.

Every position of random matches in every example configuration is accepted, and so is every
seat's view of it; each tampering below (one invariant the rules keep, broken) is refused with a
:class:`SerializationError` that names the field, the way the engine would otherwise have failed
later or, worse, played on from a position no match reaches.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import SerializationError
from cardrules.maldicion import Card, Game, State, View

from ..helpers import random_walk

Data = dict[str, Any]


@functools.cache
def _pool() -> tuple[State, ...]:
    """Every position of three random matches in each example configuration."""
    pool = [state for game in Game.examples() for seed in range(3) for state, _ in random_walk(game, seed)]
    return tuple(state for state in pool if isinstance(state, State))


def _first(wanted: Callable[[State], bool]) -> State:
    return next(state for state in _pool() if wanted(state))


def _phase(name: str) -> Callable[[State], bool]:
    return lambda s: type(s.phase).__name__ == name and s.outcome is None


def _fields(value: State | View) -> Data:
    """The fields of ``value``'s JSON, a copy to tamper with."""
    data = copy.deepcopy(value.to_dict()["data"])
    assert isinstance(data, dict)
    return data


def _refused(value: State | View, change: Callable[[Data], object], message: str) -> None:
    data = _fields(value)
    change(data)
    with pytest.raises(SerializationError, match=message):
        type(value).from_dict({**value.to_dict(), "data": data})


class TestReachable:
    def test_every_position_of_random_matches_is_read_back(self) -> None:
        for state in _pool()[::60]:
            assert State.from_dict(state.to_dict()) == state

    def test_every_seat_view_of_them_is_read_back(self) -> None:
        for state in _pool()[::250]:
            for seat in range(state.game.players):
                view = state.view(seat)
                assert View.from_dict(view.to_dict()) == view

    def test_a_seat_silent_twice_is_read_back(self) -> None:
        """Ruling 13: "the culprit draws two even if it has cards again", so a seat that empties its
        hand silently, draws and empties it silently again awaits two call-outs, listed twice."""
        state = _first(lambda s: bool(s.silent) and s.outcome is None)
        data = _fields(state)
        data["silent"].append(data["silent"][0])
        twice = State.from_dict({**state.to_dict(), "data": data})
        assert twice.silent == (*state.silent, state.silent[0])

    def test_positions_of_every_kind_are_in_the_pool(self) -> None:
        """The tamperings below start from real positions of each kind of decision."""
        kinds = {type(state.phase).__name__ for state in _pool()}
        assert {"ReflexPhase", "CalloutPhase", "ClericPhase", "EmmaPhase", "HeroChoicePhase"} <= kinds
        assert {"NameElementPhase", "SigourneyPhase", "ThiefPhase", "EverardPhase"} <= kinds


def _seat_paths(phase: Data, at: str = "phase") -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every place a phase's JSON names a seat: its path from the phase, and the field's name in refusals."""
    for key, value in phase.items():
        if key in (
            "seat",
            "attacker",
            "turn",
            "cleric",
            "player",
            "culprit",
            "resume",
            "target",
        ) and isinstance(value, int):
            yield (key,), f"{at}.{key}"
        elif key == "queue":
            for index in range(len(value)):
                yield (key, index), rf"{at}.queue\[{index}\]"
        elif key == "then":
            for path, field in _seat_paths(value, f"{at}.then"):
                yield (key, *path), field


def _set(root: Data, path: tuple[Any, ...], value: object) -> None:
    for part in path[:-1]:
        root = root[part]
    root[path[-1]] = value


_KINDS = (
    "TurnPhase",
    "DrawnPhase",
    "AttackPhase",
    "AbilityPhase",
    "ReflexPhase",
    "BonfirePhase",
    "CalloutPhase",
    "ThiefPhase",
    "EmmaPhase",
    "NecromancerPhase",
    "SigourneyPhase",
    "EverardPhase",
    "ClericPhase",
    "HeroChoicePhase",
    "NameElementPhase",
)


@pytest.mark.parametrize("kind", _KINDS)
def test_every_seat_a_phase_names_is_one_of_the_table(kind: str) -> None:
    """The class of the campaign's escapes: a seat of 2**64 (or one past the table) anywhere in a decision."""
    state = _first(_phase(kind))
    n = state.game.players
    for path, field in _seat_paths(_fields(state)["phase"]):
        for seat in (n, 2**64, -1):

            def change(d: Data, path: tuple[Any, ...] = path, seat: int = seat) -> None:
                _set(d["phase"], path, seat)

            _refused(state, change, rf"{field} must be a seat")
            _refused(state.view(0), change, rf"{field} must be a seat")


def _deal_twice(d: Data) -> None:
    d["deck"].append(d["hands"][0][0])


def _hand_to_deck(seat: Callable[[Data], int], card: Callable[[Data], str]) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        s, c = seat(d), card(d)
        d["hands"][s].remove(c)
        d["deck"].append(c)

    return change


def _update(path: tuple[Any, ...], value: Callable[[Any], object]) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        node = d
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value(node[path[-1]])

    return change


def _give(d: Data, seat: int) -> None:
    """The top card of the Deck goes into ``seat``'s hand, in its place."""
    hand = d["hands"][seat]
    hand.append(d["deck"].pop())
    hand.sort(key=lambda label: Card.parse(label).index)


def _reflex_without_the_card(d: Data) -> None:
    """The asked seat's copies of the top card go to the Deck."""
    top, hand = d["pile"][-1], d["hands"][d["phase"]["seat"]]
    while top in hand:
        hand.remove(top)
        d["deck"].append(top)


def _turn_seat(d: Data) -> int:
    seat: int = d["phase"]["seat"]
    return seat


STATES: list[tuple[str, Callable[[State], bool], Callable[[Data], object], str]] = [
    (
        "a card twice",
        lambda s: True,
        _deal_twice,
        r"the hands, Deck and Discard Pile do not hold .* once each",
    ),
    ("a card twice, once over", lambda s: s.outcome is not None, _deal_twice, "once each"),
    ("an unsorted hand", lambda s: len(s.hands[0]) > 2, lambda d: d["hands"][0].reverse(), r"hands\[0\]"),
    (
        "two seats with one Hero",
        lambda s: True,
        _update(("match", "heroes"), lambda h: [h[1], *h[1:]]),
        "heroes deal one Hero to two seats",
    ),
    (
        "three Curses of one element",
        lambda s: s.game.players >= 3,
        _update(("match", "curses"), lambda c: [c[0]] * 3 + c[3:]),
        "curses deal 3",
    ),
    (
        "the turn of a Penalized seat",
        _phase("TurnPhase"),
        lambda d: d["penalized"].__setitem__(_turn_seat(d), True),
        "phase is the turn of seat .* which is Penalized",
    ),
    (
        "a Reflex of a card not held",
        _phase("ReflexPhase"),
        _reflex_without_the_card,
        r"phase asks seat \d for a Reflex; it holds no",
    ),
    (
        "an attack stack no cards make",
        _phase("AttackPhase"),
        _update(("phase", "amount"), lambda a: a + 1),
        r"phase\.amount is \d+, which no stack",
    ),
    (
        "an attacker attacking itself",
        _phase("AttackPhase"),
        lambda d: d["phase"].update(attacker=d["phase"]["seat"]),
        r"phase\.attacker is the attacked seat",
    ),
    (
        "an ability of a Hero not shown",
        _phase("EmmaPhase"),
        _update(("match", "heroes_shown"), lambda shown: [False] * len(shown)),
        "phase is .*'s ability, but seat",
    ),
    (
        "a third card of Emma's",
        _phase("EmmaPhase"),
        _update(("phase", "played"), lambda p: 2),
        r"phase\.played",
    ),
    (
        "Directed Arrows past the table's count",
        _phase("SigourneyPhase"),
        _update(("phase", "remaining"), lambda r: 9),
        r"phase\.remaining",
    ),
    (
        "no element outside the naming",
        _phase("TurnPhase"),
        lambda d: d.update(element=None),
        "element is missing",
    ),
    (
        "a second Hero choice",
        _phase("HeroChoicePhase"),
        _update(("match", "heroes_shown"), lambda shown: [True] * len(shown)),
        "asks for a Hero choice",
    ),
    (
        "a starting element named by another seat",
        _phase("NameElementPhase"),
        _update(("phase", "seat"), lambda s: (s + 1) % 2),
        r"phase\.seat is not the starting player",
    ),
    (
        "a Bonfire's MALDICIÓN with cards in hand",
        lambda s: type(s.phase).__name__ == "BonfirePhase" and bool(s.hands[s.phase.seat]),
        _update(("phase", "called"), lambda c: True),
        r"phase\.called",
    ),
    (
        "a call-out window out of round order",
        lambda s: type(s.phase).__name__ == "CalloutPhase" and len(getattr(s.phase, "queue", ())) >= 2,
        _update(("phase", "queue"), lambda q: q[::-1]),
        r"phase\.queue does not ask",
    ),
    (
        "a call-out window skipping a seat",
        lambda s: type(s.phase).__name__ == "CalloutPhase" and len(getattr(s.phase, "queue", ())) >= 2,
        _update(("phase", "queue"), lambda q: q[1:]),
        r"phase\.queue skips a seat",
    ),
    (
        "a call-out window going on with no turn",
        _phase("CalloutPhase"),
        lambda d: d["phase"].update(then={"type": "turn", "seat": d["phase"]["culprit"]}),
        r"phase\.then must be the turn",
    ),
    (
        "a continuation as the decision",
        _phase("TurnPhase"),
        lambda d: d["phase"].update(type="next_turn"),
        "continuation",
    ),
    (
        "a drawn card not in the drawer's hand",
        _phase("DrawnPhase"),
        _hand_to_deck(_turn_seat, lambda d: d["phase"]["card"]),
        r"phase\.card is not in the hand",
    ),
    (
        "a known card not held",
        lambda s: bool(s.known) and s.outcome is None,
        lambda d: d["memory"]["known"][0].update(cards=["gem"] * 5),
        r"known\[0\]\.cards holds cards that cannot be there",
    ),
    (
        "known cards twice for one pair of seats",
        lambda s: bool(s.known),
        lambda d: d["memory"]["known"].append(d["memory"]["known"][0]),
        "known must hold one entry per pair",
    ),
    (
        "a void of a kind held",
        lambda s: s.outcome is None and bool(s.hands[0]),
        lambda d: d["memory"]["voids"].__setitem__(0, [d["hands"][0][0]]),
        r"voids\[0\] say the seat lacks",
    ),
    (
        "cards seen with no reshuffle",
        lambda s: s.reshuffled is None and s.outcome is None,
        lambda d: d["memory"]["seen"].__setitem__(0, [d["deck"][0]]),
        "seen list cards drawn since a reshuffle",
    ),
    (
        "a Deck card not of the reshuffle",
        lambda s: s.reshuffled is not None and len(s.deck) > 3 and s.outcome is None,
        lambda d: d["memory"].update(reshuffled=[]),
        "seen holds cards that cannot be there|deck holds cards that cannot be there",
    ),
    (
        "an event of no seat",
        lambda s: bool(s.events),
        lambda d: d["events"][0].update(seat=9),
        r"events\[0\]\.seat",
    ),
    (
        "a second game outside pvp",
        lambda s: s.game.mode != "pvp",
        _update(("match", "game_number"), lambda g: 2),
        "game_number must be 1 outside pvp",
    ),
    (
        "a Curse shown outside hard",
        lambda s: s.game.difficulty != "hard",
        _update(("match", "curses_shown"), lambda c: [True, *c[1:]]),
        "curses_shown show a Curse",
    ),
    (
        "a Life Counter at 0 in a duel going on",
        lambda s: s.game.mode == "pvp" and s.outcome is None and s.game_number > 1,
        _update(("match", "hp"), lambda hp: [0, hp[1]]),
        "hp hold a Life Counter at 0",
    ),
    (
        "Life Counters changed in the first game",
        lambda s: s.game.mode == "pvp" and s.outcome is None and s.game_number == 1,
        _update(("match", "hp"), lambda hp: [hp[0] - 1, hp[1]]),
        "hp must be .* each through the first game",
    ),
    (
        "a win with the wrong scores",
        lambda s: s.outcome is not None and s.game.mode == "battle_royale",
        lambda d: d["outcome"].update(scores=[1.0] * len(d["outcome"]["scores"])),
        r"outcome\.scores must be",
    ),
    (
        "a win of two seats of different teams",
        lambda s: s.outcome is not None and s.game.mode == "guild_war",
        lambda d: d["outcome"].update(winners=[0, 1]),
        r"outcome\.winners must be one seat, or one team",
    ),
    (
        "a win with cards in the winner's hand",
        lambda s: s.outcome is not None and s.game.mode == "battle_royale",
        lambda d: _give(d, d["phase"]["seat"]),
        "phase must be the turn in which a winner, its hand empty",
    ),
]


@pytest.mark.parametrize(
    ("wanted", "change", "message"), [case[1:] for case in STATES], ids=[c[0] for c in STATES]
)
def test_a_state_no_match_reaches_is_refused(
    wanted: Callable[[State], bool], change: Callable[[Data], object], message: str
) -> None:
    _refused(_first(wanted), change, message)


VIEWS: list[tuple[str, Callable[[State], bool], Callable[[Data], object], str]] = [
    (
        "sizes that do not add up",
        lambda s: s.game.players > 2,
        lambda d: d["hand_sizes"].__setitem__(1, d["hand_sizes"][1] + 1),
        "hand_sizes do not add up to the 124 Action cards",
    ),
    (
        "an empty Discard Pile",
        lambda s: True,
        lambda d: d.update(deck_size=d["deck_size"] + len(d["pile"]), pile=[]),
        "pile is empty",
    ),
    (
        "another seat's drawn card",
        lambda s: type(s.phase).__name__ == "DrawnPhase" and s.phase.seat != 0,
        lambda d: d["phase"].update(card="gem"),
        r"phase\.card is shown to its drawer, and only to it",
    ),
    (
        "another seat to act",
        lambda s: s.outcome is None,
        lambda d: d.update(current_player=(d["current_player"] + 1) % len(d["hand_sizes"])),
        "current_player is",
    ),
    (
        "no Hero of one's own",
        _phase("TurnPhase"),
        lambda d: d.update(hero=None),
        "hero is unknown exactly while",
    ),
    (
        "the Curse shown in hard",
        lambda s: s.game.difficulty == "hard" and not any(s.curses_shown),
        lambda d: d.update(curse="FIRE"),
        "curse is the seat's Curse",
    ),
    (
        "another seat's knowledge",
        lambda s: any(k.viewer == 0 for k in s.known),
        lambda d: d["known"][0].update(viewer=d["known"][0]["holder"]),
        r"known\[0\]\.viewer is seat",
    ),
    (
        "a Deck larger than the reshuffle left",
        lambda s: s.reshuffled is not None and len(s.reshuffled) > 2 and s.outcome is None,
        lambda d: d.update(reshuffled=d["reshuffled"][:1]),
        "seen holds cards that cannot be there|deck_size is more than the reshuffle left",
    ),
]


@pytest.mark.parametrize(
    ("wanted", "change", "message"), [case[1:] for case in VIEWS], ids=[c[0] for c in VIEWS]
)
def test_a_view_no_seat_sees_is_refused(
    wanted: Callable[[State], bool], change: Callable[[Data], object], message: str
) -> None:
    _refused(_first(wanted).view(0), change, message)


def test_a_hand_built_position_no_match_reaches_is_refused_before_use() -> None:
    """A state built by hand (never read from JSON) with more cards in the Deck than the game has is
    refused, naming the cards, before its view or its legal moves are made; a view of it made past
    that check leaves the hidden cards too few for the places it shows, and ``sample_state`` says so."""
    import attrs

    from cardrules import ConfigError

    state = _first(lambda s: len(s.deck) > 5 and s.outcome is None)
    crowded = attrs.evolve(state, deck=(*state.deck, *state.deck[:5]))
    for use in (lambda: crowded.view(0), crowded.legal_moves):
        with pytest.raises(SerializationError, match="do not hold the game's cards once each: 5 too many"):
            use()
    view = crowded._replace().view(0)
    with pytest.raises(ConfigError, match="no deal of the hidden cards fits what the seat knows"):
        crowded.game.sample_state(view, 1)
