"""The fuzzers: real ``to_dict()`` outputs, mutated, handed back to the library.

One mutator and one judge serve both the test suite (through Hypothesis, in
``test_fuzz.py``) and the long campaign (``scripts/fuzz_campaign.py``).  The
judge's verdict on an input is ``"refused"`` (a :class:`CardRulesError`, the
value it was asked about unchanged) or ``"accepted"`` (it round-trips through
JSON and plays on without any error); anything else raises :class:`Escape`.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import attrs

import cardrules
from cardrules import CardRulesError, ConfigError, IllegalMoveError, Record
from cardrules._json import mismatch
from cardrules._record import RedactedRecord
from cardrules.bots import RandomPlayer

__all__ = [
    "BUDGET",
    "GAMES",
    "KINDS",
    "Corpus",
    "Escape",
    "Kind",
    "corpus",
    "handmade",
    "handmade_state",
    "inputs",
    "judge",
    "mutate",
]

Kind = Literal[
    "state",
    "view",
    "move",
    "game",
    "record",
    "redacted",
    "handmade",
    "handmade_view",
    "handmade_state",
    "notation",
]
Verdict = Literal["refused", "accepted"]

#: Every kind of input the fuzzers make: the six dicts ``from_dict`` reads, moves, views and states built by
#: hand, and the one-line notation of states, views and moves.
KINDS: tuple[Kind, ...] = (
    "state", "view", "move", "game", "record", "redacted", "handmade", "handmade_view", "handmade_state",
    "notation",
)  # fmt: skip
GAMES: tuple[str, ...] = tuple(sorted(cardrules.games()))
#: CPU seconds one input may cost at most, reading it and playing on; real inputs cost milliseconds.
BUDGET = 2.0


class Escape(AssertionError):
    """Something other than a CardRulesError came out, or a refusal changed something, or an input cost too much."""


@attrs.frozen
class Corpus:
    """Real values of one game: states along random matches, their views and moves, records."""

    game: str
    states: tuple[dict[str, Any], ...]
    views: tuple[dict[str, Any], ...]
    moves: tuple[dict[str, Any], ...]
    games: tuple[dict[str, Any], ...]
    records: tuple[dict[str, Any], ...]
    redacted: tuple[dict[str, Any], ...]
    strings: tuple[str, ...]
    #: The states themselves, not read back: hand-built and fuzzed moves are applied to them.
    live: tuple[cardrules.BaseState[Any, Any, Any], ...]

    def of(self, kind: Kind) -> tuple[dict[str, Any], ...]:
        """The real dicts of one kind (hand-built moves start from the states)."""
        return {
            "state": self.states,
            "view": self.views,
            "move": self.moves,
            "game": self.games,
            "record": self.records,
            "redacted": self.redacted,
            "handmade": self.states,
            "handmade_view": self.views,
            "handmade_state": self.states,
        }[kind]


@functools.cache
def corpus(name: str) -> Corpus:
    """States, views and moves at a few points of short random matches of every example configuration."""
    states: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    game_dicts: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    redacted: list[dict[str, Any]] = []
    live: list[cardrules.BaseState[Any, Any, Any]] = []
    for index, game in enumerate(type(cardrules.game(name)).examples()):
        game_dicts.append(game.to_dict())
        players = [RandomPlayer(seed=index * 10 + seat) for seat in range(game.players)]
        record = cardrules.play(game, players, seed=index, max_moves=30)
        short = Record(game=game, seed=record.seed, moves=record.moves[:8])
        records.append(short.to_dict())
        redacted.append(short.redacted(index % game.players).to_dict())
        every = list(record.replay())
        final = cardrules.play(
            game, [RandomPlayer(seed=s) for s in range(game.players)], seed=index
        ).final_state
        for state in (every[0], every[len(every) // 2], every[-1], final):
            live.append(state)
            states.append(state.to_dict())
            views.extend(state.view(seat).to_dict() for seat in {0, state.current_player or 0})
            moves.extend(move.to_dict() for move in state.legal_moves()[:4])
    strings = sorted({text for data in states + moves for text in _strings(data)})
    return Corpus(
        name,
        tuple(states),
        tuple(views),
        tuple(moves),
        tuple(game_dicts),
        tuple(records),
        tuple(redacted),
        tuple(strings),
        tuple(live),
    )


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _strings(item)


# Mutation.

_ODD: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    2**63,
    2**64,
    -(2**64),
    10**30,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "seat",
    [],
    {},
    [0],
    {"type": "x"},
)


def _paths(data: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if len(path) > 40:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _put(root: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _odd(rng: random.Random) -> object:
    """A fresh copy of one of :data:`_ODD`: later mutations of the input must not reach the table."""
    return copy.deepcopy(rng.choice(_ODD))


def mutate(
    data: dict[str, Any], rng: random.Random, strings: tuple[str, ...], others: list[dict[str, Any]]
) -> Any:
    """``data`` with one to three random mutations: keys dropped, added or retyped, numbers out of range or huge,
    strings swapped for other names of the game, long lists and deep nesting, parts of another game's dict."""
    root: Any = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = list(_paths(root))
        path = rng.choice(paths)
        node = _get(root, path)
        op = rng.choice(("drop", "add", "odd", "odd", "nudge", "nudge", "nudge", "swap", "huge", "foreign"))
        if op == "drop" and path:
            parent = _get(root, path[:-1])
            del parent[path[-1]]
        elif op == "add" and isinstance(node, dict):
            node[rng.choice(("extra", "seat", "type", *node))] = _odd(rng)
        elif op == "add" and isinstance(node, list):
            node.insert(rng.randint(0, len(node)), copy.deepcopy(rng.choice(node)) if node else _odd(rng))
        elif op == "odd":
            root = _put(root, path, _odd(rng))
        elif op == "nudge":
            root = _put(root, path, _nudge(node, rng, strings))
        elif op == "swap":
            root = _put(root, path, copy.deepcopy(_get(root, rng.choice(paths))))
        elif op == "huge":
            root = _put(root, path, _huge(node, rng))
            break  # the harness itself walks no further into what may nest thousands deep
        elif op == "foreign" and others:
            other = rng.choice(others)
            root = _put(root, path, copy.deepcopy(_get(other, rng.choice(list(_paths(other))))))
    return root


