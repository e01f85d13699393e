"""The Witcher map drawn as a graph: locations as discs, land routes as lines, sea routes
dashed with their gold cost. Rebuilt from the document on every change (maps are small)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsScene

from questforge.editor.document import Document

RADIUS = 16.0
#: lead colours as drawn (the eight token colours)
COLOURS = {
    "red": "#c0392b",
    "blue": "#2e6fb5",
    "green": "#3f8f3f",
    "yellow": "#d4ac0d",
    "purple": "#7d3c98",
    "orange": "#d35400",
    "white": "#f4f4f4",
    "black": "#333333",
}
AREA_TINTS = ("#efe3c8", "#dde8d5", "#d8e0ec", "#ecd9d9", "#e6dcef", "#e0ecec")


def _pos(loc: Any) -> QPointF | None:
    pos = loc.get("position") if isinstance(loc, dict) else None
    if isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos):
        return QPointF(float(pos[0]), float(pos[1]))
    return None


class MapScene(QGraphicsScene):
    """The scene of one map document; ``selected`` is a location index or ``None``."""

    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.selected: int | None = None
        self.pending_from: int | None = None  # the first end of a route being drawn
        self.document.changed.connect(lambda _path: self.rebuild())
        self.rebuild()

    def fit_rect(self) -> QRectF:
        rect = self.itemsBoundingRect()
        return rect.adjusted(-20, -20, 20, 20) if not rect.isEmpty() else QRectF(0, 0, 400, 300)

    def rebuild(self) -> None:
        self.clear()
        data = self.document.data if isinstance(self.document.data, dict) else {}
        raw = data.get("locations")
        locations: list[Any] = raw if isinstance(raw, list) else []
        areas = [a.get("id") for a in data.get("areas") or [] if isinstance(a, dict)]
        where = {loc.get("id"): _pos(loc) for loc in locations if isinstance(loc, dict)}
        for route in data.get("routes") or []:
            if not isinstance(route, dict):
                continue
            a, b = where.get(route.get("from")), where.get(route.get("to"))
            if a is None or b is None:
                continue
            sea = route.get("type") == "sea"
            pen = QPen(QColor("#2e6fb5" if sea else "#6b5a3a"), 3.0)
            if sea:
                pen.setStyle(Qt.PenStyle.DashLine)
            self.addLine(a.x(), a.y(), b.x(), b.y(), pen).setZValue(0)
            if sea:
                label = self.addText(f"{route.get('cost', 0)}g", QFont("sans", 9))
                label.setDefaultTextColor(QColor("#2e6fb5"))
                mid = (a + b) / 2
                label.setPos(mid.x() + 2, mid.y() - 18)
        for i, loc in enumerate(locations):
            p = _pos(loc)
            if p is None:
                continue
            area = loc.get("area")
            tint = AREA_TINTS[areas.index(area) % len(AREA_TINTS)] if area in areas else "#ffffff"
            ring = QPen(QColor("#000000"), 3.0 if i in (self.selected, self.pending_from) else 1.5)
            self.addEllipse(
                p.x() - RADIUS - 6,
                p.y() - RADIUS - 6,
                2 * RADIUS + 12,
                2 * RADIUS + 12,
                QPen(Qt.PenStyle.NoPen),
                QBrush(QColor(tint)),
            ).setZValue(1)
            lead = loc.get("lead") if loc.get("gives_lead", True) else None
            fill = QColor(COLOURS.get(str(lead), "#bbbbbb"))
            self.addEllipse(
                p.x() - RADIUS, p.y() - RADIUS, 2 * RADIUS, 2 * RADIUS, ring, QBrush(fill)
            ).setZValue(2)
            if loc.get("heal"):
                heart = self.addText("♥", QFont("sans", 10))
                heart.setDefaultTextColor(QColor("#ffffff"))
                heart.setPos(p.x() - 7, p.y() - 12)
                heart.setZValue(3)
            name = self.addText(str(loc.get("name") or loc.get("id")), QFont("sans", 9))
            name.setPos(p.x() - name.boundingRect().width() / 2, p.y() + RADIUS + 2)
            name.setZValue(3)
