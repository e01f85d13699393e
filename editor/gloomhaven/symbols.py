"""Scenario-book symbols, painted with QPainter: overlays, doors, monsters, start hexes.

Every symbol is drawn around a hex centre for a hex of circumradius ``size`` so the same
code serves the interactive scene, PNG and SVG export. Shapes and colours are chosen to be
told apart at a glance and in greyscale (shape differs, not only colour).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from questforge.editor.gloomhaven.scenario_map import STATES

INK = QColor("#1b1b1b")
PAPER = QColor("#fbf7ee")
STATE_COLOURS = {
    "absent": QColor("#111111"),
    "normal": QColor("#ffffff"),
    "elite": QColor("#e2b007"),
}
OVERLAY_FILL = {
    "corridor": QColor("#cdbb98"),
    "trap": QColor("#f2d4cf"),
    "hazardous": QColor("#f08a24"),
    "difficult": QColor("#6f9a3c"),
    "obstacle": QColor("#7a7066"),
    "treasure": QColor("#f4e3a1"),
    "coin": QColor("#f5d142"),
    "pressure-plate": QColor("#b7a6d8"),
    "token": QColor("#ffffff"),
}


_UNIT: dict[tuple[float, str], QPolygonF] = {}


def hex_polygon(center: QPointF, size: float, orientation: str, scale: float = 1.0) -> QPolygonF:
    """The hexagon around ``center`` (a cached unit polygon, translated: maps are big)."""
    key = (size * scale, orientation)
    unit = _UNIT.get(key)
    if unit is None:
        start = 0.0 if orientation == "flat" else 30.0
        r = size * scale
        unit = QPolygonF(
            [
                QPointF(
                    r * math.cos(math.radians(start + 60 * i)),
                    r * math.sin(math.radians(start + 60 * i)),
                )
                for i in range(6)
            ]
        )
        _UNIT[key] = unit
    return unit.translated(center)


def _font(size: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(size)))
    font.setBold(bold)
    return font


def _text(p: QPainter, rect: QRectF, text: str, px: float, colour: QColor = INK) -> None:
    p.setFont(_font(px))
    p.setPen(colour)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def paint_overlay(
    p: QPainter, kind: str, c: QPointF, size: float, orientation: str, number: int | None = None
) -> None:
    """One overlay on one hex."""
    fill = OVERLAY_FILL.get(kind, QColor("#dddddd"))
    s = size
    if kind in ("corridor", "hazardous", "difficult"):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawPolygon(hex_polygon(c, s, orientation, 0.96))
        if kind == "hazardous":
            p.setBrush(QBrush(QColor("#b3350f"), Qt.BrushStyle.BDiagPattern))
            p.drawPolygon(hex_polygon(c, s, orientation, 0.96))
            # flame: three tongues
            pen = QPen(QColor("#7a1a00"), s * 0.08)
            p.setPen(pen)
            p.setBrush(QColor("#ffd04d"))
            path = QPainterPath()
            path.moveTo(c.x() - s * 0.3, c.y() + s * 0.3)
            path.quadTo(c.x() - s * 0.35, c.y() - s * 0.05, c.x() - s * 0.12, c.y() - s * 0.2)
            path.quadTo(c.x() - s * 0.1, c.y(), c.x(), c.y() - s * 0.45)
            path.quadTo(c.x() + s * 0.1, c.y(), c.x() + s * 0.12, c.y() - s * 0.2)
            path.quadTo(c.x() + s * 0.35, c.y() - s * 0.05, c.x() + s * 0.3, c.y() + s * 0.3)
            path.closeSubpath()
            p.drawPath(path)
        elif kind == "difficult":
            p.setBrush(QBrush(QColor("#2f4f18"), Qt.BrushStyle.Dense6Pattern))
            p.drawPolygon(hex_polygon(c, s, orientation, 0.96))
            pen = QPen(QColor("#1f3510"), s * 0.09)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            for dx in (-0.25, 0.0, 0.25):  # tufts of grass / rubble
                p.drawLine(
                    QPointF(c.x() + s * dx, c.y() + s * 0.25),
                    QPointF(c.x() + s * (dx + 0.08), c.y() - s * 0.2),
                )
        else:  # corridor: flagstones
            p.setPen(QPen(QColor("#8f7c58"), s * 0.05))
            for dy in (-0.3, 0.0, 0.3):
                p.drawLine(
                    QPointF(c.x() - s * 0.6, c.y() + s * dy),
                    QPointF(c.x() + s * 0.6, c.y() + s * dy),
                )
        return
    p.setPen(QPen(INK, s * 0.07))
    if kind == "trap":
        # spiked jaws: a red-rimmed triangle with a bang
        tri = QPolygonF(
            [
                QPointF(c.x(), c.y() - s * 0.55),
                QPointF(c.x() + s * 0.55, c.y() + s * 0.4),
                QPointF(c.x() - s * 0.55, c.y() + s * 0.4),
            ]
        )
        p.setPen(QPen(QColor("#a8141b"), s * 0.12))
        p.setBrush(fill)
        p.drawPolygon(tri)
        _text(
            p,
            QRectF(c.x() - s * 0.3, c.y() - s * 0.25, s * 0.6, s * 0.6),
            "!",
            s * 0.5,
            QColor("#a8141b"),
        )
    elif kind == "obstacle":
        path = QPainterPath()
        pts = [
            (-0.55, 0.15),
            (-0.35, -0.4),
            (0.05, -0.55),
            (0.5, -0.3),
            (0.55, 0.2),
            (0.2, 0.5),
            (-0.3, 0.48),
        ]
        path.moveTo(c.x() + s * pts[0][0], c.y() + s * pts[0][1])
        for x, y in pts[1:]:
            path.lineTo(c.x() + s * x, c.y() + s * y)
        path.closeSubpath()
        p.setBrush(fill)
        p.drawPath(path)
        p.setPen(QPen(QColor("#4a433c"), s * 0.05))
        p.drawLine(
            QPointF(c.x() - s * 0.2, c.y() - s * 0.2), QPointF(c.x() + s * 0.15, c.y() + s * 0.2)
        )
    elif kind == "treasure":
        body = QRectF(c.x() - s * 0.45, c.y() - s * 0.25, s * 0.9, s * 0.55)
        p.setBrush(QColor("#8a5a2b"))
        p.drawRoundedRect(body, s * 0.08, s * 0.08)
        lid = QRectF(c.x() - s * 0.45, c.y() - s * 0.42, s * 0.9, s * 0.22)
        p.setBrush(QColor("#a8733b"))
        p.drawRoundedRect(lid, s * 0.08, s * 0.08)
        p.setBrush(fill)
        p.drawEllipse(QRectF(c.x() - s * 0.22, c.y() - s * 0.12, s * 0.44, s * 0.4))
        _text(
            p,
            QRectF(c.x() - s * 0.3, c.y() - s * 0.14, s * 0.6, s * 0.44),
            str(number or "?"),
            s * 0.3,
        )
    elif kind == "coin":
        count = max(1, number or 1)
        p.setBrush(fill)
        p.setPen(QPen(QColor("#8a6d00"), s * 0.06))
        r = s * 0.3
        p.drawEllipse(QPointF(c.x(), c.y()), r, r)
        p.drawEllipse(QPointF(c.x(), c.y()), r * 0.65, r * 0.65)
        if count > 1:
            _text(
                p,
                QRectF(c.x() + s * 0.1, c.y() - s * 0.6, s * 0.5, s * 0.35),
                f"×{count}",
                s * 0.26,
            )
    elif kind == "pressure-plate":
        p.setBrush(fill)
        p.setPen(QPen(QColor("#4b3a78"), s * 0.07))
        outer = QRectF(c.x() - s * 0.45, c.y() - s * 0.45, s * 0.9, s * 0.9)
        p.drawRect(outer)
        p.drawRect(outer.adjusted(s * 0.18, s * 0.18, -s * 0.18, -s * 0.18))
    elif kind == "token":
        p.setBrush(fill)
        p.setPen(QPen(QColor("#1d5fa8"), s * 0.1))
        p.drawEllipse(QPointF(c.x(), c.y()), s * 0.42, s * 0.42)
        _text(
            p,
            QRectF(c.x() - s * 0.4, c.y() - s * 0.4, s * 0.8, s * 0.8),
            str(number or "?"),
            s * 0.42,
        )
    else:
        p.setBrush(fill)
        p.drawEllipse(QPointF(c.x(), c.y()), s * 0.4, s * 0.4)
        _text(p, QRectF(c.x() - s * 0.4, c.y() - s * 0.4, s * 0.8, s * 0.8), "?", s * 0.4)


def paint_door(p: QPainter, c: QPointF, size: float, angle: float, locked: bool) -> None:
    """A door: a thick plank across the hex, along the wall it sits in; locked adds a lock."""
    s = size
    p.save()
    p.translate(c)
    p.rotate(angle)
    p.setPen(QPen(INK, s * 0.08))
    p.setBrush(QColor("#7b4a1e") if not locked else QColor("#5b2d12"))
    p.drawRoundedRect(QRectF(-s * 0.7, -s * 0.22, s * 1.4, s * 0.44), s * 0.06, s * 0.06)
    p.setPen(QPen(QColor("#c49a5a"), s * 0.04))
    for x in (-0.35, 0.0, 0.35):
        p.drawLine(QPointF(s * x, -s * 0.2), QPointF(s * x, s * 0.2))
    p.restore()
    if locked:
        p.setPen(QPen(INK, s * 0.06))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(QRectF(c.x() - s * 0.15, c.y() - s * 0.38, s * 0.3, s * 0.35), 0, 180 * 16)
        p.setBrush(QColor("#d9b23a"))
        p.drawRect(QRectF(c.x() - s * 0.22, c.y() - s * 0.22, s * 0.44, s * 0.36))


def paint_start(p: QPainter, c: QPointF, size: float, orientation: str) -> None:
    """A starting hex: a blue rim and a white star."""
    s = size
    p.setPen(QPen(QColor("#1d5fa8"), s * 0.1))
    p.setBrush(QColor(60, 130, 210, 70))
    p.drawPolygon(hex_polygon(c, s, orientation, 0.8))
    star = QPolygonF()
    for i in range(10):
        r = s * (0.38 if i % 2 == 0 else 0.16)
        a = math.radians(-90 + 36 * i)
        star.append(QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a)))
    p.setPen(QPen(QColor("#1d5fa8"), s * 0.04))
    p.setBrush(QColor("#ffffff"))
    p.drawPolygon(star)


def monster_label(monster_ref: str) -> str:
    """Two-letter standee label: initials of the monster id's words (``bone-guard`` -> BG)."""
    ident = monster_ref.split(":", 1)[-1]
    words = [w for w in ident.split("-") if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def paint_monster(
    p: QPainter,
    c: QPointF,
    size: float,
    states: dict[str, str],
    label: str,
    players: int,
) -> None:
    """A monster standee with the scenario book's three-part player-count marker.

    The disc is split like the printed marker: top-left third for 2 characters, top-right
    for 3, bottom for 4; each part is black (absent), white (normal) or gold (elite). The part
    for the current player count is outlined in red, and the standee's ring takes the colour
    the current count gives it.
    """
    s = size
    r = s * 0.72
    rect = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
    # Qt angles: degrees counter-clockwise from 3 o'clock, in 1/16ths
    parts = {"2": 90, "3": -30, "4": 210}
    for count, start in parts.items():
        state = states.get(count, "absent")
        p.setPen(QPen(INK, s * 0.05))
        p.setBrush(STATE_COLOURS.get(state, STATE_COLOURS["absent"]))
        p.drawPie(rect, start * 16, 120 * 16)
    # highlight the current count's part
    cur = parts.get(str(players))
    if cur is not None:
        pen = QPen(QColor("#d0202a"), s * 0.1)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(rect.adjusted(s * 0.05, s * 0.05, -s * 0.05, -s * 0.05), cur * 16, 120 * 16)
    # centre disc with the monster's label
    current = states.get(str(players), "absent")
    inner = s * 0.36
    p.setPen(QPen(INK, s * 0.05))
    p.setBrush(QColor("#f5efe2") if current != "elite" else QColor("#fff3c4"))
    p.drawEllipse(c, inner, inner)
    _text(p, QRectF(c.x() - inner, c.y() - inner, 2 * inner, 2 * inner), label, s * 0.3)


def state_legend() -> list[tuple[str, QColor]]:
    return [(state, STATE_COLOURS[state]) for state in STATES]
