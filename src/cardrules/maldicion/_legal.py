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
    "ability_why",
    "attack_legal",
    "attack_why",
    "awaiting",
    "bonfire_legal",
    "bonfire_why",
    "callout_legal",
    "callout_why",
    "choice_legal",
    "choice_why",
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
    "name_why",
    "necromancer_legal",
    "necromancer_why",
    "play_moves",
    "reflex_legal",
    "reflex_why",
    "sigourney_legal",
    "sigourney_why",
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


def awaiting(p: Pending, m: Move) -> str:
    """The refusal of a move a decision does not offer: what the state awaits."""
    return f"{m} is not possible now (awaiting seat {p.seat}: {type(p).__name__})"


def _call_why(hand: Sequence[Card], mirror: bool, call: bool) -> str | None:
    """MALDICIÓN goes with the play (one card, or two as a Mirror) that leaves the hand empty, and only then."""
    if call and (2 if mirror else 1) != len(hand):
        return "MALDICIÓN is said only by the play that leaves the hand empty"
    return None


def _options_why(s: State, seat: int, m: Play, others: Sequence[int]) -> str | None:
    """Why the options of a play of a held card are refused, as :func:`_plays` makes them: a Gem's element,
    the target among ``others`` (in ``guild_war``, of a targeted card), MALDICIÓN; ``None`` if they fit."""
    if m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    if m.card.figure is not Figure.GEM and m.element is not None:
        return f"only an Elemental Gem names an element, not {m.card}"
    targeted = bool(others) and m.card.figure in TARGETED
    if m.target is not None and not targeted:
        return "only a Double Shot or Rain of Spears in guild_war chooses its target"
    if targeted and m.target is None:
        return "in guild_war a Double Shot or Rain of Spears names the opponent it attacks"
    if m.target is not None and not 0 <= m.target < s.game.players:
        return f"there is no seat {m.target} to attack"
    if m.target == seat:
        return "a seat cannot attack itself"
    if m.target is not None and m.target not in others:
        return f"seat {m.target} is no opponent of seat {seat}"
    return _call_why(s.hands[seat], m.mirror, m.call)


def _discard_why(s: State, seat: int, m: Discard, what: str, *, mirror: bool) -> str | None:
    """Why a discard in ``what`` is refused, as :func:`_discards` makes them (a Mirror when ``mirror``);
    ``None`` if it is offered."""
    hand = s.hands[seat]
    if m.card not in hand:
        return f"seat {seat} holds no {m.card}"
    if m.mirror and not mirror:
        why = _mirror_why(s, seat, m, what)
        if why is not None:
            return why
        return f"a Mirror is made only during one's own turn: seat {seat} discards one card (ruling 10)"
    if m.mirror and (lone := lone_mirror(seat, hand, m)) is not None:
        return lone
    return _call_why(hand, m.mirror, m.call)


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


def _curse_frees(s: State, seat: int) -> bool:
    """With no card left: the Curse may go on its own element (in ``hard``, on any)."""
    return s.game.difficulty == "hard" or s.curses[s.game.owner(seat)] is s.element


def _empty_hand_draws(s: State, seat: int) -> bool:
    """With no card left: a draw, unless only the Curse may go (its element is in play, not ``hard``)."""
    return s.game.difficulty == "hard" or s.curses[s.game.owner(seat)] is not s.element


def _turn_fits(card: Card, top: Card, element: Element | None) -> bool:
    """A card the turn may play: the element in play, the figure on top, or a Gem."""
    return card.element is element or card.figure is top.figure or card.figure is Figure.GEM


def _draws_too(s: State) -> bool:
    """``draw_when_able``: a seat that could play may draw instead, while there is a card to draw."""
    return s.game.draw_when_able and bool(s.deck or len(s.pile) > 1)


def turn_legal(p: TurnPhase, s: State) -> tuple[Move, ...]:
    """Play a card that fits, else draw; with no card left, the Curse."""
    seat = p.seat
    hand = s.hands[seat]
    game = s.game
    if not hand:
        # "It will be the last card to be discarded, since the prerequisite ... is having no other card".
        moves: list[Move] = [DiscardCurse(seat)] if _curse_frees(s, seat) else []
        if _empty_hand_draws(s, seat):
            moves.append(Draw(seat))
        return tuple(moves)
    top, element = s.pile[-1], s.element
    figure = top.figure
    cards: list[Card] = []
    last = None
    for c in hand:
        if c is not last:
            last = c
            if c.element is element or c.figure is figure or c.figure is Figure.GEM:  # _turn_fits, unrolled
                cards.append(c)
    plays = play_moves(seat, hand, cards, targets(game, seat), mirror=True)
    if not plays or _draws_too(s):
        plays.append(Draw(seat))
    return tuple(plays)


