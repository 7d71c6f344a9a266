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
from ._json import unstructure
from ._numerals import whole_number
from ._record import Record, RedactedRecord
from ._rulebook import card_name, explain_hand
from ._words import brief

__all__ = [
    "Colour",
    "Style",
    "choose_in_terminal",
    "explain_hand",
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
    state: BaseState[Any, Any, Any] | None = None,
) -> BaseMove:
    """Ask until the answer names one of ``legal``: its number, or its text ("play 7♠", "7s").

    ``help`` or ``?`` lists the moves again with a reminder of the decision's rule and a line on each
    card and Hero at hand (from ``view``); ``hint`` shows the expert's best moves with their reasons
    (:func:`cardrules.advise`).  A card of the hand that may not be played now gets the engine's reason
    (from ``state``), the words the web table gives.
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
            if found.endswith(_NOT_LEGAL) and state is not None:
                found = _refusal(answer, legal, state) or found
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
    if view is not None:
        for line in explain_hand(view):
            out.write(f"  {line}\n")
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
    return f"{brief(answer)}{_NOT_LEGAL}"


_NOT_LEGAL = " is not one of the legal moves (? lists them)"


def _refusal(answer: str, legal: Sequence[BaseMove], state: BaseState[Any, Any, Any]) -> str | None:
    """Why the card of the hand that ``answer`` names may not be played: the engine's own reason.

    The candidate is a legal move that carries a card, with that card in its place; the engine's
    :class:`IllegalMoveError` message says why it is refused.  ``None`` if the answer names no card of
    the hand.
    """
    seat = state.current_player
    if seat is None:
        return None
    view = state.view(seat)
    wanted = _normal(answer)
    cards = [
        card
        for card in dict.fromkeys(getattr(view, "hand", ()))
        if wanted in (_normal(card_name(view, card)), _normal(str(unstructure(card))))
    ]
    for card in cards:
        for move in legal:
            fields = attrs.fields_dict(type(move)) if attrs.has(type(move)) else {}
            if "card" in fields:
                changes: dict[str, object] = {"card": card}
            elif "cards" in fields and len(getattr(move, "cards", ())) == 1:
                changes = {"cards": (card,)}
            else:
                continue
            try:
                candidate = attrs.evolve(move, **changes)
            except (TypeError, ValueError):
                continue
            if candidate in legal:
                continue
            try:
                state.apply(candidate)
            except CardRulesError as exc:
                return str(exc).removeprefix(f"{state.game_name}: ")
        return f"{card_name(view, card)} cannot be played now: {view.hint()}"
    return None


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
    start: BaseState[Any, Any, Any] | None = None,
) -> Record | None:
    """Play ``seat`` against ``opponents`` (one bot per other seat, in seat order).

    The human sees only the seat's view, what happened since its last
    decision (public events, and what it alone learned, such as the cards it
    drew), and its legal moves; with ``auto``, a decision with one legal move
    is made for it.  Returns the record of the match.  Every move is also
    appended to ``moves``, so that a caller interrupted by Ctrl-C can still
    save the match so far.  With ``start`` (a position set up or read from
    its notation) the match is played on from there, and there is no record
    (a record replays from the seed): ``None`` is returned.
    """
    bots = list(opponents)
    bots.insert(seat, None)
    state: BaseState[Any, Any, Any] = game.new_state(seed) if start is None else start
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
                move = choose_in_terminal(legal, ask, out, view, style, state)
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
    return Record(game, seed, tuple(moves)) if start is None else None


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


def _show_as_seat(record: Record, seat: int, ask: Ask | None, out: TextIO) -> None:
    """A whole record as ``seat`` saw it: its view at each step, each decision's public events (every
    play named) and what the seat alone learned."""
    states = list(record.replay())
    out.write(f"{record.game}, seed {record.seed}, as seat {seat} saw it\n")
    for line in states[0].opening():
        out.write(f"  {line}\n")
    for step, state in enumerate(states):
        view = state.view(seat)
        out.write(f"\n-- step {step}\n{view.render()}\n")
        if ask is not None:
            out.write(f"view: {view.to_notation()}\n")
        if step == len(record.moves):
            break
        public, private = narrate_for(seat, state, record.moves[step], states[step + 1])
        for line in (*public, *private):
            out.write(f"  {line}\n")
        if ask is not None and ask(STEP_PROMPT).strip().lower() == "q":
            return


def _redacted_step(record: RedactedRecord, step: int) -> tuple[str, ...]:
    """What the seat was told of move ``step``: the table's public lines, then its own news.  A record
    without public lines (saved before they were kept) says who moved, and the move if it was the
    seat's own."""
    news = record.views[step + 1].news(record.views[step])
    if record.public:
        return (*record.public[step], *news)
    own = record.own_moves[step]
    return (f"seat {record.movers[step]} moves" + (f": {own}" if own is not None else ""), *news)


#: The prompt between steps of ``replay --step``.
STEP_PROMPT = "[Enter] next step, q then Enter quits, Ctrl-D ends: "


def show_record(record: Record | RedactedRecord, seat: int | None, ask: Ask | None, out: TextIO) -> None:
    """Step through a match: as an omniscient spectator, or as ``seat`` saw it.

    With ``ask``, waits for Enter between steps, each shown with its position's
    notation (the view's, as a seat) to paste into ``play --position`` or
    ``Game.from_notation``; "q" stops.  End of input (``EOFError``) and
    Ctrl-C reach the caller.
    """
    if isinstance(record, Record) and seat is not None:
        _show_as_seat(record, seat, ask, out)
        return
    if isinstance(record, RedactedRecord):
        out.write(f"{record.game}, as seat {record.seat} saw it\n")
        for step, view in enumerate(record.views):
            out.write(f"\n-- step {step}\n{view.render()}\n")
            if ask is not None:
                out.write(f"view: {view.to_notation()}\n")
            if step < len(record.movers):
                for line in _redacted_step(record, step):
                    out.write(f"  {line}\n")
                if ask is not None and ask(STEP_PROMPT).strip().lower() == "q":
                    return
        return
    out.write(f"{record.game}, seed {record.seed}\n")
    states = list(record.replay())
    for line in states[0].opening():
        out.write(f"  {line}\n")
    if ask is not None:
        out.write(f"position: {states[0].to_notation()}\n")
    for step, move in enumerate(record.moves):
        for line in states[step].describe(move, states[step + 1]):
            out.write(f"  {line}\n")
        if ask is not None:
            out.write(f"position: {states[step + 1].to_notation()}\n")
        if ask is not None and ask(STEP_PROMPT).strip().lower() == "q":
            return
    outcome = states[-1].outcome
    out.write(f"{outcome if outcome is not None else 'the match was not finished'}\n")
