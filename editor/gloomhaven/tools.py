"""The scenario map tools: select/move, place tile, paint overlay, place monster, door,
starting hex and erase. The map view forwards input here; each user action becomes one
undo command (a drag or a painted stroke is one macro / one merged command).
"""

from __future__ import annotations

import copy
import itertools
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen

from questforge.editor.gloomhaven import placements
from questforge.editor.gloomhaven.edits import describe
from questforge.editor.gloomhaven.scenario_map import Hex, place_tile, tile_side_hexes
from questforge.editor.jsonpath import JsonPath
from questforge.editor.tools.base import Tool

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

_drag_ids = itertools.count(1)


class HexTool(Tool):
    """Base for tools working on the scenario's hexes."""

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    @property
    def doc(self) -> Any:
        return self.editor.document

    @property
    def data(self) -> Any:
        return self.editor.document.data

    def hex_at(self, pos: QPointF) -> Hex:
        return self.editor.scene.hex_at(pos)

    def deactivate(self) -> None:
        self.editor.scene.set_preview(None)

    def left(self, event: QMouseEvent) -> bool:
        return event.button() == Qt.MouseButton.LeftButton


class SelectTool(HexTool):
    name = "Select"
    shortcut = "S"
    tooltip = "Select and drag placements (Delete removes, Ctrl+D duplicates)"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self._drag_from: Hex | None = None
        self._drag_key = ""
        self._drag_value: Any = None
        self._cycle: dict[Hex, int] = {}

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.ArrowCursor

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not self.left(event):
            return
        h = self.hex_at(pos)
        found = placements.at_hex(self.data, h, self.editor.scene.smap.tile_at)
        if not found:
            self.editor.set_selection(None)
            return
        current = self.editor.selection
        if current in found and current is not None and current[0] != "tiles":
            path = current  # keep the selection so it can be dragged
        else:
            path = found[0]
        if event.modifiers() & Qt.KeyboardModifier.AltModifier and current in found:
            path = found[(found.index(current) + 1) % len(found)]  # cycle through a stack
        self.editor.set_selection(path)
        self._drag_from = h
        self._drag_key = f"drag-{next(_drag_ids)}"
        self._drag_value = copy.deepcopy(self.doc.get(path))

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._drag_from is None or self.editor.selection is None:
            return
        h = self.hex_at(pos)
        delta = (h[0] - self._drag_from[0], h[1] - self._drag_from[1])
        path = self.editor.selection
        new = placements.moved(self._drag_value, path, delta)
        self.editor.edits.move_to(path, new, merge_key=self._drag_key)

    def mouse_release(self, pos: QPointF, event: QMouseEvent) -> None:
        self._drag_from = None


class PlaceTileTool(HexTool):
    name = "Tile"
    shortcut = "T"
    tooltip = "Place the palette's map tile (R rotates 60°, F flips side a/b)"

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        h = self.hex_at(pos)
        palette = self.editor.palette_state
        local = tile_side_hexes(self.editor.lookup("map-tile", palette["tile"]), palette["side"])
        if local is None:
            self.editor.scene.set_preview(None)
            return
        hexes, _walls = place_tile(local[0], local[1], palette["rotation"], h)
        scene = self.editor.scene

        def paint(p: QPainter) -> None:
            p.setPen(QPen(QColor("#1d5fa8"), 2))
            p.setBrush(QColor(29, 95, 168, 60))
            for x in hexes:
                p.drawPolygon(scene.polygon(x))

        scene.set_preview(paint)

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.place_tile(self.hex_at(pos))

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_R:
            step = -1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1
            self.editor.set_palette(rotation=(self.editor.palette_state["rotation"] + step) % 6)
            return True
        if event.key() == Qt.Key.Key_F:
            side = "b" if self.editor.palette_state["side"] == "a" else "a"
            self.editor.set_palette(side=side)
            return True
        return False


class OverlayTool(HexTool):
    name = "Overlay"
    shortcut = "O"
    tooltip = "Paint the palette's overlay (drag paints a stroke: one undo step)"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self._stroke = False
        self._macro_open = False
        self._painted: set[Hex] = set()

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not self.left(event):
            return
        self._stroke = True
        self._painted = set()
        self._paint(self.hex_at(pos))

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._stroke:
            self._paint(self.hex_at(pos))

    def mouse_release(self, pos: QPointF, event: QMouseEvent) -> None:
        self._end_stroke()

    def deactivate(self) -> None:
        self._end_stroke()
        super().deactivate()

    def _end_stroke(self) -> None:
        self._stroke = False
        if self._macro_open:
            self._macro_open = False
            self.doc.undo_stack.endMacro()

    def _paint(self, h: Hex) -> None:
        if h in self._painted:
            return
        self._painted.add(h)
        if not self.editor.can_paint_overlay(h):
            return
        if not self._macro_open:
            # opened on the first hex actually painted: a stroke over painted hexes leaves
            # no empty entry in the history
            self._macro_open = True
            self.doc.undo_stack.beginMacro(f"Paint {self.editor.palette_state['overlay']}")
        self.editor.paint_overlay(h)


class MonsterTool(HexTool):
    name = "Monster"
    shortcut = "M"
    tooltip = "Place the palette's monster with its 2/3/4-character marker"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.place_monster(self.hex_at(pos))


class DoorTool(HexTool):
    name = "Door"
    shortcut = "D"
    tooltip = "Put a door on a hex between two rooms (palette: locked)"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.place_door(self.hex_at(pos))


class StartHexTool(HexTool):
    name = "Start"
    shortcut = "H"
    tooltip = "Toggle a starting hex"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.toggle_start(self.hex_at(pos))


class RoomTool(HexTool):
    name = "Room"
    shortcut = "G"
    tooltip = "Put the clicked tile (or a single corridor hex) into the palette's room"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.assign_room(self.hex_at(pos))


class WallTool(HexTool):
    name = "Wall"
    shortcut = "W"
    tooltip = "Click near a hex edge to add or remove a thin wall along it"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            h = self.hex_at(pos)
            self.editor.toggle_wall(h, self.editor.scene.nearest_direction(h, pos))


class EraseTool(HexTool):
    name = "Erase"
    shortcut = "E"
    tooltip = "Remove the topmost thing on a hex"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.erase_at(self.hex_at(pos))


def _describe(path: JsonPath) -> str:
    return describe(path)
