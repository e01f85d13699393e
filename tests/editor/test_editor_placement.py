"""Faster placement, driven as a designer would: the per-count table, R/F on a placed tile,
Esc, drag-painted starting hexes, the context menu, seam and door-spot previews, the grid of
an empty map, every standard shortcut, the status bar and the tab name."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import pytest
from editor_helpers import (  # type: ignore[import-not-found]
    click_hex,
    drag_hex,
    hex_point,
    hover_hex,
)
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.gloomhaven.tools import DoorTool
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(), live_validation=False)


@pytest.fixture
def editor(window: MainWindow, editor_pack: Path) -> ScenarioEditor:
    window.open_path(editor_pack / "scenarios" / "two-rooms.json")
    ed = window.current_editor()
    assert isinstance(ed, ScenarioEditor)
    ed.view.set_zoom(1.0)
    return ed


def press(qtbot: QtBot, editor: ScenarioEditor, k: Qt.Key, mods: object = None) -> None:
    """A key on the map, as after clicking into it (the view has the focus)."""
    editor.view.setFocus()
    qtbot.keyClick(editor.view, k, mods or Qt.KeyboardModifier.NoModifier)  # type: ignore[arg-type]


def _cell_center(table: object, row: int, column: int) -> QPoint:
    rect = table.visualItemRect(table.item(row, column))  # type: ignore[attr-defined]
    return rect.center()


def test_per_count_table_click_keys_presets_and_standees(
    qtbot: QtBot, editor: ScenarioEditor
) -> None:
    doc = editor.document
    panel = editor.monster_table
    table = panel.table
    assert table.rowCount() == 3
    assert [panel.state_at(0, c) for c in "234"] == ["normal", "normal", "elite"]
    # click the 2-character cell of the hound: normal -> elite, one undo step
    count = doc.undo_stack.count()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=_cell_center(table, 0, 2))
    assert doc.data["monsters"][0]["players"]["2"] == "elite"
    assert doc.undo_stack.count() == count + 1
    assert panel.state_at(0, "2") == "elite"  # the table follows the document
    # keys on the current cell: 0 absent, N normal, E elite, Space cycles
    table.setFocus()
    table.setCurrentCell(1, 4)
    qtbot.keyClick(table, Qt.Key.Key_E)
    assert doc.data["monsters"][1]["players"]["4"] == "elite"
    assert editor.tool.name == "Select"  # E edited the cell; it did not pick the Erase tool
    qtbot.keyClick(table, Qt.Key.Key_0)
    assert doc.data["monsters"][1]["players"]["4"] == "absent"
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert doc.data["monsters"][1]["players"]["4"] == "normal"
    # a preset on two selected rows: one undo step
    table.clearSelection()
    table.selectRow(0)
    table.item(2, 0).setSelected(True)
    count = doc.undo_stack.count()
    panel.preset.textActivated.emit("normal at 2, elite at 4")
    assert doc.undo_stack.count() == count + 1
    for row in (0, 2):
        assert doc.data["monsters"][row]["players"] == {"2": "normal", "3": "normal", "4": "elite"}
    doc.undo_stack.undo()
    assert doc.data["monsters"][2]["players"] == {"2": "absent", "3": "elite", "4": "elite"}
    # "same at all counts" copies each selected row's marker at 2 characters
    panel.preset.textActivated.emit("same at all counts (as at 2)")
    assert doc.data["monsters"][2]["players"] == {"2": "absent", "3": "absent", "4": "absent"}
    assert doc.data["monsters"][0]["players"] == {"2": "elite", "3": "elite", "4": "elite"}
    doc.undo_stack.undo()
    # standee counts per type and player count, against the monster's standees
    assert "slag-hound: 2p 1/" in panel.summary.text()
    for h in [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (1, 2)]:
        editor.edits.place_monster("slag-hound", h, {"2": "normal", "3": "normal", "4": "normal"})
    limit = editor.lookup("monster", "slag-hound")["standees"]
    assert f"4p 8/{limit}" in panel.summary.text()
    assert "c0392b" in panel.summary.text()  # over the limit: red
    # and beside the map marker of a selected hound
    editor.set_selection(("monsters", 0))
    assert f"4p 8/{limit}" in editor.stats_label.text()
    shots = Path("/tmp")
    editor.count_box.grab().save(str(shots / "placement-count-table.png"))


def test_r_and_f_turn_the_selected_tile_and_esc_deselects(
    qtbot: QtBot, window: MainWindow, editor: ScenarioEditor
) -> None:
    doc = editor.document
    editor.set_tool("Select")
    click_hex(qtbot, editor, (2, 6))  # a plain hex of the shaft tile
    assert editor.selection == ("tiles", 1)
    press(qtbot, editor, Qt.Key.Key_R)
    assert doc.data["tiles"][1]["rotation"] == 1
    assert "60°" in editor.stats_label.text()
    assert "60°" in window.hex_label.text()
    press(qtbot, editor, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    press(qtbot, editor, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert doc.data["tiles"][1]["rotation"] == 5
    assert "300°" in editor.stats_label.text()
    press(qtbot, editor, Qt.Key.Key_F)
    assert doc.data["tiles"][1]["side"] == "b"
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Flip tile shaft-1 to side b"
    press(qtbot, editor, Qt.Key.Key_Escape)
    assert editor.selection is None
    # Esc in a placing tool goes back to Select
    press(qtbot, editor, Qt.Key.Key_M)
    assert editor.tool.name == "Monster"
    press(qtbot, editor, Qt.Key.Key_Escape)
    assert editor.tool.name == "Select"
    # the palette shows the tile tool's rotation in degrees
    editor.set_tool("Tile")
    press(qtbot, editor, Qt.Key.Key_R)
    press(qtbot, editor, Qt.Key.Key_R)
    assert editor.palettes.rotation_label.text() == "120°"


def test_drag_paints_starting_hexes_in_one_step(qtbot: QtBot, editor: ScenarioEditor) -> None:
    doc = editor.document
    press(qtbot, editor, Qt.Key.Key_H)
    count = doc.undo_stack.count()
    drag_hex(qtbot, editor, (0, 1), (2, 1))  # passes (1, 1) on the way
    starts = doc.data["starting_hexes"]
    assert [0, 1] in starts and [2, 1] in starts
    assert doc.undo_stack.count() == count + 1
    # a stroke starting on a starting hex removes
    drag_hex(qtbot, editor, (0, 1), (2, 1))
    assert [0, 1] not in doc.data["starting_hexes"]
    assert [2, 1] not in doc.data["starting_hexes"]
    assert doc.undo_stack.count() == count + 2


def test_context_menu_rotates_and_deletes(qtbot: QtBot, editor: ScenarioEditor) -> None:
    doc = editor.document
    pos = hover_hex(qtbot, editor, (2, 6))
    editor.view.customContextMenuRequested.emit(pos)
    menu = editor.context_menu
    names = [a.text() for a in menu.actions()]
    assert "Rotate tile 60° (R)" in names and "Flip tile (F)" in names and "Properties" in names
    next(a for a in menu.actions() if a.text() == "Rotate tile 60° (R)").trigger()
    assert doc.data["tiles"][1]["rotation"] == 1
    menu.close()
    before = copy.deepcopy(doc.data["monsters"])
    pos = hover_hex(qtbot, editor, (3, 2))
    editor.view.customContextMenuRequested.emit(pos)
    delete = next(a for a in editor.context_menu.actions() if a.text() == "Delete monster")
    delete.trigger()
    assert doc.data["monsters"] == before[1:]
    editor.context_menu.close()


def test_right_click_opens_the_menu(qtbot: QtBot, editor: ScenarioEditor) -> None:
    pos = hover_hex(qtbot, editor, (3, 2))
    qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.RightButton, pos=pos)
    # the window system turns a right click into a context-menu event (QTest does not)
    viewport = editor.view.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    assert getattr(editor, "context_menu", None) is not None
    assert editor.selection == ("monsters", 0)
    editor.context_menu.close()


def test_door_tool_marks_the_seams_and_tile_preview_shows_where_tiles_meet(
    qtbot: QtBot, editor: ScenarioEditor
) -> None:
    doc = editor.document
    doc.remove_item(("doors",), 0)
    press(qtbot, editor, Qt.Key.Key_D)
    assert isinstance(editor.tool, DoorTool)
    spots = editor.scene.preview.spots  # type: ignore[union-attr]
    assert (1, 4) in spots and (0, 0) not in spots
    editor.view.fit()
    editor.grab().save("/tmp/placement-door-spots.png")
    click_hex(qtbot, editor, (1, 4))
    assert doc.data["doors"][0]["hex"] == [1, 4]
    assert (1, 4) not in editor.scene.preview.spots  # type: ignore[union-attr]
    # the tile under the cursor: green seams where it meets the map, red where it overlaps
    press(qtbot, editor, Qt.Key.Key_T)
    editor.tile_combo.setCurrentText("vault")
    hover_hex(qtbot, editor, (5, 0))
    preview = editor.scene.preview
    assert preview.seams and not preview.overlap  # type: ignore[union-attr]
    editor.view.fit()
    hover_hex(qtbot, editor, (5, 0))
    editor.grab().save("/tmp/placement-seams.png")
    # over placed hexes the tile snaps to the nearest spot where it meets the map
    window = editor.window()
    assert isinstance(window, MainWindow)
    hover_hex(qtbot, editor, (4, 1))  # the gate's last column: the vault would overlap it
    assert not editor.scene.preview.overlap  # type: ignore[union-attr]
    assert editor.scene.preview.seams  # type: ignore[union-attr]
    assert "snapped to" in window.hex_label.text()
    count = len(doc.data["tiles"])
    click_hex(qtbot, editor, (4, 1))
    assert len(doc.data["tiles"]) == count + 1
    assert doc.data["tiles"][-1]["position"] != [4, 1]
    placed = editor.scene.smap.tiles[-1].hexes
    assert not any(placed & t.hexes for t in editor.scene.smap.tiles[:-1])
    # Alt places exactly under the cursor: the preview shows the overlap in red
    pos = hex_point(editor, (4, 1))
    viewport = editor.view.viewport()
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        viewport.mapToGlobal(QPointF(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.AltModifier,
    )
    QApplication.sendEvent(viewport, event)
    assert editor.scene.preview.overlap  # type: ignore[union-attr]


def test_new_scenario_grid_fit_tab_name_and_status(
    qtbot: QtBot, window: MainWindow, editor_pack: Path
) -> None:
    window.open_pack(editor_pack)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    tab = window.tabs.tabText(window.tabs.currentIndex())
    assert tab.startswith("New scenario")  # named from the scenario, not "untitled"
    editor.document.set_value(("name",), "The Flooded Adit")
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith("The Flooded Adit")
    # an empty map shows a grid to place on
    assert not editor.scene.smap.hexes
    assert editor.scene.layers["grid"].boundingRect().width() > 10 * editor.scene.size
    editor.view.fit()
    editor.grab().save("/tmp/placement-empty-grid.png")
    # placing the first tile fits the view on it; the status bar says what is there
    editor.view.set_zoom(4.0)
    press(qtbot, editor, Qt.Key.Key_T)
    editor.tile_combo.setCurrentText("gate")
    click_hex(qtbot, editor, (0, 0))
    assert editor.view.fitted
    assert editor.view.zoom() < 4.0
    assert "tile gate-1" in window.hex_label.text()
    press(qtbot, editor, Qt.Key.Key_H)
    click_hex(qtbot, editor, (1, 1))
    assert "starting hex" in window.hex_label.text()  # refreshed after the click


def test_every_standard_shortcut_is_registered(window: MainWindow) -> None:
    SK = QKeySequence.StandardKey
    redo = {s.toString() for s in window.redo_action.shortcuts()}
    assert redo == {s.toString() for s in QKeySequence.keyBindings(SK.Redo)}
    assert len(redo) >= 2  # Ctrl+Y and Ctrl+Shift+Z on Linux
    close = next(
        a for a in window.findChildren(type(window.redo_action)) if a.text() == "&Close Tab"
    )
    assert {s.toString() for s in close.shortcuts()} == {
        s.toString() for s in QKeySequence.keyBindings(SK.Close)
    }


def test_ctrl_shift_z_redoes(qtbot: QtBot, window: MainWindow, editor: ScenarioEditor) -> None:
    doc = editor.document
    editor.edits.toggle_start((0, 1))
    after = copy.deepcopy(doc.data)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.data != after
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert doc.data == after


def test_tool_icons_and_tile_thumbnails(editor: ScenarioEditor) -> None:
    for action in editor.tool_actions.values():
        assert not action.icon().isNull(), action.text()
    combo = editor.tile_combo
    assert combo.count() > 0
    assert all(not combo.itemIcon(i).isNull() for i in range(combo.count()))
    editor.set_tool("Tile")
    editor.tile_combo.showPopup()
    editor.palettes.grab().save("/tmp/placement-palette.png")
    view = editor.tile_combo.view()
    view.window().grab().save("/tmp/placement-tile-thumbnails.png")
    editor.tile_combo.hidePopup()
