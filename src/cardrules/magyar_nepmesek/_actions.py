"""Action cards (advanced): playing one, the Shield / Magic Mirror reactions, and each card's effect.

"A player plays an action card from their hand, places it on top of the
discard pile, and carries out the action on it."
"""

from __future__ import annotations

from ._deck import Category
from ._events import Event, EventKind
from ._melds import PURPLE, purple_meld
from ._moves import Play
from ._pending import FollowUp, Giving, React, Storing
from ._table import Table
from ._turn import finish_action

__all__ = ["advance_react", "give", "play", "targets_of"]


_LIMIT = 8


def targets_of(t: Table, action: Play) -> tuple[int, ...]:
    """The seats an action affects, in order from its player: the chosen one, or every opponent."""
    cat = t.cards.category[action.card]
    if cat not in (
        Category.CRYSTAL_BALL,
        Category.MAKE_DISCARD,
        Category.TAKE_TWO,
        Category.PASS_TWO,
        Category.LAY_PURPLE,
    ):
        return ()
    if action.target is not None:
        return (action.target,)
    return tuple((action.seat + i) % t.n for i in range(1, t.n))


def play(t: Table, move: Play) -> None:
    """Play ``move.card`` and carry out what it says, opening the reaction window first when it has targets."""
    seat, card = move.seat, move.card
    cat = t.cards.category[card]
    t.take_own(seat, card)
    t.events += (Event(EventKind.PLAY, seat, move.target, (card,), move.count),)
    if cat is Category.VILLAGE:
        # "Place it in front of yourself and lay one of your cards face down on it."
        t.open_slots(seat).append(None)
        fronts = t.tableau.village_cards
        t.change_tableau(village_cards=(*fronts[:seat], (*fronts[seat], card), *fronts[seat + 1 :]))
        if t.hands[seat]:
            t.pending = Storing(seat)
        else:
            finish_action(t, refill=False)
        return
    if cat is Category.HUSSAR:
        # "Place it on one of your -1 or -2 cards in front of you: that card is changed to +1 or +2."
        meld = t.melds[seat][move.meld]
        t.open_melds(seat)[move.meld] = purple_meld((*meld.cards, card), t.cards)
        finish_action(t)
        return
    t.discard += (card,)
    if cat is Category.TAKE_BACK:
        _take_back(t, seat, move.meld, move.position)
        finish_action(t)
        return
    if cat is Category.DRAW_CARDS:
        # "Draw cards one at a time, up to as many as the card indicates, or until you reach the
        # 8-card hand limit. If a Midnight card is drawn meanwhile, it must be played immediately,
        # and then drawing continues."
        wanted = t.cards.amount(card)
        drawn = 0
        while drawn < wanted and t.draw and len(t.hands[seat]) < _LIMIT:
            if t.draw_one(seat) is not None:
                drawn += 1
        finish_action(t)
        return
    advance_react(t, move, targets_of(t, move), (), (), False)


def _take_back(t: Table, seat: int, index: int, position: int) -> None:
    """ "You may take back any card in front of you, whether positive or negative"."""
    meld = t.melds[seat][index]
    card = meld.cards[position]
    rest = meld.cards[:position] + meld.cards[position + 1 :]
    if not rest:
        del t.open_melds(seat)[index]
    elif meld.kind is PURPLE:
        t.open_melds(seat)[index] = purple_meld(rest, t.cards)
    else:
        stands = meld.stands[:position] + meld.stands[position + 1 :]
        points = meld.points[:position] + meld.points[position + 1 :]
        t.open_melds(seat)[index] = type(meld)(meld.kind, rest, stands, points, 0)
    t.receive(seat, card)
    for o in range(t.n):
        if o != seat:
            t.learn(o, seat, card)


def _can_react(t: Table, seat: int) -> bool:
    return not t.cards.reactions.isdisjoint(t.hands[seat])


def advance_react(
    t: Table,
    action: Play,
    queue: tuple[int, ...],
    shielded: tuple[int, ...],
    reflected: tuple[int, ...],
    actor_turn: bool,
    unable: tuple[int, ...] = (),
) -> None:
    """Ask the next affected seat holding a Shield or Magic Mirror; when none is left, carry the action out.

    ``unable`` (the seats already passed over) grows by the seats passed over here.
    """
    if not actor_turn:
        for i, seat in enumerate(queue):
            if _can_react(t, seat):
                t.pending = React(seat, action, queue[i:], shielded, reflected, False, unable)
                return
            unable = (*unable, seat)
        if reflected and not t.cards.shields.isdisjoint(t.hands[action.seat]):
            # "The effect of the Magic Mirror can be neutralised with the Shield."
            t.pending = React(action.seat, action, (), shielded, reflected, True, unable)
            return
    resolve(t, action, shielded, reflected, False)


