"""A ruleset-neutral canvas for graph boards (places joined by routes, with labelled arrows).

A board mode turns its document into a :class:`GraphModel` (nodes with a shape, label and
colours; undirected edges; directed labelled arrows; groups drawn as tinted boxes around
their nodes) and shows it in a :class:`GraphScene`. The scene reports what the person does
(:attr:`GraphScene.nodeClicked`, :attr:`GraphScene.nodeMoved`,
:attr:`GraphScene.emptyClicked`) and never edits anything itself: the board mode turns those
signals into undoable document edits and gives the scene a new model.

Nothing here knows a ruleset: Arkham draws locations, streets and white/black arrows with
it, another graph game its own places and routes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from questforge.editor.map.findings import Cell, FindingsItem, Locator


@dataclass(frozen=True)
class GraphNode:
    id: str
    label: str
    x: float
    y: float
    #: circle | rect | ellipse
    shape: str = "circle"
    fill: str = "#dddddd"
    border: str = "#333333"
    width: float = 60.0
    height: float = 60.0
    #: a small mark drawn in a corner (e.g. an unstable location's diamond)
    badge: str | None = None
    group: str | None = None
    #: a tinted disc behind the node (e.g. the colour of the area it belongs to)
    halo: str | None = None
    #: a short text drawn in the middle of the node (e.g. a heart for a healing place)
    mark: str | None = None
    mark_colour: str = "#ffffff"
    border_width: float = 2.0
    label_size: float = 7.5
    #: shown when the pointer rests on the node (e.g. facts not drawn on the board)
    tooltip: str | None = None


@dataclass(frozen=True)
class GraphEdge:
    a: str
    b: str
    colour: str = "#c9a227"
    #: solid | dashed (e.g. a sea route beside land routes)
    style: str = "solid"
    width: float = 4.0
    #: drawn beside the middle of the edge in its colour (e.g. a crossing's cost)
    label: str | None = None


@dataclass(frozen=True)
class GraphArrow:
    a: str
    b: str
    label: str
    colour: str
    outline: str = "#000000"


@dataclass(frozen=True)
class GraphGroup:
    id: str
    label: str
    colour: str


@dataclass
class GraphModel:
    nodes: list[GraphNode] = field(default_factory=list)
    edges: list[GraphEdge] = field(default_factory=list)
    arrows: list[GraphArrow] = field(default_factory=list)
    groups: list[GraphGroup] = field(default_factory=list)


class NodeItem(QGraphicsPathItem):
    """One node; movable. Its scene reports the drop position after a drag."""

    def __init__(self, node: GraphNode) -> None:
        super().__init__()
        self.node = node
        path = QPainterPath()
        w, h = node.width, node.height
        rect = QRectF(-w / 2, -h / 2, w, h)
        if node.shape == "rect":
            path.addRoundedRect(rect, 6, 6)
        else:
            path.addEllipse(rect)
        self.setPath(path)
        self.setBrush(QBrush(QColor(node.fill)))
        self.setPen(QPen(QColor(node.border), node.border_width))
        self.setPos(node.x, node.y)
        self.setZValue(2)
        if node.tooltip:
            self.setToolTip(node.tooltip)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        label = QGraphicsSimpleTextItem(node.label, self)
        font = QFont()
        font.setPointSizeF(node.label_size)
        label.setFont(font)
        box = label.boundingRect()
        label.setPos(-box.width() / 2, h / 2 + 2)
        if node.halo:
            ring = QGraphicsEllipseItem(-w / 2 - 6, -h / 2 - 6, w + 12, h + 12, self)
            ring.setBrush(QBrush(QColor(node.halo)))
            ring.setPen(QPen(Qt.PenStyle.NoPen))
            ring.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, True)
        if node.mark:
            mark = QGraphicsSimpleTextItem(node.mark, self)
            mark_font = QFont()
            mark_font.setPointSizeF(max(node.label_size, 9.0))
            mark.setFont(mark_font)
            mark.setBrush(QBrush(QColor(node.mark_colour)))
            mark_box = mark.boundingRect()
            mark.setPos(-mark_box.width() / 2, -mark_box.height() / 2)
        if node.badge:
            badge = QGraphicsPathItem(self)
            diamond = QPainterPath()
            diamond.addPolygon(
                QPolygonF(
                    [QPointF(0, -7), QPointF(7, 0), QPointF(0, 7), QPointF(-7, 0), QPointF(0, -7)]
                )
            )
            badge.setPath(diamond)
            badge.setBrush(QBrush(QColor(node.badge)))
            badge.setPen(QPen(QColor("#000000"), 1))
            badge.setPos(w / 2 - 6, -h / 2 + 6)


class NodeCells:
    """A graph scene's nodes as the ``CellShape`` of the finding marks."""

    def __init__(self, scene: GraphScene) -> None:
        self.scene = scene

    def cell_outline(self, cell: Cell) -> QPainterPath:
        item = self.scene.items_by_id.get(str(cell))
        if item is None:
            return QPainterPath()
        return item.mapToScene(item.shape())

    def cell_anchor(self, cell: Cell) -> QPointF:
        item = self.scene.items_by_id.get(str(cell))
        return item.sceneBoundingRect().topRight() if item is not None else QPointF()

    def cell_size(self) -> float:
        return 40.0