def turn_why(p: TurnPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  A card not held, a lone Mirror, a card that does not fit, a draw or
    the Curse out of time."""
    seat, hand = p.seat, s.hands[p.seat]
    top = s.pile[-1]
    if isinstance(m, Play):
        if m.card not in hand:
            return f"seat {seat} holds no {m.card}"
        if (lone := lone_mirror(seat, hand, m)) is not None:
            return lone
        if not fits(m.card, top, s.element):
            return f"{m.card} does not match {top}: play the same figure or the element in play ({s.element})"
        return _options_why(s, seat, m, targets(s.game, seat))
    if isinstance(m, Draw):
        if not hand:
            if _empty_hand_draws(s, seat):
                return None
            return (
                f"seat {seat} has no card left and its Curse is of the element in play: it discards the Curse"
            )
        if _draws_too(s) or not any(_turn_fits(c, top, s.element) for c in hand):
            return None
        return f"seat {seat} can play, and draws only when it has no card to play (ruling 6)"
    if isinstance(m, DiscardCurse):
        if hand:
            return f"the Curse is discarded last: seat {seat} still holds {len(hand)} cards"
        if _curse_frees(s, seat):
            return None
        return f"the Curse can only be discarded on its own element; the element in play is {s.element}"
    return f"it is seat {seat}'s turn: play a card, draw, or discard the Curse ({m} is none of these)"


# -- the starting Gem, the drawn card, Bonfire ---------------------------------


def name_legal(p: NameElementPhase, s: State) -> tuple[Move, ...]:
    """The starting Gem: name any element (ruling 3)."""
    return tuple(NameElement(p.seat, e) for e in Element)


def name_why(p: NameElementPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``: any element may be named (ruling 3)."""
    return None if isinstance(m, NameElement) else awaiting(p, m)


def drawn_legal(p: DrawnPhase, s: State) -> tuple[Move, ...]:
    """The card just drawn, if it fits; or keep it."""
    seat, card = p.seat, p.card
    assert card is not None
    if not fits(card, s.pile[-1], s.element):
        return (Pass(seat),)
    # "If it can be played, they may play the newly acquired card."
    return (*play_moves(seat, s.hands[seat], [card], targets(s.game, seat), mirror=False), Pass(seat))


def drawn_why(p: DrawnPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Only the drawn card, alone and if it fits."""
    if isinstance(m, Pass):
        return None
    if isinstance(m, Play) and m.card is not p.card:
        return f"only the card just drawn ({p.card}) may be played now"
    if isinstance(m, Play) and m.mirror:
        return f"the drawn {p.card} is played alone, never as a Mirror: 'they may play the newly acquired card' (ruling 10)"
    if isinstance(m, Play) and p.card is not None and not fits(p.card, s.pile[-1], s.element):
        return f"the drawn {p.card} does not match {s.pile[-1]} (element in play {s.element}); pass"
    if isinstance(m, Play):
        return _options_why(s, p.seat, m, targets(s.game, p.seat))
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


def bonfire_why(p: BonfirePhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  The second card, or the Curse only with the hand emptied saying
    MALDICIÓN."""
    hand = s.hands[p.seat]
    if isinstance(m, Play) and m.card not in hand:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play):
        return lone_mirror(p.seat, hand, m) or _options_why(s, p.seat, m, targets(s.game, p.seat))
    if isinstance(m, Pass):
        if hand or not p.called:
            return None
        return "the hand emptied saying MALDICIÓN: Bonfire frees the Curse now"
    if isinstance(m, DiscardCurse):
        if hand:
            return "Bonfire frees the Curse only when no card is left in hand"
        if p.called:
            return None
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


def attack_why(p: AttackPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  An attack is answered only with the same card or a fitting Shield,
    never a Mirror."""
    if isinstance(m, Accept):
        return None
    if isinstance(m, Play):
        if m.card not in s.hands[p.seat]:
            return f"seat {p.seat} holds no {m.card}"
        if m.card in _answers(p, s):
            if m.mirror:
                return "a Mirror is played only in one's own turn, not to answer an attack (ruling 10)"
            return _options_why(s, p.seat, m, targets(s.game, p.seat))
        if m.card.figure is Figure.SHIELD:
            return f"{m.card} does not match the element in play ({s.element}) nor a Shield"
        if p.figure is Figure.PARALYSE:
            return "a Paralyse can only be returned with a Shield (ruling 18)"
        return f"a {p.figure} is answered only with the same card or a Shield, not {m.card}"
    return f"seat {p.seat} is attacked with {p.figure}: answer it or take it"


# -- the windows: Reflex, calling out a forgotten MALDICIÓN ------------------------


def reflex_legal(p: ReflexPhase, s: State) -> tuple[Move, ...]:
    """A card identical to the top one, or pass."""
    seat, top = p.seat, s.pile[-1]
    if len(s.hands[seat]) == 1:
        return (Reflex(seat, top, False), Reflex(seat, top, True), Pass(seat))
    return (Reflex(seat, top), Pass(seat))


def reflex_why(p: ReflexPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  A Reflex is only a card identical to the top one."""
    if isinstance(m, Pass):
        return None
    if isinstance(m, Reflex) and m.card is s.pile[-1]:
        return _call_why(s.hands[p.seat], False, m.call)
    if isinstance(m, Reflex):
        return f"a Reflex discards a card IDENTICAL to the last card on the Discard Pile ({s.pile[-1]}), not {m.card}"
    return f"seat {p.seat} may discard a card identical to {s.pile[-1]} (Reflex) or pass"


def callout_legal(p: CalloutPhase, s: State) -> tuple[Move, ...]:
    """Call out the culprit, or pass."""
    return (CallOut(p.seat, p.culprit), Pass(p.seat))


def callout_why(p: CalloutPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Only the culprit can be called out."""
    if isinstance(m, Pass) or (isinstance(m, CallOut) and m.culprit == p.culprit):
        return None
    return f"seat {p.culprit} forgot to say MALDICIÓN: seat {p.seat} may call it out (only seat {p.culprit}) or pass"


# -- PvP by choice -----------------------------------------------------------------


def _taken(s: State) -> set[Hero]:
    return {h for h, shown in zip(s.heroes, s.heroes_shown, strict=True) if shown}


def choice_legal(p: HeroChoicePhase, s: State) -> tuple[Move, ...]:
    """Any Hero not taken yet."""
    taken = _taken(s)
    return tuple(ChooseHero(p.seat, h) for h in Hero if h not in taken)


def choice_why(p: HeroChoicePhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``: a Hero is chosen once."""
    if isinstance(m, ChooseHero):
        return f"{m.hero} is already taken" if m.hero in _taken(s) else None
    return awaiting(p, m)


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


def ability_why(p: AbilityPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``: the Hero's ability with the choices it takes, or declining it."""
    if isinstance(m, Pass):
        return None
    if not isinstance(m, UseAbility):
        return awaiting(p, m)
    hero = s.heroes[p.seat]
    others = opponents(s.game, p.seat)
    if hero is Hero.TREA:
        fine = m.direction is None and m.element is None and (m.target is None or m.target in others)
    elif hero is Hero.EVERARD:
        fine = m.element is None and m.target in others and m.direction in (1, -1)
    elif hero is Hero.EMMA:
        fine = m.target is None and m.direction is None and m.element is not None
    else:
        fine = m.target is None and m.direction is None and m.element is None
    return None if fine else f"{hero}'s ability takes other choices than {m}"


def everard_legal(p: EverardPhase, s: State) -> tuple[Move, ...]:
    """War Cry: any card of his hand."""
    hand = s.hands[p.seat]
    # "He then plays a card of his choice": on his turn, a Mirror too (ruling 10).
    return tuple(play_moves(p.seat, hand, distinct(hand), [], mirror=s.game.ability_mirror))


def everard_why(p: EverardPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  War Cry: a card of his hand, with no target and no early MALDICIÓN."""
    why = _mirror_why(s, p.seat, m, "Everard's War Cry card")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card not in s.hands[p.seat]:
        return f"seat {p.seat} holds no {m.card}"
    if isinstance(m, Play) and m.card.figure is Figure.GEM and m.element is None:
        return "an Elemental Gem must name the element it changes to"
    if isinstance(m, Play) and _options_why(s, p.seat, m, ()) is None:
        return None
    return "War Cry: Everard plays a card of his choice from his hand (it CANNOT be evaded; no target, no early MALDICIÓN)"


def sigourney_legal(p: SigourneyPhase, s: State) -> tuple[Move, ...]:
    """Directed Arrows: the next card to any opponent."""
    return tuple(Deal(p.seat, o) for o in opponents(s.game, p.seat))


def sigourney_why(p: SigourneyPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``: the next card goes to an opponent."""
    if isinstance(m, Deal) and m.to in opponents(s.game, p.seat):
        return None
    return awaiting(p, m)


def cleric_legal(p: ClericPhase, s: State) -> tuple[Move, ...]:
    """Absolution: Buckminster discards any card; an opponent one of his element, or passes."""
    hand = s.hands[p.seat]
    if p.seat == p.cleric:
        # "Buckminster discards any card of his choice": on his turn, a Mirror too (ruling 10).
        return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))
    cards = [c for c in distinct(hand) if cleric_fits(c, p.match)]
    # The opponents discard out of their turn: one card each, never a Mirror.
    return (*_discards(p.seat, hand, cards, mirror=False), Pass(p.seat))


def cleric_why(p: ClericPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Absolution: his discard is free; an opponent discards one card of
    his element."""
    cleric = p.seat == p.cleric
    if isinstance(m, Pass) and not cleric:
        return None
    if (
        isinstance(m, Discard)
        and (cleric or cleric_fits(m.card, p.match))
        and _discard_why(s, p.seat, m, "Buckminster's discards", mirror=cleric and s.game.ability_mirror)
        is None
    ):
        return None
    if p.seat != p.cleric and isinstance(m, Discard) and m.mirror:
        return (
            f"a Mirror is made only during one's own turn: seat {p.seat} discards during Buckminster's "
            "Absolution, out of its turn, one card (ruling 10)"
        )
    why = _mirror_why(s, p.seat, m, "Buckminster's discards")
    if why is not None:
        return why
    if p.seat != p.cleric and isinstance(m, Discard) and m.card in s.hands[p.seat]:
        if cleric_fits(m.card, p.match):
            return _call_why(s.hands[p.seat], False, m.call)
        return f"Absolution: discard a card of the cleric's element ({p.match}), not {m.card}"
    if isinstance(m, Discard) and (
        why := _discard_why(s, p.seat, m, "Buckminster's discards", mirror=cleric)
    ):
        return why
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


def thief_why(p: ThiefPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Cross Robbery: give a card to each opponent first, then discard."""
    hand = s.hands[p.seat]
    if p.queue:
        if isinstance(m, Give) and m.to == p.queue[0] and m.card in hand:
            return _call_why(hand, False, m.call)
        return f"Cross Robbery: Odilia gives seat {p.queue[0]} one card of her hand before she discards"
    why = _mirror_why(s, p.seat, m, "Odilia's discard")
    if why is not None:
        return why
    if isinstance(m, Discard):
        why = _discard_why(s, p.seat, m, "Odilia's discard", mirror=s.game.ability_mirror)
        if why is None or m.card not in hand:
            return why
    return "Cross Robbery: Odilia finally discards one card of her choice"


def necromancer_legal(p: NecromancerPhase, s: State) -> tuple[Move, ...]:
    """Raise the Dead: Brishen discards any card."""
    hand = s.hands[p.seat]
    # "Brishen discards a card of his choice" (on his turn, a Mirror too, ruling 10).
    return tuple(_discards(p.seat, hand, distinct(hand), mirror=s.game.ability_mirror))


def necromancer_why(p: NecromancerPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Raise the Dead: a discard of his choice."""
    why = _mirror_why(s, p.seat, m, "Brishen's discard")
    if why is not None:
        return why
    if isinstance(m, Discard):
        why = _discard_why(s, p.seat, m, "Brishen's discard", mirror=s.game.ability_mirror)
        if why is None or m.card not in s.hands[p.seat]:
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


def emma_why(p: EmmaPhase, s: State, m: Move) -> str | None:
    """Why ``m`` is refused, or ``None``.  Transmutation: cards of the element only."""
    if isinstance(m, Pass):
        return None
    why = _mirror_why(s, p.seat, m, "Emma's Transmutation")
    if why is not None:
        return why
    if isinstance(m, Play) and m.card in s.hands[p.seat]:
        if m.card.element is p.element and (m.mirror is False or s.game.ability_mirror):
            return _options_why(s, p.seat, m, targets(s.game, p.seat))
        return f"Transmutation: Emma plays cards of {p.element} only, not {m.card}"
    return f"Transmutation: play a {p.element} card or stop"
