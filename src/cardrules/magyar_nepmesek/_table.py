"""A mutable working copy of a State, used for the length of one transition.

A transition starts from the state's own tuples, copies into a list only
what a rule changes (a seat's hand, its Villages, its laid cards, one
seat's knowledge), and freezes the result into a new State that shares
everything else with the old one, which is never touched.  The table also
keeps what each seat knows about the others' hands
(``known[observer][owner]``, a multiset that is always part of the owner's
real hand), so that views and samples respect it.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from .._fast import fast_new
from .._random import Rng, resume
from ._cards import CardTable
from ._deck import Category
from ._events import Event, EventKind
from ._melds import Meld, group_adds, purple_meld
from ._pending import Pending
from ._records import Board, Tableau

if TYPE_CHECKING:
    from ._game import Game
    from ._state import State

__all__ = ["Table"]


_T = TypeVar("_T")

#: Per seat, a sequence: the state's own tuple of tuples, or once a transition changes one seat's
#: entry, a list of them in which the changed entries are lists (copy on write, at both levels).
Rows = Sequence[Sequence[_T]]


def _open(rows: Rows[_T], seat: int) -> tuple[list[Sequence[_T]], list[_T]]:
    """``rows`` as a list, and its entry for ``seat`` as a list in it, to be changed in place."""
    if type(rows) is not list:
        rows = list(rows)
    got = rows[seat]
    if type(got) is not list:
        got = rows[seat] = list(got)
    return rows, got


def _frozen(rows: Rows[_T]) -> tuple[tuple[_T, ...], ...]:
    """``rows`` as tuples again: the unchanged ones as they were (``tuple`` gives a tuple back), the
    changed ones rebuilt."""
    return rows if type(rows) is tuple else tuple(map(tuple, rows))


#: The positional constructor (``fast_new``) of the State class, made at the first transition
#: (``_state`` imports this module, so it cannot be made before): a transition freezes its result
#: with it.  One: ``fast_new`` builds exactly its class, and there is one State class.
_BUILD: list[Callable[..., State]] = []
_build_board = fast_new(Board)
_build_tableau = fast_new(Tableau)


class Table:
    """The lists of one State, open for change.

    ``hands``, ``villages``, ``melds`` and ``known`` are read as they are (``t.hands[seat]``) and
    changed through :meth:`open_hand`, :meth:`open_slots`, :meth:`open_melds` and
    :meth:`open_known`, which copy only the seat's entry that changes.  ``hands`` is a list from
    the start, as nearly every move changes a hand.  The rest of the state's :class:`Board` and
    :class:`Tableau` is read from ``board`` and ``tableau``.
    """

    __slots__ = (
        "_rng",
        "board",
        "cards",
        "discard",
        "draw",
        "events",
        "game",
        "hands",
        "known",
        "melds",
        "n",
        "outcome",
        "pending",
        "tableau",
        "turn",
        "villages",
    )

    def __init__(self, state: State) -> None:
        board = state.board
        tableau = state.tableau
        game: Game = tableau.game
        self.game = game
        if not _BUILD:
            _BUILD.append(fast_new(type(state)))
        #: The records: the state's own (``villages``, ``known`` and ``melds`` are kept apart, as they
        #: are opened for change, and go into them at :meth:`freeze`; :meth:`change_tableau` replaces
        #: the tableau).
        self.board = board
        self.tableau = tableau
        self.cards: CardTable = game.table
        self.n: int = game.players
        self._rng: Rng | None = None
        self.turn: int = state.turn
        self.pending: Pending | None = state.pending
        self.hands: list[Sequence[str]] = list(state.hands)
        self.villages: Rows[str | None] = board.villages
        self.draw: tuple[str, ...] = state.draw
        self.discard: tuple[str, ...] = state.discard
        self.melds: Rows[Meld] = tableau.melds
        self.known: Rows[tuple[str, ...]] = board.known
        self.events: tuple[Event, ...] = ()
        self.outcome = tableau.outcome

    def open_hand(self, seat: int) -> list[str]:
        """``seat``'s hand, to take cards from (cards come in by :meth:`receive`, which keeps it sorted)."""
        got = self.hands[seat]
        if type(got) is not list:
            got = self.hands[seat] = list(got)
        return got

    def receive(self, seat: int, card: str) -> None:
        """``card`` goes into ``seat``'s hand, in its sorted place."""
        insort(self.open_hand(seat), card)

    def open_slots(self, seat: int) -> list[str | None]:
        """``seat``'s Village slots, to change."""
        self.villages, got = _open(self.villages, seat)
        return got

    def open_melds(self, seat: int) -> list[Meld]:
        """The cards laid in front of ``seat``, to change."""
        self.melds, got = _open(self.melds, seat)
        return got

    def open_known(self, observer: int) -> list[tuple[str, ...]]:
        """What ``observer`` is sure each seat holds, to change."""
        self.known, got = _open(self.known, observer)
        return got

    @property
    def rng(self) -> Rng:
        """The match's random generator, built on first use (most transitions draw nothing)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = resume(self.board.rng)
        return rng

    def change_tableau(self, **changes: Any) -> None:
        """Change the seldom-changing open facts: ``final``, ``last_drawer``, ``skips``, ``village_cards``."""
        old = self.tableau
        self.tableau = attrs.evolve(old, **changes)
        object.__setattr__(self.tableau, "adds", old.adds)  # the same laid groups: keep the cache

    def freeze(self) -> State:
        """The new State (built positionally: this is the hot path of every move)."""
        board = self.board
        if self.villages is not board.villages or self.known is not board.known or self._rng is not None:
            board = _build_board(
                board.rng if self._rng is None else self._rng.state,
                _frozen(self.villages),
                _frozen(self.known),
            )
        tableau = self.tableau
        if self.melds is not tableau.melds or self.outcome is not tableau.outcome:
            tableau = self._frozen_tableau()
        return _BUILD[0](
            self.turn,
            self.pending,
            tuple(map(tuple, self.hands)),
            self.draw,
            self.discard,
            self.events,
            board,
            tableau,
        )

    def _frozen_tableau(self) -> Tableau:
        """The tableau with the changed laid cards or outcome."""
        old = self.tableau
        tableau = _build_tableau(
            old.game,
            old.village_cards,
            old.zones,
            _frozen(self.melds),
            old.skips,
            old.final,
            old.last_drawer,
            self.outcome,
        )
        if self.melds is old.melds:
            object.__setattr__(tableau, "adds", old.adds)  # the same laid groups: keep the cache
        return tableau

    def group_adds(self) -> tuple[frozenset[str], ...] | None:
        """Per seat, the kinds that may be added to its laid groups as they stand (``None``: no groups)."""
        tableau = self.tableau
        if self.melds is not tableau.melds:
            return group_adds(self.melds, self.cards)
        adds = tableau.adds
        return tableau.group_adds(self.cards) if adds == () else adds

    # -- knowledge ---------------------------------------------------------

    def reveal(self, owner: int, observers: Iterable[int]) -> None:
        """``observers`` see ``owner``'s hand."""
        shown = tuple(sorted(self.hands[owner]))
        for o in observers:
            if o != owner:
                self.open_known(o)[owner] = shown

    def forget(self, owner: int, n: int, keep: Iterable[int] = ()) -> None:
        """``owner`` lost ``n`` cards unseen: every observer not in ``keep`` is sure of fewer of each kind."""
        spared = set(keep)
        for o, rows in enumerate(self.known):
            if o == owner or o in spared or not rows[owner]:
                continue
            counts = Counter(rows[owner])
            self.open_known(o)[owner] = tuple(
                sorted(c for c, k in counts.items() for _ in range(max(0, k - n)))
            )

    def _public_remove(self, owner: int, card: str) -> None:
        for o, rows in enumerate(self.known):
            if card in rows[owner] and o != owner:  # most rows are empty: the cheaper test first
                self.unlearn(o, owner, card)

    def learn(self, observer: int, owner: int, card: str) -> None:
        """``observer`` now knows that ``owner`` holds one more ``card``."""
        self.open_known(observer)[owner] = tuple(sorted((*self.known[observer][owner], card)))

    def unlearn(self, observer: int, owner: int, card: str) -> None:
        """One ``card`` that ``observer`` knew of left ``owner``'s hand (nothing if it knew of none)."""
        row = self.known[observer][owner]
        if card in row:
            i = row.index(card)
            self.open_known(observer)[owner] = row[:i] + row[i + 1 :]

    # -- moving cards ------------------------------------------------------

    def take_own(self, seat: int, card: str) -> None:
        """``seat`` uses ``card`` openly: from its hand if it holds one, else from a Village (ruling 14)."""
        if card in self.hands[seat]:
            self.open_hand(seat).remove(card)
            self._public_remove(seat, card)
            return
        slots = self.open_slots(seat)
        slots[slots.index(card)] = None

    def lose(self, seat: int, card: str) -> None:
        """``card`` leaves ``seat``'s hand face up (discarded, laid, taken back by force)."""
        self.open_hand(seat).remove(card)
        self._public_remove(seat, card)

    def lay_purple(self, seat: int, at_end: bool = False) -> None:
        """Every purple card of ``seat``'s hand goes down in front of it (at the end, the Lazy Girl too)."""
        cards = self.cards
        include = cards.purple_at_end if at_end else cards.purple
        for card in sorted(filter(include.__contains__, self.hands[seat])):
            self.lose(seat, card)
            meld = cards.lone_purple.get(card)
            if meld is None:
                meld = cards.lone_purple[card] = purple_meld((card,), cards)
            self.open_melds(seat).append(meld)

    def draw_one(self, seat: int) -> str | None:
        """``seat`` draws the top card; a Midnight strikes at once and gives ``None``."""
        card = self.draw[-1]
        self.draw = self.draw[:-1]
        if not self.draw and self.tableau.final == 0:
            # "When a player draws the last card, the final round begins."
            self.change_tableau(final=1, last_drawer=seat)
            self.events += (Event(EventKind.LAST_CARD, seat),)
        if self.cards.category[card] is Category.MIDNIGHT:
            self.midnight(seat, card)
            return None
        self.receive(seat, card)
        return card

    def midnight(self, seat: int, card: str) -> None:
        """ "Every player shows the cards they hold, and every negative (purple) card must be laid down"."""
        self.discard += (card,)
        self.events += (Event(EventKind.MIDNIGHT, seat),)
        lanterns, lazy_girls = self.cards.lanterns, self.cards.lazy_girls
        everyone = range(self.n)
        for s in everyone:
            hand = self.open_hand(s)
            if not lanterns.isdisjoint(hand):
                lantern = next(c for c in hand if c in lanterns)
                # The Lantern's holder shows only the Lantern (ruling 29).
                for o in everyone:
                    if o != s and lantern not in self.known[o][s]:
                        self.learn(o, s, lantern)
                continue
            # Laid down first, then shown: the same knowledge as the other way round (every seat is
            # then sure of the rest of the hand), without unlearning each laid card seat by seat.
            self.lay_purple(s)
            self.reveal(s, everyone)
            if not lazy_girls.isdisjoint(hand):
                self.skip(s)

    def set_skip(self, seat: int, value: bool) -> None:
        """Set or clear ``seat``'s missed turn."""
        skips = self.tableau.skips
        self.change_tableau(skips=(*skips[:seat], value, *skips[seat + 1 :]))

    def skip(self, seat: int) -> None:
        """The Lazy Girl was shown: ``seat`` misses its next turn."""
        self.set_skip(seat, True)
        self.events += (Event(EventKind.LAZY_GIRL, seat),)