class GraphScene(QGraphicsScene):
    """Draws a :class:`GraphModel` and reports clicks and drags."""

    nodeClicked = Signal(str)
    nodeMoved = Signal(str, float, float)
    emptyClicked = Signal(float, float)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = GraphModel()
        self.items_by_id: dict[str, NodeItem] = {}
        self._pressed: tuple[str, QPointF] | None = None
        #: the validator's findings on the nodes (``show_findings``), kept across redraws
        self._findings: tuple[list[Any], Locator] | None = None
        self.findings_item: FindingsItem | None = None
        self.setBackgroundBrush(QBrush(QColor("#f4efe2")))

    # ------------------------------------------------------------------ drawing
    def set_model(self, model: GraphModel) -> None:
        self.model = model
        self.clear()
        self.items_by_id = {}
        for node in model.nodes:
            item = NodeItem(node)
            self.addItem(item)
            self.items_by_id[node.id] = item
        self._draw_groups()
        for edge in model.edges:
            self._draw_edge(edge)
        for arrow in model.arrows:
            self._draw_arrow(arrow)
        self.findings_item = None  # clear() deleted it
        if self._findings is not None:
            self.show_findings(*self._findings)

    def show_findings(self, findings: list[Any], locator: Locator) -> None:
        """Mark ``findings`` on the nodes ``locator`` (a finding's JSON path -> node ids)
        names: the generic outlines and badges of :mod:`questforge.editor.map.findings`."""
        self._findings = (list(findings), locator)
        if self.findings_item is None:
            self.findings_item = FindingsItem(NodeCells(self), z=50)
            self.addItem(self.findings_item)
        self.findings_item.set_findings(self._findings[0], locator)

    def _centre(self, ident: str) -> QPointF | None:
        item = self.items_by_id.get(ident)
        return item.pos() if item is not None else None

    def _draw_groups(self) -> None:
        for group in self.model.groups:
            members = [self.items_by_id[n.id] for n in self.model.nodes if n.group == group.id]
            if not members:
                continue
            rect = QRectF()
            for item in members:
                rect = rect.united(item.sceneBoundingRect())
            rect = rect.adjusted(-18, -26, 18, 18)
            colour = QColor(group.colour)
            fill = QColor(colour)
            fill.setAlpha(45)
            box = self.addRect(rect, QPen(colour, 2, Qt.PenStyle.DashLine), QBrush(fill))
            box.setZValue(-2)
            text = self.addSimpleText(group.label)
            text.setBrush(QBrush(colour.darker(160)))
            text.setPos(rect.left() + 6, rect.top() + 4)
            text.setZValue(-1)

    def _draw_edge(self, edge: GraphEdge) -> None:
        a, b = self._centre(edge.a), self._centre(edge.b)
        if a is None or b is None:
            return
        pen = QPen(QColor(edge.colour), edge.width)
        if edge.style == "dashed":
            pen.setStyle(Qt.PenStyle.DashLine)
        line = self.addLine(a.x(), a.y(), b.x(), b.y(), pen)
        line.setZValue(0)
        if edge.label:
            text = self.addSimpleText(edge.label)
            font = QFont()
            font.setPointSizeF(9)
            text.setFont(font)
            text.setBrush(QBrush(QColor(edge.colour)))
            mid = (a + b) / 2
            text.setPos(mid.x() + 4, mid.y() - 18)
            text.setZValue(1)

    def _draw_arrow(self, arrow: GraphArrow) -> None:
        a, b = self._centre(arrow.a), self._centre(arrow.b)
        if a is None or b is None:
            return
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        # arrows run beside the route, on its right, so a pair in both directions and the
        # route itself stay apart
        off = 9.0
        nx, ny = -uy * off, ux * off
        ia, ib = self._inset(arrow.a, ux, uy), self._inset(arrow.b, ux, uy)
        start = QPointF(a.x() + ux * ia + nx, a.y() + uy * ia + ny)
        end = QPointF(b.x() - ux * ib + nx, b.y() - uy * ib + ny)
        path = QPainterPath(start)
        path.lineTo(end)
        head = QPolygonF(
            [
                end,
                QPointF(end.x() - ux * 12 - uy * 6, end.y() - uy * 12 + ux * 6),
                QPointF(end.x() - ux * 12 + uy * 6, end.y() - uy * 12 - ux * 6),
                end,
            ]
        )
        path.addPolygon(head)
        outline = self.addPath(path, QPen(QColor(arrow.outline), 5))
        outline.setZValue(1)
        item = self.addPath(path, QPen(QColor(arrow.colour), 3), QBrush(QColor(arrow.colour)))
        item.setZValue(1)
        item.setToolTip(f"{arrow.label}: {arrow.a} -> {arrow.b}")

    def _inset(self, ident: str, ux: float, uy: float) -> float:
        """Distance from a node's centre to its border along (ux, uy), plus a gap, so
        arrowheads stop at the node instead of hiding under it."""
        node = self.items_by_id[ident].node
        half_w, half_h = node.width / 2, node.height / 2
        if node.shape == "rect":
            tx = half_w / abs(ux) if ux else math.inf
            ty = half_h / abs(uy) if uy else math.inf
            return min(tx, ty) + 4
        return math.hypot(half_w * ux, half_h * uy) + 4

    def highlight(self, ids: set[str]) -> None:
        """Select the nodes in ``ids`` (e.g. the places a problem is about)."""
        for ident, item in self.items_by_id.items():
            item.setSelected(ident in ids)

    # ------------------------------------------------------------------ input
    def node_at(self, pos: QPointF) -> str | None:
        for item in self.items(pos):
            while item is not None and not isinstance(item, NodeItem):
                item = item.parentItem()
            if isinstance(item, NodeItem):
                return item.node.id
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        ident = self.node_at(event.scenePos())
        self._pressed = (ident, event.scenePos()) if ident else None
        super().mousePressEvent(event)
        if ident is None and event.button() == Qt.MouseButton.LeftButton:
            self.emptyClicked.emit(event.scenePos().x(), event.scenePos().y())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return
        ident, start = pressed
        moved = (event.scenePos() - start).manhattanLength() > 3
        if moved:
            item = self.items_by_id[ident]
            self.nodeMoved.emit(ident, round(item.pos().x()), round(item.pos().y()))
        else:
            self.nodeClicked.emit(ident)


