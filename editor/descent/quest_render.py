"""Paint a Descent quest map with QPainter, to PNG or SVG.

It reads like a Descent map: square dungeon tiles in per-area tints, thick walls where
areas meet without a door, doors as bars across their edges (rune doors in their key's
colour), terrain, map objects, start squares, and the monsters that stand there for the
chosen number of heroes (tan for normal, red for master, gold for named monsters, large
monsters across their whole footprint). Geometry comes from the engine's ``QuestMap``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen

from questforge.engine.descent import KINDS
from questforge.engine.descent.model import DescentPack, Quest, QuestMap, footprint, load_pack_model

CELL = 36.0
MARGIN = 24.0
AREA_TINTS = ("#e9dfc7", "#dfe6d2", "#d9dde8", "#eadad6", "#e2d8e9", "#d6e6e4")
COLOURS = {
    "red": "#b3261e",
    "yellow": "#d8a300",
    "blue": "#2c5aa0",
    "green": "#2e7d32",
    "white": "#f5f5f5",
    "purple": "#6a1b9a",
}
TERRAIN = {"pit": "#3b3026", "rubble": "#8a8178", "water": "#5b9bd5", "lava": "#e0632a"}


def pack_from_workspace(workspace: Any) -> DescentPack:
    docs = []
    for kind in KINDS:
        for data in workspace.content(kind).values():
            if isinstance(data, dict):
                docs.append(data)
    return load_pack_model(docs)


def cell_rect(c: tuple[int, int], origin: tuple[int, int]) -> QRectF:
    """The picture rectangle of square ``c`` when ``origin`` is the top-left square."""
    return QRectF(
        MARGIN + (c[0] - origin[0]) * CELL, MARGIN + 24 + (c[1] - origin[1]) * CELL, CELL, CELL
    )


def cell_at(x: float, y: float, origin: tuple[int, int]) -> tuple[tuple[int, int], float, float]:
    """The square under picture point ``(x, y)`` and the point's position inside it (0..1)."""
    fx = (x - MARGIN) / CELL
    fy = (y - MARGIN - 24) / CELL
    cx, cy = int(fx // 1), int(fy // 1)
    return (cx + origin[0], cy + origin[1]), fx - cx, fy - cy


def render_quest(
    document: Any, workspace: Any, output: Path, heroes: int = 2, fmt: str | None = None
) -> Path:
    pack = pack_from_workspace(workspace)
    quest = Quest.load(document.data, str(output))
    qmap = pack.quest_map(quest)
    if not qmap.cells:
        raise ValueError(f"quest {quest.id!r} has no squares (are its tiles in the pack?)")
    xs = [c[0] for c in qmap.cells]
    ys = [c[1] for c in qmap.cells]
    width = int((max(xs) - min(xs) + 1) * CELL + 2 * MARGIN)
    height = int((max(ys) - min(ys) + 1) * CELL + 2 * MARGIN + 24)
    origin = (min(xs), min(ys))
    fmt = (fmt or output.suffix.lstrip(".") or "png").lower()
    output.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "svg":
        from PySide6.QtSvg import QSvgGenerator

        generator = QSvgGenerator()
        generator.setFileName(str(output))
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setTitle(quest.name)
        painter = QPainter(generator)
        paint_quest(painter, pack, quest, qmap, heroes, origin, width, height)
        painter.end()
    elif fmt == "png":
        image = QImage(width, height, QImage.Format.Format_ARGB32)
        image.fill(QColor("#f7f3ea"))
        painter = QPainter(image)
        paint_quest(painter, pack, quest, qmap, heroes, origin, width, height)
        painter.end()
        if not image.save(str(output), "PNG"):  # type: ignore[call-overload]
            raise OSError(f"{output}: cannot write PNG")
    else:
        raise ValueError(f"unknown image format {fmt!r} (expected png or svg)")
    return output


def paint_quest(
    painter: QPainter,
    pack: DescentPack,
    quest: Quest,
    qmap: QuestMap,
    heroes: int,
    origin: tuple[int, int],
    width: int,
    height: int,
) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if width and height:  # the editor paints its own background grid first
        painter.fillRect(QRectF(0, 0, width, height), QColor("#f7f3ea"))

    def rect(c: tuple[int, int]) -> QRectF:
        return cell_rect(c, origin)

    title = QFont()
    title.setPointSize(12)
    title.setBold(True)
    painter.setFont(title)
    painter.setPen(QColor("#2b2118"))
    painter.drawText(
        QPointF(MARGIN, MARGIN + 8), f"{quest.name}  ({heroes} heroes, conquest {quest.conquest})"
    )
    areas = [a[0] for a in quest.areas]
    grid = QPen(QColor("#b9ab8f"), 0.8)
    for c, area in qmap.area_of.items():
        tint = AREA_TINTS[areas.index(area) % len(AREA_TINTS)] if area in areas else "#dddddd"
        painter.fillRect(rect(c), QColor(tint))
        painter.setPen(grid)
        painter.drawRect(rect(c))
    for c, terrain in quest.terrain.items():
        if c in qmap.cells:
            r = rect(c).adjusted(3, 3, -3, -3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(TERRAIN.get(terrain, "#999999"))))
            if terrain == "pit":
                painter.drawEllipse(r)
            else:
                painter.drawRoundedRect(r, 4, 4)
    # walls: board edges and edges between areas (doors are drawn over them)
    wall = QPen(QColor("#2b2118"), 4)
    wall.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.setPen(wall)
    for x, y in qmap.cells:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = (x + dx, y + dy)
            if (
                other in qmap.cells
                and (min((x, y), other), max((x, y), other)) not in qmap.area_walls
            ):
                continue
            _edge_line(painter, rect((x, y)), dx, dy)
    for door in quest.doors:
        colour = COLOURS.get(door.rune or "", "#7a4a21")
        pen = QPen(QColor(colour), 7)
        painter.setPen(pen)
        for a, b in door.edges:
            _edge_line(painter, rect(a), b[0] - a[0], b[1] - a[1])
    small = QFont()
    small.setPointSize(8)
    small.setBold(True)
    painter.setFont(small)
    for o in quest.objects:
        if o.cell not in qmap.cells:
            continue
        r = rect(o.cell).adjusted(6, 6, -6, -6)
        tone = QColor(COLOURS.get(o.colour or "", "#444444"))
        if o.type == "glyph":
            painter.setPen(QPen(QColor("#6b5b95"), 2))
            painter.setBrush(QBrush(QColor("#ffffff" if o.active else "#c62828")))
            painter.drawEllipse(r)
            label = "G"
        elif o.type == "chest":
            painter.setPen(QPen(QColor("#5d4037"), 2))
            painter.setBrush(QBrush(QColor("#c8a165")))
            painter.drawRect(r)
            label = "C"
        elif o.type == "stairs":
            painter.setPen(QPen(tone, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for step in range(4):
                line_y = r.top() + step * r.height() / 4
                painter.drawLine(QPointF(r.left(), line_y), QPointF(r.right(), line_y))
            label = "S"
        elif o.type == "runekey":
            painter.setPen(QPen(tone, 2))
            painter.setBrush(QBrush(tone))
            painter.drawEllipse(r.adjusted(4, 4, -4, -4))
            label = "K"
        else:
            painter.setPen(QPen(QColor("#8d6e00"), 1))
            painter.setBrush(QBrush(QColor("#ffd54f")))
            painter.drawEllipse(r.adjusted(4, 4, -4, -4))
            label = "$" if o.type == "coins" else "+"
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(rect(o.cell), Qt.AlignmentFlag.AlignCenter, label)
    for i, c in enumerate(quest.start[:heroes]):
        r = rect(c).adjusted(8, 8, -8, -8)
        painter.setPen(QPen(QColor("#1b5e20"), 2))
        painter.setBrush(QBrush(QColor("#a5d6a7")))
        painter.drawEllipse(r)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, str(i + 1))
    for p in quest.monsters:
        rank = p.rank_for(heroes)
        monster = pack.get("monster", p.monster)
        if rank == "none" or monster is None:
            continue
        _figure(
            painter,
            rect,
            footprint(p.cell, monster.size),
            "#f1e3c6" if rank == "normal" else "#e57373",
            monster.name[:2],
        )
    for n in quest.named:
        monster = pack.get("monster", n.monster)
        size = monster.size if monster is not None else (1, 1)
        _figure(painter, rect, footprint(n.cell, size), "#ffca28", n.name.split()[0][:4])
    _area_names(painter, quest, qmap, rect)  # last: a name stays readable over figures


def _area_names(painter: QPainter, quest: Quest, qmap: QuestMap, rect: Any) -> None:
    """Each area's name in its top-left square, on a pale label, so a reader of the map
    (and the author matching the quest text to it) knows which room is which."""
    names = {a[0]: a[1] for a in quest.areas}
    font = QFont()
    font.setPointSize(7)
    font.setItalic(True)
    painter.setFont(font)
    metrics = painter.fontMetrics()
    firsts: dict[str, tuple[int, int]] = {}
    for c, area in qmap.area_of.items():
        if area not in firsts or (c[1], c[0]) < (firsts[area][1], firsts[area][0]):
            firsts[area] = c
    for area, c in firsts.items():
        name = names.get(area, area)
        # the label may run along the area's top row of squares
        run = 1
        while qmap.area_of.get((c[0] + run, c[1])) == area:
            run += 1
        box = rect(c)
        width = min(metrics.horizontalAdvance(name) + 6, box.width() * run - 4)
        label = QRectF(box.left() + 2, box.top() + 2, width, metrics.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 255, 255, 190)))
        painter.drawRoundedRect(label, 3, 3)
        painter.setPen(QColor("#3e2723"))
        text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(width - 6))
        painter.drawText(label.adjusted(3, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)
    small = QFont()
    small.setPointSize(8)
    small.setBold(True)
    painter.setFont(small)


def _edge_line(painter: QPainter, r: QRectF, dx: int, dy: int) -> None:
    if dx == 1:
        painter.drawLine(r.topRight(), r.bottomRight())
    elif dx == -1:
        painter.drawLine(r.topLeft(), r.bottomLeft())
    elif dy == 1:
        painter.drawLine(r.bottomLeft(), r.bottomRight())
    else:
        painter.drawLine(r.topLeft(), r.topRight())


def _figure(
    painter: QPainter, rect: Any, squares: list[tuple[int, int]], fill: str, label: str
) -> None:
    box = rect(squares[0])
    for c in squares[1:]:
        box = box.united(rect(c))
    box = box.adjusted(4, 4, -4, -4)
    painter.setPen(QPen(QColor("#3e2723"), 2))
    painter.setBrush(QBrush(QColor(fill)))
    painter.drawRoundedRect(box, 5, 5)
    painter.setPen(QColor("#1b1b1b"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
