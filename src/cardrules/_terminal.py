"""Playing a match in a terminal against bots, and stepping through saved matches.

What a human at seat S is told is made of two parts, both about S's own
knowledge: the public lines of :meth:`BaseState.describe` (what the whole
table saw) and :meth:`BaseView.news` of S's views before and after the move
(what S alone learned: "you drew +3 Hero").
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, TextIO

import attrs

from ._advice import advise
from ._base import BaseGame, BaseMove, BaseState, BaseView
from ._errors import CardRulesError, SerializationError
from ._numerals import whole_number
from ._record import Record, RedactedRecord
from ._words import brief

__all__ = [
    "Colour",
    "Style",
    "choose_in_terminal",
    "load_record",
    "narrate_for",
    "play_in_terminal",
    "show_record",
]

Ask = Callable[[str], str]
#: ``--color``: ANSI colour when the stream is a terminal and ``NO_COLOR`` is unset, always, or never.
Colour = Literal["auto", "always", "never"]

_HELP_WORDS = frozenset({"help", "?", "h"})


@attrs.frozen
class Style:
    """How lines are dressed: ANSI colour (bold headings, your news, red suits) or plain text."""

    colour: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO, mode: Colour = "auto") -> Style:
        """Colour if ``mode`` is ``"always"``, or ``"auto"`` on a terminal without ``NO_COLOR``."""
        if mode == "auto":
            tty = hasattr(stream, "isatty") and stream.isatty()
            return cls(tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb")
        return cls(mode == "always")

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and text else text

    def bold(self, text: str) -> str:
        """A heading or the prompt."""
        return self._wrap("1", text)

    def news(self, text: str) -> str:
        """What the seat alone learned."""
        return self._wrap("32", text)

    def problem(self, text: str) -> str:
        """An answer that was not a move."""
        return self._wrap("33", text)

    def table(self, text: str) -> str:
        """A rendered view: the own hand in bold, red suits in red."""
        if not self.colour:
            return text
        lines = [
            self.bold(line) if line.startswith(("your hand", "now:")) else line for line in text.split("\n")
        ]
        return _RED_SUITS.sub(lambda m: self._wrap("31", m[0]), "\n".join(lines))


_RED_SUITS = re.compile(r"\b(?:[2-7JQKA]|10)[♥♦]")
PLAIN = Style()


def choose_in_terminal(
    legal: Sequence[BaseMove],
    ask: Ask,
    out: TextIO,
    view: BaseView[Any] | None = None,
    style: Style = PLAIN,
) -> BaseMove:
    """Ask until the answer names one of ``legal``: its number, or its text ("play 7♠", "7s").

    ``help`` or ``?`` lists the moves again with a reminder of the decision's rule (from ``view``);
    ``hint`` shows the expert's best moves with their reasons (:func:`cardrules.advise`).
    """
    _list_moves(legal, out)
    while True:
        answer = ask(style.bold("your move (number or text; ? for help): ")).strip()
        if answer.lower() in _HELP_WORDS:
            _help(legal, view, out)
            continue
        if answer.lower() == "hint" and view is not None:
            _hint(view, out)
            continue
        found = _match(answer, legal)
        if isinstance(found, str):
            out.write(f"  {style.problem(found)}\n")
            continue
        return found


def _list_moves(legal: Sequence[BaseMove], out: TextIO) -> None:
    for number, move in enumerate(legal, start=1):
        out.write(f"  {number:>2}. {move}\n")


def _help(legal: Sequence[BaseMove], view: BaseView[Any] | None, out: TextIO) -> None:
    if view is not None:
        out.write(f"  now: {view.hint()}\n")
    out.write(f"  your {len(legal)} legal move{'s' if len(legal) != 1 else ''}:\n")
    _list_moves(legal, out)
    out.write(
        "  answer with a move's number or its text (a unique part of it is enough);\n"
        "  hint ranks your best moves, with reasons;\n"
        "  ? or help shows this; Ctrl-C or Ctrl-D stops the match (and offers to save it)\n"
    )


def _hint(view: BaseView[Any], out: TextIO) -> None:
    """The three best moves by :func:`advise` (one CPU second of search), each with its reason."""
    try:
        ranked = advise(view, time_limit=1.0)
    except CardRulesError as exc:
        out.write(f"  no hint: {exc}\n")
        return
    for advice in ranked[:3]:
        out.write(f"  hint: {advice}\n")


def _match(answer: str, legal: Sequence[BaseMove]) -> BaseMove | str:
    if not answer:
        return f"type a number from 1 to {len(legal)} or the move's text (? for help)"
    index = whole_number(answer)
    if index is not None:
        if 1 <= index <= len(legal):
            return legal[index - 1]
        return f"{answer} is not a number from 1 to {len(legal)}"
    wanted = _normal(answer)
    exact = [m for m in legal if _normal(str(m)) == wanted or _normal(str(m)).endswith(" " + wanted)]
    if len(exact) == 1:
        return exact[0]
    ascii_hits = [m for m in legal if wanted in _normal(json.dumps(m.to_dict()["data"], ensure_ascii=False))]
    text_hits = [m for m in legal if wanted in _normal(str(m))]
    hits = ascii_hits if len(ascii_hits) == 1 else text_hits
    if len(exact) > 1 or (len(hits) != 1 and (ascii_hits or text_hits)):
        return f"{brief(answer)} fits several moves; use the number"
    if len(hits) == 1:
        return hits[0]
    return f"{brief(answer)} is not one of the legal moves (? lists them)"


def _normal(text: str) -> str:
    return " ".join(text.lower().replace('"', " ").split())


def narrate_for(
    seat: int, before: BaseState[Any, Any, Any], move: BaseMove, after: BaseState[Any, Any, Any]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a human at ``seat`` is told of ``move``: the public lines, then the seat's private news."""
    return before.describe(move, after), after.view(seat).news(before.view(seat))


