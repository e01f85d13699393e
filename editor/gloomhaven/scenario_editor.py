"""The scenario tab: tool bar, map view, palettes, inspector, player-count and level.

Edits go through small methods here (``place_tile``, ``paint_overlay``...) that tools call,
so that each user action is exactly one undo command (or one macro). The inspector shows
the selected placement as a schema-generated form, plus, for a monster, its stats at the
current scenario level for the current player count.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Mapping as Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.clipboard import set_clipboard
from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.form_editor import schema_for_document
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.gloomhaven import placements, tools
from questforge.editor.gloomhaven.export import export_map
from questforge.editor.gloomhaven.hex_picker import HexPicker, scenario_form_services
from questforge.editor.gloomhaven.map_findings import ScenarioFindings
from questforge.editor.gloomhaven.marker_widget import MarkerWidget
from questforge.editor.gloomhaven.scenario_map import (
    OVERLAY_TYPES,
    PLAYER_COUNTS,
    STATES,
    Hex,
    as_hex,
    door_rooms,
    hexes_of,
    overlay_hexes,
)
from questforge.editor.gloomhaven.scene import ScenarioScene
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.editor.map.view import MapView
from questforge.engine.core import hexgrid
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption
from questforge.schema.walk import SchemaContext

MIME = "application/x-questforge-placement"
#: scenario keys edited on the map rather than in the scenario inspector
MAP_KEYS = frozenset(
    {
        "tiles",
        "doors",
        "overlays",
        "monsters",
        "named_monsters",
        "bosses",
        "starting_hexes",
        "walls",
    }
)
NEW_ROOM = "(new room)"


class ScenarioEditor(DocumentEditor):
    """Map editing for a Gloomhaven ``scenario`` document."""

    def __init__(self, document: Document, workspace: Any, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.workspace = workspace
        self.selection: JsonPath | None = None
        self.hover_hex: Hex | None = None
        self.players = 2
        self.level = 1
        self.palette_state: dict[str, Any] = {
            "tile": "",
            "side": "a",
            "rotation": 0,
            "room": NEW_ROOM,
            "overlay": "trap",
            "number": 1,
            "monster": "",
            "players": {"2": "normal", "3": "normal", "4": "elite"},
            "locked": False,
        }
        self.scene = ScenarioScene(
            document,
            lambda ref: self.lookup("map-tile", ref),
            lambda ref: self.lookup("monster", ref),
        )
        self.view = MapView(self.scene)
        self.view.hovered.connect(self._on_hover)
        # the inspector's hex fields pick on this map; reference fields list the pack's ids
        self.hex_picker = HexPicker(self)
        self.form_services = scenario_form_services(self, self.hex_picker)
        self.map_findings = ScenarioFindings(self)  # findings on the canvas, click checks
        self.tools: list[tools.HexTool] = [
            tools.SelectTool(self),
            tools.PlaceTileTool(self),
            tools.OverlayTool(self),
            tools.MonsterTool(self),
            tools.DoorTool(self),
            tools.StartHexTool(self),
            tools.RoomTool(self),
            tools.WallTool(self),
            tools.EraseTool(self),
        ]
        self._build_ui()
        self.set_tool(self.tools[0])
        document.changed.connect(self._on_doc_changed)
        if workspace is not None and hasattr(workspace, "contentChanged"):
            workspace.contentChanged.connect(self._on_content_changed)
        self._fill_palettes()
        self._fitted = False

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            QTimer.singleShot(0, self.view.fit)

    # ----------------------------------------------------------------- lookups
    def lookup(self, kind: str, ref: str) -> Any:
        if self.workspace is None or not ref:
            return None
        return self.workspace.lookup(kind, ref)

    def _content_ids(self, kind: str) -> list[str]:
        if self.workspace is None:
            return []
        return sorted(self.workspace.content(kind))

    # ----------------------------------------------------------------- UI
    def _build_ui(self) -> None:
        self.toolbar = QToolBar("Tools")
        self.toolbar.setOrientation(Qt.Orientation.Vertical)
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool in self.tools:
            action = QAction(tool.name, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{tool.tooltip} ({tool.shortcut})")
            action.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            self.tool_group.addAction(action)
            self.toolbar.addAction(action)
            self.addAction(action)
            self.tool_actions[tool.name] = action

        self.palettes = QStackedWidget()
        self.palette_pages: dict[str, QWidget] = {}
        # tile palette
        page = QWidget()
        form = QFormLayout(page)
        self.tile_combo = QComboBox()
        self.tile_combo.currentTextChanged.connect(lambda t: self.set_palette(tile=t))
        self.side_combo = QComboBox()
        self.side_combo.addItems(["a", "b"])
        self.side_combo.currentTextChanged.connect(lambda t: self.set_palette(side=t))
        self.rotation_spin = QSpinBox()
        self.rotation_spin.setRange(0, 5)
        self.rotation_spin.setSuffix(" × 60°")
        self.rotation_spin.valueChanged.connect(lambda v: self.set_palette(rotation=v))
        self.room_combo = QComboBox()
        self.room_combo.currentTextChanged.connect(lambda t: self.set_palette(room=t))
        form.addRow("Tile", self.tile_combo)
        form.addRow("Side (F)", self.side_combo)
        form.addRow("Rotation (R)", self.rotation_spin)
        form.addRow("Room", self.room_combo)
        self.palette_pages["Tile"] = page
        # overlay palette
        page = QWidget()
        form = QFormLayout(page)
        self.overlay_combo = QComboBox()
        self.overlay_combo.addItems(list(OVERLAY_TYPES))
        self.overlay_combo.setCurrentText("trap")
        self.overlay_combo.currentTextChanged.connect(lambda t: self.set_palette(overlay=t))
        self.number_spin = QSpinBox()
        self.number_spin.setRange(1, 9999)
        self.number_spin.valueChanged.connect(lambda v: self.set_palette(number=v))
        form.addRow("Overlay", self.overlay_combo)
        form.addRow("Number (treasure/token)", self.number_spin)
        self.palette_pages["Overlay"] = page
        # monster palette
        page = QWidget()
        form = QFormLayout(page)
        self.monster_combo = QComboBox()
        self.monster_combo.currentTextChanged.connect(lambda t: self.set_palette(monster=t))
        form.addRow("Monster", self.monster_combo)
        self.count_combos: dict[str, QComboBox] = {}
        for count in PLAYER_COUNTS:
            combo = QComboBox()
            combo.addItems(list(STATES))
            combo.setCurrentText(self.palette_state["players"][count])
            combo.currentTextChanged.connect(lambda t, c=count: self._set_palette_count(c, t))
            self.count_combos[count] = combo
            form.addRow(f"{count} characters", combo)
        self.palette_pages["Monster"] = page
        # door palette
        page = QWidget()
        form = QFormLayout(page)
        self.locked_check = QCheckBox("Locked")
        self.locked_check.toggled.connect(lambda v: self.set_palette(locked=v))
        form.addRow(self.locked_check)
        self.palette_pages["Door"] = page
        # room palette: which room the clicked tile or hex joins
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
        self.palette_pages["Room"] = page
        empty = QLabel(
            "Click a placement to select it; drag to move.\n"
            "Delete removes it, Ctrl+C / Ctrl+V / Ctrl+D copy, paste, duplicate."
        )
        empty.setWordWrap(True)
        self.palette_pages["Select"] = empty
        for name in ("Select", "Tile", "Overlay", "Monster", "Door", "Room"):
            self.palettes.addWidget(self.palette_pages[name])
        other = QLabel("Click hexes on the map.")
        self.palette_pages["other"] = other
        self.palettes.addWidget(other)

        palette_box = QGroupBox("Palette")
        QVBoxLayout(palette_box).addWidget(self.palettes)
        self.inspector_box = QGroupBox("Inspector")
        inspector_layout = QVBoxLayout(self.inspector_box)
        self.stats_label = QLabel()
        self.stats_label.setWordWrap(True)
        self.stats_label.setTextFormat(Qt.TextFormat.RichText)
        inspector_layout.addWidget(self.stats_label)
        self.marker = MarkerWidget({}, self._on_marker)
        self.marker.setVisible(False)
        inspector_layout.addWidget(self.marker)
        self.inspector_scroll = QScrollArea()
        self.inspector_scroll.setWidgetResizable(True)
        inspector_layout.addWidget(self.inspector_scroll, 1)
        schema = schema_for_document(self.document)
        self.schema_ctx = SchemaContext(schema) if schema is not None else None
        self.inspector: SchemaForm | None = None
        self._show_inspector()

        side = QSplitter(Qt.Orientation.Vertical)
        side.addWidget(palette_box)
        side.addWidget(self.inspector_box)
        side.setStretchFactor(1, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([800, 440])  # the inspector shows values in full
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QSplitter(Qt.Orientation.Horizontal)
        row.addWidget(self.toolbar)
        row.addWidget(splitter)
        row.setStretchFactor(1, 1)
        layout.addWidget(row)

    def _fill_palettes(self) -> None:
        tiles = self._content_ids("map-tile")
        current = self.tile_combo.currentText()
        self.tile_combo.blockSignals(True)
        self.tile_combo.clear()
        self.tile_combo.addItems(tiles)
        self.tile_combo.blockSignals(False)
        self.tile_combo.setCurrentText(current if current in tiles else (tiles[0] if tiles else ""))
        self.set_palette(tile=self.tile_combo.currentText())
        monsters = self._content_ids("monster")
        current = self.monster_combo.currentText()
        self.monster_combo.blockSignals(True)
        self.monster_combo.clear()
        self.monster_combo.addItems(monsters)
        self.monster_combo.blockSignals(False)
        self.monster_combo.setCurrentText(
            current if current in monsters else (monsters[0] if monsters else "")
        )
        self.set_palette(monster=self.monster_combo.currentText())
        self._fill_rooms()

    def _fill_rooms(self) -> None:
        rooms = [NEW_ROOM] + [str(r.get("id")) for r in self._list("rooms") if isinstance(r, dict)]
        current = self.palette_state["room"]
        self.room_combo.blockSignals(True)
        self.room_combo.clear()
        self.room_combo.addItems(rooms)
        self.room_combo.setCurrentText(current if current in rooms else NEW_ROOM)
        self.room_combo.blockSignals(False)
        self.palette_state["room"] = self.room_combo.currentText()
        current_assign = self.assign_room_combo.currentText()
        self.assign_room_combo.clear()
        self.assign_room_combo.addItems(rooms)
        if current_assign in rooms:
            self.assign_room_combo.setCurrentText(current_assign)

    def set_palette(self, **values: Any) -> None:
        self.palette_state.update(values)
        # keep the widgets in step when a key (R, F) changed the state
        if "rotation" in values and self.rotation_spin.value() != values["rotation"]:
            self.rotation_spin.setValue(values["rotation"])
        if "side" in values and self.side_combo.currentText() != values["side"]:
            self.side_combo.setCurrentText(values["side"])
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
            self.set_palette(number=placements.next_number(self.document.data, values["overlay"]))

    def _set_palette_count(self, count: str, state: str) -> None:
        self.palette_state["players"] = dict(self.palette_state["players"], **{count: state})

    def set_palette_players(self, states: dict[str, str]) -> None:
        for count, state in states.items():
            self.count_combos[count].setCurrentText(state)

    # ----------------------------------------------------------------- tools & selection
    def set_tool(self, tool: tools.HexTool | str) -> None:
        if isinstance(tool, str):
            tool = next(t for t in self.tools if t.name == tool)
        self.view.set_tool(tool)
        self.tool_actions[tool.name].setChecked(True)
        page = self.palette_pages.get(tool.name, self.palette_pages["other"])
        self.palettes.setCurrentWidget(page)

    @property
    def tool(self) -> tools.HexTool:
        return self.view.tool  # type: ignore[return-value]

    def set_selection(self, path: JsonPath | None) -> None:
        if path is not None and self.document.get(path) is MISSING:
            path = None
        self.selection = tuple(path) if path is not None else None
        self.scene.set_selected(self.selection)
        self._show_inspector()
        self.selectionChanged.emit()

    def _show_inspector(self) -> None:
        if self.inspector is not None:
            self.inspector.deleteLater()
            self.inspector = None
        path = self.selection if self.selection is not None else ()
        if self.schema_ctx is not None:
            # with nothing selected: the scenario's own fields; its placements are edited on
            # the map (and a form of hundreds of placements would be slow to rebuild)
            self.inspector = SchemaForm(
                self.document,
                self.schema_ctx,
                path,
                exclude=MAP_KEYS if not path else frozenset(),
                services=self.form_services,
            )
            self.inspector_scroll.setWidget(self.inspector)
        title = "Inspector — scenario" if not path else f"Inspector — {tools._describe(path)}"
        self.inspector_box.setTitle(title)
        self._update_stats()

    def _update_stats(self) -> None:
        path = self.selection
        entry = self.document.get(path) if path and path[0] == "monsters" else None
        if not isinstance(entry, dict):
            self.stats_label.setText("")
            self.marker.setVisible(False)
            return
        self.stats_label.setText(self.monster_stats_html(entry))
        counts = entry.get("players")
        counts = counts if isinstance(counts, dict) else {}
        self.marker.set_states({k: str(v) for k, v in counts.items()})
        self.marker.setVisible(True)

    def _on_marker(self, count: str, state: str) -> None:
        if (
            self.selection
            and self.selection[0] == "monsters"
            and isinstance(self.selection[1], int)
        ):
            self.set_monster_state(self.selection[1], count, state)

    def monster_stats(self, entry: dict[str, Any]) -> str:
        """``health 7, move 2, attack 2`` at the current level and player count ("" if none)."""
        counts = entry.get("players")
        counts = counts if isinstance(counts, dict) else {}
        state = str(counts.get(str(self.players), "absent"))
        monster = self.lookup("monster", str(entry.get("monster", "")))
        if state == "absent" or not isinstance(monster, dict):
            return ""
        levels = monster.get("levels")
        stats = levels.get(str(self.level), {}) if isinstance(levels, dict) else {}
        stats = stats.get(state) if isinstance(stats, dict) else None
        if not isinstance(stats, dict):
            return ""
        return ", ".join(
            f"{k} {v if isinstance(v, str) else json.dumps(v)}" for k, v in stats.items()
        )

    def monster_stats_html(self, entry: dict[str, Any]) -> str:
        """Stats the placement gets at the current level and player count."""
        ref = str(entry.get("monster", ""))
        counts = entry.get("players")
        counts = counts if isinstance(counts, dict) else {}
        state = str(counts.get(str(self.players), "absent"))
        monster = self.lookup("monster", ref)
        head = f"<b>{ref}</b> — {self.players} characters: <b>{state}</b>"
        if state == "absent":
            return head + " (not placed)"
        if not isinstance(monster, dict):
            return head + f"<br><i>monster “{ref}” not found in the pack</i>"
        stats = (monster.get("levels") or {}).get(str(self.level), {})
        stats = stats.get(state) if isinstance(stats, dict) else None
        if not isinstance(stats, dict):
            return head + f"<br><i>no stats for level {self.level}</i>"
        parts = ", ".join(
            f"{k} {json.dumps(v) if not isinstance(v, str) else v}" for k, v in stats.items()
        )
        return head + f"<br>Level {self.level}: {parts}"

    def _on_doc_changed(self, path: tuple[Any, ...]) -> None:
        if self.selection is not None and self.document.get(self.selection) is MISSING:
            self.set_selection(None)
        if not path or path[0] == "rooms":
            self._fill_rooms()
        self._update_stats()

    def _on_content_changed(self, kind: str, _ident: str) -> None:
        if kind in ("map-tile",):
            self.scene.refresh_tiles()
        if kind in ("map-tile", "monster"):
            self._fill_palettes()

    def _on_hover(self, pos: QPointF) -> None:
        h = self.scene.hex_at(pos)
        self.hover_hex = h
        text = f"hex [{h[0]}, {h[1]}]"
        room = self.scene.smap.room_of.get(h)
        if room:
            text += f" · room {room}"
        elif h in self.scene.smap.doors:
            text += " · door"
        elif h not in self.scene.smap.hexes:
            text += " · off the map"
        for path in placements.at_hex(self.document.data, h):
            entry = self.document.get(path)
            if path[0] == "monsters" and isinstance(entry, dict):
                state = str((entry.get("players") or {}).get(str(self.players), "absent"))
                text += f" · {entry.get('monster')} ({state} at {self.players}p"
                stats = self.monster_stats(entry)
                text += f", L{self.level}: {stats})" if stats else ")"
            elif path[0] == "overlays" and isinstance(entry, dict):
                text += f" · {entry.get('type')}"
        problems = self.map_findings.hover_text(h)
        self.view.setToolTip(text + ("\n" + problems if problems else ""))
        self.statusMessage.emit(text + (" · " + problems.split("\n")[0] if problems else ""))

    # ----------------------------------------------------------------- switches
    def set_player_count(self, count: int) -> None:
        self.players = count
        self.scene.set_players(count)
        self._update_stats()

    def set_level(self, level: int) -> None:
        self.level = level
        self.scene.set_level(level)
        self._update_stats()

    def setup_options(self) -> tuple[SetupOption, ...]:
        """Player count and level (as the game face declares them) and the hex orientation."""
        return (
            SetupOption(
                "players",
                "Characters",
                "int",
                2,
                "Monsters shown for this player count.",
                minimum=2,
                maximum=4,
            ),
            SetupOption(
                "level",
                "Level",
                "int",
                1,
                "Scenario level for monster stats.",
                minimum=0,
                maximum=7,
            ),
            SetupOption(
                "orientation",
                "Hexes",
                "choice",
                "flat",
                "Flat- or pointy-topped hexes.",
                choices=("flat", "pointy"),
            ),
        )

    def set_setup(self, values: Mapping[str, JSONValue]) -> None:
        players, level = values.get("players"), values.get("level")
        if isinstance(players, int) and players != self.players:
            self.set_player_count(players)
        if isinstance(level, int) and level != self.level:
            self.set_level(level)
        orientation = values.get("orientation")
        if isinstance(orientation, str) and orientation != self.scene.orientation:
            self.scene.set_orientation(orientation)

    # ----------------------------------------------------------------- edits
    def _list(self, key: str) -> list[Any]:
        value = self.document.get((key,), [])
        return value if isinstance(value, list) else []

    def place_tile(self, h: Hex) -> None:
        tile = self.palette_state["tile"]
        if not tile:
            self.statusMessage.emit("No map tile in the pack to place")
            return
        data = self.document.data
        pid = placements.unique_id(placements.ids_in(data, "tiles"), tile)
        placement = {
            "id": pid,
            "tile": tile,
            "side": self.palette_state["side"],
            "position": [h[0], h[1]],
            "rotation": self.palette_state["rotation"],
        }
        with self.document.macro(f"Place tile {tile}"):
            index = self.document.insert_item(("tiles",), placement)
            room = self.palette_state["room"]
            rooms = self._list("rooms")
            room_index = next(
                (i for i, r in enumerate(rooms) if isinstance(r, dict) and r.get("id") == room),
                None,
            )
            if room_index is None:
                rid = placements.unique_id(placements.ids_in(data, "rooms"), "room")
                self.document.insert_item(("rooms",), {"id": rid, "tiles": [pid]})
                if not data.get("starting_room"):
                    self.document.set_value(("starting_room",), rid)
            else:
                self.document.insert_item(("rooms", room_index, "tiles"), pid)
        self.set_selection(("tiles", index))
        self.map_findings.check_after_edit([("tiles", index)])

    def can_paint_overlay(self, h: Hex) -> bool:
        """False when ``h`` already has an overlay of the palette's type."""
        kind = self.palette_state["overlay"]
        return not any(
            isinstance(overlay, dict)
            and overlay.get("type") == kind
            and h in overlay_hexes(overlay)
            for overlay in self._list("overlays")
        )

    def paint_overlay(self, h: Hex) -> None:
        kind = self.palette_state["overlay"]
        if not self.can_paint_overlay(h):
            return
        new: dict[str, Any] = {"type": kind, "hexes": [[h[0], h[1]]]}
        if kind in ("treasure", "token"):
            new["number"] = self.palette_state["number"]
        if kind == "trap":
            new["damage"] = True
        index = self.document.insert_item(("overlays",), new, None, f"Paint {kind}")
        self.map_findings.check_after_edit([("overlays", index)])
        if kind in ("treasure", "token"):
            self.set_palette(number=placements.next_number(self.document.data, kind))

    def place_monster(self, h: Hex) -> None:
        existing = [p for p in placements.at_hex(self.document.data, h) if p[0] == "monsters"]
        if existing:
            self.set_selection(existing[0])
            return
        monster = self.palette_state["monster"]
        if not monster:
            self.statusMessage.emit("No monster in the pack to place")
            return
        entry = {
            "monster": monster,
            "hex": [h[0], h[1]],
            "players": dict(self.palette_state["players"]),
        }
        index = self.document.insert_item(("monsters",), entry, None, f"Place {monster}")
        self.set_selection(("monsters", index))
        self.map_findings.check_after_edit([("monsters", index)])

    def set_monster_state(self, index: int, count: str, state: str) -> None:
        self.document.set_value(
            ("monsters", index, "players", count), state, f"{count} characters: {state}"
        )

    def place_door(self, h: Hex) -> None:
        existing = [p for p in placements.at_hex(self.document.data, h) if p[0] == "doors"]
        if existing:
            self.set_selection(existing[0])
            return
        rooms = door_rooms(self.scene.smap, h)
        if len(rooms) < 2:
            self.statusMessage.emit(
                f"A door needs two rooms next to it; hex [{h[0]}, {h[1]}] touches {len(rooms)}"
            )
            return
        did = placements.unique_id(placements.ids_in(self.document.data, "doors"), "door")
        door: dict[str, Any] = {"id": did, "hex": [h[0], h[1]], "rooms": rooms[:2]}
        if self.palette_state["locked"]:
            door["locked"] = True
        with self.document.macro("Place door"):
            index = self.document.insert_item(("doors",), door)
            # the door hex belongs to no room: take it out of a room's explicit hexes
            for ri, room in enumerate(self._list("rooms")):
                if isinstance(room, dict):
                    hexes = hexes_of(room.get("hexes"))
                    if h in hexes:
                        self.document.remove_item(("rooms", ri, "hexes"), hexes.index(h))
        self.set_selection(("doors", index))

    def toggle_start(self, h: Hex) -> None:
        starts = hexes_of(self.document.get(("starting_hexes",), []))
        if h in starts:
            self.document.remove_item(("starting_hexes",), starts.index(h), "Remove starting hex")
        else:
            index = self.document.insert_item(
                ("starting_hexes",), [h[0], h[1]], None, "Add starting hex"
            )
            self.map_findings.check_after_edit([("starting_hexes", index)])

    def _room_index(self, rid: str) -> int | None:
        for i, room in enumerate(self._list("rooms")):
            if isinstance(room, dict) and room.get("id") == rid:
                return i
        return None

    def assign_room(self, h: Hex) -> None:
        """Room tool: the tile under ``h`` joins the palette's room (one undo step); a hex
        outside every tile (a corridor) is added to or removed from the room's hexes."""
        target = self.assign_room_combo.currentText()
        tile = self.scene.smap.tile_at(h)
        with self.document.macro("Assign room"):
            index = self._room_index(target)
            if index is None:  # "(new room)"
                rid = placements.unique_id(placements.ids_in(self.document.data, "rooms"), "room")
                index = self.document.insert_item(("rooms",), {"id": rid, "tiles": []})
                target = rid
            if tile is not None:
                for ri, room in enumerate(self._list("rooms")):
                    tiles = room.get("tiles") if isinstance(room, dict) else None
                    if ri != index and isinstance(tiles, list) and tile.placement_id in tiles:
                        self.document.remove_item(
                            ("rooms", ri, "tiles"), tiles.index(tile.placement_id)
                        )
                tiles = self.document.get(("rooms", index, "tiles"), [])
                if tile.placement_id not in (tiles if isinstance(tiles, list) else []):
                    self.document.insert_item(("rooms", index, "tiles"), tile.placement_id)
            else:
                hexes = hexes_of(self.document.get(("rooms", index, "hexes"), []))
                if h in hexes:
                    self.document.remove_item(("rooms", index, "hexes"), hexes.index(h))
                else:
                    self.document.insert_item(("rooms", index, "hexes"), [h[0], h[1]])
        self.assign_room_combo.setCurrentText(target)

    def toggle_wall(self, h: Hex, direction: int) -> None:
        """Wall tool: add or remove the extra thin wall between ``h`` and a neighbour."""
        n = hexgrid.neighbor(h, direction)
        other = (n[0], n[1])
        walls = self._list("walls")
        for i, wall in enumerate(walls):
            if isinstance(wall, list) and len(wall) == 2:
                pair = {as_hex(wall[0]), as_hex(wall[1])}
                if pair == {h, other}:
                    self.document.remove_item(("walls",), i, "Remove thin wall")
                    return
        self.document.insert_item(
            ("walls",), [[h[0], h[1]], [other[0], other[1]]], None, "Add thin wall"
        )

    def erase_at(self, h: Hex) -> None:
        found = placements.at_hex(self.document.data, h, self.scene.smap.tile_at)
        if not found:
            return
        path = found[0]
        if path[0] == "overlays":
            overlay = self.document.get(path)
            hexes = overlay_hexes(overlay)
            if len(hexes) > 1:
                self.document.remove_item((*path, "hexes"), hexes.index(h), "Erase overlay hex")
                return
        self.remove_placement(path)

    def remove_placement(self, path: JsonPath) -> None:
        key, index = path[0], path[1]
        assert isinstance(index, int)
        if key == "tiles":
            pid = (self.document.get(path) or {}).get("id")
            with self.document.macro("Delete tile"):
                self.document.remove_item(("tiles",), index)
                for ri, room in enumerate(self._list("rooms")):
                    if isinstance(room, dict) and pid in (room.get("tiles") or []):
                        self.document.remove_item(("rooms", ri, "tiles"), room["tiles"].index(pid))
        else:
            self.document.remove_item((str(key),), index, f"Delete {tools._describe(path)}")
        if self.selection == tuple(path):
            self.set_selection(None)

    # ----------------------------------------------------------------- edit menu
    def can_copy(self) -> bool:
        return self.selection is not None and self.selection[0] != "starting_hexes"

    def copy(self) -> Any:
        if not self.can_copy():
            return None
        assert self.selection is not None
        payload = {
            "list": self.selection[0],
            "value": copy.deepcopy(self.document.get(self.selection)),
        }
        mime = QMimeData()
        text = json.dumps(payload)
        mime.setData(MIME, text.encode("utf-8"))
        mime.setText(json.dumps(payload["value"], indent=2))
        set_clipboard(mime)
        return payload

    def paste(self, payload: Any = None) -> None:
        if payload is None:
            mime = QApplication.clipboard().mimeData()
            if mime is None or not mime.hasFormat(MIME):
                return
            payload = json.loads(bytes(mime.data(MIME).data()).decode("utf-8"))
        key = payload.get("list")
        value = payload.get("value")
        if key not in ("monsters", "overlays", "doors", "named_monsters", "bosses", "tiles"):
            return
        path: JsonPath = (key, 0)
        origin = placements.anchor(value, path)
        target = self.hover_hex if self.hover_hex is not None else origin
        if origin is None or target is None:
            return
        if target == origin:
            target = (origin[0] + 1, origin[1])
        self._insert_copy(key, value, (target[0] - origin[0], target[1] - origin[1]))

    def _insert_copy(self, key: str, value: Any, delta: Hex) -> None:
        new = placements.moved(value, (key, 0), delta)
        if (
            isinstance(new, dict)
            and "id" in new
            and key in ("tiles", "doors", "named_monsters", "bosses")
        ):
            new["id"] = placements.unique_id(
                placements.ids_in(self.document.data, key),
                str(new["id"]).rsplit("-", 1)[0]
                if str(new["id"])[-1:].isdigit()
                else str(new["id"]),
            )
        if key == "tiles":
            with self.document.macro("Paste tile"):
                index = self.document.insert_item((key,), new)
                rid = placements.unique_id(placements.ids_in(self.document.data, "rooms"), "room")
                self.document.insert_item(("rooms",), {"id": rid, "tiles": [new["id"]]})
        else:
            if isinstance(new, dict) and "id" in new and key == "overlays":
                del new["id"]  # overlay ids are optional and must stay unique
            index = self.document.insert_item((key,), new, None, f"Paste {tools._describe((key,))}")
        self.set_selection((key, index))
        self.map_findings.check_after_edit([(key, index)])  # pasted onto a legal hex?

    def duplicate(self) -> None:
        if not self.can_copy():
            return
        assert self.selection is not None
        key = str(self.selection[0])
        value = copy.deepcopy(self.document.get(self.selection))
        origin = placements.anchor(value, self.selection)
        if origin is None:
            return
        occupied = {p for p in self.scene.smap.hexes}
        taken = {placements.anchor(e, (key, 0)) for e in self._list(key)}
        delta = (1, 0)
        for d in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
            cand = (origin[0] + d[0], origin[1] + d[1])
            if cand not in taken and (cand in occupied or key == "tiles"):
                delta = d
                break
        self._insert_copy(key, value, delta)

    def delete_selection(self) -> None:
        if self.selection is not None:
            self.remove_placement(self.selection)

    # ----------------------------------------------------------------- navigation/export
    def show_findings(self, findings: list[Any]) -> None:
        self.map_findings.set_findings(findings)

    def focus_path(self, path: JsonPath) -> None:
        hexes = self.scene.hexes_of_path(path)
        if hexes:
            h = hexes[0]
            self.scene.set_highlight(h)
            self.view.centerOn(self.scene.center(h))
        if path and isinstance(path[0], str) and len(path) >= 2 and isinstance(path[1], int):
            if self.document.get(path[:2]) is not MISSING:
                self.set_selection(path[:2])
        elif path:
            self.set_selection(None)
        if self.inspector is not None:
            widget = self.inspector.widget_for(path)
            if widget is not None:
                self.inspector_scroll.ensureWidgetVisible(widget)

    def can_export_image(self) -> bool:
        return True

    def _play_snapshot(self) -> Path:
        """The pack as edited, in a temporary folder removed when the window closes."""
        folder = Path(tempfile.mkdtemp(prefix="questforge-play-"))
        try:
            return self.workspace.snapshot(folder / "pack")
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def _open_play(self, opener: Any, players: int, level: int) -> Any:
        """Open ``opener``'s window on a snapshot of the pack as edited, preset to
        ``players`` characters at scenario level ``level``."""
        pack = self._play_snapshot()
        try:
            window = opener(
                self.window(),
                str(pack),
                self.document.content_id,
                setup={"players": players, "level": level},
            )
        except Exception as exc:  # content the engine cannot load: a message, not a crash
            shutil.rmtree(pack.parent, ignore_errors=True)
            raise ValueError(str(exc)) from None
        window.destroyed.connect(lambda *_: shutil.rmtree(pack.parent, ignore_errors=True))
        return window

    def open_playtest(self) -> Any:
        """Open the playtest window (``questforge.editor.playtest``) on this scenario as
        edited, with the player count and level of the editor's switches; raises
        ``ValueError`` with a readable message if the engine cannot load it."""
        from questforge.editor.playtest import open_playtest

        self.playtest_window = self._open_play(open_playtest, self.players, self.level)
        return self.playtest_window

    def open_simulation(self, setup: Mapping[str, JSONValue] | None = None) -> Any:
        """Open the simulate dialog (``questforge.editor.playtest``) on this scenario, with
        the editor's player count and level ticked."""
        setup = setup or {}
        players = setup.get("players")
        level = setup.get("level")
        from questforge.editor.playtest import open_simulate

        pack = self._play_snapshot()
        setup = {
            "players": self.players if players is None else players,
            "level": self.level if level is None else level,
        }
        try:
            saved = (
                self.document.path if self.document.path and self.document.path.is_file() else None
            )
            dialog = open_simulate(
                self.window(), str(pack), self.document.content_id, setup=setup, saved_file=saved
            )
        except Exception as exc:  # content the engine cannot load: a message, not a crash
            shutil.rmtree(pack.parent, ignore_errors=True)
            raise ValueError(str(exc)) from None
        dialog.destroyed.connect(lambda *_: shutil.rmtree(pack.parent, ignore_errors=True))
        self.simulate_dialog = dialog
        return dialog

    def export_image(self, path: Path) -> None:
        self.map_findings.item.setVisible(False)  # a printed map shows no finding marks
        try:
            export_map(self.scene, path, lookup=self.lookup)  # the legend names bosses too
        finally:
            self.map_findings.item.setVisible(True)

    def hex_center_in_view(self, h: Hex) -> Any:
        """Viewport pixel of a hex centre (tests click there, as a user would)."""
        return self.view.mapFromScene(self.scene.center(h))


def _editor_factory(document: Document, context: Any) -> DocumentEditor:
    return ScenarioEditor(document, context)


__all__ = ["ScenarioEditor", "as_hex"]
