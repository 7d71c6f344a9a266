"""Sphinx extension: a picture of a real position of a real seeded match, drawn as SVG at build time.

In a page::

    ```{cardtable} malilla
    :seed: 7
    :moves: 14
    :options: target=35
    ```

plays the match of ``cardrules.malilla.Game(target=35)`` from seed 7 with the
heuristic bots, stops after 14 decisions and draws the table as the seat to
move sees it (its hand face up, the others' as backs).
"""

from __future__ import annotations

import ast
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped]
from docutils.parsers.rst import directives  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import cardrules
from cardrules.bots import heuristic

from ._games import scene
from ._scene import svg

__all__ = ["CardTable", "draw", "setup"]


def _options(text: str) -> dict[str, Any]:
    """``players=6, mode="pvp"`` as keyword arguments (literals only)."""
    call = ast.parse(f"f({text})", mode="eval").body
    assert isinstance(call, ast.Call)
    return {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg is not None}


def draw(name: str, seed: int, moves: int, options: str = "") -> str:
    """The SVG of ``name``'s table after ``moves`` decisions of a heuristic match from ``seed``."""
    game = cardrules.game(name, **_options(options))
    players = [heuristic(game, seed + seat) for seat in range(game.players)]
    record = cardrules.play(game, players, seed, max_moves=moves)
    *_, state = record.replay()
    seat = state.current_player
    if seat is None:
        raise ValueError(f"{name}: the match from seed {seed} ends before move {moves}")
    return svg(scene(state.view(seat)))


class CardTable(SphinxDirective):
    """``cardtable GAME`` with ``:seed:``, ``:moves:`` and ``:options:``: the table as an inline SVG figure."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "options": directives.unchanged,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        try:
            picture = draw(name, self.options.get("seed", 1), self.options.get("moves", 10),
                           self.options.get("options", ""))  # fmt: skip
        except (ValueError, KeyError, SyntaxError) as error:
            raise self.error(f"cardtable {name}: {error}") from error
        caption = self.options.get("caption", "")
        figure = f'<figure class="cardtable">{picture}<figcaption>{caption}</figcaption></figure>'
        return [nodes.raw("", figure, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``cardtable`` directive."""
    app.add_directive("cardtable", CardTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
