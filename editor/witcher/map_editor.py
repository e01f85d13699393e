"""The Witcher board mode: edit a map on the graph canvas.

Tools (Tiled style, one key each): **S** select and drag a location, **L** place a
location, **R** draw a land route (click two locations), **W** draw a sea route (with a
gold cost), **Del** delete the selected location and its routes. A right click on a location (Select
tool) puts it in another area or adds or removes an obstacle area of its area.

The battle track and the obstacle areas are drawn on the canvas too (see :mod:`.scene`):
with the Select tool a click on a battle-track space cycles it (misfortune, bronze,
silver, gold monster), a right click on it sets its kind or area, inserts a space after it
or removes it; a right click on an obstacle area switches its monster or misfortune space,
links it to another area or removes it; **Del** removes a selected space or obstacle area.
The toolbar adds a track space or an obstacle area. Every edit is one named undo command
on the document's stack; the scene redraws from the document's change signal, and the main
window's problems panel validates live. Names, lead colours and the rest are edited in the
generated form of the same document (the form tab).
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
        ref = map_edits.node_ref(self.editor.scene.node_at(pos))
        if ref is not None:  # a battle-track space or an obstacle area
            self._drag = None
            self.editor.select_node(ref)
            if event.button() == Qt.MouseButton.RightButton:
                menu = (
                    self.editor.track_menu(ref[1])
                    if ref[0] == "track"
                    else self.editor.obstacle_menu(ref[1])
                )
                menu.exec(event.globalPosition().toPoint())
            elif ref[0] == "track":
                self.editor.cycle_track_space(ref[1])
            return
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
            if self.editor.scene.selected_node is not None:
                self.editor.delete_selected_node()
            else:
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
        bar.addSeparator()
        add_space = QAction("Add track space", self)
        add_space.setToolTip("Add a misfortune space at the end of the battle track")
        add_space.triggered.connect(lambda _=False: self.add_track_space())
        bar.addAction(add_space)
        add_obstacle = QAction("Add obstacle area", self)
        add_obstacle.setToolTip("Add an obstacle area to the area with the fewest")
        add_obstacle.triggered.connect(lambda _=False: self.add_obstacle_area_anywhere())
        bar.addAction(add_obstacle)
        self.board_actions = {"Add track space": add_space, "Add obstacle area": add_obstacle}
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
        self.scene.selected_node = None
        self.scene.rebuild()
        self.selectionChanged.emit()

    def select_node(self, ref: tuple[str, int] | None) -> None:
        """Select a battle-track space (``("track", i)``) or obstacle area."""
        self.scene.selected = None
        self.scene.selected_node = (
            None
            if ref is None
            else (map_edits.TRACK_NODE if ref[0] == "track" else map_edits.OBSTACLE_NODE)
            + str(ref[1])
        )
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

    # --- the battle track (WI-TRACK) and obstacle areas (WI-OBS-08) ------------------------

    def _track(self) -> list[Any]:
        raw = (
            self.document.data.get("battle_track") if isinstance(self.document.data, dict) else None
        )
        return raw if isinstance(raw, list) else []

    def set_track_space(self, index: int, obstacle: str, monster_class: str | None = None) -> None:
        """Make space ``index`` a monster space of a class or a misfortune space (its area
        kept): one undo step."""
        area = self._track()[index].get("area") if isinstance(self._track()[index], dict) else None
        space = map_edits.track_space(obstacle, monster_class, area)
        self.document.set_value(("battle_track", index), space, "Change battle-track space")

    def cycle_track_space(self, index: int) -> None:
        space = map_edits.cycled_track_space(self._track()[index])
        self.document.set_value(("battle_track", index), space, "Change battle-track space")

    def set_track_area(self, index: int, area: str | None) -> None:
        current = self._track()[index]
        space = dict(current) if isinstance(current, dict) else {"obstacle": "misfortune"}
        if area is None:
            space.pop("area", None)
        else:
            space["area"] = area
        self.document.set_value(("battle_track", index), space, "Set battle-track space area")

    def add_track_space(self, after: int | None = None) -> int:
        """A misfortune space at the end of the track (or after space ``after``)."""
        index = None if after is None else after + 1
        return self.document.insert_item(
            ("battle_track",), map_edits.track_space("misfortune"), index, "Add battle-track space"
        )

    def remove_track_space(self, index: int) -> None:
        self.document.remove_item(("battle_track",), index, "Remove battle-track space")
        self.select_node(None)

    def set_obstacle_space(self, index: int, key: str, on: bool) -> None:
        """Switch an obstacle area's ``monster_space`` or ``misfortune_space``."""
        label = "monster" if key == "monster_space" else "misfortune"
        self.document.set_value(
            ("obstacle_areas", index, key), on, f"Switch {label} space of obstacle area"
        )

    def link_obstacle_area(self, index: int, area: str) -> None:
        self.document.set_value(("obstacle_areas", index, "area"), area, "Link obstacle area")

    def add_obstacle_area_anywhere(self) -> int | None:
        area = map_edits.area_with_fewest_obstacles(self.document.data)
        if area is None:
            self.statusMessage.emit("add an area first (form tab)")
            return None
        return self.add_obstacle_area(area)

    def delete_selected_node(self) -> None:
        ref = map_edits.node_ref(self.scene.selected_node)
        if ref is None:
            return
        if ref[0] == "track":
            self.remove_track_space(ref[1])
        else:
            self._remove_obstacle_and_deselect(ref[1])

    def _area_names(self) -> dict[str, str]:
        return {
            a["id"]: str(a.get("name") or a["id"])
            for a in self.document.data.get("areas") or []
            if isinstance(a, dict) and "id" in a
        }

    def track_menu(self, index: int) -> QMenu:
        """The right-click menu of battle-track space ``index``: its kind (a monster class
        or misfortune, WI-TRACK-02), its area, insert after, remove."""
        space = self._track()[index]
        space = space if isinstance(space, dict) else {}
        menu = QMenu(self)
        for obstacle, cls in map_edits.TRACK_CYCLE:
            text = f"{cls.title()} monster" if cls else "Misfortune"
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(
                space.get("obstacle") == obstacle and (cls is None or space.get("class") == cls)
            )
            action.triggered.connect(
                lambda _=False, o=obstacle, c=cls: self.set_track_space(index, o, c)
            )
        area_menu = menu.addMenu("Area")
        current = space.get("area")
        hero = area_menu.addAction("The active hero's area")
        hero.setCheckable(True)
        hero.setChecked(current is None)
        hero.triggered.connect(lambda _=False: self.set_track_area(index, None))
        for ident, name in self._area_names().items():
            action = area_menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(ident == current)
            action.triggered.connect(lambda _=False, a=ident: self.set_track_area(index, a))
        menu.addSeparator()
        insert = menu.addAction("Insert space after")
        insert.triggered.connect(lambda _=False: self.add_track_space(index))
        remove = menu.addAction("Remove space")
        remove.triggered.connect(lambda _=False: self.remove_track_space(index))
        return menu

    def obstacle_menu(self, index: int) -> QMenu:
        """The right-click menu of obstacle area ``index``: its spaces (WI-OBS-09), the
        area it is linked to (WI-OBS-08), remove."""
        raw = self.document.data.get("obstacle_areas") or []
        o = raw[index] if isinstance(raw[index], dict) else {}
        menu = QMenu(self)
        for key, text in (
            ("monster_space", "Monster space"),
            ("misfortune_space", "Misfortune space"),
        ):
            action = menu.addAction(text)
            action.setCheckable(True)
            on = bool(o.get(key, True))
            action.setChecked(on)
            action.triggered.connect(
                lambda _=False, k=key, v=not on: self.set_obstacle_space(index, k, v)
            )
        area_menu = menu.addMenu("Linked area")
        for ident, name in self._area_names().items():
            action = area_menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(ident == o.get("area"))
            action.triggered.connect(lambda _=False, a=ident: self.link_obstacle_area(index, a))
        menu.addSeparator()
        remove = menu.addAction("Remove obstacle area")
        remove.triggered.connect(lambda _=False: self._remove_obstacle_and_deselect(index))
        return menu

    def _remove_obstacle_and_deselect(self, index: int) -> None:
        self.remove_obstacle_area(index)
        self.select_node(None)

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
    selected, pending, node = scene.selected, scene.pending_from, scene.selected_node
    scene.selected = scene.pending_from = scene.selected_node = None
    scene.rebuild()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return export_graph(scene, path)
    finally:
        scene.selected, scene.pending_from, scene.selected_node = selected, pending, node
        scene.rebuild()
