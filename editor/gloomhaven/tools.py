"""The scenario map tools: select/move, place tile, paint overlay, place monster, door,
starting hex and erase. The map view forwards input here; each user action becomes one
undo command (a drag or a painted stroke is one macro / one merged command).
"""

from __future__ import annotations

import copy
import itertools
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from questforge.editor.gloomhaven import placement_aids, placements
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

    def key_press(self, event: QKeyEvent) -> bool:
        """Esc: a placing tool gives way to Select; Select drops its selection."""
        if event.key() == Qt.Key.Key_Escape:
            self.editor.cancel()
            return True
        if event.key() in (Qt.Key.Key_R, Qt.Key.Key_F) and self.editor.selected_tile() is not None:
            return self.editor.tool_edits.turn_selected_tile(event)
        return False


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
        moved = self._drag_from is not None and self.hex_at(pos) != self._drag_from
        self._drag_from = None
        if moved and self.editor.selection is not None:  # dropped: is it legal there?
            self.editor.map_findings.check_after_edit([self.editor.selection])


class PlaceTileTool(HexTool):
    name = "Tile"
    shortcut = "T"
    tooltip = "Place the palette's map tile (R rotates 60°, F flips side a/b)"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self._last: Hex | None = None
        self._snap = True

    def target(self, h: Hex) -> tuple[Hex, set[Hex]] | None:
        """Where the palette's tile goes for the cursor on ``h`` and the hexes it covers.

        Snapping: a tile that would cover hexes already placed moves to the nearest
        position (within two hexes) where it meets the map without covering any; Alt held
        places it exactly under the cursor."""
        palette = self.editor.palette_state
        local = tile_side_hexes(self.editor.lookup("map-tile", palette["tile"]), palette["side"])
        if local is None:
            return None
        rotation = palette["rotation"]
        if self._snap:
            h = placement_aids.snap_position(local[0], rotation, h, self.editor.scene.smap.hexes)
        hexes, _walls = place_tile(local[0], local[1], rotation, h)
        return h, hexes

    def show_preview(self, h: Hex, announce: bool = True) -> None:
        self._last = h
        palette = self.editor.palette_state
        found = self.target(h)
        if found is None:
            self.editor.scene.set_preview(None)
            return
        at, hexes = found
        preview = placement_aids.tile_preview(self.editor.scene, hexes)
        self.editor.scene.set_preview(preview)
        seams = len(preview.seams)  # type: ignore[attr-defined]
        overlap = len(preview.overlap)  # type: ignore[attr-defined]
        note = f"{palette['tile']} {palette['side']} at {palette['rotation'] * 60}°"
        if at != h:
            note += f" · snapped to [{at[0]}, {at[1]}] (hold Alt to place exactly)"
        if overlap:
            note += f" · covers {overlap} placed hex{'es' if overlap > 1 else ''}"
        elif seams:
            note += f" · meets the map along {seams} edge{'s' if seams > 1 else ''}"
        if announce:
            self.editor.statusMessage.emit(note)

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        self._snap = not (event.modifiers() & Qt.KeyboardModifier.AltModifier)
        self.show_preview(self.hex_at(pos))

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self._snap = not (event.modifiers() & Qt.KeyboardModifier.AltModifier)
            found = self.target(self.hex_at(pos))
            self.editor.tool_edits.place_tile(found[0] if found else self.hex_at(pos))
            # the preview moves on; the status bar keeps telling what the click placed
            self.show_preview(self.hex_at(pos), announce=False)

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_R:
            step = -1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1
            self.editor.set_palette(rotation=(self.editor.palette_state["rotation"] + step) % 6)
            self._refresh()
            return True
        if event.key() == Qt.Key.Key_F:
            side = "b" if self.editor.palette_state["side"] == "a" else "a"
            self.editor.set_palette(side=side)
            self._refresh()
            return True
        return super().key_press(event)

    def _refresh(self) -> None:
        """The preview follows R and F at once (not only on the next mouse move)."""
        if self._last is not None:
            self.show_preview(self._last)


class StrokeTool(HexTool):
    """A tool that paints hexes: click one, or drag across many; a stroke is one undo step
    (the macro opens on the first hex that actually changes, so a stroke over hexes that
    are already painted leaves no empty entry in the history)."""

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self._stroke = False
        self._macro_open = False
        self._painted: set[Hex] = set()

    def stroke_name(self) -> str:
        return self.name

    def begin_stroke(self, h: Hex) -> None:
        """Called on the first hex of a stroke (decide add or remove, for instance)."""

    def can_paint(self, h: Hex) -> bool:
        return True

    def paint_hex(self, h: Hex) -> None:
        raise NotImplementedError

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not self.left(event):
            return
        self._stroke = True
        self._painted = set()
        h = self.hex_at(pos)
        self.begin_stroke(h)
        self._paint(h)

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
        if not self.can_paint(h):
            return
        if not self._macro_open:
            self._macro_open = True
            self.doc.undo_stack.beginMacro(self.stroke_name())
        self.paint_hex(h)


class OverlayTool(StrokeTool):
    name = "Overlay"
    shortcut = "O"
    tooltip = "Paint the palette's overlay (drag paints a stroke: one undo step)"

    def stroke_name(self) -> str:
        return f"Paint {self.editor.palette_state['overlay']}"

    def can_paint(self, h: Hex) -> bool:
        return self.editor.tool_edits.can_paint_overlay(h)

    def paint_hex(self, h: Hex) -> None:
        self.editor.tool_edits.paint_overlay(h)


class MonsterTool(HexTool):
    name = "Monster"
    shortcut = "M"
    tooltip = "Place the palette's monster with its 2/3/4-character marker"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.tool_edits.place_monster(self.hex_at(pos))


class DoorTool(HexTool):
    name = "Door"
    shortcut = "D"
    tooltip = "Put a door on a hex between two rooms (palette: locked)"

    def activate(self) -> None:
        self.show_spots()

    def show_spots(self) -> None:
        """Mark the hexes where two rooms meet (recomputed when the map changes)."""
        spots = self.editor.edits.door_seams()
        self.editor.scene.set_preview(placement_aids.door_spots(self.editor.scene, spots))

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.tool_edits.place_door(self.hex_at(pos))


class StartHexTool(StrokeTool):
    name = "Start"
    shortcut = "H"
    tooltip = "Toggle starting hexes (drag across hexes: one undo step)"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self._adding = True

    def stroke_name(self) -> str:
        return "Add starting hexes" if self._adding else "Remove starting hexes"

    def begin_stroke(self, h: Hex) -> None:
        # the first hex decides: a stroke starting on a starting hex removes, else adds
        self._adding = not self.editor.edits.is_start(h)

    def can_paint(self, h: Hex) -> bool:
        return self.editor.edits.is_start(h) != self._adding

    def paint_hex(self, h: Hex) -> None:
        self.editor.edits.set_start(h, self._adding)


class RoomTool(HexTool):
    name = "Room"
    shortcut = "G"
    tooltip = "Put the clicked tile (or a single corridor hex) into the palette's room"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.tool_edits.assign_room(self.hex_at(pos))


class WallTool(HexTool):
    name = "Wall"
    shortcut = "W"
    tooltip = "Click near a hex edge to add or remove a thin wall along it"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            h = self.hex_at(pos)
            self.editor.tool_edits.toggle_wall(h, self.editor.scene.nearest_direction(h, pos))


class EraseTool(HexTool):
    name = "Erase"
    shortcut = "E"
    tooltip = "Remove the topmost thing on a hex"

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.editor.tool_edits.erase_at(self.hex_at(pos))


def _describe(path: JsonPath) -> str:
    return describe(path)
