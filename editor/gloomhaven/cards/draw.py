"""Drawing kit for Gloomhaven cards: fonts, card frames, banners, wrapped text and icons.

Everything paints in card units (0.1 mm, see :mod:`questforge.editor.cards`). Icons are
painted shapes or a glyph on a coloured disc, chosen so each reads at a glance and in
greyscale: the shape differs, not only the colour, and a text line always names the
element or condition next to its icon.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from questforge.engine.gloomhaven.constants import ELEMENTS

INK = QColor("#1d1a17")
PAPER = QColor("#f4ead3")
PAPER_DARK = QColor("#e3d3ae")
FRAME = QColor("#3b2f25")
ELITE = QColor("#e2b007")
WHITE = QColor("white")
STEEL = QColor("#7d8c99")
BLOOD = QColor("#c8242b")
VIOLET = QColor("#6c5a8a")
SERIF = "DejaVu Serif"
SANS = "DejaVu Sans"

ELEMENT_COLOURS = {
    "fire": QColor("#e2531b"),
    "ice": QColor("#5fb7e5"),
    "air": QColor("#a9b8c2"),
    "earth": QColor("#5f8f2e"),
    "light": QColor("#f2c12e"),
    "dark": QColor("#4b3a6e"),
    "any": QColor("#8d8d8d"),
}
#: (disc colour, glyph) per condition; the word is printed beside the icon too
CONDITIONS = {
    "poison": (QColor("#3f8f3a"), "☣"),
    "wound": (QColor("#b3202a"), "✚"),
    "immobilize": (QColor("#2f4d7a"), "⚓"),
    "disarm": (QColor("#6b6b6b"), "✖"),
    "stun": (QColor("#c9a100"), "✦"),
    "muddle": (QColor("#7a4f9a"), "?"),
    "curse": (QColor("#4a1f5c"), "☠"),
    "invisible": (QColor("#9aa7b3"), "◌"),
    "strengthen": (QColor("#d2691e"), "▲"),
    "bless": (QColor("#d9b526"), "☀"),
}
ELEMENT_GLYPHS = {
    "fire": "",  # painted flame
    "ice": "❄",
    "air": "☁",
    "earth": "☘",
    "light": "☀",
    "dark": "☾",
    "any": "★",
}


def as_list(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one (a form may hold anything)."""
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def bind(func: Callable[..., None], *args: Any) -> Callable[[QPainter], None]:
    """A face's paint callback: ``func(painter, *args)`` (args bound now, not by name)."""

    def paint(p: QPainter) -> None:
        func(p, *args)

    return paint


def font(px: float, bold: bool = False, serif: bool = False, italic: bool = False) -> QFont:
    f = QFont(SERIF if serif else SANS)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def text(
    p: QPainter,
    rect: QRectF,
    value: str,
    px: float,
    *,
    bold: bool = False,
    serif: bool = False,
    italic: bool = False,
    colour: QColor = INK,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
) -> None:
    p.setFont(font(px, bold, serif, italic))
    p.setPen(colour)
    p.drawText(rect, int(align), value)


def fit_px(value: str, width: float, px: float, bold: bool = False, serif: bool = False) -> float:
    """The largest size up to ``px`` at which ``value`` fits on one line of ``width``."""
    while px > 12:
        if QFontMetricsF(font(px, bold, serif)).horizontalAdvance(value) <= width:
            return px
        px *= 0.92
    return px


def wrapped(
    p: QPainter,
    rect: QRectF,
    value: str,
    px: float,
    *,
    bold: bool = False,
    serif: bool = False,
    italic: bool = False,
    colour: QColor = INK,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
) -> float:
    """Word-wrapped text shrunk until it fits ``rect``; returns the height used."""
    flags = int(align | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)
    size = px
    while True:
        metrics = QFontMetricsF(font(size, bold, serif, italic))
        used = metrics.boundingRect(rect, flags, value)
        if used.height() <= rect.height() or size <= 12:
            break
        size *= 0.92
    p.setFont(font(size, bold, serif, italic))
    p.setPen(colour)
    p.drawText(rect, flags, value)
    return min(used.height(), rect.height())


