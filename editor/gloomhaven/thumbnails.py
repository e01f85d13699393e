"""Small pictures of map tiles (their hexes and thin walls), for the palette and the tile
editor's list.

Why: tile ids (``gate``, ``shaft``) say little about shape; the palette shows each tile's
outline so a designer can pick the shape they need. Drawn with QPainter from the tile
document's hexes, the same geometry the map uses (no art is copied).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap

from questforge.editor.gloomhaven import symbols
from questforge.editor.gloomhaven.scenario_map import tile_side_hexes
from questforge.engine.core import hexgrid


def tile_pixmap(tile: Any, side: str, size: QSize, orientation: str = "flat") -> QPixmap:
    """The tile's ``side`` fitted into ``size`` (an empty frame when it has no hexes)."""
    pixmap = QPixmap(size)
    pixmap.fill(QColor(0, 0, 0, 0))
    local = tile_side_hexes(tile, side)
    hexes = local[0] if local else []
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if not hexes:
        painter.setPen(QPen(QColor("#9d927e"), 1, Qt.PenStyle.DashLine))
        painter.drawRect(1, 1, size.width() - 3, size.height() - 3)
        painter.end()
        return pixmap
    centres = [hexgrid.hex_to_pixel(h, 1.0, orientation) for h in hexes]  # type: ignore[arg-type]
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    width = max(xs) - min(xs) + 2.0
    height = max(ys) - min(ys) + 2.0
    scale = min((size.width() - 2) / width, (size.height() - 2) / height)
    ox = (size.width() - (max(xs) + min(xs)) * scale) / 2
    oy = (size.height() - (max(ys) + min(ys)) * scale) / 2
    painter.setPen(QPen(QColor("#5b5143"), max(1.0, scale * 0.08)))
    painter.setBrush(QColor("#e6dcc4"))
    for x, y in centres:
        centre = QPointF(ox + x * scale, oy + y * scale)
        painter.drawPolygon(symbols.hex_polygon(centre, scale, orientation, 0.98))
    painter.end()
    return pixmap


def tile_icon(tile: Any, side: str, size: QSize) -> QIcon:
    return QIcon(tile_pixmap(tile, side, size))
