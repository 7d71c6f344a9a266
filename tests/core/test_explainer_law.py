"""The explainer law: in every game, the explainer is a predicate that agrees with the generator, and the
refusal path of ``state.apply`` accepts a move exactly when it is one of ``state.legal_moves()`` and
explains every refusal in the game's own words.

On random play of each of a game's :meth:`~cardrules.BaseGame.examples`, each state checked is offered
a candidate set: every legal move (as an equal copy, so the value path of ``apply`` is tried, not the
identity short cut) and every move of the action space that the game makes somewhere, written for the
seat to act; single-field variations of those moves widen the set to other indices of the action
space.  The explainer (``_why_illegal``), asked of every candidate, gives no reason (``None``) exactly
for the legal ones, and does not fail: it decides from the rules' predicates, not from the list of legal
moves, so this is the generator and the explainer agreeing.  A candidate ``apply`` accepts must be legal,
a legal one must be accepted, and a refused one must be refused with
:class:`~cardrules.IllegalMoveError` carrying the explainer's reason.  A disagreement names the state in
notation and the move, so that it can be replayed.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import BaseGame, BaseMove, BaseState, IllegalMoveError, malilla
from cardrules._json import mismatch

#: Random matches played per configuration, each seeded by its number.
SEEDS = (0, 1)
#: States checked per match, spread evenly over it; the runtime stays a few seconds per game.
STATES_PER_MATCH = 20
#: The most moves a random match is played for.
LONGEST = 3000
#: A field with more values than this across a game's moves is not varied (a hand of cards to lay).
VARIED_VALUES = 12

#: Known disagreements, by game: the reason names each case; the test fails once the game is fixed.
KNOWN: dict[str, str] = {}

Key = tuple[Any, ...]


def _key(move: BaseMove) -> Key:
    """The move without its seat: which decision it is, whoever makes it."""
    return (
        type(move),
        *(getattr(move, f.name) for f in attrs.fields(type(move)) if f.init and f.name != "seat"),
    )


def _match(game: BaseGame[Any, Any], seed: int) -> Iterator[BaseState[Any, Any, Any]]:
    """The states of a random match, the last one included."""
    choose = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(LONGEST):
        yield state
        if state.is_terminal:
            return
        state = state.apply(choose.choice(state.legal_moves()))


def _universe(game: BaseGame[Any, Any], matches: list[list[BaseState[Any, Any, Any]]]) -> list[BaseMove]:
    """Every move the matches make somewhere, and its single-field variations in the action space."""
    seen: dict[Key, BaseMove] = {}
    for states in matches:
        for state in states:
            for move in state.legal_moves():
                seen.setdefault(_key(move), move)
    values: dict[tuple[type, str], set[Any]] = {}
    for move in seen.values():
        for field in attrs.fields(type(move)):
            if field.init and field.name != "seat":
                values.setdefault((type(move), field.name), set()).add(getattr(move, field.name))
    varied = dict(seen)
    for move in seen.values():
        for field in attrs.fields(type(move)):
            choices = values.get((type(move), field.name), set())
            if len(choices) > VARIED_VALUES:
                continue
            for value in choices:
                try:
                    other = attrs.evolve(move, **{field.alias: value})
                    game.action_index(other)
                except (IllegalMoveError, TypeError, ValueError):
                    continue  # not a move of this configuration's action space
                varied.setdefault(_key(other), other)
    return list(varied.values())


def _checked(states: list[BaseState[Any, Any, Any]]) -> list[BaseState[Any, Any, Any]]:
    """``STATES_PER_MATCH`` states of a match, evenly spread, the terminal one excluded."""
    playing = [state for state in states if not state.is_terminal]
    step = max(1, len(playing) // STATES_PER_MATCH)
    return playing[::step][:STATES_PER_MATCH]


def _where(state: BaseState[Any, Any, Any], move: BaseMove) -> str:
    """The state and the move, in notation to replay them."""
    return f"{state.game_name} {state.to_notation()!r}, move {move.to_notation()!r} ({move!r})"


def _disagreement(state: BaseState[Any, Any, Any], move: BaseMove, legal: bool) -> str | None:
    """What is wrong with how ``state.apply`` and the explainer treat ``move``, if anything."""
    try:
        said = state._why_illegal(move)
    except Exception as error:  # the law's subject: an explainer that fails on a candidate
        return f"explainer failed with {type(error).__name__}: {error}"
    if legal and said is not None:
        return f"the explainer refuses a legal move ({said!r})"
    if not legal and (not isinstance(said, str) or not said.strip()):
        return f"explainer gave no reason ({said!r}) for a move that is not legal"
    return _refused(state, move, legal, said)


def _refused(state: BaseState[Any, Any, Any], move: BaseMove, legal: bool, said: str | None) -> str | None:
    """What is wrong with how ``state.apply`` treats ``move``: accepted iff legal, refused with ``said``."""
    try:
        state.apply(move)
    except IllegalMoveError as error:
        refusal = str(error)
    except Exception as error:  # the law's subject: apply refusing other than by IllegalMoveError
        return f"apply raised {type(error).__name__}: {error}"
    else:
        return None if legal else "accepted a move that is not legal"
    if legal:
        return f"legal move refused ({refusal})"
    if mismatch(move, type(move)) is None and refusal != f"{state.game_name}: {said}":
        return f"refused with {refusal!r}, not the explainer's reason"
    return None


def _disagreements(state: BaseState[Any, Any, Any], universe: list[BaseMove]) -> list[str]:
    """What the refusal path of ``apply`` says against ``legal_moves()`` in ``state``."""
    to_act: dict[str, Any] = {"seat": state.current_player}  # every game's moves name their seat
    legal = set(state.legal_moves())
    candidates = {attrs.evolve(move) for move in legal}
    for move in universe:
        try:
            candidates.add(attrs.evolve(move, **to_act))
        except (TypeError, ValueError):
            continue  # a seat this move cannot name
    found = []
    for move in sorted(candidates, key=repr):
        problem = _disagreement(state, move, move in legal)
        if problem is not None:
            found.append(f"{problem}: {_where(state, move)}")
    return found


def _cases() -> Iterator[Any]:
    for name in sorted(cardrules.games()):
        package = importlib.import_module(f"cardrules.{name}")
        for number, _ in enumerate(package.Game.examples()):
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[name])] if name in KNOWN else []
            yield pytest.param(name, number, id=f"{name}-{number}", marks=marks)


@pytest.mark.parametrize(("name", "number"), list(_cases()))
def test_explainer_accepts_exactly_the_legal_moves(name: str, number: int) -> None:
    """Every candidate is accepted iff legal; every refusal carries the explainer's reason."""
    game = importlib.import_module(f"cardrules.{name}").Game.examples()[number]
    matches = [list(_match(game, seed)) for seed in SEEDS]
    universe = _universe(game, matches)
    found: list[str] = []
    checked = 0
    for states in matches:
        for state in _checked(states):
            found += _disagreements(state, universe)
            checked += 1
    assert checked >= len(SEEDS), "the matches gave no state to check"
    assert not found, f"{len(found)} disagreements, the first ones:\n" + "\n".join(found[:5])


def test_the_law_finds_an_explainer_that_refuses_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """An explainer that is not a predicate (a reason for every move) is reported, legal move by legal move."""

    def always(self: malilla.State, move: malilla.Move) -> str:
        return f"seat {move.seat} cannot play {move.card}"

    monkeypatch.setattr(malilla.State, "_why_illegal", always)
    game = malilla.Game()
    matches = [list(_match(game, 0))]
    state = _checked(matches[0])[0]
    found = _disagreements(state, _universe(game, matches))
    assert len(found) == len(state.legal_moves())
    assert all(line.startswith("the explainer refuses a legal move") for line in found)


def test_the_law_finds_an_explainer_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken explainer is reported with the state and the move, so the law has teeth."""

    def broken(self: malilla.State, move: malilla.Move) -> str:
        raise KeyError(move.card)

    monkeypatch.setattr(malilla.State, "_why_illegal", broken)
    game = malilla.Game()
    matches = [list(_match(game, 0))]
    state = _checked(matches[0])[0]
    found = _disagreements(state, _universe(game, matches))
    assert found
    assert all(line.startswith("explainer failed with KeyError") for line in found)
    assert state.to_notation() in found[0]
