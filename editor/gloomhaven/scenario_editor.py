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
    QGroupBox,
    QLabel,
    QScrollArea,
    QSplitter,
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
from questforge.editor.gloomhaven.context_menu import build_menu
from questforge.editor.gloomhaven.edits import PASTABLE, EditRefused, ScenarioEdits
from questforge.editor.gloomhaven.export import export_map
from questforge.editor.gloomhaven.hex_picker import HexPicker, scenario_form_services
from questforge.editor.gloomhaven.map_findings import ScenarioFindings
from questforge.editor.gloomhaven.marker_widget import MarkerWidget
from questforge.editor.gloomhaven.monster_table import MonsterCountTable, standee_note_html
from questforge.editor.gloomhaven.palette import PlacementPalette
from questforge.editor.gloomhaven.scenario_map import (
    Hex,
    as_hex,
)
from questforge.editor.gloomhaven.scene import ScenarioScene
from questforge.editor.gloomhaven.tool_icons import tool_icon
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.editor.map.view import MapView
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
        self.scene = ScenarioScene(
            document,
            lambda ref: self.lookup("map-tile", ref),
            lambda ref: self.lookup("monster", ref),
        )
        #: the scenario's edit operations (widget-free; tools and panels call them)
        self.edits = ScenarioEdits(
            document, lambda ref: self.lookup("map-tile", ref), lambda: self.scene.smap
        )
        self.view = MapView(self.scene)
        self.view.hovered.connect(self._on_hover)
        # the inspector's hex fields pick on this map; reference fields list the pack's ids
        self.hex_picker = HexPicker(self)
        self.form_services = scenario_form_services(self, self.hex_picker)
        self.map_findings = ScenarioFindings(self)  # findings on the canvas, click checks
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.scene.mapRebuilt.connect(self._on_map_rebuilt)
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
        # this pack's ids, then a required pack's as ``pack:id`` (its tiles, monsters)
        return sorted(self.workspace.content(kind)) + self.workspace.required_ids(kind)

    # ----------------------------------------------------------------- UI
    def _build_ui(self) -> None:
        self.toolbar = QToolBar("Tools")
        self.toolbar.setOrientation(Qt.Orientation.Vertical)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool in self.tools:
            action = QAction(tool.name, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{tool.tooltip} ({tool.shortcut})")
            action.setIcon(tool_icon(tool.name))
            action.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            self.tool_group.addAction(action)
            self.toolbar.addAction(action)
            self.addAction(action)
            self.tool_actions[tool.name] = action

        self.palettes = PlacementPalette(self.edits, self._content_ids, self.lookup)
        # the palette's widgets under their old names (scripts and tests drive them)
        pal = self.palettes
        self.tile_combo, self.side_combo, self.room_combo = (
            pal.tile_combo,
            pal.side_combo,
            pal.room_combo,
        )
        self.rotation_spin, self.number_spin = pal.rotation_spin, pal.number_spin
        self.overlay_combo, self.monster_combo = pal.overlay_combo, pal.monster_combo
        self.count_combos, self.locked_check = pal.count_combos, pal.locked_check
        self.assign_room_combo = pal.assign_room_combo
        self.palette_pages = self.palettes.pages

        palette_box = QGroupBox("Palette")
        palette_scroll = QScrollArea()  # the palette may shrink (it scrolls) for the panels
        palette_scroll.setWidgetResizable(True)
        palette_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        palette_scroll.setWidget(self.palettes)
        QVBoxLayout(palette_box).addWidget(palette_scroll)
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
        self.count_box = QGroupBox("Monsters per player count")
        self.monster_table = MonsterCountTable(self)
        QVBoxLayout(self.count_box).addWidget(self.monster_table)
        side.addWidget(self.count_box)
        # palette as small as it can be; the inspector and the per-count table share the rest
        side.setStretchFactor(0, 0)
        side.setStretchFactor(1, 1)
        side.setStretchFactor(2, 1)
        side.setSizes([170, 300, 280])
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

    @property
    def palette_state(self) -> dict[str, Any]:
        """What the tools place (tile, side, rotation, room, overlay, monster...)."""
        return self.palettes.state

    def _fill_palettes(self) -> None:
        self.palettes.fill()

    def _fill_rooms(self) -> None:
        self.palettes.fill_rooms()

    def set_palette(self, **values: Any) -> None:
        self.palettes.set_values(**values)

    def set_palette_players(self, states: dict[str, str]) -> None:
        self.palettes.set_players(states)

    # ----------------------------------------------------------------- tools & selection
    def set_tool(self, tool: tools.HexTool | str) -> None:
        if isinstance(tool, str):
            tool = next(t for t in self.tools if t.name == tool)
        self.view.set_tool(tool)
        self.tool_actions[tool.name].setChecked(True)
        self.palettes.show_page(tool.name)

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
            self.stats_label.setText(self.tile_text_html())
            self.marker.setVisible(False)
            return
        self.stats_label.setText(
            self.monster_stats_html(entry) + standee_note_html(self, str(entry.get("monster")))
        )
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
        if self.hover_hex is not None:
            self._show_status(self.hover_hex)  # the status bar tells what the click did

    def _on_content_changed(self, kind: str, _ident: str) -> None:
        if kind in ("map-tile",):
            self.scene.refresh_tiles()
        if kind in ("map-tile", "monster"):
            self._fill_palettes()

    def _on_hover(self, pos: QPointF) -> None:
        h = self.scene.hex_at(pos)
        self.hover_hex = h
        self._show_status(h)

    def _show_status(self, h: Hex) -> None:
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
            elif path[0] == "doors":
                text += " · door"
            elif path[0] == "starting_hexes":
                text += " · starting hex"
        tile = self.scene.smap.tile_at(h)
        if tile is not None:
            rotation = self.document.get(("tiles", tile.index, "rotation"), 0)
            degrees = rotation * 60 if isinstance(rotation, int) else 0
            text += f" · tile {tile.placement_id} ({tile.side}, {degrees}°)"
        problems = self.map_findings.hover_text(h)
        self.view.setToolTip(text + ("\n" + problems if problems else ""))
        self.statusMessage.emit(text + (" · " + problems.split("\n")[0] if problems else ""))

    # ----------------------------------------------------------------- placing aids
    def selected_tile(self) -> int | None:
        """Index of the selected tile placement (R / F turn it), else ``None``."""
        sel = self.selection
        if sel and sel[0] == "tiles" and len(sel) == 2 and isinstance(sel[1], int):
            return sel[1]
        return None

    def tile_text_html(self) -> str:
        index = self.selected_tile()
        tile = self.document.get(("tiles", index)) if index is not None else None
        if not isinstance(tile, dict):
            return ""
        rotation = tile.get("rotation", 0)
        degrees = rotation * 60 if isinstance(rotation, int) else 0
        return (
            f"<b>{tile.get('tile')}</b> side {tile.get('side', 'a')} · "
            f"rotation <b>{degrees}°</b> (R / Shift+R turn it, F flips)"
        )

    def turn_selected_tile(self, event: Any) -> bool:
        """R / Shift+R rotate, F flips the selected tile: one undo step each."""
        index = self.selected_tile()
        if index is None:
            return False
        if event.key() == Qt.Key.Key_R:
            back = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            new = self.edits.rotate_tile(index, -1 if back else 1)
            self.statusMessage.emit(f"Tile rotated to {new * 60}°")
        else:
            side = self.edits.flip_tile(index)
            self.statusMessage.emit(f"Tile flipped to side {side}")
        return True

    def cancel(self) -> None:
        """Esc: leave a placing tool for Select, or drop the selection."""
        if self.tool.name != "Select":
            self.set_tool("Select")
        else:
            self.set_selection(None)
            self.scene.set_highlight(None)

    def show_properties(self) -> None:
        """Bring the inspector's form (of the selection, or the scenario) into view."""
        self.inspector_box.show()
        if self.inspector is not None:
            self.inspector.setFocus()

    def _context_menu(self, pos: Any) -> None:
        h = self.scene.hex_at(self.view.mapToScene(pos))
        self.hover_hex = h
        self.context_menu = build_menu(self, h)
        self.context_menu.popup(self.view.viewport().mapToGlobal(pos))

    def _on_map_rebuilt(self) -> None:
        if isinstance(self.tool, tools.DoorTool):
            self.tool.show_spots()

    def _fit_new_tile(self, path: JsonPath, was_empty: bool) -> None:
        """The view follows a new tile: fitted when the map was empty or the tile is not
        wholly in sight."""
        hexes = self.scene.hexes_of_path(path)
        seen = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        inside = all(seen.contains(self.scene.center(h)) for h in hexes)
        if was_empty or not inside or self.view.fitted:
            self.view.fit()

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
    # The edits themselves are document operations (``edits.ScenarioEdits``, no widget);
    # these methods add what the tab does around them: the palette's values as arguments,
    # the selection afterwards, a refused edit as a status message.
    def _list(self, key: str) -> list[Any]:
        return self.edits.items(key)

    def _refused(self, exc: EditRefused) -> None:
        self.statusMessage.emit(str(exc))

    def place_tile(self, h: Hex) -> None:
        p = self.palette_state
        was_empty = not self.scene.smap.hexes
        try:
            path = self.edits.place_tile(p["tile"], h, p["side"], p["rotation"], p["room"])
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)
        self._fit_new_tile(path, was_empty)
        self.map_findings.check_after_edit([path])

    def can_paint_overlay(self, h: Hex) -> bool:
        """False when ``h`` already has an overlay of the palette's type."""
        return not self.edits.has_overlay(self.palette_state["overlay"], h)

    def paint_overlay(self, h: Hex) -> None:
        kind = self.palette_state["overlay"]
        path = self.edits.paint_overlay(kind, h, self.palette_state["number"])
        if path is None:
            return
        self.map_findings.check_after_edit([path])
        if kind in ("treasure", "token"):
            self.set_palette(number=self.edits.next_number(kind))

    def place_monster(self, h: Hex) -> None:
        try:
            path = self.edits.place_monster(
                self.palette_state["monster"], h, self.palette_state["players"]
            )
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)
        self.map_findings.check_after_edit([path])

    def set_monster_state(self, index: int, count: str, state: str) -> None:
        self.edits.set_monster_state(index, count, state)

    def place_door(self, h: Hex) -> None:
        try:
            path = self.edits.place_door(h, bool(self.palette_state["locked"]))
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)

    def toggle_start(self, h: Hex) -> None:
        if self.edits.toggle_start(h):  # added: at the end of the list
            self.map_findings.check_after_edit(
                [("starting_hexes", len(self._list("starting_hexes")) - 1)]
            )

    def _room_index(self, rid: str) -> int | None:
        return self.edits.room_index(rid)

    def assign_room(self, h: Hex) -> None:
        """Room tool: the tile under ``h`` joins the palette's room (one undo step); a hex
        outside every tile (a corridor) is added to or removed from the room's hexes."""
        target = self.edits.assign_room(h, self.assign_room_combo.currentText())
        self.assign_room_combo.setCurrentText(target)

    def toggle_wall(self, h: Hex, direction: int) -> None:
        """Wall tool: add or remove the extra thin wall between ``h`` and a neighbour."""
        self.edits.toggle_wall(h, direction)

    def erase_at(self, h: Hex) -> None:
        selected = self.selection
        length = len(self._list(str(selected[0]))) if selected else 0
        path = self.edits.erase_at(h)
        if selected is not None and path == selected and len(self._list(str(path[0]))) < length:
            self.set_selection(None)  # the selected placement itself was removed

    def remove_placement(self, path: JsonPath) -> None:
        try:
            self.edits.remove(path)
        except EditRefused as exc:
            self._refused(exc)
            return
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
        key = payload.get("list") if isinstance(payload, dict) else None
        if key not in PASTABLE:
            return
        try:
            path = self.edits.paste(str(key), payload.get("value"), self.hover_hex)
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)
        self.map_findings.check_after_edit([path])  # pasted onto a legal hex?

    def _insert_copy(self, key: str, value: Any, delta: Hex) -> None:
        try:
            path = self.edits.insert_copy(key, value, delta)
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)

    def duplicate(self) -> None:
        if not self.can_copy():
            return
        assert self.selection is not None
        try:
            path = self.edits.duplicate(self.selection)
        except EditRefused as exc:
            self._refused(exc)
            return
        self.set_selection(path)

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