def text_height(
    value: str, width: float, px: float, bold: bool = False, italic: bool = False
) -> float:
    flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
    metrics = QFontMetricsF(font(px, bold, False, italic))
    return metrics.boundingRect(QRectF(0, 0, width, 10000), flags, value).height()


def text_width(value: str, px: float, bold: bool = False, serif: bool = False) -> float:
    return QFontMetricsF(font(px, bold, serif)).horizontalAdvance(value)


# --------------------------------------------------------------------------- card parts
def card_frame(p: QPainter, size: QRectF, accent: QColor, paper: QColor = PAPER) -> None:
    """Rounded card with a dark rim, an accent inner line and a parchment gradient."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(FRAME)
    p.drawRoundedRect(size, 32, 32)
    inner = size.adjusted(14, 14, -14, -14)
    grad = QLinearGradient(inner.topLeft(), inner.bottomRight())
    grad.setColorAt(0.0, paper.lighter(104))
    grad.setColorAt(1.0, paper.darker(106))
    p.setBrush(QBrush(grad))
    p.drawRoundedRect(inner, 22, 22)
    p.setPen(QPen(accent, 6))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner.adjusted(8, 8, -8, -8), 16, 16)


def banner(p: QPainter, rect: QRectF, title: str, accent: QColor, px: float = 50) -> None:
    """A title ribbon: accent band with notched ends and the title in serif capitals."""
    notch = rect.height() * 0.35
    poly = QPolygonF(
        [
            QPointF(rect.left(), rect.top()),
            QPointF(rect.right(), rect.top()),
            QPointF(rect.right() - notch, rect.center().y()),
            QPointF(rect.right(), rect.bottom()),
            QPointF(rect.left(), rect.bottom()),
            QPointF(rect.left() + notch, rect.center().y()),
        ]
    )
    p.setPen(QPen(FRAME, 4))
    p.setBrush(accent)
    p.drawPolygon(poly)
    inner = rect.adjusted(notch + 6, 0, -notch - 6, 0)
    size = fit_px(title, inner.width(), px, bold=True, serif=True)
    text(p, inner, title, size, bold=True, serif=True, colour=QColor("#fffaf0"))


def badge(
    p: QPainter, centre: QPointF, radius: float, value: str, fill: QColor, px: float | None = None
) -> None:
    """A round badge with a number or a short word (level, initiative, card number)."""
    p.setPen(QPen(FRAME, max(3.0, radius * 0.1)))
    p.setBrush(fill)
    p.drawEllipse(centre, radius, radius)
    rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    size = px or radius * (1.1 if len(value) <= 2 else 0.75)
    dark = fill.lightness() > 150
    text(p, rect, value, size, bold=True, serif=True, colour=INK if dark else QColor("#fffaf0"))


def divider(p: QPainter, y: float, left: float, right: float, colour: QColor = FRAME) -> None:
    p.setPen(QPen(colour, 4))
    p.drawLine(QPointF(left, y), QPointF(right, y))
    mid = (left + right) / 2
    p.setBrush(colour)
    p.drawPolygon(
        QPolygonF(
            [QPointF(mid - 14, y), QPointF(mid, y - 10), QPointF(mid + 14, y), QPointF(mid, y + 10)]
        )
    )


def hex_diagram(p: QPainter, rect: QRectF, hexes: list[list[int]], melee: bool) -> None:
    """An area-of-effect pattern: red hexes, the attacker's grey hex for a melee pattern."""
    cells: list[tuple[int, int, str]] = [
        (int(h[0]), int(h[1]), "red")
        for h in hexes
        if isinstance(h, list) and len(h) == 2 and all(isinstance(v, int) for v in h)
    ][:37]
    if melee:
        cells.append((0, 0, "grey"))
    if not cells:
        return
    # flat-topped axial -> pixel for unit size, then fit
    pts = [(1.5 * q, math.sqrt(3) * (r + q / 2)) for q, r, _c in cells]
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    w = max(xs) - min(xs) + 2.0
    h = max(ys) - min(ys) + math.sqrt(3)
    size = min(rect.width() / w, rect.height() / h)
    ox = rect.center().x() - (min(xs) + max(xs)) / 2 * size
    oy = rect.center().y() - (min(ys) + max(ys)) / 2 * size
    for (x, y), (_q, _r, colour) in zip(pts, cells, strict=True):
        poly = QPolygonF(
            [
                QPointF(
                    ox + x * size + size * 0.95 * math.cos(math.radians(60 * i)),
                    oy + y * size + size * 0.95 * math.sin(math.radians(60 * i)),
                )
                for i in range(6)
            ]
        )
        p.setPen(QPen(FRAME, max(1.5, size * 0.08)))
        p.setBrush(QColor("#c8242b") if colour == "red" else QColor("#9a958c"))
        p.drawPolygon(poly)


