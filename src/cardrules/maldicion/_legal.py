"""The legal moves of each kind of pending decision, and why a move is refused there.

For each phase, ``<kind>_legal`` generates the moves and ``<kind>_why`` says,
in the rule's own words, why a move that is not among them is refused; both
read the same predicates of ``_rules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ._cards import Card, Element, Figure, Hero
from ._moves import (
    Accept,
    CallOut,
    ChooseHero,
    Deal,
    Discard,
    DiscardCurse,
    Draw,
    Give,
    Move,
    NameElement,
    Pass,
    Play,
    Reflex,
    UseAbility,
)
from ._pending import (
    AbilityPhase,
    AttackPhase,
    BonfirePhase,
    CalloutPhase,
    ClericPhase,
    DrawnPhase,
    EmmaPhase,
    EverardPhase,
    HeroChoicePhase,
    NameElementPhase,
    NecromancerPhase,
    Pending,
    ReflexPhase,
    SigourneyPhase,
    ThiefPhase,
    TurnPhase,
)
from ._rules import TARGETED, answers, cleric_fits, distinct, fits, lone_mirror, opponents, targets

if TYPE_CHECKING:
    from ._state import State

__all__ = [
    "ability_legal",
    "attack_legal",
    "attack_why",
    "awaiting_why",
    "bonfire_legal",
    "bonfire_why",
    "callout_legal",
    "callout_why",
    "choice_legal",
    "cleric_legal",
    "cleric_why",
    "drawn_legal",
    "drawn_why",
    "emma_cards",
    "emma_legal",
    "emma_why",
    "everard_legal",
    "everard_why",
    "name_legal",
    "necromancer_legal",
    "necromancer_why",
    "play_moves",
    "reflex_legal",
    "reflex_why",
    "sigourney_legal",
    "thief_legal",
    "thief_why",
    "turn_legal",
    "turn_why",
]

_ELEMENTS = tuple(Element)


def play_moves(
    seat: int,
    hand: Sequence[Card],
    cards: Iterable[Card],
    others: Sequence[int],
    *,
    mirror: bool,
    choose_element: bool = True,
) -> list[Move]:
    """Every :class:`Play` of ``cards`` from ``hand``, with their options.

    A Gem names an element; a :data:`~._rules.TARGETED` card names a target
    when ``others`` is given (``guild_war``); two identical cards may go as a
    Mirror when ``mirror``; the play that empties the hand says MALDICIÓN or not.
    """
    size = len(hand)
    small = size if size < 3 else 3
    n_others = len(others)
    out: list[Move] = []
    for card in cards:
        pair = mirror and hand.count(card) >= 2
        key = (seat, card.index, pair, small, n_others, choose_element)
        found = _PLAYS.get(key)
        if found is None:
            found = _PLAYS[key] = _plays(seat, card, pair, size, others, choose_element)
        out.extend(found)
    return out


_PLAYS: dict[tuple[int, int, bool, int, int, bool], tuple[Move, ...]] = {}


def _plays(
    seat: int, card: Card, pair: bool, size: int, others: Sequence[int], choose_element: bool
) -> tuple[Move, ...]:
    elements: Sequence[Element | None] = (
        _ELEMENTS if choose_element and card.figure is Figure.GEM else (None,)
    )
    targets_: Sequence[int | None] = others if others and card.figure in TARGETED else (None,)
    out: list[Move] = []
    for used in (1, 2) if pair else (1,):
        calls = (False, True) if used == size else (False,)
        for element in elements:
            for target in targets_:
                for call in calls:
                    out.append(Play(seat, card, used == 2, element, target, call))
    return tuple(out)


def _discards(seat: int, hand: Sequence[Card], cards: Sequence[Card], *, mirror: bool) -> list[Move]:
    """Every :class:`Discard` of ``cards``: two identical ones as a Mirror when ``mirror``; MALDICIÓN or not."""
    size = len(hand)
    out: list[Move] = []
    for card in cards:
        pair = mirror and hand.count(card) >= 2
        for used in (1, 2) if pair else (1,):
            out.append(Discard(seat, card, used == 2, False))
            if used == size:
                out.append(Discard(seat, card, used == 2, True))
    return out


def awaiting_why(p: Pending, s: State, m: Move) -> str:
    """The refusal of a decision whose every option is offered: what the state awaits."""
    return f"{m} is not possible now (awaiting seat {p.seat}: {type(p).__name__})"


def _options_why(s: State, seat: int, m: Play) -> str:
    if m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    if m.card.figure is not Figure.GEM and m.element is not None:
        return f"only an Elemental Gem names an element, not {m.card}"
    if m.target is not None and (not s.game.teams or m.card.figure not in TARGETED):
        return "only a Double Shot or Rain of Spears in guild_war chooses its target"
    if s.game.teams and m.target is None and m.card.figure in TARGETED:
        return "in guild_war a Double Shot or Rain of Spears names the opponent it attacks"
    if m.call:
        return "MALDICIÓN is said only by the play that leaves the hand empty"
    if m.target is not None and not 0 <= m.target < s.game.players:
        return f"there is no seat {m.target} to attack"
    if m.target == seat:
        return "a seat cannot attack itself"
    return f"{m} is not allowed here"


def _mirror_why(s: State, seat: int, m: Move, what: str) -> str | None:
    """Why a Mirror in ``what`` of an ability is refused; ``None`` if ``m`` is no Mirror of a held card."""
    if not isinstance(m, (Play, Discard)) or not m.mirror or m.card not in s.hands[seat]:
        return None
    if not s.game.ability_mirror:
        return (
            f"with mirror='turn_plays' a Mirror goes only with a turn's play or a Bonfire's second card, "
            f"not with {what} (ruling 10)"
        )
    return lone_mirror(seat, s.hands[seat], m)


# -- the turn ------------------------------------------------------------------


def turn_legal(p: TurnPhase, s: State) -> tuple[Move, ...]:
    """Play a card that fits, else draw; with no card left, the Curse."""
    seat = p.seat
    hand = s.hands[seat]
    game = s.game
    if not hand:
        # "It will be the last card to be discarded, since the prerequisite ... is having no other card".
        if game.difficulty == "hard":
            return (DiscardCurse(seat), Draw(seat))
        if s.curses[game.owner(seat)] is s.element:
            return (DiscardCurse(seat),)
        return (Draw(seat),)
    top, element = s.pile[-1], s.element
    figure = top.figure
    cards: list[Card] = []
    last = None
    for c in hand:
        if c is not last:
            last = c
            if c.element is element or c.figure is figure or c.figure is Figure.GEM:
                cards.append(c)
    moves = play_moves(seat, hand, cards, targets(game, seat), mirror=True)
    if not moves or (game.draw_when_able and (s.deck or len(s.pile) > 1)):
        moves.append(Draw(seat))
    return tuple(moves)


def turn_why(p: TurnPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  A card not held, a lone Mirror, a card that does not fit, a draw or the Curse out of time."""
    seat, hand = p.seat, s.hands[p.seat]
    top = s.pile[-1]
    if isinstance(m, Play):
        if m.card not in hand:
            return f"seat {seat} holds no {m.card}"
        if (lone := lone_mirror(seat, hand, m)) is not None:
            return lone
        if not fits(m.card, top, s.element):
            return f"{m.card} does not match {top}: play the same figure or the element in play ({s.element})"
        return _options_why(s, seat, m)
    if isinstance(m, Draw):
        return f"seat {seat} can play, and draws only when it has no card to play (ruling 6)"
    if isinstance(m, DiscardCurse):
        if hand:
            return f"the Curse is discarded last: seat {seat} still holds {len(hand)} cards"
        return f"the Curse can only be discarded on its own element; the element in play is {s.element}"
    return f"it is seat {seat}'s turn: play a card, draw, or discard the Curse ({m} is none of these)"


