"""The Witcher board mode: edit a map on the graph canvas.

Tools (Tiled style, one key each): **S** select and drag a location, **L** place a
location, **R** draw a land route (click two locations), **W** draw a sea route (with a
gold cost), **Del** delete the selected location and its routes. A right click on a location (Select
tool) puts it in another area or adds or removes an obstacle area of its area. Every edit is one named
undo command on the document's stack; the scene redraws from the document's change signal,
and the main window's problems panel validates live. Everything else (names, areas, lead
colours, obstacle areas, the battle track) is edited in the generated form of the same
document (the form tab).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QMenu, QToolBar, QVBoxLayout, QWidget

from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.jsonpath import JsonPath
from questforge.editor.map.graph_canvas import export_scene as export_graph
from questforge.editor.map.view import MapView
from questforge.editor.tools.base import Tool
from questforge.editor.witcher import map_edits
from questforge.editor.witcher.scene import MapScene


class _MapTool(Tool):
    def __init__(self, editor: WitcherMapEditor) -> None:
        super().__init__()
        self.editor = editor

    @property
    def doc(self) -> Document:
        return self.editor.document


class SelectTool(_MapTool):
    name, shortcut, tooltip = "Select", "S", "Select and drag locations"

    def __init__(self, editor: WitcherMapEditor) -> None:
        super().__init__(editor)
        self._drag: int | None = None
        self._moved = False

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.ArrowCursor

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        hit = map_edits.location_at(self.doc.data, pos.x(), pos.y())
        self.editor.select(hit)
        if event.button() == Qt.MouseButton.RightButton:
            self._drag = None
            if hit is not None:
                self.editor.context_menu(hit).exec(event.globalPosition().toPoint())
            return
        self._drag = hit
        self._moved = False

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._drag is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self.editor.move_location(self._drag, pos.x(), pos.y())

    def mouse_release(self, pos: QPointF, event: QMouseEvent) -> None:
        self._drag = None

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.editor.delete_selection()
            return True
        return False


class LocationTool(_MapTool):
    name, shortcut, tooltip = "Location", "L", "Click to place a location"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if map_edits.location_at(self.doc.data, pos.x(), pos.y()) is None:
            self.editor.add_location(pos.x(), pos.y())


class RouteTool(_MapTool):
    name, shortcut, tooltip = "Land route", "R", "Click two locations to join them"
    sea = False

    def deactivate(self) -> None:
        self.editor.scene.pending_from = None
        self.editor.scene.rebuild()

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        hit = map_edits.location_at(self.doc.data, pos.x(), pos.y())
        scene = self.editor.scene
        if hit is None:
            scene.pending_from = None
        elif scene.pending_from is None or scene.pending_from == hit:
            scene.pending_from = hit
        else:
            self.editor.add_route(scene.pending_from, hit, sea=self.sea)
            scene.pending_from = None
        scene.rebuild()


class SeaRouteTool(RouteTool):
    name, shortcut, tooltip = "Sea route", "W", "Click two locations to join them by sea"
    sea = True


class WitcherMapEditor(DocumentEditor):
    """The tab of a Witcher ``map`` document."""

    def __init__(self, document: Document, context: Any = None, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.context = context
        self.scene = MapScene(document)
        self.view = MapView(self.scene, self)
        self.tools: dict[str, Tool] = {}
        bar = QToolBar(self)
        group = QActionGroup(self)
        for tool in (SelectTool(self), LocationTool(self), RouteTool(self), SeaRouteTool(self)):
            action = QAction(f"{tool.name} ({tool.shortcut})", self)
            action.setCheckable(True)
            action.setShortcut(tool.shortcut)
            action.setToolTip(tool.tooltip)
            action.triggered.connect(lambda _=False, t=tool: self.use_tool(t.name))
            group.addAction(action)
            bar.addAction(action)
            self.tools[tool.name] = tool
            if tool.name == "Select":
                action.setChecked(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(bar)
        layout.addWidget(self.view)
        self.use_tool("Select")

    # --- tools and selection -------------------------------------------------------------

    def use_tool(self, name: str) -> None:
        self.view.set_tool(self.tools[name])
        self.statusMessage.emit(self.tools[name].tooltip)

    def select(self, index: int | None) -> None:
        self.scene.selected = index
        self.scene.rebuild()
        self.selectionChanged.emit()

    # --- edits (each one undo step) ------------------------------------------------------

    def add_location(self, x: float, y: float) -> int:
        value = map_edits.new_location(self.document.data, x, y)
        return self.document.insert_item(("locations",), value, text="Place location")

    def move_location(self, index: int, x: float, y: float) -> None:
        self.document.set_value(
            ("locations", index, "position"),
            [round(x, 1), round(y, 1)],
            "Move location",
            merge_key=f"move-location-{index}",
        )

    def add_route(self, a: int, b: int, sea: bool = False, cost: int = 1) -> int | None:
        ids = map_edits.location_ids(self.document.data)
        route = map_edits.new_route(self.document.data, ids[a], ids[b], sea=sea, cost=cost)
        if route is None:
            self.statusMessage.emit("those locations are already joined")
            return None
        text = "Add sea route" if sea else "Add land route"
        return self.document.insert_item(("routes",), route, text=text)

    def delete_selection(self) -> None:
        index = self.scene.selected
        if index is None:
            return
        with self.document.macro("Delete location"):
            for list_path, i in map_edits.removal_for_location(self.document.data, index):
                self.document.remove_item(list_path, i)
        self.select(None)

    def set_area(self, index: int, area: str) -> None:
        self.document.set_value(("locations", index, "area"), area, "Assign location to area")

    def add_obstacle_area(self, area: str) -> int:
        value = map_edits.new_obstacle_area(self.document.data, area)
        return self.document.insert_item(("obstacle_areas",), value, text="Add obstacle area")

    def remove_obstacle_area(self, index: int) -> None:
        self.document.remove_item(("obstacle_areas",), index, "Remove obstacle area")

    def context_menu(self, index: int) -> QMenu:
        """The right-click menu of location ``index``: its area (one undo step to change)
        and the obstacle areas of that area (WI-OBS-08), so a designer marks them on the
        canvas instead of hunting for the area id in the form."""
        data = self.document.data
        loc = data["locations"][index]
        current = loc.get("area") if isinstance(loc, dict) else None
        names = {
            a["id"]: str(a.get("name") or a["id"])
            for a in data.get("areas") or []
            if isinstance(a, dict) and "id" in a
        }
        menu = QMenu(self)
        area_menu = menu.addMenu("Area")
        for ident in map_edits.area_ids(data):
            action = area_menu.addAction(names.get(ident, ident))
            action.setCheckable(True)
            action.setChecked(ident == current)
            action.triggered.connect(lambda _=False, a=ident: self.set_area(index, a))
        if isinstance(current, str) and current in names:
            label = names[current]
            add = menu.addAction(f"Add obstacle area to {label}")
            add.triggered.connect(lambda _=False, a=current: self.add_obstacle_area(a))
            for i in map_edits.obstacle_areas_of(data, current):
                ident = data["obstacle_areas"][i].get("id")
                drop = menu.addAction(f"Remove obstacle area {ident}")
                drop.triggered.connect(lambda _=False, j=i: self.remove_obstacle_area(j))
        return menu

    def can_copy(self) -> bool:
        return False

    def focus_path(self, path: JsonPath) -> None:
        if len(path) >= 2 and path[0] == "locations" and isinstance(path[1], int):
            self.select(path[1])

    def show_findings(self, findings: list[Any]) -> None:
        """Mark the findings on the locations they are about (core's graph-canvas marks)."""
        self.scene.show_findings(findings, self._finding_locations)

    def _finding_locations(self, path: JsonPath) -> list[str]:
        data = self.document.data if isinstance(self.document.data, dict) else {}
        if len(path) >= 2 and path[0] in ("locations", "routes") and isinstance(path[1], int):
            items = data.get(str(path[0])) or []
            if 0 <= path[1] < len(items) and isinstance(items[path[1]], dict):
                entry = items[path[1]]
                if path[0] == "locations":
                    return [str(entry.get("id"))]
                return [str(entry.get("from")), str(entry.get("to"))]
        return []

    # --- pictures ------------------------------------------------------------------------

    def can_export_image(self) -> bool:
        return True

    def export_image(self, path: Path) -> None:
        export_scene(self.scene, path)


def export_scene(scene: MapScene, path: Path) -> Path:
    """Write the map as PNG or SVG (from the suffix) with the shared canvas's exporter,
    without the selection rings of the editing session."""
    selected, pending = scene.selected, scene.pending_from
    scene.selected = scene.pending_from = None
    scene.rebuild()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return export_graph(scene, path)
    finally:
        scene.selected, scene.pending_from = selected, pending
        scene.rebuild()