def _nudge(node: object, rng: random.Random, strings: tuple[str, ...]) -> object:
    """A value of the same JSON type, plausible but perhaps out of range."""
    if isinstance(node, bool):
        return not node
    if isinstance(node, int):
        return rng.choice((node + 1, node - 1, -node - 1, rng.randint(-3, 60), node * 2 + 1))
    if isinstance(node, str) and strings:
        return rng.choice(strings)
    if isinstance(node, list) and node:
        shuffled = list(node)
        rng.shuffle(shuffled)
        return shuffled if shuffled != node else shuffled[1:]
    return node


def _huge(node: object, rng: random.Random) -> object:
    """A few kilobytes of input that would cost a lot if not bounded."""
    choice = rng.randrange(4)
    if choice == 0:
        return [copy.deepcopy(node) for _ in range(rng.choice((50, 2_000)))]
    if choice == 1:
        nested: object = node
        for _ in range(rng.choice((40, 3_000))):
            nested = [nested]
        return nested
    if choice == 2:
        return rng.choice((10**30, 10**5000, -(2**70)))
    return "x" * rng.choice((300, 20_000))


# Hand-built moves.


def _wrong(value: object, rng: random.Random) -> object:
    """``value`` in another Python type that may compare equal to it: the type confusions of hand-built moves."""
    forms: list[object] = [None, "x", 1.5, complex(1, 0), (), [], 10**5000]
    if isinstance(value, bool):
        forms += [int(value), float(value)]
    elif isinstance(value, int):  # an IntEnum card too
        forms += [
            int(value),
            float(value),
            complex(value),
            str(value),
            bool(value % 2),
            getattr(value, "name", 0),
        ]
    elif isinstance(value, str):
        forms += [value.encode(), [value], (value,)]
    elif isinstance(value, tuple):
        forms += [list(value), (*value, *value[:1]), tuple(_wrong(item, rng) for item in value)]
    elif value is None:
        forms += [0, False, ""]
    elif hasattr(value, "name"):
        forms += [value.name, getattr(value, "value", 0)]
    return rng.choice(forms)


