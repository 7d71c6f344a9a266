"""The working copy of a position during one transition.

A transition copies the state into a :class:`Table`, moves cards with the
primitives below, and freezes the result into a new state.  Each primitive
moves cards *and* keeps everything that depends on the move up to date: the
log, each seat's private knowledge, the colours seen on the deck and the
known voids.  Effects and turn rules never touch those by hand.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from .._fast import fast_new
from .._outcome import Outcome
from .._random import Rng, resume
from ._cards import COLOUR_OF, Card, Colour
from ._events import Event, EventKind, build_event, one_card_events
from ._pending import Step
from ._records import Board
from ._rules import next_seat
from ._shuffle import shuffled

if TYPE_CHECKING:
    from ._state import State

__all__ = ["StateBuilder", "Table"]

#: What makes a state of its fields, given positionally in field order: the state's module hands its
#: builder to the transition, which sits below it.
StateBuilder = Callable[..., "State"]

#: The Clovers are the first three cards (red, yellow, blue).
_LAST_CLOVER = Card.BLUE_CLOVER

#: Shared events of one card, ``[coloured][seat][other][card]`` (``other`` unused: index 0).
_PLAY_EVENTS = one_card_events(EventKind.PLAY, with_other=False)
_DRAW_EVENTS = one_card_events(EventKind.DRAW, with_other=False)
_TAKE_EVENTS = one_card_events(EventKind.TAKE, with_other=True)
_GIVE_EVENTS = one_card_events(EventKind.GIVE, with_other=True)
_TO_PILE_EVENTS = one_card_events(EventKind.TO_PILE, with_other=True)
_RETURN_EVENTS = one_card_events(EventKind.RETURN, with_other=False)
_SHUFFLED = Event(EventKind.SHUFFLE, None)
_build_board = fast_new(Board)


class Table:
    """A mutable copy of a :class:`State` for the length of one transition; ``build`` makes the new one."""

    __slots__ = (
        "_build",
        "_rng",
        "alive",
        "aside",
        "clockwise",
        "coloured",
        "curse",
        "deck",
        "deck_colours",
        "discard",
        "hands",
        "knowledge",
        "last_turn",
        "one_colour",
        "outcome",
        "piles",
        "player",
        "returns",
        "state",
        "step",
        "stolen",
        "this_turn",
        "turn",
        "voids",
    )

    def __init__(self, state: State, build: StateBuilder) -> None:
        self.state = state
        self._build = build
        self.coloured = state.game.coloured_backs
        self._rng: Rng | None = None
        self.hands = list(state.hands)
        self.piles = list(state.piles)
        self.deck = state.deck
        self.deck_colours = state.deck_colours
        self.turn = state.turn
        #: The seat whose turn the transition resolves (-1 during the mulligan, which has none).
        self.player: int = state.turn if state.turn is not None else -1
        self.step = state.step
        self.knowledge = list(state.knowledge)
        self.last_turn = state.last_turn
        self.this_turn = state.this_turn
        self.outcome: Outcome | None = state.outcome
        self.returns = state.returns
        self.aside = state.aside
        board = state.board
        self.discard = board.discard
        self.alive = board.alive
        self.clockwise = board.clockwise
        self.curse = board.curse
        self.stolen = board.stolen
        self.voids = board.voids
        self.one_colour = board.one_colour

    def freeze(self) -> State:
        """The new state."""
        state = self.state
        board = state.board
        if not (
            self.discard is board.discard
            and self.alive is board.alive
            and self.clockwise is board.clockwise
            and self.curse is board.curse
            and self.stolen is board.stolen
            and self.voids is board.voids
            and self.one_colour is board.one_colour
        ):
            board = _build_board(
                self.discard,
                self.alive,
                self.clockwise,
                self.curse,
                self.stolen,
                self.voids,
                self.one_colour,
            )
        return self._build(  # positional, in field order
            state.game,
            self._rng.state if self._rng is not None else state.rng,
            tuple(self.hands),
            tuple(self.piles),
            self.deck,
            self.deck_colours,
            self.turn,
            self.step,
            tuple(self.knowledge),
            self.last_turn,
            self.this_turn,
            self.outcome,
            self.returns,
            self.aside,
            board,
        )

    @property
    def rng(self) -> Rng:
        """The state's generator, resumed on first use (most transitions draw nothing)."""
        if self._rng is None:
            self._rng = resume(self.state.rng)
        return self._rng

    # -- seats ---------------------------------------------------------------------------------

    def next_of(self, seat: int) -> int:
        """The next seat still in after ``seat``, in the token's direction."""
        return next_seat(self.alive, seat, self.clockwise)

    def log(
        self,
        kind: EventKind,
        seat: int | None,
        other: int | None = None,
        cards: tuple[Card, ...] = (),
        count: int = 0,
    ) -> None:
        """Record an event; the colours of its cards are shown if the backs show them."""
        colours = tuple(map(COLOUR_OF.__getitem__, cards)) if self.coloured else ()
        self.this_turn = (*self.this_turn, build_event(kind, seat, other, cards, colours, count))

    def _colour(self, card: Card) -> Colour | None:
        return COLOUR_OF[card] if self.coloured else None

    def _gain(self, seat: int) -> None:
        """``seat`` took a card others could not see: what its hand lacked is no longer known."""
        if self.voids and any(s == seat for s, _ in self.voids):
            self.voids = frozenset(v for v in self.voids if v[0] != seat)
        if self.one_colour:
            self._forget_one_colour(seat)

    def _forget_one_colour(self, seat: int) -> None:
        if any(s == seat for s, _, _ in self.one_colour):
            self.one_colour = tuple(f for f in self.one_colour if f[0] != seat)

    def shown_one_colour(self, seat: int, witness: int, colour: Colour) -> None:
        """Crows without a counter-steal (plain backs): the table learns the hand of ``seat`` is all one
        colour; ``witness``, who saw the stolen card, also learns it is ``colour``."""
        self._forget_one_colour(seat)
        self.one_colour = tuple(sorted((*self.one_colour, (seat, witness, colour)), key=lambda f: f[0]))

    # -- hands -----------------------------------------------------------------------------------

    def remove(self, seat: int, card: Card) -> None:
        """Take one copy of ``card`` out of the hand of ``seat`` (the caller logs where it goes)."""
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1 :]

    def add(self, seat: int, card: Card) -> None:
        """Put ``card`` into the hand of ``seat``, keeping it sorted."""
        hand = self.hands[seat]
        i = bisect_right(hand, card)
        self.hands[seat] = (*hand[:i], card, *hand[i:])

    def pick(self, seat: int, colour: Colour | None, avoid: Colour | None = None) -> Card:
        """A blind pick from the hand of ``seat``: a random card of ``colour`` (any if ``None``), not of ``avoid``."""
        hand = self.hands[seat]
        if colour is None and avoid is None:  # a blind pick from the whole hand (plain backs)
            return hand[self.rng.below(len(hand))]
        pool = [c for c in hand if (colour is None or COLOUR_OF[c] is colour) and COLOUR_OF[c] is not avoid]
        return pool[self.rng.below(len(pool))]

    def play(self, seat: int, card: Card) -> None:
        """ "play a card from your hand on top of your pile"; everyone sees it."""
        self.remove(seat, card)
        self.piles[seat] = (*self.piles[seat], card)
        curse = self.curse
        if not self.coloured and curse is not None and curse.seat == seat and card.colour is not curse.colour:
            self.voids = self.voids | {(seat, curse.colour)}
        self._seen_leave(seat, card)
        self.this_turn += (_PLAY_EVENTS[self.coloured][seat][0][card],)

    def _seen_leave(self, seat: int, card: Card) -> None:
        knowledge = self.knowledge
        for o, k in enumerate(knowledge):
            if k.hands[seat]:  # (a seat's own entry is always empty)
                knowledge[o] = k.seen_leave(seat, card)

    def transfer(self, source: int, taker: int, card: Card, kind: EventKind) -> None:
        """``card`` goes, face down, from the hand of ``source`` to the hand of ``taker``.

        Both see it; the others see a card (of its colour, if backs show it) change hands.
        """
        self.remove(source, card)
        self.add(taker, card)
        colour = self._colour(card)
        for o, k in enumerate(self.knowledge):
            if o == source:
                self.knowledge[o] = k.learn_held(taker, card)
            elif o == taker:
                self.knowledge[o] = k.seen_leave(source, card)
            elif k.hands[source]:
                self.knowledge[o] = k.unseen_leave(source, colour)
        self._gain(taker)
        if kind is EventKind.GIVE:
            self.this_turn += (_GIVE_EVENTS[self.coloured][source][taker][card],)
        else:
            self.this_turn += (_TAKE_EVENTS[self.coloured][taker][source][card],)

    def exchange(self, player: int, target: int, give: Card, take: Card) -> None:
        """Broken Mirror: ``give`` goes to ``target`` and ``take`` (picked before) comes back."""
        self.remove(player, give)
        self.remove(target, take)
        self.add(target, give)
        self.add(player, take)
        for o, k in enumerate(self.knowledge):
            if o == player:
                k = k.seen_leave(target, take).learn_held(target, give)
            elif o == target:
                k = k.seen_leave(player, give).learn_held(player, take)
            else:
                if k.hands[player]:
                    k = k.unseen_leave(player, self._colour(give))
                if k.hands[target]:
                    k = k.unseen_leave(target, self._colour(take))
            self.knowledge[o] = k
        self._gain(player)
        self._gain(target)
        self.log(EventKind.GIVE, player, target, (give,))
        self.log(EventKind.TAKE, player, target, (take,))

    def to_pile(self, source: int, owner: int, card: Card) -> None:
        """``card`` goes from the hand of ``source`` face up onto the pile of ``owner``, without effect."""
        self.remove(source, card)
        self.piles[owner] = (*self.piles[owner], card)
        self._seen_leave(source, card)
        self.this_turn += (_TO_PILE_EVENTS[self.coloured][owner][source][card],)

    # -- deck ------------------------------------------------------------------------------------

    def draw(self, seat: int, log: bool = True) -> Card | None:
        """ "draw the first card of the deck"; nothing if the deck is empty."""
        if not self.deck:
            return None
        card = self.deck[0]
        self.deck = self.deck[1:]
        self.add(seat, card)
        knowledge = self.knowledge
        for o, k in enumerate(knowledge):
            if k.deck_top or (k.deck and (o != seat or card in k.deck)):
                knowledge[o] = k.drawn(seat, o, card, COLOUR_OF[card] if self.coloured else None)
        if self.coloured:
            rest = self.deck_colours[1:]
            self.deck_colours = rest if rest or not self.deck else (COLOUR_OF[self.deck[0]],)
        if self.voids or self.one_colour:
            self._gain(seat)
        if log:
            self.this_turn += (_DRAW_EVENTS[self.coloured][seat][0][card],)
        return card

    def to_deck_top(self, seat: int, card: Card) -> None:
        """Horseshoe: ``card`` from the hand of ``seat`` goes face down on top of the deck."""
        self.remove(seat, card)
        self.deck = (card, *self.deck)
        # The seat knows the card lies there; the others saw a card (of its colour, if the backs show it)
        # leave its hand.
        colour = self._colour(card)
        knowledge = self.knowledge
        for o, k in enumerate(knowledge):
            if o == seat:
                knowledge[o] = k.put_on_deck(card)
            else:
                k = k.unseen_leave(seat, colour) if k.hands[seat] else k
                knowledge[o] = k.put_on_deck(None) if k.deck_top else k
        if self.coloured:
            self.deck_colours = (card.colour, *self.deck_colours)
        self.this_turn += (_RETURN_EVENTS[self.coloured][seat][0][card],)

    def shuffle(self) -> None:
        """Shuffle the deck: whatever was known of its order is lost."""
        self.deck = tuple(shuffled(self.rng, self.deck))
        knowledge = self.knowledge
        for o, k in enumerate(knowledge):
            if k.deck_top:
                knowledge[o] = k.shuffled()
        self.deck_colours = (self.deck[0].colour,) if self.coloured and self.deck else ()
        self.this_turn += (_SHUFFLED,)

    # -- end of turn -----------------------------------------------------------------------------

    def eliminate(self, seat: int) -> None:
        """ "return the Clover cards in your hand to the deck, shuffle the deck, and discard your hand"."""
        hand = self.hands[seat]
        self.log(EventKind.ELIMINATED, seat, cards=hand)
        alive = list(self.alive)
        alive[seat] = False
        self.alive = tuple(alive)
        self.hands[seat] = ()
        split = bisect_right(hand, _LAST_CLOVER)  # the hand is sorted: its Clovers come first
        clovers = hand[:split]
        knowledge = self.knowledge
        for o, k in enumerate(knowledge):  # a loop, not a comprehension: most seats keep what they know
            if clovers or k.hands[seat]:  # (else k.eliminated() is k)
                knowledge[o] = k.eliminated(seat, clovers)
        self.deck = (*clovers, *self.deck)
        self.shuffle()
        self.discard = (*self.discard, *hand[split:])
        if self.voids:
            self.voids = frozenset(v for v in self.voids if v[0] != seat)
        if self.one_colour:
            self._forget_one_colour(seat)
        if self.curse is not None and self.curse.seat == seat:
            self.curse = None

    def begin(self, seat: int) -> None:
        """Start the turn of ``seat``."""
        self.turn = seat
        self.step = Step.OPEN
        self.last_turn = self.this_turn
        self.this_turn = ()