def export_scene(scene: QGraphicsScene, path: Path, fmt: str | None = None) -> Path:
    """Write the scene as PNG or SVG (by ``fmt`` or the file suffix), without finding
    marks (a picture of the board is not a picture of its problems)."""
    fmt = (fmt or path.suffix.lstrip(".") or "png").lower()
    if fmt not in ("png", "svg"):
        raise ValueError(f"unknown image format {fmt!r} (expected png or svg)")
    marks = getattr(scene, "findings_item", None)
    if marks is not None:
        marks.setVisible(False)
    try:
        return _export(scene, path, fmt)
    finally:
        if marks is not None:
            marks.setVisible(True)


def _export(scene: QGraphicsScene, path: Path, fmt: str) -> Path:
    rect = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20)
    if fmt == "svg":
        from PySide6.QtSvg import QSvgGenerator

        gen = QSvgGenerator()
        gen.setFileName(str(path))
        gen.setSize(rect.size().toSize())
        gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
        painter = QPainter(gen)
        scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
        painter.end()
        return path
    image = QImage(int(rect.width() * 1.5), int(rect.height() * 1.5), QImage.Format.Format_ARGB32)
    image.fill(QColor("#f4efe2"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    if not image.save(str(path)):
        raise OSError(f"cannot write {path}")
    return path
