"""The Arkham board editor: the town graph on the shared graph canvas, with tools.

Tools (keys): V select and drag, L location, S street, W other world, P the special areas
(Sky, Outskirts, Lost in Time and Space), C connect, A white arrow, B black arrow, T
stable/unstable, R hospital/asylum/jail role, D delete. A location or street belongs to the
neighbourhood chosen in the bar (N adds a neighbourhood). Every edit is one undo command
made of the JSON operations of :mod:`.ops`; the canvas is redrawn from the document.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar, QVBoxLayout, QWidget

from questforge.editor.arkham import ops
from questforge.editor.arkham.board_graph import board_model
from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.jsonpath import JsonPath
from questforge.editor.map.graph_canvas import GraphScene, export_scene
from questforge.editor.map.view import MapView
from questforge.editor.undo import DeleteKeyCommand
from questforge.engine.core.events import JSONValue

#: tool name -> (label, key)
TOOLS: dict[str, tuple[str, str]] = {
    "select": ("Select", "V"),
    "location": ("Location", "L"),
    "street": ("Street", "S"),
    "world": ("Other world", "W"),
    "connect": ("Connect", "C"),
    "white": ("White arrow", "A"),
    "black": ("Black arrow", "B"),
    "stability": ("Stable/unstable", "T"),
    "role": ("Hospital/asylum/jail", "R"),
    "special": ("Special areas", "P"),
    "delete": ("Delete", "D"),
}
HOOD_COLOURS = (
    "#3b7a57",
    "#9a9a9a",
    "#d9b300",
    "#b03030",
    "#3a5fb0",
    "#7a5230",
    "#e07b00",
    "#7b4fa0",
)


def apply_ops(doc: Document, operations: list[ops.Op], text: str) -> bool:
    """Push ``operations`` as one undo command named ``text``; False if there are none."""
    if not operations:
        return False
    with doc.macro(text):
        for op in operations:
            if op[0] == "set":
                doc.set_value(op[1], op[2])
            elif op[0] == "insert":
                doc.insert_item(op[1], op[3], op[2])
            elif op[0] == "remove":
                doc.remove_item(op[1], op[2])
            elif op[0] == "delete":
                doc.push(DeleteKeyCommand(doc, op[1]))
    return True


class BoardEditor(DocumentEditor):
    def __init__(
        self, document: Document, context: Any = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, parent)
        self.context = context
        self.tool = "select"
        self.pending: str | None = None
        self.scene = GraphScene(self)
        self.view = MapView(self.scene)
        self.toolbar = QToolBar(self)
        group = QActionGroup(self)
        self.actions_by_tool: dict[str, QAction] = {}
        for name, (label, key) in TOOLS.items():
            action = QAction(f"{label} ({key})", self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            group.addAction(action)
            self.toolbar.addAction(action)
            self.addAction(action)
            self.actions_by_tool[name] = action
        self.actions_by_tool["select"].setChecked(True)
        self.hood_combo = QComboBox(self)
        self.toolbar.addWidget(QLabel(" Neighbourhood: "))
        self.toolbar.addWidget(self.hood_combo)
        new_hood = QAction("New neighbourhood (N)", self)
        new_hood.setShortcut(QKeySequence("N"))
        new_hood.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        new_hood.triggered.connect(self.add_neighbourhood)
        self.toolbar.addAction(new_hood)
        self.addAction(new_hood)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view)
        self.scene.emptyClicked.connect(self._on_empty)
        self.scene.nodeClicked.connect(self._on_node)
        self.scene.nodeMoved.connect(self._on_moved)
        document.changed.connect(lambda _path: self.refresh())
        self.refresh()

    # ------------------------------------------------------------------ state
    @property
    def data(self) -> dict[str, Any]:
        return self.document.data if isinstance(self.document.data, dict) else {}

    def refresh(self) -> None:
        self.scene.set_model(board_model(self.document.data))
        current = self.hood_combo.currentData()
        self.hood_combo.blockSignals(True)
        self.hood_combo.clear()
        for hood in self.data.get("neighbourhoods", []):
            if isinstance(hood, dict):
                self.hood_combo.addItem(str(hood.get("name", hood.get("id"))), hood.get("id"))
        index = self.hood_combo.findData(current)
        self.hood_combo.setCurrentIndex(index if index >= 0 else self.hood_combo.count() - 1)
        self.hood_combo.blockSignals(False)

    def set_tool(self, name: str) -> None:
        self.tool = name
        self.pending = None
        self.actions_by_tool[name].setChecked(True)
        self.statusMessage.emit(f"tool: {TOOLS[name][0]}")

    def neighbourhood(self) -> str:
        """The chosen neighbourhood (a new one when the board has none)."""
        value = self.hood_combo.currentData()
        if isinstance(value, str):
            return value
        return self.add_neighbourhood()

    def add_neighbourhood(self) -> str:
        count = len(self.data.get("neighbourhoods", []))
        ident, operations = ops.add_neighbourhood(
            self.data, f"Neighbourhood {count + 1}", HOOD_COLOURS[count % len(HOOD_COLOURS)]
        )
        if "neighbourhoods" not in self.data:
            operations = [("set", ("neighbourhoods",), [operations[0][3]])]
        apply_ops(self.document, operations, "Add neighbourhood")
        self.hood_combo.setCurrentIndex(self.hood_combo.findData(ident))
        return ident

    # ------------------------------------------------------------------ input
    def _on_empty(self, x: float, y: float) -> None:
        x, y = round(x), round(y)
        self.pending = None
        if self.tool not in ("location", "street", "world", "special"):
            return
        hood = self.neighbourhood() if self.tool in ("location", "street") else ""
        data = self.data
        # a board being started gets the lists the schema asks for, in the same edit
        start: list[ops.Op] = [
            ("set", (key,), ["circle"] if key == "dimensions" else [])
            for key in ("dimensions", "locations", "streets", "other_worlds", "special_areas")
            if key not in data
        ]
        if self.tool == "location":
            _, operations = ops.add_location(data, hood, x, y)
            text = "Add location"
        elif self.tool == "street":
            _, operations = ops.add_street(data, hood, x, y)
            text = "Add street"
        elif self.tool == "world":
            _, operations = ops.add_world(data, x, y)
            text = "Add other world"
        else:
            operations = ops.add_special_areas(data, x, y)
            text = "Add special areas"
        if operations:
            apply_ops(self.document, start + operations, text)

    def _on_node(self, ident: str) -> None:
        if self.tool in ("connect", "white", "black"):
            if self.pending is None:
                self.pending = ident
                self.scene.highlight({ident})
                return
            first, self.pending = self.pending, None
            if self.tool == "connect":
                apply_ops(self.document, ops.connect(self.data, first, ident), "Connect")
            else:
                apply_ops(
                    self.document,
                    ops.set_arrow(self.data, first, self.tool, ident),
                    f"{self.tool.title()} arrow",
                )
        elif self.tool == "stability":
            apply_ops(self.document, ops.toggle_stability(self.data, ident), "Toggle stability")
        elif self.tool == "role":
            apply_ops(self.document, ops.cycle_role(self.data, ident), "Change role")
        elif self.tool == "delete":
            apply_ops(self.document, ops.remove(self.data, ident), "Delete area")

    def _on_moved(self, ident: str, x: float, y: float) -> None:
        if not apply_ops(self.document, ops.move(self.data, ident, x, y), "Move area"):
            self.refresh()

    # ------------------------------------------------------------------ editor API
    def show_findings(self, findings: list[Any]) -> None:
        """Mark the findings on the areas they are about (core's graph-canvas marks)."""
        self.scene.show_findings(findings, self._finding_areas)

    def _finding_areas(self, path: JsonPath) -> list[str]:
        if len(path) >= 2 and path[0] in ops.SECTIONS and isinstance(path[1], int):
            items = self.data.get(str(path[0]), [])
            if 0 <= path[1] < len(items) and isinstance(items[path[1]], dict):
                return [str(items[path[1]].get("id"))]
        return []

    def focus_path(self, path: JsonPath) -> None:
        if len(path) >= 2 and path[0] in ops.SECTIONS and isinstance(path[1], int):
            items = self.data.get(str(path[0]), [])
            if 0 <= path[1] < len(items) and isinstance(items[path[1]], dict):
                ident = str(items[path[1]].get("id"))
                self.scene.highlight({ident})
                item = self.scene.items_by_id.get(ident)
                if item is not None:
                    self.view.centerOn(item)

    def _open_play(self, opener: Any, setup: dict[str, Any] | None) -> Any:
        """``opener`` on a snapshot of the pack as edited when the editor has a workspace
        (core's ``open_on_snapshot``: removed when the window closes), else on the saved
        pack; content the engine cannot load is a ``ValueError`` with its message."""
        from questforge.editor.play_snapshot import open_on_snapshot
        from questforge.engine.core.pack import find_pack_root

        if callable(getattr(self.context, "snapshot", None)):
            return open_on_snapshot(
                self.context, opener, self.window(), self.document.content_id, setup=setup
            )
        pack = find_pack_root(self.document.path) if self.document.path is not None else None
        if pack is None:
            raise ValueError("save the board in a pack to play it")
        try:
            return opener(self.window(), str(pack), self.document.content_id, setup=setup)
        except Exception as exc:  # content the engine cannot load: a message, not a crash
            raise ValueError(str(exc)) from None

    def open_playtest(self) -> Any:
        """Play > Playtest: the generic playtest window (the contract's step API) on this
        board as edited."""
        from questforge.editor.playtest import open_playtest

        self.playtest_window = self._open_play(open_playtest, None)
        return self.playtest_window

    def open_simulation(self, setup: Mapping[str, JSONValue] | None = None) -> Any:
        """Play > Simulate: the shared simulate dialog on this board as edited."""
        import functools

        from questforge.editor.playtest import open_simulate

        opener = functools.partial(open_simulate, saved_file=self.document.path)
        self.simulate_dialog = self._open_play(opener, dict(setup) if setup else None)
        return self.simulate_dialog

    def can_export_image(self) -> bool:
        return True

    def export_image(self, path: Path) -> None:
        export_scene(self.scene, Path(path))
