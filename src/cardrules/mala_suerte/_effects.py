"""The effects of the seven cards, resolved in printed order "whenever possible".

``on_play`` runs when a card is played to its owner's pile.  An effect that
needs a decision sets ``table.step`` and stops; the decision's move resumes
it through one of the functions below.  Every effect ends by calling
:func:`~cardrules.mala_suerte._ending.end_turn`.
"""

from __future__ import annotations

from collections.abc import Callable

from ._cards import COLOUR_OF, COLOURS, KINDS, Card, Colour, Kind
from ._ending import end_turn as _end
from ._events import Event, EventKind
from ._pending import Step
from ._records import Curse
from ._rules import mirror_targets
from ._table import Table

__all__ = [
    "ON_PLAY",
    "REVERSED",
    "cat_take",
    "crows_counter",
    "crows_steal",
    "cursed",
    "evil_eye",
    "horseshoe_return",
    "mirror_swap",
    "on_play",
    "salt_take",
]


def on_play(table: Table, card: Card) -> None:
    """ "activate its effects in order, whenever possible"."""
    ON_PLAY[card // 3](table)


def _clover(table: Table) -> None:
    """Clover: "You lose if it is in your pile" — checked at the end of the turn."""
    _end(table)


def _crows(table: Table) -> None:
    """Crows: "Steal a card from the next person." """
    victim = table.next_of(table.player)
    if not table.hands[victim]:
        _end(table)
    elif table.coloured:
        table.step = Step.CROWS_STEAL
    else:
        crows_steal(table, None)


def crows_steal(table: Table, colour: Colour | None) -> None:
    """The player takes a card (of ``colour``) from the next seat; then the counter-steal.

    "That person then steals a card from you, of a different colour than the one you stole from them. ...
    If you only have cards of the colour that was stolen, they cannot steal from you."
    """
    player = table.player
    victim = table.next_of(player)
    card = table.pick(victim, colour)
    table.transfer(victim, player, card, EventKind.TAKE)
    colour_taken = COLOUR_OF[card]
    if all(COLOUR_OF[c] is colour_taken for c in table.hands[player]):
        table.log(EventKind.NO_COUNTER, player, victim)
        if not table.coloured:  # with coloured backs every hand's colours are in sight anyway
            table.shown_one_colour(player, victim, colour_taken)
        _end(table)
    elif table.coloured:
        table.stolen = card.colour
        table.step = Step.CROWS_COUNTER
    else:
        table.transfer(player, victim, table.pick(player, None, avoid=card.colour), EventKind.TAKE)
        _end(table)


def crows_counter(table: Table, colour: Colour) -> None:
    """The next seat takes back a card of ``colour``, not the stolen colour."""
    player = table.player
    table.transfer(player, table.next_of(player), table.pick(player, colour), EventKind.TAKE)
    table.stolen = None
    _end(table)


def _black_cat(table: Table) -> None:
    """Black Cat: "Draw the first card of the deck. The next person discards a card from your hand to their pile." """
    player = table.player
    table.draw(player)
    if not table.hands[player]:
        _end(table)
    elif table.coloured:
        table.step = Step.CAT_TAKE
    else:
        cat_take(table, None)


def cat_take(table: Table, colour: Colour | None) -> None:
    """The next seat puts a card (of ``colour``) from the player's hand onto its own pile (ruling 8)."""
    player = table.player
    table.to_pile(player, table.next_of(player), table.pick(player, colour))
    _end(table)


def _evil_eye(table: Table) -> None:
    """Evil Eye: "Choose a colour." """
    table.step = Step.EVIL_EYE


def evil_eye(table: Table, colour: Colour) -> None:
    """ "The next person must play a card of that colour on their turn, if they have one." """
    player = table.player
    table.curse, named = cursed(player, table.next_of(player), colour)
    table.this_turn = (*table.this_turn, named)
    _end(table)


def cursed(player: int, target: int, colour: Colour) -> tuple[Curse, Event]:
    """Evil Eye: ``player`` names ``colour`` for ``target``; the curse and its event (shared values)."""
    return _CURSED[player][target][COLOURS.index(colour)]


#: ``[player][target][colour]``: :func:`cursed`, made once.
_CURSED = tuple(
    tuple(
        tuple(
            (Curse(target, colour), Event(EventKind.CURSE, player, target, (), (colour,), 0))
            for colour in COLOURS
        )
        for target in range(6)
    )
    for player in range(6)
)


def _horseshoe(table: Table) -> None:
    """Horseshoe: "Draw the first card of the deck. Return a card to the top of the deck." """
    player = table.player
    table.draw(player)
    if table.hands[player]:
        table.step = Step.HORSESHOE_RETURN
    else:
        _reverse(table)  # nothing to return (ruling 13)
        _end(table)


def horseshoe_return(table: Table, card: Card) -> None:
    """ "You may return the same card you drew."; then "Reverse the direction of the horseshoe token." """
    table.to_deck_top(table.player, card)
    _reverse(table)
    _end(table)


#: ``[seat][clockwise]``: the event of the horseshoe token turned by ``seat`` to point ``clockwise``, made once.
REVERSED = tuple(
    tuple(Event(EventKind.REVERSE, seat, None, (), (), count) for count in (0, 1)) for seat in range(6)
)


def _reverse(table: Table) -> None:
    """ "When two people remain, changes of direction have no effect": the token turns, the order stays."""
    table.clockwise = not table.clockwise
    table.this_turn += (REVERSED[table.player][table.clockwise],)


def _spilled_salt(table: Table) -> None:
    """Spilled Salt: "Discard a card from the hand of the next person to their pile." """
    victim = table.next_of(table.player)
    if not table.hands[victim]:
        _end(table)
    elif table.coloured:
        table.step = Step.SALT_TAKE
    else:
        salt_take(table, None)


def salt_take(table: Table, colour: Colour | None) -> None:
    """The player puts a card (of ``colour``) from the next seat's hand onto that seat's pile."""
    victim = table.next_of(table.player)
    table.to_pile(victim, victim, table.pick(victim, colour))
    _end(table)


def _broken_mirror(table: Table) -> None:
    """Broken Mirror: "The effect activates only at the moment the card is played." """
    if mirror_targets(table.piles, table.alive, table.player):
        table.step = Step.MIRROR_SWAP
    else:
        _end(
            table
        )  # "You may play the card even if the condition is not met, but its effect will not apply."


def mirror_swap(table: Table, target: int, give: Card | None, take: Colour | None) -> None:
    """ "give them one of your cards and steal one of theirs": both chosen before the exchange (ruling 17)."""
    player = table.player
    taken = table.pick(target, take) if table.hands[target] else None
    if give is not None and taken is not None:
        table.exchange(player, target, give, taken)
    elif give is not None:
        table.transfer(player, target, give, EventKind.GIVE)
    elif taken is not None:
        table.transfer(target, player, taken, EventKind.TAKE)
    _end(table)


_BY_KIND: dict[Kind, Callable[[Table], None]] = {
    Kind.CLOVER: _clover,
    Kind.CROWS: _crows,
    Kind.BLACK_CAT: _black_cat,
    Kind.EVIL_EYE: _evil_eye,
    Kind.HORSESHOE: _horseshoe,
    Kind.SPILLED_SALT: _spilled_salt,
    Kind.BROKEN_MIRROR: _broken_mirror,
}
#: The same, indexed by a card's number // 3 (cards are numbered kind by kind); what :func:`on_play` calls.
ON_PLAY: tuple[Callable[[Table], None], ...] = tuple(_BY_KIND[kind] for kind in KINDS)
