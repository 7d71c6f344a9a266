"""What one Mala e Cuia seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._base import BaseView
from .._fast import fast_init, fast_new
from .._invariants import check_view
from .._notation import Words
from .._outcome import Outcome
from ._deck import Item, SituationCard
from ._narration import tile_text
from ._notation import ITEM_WORDS
from ._pending import Decision, decision
from ._progress import Competition, CooperationSeen
from ._tiles import Tile
from ._validate import check_view_fields

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["View", "view_of"]


@fast_init
@attrs.frozen
class View(BaseView["Game"]):
    """One seat's knowledge: its own Suitcase Tile and everything public.

    Public are the items on the table (``table``, face numbers; see
    :attr:`items`), how many items each seat has written (``tile_sizes``),
    the scores, and ``progress``: in a competitive match all of it (the
    Situation card, the discards, every revealed round); in a cooperative
    one the Situation cards this seat knows (its own, and each protagonist's
    once read aloud, others ``None``), the team's guess and the revealed
    tiles.  Another seat's pack is never shown before its reveal.
    """

    game_name: ClassVar[str] = "mala_e_cuia"
    _notation_words: ClassVar[Words] = ITEM_WORDS
    game: Game
    seat: int
    current_player: int | None
    table: tuple[int, ...]
    tile: Tile
    tile_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    progress: Competition | CooperationSeen
    outcome: Outcome | None

    @property
    def items(self) -> tuple[Item, ...]:
        """The items on the table, in table order."""
        faces = self.game.deck.faces
        return tuple(faces[f] for f in self.table)

    @property
    def situation(self) -> SituationCard:
        """The Situation card this seat packs for: the revealed one, or its own secret one."""
        deck = self.game.deck
        if isinstance(self.progress, Competition):
            return deck.situations[self.progress.situation]
        own = self.progress.situations[self.seat]
        assert own is not None
        return deck.situations[own]

    @property
    def pending(self) -> Decision | None:
        """The decision the match waits for, as :attr:`State.pending <cardrules.mala_e_cuia.State.pending>`
        says it."""
        progress = self.progress
        protagonist = None if isinstance(progress, Competition) else progress.protagonist
        return decision(self.current_player, protagonist)

    def _validate(self) -> None:
        check_view_fields(self)
        check_view(self)

    def render(self) -> str:
        """The table as this seat sees it: situation, items, its own tile, everyone's progress and scores."""
        deck = self.game.deck
        progress = self.progress
        lines = []
        if isinstance(progress, Competition):
            card = self.situation
            lines.append(f"competitive, round {progress.round} of 4")
            lines.append(f"Situation: {card.general.text} | Bonus: {card.bonus.text}")
            if progress.rounds:
                last = progress.rounds[-1]
                points = ", ".join(f"seat {s} {p}" for s, p in enumerate(last.points))
                lines.append(f"round {last.round} scored: {points}")
        else:
            lines.append(
                "cooperative" + (", Guess phase" if progress.first_protagonist is not None else ", packing")
            )
            lines.append(
                f"your Situation: {self.situation.general.text} | Bonus: {self.situation.bonus.text}"
            )
            protagonist = progress.protagonist
            if protagonist is not None and protagonist != self.seat:
                index = progress.situations[protagonist]
                assert index is not None
                card = deck.situations[index]
                lines.append(
                    f"protagonist seat {protagonist}: {card.general.text} | Bonus: {card.bonus.text}"
                )
            if progress.guess.size:
                lines.append(f"the team's guess so far: {tile_text(deck, progress.guess)}")
            for reveal in progress.reveals:
                lines.append(
                    f"seat {reveal.protagonist} packed {tile_text(deck, reveal.tile)}; "
                    f"guessed {reveal.correct} right, {reveal.points} points"
                )
        lines.append("items: " + ", ".join(deck.names[f] for f in self.table))
        lines.append(f"your tile (seat {self.seat}): {tile_text(deck, self.tile)}")
        lines.append("packed: " + ", ".join(f"seat {s} {n}/4" for s, n in enumerate(self.tile_sizes)))
        if isinstance(progress, Competition):
            lines.append("scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(self.scores)))
        else:
            lines.append(f"team total: {sum(self.scores)}")
        lines.append(f"now: {self.hint()}")
        return "\n".join(lines)

    def news(self, before: View) -> tuple[str, ...]:
        """The items this seat packed since ``before``, told to it alone: "you pack Umbrella (General)"."""
        names = self.game.deck.names
        lines = [
            f"you pack {names[face]} (General)" for face in sorted(self.tile.general - before.tile.general)
        ]
        if self.tile.bonus is not None and self.tile.bonus != before.tile.bonus:
            lines.append(f"you pack {names[self.tile.bonus]} (Bonus)")
        return tuple(lines)

    def hint(self) -> str:
        """The decision pending: a secret packing in progress, or the team's guess for a protagonist."""
        if self.outcome is not None:
            return f"the match is over: {self.outcome}"
        seat = self.current_player
        progress = self.progress
        if isinstance(progress, CooperationSeen) and progress.protagonist is not None:
            return (
                f"seat {seat} points at an item for the team's guess of seat {progress.protagonist}'s "
                "Suitcase Tile, in public"
            )
        packed = self.tile_sizes[seat] if seat is not None else 0
        return (
            f"seat {seat} packs its Suitcase Tile in secret ({packed}/4 packed): "
            "three items for the Situation and one for the Bonus"
        )

    @property
    def team_total(self) -> int | None:
        """Cooperative: the team's points so far; ``None`` in a competitive match."""
        return sum(self.scores) if isinstance(self.progress, CooperationSeen) else None


_build_view = fast_new(View)


def view_of(state: State, seat: int) -> View:
    """What ``seat`` knows: its tile, the public table and results, and the situations read aloud."""
    progress = state.progress
    seen: Competition | CooperationSeen
    if isinstance(progress, Competition):
        seen = progress
    else:
        known = {seat, *(r.protagonist for r in progress.reveals)}
        if progress.protagonist is not None:
            # "The protagonist must now read their situations (General and Bonus) aloud."
            known.add(progress.protagonist)
        situations = tuple(s if i in known else None for i, s in enumerate(progress.situations))
        seen = CooperationSeen(situations, progress.first_protagonist, progress.guess, progress.reveals)
    # Positional, in the order of View's fields (docs/benchmarks.md: why not by keyword).
    return _build_view(
        state.game,
        seat,
        state.current_player,
        state.table,
        state.tiles[seat],  # tile
        tuple(t.size for t in state.tiles),  # tile_sizes
        state.scores,
        seen,  # progress
        state.outcome,
    )