def slot_mark(p: QPainter, centre: QPointF, radius: float, shape: str) -> None:
    """An empty enhancement sticker slot (GH-ENH-03), printed after its line: a ring, or
    a small hexagon for a slot that only takes an attack hex."""
    p.save()
    p.setPen(QPen(FRAME, max(1.5, radius * 0.3)))
    p.setBrush(QColor("#fffaf0"))
    if shape == "hex":
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(
                        centre.x() + radius * 1.15 * math.cos(math.radians(60 * i)),
                        centre.y() + radius * 1.15 * math.sin(math.radians(60 * i)),
                    )
                    for i in range(6)
                ]
            )
        )
    else:
        p.drawEllipse(centre, radius, radius)
    p.restore()


# --------------------------------------------------------------------------- icons
def _disc(p: QPainter, r: QRectF, fill: QColor, rim: QColor = FRAME) -> None:
    p.setPen(QPen(rim, max(2.0, r.width() * 0.06)))
    p.setBrush(fill)
    p.drawEllipse(
        r.adjusted(r.width() * 0.04, r.height() * 0.04, -r.width() * 0.04, -r.height() * 0.04)
    )


def _glyph(p: QPainter, r: QRectF, glyph: str, colour: QColor = WHITE, scale: float = 0.62) -> None:
    text(p, r, glyph, r.height() * scale, bold=True, colour=colour)


def _flame(p: QPainter, r: QRectF, colour: QColor) -> None:
    c, s = r.center(), r.width() / 2
    path = QPainterPath()
    path.moveTo(c.x(), c.y() - s * 0.7)
    path.cubicTo(
        c.x() + s * 0.2,
        c.y() - s * 0.25,
        c.x() + s * 0.6,
        c.y() - s * 0.1,
        c.x() + s * 0.45,
        c.y() + s * 0.35,
    )
    path.cubicTo(
        c.x() + s * 0.35,
        c.y() + s * 0.65,
        c.x() - s * 0.35,
        c.y() + s * 0.65,
        c.x() - s * 0.45,
        c.y() + s * 0.35,
    )
    path.cubicTo(
        c.x() - s * 0.55,
        c.y() + s * 0.05,
        c.x() - s * 0.25,
        c.y() - s * 0.2,
        c.x(),
        c.y() - s * 0.7,
    )
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPath(path)


def element_icon(p: QPainter, r: QRectF, element: str) -> None:
    fill = ELEMENT_COLOURS.get(element, ELEMENT_COLOURS["any"])
    _disc(p, r, fill)
    if element == "fire":
        _flame(
            p,
            r.adjusted(r.width() * 0.18, r.height() * 0.18, -r.width() * 0.18, -r.height() * 0.12),
            QColor("#ffd54a"),
        )
    elif element == "any":
        # the wild element: a disc split into the six element colours
        p.setPen(Qt.PenStyle.NoPen)
        inner = r.adjusted(
            r.width() * 0.14, r.height() * 0.14, -r.width() * 0.14, -r.height() * 0.14
        )
        for i, name in enumerate(ELEMENTS):
            p.setBrush(ELEMENT_COLOURS[name])
            p.drawPie(inner, (90 + 60 * i) * 16, 60 * 16)
    else:
        glyph_colour = INK if element in ("light", "air") else QColor("white")
        _glyph(p, r, ELEMENT_GLYPHS.get(element, "?"), glyph_colour)


