"""Drawing aids for placing things on the scenario map: the grid of an empty map, the tile
preview with its seams, and the hexes where a door can go.

Why: placing a tile on an empty canvas with no grid, and finding the one hex where two
rooms meet for a door, were guesswork. These painters draw on the scene's preview layer
(no document change): the empty map shows a faint hex grid; the tile under the cursor
shows, before the click, the edges where it will touch tiles already placed (green) and
any hex it would cover twice (red); the door tool marks every hex between two rooms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from questforge.editor.gloomhaven.scenario_map import Hex
from questforge.engine.core import hexgrid

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scene import ScenarioScene

#: half-width, in hexes, of the grid drawn on an empty map
EMPTY_GRID_RADIUS = 7
SEAM = QColor("#0fb83a")
OVERLAP = QColor("#c0392b")
PREVIEW = QColor("#1d5fa8")
DOOR_SPOT = QColor("#d68910")


def empty_grid_hexes(radius: int = EMPTY_GRID_RADIUS) -> list[Hex]:
    return [(h[0], h[1]) for h in hexgrid.spiral((0, 0), radius)]


def paint_empty_grid(scene: ScenarioScene, p: QPainter) -> None:
    """A faint grid around the origin, so the first tile has somewhere to go."""
    path = QPainterPath()
    for h in empty_grid_hexes():
        path.addPolygon(scene.polygon(h))
    p.setBrush(QColor(255, 255, 255, 90))
    p.setPen(QPen(QColor("#b9ae98"), 1.0))
    p.drawPath(path)
    p.setPen(QPen(QColor("#8a7f6a"), 1.5))
    p.drawPolygon(scene.polygon((0, 0), 0.35))


def seams(new: Iterable[Hex], placed: set[Hex]) -> list[tuple[Hex, int]]:
    """Edges (hex of the new tile, direction) where it touches the hexes already placed."""
    out = []
    for h in sorted(set(new)):
        if h in placed:
            continue
        for direction in range(6):
            n = hexgrid.neighbor(h, direction)
            if (n[0], n[1]) in placed:
                out.append((h, direction))
    return out


#: how far (in hexes) a tile may jump to snap out of an overlap
SNAP_RADIUS = 4


def snap_position(local: list[Hex], rotation: int, h: Hex, placed: set[Hex]) -> Hex:
    """``h``, or — when a tile placed there would cover hexes already on the map — the
    nearest position within :data:`SNAP_RADIUS` where it covers none and shares an edge
    with the map. A position that does not overlap is kept as is: a gap between tiles
    (for a door hex, a corridor) is the designer's choice."""

    def cover(at: Hex) -> set[Hex]:
        return {(p[0], p[1]) for p in (hexgrid.place(x, rotation, at) for x in local)}

    if not placed or not (cover(h) & placed):
        return h
    for cand in hexgrid.spiral(h, SNAP_RADIUS):
        at = (cand[0], cand[1])
        hexes = cover(at)
        if not (hexes & placed) and seams(hexes, placed):
            return at
    return h


def tile_preview(scene: ScenarioScene, hexes: set[Hex]) -> Callable[[QPainter], None]:
    """The painter of a tile about to be placed on ``hexes``."""
    placed = set(scene.smap.hexes)
    edges = seams(hexes, placed)
    overlap = sorted(hexes & placed)

    def paint(p: QPainter) -> None:
        p.setPen(QPen(PREVIEW, 2))
        p.setBrush(QColor(29, 95, 168, 60))
        for h in hexes:
            p.drawPolygon(scene.polygon(h))
        p.setBrush(QColor(192, 57, 43, 140))
        p.setPen(QPen(OVERLAP, 2))
        for h in overlap:
            p.drawPolygon(scene.polygon(h))
        pen = QPen(SEAM, scene.size * 0.3)  # drawn at the preview layer's opacity: bold
        p.setPen(pen)
        for h, direction in edges:
            a, b = scene._edge_points(h, direction)
            p.drawLine(a, b)

    paint.seams = edges  # type: ignore[attr-defined]  # for the status bar and tests
    paint.overlap = overlap  # type: ignore[attr-defined]
    return paint


def door_spots(scene: ScenarioScene, spots: list[Hex]) -> Callable[[QPainter], None]:
    """The painter marking the hexes where a door can go."""

    def paint(p: QPainter) -> None:
        p.setBrush(QColor(214, 137, 16, 90))
        p.setPen(QPen(DOOR_SPOT, scene.size * 0.12))
        for h in spots:
            p.drawPolygon(scene.polygon(h, 0.8))
            c: QPointF = scene.center(h)
            p.drawLine(
                QPointF(c.x() - scene.size * 0.3, c.y()), QPointF(c.x() + scene.size * 0.3, c.y())
            )

    paint.spots = spots  # type: ignore[attr-defined]
    return paint