def handmade(state: cardrules.BaseState[Any, Any, Any], rng: random.Random) -> object:
    """A legal move of ``state`` with one field (the seat included) holding a value of another type."""
    move = rng.choice(state.legal_moves())
    names = [f.name for f in attrs.fields(type(move)) if f.init]
    if not names:
        return move
    name = rng.choice(names)
    changed: object = _wrong(getattr(move, name), rng)
    new = copy.copy(move)
    object.__setattr__(new, name, changed)  # past attrs' converters, as a careless caller's object could be
    return new


def handmade_view(view: cardrules.BaseView[Any], rng: random.Random) -> object:
    """A copy of a real view with one field (the seat included) holding a value of another type."""
    names = [f.name for f in attrs.fields(type(view)) if f.init and f.name != "game"]
    name = rng.choice(names)
    new = copy.copy(view)
    object.__setattr__(new, name, _wrong(getattr(view, name), rng))
    object.__setattr__(new, "_from_state", False)
    return new


def handmade_state(
    state: cardrules.BaseState[Any, Any, Any], others: Sequence[Any], rng: random.Random
) -> object:
    """``attrs.evolve`` of a real state with one field holding a value of another type, or the same field of
    another real state of the game (the right type, facts that need not agree with the rest)."""
    names = [f.name for f in attrs.fields(type(state)) if f.init and f.name != "game"]
    name = rng.choice(names)
    if rng.random() < 0.5:
        return attrs.evolve(state, **{name: _wrong(getattr(state, name), rng)})
    return attrs.evolve(state, **{name: getattr(rng.choice(others), name)})


# The judge.


def _readers(name: str) -> dict[str, Callable[[Any], Any]]:
    module = __import__(f"cardrules.{name}", fromlist=["Game"])
    return {
        "state": module.State.from_dict,
        "view": module.View.from_dict,
        "move": module.Move.from_dict,
        "game": module.Game.from_dict,
        "record": Record.from_dict,
        "redacted": RedactedRecord.from_dict,
    }


def judge(name: str, kind: Kind, data: object) -> Verdict:
    """Hand ``data`` to the library as a dict of ``kind`` of game ``name`` (or, for ``handmade``, as a move to
    apply to the state it was built from: ``data`` is then ``(state, move)``); raise :class:`Escape` on a breach."""
    start = time.process_time()
    try:
        verdict = _judge(name, kind, data)
    except CardRulesError:
        verdict = "refused"
    except Escape:
        raise
    except Exception as exc:
        raise Escape(f"{name} {kind}: {type(exc).__name__} escaped{_where(exc)}: {exc!s:.300}") from exc
    cost = time.process_time() - start
    if cost > BUDGET:
        raise Escape(f"{name} {kind}: one input cost {cost:.1f} CPU seconds (the budget is {BUDGET})")
    return verdict