def condition_icon(p: QPainter, r: QRectF, condition: str) -> None:
    fill, glyph = CONDITIONS.get(condition, (QColor("#777777"), "?"))
    _disc(p, r, fill)
    _glyph(p, r, glyph, INK if condition in ("stun", "bless", "invisible") else QColor("white"))


def _sword(p: QPainter, r: QRectF) -> None:
    p.save()
    p.translate(r.center())
    p.rotate(-45)
    s = r.width() / 2
    p.setPen(QPen(FRAME, s * 0.08))
    p.setBrush(QColor("#d9dde0"))
    blade = QPolygonF(
        [
            QPointF(-s * 0.12, s * 0.35),
            QPointF(-s * 0.12, -s * 0.7),
            QPointF(0, -s * 0.92),
            QPointF(s * 0.12, -s * 0.7),
            QPointF(s * 0.12, s * 0.35),
        ]
    )
    p.drawPolygon(blade)
    p.setBrush(QColor("#8a5a2b"))
    p.drawRect(QRectF(-s * 0.42, s * 0.32, s * 0.84, s * 0.14))
    p.drawRect(QRectF(-s * 0.08, s * 0.46, s * 0.16, s * 0.36))
    p.drawEllipse(QPointF(0, s * 0.88), s * 0.1, s * 0.1)
    p.restore()


def _boot(p: QPainter, r: QRectF) -> None:
    """Move: a boot."""
    s = r.width()
    x, y = r.left(), r.top()
    path = QPainterPath()
    path.moveTo(x + s * 0.28, y + s * 0.1)
    path.lineTo(x + s * 0.58, y + s * 0.1)
    path.lineTo(x + s * 0.58, y + s * 0.55)
    path.quadTo(x + s * 0.92, y + s * 0.6, x + s * 0.92, y + s * 0.82)
    path.lineTo(x + s * 0.18, y + s * 0.82)
    path.lineTo(x + s * 0.28, y + s * 0.1)
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(QColor("#6e4a2a"))
    p.drawPath(path)
    p.setPen(QPen(QColor("#3d2815"), s * 0.06))
    p.drawLine(QPointF(x + s * 0.18, y + s * 0.88), QPointF(x + s * 0.92, y + s * 0.88))


def _wing(p: QPainter, r: QRectF) -> None:
    s = r.width()
    x, y = r.left(), r.top()
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(QColor("#eef3f7"))
    path = QPainterPath()
    path.moveTo(x + s * 0.1, y + s * 0.75)
    path.quadTo(x + s * 0.2, y + s * 0.1, x + s * 0.9, y + s * 0.15)
    path.quadTo(x + s * 0.7, y + s * 0.35, x + s * 0.8, y + s * 0.4)
    path.quadTo(x + s * 0.6, y + s * 0.5, x + s * 0.7, y + s * 0.6)
    path.quadTo(x + s * 0.45, y + s * 0.65, x + s * 0.1, y + s * 0.75)
    p.drawPath(path)


