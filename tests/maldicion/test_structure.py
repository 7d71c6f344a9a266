"""The shape of the rules: one typed rules object per kind of phase, each rule once, imports one way."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from cardrules import IllegalMoveError, maldicion
from cardrules.maldicion import Figure, Pending, Play, _pending
from cardrules.maldicion._rules import TARGETED
from cardrules.maldicion._state import RULES

PACKAGE = Path(maldicion.__file__).parent


def _kinds() -> list[type[Pending]]:
    """Every class of phase the package defines (NextTurn is a continuation, never pending)."""
    found: list[type[Pending]] = []
    todo = list(Pending.__subclasses__())
    while todo:
        kind = todo.pop()
        found.append(kind)
        todo.extend(kind.__subclasses__())
    # The classes themselves, not the ones attrs replaced with slotted copies.
    return [k for k in found if k is not maldicion.NextTurn and getattr(_pending, k.__name__, None) is k]


def _states(game: maldicion.Game, seed: int, steps: int) -> list[maldicion.State]:
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    out = [state]
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
        out.append(state)
    return out


class TestDispatch:
    """Each kind of phase has its rules, found by its class."""

    def test_every_kind_of_phase_has_rules(self) -> None:
        kinds = _kinds()
        assert len(kinds) == 15
        assert sorted(k.__name__ for k in kinds) == sorted(k.__name__ for k in RULES)

    def test_a_continuation_is_never_dispatched(self) -> None:
        assert maldicion.NextTurn not in RULES

    @pytest.mark.parametrize("game", maldicion.Game.examples(), ids=repr)
    def test_legal_moves_apply_and_others_are_refused_with_a_reason(self, game: maldicion.Game) -> None:
        """On random play: every legal move applies; a move of another seat is refused, naming why."""
        for state in _states(game, 11, 120):
            if state.is_terminal:
                continue
            rules = RULES[type(state.pending)]
            legal = rules.legal(state.pending, state)
            assert legal == state.legal_moves()
            assert rules.apply(state.pending, state, legal[0]) == state.apply(legal[0])
            other = maldicion.Pass((state.pending.seat + 1) % game.players)
            with pytest.raises(IllegalMoveError):
                state.apply(other)


class TestTargetedFigures:
    """The targeted figures are one set: generation, the encoding and validation read it."""

    def test_the_set(self) -> None:
        assert frozenset({Figure.DOUBLE_SHOT, Figure.RAIN_OF_SPEARS}) == TARGETED

    def test_only_targeted_figures_name_a_target_and_only_in_guild_war(self) -> None:
        for game in maldicion.Game.examples():
            for state in _states(game, 5, 150):
                for move in state.legal_moves() if not state.is_terminal else ():
                    if isinstance(move, Play) and move.target is not None:
                        assert game.teams and move.card.figure in TARGETED

    def test_guild_war_always_names_the_target(self) -> None:
        game = maldicion.Game(players=4, mode="guild_war")
        seen = 0
        for state in _states(game, 3, 300):
            for move in state.legal_moves() if not state.is_terminal else ():
                if isinstance(move, Play) and move.card.figure in TARGETED:
                    assert move.target is not None
                    seen += 1
        assert seen > 0


def _runtime_imports(path: Path) -> tuple[set[str], list[str]]:
    """The sibling modules ``path`` imports at module level outside ``TYPE_CHECKING``, and the imports in functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    siblings: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            siblings.update([node.module] if node.module else [a.name for a in node.names])
    inner = [
        ast.unparse(sub)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for sub in ast.walk(node)
        if isinstance(sub, (ast.Import, ast.ImportFrom))
    ]
    return siblings, inner


class TestLayers:
    """Imports inside the package flow one way."""

    def test_no_import_inside_a_function(self) -> None:
        """``Game`` sits above the States and samplers it makes, and imports them at the top."""
        inner = {p.name: _runtime_imports(p)[1] for p in PACKAGE.glob("*.py")}
        assert {name: found for name, found in inner.items() if found} == {}

    def test_module_imports_form_no_cycle(self) -> None:
        """The States and Views name ``Game`` only for the type checker, so imports form no cycle."""
        graph = {p.stem: _runtime_imports(p)[0] for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
        done: set[str] = set()

        def visit(module: str, path: tuple[str, ...]) -> None:
            assert module not in path, f"import cycle: {' -> '.join((*path, module))}"
            if module in done:
                return
            for imported in graph.get(module, ()):
                visit(imported, (*path, module))
            done.add(module)

        for module in graph:
            visit(module, ())

    def test_the_rules_do_not_import_the_state(self) -> None:
        """Rules, legal moves and the transition reach the State only as a type."""
        for name in ("_rules", "_pending", "_legal", "_transition", "_heroes", "_table", "_events"):
            assert "_state" not in _runtime_imports(PACKAGE / f"{name}.py")[0], name