def _where(exc: BaseException) -> str:
    """`` at module.py:line`` of the innermost frame of cardrules the exception came out of."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/cardrules/" in f.filename]
    return f" at {'/'.join(frames[-1].filename.split('/')[-2:])}:{frames[-1].lineno}" if frames else ""


def _judge(name: str, kind: Kind, data: Any) -> Verdict:
    if kind == "handmade":
        state, move = data
        _look_at(name, move)
        return _apply_or_refuse(state, move)
    if kind == "handmade_view":
        real, view = data
        return _look_at_view(name, real, view)
    if kind == "handmade_state":
        return _look_at_state(name, data)
    if kind == "notation":
        return _read_notation(*data)
    value = _readers(name)[kind](data)
    again = json.loads(json.dumps(value.to_dict(), allow_nan=False))
    if _readers(name)[kind](again) != value:
        raise Escape(f"{name} {kind}: an accepted dict does not round-trip: {json.dumps(data)[:300]}")
    if kind == "state":
        _play_on(value, steps=4)
    elif kind == "view":
        value.render()
        try:
            sample = value.game.sample_state(value, 0)
        except ConfigError:
            return (
                "accepted"  # read, then found unreachable by sample_state's own check: still a clean refusal
            )
        _play_on(sample, steps=2)
    elif kind == "move":
        str(value)
        for state in corpus(name).live:
            _apply_or_refuse(state, value)
    elif kind == "game":
        _play_on(value.new_state(0), steps=4)
    elif kind == "record":
        value.redacted(0)
        _play_on(value.final_state, steps=2)
    elif kind == "redacted":
        for view in value.views[-2:]:
            view.render()
    return "accepted"


def _read_notation(what: str, state: Any, text: str) -> Verdict:
    """Read ``text`` as the notation of a state, a view, or a move in ``state``: an accepted one is
    written back as it was read and plays on."""
    game = state.game
    if what == "move":
        move = game.parse_move(state, text)
        if move not in state.legal_moves() or game.parse_move(state, move.to_notation()) != move:
            raise Escape(f"{game.name}: parse_move gave {move!r:.200} for {text!r:.200}")
        return "accepted"
    reader = game.from_notation if what == "state" else game.view_from_notation
    value = reader(text)
    if reader(value.to_notation()) != value:
        raise Escape(f"{game.name}: an accepted {what} notation does not round-trip: {text[:300]!r}")
    if what == "state":
        _play_on(value, steps=2)
    else:
        value.render()
    return "accepted"


def _text_mutation(text: str, rng: random.Random, others: list[str]) -> str:
    """``text`` cut, with a span dropped or repeated, odd characters put in, a word of another line
    swapped in, or made huge."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        op = rng.randrange(7)
        if op == 0:
            text = text[:at]
        elif op == 1:
            text = text[:at] + text[at + rng.randint(1, 30) :]
        elif op == 2:
            text = text[:at] + text[at : at + rng.randint(1, 60)] * rng.randint(2, 4) + text[at:]
        elif op == 3:
            text = text[:at] + rng.choice('[]{},:="- \\\n\u00e9\u2660') + text[at:]
        elif op == 4 and others:
            words, theirs = text.split(" "), rng.choice(others).split(" ")
            words[rng.randrange(len(words))] = rng.choice(theirs)
            text = " ".join(words)
        elif op == 5:
            text = (
                text[:at]
                + rng.choice(("[" * 5_000, "9" * 5_000, "x" * 300_000, "-1", "true", '"'))
                + text[at:]
            )
        else:
            text = rng.choice(others) if others else text
    return text


def _look_at(name: str, value: Any) -> None:
    """What a caller does with a value it built: its repr and text, and its JSON, which must read back."""
    repr(value)
    str(value)
    try:
        data = value.to_dict()
    except CardRulesError:
        return
    if type(value).from_dict(data) != value:
        raise Escape(
            f"{name}: the JSON of a hand-built {type(value).__name__} does not read back: {data!r:.300}"
        )


def _look_at_view(name: str, real: Any, view: Any) -> Verdict:
    """A hand-built view handed to every public function that takes one: each refuses it or works."""
    _look_at(name, view)
    verdicts = []
    for use in (
        view.render,
        view.hint,
        lambda: view.news(real),
        lambda: real.news(view),
        lambda: real.game.sample_state(view, 0),  # the caller's game: a view's may sit in a record it broke
        lambda: real.game.encode_view(view),
        lambda: cardrules.advise(view, samples=1, iterations=2),
    ):
        try:
            use()
            verdicts.append(True)
        except CardRulesError:
            verdicts.append(False)
    return "accepted" if all(verdicts) else "refused"