def _jump(p: QPainter, r: QRectF) -> None:
    s = r.width()
    p.setPen(QPen(FRAME, s * 0.09, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(r.adjusted(s * 0.1, s * 0.25, -s * 0.1, s * 0.45), 20 * 16, 140 * 16)
    tip = QPointF(r.right() - s * 0.14, r.top() + s * 0.58)
    p.setBrush(FRAME)
    p.drawPolygon(
        QPolygonF([tip, tip + QPointF(-s * 0.22, -s * 0.04), tip + QPointF(-s * 0.02, -s * 0.22)])
    )


def _bow(p: QPainter, r: QRectF) -> None:
    """Range: an arrow with fletching."""
    s = r.width()
    p.setPen(QPen(FRAME, s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    a = QPointF(r.left() + s * 0.12, r.bottom() - s * 0.12)
    b = QPointF(r.right() - s * 0.12, r.top() + s * 0.12)
    p.drawLine(a, b)
    p.setBrush(FRAME)
    p.drawPolygon(
        QPolygonF(
            [
                b + QPointF(s * 0.06, -s * 0.06),
                b + QPointF(-s * 0.28, s * 0.02),
                b + QPointF(-s * 0.02, s * 0.28),
            ]
        )
    )
    p.setPen(QPen(QColor("#b03a2e"), s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for d in (0.0, 0.12):
        base = a + QPointF(s * d, -s * d)
        p.drawLine(base, base + QPointF(-s * 0.02, -s * 0.2))
        p.drawLine(base, base + QPointF(s * 0.2, s * 0.02))


def _target(p: QPainter, r: QRectF) -> None:
    s = r.width()
    p.setPen(QPen(FRAME, s * 0.05))
    for k, colour in ((0.45, "#c8242b"), (0.3, "#fffaf0"), (0.15, "#c8242b")):
        p.setBrush(QColor(colour))
        p.drawEllipse(r.center(), s * k, s * k)


def _shield(p: QPainter, r: QRectF, fill: QColor = STEEL) -> None:
    s = r.width()
    x, y = r.left(), r.top()
    path = QPainterPath()
    path.moveTo(x + s * 0.5, y + s * 0.08)
    path.lineTo(x + s * 0.88, y + s * 0.22)
    path.quadTo(x + s * 0.88, y + s * 0.72, x + s * 0.5, y + s * 0.94)
    path.quadTo(x + s * 0.12, y + s * 0.72, x + s * 0.12, y + s * 0.22)
    path.closeSubpath()
    p.setPen(QPen(FRAME, s * 0.06))
    p.setBrush(fill)
    p.drawPath(path)


def _retaliate(p: QPainter, r: QRectF) -> None:
    """Retaliate: a shield bristling with spikes."""
    s = r.width()
    c = r.center()
    p.setPen(QPen(FRAME, s * 0.04))
    p.setBrush(QColor("#b03a2e"))
    star = QPolygonF()
    for i in range(16):
        rad = s * (0.5 if i % 2 == 0 else 0.36)
        a = math.radians(-90 + 22.5 * i)
        star.append(QPointF(c.x() + rad * math.cos(a), c.y() + rad * math.sin(a)))
    p.drawPolygon(star)
    _shield(p, r.adjusted(s * 0.2, s * 0.2, -s * 0.2, -s * 0.2))


def _heart(p: QPainter, r: QRectF, fill: QColor = BLOOD) -> None:
    s = r.width()
    x, y = r.left(), r.top()
    path = QPainterPath()
    path.moveTo(x + s * 0.5, y + s * 0.88)
    path.cubicTo(x + s * 0.05, y + s * 0.55, x + s * 0.05, y + s * 0.12, x + s * 0.5, y + s * 0.3)
    path.cubicTo(x + s * 0.95, y + s * 0.12, x + s * 0.95, y + s * 0.55, x + s * 0.5, y + s * 0.88)
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(fill)
    p.drawPath(path)


def _heal(p: QPainter, r: QRectF) -> None:
    s = r.width()
    _disc(p, r, QColor("#3c8d4a"))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("white"))
    c = r.center()
    p.drawRect(QRectF(c.x() - s * 0.09, c.y() - s * 0.3, s * 0.18, s * 0.6))
    p.drawRect(QRectF(c.x() - s * 0.3, c.y() - s * 0.09, s * 0.6, s * 0.18))


def _coin(p: QPainter, r: QRectF) -> None:
    s = r.width()
    p.setPen(QPen(QColor("#7a5c00"), s * 0.06))
    p.setBrush(QColor("#f2c12e"))
    p.drawEllipse(r.center(), s * 0.42, s * 0.42)
    p.drawEllipse(r.center(), s * 0.27, s * 0.27)


def _xp(p: QPainter, r: QRectF) -> None:
    s = r.width()
    c = r.center()
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(QColor("#2f6db5"))
    p.drawPolygon(
        QPolygonF(
            [
                QPointF(c.x(), c.y() - s * 0.46),
                QPointF(c.x() + s * 0.4, c.y()),
                QPointF(c.x(), c.y() + s * 0.46),
                QPointF(c.x() - s * 0.4, c.y()),
            ]
        )
    )
    text(p, r, "XP", s * 0.3, bold=True, colour=QColor("white"))


def _card_outline(p: QPainter, r: QRectF) -> QRectF:
    s = r.width()
    card = QRectF(r.left() + s * 0.22, r.top() + s * 0.1, s * 0.56, s * 0.8)
    p.setPen(QPen(FRAME, s * 0.06))
    p.setBrush(QColor("#fffaf0"))
    p.drawRoundedRect(card, s * 0.06, s * 0.06)
    return card


def _lost(p: QPainter, r: QRectF) -> None:
    """Lost: a card struck through with an X (the card leaves play)."""
    card = _card_outline(p, r)
    s = r.width()
    p.setPen(QPen(QColor("#1d1a17"), s * 0.09, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    m = s * 0.1
    p.drawLine(card.topLeft() + QPointF(m, m), card.bottomRight() - QPointF(m, m))
    p.drawLine(card.topRight() + QPointF(-m, m), card.bottomLeft() + QPointF(m, -m))


def _persistent(p: QPainter, r: QRectF) -> None:
    _card_outline(p, r)
    text(p, r, "∞", r.height() * 0.5, bold=True)


def _round(p: QPainter, r: QRectF) -> None:
    _card_outline(p, r)
    text(p, r, "↻", r.height() * 0.45, bold=True)


def _shuffle(p: QPainter, r: QRectF) -> None:
    _disc(p, r, QColor("#fffaf0"))
    s = r.width()
    p.setPen(QPen(FRAME, s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inner = r.adjusted(s * 0.22, s * 0.22, -s * 0.22, -s * 0.22)
    p.drawArc(inner, 30 * 16, 150 * 16)
    p.drawArc(inner, 210 * 16, 150 * 16)
    p.setBrush(FRAME)
    for angle in (30, 210):
        a = math.radians(-angle)
        tip = QPointF(
            inner.center().x() + inner.width() / 2 * math.cos(a),
            inner.center().y() + inner.height() / 2 * math.sin(a),
        )
        d = 1 if angle == 30 else -1
        p.drawPolygon(
            QPolygonF(
                [
                    tip + QPointF(-s * 0.12 * d, 0),
                    tip + QPointF(s * 0.12 * d, 0),
                    tip + QPointF(0, s * 0.14 * d),
                ]
            )
        )


def _figure(p: QPainter, r: QRectF, fill: QColor = VIOLET) -> None:
    """Summon: a standee silhouette."""
    s = r.width()
    c = r.center()
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(fill)
    p.drawEllipse(QPointF(c.x(), c.y() - s * 0.22), s * 0.17, s * 0.17)
    path = QPainterPath()
    path.moveTo(c.x() - s * 0.32, c.y() + s * 0.42)
    path.quadTo(c.x() - s * 0.3, c.y() - s * 0.02, c.x(), c.y() - s * 0.02)
    path.quadTo(c.x() + s * 0.3, c.y() - s * 0.02, c.x() + s * 0.32, c.y() + s * 0.42)
    path.closeSubpath()
    p.drawPath(path)


def _trap(p: QPainter, r: QRectF) -> None:
    s = r.width()
    c = r.center()
    tri = QPolygonF(
        [
            QPointF(c.x(), c.y() - s * 0.4),
            QPointF(c.x() + s * 0.42, c.y() + s * 0.34),
            QPointF(c.x() - s * 0.42, c.y() + s * 0.34),
        ]
    )
    p.setPen(QPen(QColor("#a8141b"), s * 0.08))
    p.setBrush(QColor("#f2d4cf"))
    p.drawPolygon(tri)
    text(p, r.adjusted(0, s * 0.1, 0, 0), "!", s * 0.42, bold=True, colour=QColor("#a8141b"))


def _push(p: QPainter, r: QRectF, inward: bool) -> None:
    s = r.width()
    c = r.center()
    p.setPen(QPen(FRAME, s * 0.05))
    p.setBrush(QColor("#c8242b"))
    dot_x = c.x() + (s * 0.28 if inward else -s * 0.28)
    p.drawEllipse(QPointF(dot_x, c.y()), s * 0.14, s * 0.14)
    p.setPen(QPen(FRAME, s * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    start = QPointF(c.x() - s * 0.1, c.y()) if not inward else QPointF(c.x() - s * 0.42, c.y())
    end = QPointF(c.x() + s * 0.42, c.y()) if not inward else QPointF(c.x() + s * 0.06, c.y())
    p.drawLine(start, end)
    p.setBrush(FRAME)
    p.drawPolygon(
        QPolygonF(
            [
                end + QPointF(s * 0.06, 0),
                end + QPointF(-s * 0.12, -s * 0.12),
                end + QPointF(-s * 0.12, s * 0.12),
            ]
        )
    )


def _pierce(p: QPainter, r: QRectF) -> None:
    _shield(
        p,
        r.adjusted(r.width() * 0.1, r.width() * 0.1, -r.width() * 0.1, -r.width() * 0.1),
        QColor("#b7c0c7"),
    )
    s = r.width()
    p.setPen(QPen(QColor("#c8242b"), s * 0.1, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(
        QPointF(r.left() + s * 0.1, r.bottom() - s * 0.1),
        QPointF(r.right() - s * 0.1, r.top() + s * 0.1),
    )


def _cards_up(p: QPainter, r: QRectF) -> None:
    _card_outline(p, r)
    text(p, r, "↑", r.height() * 0.5, bold=True, colour=QColor("#2f6db5"))


def _star(p: QPainter, r: QRectF) -> None:
    _disc(p, r, QColor("#8a6d3b"))
    _glyph(p, r, "★", QColor("#fffaf0"))


def _slot(p: QPainter, r: QRectF, slot: str) -> None:
    s = r.width()
    c = r.center()
    _disc(p, r, QColor("#3b2f25"))
    p.setPen(QPen(QColor("#fffaf0"), s * 0.06))
    p.setBrush(QColor("#fffaf0"))
    if slot == "head":
        p.drawChord(QRectF(c.x() - s * 0.3, c.y() - s * 0.28, s * 0.6, s * 0.6), 0, 180 * 16)
        p.drawRect(QRectF(c.x() - s * 0.36, c.y() + s * 0.02, s * 0.72, s * 0.08))
    elif slot == "body":
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(c.x() - s * 0.3, c.y() - s * 0.25),
                    QPointF(c.x() - s * 0.1, c.y() - s * 0.3),
                    QPointF(c.x(), c.y() - s * 0.2),
                    QPointF(c.x() + s * 0.1, c.y() - s * 0.3),
                    QPointF(c.x() + s * 0.3, c.y() - s * 0.25),
                    QPointF(c.x() + s * 0.22, c.y() + s * 0.3),
                    QPointF(c.x() - s * 0.22, c.y() + s * 0.3),
                ]
            )
        )
    elif slot == "legs":
        _boot_white(p, r)
    elif slot == "small":
        p.drawEllipse(QPointF(c.x(), c.y() + s * 0.1), s * 0.2, s * 0.2)
        p.drawRect(QRectF(c.x() - s * 0.07, c.y() - s * 0.3, s * 0.14, s * 0.25))
    else:
        hands = 2 if slot == "two-hands" else 1
        for i in range(hands):
            dx = 0.0 if hands == 1 else (-0.15 if i == 0 else 0.15)
            p.drawRoundedRect(
                QRectF(c.x() + s * (dx - 0.11), c.y() - s * 0.1, s * 0.22, s * 0.34),
                s * 0.05,
                s * 0.05,
            )
            for f in range(3):
                p.drawRect(
                    QRectF(c.x() + s * (dx - 0.1 + f * 0.075), c.y() - s * 0.3, s * 0.05, s * 0.22)
                )


def _boot_white(p: QPainter, r: QRectF) -> None:
    s = r.width()
    c = r.center()
    path = QPainterPath()
    path.moveTo(c.x() - s * 0.15, c.y() - s * 0.3)
    path.lineTo(c.x() + s * 0.05, c.y() - s * 0.3)
    path.lineTo(c.x() + s * 0.05, c.y() + s * 0.05)
    path.lineTo(c.x() + s * 0.3, c.y() + s * 0.12)
    path.lineTo(c.x() + s * 0.3, c.y() + s * 0.28)
    path.lineTo(c.x() - s * 0.2, c.y() + s * 0.28)
    path.closeSubpath()
    p.drawPath(path)


def _spent(p: QPainter, r: QRectF) -> None:
    """Spent: a card turned sideways (rotate to use again)."""
    s = r.width()
    _disc(p, r, QColor("#3b2f25"))
    p.setPen(QPen(QColor("#fffaf0"), s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inner = r.adjusted(s * 0.24, s * 0.24, -s * 0.24, -s * 0.24)
    p.drawArc(inner, 90 * 16, 270 * 16)
    tip = QPointF(inner.center().x(), inner.top())
    p.setBrush(QColor("#fffaf0"))
    p.drawPolygon(
        QPolygonF(
            [tip + QPointF(s * 0.14, 0), tip + QPointF(0, -s * 0.11), tip + QPointF(0, s * 0.11)]
        )
    )


def _consumed(p: QPainter, r: QRectF) -> None:
    s = r.width()
    _disc(p, r, QColor("#3b2f25"))
    p.setPen(QPen(QColor("#fffaf0"), s * 0.1, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    m = s * 0.3
    p.drawLine(r.topLeft() + QPointF(m, m), r.bottomRight() - QPointF(m, m))
    p.drawLine(r.topRight() + QPointF(-m, m), r.bottomLeft() + QPointF(m, -m))


def _check(p: QPainter, r: QRectF, filled: bool = False) -> None:
    s = r.width()
    p.setPen(QPen(FRAME, s * 0.07))
    p.setBrush(QColor("#fffaf0"))
    p.drawRoundedRect(r.adjusted(s * 0.08, s * 0.08, -s * 0.08, -s * 0.08), s * 0.1, s * 0.1)
    p.setPen(QPen(QColor("#2e7d32"), s * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(
        QPointF(r.left() + s * 0.25, r.top() + s * 0.52),
        QPointF(r.left() + s * 0.43, r.top() + s * 0.7),
    )
    p.drawLine(
        QPointF(r.left() + s * 0.43, r.top() + s * 0.7),
        QPointF(r.left() + s * 0.76, r.top() + s * 0.3),
    )


ICONS = {
    "attack": _sword,
    "move": _boot,
    "jump": _jump,
    "flying": _wing,
    "range": _bow,
    "target": _target,
    "shield": _shield,
    "retaliate": _retaliate,
    "heal": _heal,
    "health": _heart,
    "loot": _coin,
    "coin": _coin,
    "xp": _xp,
    "lost": _lost,
    "persistent": _persistent,
    "round": _round,
    "shuffle": _shuffle,
    "summon": _figure,
    "trap": _trap,
    "disarm": _trap,
    "pierce": _pierce,
    "push": lambda p, r: _push(p, r, False),
    "pull": lambda p, r: _push(p, r, True),
    "recover": _cards_up,
    "refresh": _spent,
    "special": _star,
    "spent": _spent,
    "consumed": _consumed,
    "check": _check,
}


def icon(p: QPainter, name: str, r: QRectF) -> None:
    """Paint the icon ``name`` (an ability, element, condition, slot or mark) into ``r``."""
    p.save()
    if name in ELEMENT_COLOURS:
        element_icon(p, r, name)
    elif name in CONDITIONS:
        condition_icon(p, r, name)
    elif name.startswith("slot:"):
        _slot(p, r, name[5:])
    elif name in ICONS:
        ICONS[name](p, r)
    else:
        _star(p, r)
    p.restore()