def play_in_terminal(
    game: BaseGame[Any, Any],
    seat: int,
    opponents: Sequence[Any],
    seed: int,
    ask: Ask,
    out: TextIO,
    moves: list[BaseMove] | None = None,
    auto: bool = False,
    style: Style = PLAIN,
) -> Record:
    """Play ``seat`` against ``opponents`` (one bot per other seat, in seat order).

    The human sees only the seat's view, what happened since its last
    decision (public events, and what it alone learned, such as the cards it
    drew), and its legal moves; with ``auto``, a decision with one legal move
    is made for it.  Returns the record of the match.  Every move is also
    appended to ``moves``, so that a caller interrupted by Ctrl-C can still
    save the match so far.
    """
    bots = list(opponents)
    bots.insert(seat, None)
    state: BaseState[Any, Any, Any] = game.new_state(seed)
    moves = [] if moves is None else moves
    for line in state.opening():
        out.write(f"  {line}\n")
    while not state.is_terminal:
        current = state.current_player
        assert current is not None
        legal = state.legal_moves()
        if current == seat:
            view = state.view(seat)
            if auto and len(legal) == 1:
                move = legal[0]
                out.write(f"  {style.news(f'you {move} (your only move)')}\n")
            else:
                out.write("\n" + style.table(view.render()) + "\n")
                move = choose_in_terminal(legal, ask, out, view, style)
        else:
            move = bots[current].choose(state.view(current), legal)
        after = state.apply(move)
        public, private = narrate_for(seat, state, move, after)
        for line in public:
            out.write(f"  {line}\n")
        for line in private:
            out.write(f"  {style.news(line)}\n")
        moves.append(move)
        state = after
    outcome = state.outcome
    assert outcome is not None
    result = "you win" if seat in outcome.winners else "you lose"
    scores = ", ".join(f"seat {s} {score:g}" for s, score in enumerate(outcome.scores))
    out.write("\n" + style.bold(f"{result}: {outcome}") + f"\nfinal scores: {scores}\n")
    return Record(game, seed, tuple(moves))


def load_record(path: str) -> Record | RedactedRecord:
    """A record or a redacted record from a JSON file; SerializationError says what is wrong."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise SerializationError(f"cannot read {path}: {exc.strerror}") from None
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, a number of 5,000 digits, too deep
        raise SerializationError(f"{path} is not JSON: {exc}") from None
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "record":
        return Record.from_dict(data)
    if kind == "redacted-record":
        return RedactedRecord.from_dict(data)
    raise SerializationError(f"{path} holds no match record (its kind is {kind!r})")


#: The prompt between steps of ``replay --step``.
STEP_PROMPT = "[Enter] next step, q then Enter quits, Ctrl-D ends: "


def show_record(record: Record | RedactedRecord, seat: int | None, ask: Ask | None, out: TextIO) -> None:
    """Step through a match: as an omniscient spectator, or as ``seat`` saw it.

    With ``ask``, waits for Enter between steps; "q" stops.  End of input
    (``EOFError``) and Ctrl-C reach the caller.
    """
    if isinstance(record, Record) and seat is not None:
        record = record.redacted(seat)
    if isinstance(record, RedactedRecord):
        out.write(f"{record.game}, as seat {record.seat} saw it\n")
        for step, view in enumerate(record.views):
            out.write(f"\n-- step {step}\n{view.render()}\n")
            if step < len(record.movers):
                own = record.own_moves[step]
                mover = record.movers[step]
                out.write(f"seat {mover} moves" + (f": {own}" if own is not None else "") + "\n")
                for line in record.views[step + 1].news(view):
                    out.write(f"  {line}\n")
                if ask is not None and ask(STEP_PROMPT).strip().lower() == "q":
                    return
        return
    out.write(f"{record.game}, seed {record.seed}\n")
    states = list(record.replay())
    for line in states[0].opening():
        out.write(f"  {line}\n")
    for step, move in enumerate(record.moves):
        for line in states[step].describe(move, states[step + 1]):
            out.write(f"  {line}\n")
        if ask is not None and ask(STEP_PROMPT).strip().lower() == "q":
            return
    outcome = states[-1].outcome
    out.write(f"{outcome if outcome is not None else 'the match was not finished'}\n")
