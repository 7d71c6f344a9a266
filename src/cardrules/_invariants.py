"""Checks that a value read from outside is one the rules can reach.

``from_dict`` builds states and views from whatever a front end or a bot
hands in; the engine's hot paths trust the invariants the rules keep (a
card in one place only, a sorted hand, a seat that can act).  Each game's
``_validate`` checks its own invariants with the helpers here, which word
the refusal the same way for every game: the value, the field, what is
wrong.  Two checks then close every gap the per-game lists might leave,
both run once per value and never on ``apply``:

* :func:`check_playable`: a state has legal moves exactly when it is not
  over, and every seat's view of it can be made;
* :func:`check_view`: a view is what its seat sees of some state, the one
  ``sample_state`` builds, which keeps every invariant of a state read from
  JSON; and it renders.

A value that breaks an assumption of the engine in a way these checks find
(any exception) is refused with a :class:`SerializationError` saying so,
rather than failing later, far from its cause.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from ._errors import CardRulesError, SerializationError
from ._words import brief

if TYPE_CHECKING:
    from ._base import BaseState, BaseView

__all__ = [
    "RNG_MAX",
    "check_accounted",
    "check_conserved",
    "check_each_sorted",
    "check_hand_sizes",
    "check_len",
    "check_per_seat",
    "check_playable",
    "check_range",
    "check_rng",
    "check_seat",
    "check_sorted",
    "check_subset",
    "check_view",
    "refuse",
    "sampled_view_checked",
]

#: The largest state of the random generator a state carries (:class:`~cardrules.Rng`: 64 bits).
RNG_MAX = 2**64 - 1
#: The longest text of a value quoted in a refusal.
_QUOTE = 60


def quote(value: object) -> str:
    """``repr(value)``, cut short: a refusal never spends long on writing what it refuses."""
    return brief(value, _QUOTE)


def refuse(what: str, field: str, problem: str) -> NoReturn:
    """Raise the refusal of ``what`` (``"malilla state"``) for its ``field``."""
    raise SerializationError(f"{what}: {field} {problem}")


def check_len(what: str, field: str, items: Sequence[object], size: int) -> None:
    """``items`` has exactly ``size`` entries (one per seat, say)."""
    if len(items) != size:
        refuse(what, field, f"has length {len(items)}; it must be {size}")


def check_per_seat(what: str, players: int, fields: Iterable[tuple[str, Sequence[object]]]) -> None:
    """Each ``(field, items)`` of ``fields`` has one entry per seat."""
    for field, items in fields:
        check_len(what, field, items, players)


def check_range(what: str, field: str, value: int, low: int, high: int) -> None:
    """``low <= value <= high``."""
    if not low <= value <= high:
        refuse(what, field, f"must be from {low} to {high}; got {quote(value)}")


def check_rng(what: str, rng: int) -> None:
    """A state's ``rng`` is a state of the 64-bit generator."""
    check_range(what, "rng", rng, 0, RNG_MAX)


def check_seat(what: str, field: str, seat: int | None, players: int, *, optional: bool = False) -> None:
    """``seat`` names a seat (or is ``None``, where that is allowed)."""
    if seat is None:
        if not optional:
            refuse(what, field, "must name a seat")
        return
    if not 0 <= seat < players:
        refuse(what, field, f"must be a seat from 0 to {players - 1}; got {quote(seat)}")


def check_sorted(what: str, field: str, cards: Sequence[Any]) -> None:
    """``cards`` are in the order the engine keeps them (sorted)."""
    if any(b < a for a, b in pairwise(cards)):
        refuse(what, field, "is not in the order the engine keeps (sorted)")


def check_each_sorted(what: str, field: str, rows: Sequence[Sequence[Any]]) -> None:
    """Each row of ``rows`` (a hand per seat, say) is sorted; a refusal names the row as ``field[i]``."""
    for i, row in enumerate(rows):
        check_sorted(what, f"{field}[{i}]", row)


