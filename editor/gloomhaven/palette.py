"""The scenario tab's palette: what the active tool places (tile, side, rotation, room,
overlay, monster and its marker, locked door, room to assign).

Why separate from the tab: the palette is state plus the widgets that show it; the tab
only reads :attr:`PlacementPalette.state` when a tool fires. Tile choices show a
thumbnail of the tile's shape (drawn from its hexes), so a designer picks by shape rather
than by id; the rotation reads in degrees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QWidget,
)

from questforge.editor.gloomhaven.edits import NEW_ROOM, PRESETS, ScenarioEdits
from questforge.editor.gloomhaven.scenario_map import OVERLAY_TYPES, PLAYER_COUNTS, STATES
from questforge.editor.gloomhaven.thumbnails import tile_icon

#: the size of a tile thumbnail in the palette
THUMB = QSize(56, 56)


class PlacementPalette(QStackedWidget):
    """One page per tool (``pages[tool name]``); ``state`` holds the current choices."""

    def __init__(
        self,
        edits: ScenarioEdits,
        content_ids: Callable[[str], list[str]],
        lookup: Callable[[str, str], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.edits = edits
        self._content_ids = content_ids
        self._lookup = lookup
        self.state: dict[str, Any] = {
            "tile": "",
            "side": "a",
            "rotation": 0,
            "room": NEW_ROOM,
            "overlay": "trap",
            "number": 1,
            "monster": "",
            "players": dict(PRESETS["normal at 2, elite at 4"]),
            "locked": False,
        }
        self.pages: dict[str, QWidget] = {}
        self._build()

    # ----------------------------------------------------------------- pages
    def _build(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.tile_combo = QComboBox()
        self.tile_combo.setIconSize(THUMB)
        self.tile_combo.currentTextChanged.connect(lambda t: self.set_values(tile=t))
        self.side_combo = QComboBox()
        self.side_combo.addItems(["a", "b"])
        self.side_combo.currentTextChanged.connect(lambda t: self.set_values(side=t))
        self.rotation_spin = QSpinBox()
        self.rotation_spin.setRange(0, 5)
        self.rotation_spin.setWrapping(True)
        self.rotation_spin.valueChanged.connect(lambda v: self.set_values(rotation=v))
        self.rotation_spin.setSuffix(" × 60°")
        self.rotation_label = QLabel("0°")
        rotation_row = QHBoxLayout()
        rotation_row.addWidget(self.rotation_spin, 1)
        rotation_row.addWidget(self.rotation_label)
        self.room_combo = QComboBox()
        self.room_combo.currentTextChanged.connect(lambda t: self.set_values(room=t))
        form.addRow("Tile", self.tile_combo)
        form.addRow("Side (F)", self.side_combo)
        form.addRow("Rotation (R)", rotation_row)
        form.addRow("Room", self.room_combo)
        self._show_degrees(0)
        self.pages["Tile"] = page

        page = QWidget()
        form = QFormLayout(page)
        self.overlay_combo = QComboBox()
        self.overlay_combo.addItems(list(OVERLAY_TYPES))
        self.overlay_combo.setCurrentText("trap")
        self.overlay_combo.currentTextChanged.connect(lambda t: self.set_values(overlay=t))
        self.number_spin = QSpinBox()
        self.number_spin.setRange(1, 9999)
        self.number_spin.valueChanged.connect(lambda v: self.set_values(number=v))
        form.addRow("Overlay", self.overlay_combo)
        form.addRow("Number (treasure/token)", self.number_spin)
        hint = QLabel("Drag to paint a stroke of hexes: one undo step.")
        hint.setWordWrap(True)
        form.addRow(hint)
        self.pages["Overlay"] = page

        page = QWidget()
        form = QFormLayout(page)
        self.monster_combo = QComboBox()
        self.monster_combo.currentTextChanged.connect(lambda t: self.set_values(monster=t))
        form.addRow("Monster", self.monster_combo)
        self.preset_combo = QComboBox()
        self.preset_combo.addItem("(preset)")
        self.preset_combo.addItems(list(PRESETS))
        self.preset_combo.textActivated.connect(self._apply_preset)
        form.addRow("Marker preset", self.preset_combo)
        self.count_combos: dict[str, QComboBox] = {}
        for count in PLAYER_COUNTS:
            combo = QComboBox()
            combo.addItems(list(STATES))
            combo.setCurrentText(self.state["players"][count])
            combo.currentTextChanged.connect(lambda t, c=count: self._set_count(c, t))
            self.count_combos[count] = combo
            form.addRow(f"{count} characters", combo)
        self.pages["Monster"] = page

        page = QWidget()
        form = QFormLayout(page)
        self.locked_check = QCheckBox("Locked")
        self.locked_check.toggled.connect(lambda v: self.set_values(locked=v))
        form.addRow(self.locked_check)
        hint = QLabel("Highlighted hexes are where two rooms meet: click one for a door.")
        hint.setWordWrap(True)
        form.addRow(hint)
        self.pages["Door"] = page

        page = QWidget()
        form = QFormLayout(page)
        self.assign_room_combo = QComboBox()
        form.addRow("Room", self.assign_room_combo)
        hint = QLabel(
            "Click a tile to move it into this room; click a hex outside every tile "
            "(a corridor) to add it to / remove it from the room."
        )
        hint.setWordWrap(True)
        form.addRow(hint)
        self.pages["Room"] = page

        empty = QLabel(
            "Click a placement to select it; drag to move.\n"
            "R / F rotate and flip the selected tile; Esc deselects.\n"
            "Delete removes it, Ctrl+C / Ctrl+V / Ctrl+D copy, paste, duplicate."
        )
        empty.setWordWrap(True)
        self.pages["Select"] = empty
        start = QLabel("Click or drag across hexes: a stroke is one undo step.")
        start.setWordWrap(True)
        self.pages["Start"] = start
        for name in ("Select", "Tile", "Overlay", "Monster", "Door", "Room", "Start"):
            self.addWidget(self.pages[name])
        other = QLabel("Click hexes on the map.")
        self.pages["other"] = other
        self.addWidget(other)

    def show_page(self, tool_name: str) -> None:
        self.setCurrentWidget(self.pages.get(tool_name, self.pages["other"]))

    # ----------------------------------------------------------------- content
    def fill(self) -> None:
        """Refill the choices from the pack (tiles with thumbnails, monsters, rooms)."""
        tiles = self._content_ids("map-tile")
        current = self.tile_combo.currentText()
        self.tile_combo.blockSignals(True)
        self.tile_combo.clear()
        for tid in tiles:
            self.tile_combo.addItem(tile_icon(self._lookup("map-tile", tid), "a", THUMB), tid)
        self.tile_combo.blockSignals(False)
        self.tile_combo.setCurrentText(current if current in tiles else (tiles[0] if tiles else ""))
        self.set_values(tile=self.tile_combo.currentText())
        monsters = self._content_ids("monster")
        current = self.monster_combo.currentText()
        self.monster_combo.blockSignals(True)
        self.monster_combo.clear()
        self.monster_combo.addItems(monsters)
        self.monster_combo.blockSignals(False)
        self.monster_combo.setCurrentText(
            current if current in monsters else (monsters[0] if monsters else "")
        )
        self.set_values(monster=self.monster_combo.currentText())
        self.fill_rooms()

    def fill_rooms(self) -> None:
        rooms = [NEW_ROOM] + [
            str(r.get("id")) for r in self.edits.items("rooms") if isinstance(r, dict)
        ]
        current = self.state["room"]
        self.room_combo.blockSignals(True)
        self.room_combo.clear()
        self.room_combo.addItems(rooms)
        self.room_combo.setCurrentText(current if current in rooms else NEW_ROOM)
        self.room_combo.blockSignals(False)
        self.state["room"] = self.room_combo.currentText()
        current_assign = self.assign_room_combo.currentText()
        self.assign_room_combo.clear()
        self.assign_room_combo.addItems(rooms)
        if current_assign in rooms:
            self.assign_room_combo.setCurrentText(current_assign)

    # ----------------------------------------------------------------- state
    def set_values(self, **values: Any) -> None:
        """Change palette choices; the widgets follow (a key such as R changed the state)."""
        self.state.update(values)
        if "rotation" in values:
            if self.rotation_spin.value() != values["rotation"]:
                self.rotation_spin.setValue(values["rotation"])
            self._show_degrees(values["rotation"])
        if "side" in values and self.side_combo.currentText() != values["side"]:
            self.side_combo.setCurrentText(values["side"])
        if "side" in values or "tile" in values:
            self._refresh_icon()
        if "tile" in values and self.tile_combo.currentText() != values["tile"]:
            self.tile_combo.setCurrentText(values["tile"])
        if "monster" in values and self.monster_combo.currentText() != values["monster"]:
            self.monster_combo.setCurrentText(values["monster"])
        if "overlay" in values and self.overlay_combo.currentText() != values["overlay"]:
            self.overlay_combo.setCurrentText(values["overlay"])
        if "number" in values and self.number_spin.value() != values["number"]:
            self.number_spin.setValue(values["number"])
        if "locked" in values and self.locked_check.isChecked() != values["locked"]:
            self.locked_check.setChecked(values["locked"])
        if "room" in values and self.room_combo.currentText() != values["room"]:
            self.room_combo.setCurrentText(values["room"])
        if "overlay" in values and values["overlay"] in ("treasure", "token"):
            self.set_values(number=self.edits.next_number(values["overlay"]))

    def _show_degrees(self, rotation: int) -> None:
        self.rotation_label.setText(f"{int(rotation) * 60}°")

    def _refresh_icon(self) -> None:
        index = self.tile_combo.currentIndex()
        tile = self.state.get("tile") or ""
        if index >= 0 and tile:
            icon = tile_icon(self._lookup("map-tile", tile), self.state["side"], THUMB)
            self.tile_combo.setItemIcon(index, icon)

    def _set_count(self, count: str, state: str) -> None:
        self.state["players"] = dict(self.state["players"], **{count: state})

    def set_players(self, states: dict[str, str]) -> None:
        for count, state in states.items():
            self.count_combos[count].setCurrentText(state)

    def _apply_preset(self, name: str) -> None:
        if name in PRESETS:
            self.set_players(PRESETS[name])
