"""The Descent quest editor: the quest map on a square-grid canvas, with tools.

Tools (chosen in the tool box, or with keys ``1``-``8``): place the selected tile (``R``
rotates it 90° clockwise) into the selected area (or a new one), add a door on the edge
nearest the click (normal or rune-locked by colour), paint terrain, place a monster with
its per-hero-count marker, toggle a start square, place a map object, erase the topmost
thing on a square, and select: a click selects the topmost placed thing (monster, object,
start square, door, else the tile), dragging it moves it, ``Delete`` removes it. Every
click, move or deletion is one named undo step made of the Qt-free operations of
:mod:`.operations`; the document's undo stack undoes and redoes it.

Beside the map an inspector shows the generic schema form (:mod:`questforge.editor.forms`)
for the selected thing or, with nothing selected, the quest's own fields (name, conquest,
areas and their names, objectives, events...): the placements are edited on the map. The map is drawn by :mod:`.quest_render`, the same picture
``questforge render`` writes, for the number of heroes chosen in the main window.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.descent import operations as ops
from questforge.editor.descent.map_findings import SquareCells
from questforge.editor.descent.map_findings import locator as map_locator
from questforge.editor.descent.quest_render import (
    CELL,
    MARGIN,
    cell_at,
    cell_rect,
    pack_from_workspace,
    paint_quest,
    render_quest,
)
from questforge.editor.descent.square_picker import SquarePicker
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.form_editor import schema_for_document
from questforge.editor.forms.references import WorkspaceReferences
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.forms.services import FormServices
from questforge.editor.jsonpath import MISSING, format_path
from questforge.editor.map.findings import FindingMarks, paint_marks
from questforge.engine.descent.model import Quest, QuestMap
from questforge.schema.walk import SchemaContext

TOOLS = ("tile", "door", "terrain", "monster", "start", "object", "erase", "select")
#: quest keys edited on the map rather than in the quest inspector
MAP_KEYS = frozenset({"tiles", "doors", "terrain", "objects", "start", "monsters", "named"})
NEW_AREA = "(new area)"
GRID = (24, 16)


class QuestCanvas(QWidget):
    """Draws the quest and turns clicks into square (and edge) positions."""

    def __init__(self, editor: QuestEditor) -> None:
        super().__init__()
        self.editor = editor
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.resize_to_content()

    def origin(self) -> tuple[int, int]:
        cells = self.editor.qmap().cells
        return (min([0, *(c[0] for c in cells)]), min([0, *(c[1] for c in cells)]))

    def resize_to_content(self) -> None:
        cells = self.editor.qmap().cells
        ox, oy = self.origin()
        w = max([GRID[0] - 1, *(c[0] for c in cells)]) - ox + 2
        h = max([GRID[1] - 1, *(c[1] for c in cells)]) - oy + 2
        self.setMinimumSize(int(w * CELL + 2 * MARGIN), int(h * CELL + 2 * MARGIN + 24))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        origin = self.origin()
        painter.fillRect(self.rect(), QColor("#f7f3ea"))
        painter.setPen(QPen(QColor("#e0d6c2"), 0.5))
        for gx in range(origin[0], origin[0] + int(self.width() / CELL) + 1):
            for gy in range(origin[1], origin[1] + int(self.height() / CELL) + 1):
                painter.drawRect(cell_rect((gx, gy), origin))
        qmap = self.editor.qmap()
        if qmap.cells:
            paint_quest(
                painter,
                self.editor.pack(),
                qmap.quest,
                qmap,
                self.editor.heroes,
                origin,
                0,
                0,
            )
        painter.setBrush(Qt.BrushStyle.NoBrush)  # outlines only: the map shows through
        selected = self.editor.selected_squares()
        if selected:
            # one outline around the selected squares (a 2x2 monster is one box), and a
            # dashed one where a drag would put them
            painter.setPen(QPen(QColor("#1565c0"), 3))
            painter.drawPath(_outline(selected, origin))
            shift = self.editor.drag_offset()
            if shift != (0, 0):
                painter.setPen(QPen(QColor("#1565c0"), 2, Qt.PenStyle.DashLine))
                moved = [(c[0] + shift[0], c[1] + shift[1]) for c in selected]
                painter.drawPath(_outline(moved, origin))
        if self.editor.highlight:
            painter.setPen(QPen(QColor("#d32f2f"), 3))
            for c in self.editor.highlight:
                painter.drawRect(cell_rect(c, origin).adjusted(2, 2, -2, -2))
        paint_marks(painter, self.editor.finding_marks, SquareCells(origin))  # the findings
        preview = self.editor.tile_preview()
        if preview:
            painter.setPen(QPen(QColor("#2c5aa0"), 2, Qt.PenStyle.DashLine))
            for c in preview:
                painter.drawRect(cell_rect(c, origin))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        cell, fx, fy = cell_at(pos.x(), pos.y(), self.origin())
        self.editor.click(cell, fx, fy)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        cell, _, _ = cell_at(pos.x(), pos.y(), self.origin())
        self.editor.release(cell)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        cell, _, _ = cell_at(pos.x(), pos.y(), self.origin())
        if self.editor.drag_from is not None and cell != self.editor.drag_to:
            self.editor.drag_to = cell
            self.update()
        if cell != self.editor.hover:
            self.editor.hover = cell
            problems = self.editor.finding_marks.tooltip(cell)
            self.setToolTip(problems)
            self.editor.statusMessage.emit(
                f"square [{cell[0]}, {cell[1]}]"
                + (" · " + problems.split("\n")[0] if problems else "")
            )
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.editor.key(event.key())

    def point_of(self, cell: tuple[int, int], fx: float = 0.5, fy: float = 0.5) -> QPointF:
        """The widget point inside ``cell`` at fractions ``fx``, ``fy`` (tests click there)."""
        r: QRectF = cell_rect(cell, self.origin())
        return QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())


class QuestEditor(DocumentEditor):
    """The Descent quest board mode (registered for ``(descent, quest)``)."""

    def __init__(self, document: Any, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.workspace = workspace
        self.heroes = 2
        self.hover: tuple[int, int] | None = None
        self.rotation = 0
        #: squares of the problem the problems panel jumped to
        self.highlight: list[tuple[int, int]] = []
        #: the validator's findings located on the squares (drawn by the canvas)
        self.finding_marks = FindingMarks()
        #: the selected thing's JSON path (``("monsters", 2)``), chosen with the select tool
        self.selection: tuple[Any, ...] | None = None
        #: the square a select-tool drag started on, and the square it is over now
        self.drag_from: tuple[int, int] | None = None
        self.drag_to: tuple[int, int] | None = None
        self._pack: Any = None
        self.tool = QComboBox()
        self.tool.addItems(list(TOOLS))
        self.tile = QComboBox()
        self.area = QComboBox()
        self.rune = QComboBox()
        self.rune.addItems(["normal", "red", "yellow", "blue"])
        self.terrain = QComboBox()
        self.terrain.addItems(["pit", "rubble", "water", "lava"])
        self.monster = QComboBox()
        self.markers = [QComboBox() for _ in range(3)]
        for box, default in zip(self.markers, ("normal", "normal", "master"), strict=True):
            box.addItems(["none", "normal", "master"])
            box.setCurrentText(default)
        self.object = QComboBox()
        self.object.addItems(
            ["glyph (active)", "glyph", "stairs", "runekey", "chest", "coins", "healing-potion"]
        )
        self.colour = QComboBox()
        self.colour.addItems(["red", "yellow", "blue", "green", "white", "purple"])
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Tool"))
        bar.addWidget(self.tool)
        #: the options of each tool, shown only while it is the current one (as Tiled's tool
        #: options bar): all of them at once made the bar wider than the window
        self.tool_options: dict[str, QWidget] = {}
        for tool, options in (
            ("tile", (("Tile", self.tile), ("Area", self.area))),
            ("door", (("Door", self.rune),)),
            ("terrain", (("Terrain", self.terrain),)),
            (
                "monster",
                (
                    ("Monster", self.monster),
                    ("2/3/4", self.markers[0]),
                    ("", self.markers[1]),
                    ("", self.markers[2]),
                ),
            ),
            ("object", (("Object", self.object), ("Colour", self.colour))),
        ):
            group = QWidget()
            row = QHBoxLayout(group)
            row.setContentsMargins(8, 0, 0, 0)
            for label, widget in options:
                if label:
                    row.addWidget(QLabel(label))
                row.addWidget(widget)
            bar.addWidget(group)
            self.tool_options[tool] = group
        bar.addStretch(1)
        self.tool.currentTextChanged.connect(self._show_tool_options)
        self._show_tool_options(self.tool.currentText())
        self.canvas = QuestCanvas(self)
        # the inspector's square fields pick on this canvas
        self.square_picker = SquarePicker(self)
        scroll = QScrollArea()
        scroll.setWidget(self.canvas)
        scroll.setWidgetResizable(True)
        self.inspector_box = QGroupBox("Inspector — quest")
        self.inspector_scroll = QScrollArea()
        self.inspector_scroll.setWidgetResizable(True)
        QVBoxLayout(self.inspector_box).addWidget(self.inspector_scroll)
        schema = schema_for_document(document)
        self.schema_ctx = SchemaContext(schema) if schema is not None else None
        self.inspector: SchemaForm | None = None
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(scroll)
        splitter.addWidget(self.inspector_box)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([900, 380])
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        document.changed.connect(self._on_changed)
        self.refresh_palette()
        self._show_inspector()

    def _show_tool_options(self, tool: str) -> None:
        for name, group in self.tool_options.items():
            group.setVisible(name == tool)

    # ------------------------------------------------------------------ model
    def pack(self) -> Any:
        if self._pack is None:
            self._pack = pack_from_workspace(self.workspace)
        return self._pack

    def quest(self) -> Quest:
        data = dict(self.document.data)
        data.setdefault("areas", [])
        data.setdefault("tiles", [])
        data.setdefault("start", [])
        data.setdefault("objectives", [])
        data.setdefault("conquest", 1)
        data.setdefault("id", "quest")
        data.setdefault("name", "Quest")
        return Quest.load(data, None)

    def qmap(self) -> QuestMap:
        quest = self.quest()
        return self.pack().quest_map(quest)

    def refresh_palette(self) -> None:
        self._pack = None
        pack = self.pack()
        for box, items in ((self.tile, sorted(pack.tiles)), (self.monster, sorted(pack.monsters))):
            current = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItems(items)
            if current in items:
                box.setCurrentText(current)
            box.blockSignals(False)
        areas = [a.get("id") for a in self.document.data.get("areas", [])]
        current = self.area.currentText()
        self.area.blockSignals(True)
        self.area.clear()
        self.area.addItems([*areas, NEW_AREA])
        self.area.setCurrentText(current if current in areas else NEW_AREA)
        self.area.blockSignals(False)

    def _on_changed(self, _path: object = None) -> None:
        if self.selection is not None and self.document.get(self.selection) is MISSING:
            self.set_selection(None)  # deleted, or undone away
        self.refresh_palette()
        self.canvas.resize_to_content()
        self.canvas.update()

    def tile_preview(self) -> list[tuple[int, int]]:
        if self.tool.currentText() != "tile" or self.hover is None:
            return []
        tile = self.pack().tiles.get(self.tile.currentText())
        if tile is None:
            return []
        from questforge.engine.descent.model import rotate

        return [
            (
                rotate(c, self.rotation)[0] + self.hover[0],
                rotate(c, self.rotation)[1] + self.hover[1],
            )
            for c in tile.cells
        ]

    # ------------------------------------------------------------------ selection
    def set_selection(self, path: tuple[Any, ...] | None) -> None:
        """Select the thing at ``path`` (``None``: nothing); the inspector follows."""
        if path is not None and self.document.get(path) is MISSING:
            path = None
        if path == self.selection:
            return
        self.selection = tuple(path) if path is not None else None
        self._show_inspector()
        self.canvas.update()
        self.selectionChanged.emit()

    def selected_squares(self) -> list[tuple[int, int]]:
        if self.selection is None:
            return []
        return squares_of_path(self.document.data, self.selection, self.qmap(), self.pack())

    def drag_offset(self) -> tuple[int, int]:
        if self.drag_from is None or self.drag_to is None or self.selection is None:
            return (0, 0)
        return (self.drag_to[0] - self.drag_from[0], self.drag_to[1] - self.drag_from[1])

    def _show_inspector(self) -> None:
        if self.inspector is not None:
            self.inspector.deleteLater()
            self.inspector = None
        path = self.selection or ()
        if self.schema_ctx is not None:
            # with nothing selected: the quest's own fields; its placements are edited on
            # the map (a form of every placement would be long and slow to rebuild)
            self.inspector = SchemaForm(
                self.document,
                self.schema_ctx,
                path,
                exclude=MAP_KEYS if not path else frozenset(),
                # reference fields (tiles, monsters, the shop) list the pack's ids
                services=FormServices(self.square_picker, WorkspaceReferences(self.workspace)),
            )
            self.inspector_scroll.setWidget(self.inspector)
        self.inspector_box.setTitle(
            "Inspector — quest" if not path else f"Inspector — {format_path(path)}"
        )

    def delete_selection(self) -> None:
        if self.selection is None:
            return
        path = self.selection
        edit = ops.delete_thing(self.document.data, path)
        self.set_selection(None)
        ops.apply(self.document, f"Delete {format_path(path)}", edit)

    def release(self, cell: tuple[int, int]) -> None:
        """End a select-tool drag: move the selected thing by the squares dragged over."""
        start, self.drag_from, self.drag_to = self.drag_from, None, None
        if start is None or self.selection is None:
            return
        dx, dy = cell[0] - start[0], cell[1] - start[1]
        try:
            edit = ops.move_thing(self.document.data, self.selection, dx, dy)
            ops.apply(self.document, f"Move {format_path(self.selection)}", edit)
        except ValueError as exc:
            self.statusMessage.emit(str(exc))
        self.canvas.update()

    # ------------------------------------------------------------------ input
    def key(self, key: int) -> None:
        if key == Qt.Key.Key_R:
            self.rotation = (self.rotation + 90) % 360
            self.statusMessage.emit(f"rotation {self.rotation}°")
            self.canvas.update()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_selection()
        elif key == Qt.Key.Key_Escape:
            self.set_selection(None)
        elif Qt.Key.Key_1 <= key < Qt.Key.Key_1 + len(TOOLS):
            self.tool.setCurrentIndex(int(key) - int(Qt.Key.Key_1))

    def click(self, cell: tuple[int, int], fx: float, fy: float) -> None:
        data = self.document.data
        tool = self.tool.currentText()
        try:
            if tool == "select":
                sizes = {m: mon.size for m, mon in self.pack().monsters.items()}
                placement = self.qmap().placement_of.get(cell)
                self.set_selection(ops.thing_at(data, cell, sizes, placement, self.heroes))
                self.drag_from = cell if self.selection is not None else None
                self.drag_to = self.drag_from
                self.canvas.update()
            elif tool == "tile":
                area = self.area.currentText()
                if area in ("", NEW_AREA):
                    area = ops.next_area_id(data)
                edit = ops.place_tile(data, self.tile.currentText(), cell, self.rotation, area)
                ops.apply(self.document, "Place tile", edit)
                self.area.setCurrentText(area)
            elif tool == "door":
                dx, dy = _nearest_side(fx, fy)
                other = (cell[0] + dx, cell[1] + dy)
                rune = self.rune.currentText()
                edit = ops.add_door(
                    data, cell, other, self.qmap().area_of, None if rune == "normal" else rune
                )
                ops.apply(self.document, "Add door", edit)
            elif tool == "terrain":
                ops.apply(
                    self.document,
                    "Paint terrain",
                    ops.paint_terrain(data, cell, self.terrain.currentText()),
                )
            elif tool == "monster":
                marker = {
                    n: box.currentText()
                    for n, box in zip(("2", "3", "4"), self.markers, strict=True)
                }
                edit = ops.place_monster(data, self.monster.currentText(), cell, marker)
                ops.apply(self.document, "Place monster", edit)
            elif tool == "start":
                ops.apply(self.document, "Start square", ops.toggle_start(data, cell))
            elif tool == "object":
                kind = self.object.currentText()
                active = kind == "glyph (active)"
                kind = kind.split(" ")[0]
                edit = ops.place_object(data, kind, cell, self.colour.currentText(), active)
                ops.apply(self.document, f"Place {kind}", edit)
            elif tool == "erase":
                qmap = self.qmap()
                sizes = {m: mon.size for m, mon in self.pack().monsters.items()}
                edit = ops.erase_at(data, cell, sizes, qmap.placement_of.get(cell))
                ops.apply(self.document, "Erase", edit)
        except ValueError as exc:
            self.statusMessage.emit(str(exc))

    # ------------------------------------------------------------------ editor API
    def show_findings(self, findings: list[Any]) -> None:
        self.finding_marks.update(findings, map_locator(self))
        self.canvas.update()

    def focus_path(self, path: Any) -> None:
        """Highlight the squares a finding's JSON path is about."""
        self.highlight = squares_of_path(self.document.data, tuple(path), self.qmap(), self.pack())
        self.canvas.update()

    def set_player_count(self, count: int) -> None:
        self.heroes = max(1, min(4, count))
        self.canvas.update()

    def open_playtest(self) -> object | None:
        """Play this quest as edited: every seat by a person or by the bots (core's
        ``open_playtest`` opens the window this board mode registered) on a snapshot of the
        pack, removed when the window closes."""
        from questforge.editor.play_snapshot import open_on_snapshot
        from questforge.editor.playtest import open_playtest

        window = open_on_snapshot(
            self.workspace,
            open_playtest,
            self.window(),
            self.document.content_id,
            setup={"heroes": self.heroes},
        )
        self.playtest_window = window
        return window

    def open_simulation(self, *args: Any, **kwargs: Any) -> object | None:
        """Open core's simulate dialog on this quest as edited (heroes preset)."""
        from questforge.editor.play_snapshot import open_on_snapshot
        from questforge.editor.playtest import open_simulate

        return open_on_snapshot(
            self.workspace,
            open_simulate,
            self.window(),
            self.document.content_id,
            setup={"heroes": self.heroes},
            saved_file=self.document.path,  # "Compare with last saved version"
        )

    def can_export_image(self) -> bool:
        return True

    def export_image(self, path: Path) -> None:
        render_quest(self.document, self.workspace, Path(path), heroes=self.heroes)


