"""Mala Suerte's actions and views as numbers.

Actions, one range per kind of decision: a card (by ``Card`` index, 0-20) to
set aside at the mulligan, to play or to return to the deck; keep, draw and
clean; a colour to name; a colour to take from a seat (coloured backs only);
and Broken Mirror's swap, factored as seat x card given (or none) x colour
taken (or, with plain backs, a blind pick).  A seat in an action is counted
from the mover, so "+1" is the next seat by number whichever way the token
runs.

Observation (seats counted from the viewer): the hand and the cards set
aside to return, the step and the seat to act, who is still in, the token's
direction, Evil Eye's curse, a colour stolen by Crows, every hand's size
(and colours, with coloured backs), every pile (its cards and its top
three), the discard and its top, the deck's size and the colours seen on its
top, the voids and one-colour hands play has shown, and what the viewer
learned privately: cards it knows a seat holds, cards at the top of the deck
and cards somewhere in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._encoding import Encoding, Ranges
from ._cards import COLOURS, Card
from ._moves import Clean, Draw, Keep, Move, Mulligan, NameColour, Play, Return, Swap, Take
from ._pending import Step

if TYPE_CHECKING:
    from ._game import Game
    from ._view import View

__all__ = ["MalaSuerteEncoding"]

_CARDS = 21
_COLOURS = 3
_STEPS = tuple(Step)
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
#: How many cards from the top of a pile, and of the deck, are encoded one by one.
_TOP = 3
#: A hand holds six cards after the deal; sizes are scaled by that.
_HAND = 6.0


class MalaSuerteEncoding(Encoding[Move, "View"]):
    """Mala Suerte's action space and observation for one table size and kind of backs."""

    __slots__ = ("_players", "_swap_at", "_take_at", "_takes")

    def __init__(self, game: Game) -> None:
        n = game.players
        self._players = n
        # Colours a swap can take: the one chosen with coloured backs, a blind pick with plain.
        self._takes = _COLOURS if game.coloured_backs else 1
        actions = [
            ("set aside card to return (Card)", _CARDS),
            ("keep", 1),
            ("draw", 1),
            ("clean", 1),
            ("play card (Card)", _CARDS),
            ("name colour (colour)", _COLOURS),
            ("return card to the deck (Card)", _CARDS),
        ]
        if game.coloured_backs:
            actions.append(
                ("take a colour from a seat (seat from the mover 1..n-1, colour)", (n - 1) * _COLOURS)
            )
        taken = "colour taken" if game.coloured_backs else "a blind pick"
        swap = f"Broken Mirror swap (seat from the mover 1..n-1, card given or 21 for none, {taken})"
        actions.append((swap, (n - 1) * (_CARDS + 1) * self._takes))
        super().__init__(
            Move,
            actions=actions,
            observation=[
                ("hand / 2 (Card)", _CARDS),
                ("set aside to return / 2 (Card)", _CARDS),
                ("step (Step)", len(_STEPS)),
                ("to act (by seat)", n),
                ("still in (by seat)", n),
                ("token runs clockwise", 1),
                ("Evil Eye's curse (by seat)", n),
                ("Evil Eye's colour", _COLOURS),
                ("colour stolen by Crows", _COLOURS),
                ("cards in hand / 6 (by seat)", n),
                ("hand colours / 6 (by seat, colour)", n * _COLOURS),
                ("pile / 2 (by seat, Card)", n * _CARDS),
                ("pile top three (by seat, depth, Card)", n * _TOP * _CARDS),
                ("discard / 2 (Card)", _CARDS),
                ("discard top (Card)", _CARDS),
                ("deck size / 42", 1),
                ("deck top colours (by depth, colour)", _TOP * _COLOURS),
                ("shown void (by seat, colour)", n * _COLOURS),
                ("shown one colour (by seat: flag, colour if known)", n * (1 + _COLOURS)),
                ("known held / 2 (by seat, Card)", n * _CARDS),
                ("known deck top (by depth, Card)", _TOP * _CARDS),
                ("known in the deck / 2 (Card)", _CARDS),
                ("match over", 1),
            ],
        )
        self._take_at = self.offset(actions[-2][0]) if game.coloured_backs else -1
        self._swap_at = self.offset(swap)

    def ranges(self) -> Ranges:
        """A hand holds at most the whole deck: two copies of each of the 21 cards."""
        most = 2 * _CARDS / _HAND
        return {"cards in hand / 6 (by seat)": (0.0, most), "hand colours / 6 (by seat, colour)": (0.0, most)}

    def index(self, move: Move) -> int:
        offset = self.offset
        if isinstance(move, Play):
            return offset("play card (Card)") + move.card
        if isinstance(move, Draw):
            return offset("draw")
        if isinstance(move, Clean):
            return offset("clean")
        if isinstance(move, Mulligan):
            return offset("set aside card to return (Card)") + move.card
        if isinstance(move, Keep):
            return offset("keep")
        if isinstance(move, NameColour):
            return offset("name colour (colour)") + _COLOUR_INDEX[move.colour]
        if isinstance(move, Return):
            return offset("return card to the deck (Card)") + move.card
        n = self._players
        if isinstance(move, Take):
            if self._takes == 1 or not 0 <= move.source < n or move.source == move.seat:
                return -1
            seat = (move.source - move.seat) % n - 1
            return self._take_at + seat * _COLOURS + _COLOUR_INDEX[move.colour]
        if isinstance(move, Swap):
            if (
                not 0 <= move.target < n
                or move.target == move.seat
                or (move.take is None) != (self._takes == 1)
            ):
                return -1
            seat = (move.target - move.seat) % n - 1
            give = _CARDS if move.give is None else int(move.give)
            take = 0 if move.take is None else _COLOUR_INDEX[move.take]
            return self._swap_at + (seat * (_CARDS + 1) + give) * self._takes + take
        return -1

    def fill(self, view: View, out: list[float]) -> None:
        n = self._players
        me = view.seat
        offset = self.offset
        _counts(out, 0, view.hand)
        if view.returning:
            _counts(out, offset("set aside to return / 2 (Card)"), view.returning)
        out[offset("step (Step)") + _STEPS.index(view.step)] = 1.0
        if view.current_player is not None:
            out[offset("to act (by seat)") + (view.current_player - me) % n] = 1.0
        at = offset("still in (by seat)")
        for seat, alive in enumerate(view.alive):
            if alive:
                out[at + (seat - me) % n] = 1.0
        if view.clockwise:
            out[offset("token runs clockwise")] = 1.0
        if view.curse is not None:
            out[offset("Evil Eye's curse (by seat)") + (view.curse.seat - me) % n] = 1.0
            out[offset("Evil Eye's colour") + _COLOUR_INDEX[view.curse.colour]] = 1.0
        if view.stolen is not None:
            out[offset("colour stolen by Crows") + _COLOUR_INDEX[view.stolen]] = 1.0
        sizes = offset("cards in hand / 6 (by seat)")
        colours = offset("hand colours / 6 (by seat, colour)")
        piles = offset("pile / 2 (by seat, Card)")
        tops = offset("pile top three (by seat, depth, Card)")
        for seat in range(n):
            rel = (seat - me) % n
            out[sizes + rel] = view.hand_sizes[seat] / _HAND
            if view.hand_colours:
                at = colours + rel * _COLOURS
                for i, count in enumerate(view.hand_colours[seat]):
                    out[at + i] = count / _HAND
            pile = view.piles[seat]
            _counts(out, piles + rel * _CARDS, pile)
            at = tops + rel * _TOP * _CARDS
            for depth, card in enumerate(reversed(pile[-_TOP:])):
                out[at + depth * _CARDS + card] = 1.0
        _counts(out, offset("discard / 2 (Card)"), view.discard)
        if view.discard:
            out[offset("discard top (Card)") + view.discard[-1]] = 1.0
        out[offset("deck size / 42")] = view.deck_size / 42
        at = offset("deck top colours (by depth, colour)")
        for depth, colour in enumerate(view.deck_colours[:_TOP]):
            out[at + depth * _COLOURS + _COLOUR_INDEX[colour]] = 1.0
        at = offset("shown void (by seat, colour)")
        for seat, colour in view.voids:
            out[at + (seat - me) % n * _COLOURS + _COLOUR_INDEX[colour]] = 1.0
        at = offset("shown one colour (by seat: flag, colour if known)")
        for seat, _, shown in view.one_colour:
            here = at + (seat - me) % n * (1 + _COLOURS)
            out[here] = 1.0
            if shown is not None:
                out[here + 1 + _COLOUR_INDEX[shown]] = 1.0
        knowledge = view.knowledge
        at = offset("known held / 2 (by seat, Card)")
        for seat, held in enumerate(knowledge.hands):
            _counts(out, at + (seat - me) % n * _CARDS, held)
        at = offset("known deck top (by depth, Card)")
        for depth, known in enumerate(knowledge.deck_top[:_TOP]):
            if known is not None:
                out[at + depth * _CARDS + known] = 1.0
        _counts(out, offset("known in the deck / 2 (Card)"), knowledge.deck)
        if view.outcome is not None:
            out[offset("match over")] = 1.0


def _counts(out: list[float], at: int, cards: tuple[Card, ...]) -> None:
    """Half a point per copy (there are two of each card) at ``at + card``."""
    for card in cards:
        out[at + card] += 0.5
