"""The map edits the scenario tab's tools make, around the document operations.

The edits themselves are document operations (:class:`~questforge.editor.gloomhaven.edits.
ScenarioEdits`, no widget). What a click adds around them lives here: the palette's values
as arguments, the selection afterwards, the view following a new tile, a refused edit as a
status message, and the at-click checks of the placement just made
(:mod:`~questforge.editor.gloomhaven.map_findings`). The tools
(:mod:`~questforge.editor.gloomhaven.tools`) call these through ``editor.tool_edits``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from questforge.editor.gloomhaven.edits import EditRefused
from questforge.editor.gloomhaven.scenario_map import Hex
from questforge.editor.jsonpath import JsonPath

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor


class ToolEdits:
    """One scenario tab's tool edits (see the module docstring)."""

    def __init__(self, editor: ScenarioEditor) -> None:
        self.editor = editor

    def _list(self, key: str) -> list[Any]:
        return self.editor.edits.items(key)

    def _refused(self, exc: EditRefused) -> None:
        self.editor.statusMessage.emit(str(exc))

    def place_tile(self, h: Hex) -> None:
        editor = self.editor
        p = editor.palette_state
        was_empty = not editor.scene.smap.hexes
        try:
            path = editor.edits.place_tile(p["tile"], h, p["side"], p["rotation"], p["room"])
        except EditRefused as exc:
            self._refused(exc)
            return
        editor.set_selection(path)
        self._fit_new_tile(path, was_empty)
        editor.map_findings.check_after_edit([path])

    def _fit_new_tile(self, path: JsonPath, was_empty: bool) -> None:
        """The view follows a new tile: fitted when the map was empty or the tile is not
        wholly in sight."""
        scene, view = self.editor.scene, self.editor.view
        hexes = scene.hexes_of_path(path)
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        inside = all(seen.contains(scene.center(h)) for h in hexes)
        if was_empty or not inside or view.fitted:
            view.fit()

    def can_paint_overlay(self, h: Hex) -> bool:
        """False when ``h`` already has an overlay of the palette's type."""
        return not self.editor.edits.has_overlay(self.editor.palette_state["overlay"], h)

    def paint_overlay(self, h: Hex) -> None:
        editor = self.editor
        kind = editor.palette_state["overlay"]
        path = editor.edits.paint_overlay(kind, h, editor.palette_state["number"])
        if path is None:
            return
        editor.map_findings.check_after_edit([path])
        if kind in ("treasure", "token"):
            editor.set_palette(number=editor.edits.next_number(kind))

    def place_monster(self, h: Hex) -> None:
        editor = self.editor
        try:
            path = editor.edits.place_monster(
                editor.palette_state["monster"], h, editor.palette_state["players"]
            )
        except EditRefused as exc:
            self._refused(exc)
            return
        editor.set_selection(path)
        editor.map_findings.check_after_edit([path])

    def place_door(self, h: Hex) -> None:
        editor = self.editor
        try:
            path = editor.edits.place_door(h, bool(editor.palette_state["locked"]))
        except EditRefused as exc:
            self._refused(exc)
            return
        editor.set_selection(path)

    def toggle_start(self, h: Hex) -> None:
        if self.editor.edits.toggle_start(h):  # added: at the end of the list
            self.editor.map_findings.check_after_edit(
                [("starting_hexes", len(self._list("starting_hexes")) - 1)]
            )

    def assign_room(self, h: Hex) -> None:
        """Room tool: the tile under ``h`` joins the palette's room (one undo step); a hex
        outside every tile (a corridor) is added to or removed from the room's hexes."""
        combo = self.editor.assign_room_combo
        target = self.editor.edits.assign_room(h, combo.currentText())
        combo.setCurrentText(target)

    def toggle_wall(self, h: Hex, direction: int) -> None:
        """Wall tool: add or remove the extra thin wall between ``h`` and a neighbour."""
        self.editor.edits.toggle_wall(h, direction)

    def erase_at(self, h: Hex) -> None:
        editor = self.editor
        selected = editor.selection
        length = len(self._list(str(selected[0]))) if selected else 0
        path = editor.edits.erase_at(h)
        if selected is not None and path == selected and len(self._list(str(path[0]))) < length:
            editor.set_selection(None)  # the selected placement itself was removed

    def remove_placement(self, path: JsonPath) -> None:
        editor = self.editor
        try:
            editor.edits.remove(path)
        except EditRefused as exc:
            self._refused(exc)
            return
        if editor.selection == tuple(path):
            editor.set_selection(None)

    def turn_selected_tile(self, event: QKeyEvent) -> bool:
        """R / Shift+R rotate, F flips the selected tile: one undo step each."""
        editor = self.editor
        index = editor.selected_tile()
        if index is None:
            return False
        if event.key() == Qt.Key.Key_R:
            back = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            new = editor.edits.rotate_tile(index, -1 if back else 1)
            editor.statusMessage.emit(f"Tile rotated to {new * 60}°")
        else:
            side = editor.edits.flip_tile(index)
            editor.statusMessage.emit(f"Tile flipped to side {side}")
        return True