# -- the starting Gem, the drawn card, Bonfire ---------------------------------


def name_legal(p: NameElementPhase, s: State) -> tuple[Move, ...]:
    """The starting Gem: name any element (ruling 3)."""
    return tuple(NameElement(p.seat, e) for e in Element)


def drawn_legal(p: DrawnPhase, s: State) -> tuple[Move, ...]:
    """The card just drawn, if it fits; or keep it."""
    seat, card = p.seat, p.card
    assert card is not None
    if not fits(card, s.pile[-1], s.element):
        return (Pass(seat),)
    # "If it can be played, they may play the newly acquired card."
    return (*play_moves(seat, s.hands[seat], [card], targets(s.game, seat), mirror=False), Pass(seat))


def drawn_why(p: DrawnPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Only the drawn card, alone and if it fits."""
    if isinstance(m, Play) and m.card is not p.card:
        return f"only the card just drawn ({p.card}) may be played now"
    if isinstance(m, Play) and m.mirror:
        return f"the drawn {p.card} is played alone, never as a Mirror: 'they may play the newly acquired card' (ruling 10)"
    if isinstance(m, Play) and p.card is not None and not fits(p.card, s.pile[-1], s.element):
        return f"the drawn {p.card} does not match {s.pile[-1]} (element in play {s.element}); pass"
    return f"seat {p.seat} may play the card it drew or pass"


def bonfire_legal(p: BonfirePhase, s: State) -> tuple[Move, ...]:
    """A second card of choice, or stop; with the hand emptied saying MALDICIÓN, the Curse."""
    seat, hand = p.seat, s.hands[p.seat]
    if hand:
        # "It allows the player to play a second card of their choice" (any card, ruling 14).
        return (*play_moves(seat, hand, distinct(hand), targets(s.game, seat), mirror=True), Pass(seat))
    if p.called:
        # "If the player has no card in hand to play, it allows the Curse to be discarded,
        # always provided that MALDICIÓN is said before discarding it."
        return (DiscardCurse(seat),)
    return (Pass(seat),)


def bonfire_why(p: BonfirePhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  The second card, or the Curse only with the hand emptied saying MALDICIÓN."""
    if isinstance(m, Play) and m.card not in s.hands[p.seat]:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play):
        return lone_mirror(p.seat, s.hands[p.seat], m) or _options_why(s, p.seat, m)
    if isinstance(m, DiscardCurse):
        if s.hands[p.seat]:
            return "Bonfire frees the Curse only when no card is left in hand"
        if s.game.ability_bonfire == "no_curse":
            return (
                "Bonfire frees the Curse only if MALDICIÓN was said when the hand emptied, and never when played "
                "through a Hero's ability: 'Abilities do NOT allow the Curse to be discarded' (ruling 47)"
            )
        return "Bonfire frees the Curse only if MALDICIÓN was said when the hand emptied"
    return "after a Bonfire: play a second card of choice, or pass"


