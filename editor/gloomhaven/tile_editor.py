"""The map-tile editor: click hexes on a grid to draw a tile's shape, instead of typing
coordinates.

Why: a map tile is a list of 20-40 axial coordinates per side; typed into a form, a
designer cannot see the shape and mistypes easily. Here the tile's side is drawn on a hex
grid: a click toggles a hex in or out of the side, a drag paints (or erases, when it
starts on a hex of the tile) every hex it passes — one undo step per stroke. The schema
form stays beside it for the name, labels and thin walls, and follows every change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.gloomhaven import symbols
from questforge.editor.gloomhaven.scenario_map import Hex, hexes_of, tile_side_hexes
from questforge.engine.core import hexgrid

#: the grid drawn around the tile's origin (hexes of the tile beyond it are drawn too)
GRID_RADIUS = 6
HEX_PX = 22.0


class TileSideEdits:
    """Widget-free edits of one map tile's sides (each call: one undo step, or part of
    the stroke the caller opened)."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def hexes(self, side: str) -> list[Hex]:
        local = tile_side_hexes(self.document.data, side)
        return local[0] if local else []

    def set_hex(self, side: str, h: Hex, on: bool) -> bool:
        """Put ``h`` into side ``side`` (``on``) or take it out; False if nothing changed."""
        hexes = self.hexes(side)
        if on == (h in hexes):
            return False
        doc = self.document
        if on:
            if not isinstance(doc.get(("sides", side), None), dict):
                sides = doc.get(("sides",), None)
                if not isinstance(sides, dict):
                    doc.set_value(("sides",), {side: {"hexes": [[h[0], h[1]]]}}, "Add hex")
                else:
                    doc.set_value(("sides", side), {"hexes": [[h[0], h[1]]]}, "Add hex")
                return True
            doc.insert_item(("sides", side, "hexes"), [h[0], h[1]], None, f"Add hex to {side}")
        else:
            raw = doc.get(("sides", side, "hexes"), [])
            index = next(
                i for i, v in enumerate(raw) if isinstance(v, list) and tuple(v) == tuple(h)
            )
            doc.remove_item(("sides", side, "hexes"), index, f"Remove hex from {side}")
        return True

    def copy_side(self, source: str, target: str) -> None:
        """Side ``target`` takes the shape (hexes and walls) of ``source``: one step."""
        body = self.document.get(("sides", source), None)
        if not isinstance(body, dict):
            return
        current = self.document.get(("sides", target), None)
        new = dict(current) if isinstance(current, dict) else {}
        new["hexes"] = [list(h) for h in hexes_of(body.get("hexes"))]
        if "walls" in body:
            new["walls"] = body["walls"]
        self.document.set_value(("sides", target), new, f"Copy side {source} to {target}")