def resolve(
    t: Table, action: Play, shielded: tuple[int, ...], reflected: tuple[int, ...], actor_shielded: bool
) -> None:
    """Carry out ``action`` on every affected seat that did not defend, and its reflections on the actor."""
    actor = action.seat
    giving: Giving | None = None  # the decision an effect leaves the match waiting for (Pass 2 cards)
    for seat in targets_of(t, action):
        if seat in shielded:
            t.events += (Event(EventKind.SHIELDED, seat, cards=(action.card,)),)
        elif seat in reflected:
            if actor_shielded:
                t.events += (Event(EventKind.SHIELDED_REFLECTED, actor, cards=(action.card,)),)
            else:
                giving = _effect(t, action, seat, actor) or giving
        else:
            giving = _effect(t, action, actor, seat) or giving
    t.pending = giving
    if giving is not None:
        return
    if t.cards.category[action.card] is Category.CRYSTAL_BALL:
        # "You may look at another player's cards, and then immediately play one more action card."
        t.pending = FollowUp(actor)
        return
    finish_action(t)


def _effect(t: Table, action: Play, actor: int, target: int) -> Giving | None:
    """One share of an action: ``actor`` acts on ``target`` (swapped when reflected); the cards the
    actor is to choose to give, for Pass 2 cards."""
    cat = t.cards.category[action.card]
    hand = t.open_hand(target)
    if cat is Category.CRYSTAL_BALL:
        t.reveal(target, (actor,))
        t.events += (Event(EventKind.LOOK, actor, target),)
        if not t.cards.lazy_girls.isdisjoint(hand):
            t.skip(target)
    elif cat is Category.LAY_PURPLE:
        # "A chosen player must show their cards, and must lay down every negative (purple) card."
        t.events += (Event(EventKind.LAY_PURPLE, target),)
        shown_lazy = not t.cards.lazy_girls.isdisjoint(hand)
        t.lay_purple(target)
        t.reveal(target, range(t.n))  # after laying down: the same knowledge, as in Table.midnight
        if shown_lazy:
            t.skip(target)
    elif cat is Category.MAKE_DISCARD:
        # "Randomly draw from their hand up to as many cards as the card indicates, and discard them."
        # The Lazy Girl is never discarded (ruling 32): the draw is among the other cards.
        keep = [c for c in hand if t.cards.category[c] is Category.LAZY_GIRL]
        for _ in range(min(action.count, len(hand) - len(keep))):
            pool = [c for c in hand if c not in keep] if keep else hand
            card = pool[t.rng.below(len(pool))]
            t.lose(target, card)
            t.discard += (card,)
            t.events += (Event(EventKind.FORCED_DISCARD, target, cards=(card,)),)
    elif cat is Category.TAKE_TWO:
        # "You may randomly draw up to 2 cards from their hand, and take them into your hand."
        taken = []
        room = 8 - len(t.hands[actor])
        for _ in range(min(action.count, len(hand), room)):
            card = hand.pop(t.rng.below(len(hand)))
            taken.append(card)
            t.unlearn(actor, target, card)
            t.learn(target, actor, card)
        t.forget(target, len(taken), keep=(actor,))
        for card in taken:
            t.receive(actor, card)
        t.events += (Event(EventKind.TAKE, actor, target, count=len(taken)),)
    elif cat is Category.PASS_TWO:
        # "Choose up to 2 cards from your hand and give them to another player" (no more than 8);
        # the cards on the actor's Villages count as in its hand during its turn (ruling 14).
        own = len(t.hands[actor]) + sum(1 for c in t.villages[actor] if c is not None)
        limit = min(2, 8 - len(hand), own)
        if limit > 0:
            return Giving(actor, target, limit)
    return None


def give(t: Table, seat: int, receiver: int, cards: tuple[str, ...]) -> None:
    """Pass 2 cards: move the chosen cards; the receiver sees them, the others only their number.

    A card the hand lacks comes off the giver's Village, "exactly as if it were in your hand"
    (ruling 14: the hand's copy first); the emptied slot is seen by all, and may be refilled.
    """
    hand = t.open_hand(seat)
    from_hand = 0
    for card in cards:
        if card in hand:
            hand.remove(card)
            from_hand += 1
        else:
            slots = t.open_slots(seat)
            slots[slots.index(card)] = None
        t.unlearn(receiver, seat, card)
        t.learn(seat, receiver, card)
        t.receive(receiver, card)
    t.forget(seat, from_hand, keep=(receiver,))
    t.events += (Event(EventKind.GIVE, seat, receiver, count=len(cards), villages=len(cards) - from_hand),)
    finish_action(t)