def check_hand_sizes(
    what: str,
    seat: int,
    hand: Sequence[object],
    hand_sizes: Sequence[int],
    pile: tuple[str, int] | None = None,
) -> None:
    """A view's ``hand_sizes`` count the seat's own ``hand`` right, and no count (nor the ``pile``'s,
    given as its field name and size) is negative."""
    if hand_sizes[seat] != len(hand):
        refuse(what, "hand_sizes", f"give seat {seat} {hand_sizes[seat]} cards; its hand holds {len(hand)}")
    if any(size < 0 for size in hand_sizes) or (pile is not None and pile[1] < 0):
        refuse(what, "hand_sizes", f"or {pile[0]} hold a negative count" if pile else "hold a negative count")


def check_accounted(what: str, hidden: tuple[str, int], seen: int, total: int) -> None:
    """A view accounts for every card of the match: the ``seen`` ones and those it knows only by count,
    ``hidden`` (the fields that count them, as ``hand_sizes`` and the draw pile's field, and how many)."""
    if seen + hidden[1] != total:
        refuse(
            what, "hand_sizes", f"and {hidden[0]} leave {seen + hidden[1]} cards in the match, not {total}"
        )


def check_conserved(what: str, places: str, found: Iterable[Hashable], deck: Iterable[Hashable]) -> None:
    """Every card of ``deck`` is in exactly one of the ``places``, and nothing else is."""
    have, want = Counter(found), Counter(deck)
    if have == want:
        return
    extra = sorted(map(str, (have - want).elements()))
    missing = sorted(map(str, (want - have).elements()))
    parts = ([f"{len(extra)} too many ({_few(extra)})"] if extra else []) + (
        [f"{len(missing)} missing ({_few(missing)})"] if missing else []
    )
    refuse(what, places, f"do not hold the game's cards once each: {'; '.join(parts)}")


def check_subset(what: str, field: str, cards: Iterable[Hashable], pool: Iterable[Hashable]) -> None:
    """Each card of ``cards`` is one of ``pool``'s, counted with multiplicity."""
    extra = Counter(cards) - Counter(pool)
    if extra:
        refuse(what, field, f"holds cards that cannot be there: {_few(sorted(map(str, extra.elements())))}")


def _few(names: list[str]) -> str:
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def check_playable(state: BaseState[Any, Any, Any]) -> None:
    """A state has legal moves exactly when it is not over, and every seat's view of it can be made."""
    what = f"{state.game_name} state"
    try:
        terminal = state.is_terminal
        moves = state.legal_moves()
        views = [state.view(seat) for seat in range(state.game.players)]
    except CardRulesError as exc:
        refuse(what, "as a whole", f"is not a position the rules reach: {exc}")
    except Exception as exc:  # any failure of the engine on it means the same
        refuse(what, "as a whole", f"is not a position the rules reach ({type(exc).__name__}: {exc})")
    if terminal != (not moves):
        seat = state.current_player
        refuse(what, "as a whole", f"is not a position the rules reach: seat {seat} has no legal move")
    del views


def check_view(view: BaseView[Any]) -> None:
    """A view is what its seat sees of the state ``sample_state`` builds from it, a state ``from_dict``
    would accept, and it renders."""
    what = f"{view.game_name} view"
    try:
        state = view.game._sampler(view).sample(0)
        again = state.view(view.seat)
        view.render()
        state._validate()  # the sample keeps every invariant of its game and plays on
    except CardRulesError as exc:
        refuse(what, "as a whole", f"is not what a seat can see: {exc}")
    except Exception as exc:  # any failure of the engine on it means the same
        refuse(what, "as a whole", f"is not what a seat can see ({type(exc).__name__}: {exc})")
    if again != view:
        refuse(what, _differing(view, again), "does not agree with the rest of the view")
    _checked(view)


def sampled_view_checked(view: BaseView[Any]) -> bool:
    """Whether ``view`` (this very object) passed :func:`check_view` already: ``sample_state``
    checks a view once, and a search that samples the same view thousands of times pays nothing."""
    last = _LAST[0]
    return last is not None and last() is view


def _checked(view: BaseView[Any]) -> None:
    _LAST[0] = weakref.ref(view)


#: The last view checked (weakly held: an object that is gone cannot come back with its id).
_LAST: list[weakref.ref[BaseView[Any]] | None] = [None]


def _differing(view: Any, other: Any) -> str:
    """The first field in which two values of one attrs class differ."""
    for field in attrs.fields(type(view)):
        if field.init and getattr(view, field.name) != getattr(other, field.name):
            return str(field.name)
    return "as a whole"