# -- answering an attack ---------------------------------------------------------


def _answers(p: AttackPhase, s: State) -> list[Card]:
    return answers(s.hands[p.seat], p.figure, s.pile[-1], s.element)


def attack_legal(p: AttackPhase, s: State) -> tuple[Move, ...]:
    """Take the attack, or pass it on with the same card or a fitting Shield (never a Mirror)."""
    seat = p.seat
    moves = play_moves(seat, s.hands[seat], _answers(p, s), targets(s.game, seat), mirror=False)
    return (Accept(seat), *moves)


def attack_why(p: AttackPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  An attack is answered only with the same card or a fitting Shield, never a Mirror."""
    if isinstance(m, Play):
        if m.card not in s.hands[p.seat]:
            return f"seat {p.seat} holds no {m.card}"
        if m.mirror and m.card in _answers(p, s):
            return "a Mirror is played only in one's own turn, not to answer an attack (ruling 10)"
        if m.card.figure is Figure.SHIELD:
            return f"{m.card} does not match the element in play ({s.element}) nor a Shield"
        if p.figure is Figure.PARALYSE:
            return "a Paralyse can only be returned with a Shield (ruling 18)"
        if m.card.figure is not p.figure:
            return f"a {p.figure} is answered only with the same card or a Shield, not {m.card}"
        return _options_why(s, p.seat, m)
    return f"seat {p.seat} is attacked with {p.figure}: answer it or take it"


# -- the windows: Reflex, calling out a forgotten MALDICIÓN ------------------------


def reflex_legal(p: ReflexPhase, s: State) -> tuple[Move, ...]:
    """A card identical to the top one, or pass."""
    seat, top = p.seat, s.pile[-1]
    if len(s.hands[seat]) == 1:
        return (Reflex(seat, top, False), Reflex(seat, top, True), Pass(seat))
    return (Reflex(seat, top), Pass(seat))


def reflex_why(p: ReflexPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  A Reflex is only a card identical to the top one."""
    if isinstance(m, Reflex):
        return f"a Reflex discards a card IDENTICAL to the last card on the Discard Pile ({s.pile[-1]}), not {m.card}"
    return f"seat {p.seat} may discard a card identical to {s.pile[-1]} (Reflex) or pass"


def callout_legal(p: CalloutPhase, s: State) -> tuple[Move, ...]:
    """Call out the culprit, or pass."""
    return (CallOut(p.seat, p.culprit), Pass(p.seat))


def callout_why(p: CalloutPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Only the culprit can be called out."""
    return f"seat {p.culprit} forgot to say MALDICIÓN: seat {p.seat} may call it out (only seat {p.culprit}) or pass"


# -- PvP by choice -----------------------------------------------------------------


def choice_legal(p: HeroChoicePhase, s: State) -> tuple[Move, ...]:
    """Any Hero not taken yet."""
    taken = {h for h, shown in zip(s.heroes, s.heroes_shown, strict=True) if shown}
    return tuple(ChooseHero(p.seat, h) for h in Hero if h not in taken)


# -- the Heroes' abilities -----------------------------------------------------------


def ability_legal(p: AbilityPhase, s: State) -> tuple[Move, ...]:
    """Use the Hero's ability (with its choices), or decline it."""
    seat = p.seat
    hero = s.heroes[seat]
    uses: list[Move]
    if hero is Hero.TREA:
        # "All opponents must draw two cards ...; or Trea may choose a single opponent".
        uses = [UseAbility(seat), *(UseAbility(seat, target=o) for o in opponents(s.game, seat))]
    elif hero is Hero.EVERARD:
        # "Everard decides the next player in the round and the direction of the round."
        uses = [UseAbility(seat, target=o, direction=d) for o in opponents(s.game, seat) for d in (1, -1)]
    elif hero is Hero.EMMA:
        uses = [UseAbility(seat, element=e) for e in Element]
    else:
        uses = [UseAbility(seat)]
    # "It allows the player to use the Ability of their Hero" (optional, ruling 21).
    return (*uses, Pass(seat))


def everard_legal(p: EverardPhase, s: State) -> tuple[Move, ...]:
    """War Cry: any card of his hand."""
    hand = s.hands[p.seat]
    # "He then plays a card of his choice": on his turn, a Mirror too (ruling 10).
    return tuple(play_moves(p.seat, hand, distinct(hand), [], mirror=s.game.ability_mirror))


def everard_why(p: EverardPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  War Cry: a card of his hand, with no target and no early MALDICIÓN."""
    why = _mirror_why(s, p.seat, m, "Everard's War Cry card")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card not in s.hands[p.seat]:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play) and m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    return "War Cry: Everard plays a card of his choice from his hand (it CANNOT be evaded; no target, no early MALDICIÓN)"


def sigourney_legal(p: SigourneyPhase, s: State) -> tuple[Move, ...]:
    """Directed Arrows: the next card to any opponent."""
    return tuple(Deal(p.seat, o) for o in opponents(s.game, p.seat))


def cleric_legal(p: ClericPhase, s: State) -> tuple[Move, ...]:
    """Absolution: Buckminster discards any card; an opponent one of his element, or passes."""
    hand = s.hands[p.seat]
    if p.seat == p.cleric:
        # "Buckminster discards any card of his choice": on his turn, a Mirror too (ruling 10).
        return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))
    cards = [c for c in distinct(hand) if cleric_fits(c, p.match)]
    # The opponents discard out of their turn: one card each, never a Mirror.
    return (*_discards(p.seat, hand, cards, mirror=False), Pass(p.seat))


def cleric_why(p: ClericPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Absolution: his discard is free; an opponent discards one card of his element."""
    if p.seat != p.cleric and isinstance(m, Discard) and m.mirror:
        return (
            f"a Mirror is made only during one's own turn: seat {p.seat} discards during Buckminster's "
            "Absolution, out of its turn, one card (ruling 10)"
        )
    why = _mirror_why(s, p.seat, m, "Buckminster's discards")
    if why is not None:
        return why
    if p.seat != p.cleric and isinstance(m, Discard) and m.card in s.hands[p.seat]:
        return f"Absolution: discard a card of the cleric's element ({p.match}), not {m.card}"
    return (
        "Absolution: discard a card of your choice" if p.seat == p.cleric else "Absolution: discard or pass"
    )


def thief_legal(p: ThiefPhase, s: State) -> tuple[Move, ...]:
    """Cross Robbery: a card of hers to the next opponent, then a discard of her choice."""
    hand = s.hands[p.seat]
    if not p.queue:
        # "and finally discards one card of her choice" (on her turn, a Mirror too, ruling 10).
        return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))
    to = p.queue[0]
    out: list[Move] = []
    for card in distinct(hand):
        out.append(Give(p.seat, card, to, False))
        if len(hand) == 1:
            out.append(Give(p.seat, card, to, True))
    return tuple(out)


def thief_why(p: ThiefPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Cross Robbery: give a card to each opponent first, then discard."""
    if p.queue:
        return f"Cross Robbery: Odilia gives seat {p.queue[0]} one card of her hand before she discards"
    why = _mirror_why(s, p.seat, m, "Odilia's discard")
    if why is not None:
        return why
    return "Cross Robbery: Odilia finally discards one card of her choice"


def necromancer_legal(p: NecromancerPhase, s: State) -> tuple[Move, ...]:
    """Raise the Dead: Brishen discards any card."""
    hand = s.hands[p.seat]
    # "Brishen discards a card of his choice" (on his turn, a Mirror too, ruling 10).
    return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))


def necromancer_why(p: NecromancerPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Raise the Dead: a discard of his choice."""
    why = _mirror_why(s, p.seat, m, "Brishen's discard")
    if why is not None:
        return why
    return "Raise the Dead: Brishen discards one card of his choice"


def emma_cards(hand: Sequence[Card], element: Element) -> list[Card]:
    """Transmutation: the kinds of card in ``hand`` Emma may play, those of ``element``."""
    return [c for c in distinct(hand) if c.element is element]


def emma_legal(p: EmmaPhase, s: State) -> tuple[Move, ...]:
    """Transmutation: a card of the element, or stop."""
    hand = s.hands[p.seat]
    # "She then plays up to two cards of that element": on her turn, a Mirror too, counted as one (rulings 10, 48).
    cards = emma_cards(hand, p.element)
    plays = play_moves(p.seat, hand, cards, targets(s.game, p.seat), mirror=s.game.ability_mirror)
    return (*plays, Pass(p.seat))


def emma_why(p: EmmaPhase, s: State, m: Move) -> str:
    """Why ``m`` is refused.  Transmutation: cards of the element only."""
    why = _mirror_why(s, p.seat, m, "Emma's Transmutation")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card in s.hands[p.seat]:
        return f"Transmutation: Emma plays cards of {p.element} only, not {m.card}"
    return f"Transmutation: play a {p.element} card or stop"
