"""The scenario tab: tool bar, map view, palettes, inspector, player-count and level.

The tab wires parts that each do one job, in modules named after it:

- :mod:`~questforge.editor.gloomhaven.edits` — the edit operations on the document (no
  widget), each one named undo step;
- :mod:`~questforge.editor.gloomhaven.tool_edits` — what a tool's click adds around them
  (palette values in; selection, view and click checks after);
- :mod:`~questforge.editor.gloomhaven.scenario_clipboard` — copy, paste, duplicate, delete;
- :mod:`~questforge.editor.gloomhaven.scenario_inspector` — the selection's form, a
  monster's stats and its per-player-count marker;
- :mod:`~questforge.editor.gloomhaven.scenario_text` — the hover text of a hex;
- :mod:`~questforge.editor.play_snapshot` — playtest and simulate on the pack as edited;
- ``palette.py``, ``monster_table.py``, ``map_findings.py``, ``hex_picker.py``,
  ``tools.py``, ``scene.py`` — palettes, the per-count table, findings on the map, hex
  picking for the forms, the tools and the drawn map.

The tab keeps the selection, the switches (player count, level, orientation) and the
:class:`~questforge.editor.editors.DocumentEditor` surface the main window calls.
"""

from __future__ import annotations

from collections.abc import Mapping as Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QScrollArea,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.document import Document
from questforge.editor.editors import DocumentEditor
from questforge.editor.forms.schema_form import SchemaForm
from questforge.editor.gloomhaven import tools
from questforge.editor.gloomhaven.context_menu import build_menu
from questforge.editor.gloomhaven.edits import ScenarioEdits
from questforge.editor.gloomhaven.export import export_map
from questforge.editor.gloomhaven.hex_picker import HexPicker, scenario_form_services
from questforge.editor.gloomhaven.map_findings import ScenarioFindings
from questforge.editor.gloomhaven.monster_table import MonsterCountTable
from questforge.editor.gloomhaven.palette import PlacementPalette
from questforge.editor.gloomhaven.scenario_clipboard import MIME, ScenarioClipboard
from questforge.editor.gloomhaven.scenario_inspector import MAP_KEYS, ScenarioInspector
from questforge.editor.gloomhaven.scenario_map import (
    Hex,
    as_hex,
)
from questforge.editor.gloomhaven.scenario_text import hex_status_text
from questforge.editor.gloomhaven.scene import ScenarioScene
from questforge.editor.gloomhaven.tool_edits import ToolEdits
from questforge.editor.gloomhaven.tool_icons import tool_icon
from questforge.editor.jsonpath import MISSING, JsonPath
from questforge.editor.map.view import MapView
from questforge.editor.play_snapshot import open_on_snapshot
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption

NEW_ROOM = "(new room)"
#: the scenario tab's switches: player count and level (as the game face declares them)
#: and the hex orientation; the main window's setup tool bar shows them
SETUP_OPTIONS: tuple[SetupOption, ...] = (
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
        #: what the tools' clicks do around those operations; the Edit menu's clipboard
        self.tool_edits = ToolEdits(self)
        self.clipboard = ScenarioClipboard(self)
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
        self.palettes.fill()
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
        self.inspector_box = ScenarioInspector(self)
        # the inspector's widgets under their old names (scripts and tests drive them)
        self.stats_label, self.marker = self.inspector_box.stats_label, self.inspector_box.marker
        self.inspector_scroll = self.inspector_box.form_scroll
        self.schema_ctx = self.inspector_box.schema_ctx
        self.inspector_box.show_path(self.selection)

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
    def inspector(self) -> SchemaForm | None:
        """The inspector's form (of the selection, else of the scenario)."""
        return self.inspector_box.form

    @property
    def palette_state(self) -> dict[str, Any]:
        """What the tools place (tile, side, rotation, room, overlay, monster...)."""
        return self.palettes.state

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
        self.inspector_box.show_path(self.selection)
        self.selectionChanged.emit()

    def _on_doc_changed(self, path: tuple[Any, ...]) -> None:
        if self.selection is not None and self.document.get(self.selection) is MISSING:
            self.set_selection(None)
        if not path or path[0] == "rooms":
            self.palettes.fill_rooms()
        self.inspector_box.update_stats()
        if self.hover_hex is not None:
            self._show_status(self.hover_hex)  # the status bar tells what the click did

    def _on_content_changed(self, kind: str, _ident: str) -> None:
        if kind in ("map-tile",):
            self.scene.refresh_tiles()
        if kind in ("map-tile", "monster"):
            self.palettes.fill()

    def _on_hover(self, pos: QPointF) -> None:
        h = self.scene.hex_at(pos)
        self.hover_hex = h
        self._show_status(h)

    def _show_status(self, h: Hex) -> None:
        text = hex_status_text(self, h)
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

    def cancel(self) -> None:
        """Esc: leave a placing tool for Select, or drop the selection."""
        if self.tool.name != "Select":
            self.set_tool("Select")
        else:
            self.set_selection(None)
            self.scene.set_highlight(None)

    def show_properties(self) -> None:
        """Bring the inspector's form (of the selection, or the scenario) into view."""
        self.inspector_box.show_properties()

    def _context_menu(self, pos: Any) -> None:
        h = self.scene.hex_at(self.view.mapToScene(pos))
        self.hover_hex = h
        self.context_menu = build_menu(self, h)
        self.context_menu.popup(self.view.viewport().mapToGlobal(pos))

    def _on_map_rebuilt(self) -> None:
        if isinstance(self.tool, tools.DoorTool):
            self.tool.show_spots()

    # ----------------------------------------------------------------- switches
    def set_player_count(self, count: int) -> None:
        self.players = count
        self.scene.set_players(count)
        self.inspector_box.update_stats()

    def set_level(self, level: int) -> None:
        self.level = level
        self.scene.set_level(level)
        self.inspector_box.update_stats()

    def setup_options(self) -> tuple[SetupOption, ...]:
        """Player count and level (as the game face declares them) and the hex orientation."""
        return SETUP_OPTIONS

    def set_setup(self, values: Mapping[str, JSONValue]) -> None:
        players, level = values.get("players"), values.get("level")
        if isinstance(players, int) and players != self.players:
            self.set_player_count(players)
        if isinstance(level, int) and level != self.level:
            self.set_level(level)
        orientation = values.get("orientation")
        if isinstance(orientation, str) and orientation != self.scene.orientation:
            self.scene.set_orientation(orientation)

    # ----------------------------------------------------------------- edit menu
    # (scenario_clipboard; the placement edits themselves are tool_edits' and edits')
    def can_copy(self) -> bool:
        return self.clipboard.can_copy()

    def copy(self) -> Any:
        return self.clipboard.copy()

    def paste(self, payload: Any = None) -> None:
        self.clipboard.paste(payload)

    def duplicate(self) -> None:
        self.clipboard.duplicate()

    def delete_selection(self) -> None:
        self.clipboard.delete_selection()

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
        self.inspector_box.reveal(path)

    def can_export_image(self) -> bool:
        return True

    def open_playtest(self) -> Any:
        """Open the playtest window (``questforge.editor.playtest``) on this scenario as
        edited, with the player count and level of the editor's switches; raises
        ``ValueError`` with a readable message if the engine cannot load it."""
        from questforge.editor.playtest import open_playtest

        self.playtest_window = open_on_snapshot(
            self.workspace,
            open_playtest,
            self.window(),
            self.document.content_id,
            setup={"players": self.players, "level": self.level},
        )
        return self.playtest_window

    def open_simulation(self, setup: Mapping[str, JSONValue] | None = None) -> Any:
        """Open the simulate dialog (``questforge.editor.playtest``) on this scenario, with
        the editor's player count and level ticked."""
        from questforge.editor.playtest import open_simulate

        setup = setup or {}
        players, level = setup.get("players"), setup.get("level")
        path = self.document.path
        self.simulate_dialog = open_on_snapshot(
            self.workspace,
            open_simulate,
            self.window(),
            self.document.content_id,
            setup={
                "players": self.players if players is None else players,
                "level": self.level if level is None else level,
            },
            saved_file=path if path and path.is_file() else None,
        )
        return self.simulate_dialog

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


__all__ = ["MAP_KEYS", "MIME", "ScenarioEditor", "as_hex"]
