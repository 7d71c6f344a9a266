"""Playing a match in a terminal against bots, and stepping through saved matches."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ._base import BaseGame, BaseMove, BaseState
from ._errors import SerializationError
from ._record import Record, RedactedRecord

__all__ = ["choose_in_terminal", "load_record", "play_in_terminal", "show_record"]

Ask = Callable[[str], str]


def choose_in_terminal(legal: Sequence[BaseMove], ask: Ask, out: TextIO) -> BaseMove:
    """Ask until the answer names one of ``legal``: its number, or its text ("play 7♠", "7s")."""
    for number, move in enumerate(legal, start=1):
        out.write(f"  {number:>2}. {move}\n")
    while True:
        answer = ask("your move (number or text): ").strip()
        found = _match(answer, legal)
        if isinstance(found, str):
            out.write(f"  {found}\n")
            continue
        return found


def _match(answer: str, legal: Sequence[BaseMove]) -> BaseMove | str:
    if not answer:
        return f"type a number from 1 to {len(legal)} or the move's text"
    if answer.isdigit():
        index = int(answer)
        if 1 <= index <= len(legal):
            return legal[index - 1]
        return f"{answer} is not a number from 1 to {len(legal)}"
    wanted = _normal(answer)
    exact = [m for m in legal if _normal(str(m)) == wanted or _normal(str(m)).endswith(" " + wanted)]
    if len(exact) == 1:
        return exact[0]
    ascii_hits = [m for m in legal if wanted in _normal(json.dumps(m.to_dict()["data"], ensure_ascii=False))]
    if len(exact) > 1 or len(ascii_hits) > 1:
        return f"{answer!r} fits several moves; use the number"
    if len(ascii_hits) == 1:
        return ascii_hits[0]
    return f"{answer!r} is not one of the legal moves"


def _normal(text: str) -> str:
    return " ".join(text.lower().replace('"', " ").split())


def play_in_terminal(
    game: BaseGame[Any, Any],
    seat: int,
    opponents: Sequence[Any],
    seed: int,
    ask: Ask,
    out: TextIO,
    moves: list[BaseMove] | None = None,
) -> Record:
    """Play ``seat`` against ``opponents`` (one bot per other seat, in seat order).

    The human sees only the seat's view, what the others did since its last
    decision, and its legal moves.  Returns the record of the match.  Every
    move is also appended to ``moves``, so that a caller interrupted by
    Ctrl-C can still save the match so far.
    """
    bots = list(opponents)
    bots.insert(seat, None)
    state: BaseState[Any, Any, Any] = game.new_state(seed)
    moves = [] if moves is None else moves
    news: list[str] = list(state.opening())
    while not state.is_terminal:
        current = state.current_player
        assert current is not None
        if current == seat:
            out.write("\n" + "\n".join(f"  {line}" for line in news) + "\n" if news else "\n")
            news = []
            out.write(state.view(seat).render() + "\n")
            move = choose_in_terminal(state.legal_moves(), ask, out)
        else:
            bot = bots[current]
            move = bot.choose(state.view(current), state.legal_moves())
        after = state.apply(move)
        news.extend(state.describe(move, after))
        moves.append(move)
        state = after
    out.write("\n" + "\n".join(f"  {line}" for line in news) + "\n")
    outcome = state.outcome
    assert outcome is not None
    result = "you win" if seat in outcome.winners else "you lose"
    out.write(f"{result}: {outcome}; scores {', '.join(f'{s:g}' for s in outcome.scores)}\n")
    return Record(game, seed, tuple(moves))


def load_record(path: str) -> Record | RedactedRecord:
    """A record or a redacted record from a JSON file; SerializationError says what is wrong."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise SerializationError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise SerializationError(f"{path} is not JSON: {exc}") from None
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "record":
        return Record.from_dict(data)
    if kind == "redacted-record":
        return RedactedRecord.from_dict(data)
    raise SerializationError(f"{path} holds no match record (its kind is {kind!r})")


def show_record(record: Record | RedactedRecord, seat: int | None, ask: Ask | None, out: TextIO) -> None:
    """Step through a match: as an omniscient spectator, or as ``seat`` saw it."""
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
                if ask is not None and ask("[enter] next, q quits: ").strip().lower() == "q":
                    return
        return
    out.write(f"{record.game}, seed {record.seed}\n")
    states = list(record.replay())
    for line in states[0].opening():
        out.write(f"{line}\n")
    for step, move in enumerate(record.moves):
        for line in states[step].describe(move, states[step + 1]):
            out.write(f"  {line}\n")
        if ask is not None and ask("").strip().lower() == "q":
            return
    outcome = states[-1].outcome
    out.write(f"{outcome if outcome is not None else 'the match was not finished'}\n")
