"""The main window: live validation and jump-to, unsaved-changes prompts, recovery offer,
recent files, new documents of any kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from questforge.editor import settings
from questforge.editor.forms.form_editor import FormEditor
from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui


@pytest.fixture
def pack(editor_pack: Path) -> Path:
    return editor_pack


def make_window(qtbot: QtBot, prompts: ScriptedPrompts, live: bool = True) -> MainWindow:
    window = MainWindow(prompts=prompts, live_validation=live)
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    return window


def test_live_validation_runs_off_the_ui_thread_and_jumps_to_the_hex(
    qtbot: QtBot, pack: Path
) -> None:
    window = make_window(qtbot, ScriptedPrompts())
    window.validator.delay_ms = 10
    editor = window.open_file(pack / "scenarios" / "two-rooms.json")
    assert isinstance(editor, ScenarioEditor)
    # an edit that breaks the schema: a player-count state that does not exist
    with qtbot.waitSignal(window.validator.finished, timeout=10000):
        editor.document.set_value(("monsters", 2, "players", "3"), "boss-like")
    qtbot.waitUntil(lambda: window.problems.tree.topLevelItemCount() > 0, timeout=10000)
    rows = [
        window.problems.tree.topLevelItem(i)
        for i in range(window.problems.tree.topLevelItemCount())
    ]
    index = next(i for i, item in enumerate(rows) if "monsters[2].players" in item.text(3))
    # the pack browser marks the file as erroneous
    assert window.browser.state_of(pack / "scenarios" / "two-rooms.json") == "error"
    editor.set_selection(None)
    window.problems.activate_row(index)
    assert editor.selection == ("monsters", 2)
    assert editor.scene.highlight == (1, 7)
    # fixing it clears the finding
    with qtbot.waitSignal(window.validator.finished, timeout=10000):
        editor.document.undo_stack.undo()
    qtbot.waitUntil(
        lambda: all(
            "monsters[2].players" not in window.problems.tree.topLevelItem(i).text(3)
            for i in range(window.problems.tree.topLevelItemCount())
        ),
        timeout=10000,
    )


def test_jump_to_a_field_of_a_form(qtbot: QtBot, pack: Path) -> None:
    window = make_window(qtbot, ScriptedPrompts(), live=False)
    window.jump_to(str(pack / "monsters" / "slag-hound.json"), ("levels", "2", "elite", "move"))
    editor = window.current_editor()
    assert isinstance(editor, FormEditor) and editor.form is not None
    widget = editor.form.widget_for(("levels", "2", "elite", "move"))
    assert widget is not None
    assert "#ffe08a" in widget.styleSheet()  # flashed so the eye finds it


def test_closing_with_unsaved_changes_asks(qtbot: QtBot, pack: Path) -> None:
    prompts = ScriptedPrompts(unsaved=Unsaved.CANCEL)
    window = make_window(qtbot, prompts, live=False)
    path = pack / "scenarios" / "two-rooms.json"
    original = path.read_text(encoding="utf-8")
    editor = window.open_file(path)
    assert editor is not None
    editor.document.set_value(("name",), "Renamed")
    assert window.tabs.tabText(0).endswith("*")
    assert not window.close_tab(0)  # cancel keeps the tab
    assert window.tabs.count() == 1
    assert prompts.asked == ["unsaved:two-rooms.json"]
    prompts.unsaved = Unsaved.SAVE
    assert window.close_tab(0)
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Renamed"
    editor = window.open_file(path)
    assert editor is not None
    editor.document.set_value(("name",), "Thrown away")
    prompts.unsaved = Unsaved.DISCARD
    assert window.close()
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Renamed"
    assert original != path.read_text(encoding="utf-8")


def test_recovery_is_offered_after_a_crash(qtbot: QtBot, pack: Path) -> None:
    path = pack / "scenarios" / "two-rooms.json"
    first = make_window(qtbot, ScriptedPrompts(), live=False)
    editor = first.open_file(path)
    assert editor is not None
    editor.document.set_value(("name",), "Unsaved work")
    assert editor.document.write_recovery() is not None
    # the "crash": the window goes away without saving or cleaning up
    first.editors.clear()
    first.hide()
    prompts = ScriptedPrompts(recover=True)
    second = make_window(qtbot, prompts, live=False)
    editor2 = second.open_file(path)
    assert editor2 is not None
    assert prompts.asked == ["recover:two-rooms.json"]
    assert editor2.document.get(("name",)) == "Unsaved work"
    assert editor2.document.dirty


def test_recent_files_and_new_documents(qtbot: QtBot, pack: Path) -> None:
    window = make_window(qtbot, ScriptedPrompts(), live=False)
    path = pack / "monsters" / "slag-hound.json"
    window.open_path(path)
    assert settings.recent_files()[0] == str(path.resolve())
    window._fill_recent_menu()
    assert window.recent_menu.actions()[0].text() == str(path.resolve())
    # a new item from its schema, saved into the pack
    editor = window.new_document("item")
    assert isinstance(editor, FormEditor)
    assert editor.document.data["kind"] == "item"
    assert window.tabs.tabText(window.tabs.currentIndex()).endswith("*")
    target = pack / "items" / "new.json"
    assert window.save_document(editor.document, target)
    assert json.loads(target.read_text(encoding="utf-8"))["kind"] == "item"
    assert any(f.path == target.resolve() for f in window.workspace.files)


def test_pack_browser_lists_kinds_and_opens_with_click_and_enter(qtbot: QtBot, pack: Path) -> None:
    window = make_window(qtbot, ScriptedPrompts(), live=False)
    qtbot.waitExposed(window)
    window.open_pack(pack)
    tree = window.browser
    groups = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
    }
    assert {"scenario", "monster", "map-tile"} <= set(groups)
    item = groups["scenario"].child(0)
    # the name first (cards are told apart by name), the file beside it
    assert item.text(1) == "scenarios/two-rooms.json"
    assert item.text(0) == json.loads((pack / item.text(1)).read_text(encoding="utf-8"))["name"]
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    assert rect.isValid()
    # QTest's double click does not reach QTreeWidget offscreen: click, then Enter
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tree.currentItem() is item
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    assert editor.document.content_id == "two-rooms"
    assert tree.currentItem() is item


def test_new_pack_validates_and_takes_a_new_scenario(qtbot: QtBot, tmp_path: Path) -> None:
    from questforge.validator.runner import validate_paths

    window = make_window(qtbot, ScriptedPrompts(), live=False)
    folder = tmp_path / "my-pack"
    folder.mkdir()
    manifest = window.new_pack(folder, "my-pack", "My Pack", "gloomhaven")
    assert window.workspace.pack_root == folder.resolve()
    kinds = {f.kind for f in window.workspace.files}
    assert {"pack", "map-tile", "attack-modifier-deck"} <= kinds  # the starter files
    report = validate_paths([folder])
    assert not [f for f in report.findings if f.is_error], report.findings
    assert json.loads(manifest.read_text(encoding="utf-8"))["id"] == "my-pack"
    editor = window.new_scenario()
    assert window.save_document(editor.document, folder / "scenarios" / "first.json")
    assert {f.kind for f in window.workspace.files} == kinds | {"scenario"}


def test_never_saved_document_is_recovered_after_a_crash(qtbot: QtBot, pack: Path) -> None:
    first = make_window(qtbot, ScriptedPrompts(), live=False)
    first.open_pack(pack)
    editor = first.new_scenario()
    editor.document.set_value(("name",), "Never saved")
    assert editor.document.write_recovery() is not None
    first.editors.clear()  # the crash: nothing is cleaned up
    first.hide()
    prompts = ScriptedPrompts(recover=True)
    second = make_window(qtbot, prompts, live=False)
    assert second.recover_untitled() == 1
    assert prompts.asked == ["recover:untitled scenario"]
    doc = second.current_document()
    assert doc is not None and doc.get(("name",)) == "Never saved" and doc.path is None
    assert second.recover_untitled() == 0  # offered once