def _outline(cells: list[tuple[int, int]], origin: tuple[int, int]) -> QPainterPath:
    """The outline of a set of squares (their union)."""
    path = QPainterPath()
    for c in cells:
        path.addRect(cell_rect(c, origin))
    return path.simplified()


def _nearest_side(fx: float, fy: float) -> tuple[int, int]:
    """The edge of the square nearest to a click at fractions ``fx``, ``fy``."""
    distances = {(1, 0): 1 - fx, (-1, 0): fx, (0, 1): 1 - fy, (0, -1): fy}
    return min(distances, key=lambda k: distances[k])


def squares_of_path(
    data: Any, path: tuple[Any, ...], qmap: QuestMap, pack: Any
) -> list[tuple[int, int]]:
    """The squares a quest JSON path points at (empty when it is not about a place)."""
    from questforge.engine.descent.model import footprint

    if len(path) < 2 or not isinstance(path[1], int):
        return []
    key, index = path[0], path[1]
    try:
        entry = data[key][index]
    except (KeyError, IndexError, TypeError):
        return []
    if key == "start":
        return [(int(entry[0]), int(entry[1]))]
    if key in ("monsters", "named"):
        monster = pack.get("monster", entry.get("monster", ""))
        size = monster.size if monster is not None else (1, 1)
        return footprint((int(entry["cell"][0]), int(entry["cell"][1])), size)
    if key == "objects":
        return [(int(entry["cell"][0]), int(entry["cell"][1]))]
    if key == "doors":
        return [(int(c[0]), int(c[1])) for e in entry.get("edges", []) for c in e]
    if key == "terrain":
        return [(int(c[0]), int(c[1])) for c in entry.get("cells", [])]
    if key == "tiles":
        return sorted(c for c, i in qmap.placement_of.items() if i == index)
    if key == "areas":
        return sorted(c for c, a in qmap.area_of.items() if a == entry.get("id"))
    return []
