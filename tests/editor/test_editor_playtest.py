"""Play > Playtest and Play > Simulate from the editor window.

The playtest window and the simulate dialog themselves live in
``questforge.editor.playtest`` (tested in ``tests/editor_playtest``); these tests check the
editor's side: the menu opens them on the scenario *as edited* (unsaved changes included,
the user's files untouched), bad content gives a message instead of a crash, and the
temporary pack copy is removed when the window closes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot, editor_pack: Path) -> MainWindow:
    # the fixture keeps an unknown key on purpose (a schema error): answer "Play anyway"
    # (asking is tested in test_editor_play_gate.py)
    win = MainWindow(prompts=ScriptedPrompts(play_anyway=True), live_validation=False)
    win.resize(1400, 900)
    qtbot.addWidget(win)
    win.show()
    win.open_path(editor_pack / "scenarios" / "two-rooms.json")
    return win


def test_playtest_opens_on_the_scenario_as_edited(
    qtbot: QtBot, window: MainWindow, editor_pack: Path
) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    editor.document.set_value(("name",), "Two Rooms, edited")
    on_disk = (editor_pack / "scenarios" / "two-rooms.json").read_text(encoding="utf-8")
    window.playtest_action.trigger()
    play = editor.playtest_window
    assert play is not None, window.prompts.errors  # type: ignore[attr-defined]
    assert play.scenario_id == "two-rooms"
    assert play.spec.name == "Two Rooms, edited"  # the unsaved edit is played
    assert (editor_pack / "scenarios" / "two-rooms.json").read_text(encoding="utf-8") == on_disk
    play.close()
    QApplication.processEvents()


def test_simulate_opens_on_the_scenario(qtbot: QtBot, window: MainWindow) -> None:
    window.simulate_action.trigger()
    dialog = window.current_editor().simulate_dialog  # type: ignore[union-attr]
    assert dialog is not None
    assert dialog.isVisible()
    dialog.close()


def test_content_the_engine_cannot_load_gives_a_message(qtbot: QtBot, window: MainWindow) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    editor.document.set_value(("id",), "renamed-but-not-found")
    editor.document.set_value(("tiles", 0, "tile"), "no-such-tile")
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    assert window.playtest() is None
    # asked first: the unknown tile is reported although the fixture has a schema error
    assert prompts.broken and "QGH201" in "\n".join(prompts.broken[0][2])
    assert prompts.errors and prompts.errors[0][0] == "Cannot playtest"


def test_snapshot_writes_open_documents_over_the_pack(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    editor.document.set_value(("monsters", 0, "players", "2"), "elite")
    copy = window.workspace.snapshot(tmp_path / "copy")
    data = json.loads((copy / "scenarios" / "two-rooms.json").read_text(encoding="utf-8"))
    assert data["monsters"][0]["players"]["2"] == "elite"
    assert (copy / "pack.json").is_file() and (copy / "tiles").is_dir()


def test_playtest_and_simulate_take_the_editors_player_count_and_level(
    qtbot: QtBot, window: MainWindow
) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    window.set_setup_value("players", 3)
    window.set_setup_value("level", 4)
    window.playtest_action.trigger()
    play = editor.playtest_window
    assert play is not None, window.prompts.errors  # type: ignore[attr-defined]
    assert (play.players_spin.value(), play.level_spin.value()) == (3, 4)
    play.close()
    window.simulate_action.trigger()
    dialog = editor.simulate_dialog
    assert dialog is not None
    assert dialog.chosen()["players"] == [3]
    assert dialog.chosen()["level"] == [4]
    dialog.close()
    QApplication.processEvents()
