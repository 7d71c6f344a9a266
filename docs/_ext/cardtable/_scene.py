"""A card table as plain values, and its drawing as SVG.

A :class:`Scene` is what one seat sees at a decision: its own hand face up,
the other seats' hands as backs, the cards in front of each seat (a trick, a
pile, laid-down combinations) and the cards in the middle.  The games'
adapters (``_games``) build scenes from real views; :func:`svg` draws them with
no asset but the text of the SVG itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

import attrs

__all__ = ["Face", "Group", "Scene", "Seat", "svg"]

WIDTH = 800
HEIGHT = 560
CY = 272
CARD_W = 48
CARD_H = 68
SMALL = 0.84
FELT = "#2e6b4a"
BACK = "#34508a"
PAPER = "#fffdf6"


@attrs.frozen
class Face:
    """A card face up: a corner mark, the middle (a suit sign or a few words) and its colours.

    ``band`` is a colour strip along the top (a card's colour or element); ``corner`` may be empty.
    """

    corner: str
    middle: str
    ink: str = "#1d1d1d"
    band: str | None = None


@attrs.frozen
class Group:
    """Cards shown together under a caption (the trump card, the top of a pile), or a stack of ``backs``."""

    caption: str
    cards: tuple[Face, ...] = ()
    backs: int = 0


@attrs.frozen
class Seat:
    """One seat: its label lines, its hand (faces for the seat that looks, else a count) and what lies before it.

    ``backs`` colours the backs of a hidden hand one by one (Mala Suerte's coloured backs); empty means plain.
    """

    label: tuple[str, ...]
    hand: tuple[Face, ...] = ()
    hidden: int = 0
    backs: tuple[str, ...] = ()
    front: tuple[Face, ...] = ()
    to_move: bool = False
    out: bool = False


@attrs.frozen
class Scene:
    """The table seen from ``seats[viewer]``: seats in turn order, the middle, and a caption."""

    title: str
    seats: tuple[Seat, ...]
    viewer: int
    middle: tuple[Group, ...]
    caption: str


def _text(x: float, y: float, text: str, size: float, *, fill: str = "#1d1d1d", anchor: str = "middle",
          weight: str = "normal") -> str:  # fmt: skip
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{fill}" text-anchor="{anchor}" '
        f'font-weight="{weight}">{escape(text)}</text>'
    )


def _wrap(words: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters (a longer word gets a line of its own)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _face(face: Face, x: float, y: float, scale: float = 1.0) -> str:
    """One card face up with its top left corner at ``(x, y)``."""
    w, h = CARD_W * scale, CARD_H * scale
    parts = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{5 * scale:.1f}" '
             f'fill="{PAPER}" stroke="#555" stroke-width="0.8"/>']  # fmt: skip
    if face.band is not None:
        parts.append(f'<rect x="{x + 3 * scale:.1f}" y="{y + 3 * scale:.1f}" width="{w - 6 * scale:.1f}" '
                     f'height="{7 * scale:.1f}" rx="{2 * scale:.1f}" fill="{face.band}"/>')  # fmt: skip
    top = y + (10 if face.band is None else 19) * scale
    if face.corner:
        parts.append(_text(x + 5 * scale, top + 4 * scale, face.corner, 13 * scale, fill=face.ink, anchor="start",
                           weight="bold"))  # fmt: skip
    if len(face.middle) <= 2:
        parts.append(_text(x + w / 2, y + h * 0.72, face.middle, 26 * scale, fill=face.ink))
    else:
        lines = _wrap(face.middle, 10)[:3]
        size = min(9.5, 76 / max(len(line) for line in lines)) * scale
        first = y + h * 0.62 - (len(lines) - 1) * size * 0.55
        parts.extend(_text(x + w / 2, first + i * size * 1.1, line, size, fill=face.ink)
                     for i, line in enumerate(lines))  # fmt: skip
    return "".join(parts)


def _back(x: float, y: float, colour: str, scale: float) -> str:
    w, h = CARD_W * scale, CARD_H * scale
    inset = 4 * scale
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{5 * scale:.1f}" fill="{colour}" '
        f'stroke="#f4f1e8" stroke-width="1.2"/>'
        f'<rect x="{x + inset:.1f}" y="{y + inset:.1f}" width="{w - 2 * inset:.1f}" height="{h - 2 * inset:.1f}" '
        f'rx="{3 * scale:.1f}" fill="none" stroke="#f4f1e8" stroke-opacity="0.55" stroke-width="0.8"/>'
    )


def _row(faces: Sequence[Face], cx: float, y: float, scale: float, room: float) -> str:
    """Faces side by side centred on ``cx``, overlapping when they need more than ``room`` pixels."""
    if not faces:
        return ""
    w = CARD_W * scale
    step = min(w + 4, (room - w) / max(len(faces) - 1, 1))
    left = cx - (w + step * (len(faces) - 1)) / 2
    return "".join(_face(face, left + i * step, y, scale) for i, face in enumerate(faces))


def _backs(seat: Seat, cx: float, y: float, scale: float) -> str:
    shown = min(seat.hidden, 6)
    if shown == 0:
        return _text(cx, y + CARD_H * scale / 2, "no cards", 11, fill="#e8efe9")
    colours = seat.backs or (BACK,) * shown
    step = 7 * scale
    left = cx - (CARD_W * scale + step * (shown - 1)) / 2
    return "".join(_back(left + i * step, y, colours[i % len(colours)], scale) for i in range(shown))


def _anchor(index: int, scene: Scene) -> tuple[float, float]:
    """Where a seat sits: the viewer at the bottom, the next seats clockwise (left, then across)."""
    n = len(scene.seats)
    angle = math.pi / 2 + 2 * math.pi * ((index - scene.viewer) % n) / n
    return WIDTH / 2 + 318 * math.cos(angle), CY + 160 * math.sin(angle)


def _label(seat: Seat, x: float, y: float) -> str:
    colour = "#ffd866" if seat.to_move else ("#9fb5a8" if seat.out else "#f4f1e8")
    return "".join(
        _text(x, y + i * 14, line, 12.5 if i == 0 else 11, fill=colour, weight="bold" if i == 0 else "normal")
        for i, line in enumerate(seat.label)
    )


def _middle(groups: Sequence[Group]) -> str:
    if not groups:
        return ""
    widths = [
        max(len(g.cards) * (CARD_W * SMALL + 3), min(len(g.caption), 72) * 6.4, 40) + 16 for g in groups
    ]
    x = WIDTH / 2 - sum(widths) / 2
    top = CY - CARD_H * SMALL / 2 - 6
    parts = []
    for group, width in zip(groups, widths, strict=True):
        if group.backs:
            parts.append(_backs(Seat((), hidden=group.backs), x + width / 2, top, SMALL))
        parts.append(_row(group.cards, x + width / 2, top, SMALL, width))
        for i, line in enumerate(_wrap(group.caption, 72)):
            parts.append(_text(x + width / 2, top + CARD_H * SMALL + 15 + 14 * i, line, 11, fill="#f4f1e8"))
        x += width
    return "".join(parts)


def svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (its text; no fonts or images are referenced)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" aria-label="{escape(scene.title)}">',
        f"<title>{escape(scene.title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="#1f4a33"/>',
        f'<ellipse cx="{WIDTH / 2}" cy="{CY}" rx="300" ry="150" fill="{FELT}" stroke="#5d8f72" stroke-width="3"/>',
    ]
    for index, seat in enumerate(scene.seats):
        x, y = _anchor(index, scene)
        if index == scene.viewer:
            scale = 1.0 if len(seat.hand) <= 10 else 0.85
            parts.append(_row(seat.hand, WIDTH / 2, HEIGHT - CARD_H * scale - 40, scale, 600))
            one_line = attrs.evolve(seat, label=(seat.label[0], " · ".join(seat.label[1:])))
            parts.append(_label(one_line, WIDTH / 2, HEIGHT - 22))
            if seat.front:
                parts.append(_row(seat.front, WIDTH / 2, CY + 62, SMALL, 300))
            continue
        top = y - CARD_H * SMALL / 2 - 10
        parts.append(_backs(seat, x, top, SMALL))
        above = y < CY - 40
        parts.append(
            _label(seat, x, top - 8 - 14 * (len(seat.label) - 1) if above else top + CARD_H * SMALL + 14)
        )
        if seat.front:
            fx, fy = x + (WIDTH / 2 - x) * 0.42, y + (CY - y) * 0.42
            parts.append(_row(seat.front, fx, fy - CARD_H * SMALL / 2, SMALL, 190))
    parts.append(_middle(scene.middle))
    parts.append(_text(16, 24, scene.caption, 12, fill="#f4f1e8", anchor="start"))
    parts.append("</svg>")
    return "\n".join(parts)
