"""Magyar népmesék's actions and views as numbers.

The kinds in play (``K`` of them, sorted by id) number the cards.  The
action space is factored by kind of decision, each range fixed by the
configuration's deck and options:

- draw, pass, the bonus draw, Shield and the Magic Mirror: one index each;
- lay down: every combination that could ever be laid from this deck
  (``lay_options`` over the whole deck: a lay from any hand is one of them),
  numbered in that order, a combination being its cards and the values
  they stand for;
- discard ``n`` identical cards: kind x ``n``; discard a negative row
  (advanced): every negative row of the whole deck, in order;
- discard cards matching the top of the pile: every choice of copies among
  the kinds that share a picture;
- add to one's own group: the group's number (its kind follows from it);
- play an action card: per playable kind, its own sub-range: one index, a
  target (seats counted from the mover, 1 .. players - 1), a count, a target
  x count, or a laid combination (x a card position, for Take back a card);
- put a card on a Village: kind; exchange a Village card: Village x kind;
- give for Pass 2 cards: nothing, one kind, or a pair of kinds.

Laid combinations are bounded by the cards of the deck (each holds one at
least), positions by the longest combination the deck can build.

Observation (seats counted from the viewer): the hand and the cards on the
own Villages, every seat's Villages, hand size, laid cards and score, the
draw pile's size, thirds and Midnights still hidden, the discard pile and its
top, the cards the viewer knows each seat holds, the Lazy Girl skips, the
final round, the last drawer, whose turn and the decision pending, with an
action card waiting for reactions (its card, target, count and the seats
still to answer, shielded and reflected).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from .._encoding import Encoding, Ranges
from ._deck import Category, Scope
from ._melds import lay_options, negative_rows
from ._moves import (
    AddToGroup,
    BonusDraw,
    Discard,
    Draw,
    Give,
    Lay,
    MatchDiscard,
    Mirror,
    Move,
    Pass,
    Play,
    Shield,
    Store,
    Swap,
)
from ._pending import BonusChoice, FollowUp, Giving, Main, React, Refill, Storing, Window

if TYPE_CHECKING:
    from ._game import Game
    from ._view import View

__all__ = ["MagyarEncoding"]

_PENDING = (Main, BonusChoice, Storing, Refill, FollowUp, React, Giving, Window)
#: Hand sizes are scaled by the hand limit.
_LIMIT = 8.0


def _lay_key(cards: tuple[str, ...], values: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """A combination as the multiset of (card, value it stands for): the order of laying is no part of it."""
    return tuple(sorted(zip(cards, values, strict=True)))


class MagyarEncoding(Encoding[Move, "View"]):
    """Magyar népmesék's action space and observation for one configuration."""

    __slots__ = (
        "_copies",
        "_give",
        "_kind",
        "_kinds",
        "_lays",
        "_matches",
        "_melds",
        "_most_per_card",
        "_players",
        "_plays",
        "_positions",
        "_rows",
        "_share",
        "_total",
        "_villages",
    )

    def __init__(self, game: Game) -> None:
        table = game.table
        n = self._players = game.players
        kinds = self._kinds = tuple(sorted(table.kinds))
        k = len(kinds)
        self._kind = {card: i for i, card in enumerate(kinds)}
        self._share = {c: 1.0 / table.kinds[c].count for c in kinds}
        self._copies = max(kind.count for kind in table.kinds.values())
        lays = lay_options([c for c in table.cards if c in table.lay_role], table)
        self._lays = {_lay_key(cards, values): i for i, (cards, values) in enumerate(lays)}
        rows = negative_rows(table.cards, table) if table.advanced else []
        self._rows = {row: i for i, row in enumerate(rows)}
        self._matches = self._match_table(game)
        self._melds = len(table.cards)
        longest_group = max(
            (kind.count for kind in table.kinds.values() if kind.category is Category.POSITIVE), default=0
        )
        duals = sum(kind.count for kind in table.kinds.values() if kind.category is Category.DUAL)
        self._positions = max(2, max((len(c) for c, _ in lays), default=0), longest_group + duals + 1)
        self._villages = sum(kind.count for kind in table.kinds.values() if kind.category is Category.VILLAGE)
        plays: dict[str, tuple[int, str, int]] = {}  # card -> (start within the play range, shape, amount)
        at = 0
        for card in sorted(table.playable):
            shape, size = self._play_shape(game, card)
            plays[card] = (at, shape, table.amount(card))
            at += size
        self._plays = plays
        self._give = 1 + k + k * (k + 1) // 2
        actions = [
            ("draw", 1),
            ("pass", 1),
            ("bonus draw", 1),
            ("use Shield", 1),
            ("use Magic Mirror", 1),
            ("lay down (combination)", len(lays)),
            ("discard identical cards (kind, copies - 1)", k * self._copies),
            ("discard a negative row (row)", len(rows)),
            ("discard matching cards (choice)", len(self._matches)),
            ("add to own group (combination)", self._melds),
            ("play an action card (kind, then its own factors)", at),
            ("put a card on a Village (kind)", k if self._villages else 0),
            ("exchange a Village card (Village, kind)", self._villages * k),
            ("give for Pass 2 cards (none, kind, or pair of kinds)", self._give),
        ]
        observation = [
            ("hand / copies (kind)", k),
            ("own Village cards (Village, kind)", self._villages * k),
            ("Villages filled / held (by seat: filled, held)", n * 2),
            ("cards in hand / 8 (by seat)", n),
            ("laid cards / copies (by seat, kind)", n * k),
            ("score / 50 (by seat)", n),
            ("known held / copies (by seat, kind)", n * k),
            ("discard pile / copies (kind)", k),
            ("discard top (kind)", k),
            ("draw pile size / deck", 1),
            ("thirds of the draw pile / deck", 3),
            ("Midnight still hidden (by third)", 3),
            ("skips next turn (by seat)", n),
            ("final round (0, 1, 2)", 3),
            ("last drawer (by seat)", n),
            ("turn (by seat)", n),
            ("to act (by seat)", n),
            ("pending decision (Main, BonusChoice, Storing, Refill, FollowUp, React, Giving, Window)", 8),
            ("action awaiting reactions: card (kind)", k),
            ("action awaiting reactions: its player and target (by seat)", 2 * n),
            ("action awaiting reactions: count / 4", 1),
            ("reactions: still to answer, shielded, reflected, not asked (by seat)", 4 * n),
            ("reactions: the player's own turn", 1),
            ("window: still to be asked, not asked (by seat)", 2 * n),
            ("giving: receiver (by seat)", n),
            ("giving: up to / 2", 1),
            ("refill after an extra action", 1),
            ("match over", 1),
        ]
        super().__init__(Move, actions=actions, observation=observation)
        self._total = float(len(table.cards))
        # A laid card adds its value or what it stands for (1 to 5 in a row), and a row of five a bonus of 5.
        self._most_per_card = max(5, *(abs(v) for v in table.value.values() if v is not None)) + 1

    def ranges(self) -> Ranges:
        """A seat's score is at most every card of the deck laid at its most, plus or minus; a hand
        holds at most the deck."""
        most = self._total * self._most_per_card / 50
        return {
            "score / 50 (by seat)": (-most, most),
            "cards in hand / 8 (by seat)": (0.0, self._total / _LIMIT),
        }

    @staticmethod
    def _match_table(game: Game) -> dict[tuple[str, ...], int]:
        """Every non-empty choice of copies among kinds sharing a picture, as sorted card tuples."""
        table = game.table
        groups: dict[frozenset[str], None] = dict.fromkeys(table.matching[c] for c in sorted(table.kinds))
        choices: dict[tuple[str, ...], int] = {}
        for group in groups:
            kinds = sorted(group)
            for counts in product(*[range(table.kinds[c].count + 1) for c in kinds]):
                cards = tuple(c for c, m in zip(kinds, counts, strict=True) for _ in range(m))
                if cards and cards not in choices:
                    choices[cards] = len(choices)
        return choices

    def _play_shape(self, game: Game, card: str) -> tuple[str, int]:
        """How the plays of ``card`` are numbered: its shape and how many indices it takes."""
        table = game.table
        kind = table.category[card]
        others = game.players - 1
        everyone = table.scope(card) is Scope.ALL
        if kind in (Category.VILLAGE, Category.DRAW_CARDS):
            return "one", 1
        if kind in (Category.CRYSTAL_BALL, Category.LAY_PURPLE, Category.PASS_TWO):
            return ("one", 1) if everyone else ("target", others)
        if kind is Category.MAKE_DISCARD and everyone:
            return "count", table.amount(card)
        if kind is Category.MAKE_DISCARD or kind is Category.TAKE_TWO:
            return "target x count", others * table.amount(card)
        if kind is Category.TAKE_BACK:
            return "combination x position", self._melds * self._positions
        assert kind is Category.HUSSAR
        return "combination", self._melds

    def index(self, move: Move) -> int:
        offset = self.offset
        if isinstance(move, Lay):
            found = self._lays.get(_lay_key(move.cards, move.values))
            return -1 if found is None else offset("lay down (combination)") + found
        if isinstance(move, Draw):
            return offset("draw")
        if isinstance(move, Pass):
            return offset("pass")
        if isinstance(move, Discard):
            cards = move.cards
            if cards and all(c == cards[0] for c in cards):
                kind = self._kind.get(cards[0])
                if kind is None or len(cards) > self._copies:
                    return -1
                return (
                    offset("discard identical cards (kind, copies - 1)")
                    + kind * self._copies
                    + len(cards)
                    - 1
                )
            row = self._rows.get(cards)
            return -1 if row is None else offset("discard a negative row (row)") + row
        if isinstance(move, Play):
            return self._play_index(move)
        if isinstance(move, MatchDiscard):
            found = self._matches.get(tuple(sorted(move.cards)))
            return -1 if found is None else offset("discard matching cards (choice)") + found
        if isinstance(move, AddToGroup):
            if not 0 <= move.meld < self._melds or move.card not in self._kind:
                return -1
            return offset("add to own group (combination)") + move.meld
        if isinstance(move, BonusDraw):
            return offset("bonus draw")
        if isinstance(move, Shield):
            return offset("use Shield")
        if isinstance(move, Mirror):
            return offset("use Magic Mirror")
        if isinstance(move, Store):
            kind = self._kind.get(move.card)
            return -1 if kind is None else offset("put a card on a Village (kind)") + kind
        if isinstance(move, Swap):
            kind = self._kind.get(move.card)
            if kind is None or not 0 <= move.village < self._villages:
                return -1
            return offset("exchange a Village card (Village, kind)") + move.village * len(self._kinds) + kind
        if isinstance(move, Give):
            return self._give_index(move.cards)
        return -1

    def _play_index(self, move: Play) -> int:
        found = self._plays.get(move.card)
        if found is None:
            return -1
        start, shape, amount = found
        at = self.offset("play an action card (kind, then its own factors)") + start
        n = self._players
        target = -1 if move.target is None or not 0 <= move.target < n else (move.target - move.seat) % n - 1
        if shape == "one":
            return at if move.target is None and move.count == 0 and move.meld < 0 else -1
        if shape == "target":
            return at + target if target >= 0 and move.count == 0 else -1
        if shape in ("count", "target x count") and not 1 <= move.count <= amount:
            return -1
        if shape == "count":
            return at + move.count - 1 if move.target is None else -1
        if shape == "target x count":
            return at + target * amount + move.count - 1 if target >= 0 else -1
        if not 0 <= move.meld < self._melds or move.target is not None or move.count != 0:
            return -1
        if shape == "combination":
            return at + move.meld if move.position < 0 else -1
        if not 0 <= move.position < self._positions:
            return -1
        return at + move.meld * self._positions + move.position

    def _give_index(self, cards: tuple[str, ...]) -> int:
        at = self.offset("give for Pass 2 cards (none, kind, or pair of kinds)")
        if not cards:
            return at
        kinds = sorted(self._kind.get(c, -1) for c in cards)
        if kinds[0] < 0 or len(kinds) > 2:
            return -1
        k = len(self._kinds)
        if len(kinds) == 1:
            return at + 1 + kinds[0]
        i, j = kinds
        # Pairs i <= j, row by row: row i starts after the rows 0 .. i-1 of k, k-1, ... entries.
        return at + 1 + k + i * k - i * (i - 1) // 2 + (j - i)

    def fill(self, view: View, out: list[float]) -> None:
        kind_of = self._kind
        copies = self._share
        n = self._players
        k = len(self._kinds)
        me = view.seat
        moment = view.moment
        tableau = view.tableau
        offset = self.offset
        for card in view.hand:
            out[kind_of[card]] += copies[card]
        at = offset("own Village cards (Village, kind)")
        for v, stored in enumerate(view.own_villages):
            if stored is not None:
                out[at + v * k + kind_of[stored]] = 1.0
        villages = offset("Villages filled / held (by seat: filled, held)")
        sizes = offset("cards in hand / 8 (by seat)")
        laid = offset("laid cards / copies (by seat, kind)")
        scores = offset("score / 50 (by seat)")
        known = offset("known held / copies (by seat, kind)")
        for seat in range(n):
            rel = (seat - me) % n
            slots = moment.villages[seat]
            if slots:
                out[villages + 2 * rel] = sum(slots) / self._villages
                out[villages + 2 * rel + 1] = len(slots) / self._villages
            out[sizes + rel] = moment.hand_sizes[seat] / _LIMIT
            score = 0
            for meld in tableau.melds[seat]:
                score += meld.score
                for card in meld.cards:
                    out[laid + rel * k + kind_of[card]] += copies[card]
            out[scores + rel] = score / 50
            for card in view.known[seat]:
                out[known + rel * k + kind_of[card]] += copies[card]
        at = offset("discard pile / copies (kind)")
        for card in moment.discard:
            out[at + kind_of[card]] += copies[card]
        if moment.discard:
            out[offset("discard top (kind)") + kind_of[moment.discard[-1]]] = 1.0
        out[offset("draw pile size / deck")] = moment.draw_size / self._total
        at = offset("thirds of the draw pile / deck")
        for i in range(3):
            out[at + i] = tableau.zones[i] / self._total
        at = offset("Midnight still hidden (by third)")
        for i in range(3):
            if moment.midnights_left[i]:
                out[at + i] = 1.0
        at = offset("skips next turn (by seat)")
        for seat, skip in enumerate(tableau.skips):
            if skip:
                out[at + (seat - me) % n] = 1.0
        out[offset("final round (0, 1, 2)") + tableau.final] = 1.0
        if tableau.last_drawer is not None:
            out[offset("last drawer (by seat)") + (tableau.last_drawer - me) % n] = 1.0
        out[offset("turn (by seat)") + (moment.turn - me) % n] = 1.0
        pending = moment.pending
        if pending is None:
            out[offset("match over")] = 1.0
            return
        out[offset("to act (by seat)") + (pending.seat - me) % n] = 1.0
        out[
            offset("pending decision (Main, BonusChoice, Storing, Refill, FollowUp, React, Giving, Window)")
            + _PENDING.index(type(pending))
        ] = 1.0
        if isinstance(pending, React):
            action = pending.action
            out[offset("action awaiting reactions: card (kind)") + kind_of[action.card]] = 1.0
            at = offset("action awaiting reactions: its player and target (by seat)")
            out[at + (action.seat - me) % n] = 1.0
            if action.target is not None:
                out[at + n + (action.target - me) % n] = 1.0
            out[offset("action awaiting reactions: count / 4")] = action.count / 4
            at = offset("reactions: still to answer, shielded, reflected, not asked (by seat)")
            for group, seats in enumerate(
                (pending.queue, pending.shielded, pending.reflected, pending.unable)
            ):
                for seat in seats:
                    out[at + group * n + (seat - me) % n] = 1.0
            if pending.actor_turn:
                out[offset("reactions: the player's own turn")] = 1.0
        elif isinstance(pending, Window):
            at = offset("window: still to be asked, not asked (by seat)")
            for group, seats in enumerate((pending.queue, pending.unable)):
                for seat in seats:
                    out[at + group * n + (seat - me) % n] = 1.0
        elif isinstance(pending, Giving):
            out[offset("giving: receiver (by seat)") + (pending.receiver - me) % n] = 1.0
            out[offset("giving: up to / 2")] = pending.limit / 2
        elif isinstance(pending, Refill) and pending.extra:
            out[offset("refill after an extra action")] = 1.0