class TileHexCanvas(QWidget):
    """A hex grid; the hexes of the chosen side are filled. Click toggles, drag paints."""

    def __init__(self, edits: TileSideEdits, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edits = edits
        self.side = "a"
        self.size_px = HEX_PX
        self.setMouseTracking(True)
        self.setMinimumSize(QSize(360, 320))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._stroke: bool | None = None  # adding (True) or removing (False) while dragging
        self._macro = False
        self._done: set[Hex] = set()
        self.hover: Hex | None = None
        edits.document.changed.connect(lambda _p: self.update())

    # ----------------------------------------------------------------- geometry
    def grid(self) -> list[Hex]:
        out = [(h[0], h[1]) for h in hexgrid.spiral((0, 0), GRID_RADIUS)]
        return out + [h for h in self.edits.hexes(self.side) if h not in set(out)]

    def center(self, h: Hex) -> QPointF:
        x, y = hexgrid.hex_to_pixel(h, self.size_px, "flat")
        return QPointF(self.width() / 2 + x, self.height() / 2 + y)

    def hex_at(self, pos: QPointF) -> Hex:
        h = hexgrid.pixel_to_hex(
            pos.x() - self.width() / 2, pos.y() - self.height() / 2, self.size_px, "flat"
        )
        return (h[0], h[1])

    def point_of(self, h: Hex) -> QPointF:
        """Widget pixel of a hex centre (tests click there, as a user would)."""
        return self.center(h)

    # ----------------------------------------------------------------- drawing
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#f7f3ea"))
        tile = set(self.edits.hexes(self.side))
        for h in self.grid():
            inside = h in tile
            p.setBrush(QColor("#e6dcc4") if inside else QColor(255, 255, 255, 120))
            p.setPen(QPen(QColor("#5b5143") if inside else QColor("#c9bfa9"), 1.5 if inside else 1))
            p.drawPolygon(symbols.hex_polygon(self.center(h), self.size_px, "flat", 0.97))
        local = tile_side_hexes(self.edits.document.data, self.side)
        pen = QPen(QColor("#2a2522"), self.size_px * 0.22)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        for a, b in local[1] if local else []:
            direction = hexgrid.direction_to(a, b)
            if direction is None:
                continue
            corners = hexgrid.hex_corners(a, self.size_px, "flat")
            ca, cb = corners[(direction - 1) % 6], corners[direction % 6]
            off = QPointF(self.width() / 2, self.height() / 2)
            p.drawLine(QPointF(*ca) + off, QPointF(*cb) + off)
        p.setPen(QPen(QColor("#8a7f6a"), 1.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(symbols.hex_polygon(self.center((0, 0)), self.size_px, "flat", 0.3))
        if self.hover is not None:
            p.setPen(QPen(QColor("#1d5fa8"), 2))
            p.drawPolygon(symbols.hex_polygon(self.center(self.hover), self.size_px, "flat", 0.9))
        p.end()

    # ----------------------------------------------------------------- input
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        h = self.hex_at(event.position())
        self._stroke = h not in self.edits.hexes(self.side)
        self._done = set()
        self._paint(h)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        h = self.hex_at(event.position())
        if h != self.hover:
            self.hover = h
            self.update()
        if self._stroke is not None:
            self._paint(h)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._stroke = None
        if self._macro:
            self._macro = False
            self.edits.document.undo_stack.endMacro()

    def _paint(self, h: Hex) -> None:
        if h in self._done or self._stroke is None:
            return
        self._done.add(h)
        if (h in self.edits.hexes(self.side)) == self._stroke:
            return
        if not self._macro:
            self._macro = True
            verb = "Add" if self._stroke else "Remove"
            self.edits.document.undo_stack.beginMacro(f"{verb} hexes of side {self.side}")
        self.edits.set_hex(self.side, h, self._stroke)


class TileEditor(DocumentEditor):
    """A map tile: the hex canvas of one side, its side switch, and the schema form."""

    def __init__(self, document: Document, context: Any = None, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.edits = TileSideEdits(document)
        self.canvas = TileHexCanvas(self.edits)
        self.side_combo = QComboBox()
        self.side_combo.addItems(["a", "b"])
        self.side_combo.currentTextChanged.connect(self.set_side)
        self.copy_button = QPushButton("Copy side a → b")
        self.copy_button.clicked.connect(self._copy)
        self.count_label = QLabel()
        top = QHBoxLayout()
        top.addWidget(QLabel("Side"))
        top.addWidget(self.side_combo)
        top.addWidget(self.copy_button)
        top.addStretch(1)
        top.addWidget(self.count_label)
        hint = QLabel(
            "Click a hex to add it to the tile or take it out; drag to paint several "
            "(one undo step). The small ring marks the tile's origin [0, 0], the hex the "
            "scenario's position puts on the map."
        )
        hint.setWordWrap(True)
        left = QWidget()
        column = QVBoxLayout(left)
        column.addLayout(top)
        column.addWidget(self.canvas, 1)
        column.addWidget(hint)
        self.form_editor = FormEditor(document, context)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.form_editor)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        document.changed.connect(lambda _p: self._update_count())
        self._update_count()

    def set_side(self, side: str) -> None:
        self.canvas.side = side
        other = "b" if side == "a" else "a"
        self.copy_button.setText(f"Copy side {other} → {side}")
        self.canvas.update()
        self._update_count()

    def _copy(self) -> None:
        side = self.canvas.side
        self.edits.copy_side("b" if side == "a" else "a", side)

    def _update_count(self) -> None:
        n = len(self.edits.hexes(self.canvas.side))
        self.count_label.setText(f"side {self.canvas.side}: {n} hex{'es' if n != 1 else ''}")

    def focus_path(self, path: Any) -> None:
        if len(path) >= 2 and path[0] == "sides" and path[1] in ("a", "b"):
            self.side_combo.setCurrentText(str(path[1]))
        self.form_editor.focus_path(path)

    def can_export_image(self) -> bool:
        return False


def tile_editor_factory(document: Document, context: Any) -> DocumentEditor:
    return TileEditor(document, context)


__all__ = ["TileEditor", "TileHexCanvas", "TileSideEdits", "tile_editor_factory"]
