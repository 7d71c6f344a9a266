"""What La Maldición's rules page says of a card: its quote, or its row of the card table (group,
printed HP, effect); and of the Curse a seat holds."""

from __future__ import annotations

import functools
from typing import Any

from .._base import BaseView
from .._rulebook import Rulebook, page
from .._rulebook import quoted as rulebook_quoted

__all__ = ["MaldicionRulebook"]


@functools.lru_cache(maxsize=1)
def _maldicion_table(game_name: str) -> dict[str, tuple[str, str, str]]:
    """Each figure of the card table ("Club", "Curse") with its group, printed HP and effect; a bare
    "none" reads as the fuller "none: …" given to an earlier figure of its group."""
    rows: dict[str, tuple[str, str, str]] = {}
    effects: dict[str, str] = {}
    for line in page(game_name).split("\n"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("group", "---"):
            continue
        group, figure, _, hp, effect = cells
        effect = effects.get(group, effect) if effects.get(group, "").startswith(f"{effect}:") else effect
        effects.setdefault(group, effect)
        name = figure.split(" (")[0]
        rows[name] = (group, hp, effect)
    return rows


class MaldicionRulebook(Rulebook):
    """A figure's quote, else its row of the card table; and the Curse the seat holds beside its hand."""

    __slots__ = ()

    def card(self, view: BaseView[Any], card: object, name: str) -> str | None:
        return _maldicion(view, card, name)

    def held(self, view: BaseView[Any]) -> tuple[str, ...]:
        return _maldicion_curse(view)


def _maldicion(view: BaseView[Any], card: object, name: str) -> str | None:
    """The quote on the card, else its group, effect and printed HP from the card table."""
    quoted = rulebook_quoted(view, card, name)
    if quoted is not None:
        return quoted
    table = _maldicion_table(view.game_name)
    figure = next((key for key in sorted(table, key=len, reverse=True) if name.endswith(key)), None)
    if figure is None:
        return None
    group, hp, effect = table[figure]
    return f"{group} card, effect {effect}; printed HP {hp} (used only in PvP)"


def _maldicion_curse(view: BaseView[Any]) -> tuple[str, ...]:
    """The Curse the seat holds beside its hand (its team's in Guild War), by the card table's row."""
    row = _maldicion_table(view.game_name).get("Curse")
    if row is None:
        return ()
    curse = getattr(view, "curse", None)
    which = f"your Curse, {curse}" if curse is not None else "your Curse (its element unseen)"
    return (f"{which}: {row[2]}",)
