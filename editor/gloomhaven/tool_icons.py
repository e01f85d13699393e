"""Icons of the scenario map tools, drawn with QPainter (no copied art).

Why: a column of words (Select, Tile, Overlay...) is slow to scan; each tool gets a small
picture of what it puts on the map, drawn from the same hexagon as the map.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

SIZE = 32
INK = QColor("#2a2522")


def _hexagon(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF(
        [
            QPointF(
                cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))
            )
            for i in range(6)
        ]
    )


def _select(p: QPainter) -> None:
    points = ((8, 4), (8, 26), (13, 21), (17, 29), (21, 27), (17, 19), (24, 19))
    arrow = QPolygonF([QPointF(x, y) for x, y in points])
    p.setBrush(QColor("#ffffff"))
    p.setPen(QPen(INK, 1.8))
    p.drawPolygon(arrow)


def _tile(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#e6dcc4"))
    for cx, cy in ((10, 10), (22, 10), (16, 20), (10, 28), (22, 28)):
        p.drawPolygon(_hexagon(cx, cy - 2, 6.5))


def _overlay(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#7fae5a"))
    p.drawPolygon(_hexagon(16, 16, 13))
    p.setPen(QPen(QColor("#2f5d1e"), 2))
    for x in (10, 16, 22):
        p.drawLine(QPointF(x, 20), QPointF(x - 2, 13))
        p.drawLine(QPointF(x, 20), QPointF(x + 2, 13))


def _monster(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#111111"))
    p.drawPie(QRectF(3, 3, 26, 26), 90 * 16, 120 * 16)
    p.setBrush(QColor("#ffffff"))
    p.drawPie(QRectF(3, 3, 26, 26), -30 * 16, 120 * 16)
    p.setBrush(QColor("#e2b007"))
    p.drawPie(QRectF(3, 3, 26, 26), 210 * 16, 120 * 16)
    p.setBrush(QColor("#ffffff"))
    p.drawEllipse(QPointF(16, 16), 6, 6)


def _door(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#a0522d"))
    p.drawRect(QRectF(6, 12, 20, 8))
    p.drawLine(QPointF(12, 12), QPointF(12, 20))
    p.drawLine(QPointF(20, 12), QPointF(20, 20))


def _start(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#3a78c2"))
    p.drawPolygon(_hexagon(16, 16, 13))
    star = QPainterPath()
    for i in range(10):
        r = 8 if i % 2 == 0 else 3.5
        a = math.radians(-90 + 36 * i)
        pt = QPointF(16 + r * math.cos(a), 16 + r * math.sin(a))
        star.moveTo(pt) if i == 0 else star.lineTo(pt)
    star.closeSubpath()
    p.setBrush(QColor("#ffffff"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPath(star)


def _room(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.2))
    p.setBrush(QColor("#dfe9f2"))
    p.drawPolygon(_hexagon(11, 16, 8))
    p.setBrush(QColor("#f2e0e0"))
    p.drawPolygon(_hexagon(23, 16, 8))


def _wall(p: QPainter) -> None:
    p.setPen(QPen(QColor("#9d927e"), 1.2))
    p.setBrush(QColor("#efe6d2"))
    p.drawPolygon(_hexagon(10, 16, 8))
    p.drawPolygon(_hexagon(22, 16, 8))
    pen = QPen(INK, 4)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(QPointF(16, 9), QPointF(16, 23))


def _erase(p: QPainter) -> None:
    p.translate(16, 16)
    p.rotate(-35)
    p.setPen(QPen(INK, 1.4))
    p.setBrush(QColor("#f4a6a6"))
    p.drawRect(QRectF(-11, -5, 12, 10))
    p.setBrush(QColor("#ffffff"))
    p.drawRect(QRectF(1, -5, 10, 10))


PAINTERS = {
    "Select": _select,
    "Tile": _tile,
    "Overlay": _overlay,
    "Monster": _monster,
    "Door": _door,
    "Start": _start,
    "Room": _room,
    "Wall": _wall,
    "Erase": _erase,
}


def tool_icon(name: str) -> QIcon:
    """The icon of tool ``name`` (an empty icon for a tool without a picture)."""
    painter_func = PAINTERS.get(name)
    if painter_func is None:
        return QIcon()
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(QColor(0, 0, 0, 0))
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter_func(p)
    p.end()
    return QIcon(pixmap)