def _look_at_state(name: str, state: Any) -> Verdict:
    """A hand-built state handed to what a caller does with one: each use refuses it, or every use works, its
    JSON reads back, and it plays on."""
    try:
        state.legal_moves()
    except CardRulesError:
        for use in (lambda: state.view(0), lambda: state.apply(None), state.legal_moves):
            try:
                use()
            except CardRulesError:
                continue
            raise Escape(f"{name}: a hand-built state refused once was then used") from None
        return "refused"
    _look_at(name, state)
    _play_on(state, 2)
    return "accepted"


def _play_on(state: Any, steps: int) -> None:
    """A few moves on from an accepted state, looking at it the way front ends and bots do."""
    for _ in range(steps):
        legal = state.legal_moves()
        if bool(legal) == state.is_terminal:
            raise Escape(
                f"{state.game_name}: legal_moves() is {len(legal)} long but is_terminal is {state.is_terminal}"
            )
        for seat in range(state.game.players):
            view = state.view(seat)
            view.render()
        if state.is_terminal:
            return
        seat = state.current_player
        state.game.sample_state(state.view(seat), 1)
        move = legal[len(legal) // 2]
        str(move)
        after = state.apply(move)
        state.describe(move, after)
        state = after


def _apply_or_refuse(state: Any, move: object) -> Verdict:
    """Apply ``move``: refused with the state unchanged unless it is exactly one of the legal moves."""
    before = state.to_dict()
    legal = state.legal_moves()
    exact = isinstance(move, state._move_type) and mismatch(move, type(move)) is None and move in legal
    try:
        after = state.apply(move)
    except IllegalMoveError as exc:
        if state.to_dict() != before or state.legal_moves() != legal:
            raise Escape(f"{state.game_name}: a refused apply changed the state") from None
        if exact:
            raise Escape(f"{state.game_name}: a legal move was refused: {exc}") from None
        if len(str(exc)) > 2_000:
            raise Escape(f"{state.game_name}: a refusal of {len(str(exc))} characters") from None
        return "refused"
    if not exact:
        raise Escape(f"{state.game_name}: apply accepted a move that is not exactly legal: {move!r:.200}")
    json.dumps(after.to_dict(), allow_nan=False)
    return "accepted"


def real_values(name: str) -> Iterator[tuple[Kind, dict[str, Any]]]:
    """Every unmutated dict of the corpus, with its kind: each must be read back as an equal value."""
    for kind in KINDS:
        if not kind.startswith("handmade") and kind != "notation":
            for data in corpus(name).of(kind):
                yield kind, data


def read(name: str, kind: Kind, data: object) -> Any:
    """``data`` read by the ``from_dict`` of ``kind``."""
    return _readers(name)[kind](data)


def inputs(name: str, kind: Kind, rng: random.Random) -> object:
    """One fuzzed input of ``kind`` for game ``name``, drawn from ``rng``."""
    own = corpus(name)
    if kind == "handmade":
        state = rng.choice([s for s in own.live if not s.is_terminal])
        return state, handmade(state, rng)
    if kind == "notation":
        state = rng.choice([s for s in own.live if not s.is_terminal])
        what = rng.choice(("state", "view", "move"))
        lines: Callable[[Any], str] = {
            "state": lambda s: s.to_notation(),
            "view": lambda s: s.view(s.current_player).to_notation(),
            "move": lambda s: rng.choice(s.legal_moves()).to_notation(),
        }[what]
        texts = [lines(s) for g in GAMES for s in corpus(g).live[:3] if not s.is_terminal]
        return what, state, _text_mutation(lines(state), rng, texts)
    if kind == "handmade_view":
        state = rng.choice(own.live)
        real = state.view(rng.randrange(state.game.players))
        return real, handmade_view(real, rng)
    if kind == "handmade_state":
        return handmade_state(rng.choice(own.live), own.live, rng)
    others = [d for g in GAMES if g != name for d in corpus(g).of(kind)]
    if rng.random() < 0.05:
        return copy.deepcopy(rng.choice(others))
    return mutate(rng.choice(own.of(kind)), rng, own.strings, others)
