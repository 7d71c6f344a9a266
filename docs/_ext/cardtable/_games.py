"""Scenes of the five games, each built from one seat's real view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules import magyar_nepmesek, mala_e_cuia, mala_suerte, maldicion, malilla

from ._scene import Face, Group, Scene, Seat

__all__ = ["SCENES", "scene"]

RED = "#c0392b"
INK = "#1d1d1d"
#: Mala Suerte's three colours and La Maldición's four elements, as drawn.
COLOURS = {"red": "#d64541", "yellow": "#e5b800", "blue": "#3b6fd1"}
ELEMENTS = {
    "fire": "#e0542c",
    "water": "#2f7fd3",
    "plant": "#3e9b4f",
    "lightning": "#b08d00",
    None: "#777777",
}
#: Mala Suerte's effects by a sign each, so that a card reads at a glance.
EFFECT_SIGNS = {"Clover": "♣", "Crows": "✶", "Black Cat": "◆", "Evil Eye": "◉", "Horseshoe": "∩",
                "Spilled Salt": "∴", "Broken Mirror": "◇"}  # fmt: skip


def _label(seat: int, view: Any, *lines: str) -> tuple[str, ...]:
    you = " (you)" if seat == view.seat else ""
    return (f"seat {seat}{you}", *(line for line in lines if line))


def _malilla(view: malilla.View) -> Scene:
    def face(card: malilla.Card) -> Face:
        text = str(card)
        return Face(text[:-1], text[-1], RED if text[-1] in "♥♦" else INK)

    played = {(view.leader + i) % 4: card for i, card in enumerate(view.trick)}
    seats = tuple(
        Seat(
            _label(
                s,
                view,
                f"side {s % 2} · {view.hand_sizes[s]} cards" + (" · dealer" if s == view.dealer else ""),
            ),
            hand=tuple(face(c) for c in view.hand) if s == view.seat else (),
            hidden=view.hand_sizes[s],
            front=(face(played[s]),) if s in played else (),
            to_move=s == view.current_player,
        )
        for s in range(4)
    )
    held = "still with the dealer" if view.trump_with_dealer else "since played"
    trump = f"trump {str(view.trump)[-1]}: the dealer's turned card, {held}"
    won = sum(t.winner % 2 == view.seat % 2 for t in view.tricks)
    caption = (f"Malilla, hand {view.hand_number}: sides {view.scores[0]}–{view.scores[1]}; "
               f"trick {len(view.tricks) + 1} of 10, seat {view.seat}'s side has won {won}")  # fmt: skip
    return Scene("A Malilla table", seats, view.seat, (Group(trump, (face(view.trump),)),), caption)


def _mala_suerte(view: mala_suerte.View) -> Scene:
    def face(card: mala_suerte.Card) -> Face:
        kind = str(card.kind)
        return Face(EFFECT_SIGNS.get(kind, ""), kind, INK, COLOURS[str(card.colour)])

    def backs(seat: int) -> tuple[str, ...]:
        red, yellow, blue = view.hand_colours[seat] if view.hand_colours else (0, 0, 0)
        return (COLOURS["red"],) * red + (COLOURS["yellow"],) * yellow + (COLOURS["blue"],) * blue

    seats = tuple(
        Seat(
            _label(s, view, f"{view.hand_sizes[s]} cards" if view.alive[s] else "out"),
            hand=tuple(face(c) for c in view.hand) if s == view.seat else (),
            hidden=view.hand_sizes[s],
            backs=backs(s),
            front=tuple(face(c) for c in view.piles[s][-3:]),
            to_move=s == view.current_player,
            out=not view.alive[s],
        )
        for s in range(len(view.hand_sizes))
    )
    middle = [Group(f"deck: {view.deck_size}", backs=view.deck_size)]
    if view.discard:
        middle.append(Group("discard", (face(view.discard[-1]),)))
    way = "clockwise" if view.clockwise else "counter-clockwise"
    caption = f"Mala Suerte: each seat's pile in front of it, the backs show their colours; play goes {way}"
    return Scene("A Mala Suerte table", seats, view.seat, tuple(middle), caption)


def _maldicion(view: maldicion.View) -> Scene:
    def face(card: maldicion.Card) -> Face:
        element = None if card.element is None else card.element.value
        return Face(
            f"{card.hp:+d}" if card.hp else "", str(card.figure), ELEMENTS[element], ELEMENTS[element]
        )

    def lines(seat: int) -> tuple[str, ...]:
        hero = view.hero if seat == view.seat else view.heroes[seat]
        curse = f"Curse: {view.curse}" if seat == view.seat and view.curse else ""
        count = f"{view.hp[seat]} HP" if view.hp else f"{view.hand_sizes[seat]} cards"
        return _label(seat, view, count, "" if hero is None else str(hero), curse)

    players = len(view.hand_sizes)
    seats = tuple(
        Seat(
            lines(s),
            hand=tuple(face(c) for c in view.hand) if s == view.seat else (),
            hidden=view.hand_sizes[s],
            to_move=s == view.current_player,
        )
        for s in range(players)
    )
    middle = (
        Group(f"deck: {view.deck_size}", backs=view.deck_size),
        Group(f"Discard Pile · {view.element or 'any'} in play", tuple(face(c) for c in view.pile[-3:])),
    )
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    caption = f"La Maldición, {view.game.mode.replace('_', ' ')}: card numbers are HP, play goes {way}"
    return Scene("A La Maldición table", seats, view.seat, middle, caption)


def _magyar_nepmesek(view: magyar_nepmesek.View) -> Scene:
    kinds = {kind.id: kind for kind in view.game.deck.kinds}

    def face(card: str) -> Face:
        kind = kinds[card]
        name = kind.name.rpartition("(")[2].rstrip(")") if "(" in kind.name else kind.name
        value = f"{kind.value:+d}" if kind.value else ""
        ink = RED if kind.value < 0 else INK
        return Face(
            value,
            name.split(" ", 1)[1] if name[:1] in "+-" else name,
            ink,
            "#8e5bb5" if kind.value < 0 else None,
        )

    scores = view.scores
    seats = tuple(
        Seat(
            _label(s, view, f"{scores[s]} points · {view.hand_sizes[s]} cards"),
            hand=tuple(face(c) for c in view.hand) if s == view.seat else (),
            hidden=view.hand_sizes[s],
            front=tuple(face(c) for meld in view.melds[s] for c in meld.cards)[-5:],
            to_move=s == view.current_player,
        )
        for s in range(len(view.hand_sizes))
    )
    middle = [Group(f"draw pile: {view.draw_size}", backs=view.draw_size)]
    if view.discard:
        middle.append(Group("discard", (face(view.discard[-1]),)))
    caption = "Magyar népmesék: laid-down combinations in front of each seat, purple cards count against"
    return Scene("A Magyar népmesék table", seats, view.seat, tuple(middle), caption)


def _mala_e_cuia(view: mala_e_cuia.View) -> Scene:
    names = view.game.deck.names
    own = tuple(Face("", names[f], INK, "#7fb3a3") for f in sorted(view.tile.general))
    if view.tile.bonus is not None:
        own += (Face("★", names[view.tile.bonus], INK, "#e5b800"),)
    seats = tuple(
        Seat(
            _label(s, view, f"{view.scores[s]} points · {view.tile_sizes[s]} of 4 packed"),
            hand=own if s == view.seat else (),
            hidden=view.tile_sizes[s],
            to_move=s == view.current_player,
        )
        for s in range(len(view.tile_sizes))
    )
    table = tuple(Face("", item.name, INK, "#7fb3a3") for item in view.items)
    situation = view.situation
    middle = (Group(f"Situation: {situation.general}. Bonus: {situation.bonus}.", table),)
    mode = (
        f"round {view.progress.round} of 4"
        if isinstance(view.progress, mala_e_cuia.Competition)
        else "cooperative"
    )
    caption = f"Mala e Cuia, {mode}: the items on the table, and the tile of the seat to write"
    return Scene("A Mala e Cuia table", seats, view.seat, middle, caption)


#: Each game's scene from a view of it.
SCENES: dict[str, Callable[[Any], Scene]] = {
    "malilla": _malilla,
    "mala_suerte": _mala_suerte,
    "maldicion": _maldicion,
    "magyar_nepmesek": _magyar_nepmesek,
    "mala_e_cuia": _mala_e_cuia,
}


def scene(view: Any) -> Scene:
    """The table as ``view``'s seat sees it."""
    return SCENES[view.game.name](view)
