"""Play > Playtest and Play > Simulate ask before playing content with errors (issue 13):
a dialog lists the validator's errors with "Play anyway" / "Cancel"; warnings and clean
content go straight through."""

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
    win = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    win.resize(1400, 900)
    qtbot.addWidget(win)
    win.show()
    scenario = editor_pack / "scenarios" / "two-rooms.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    data.pop("x-designer-note", None)  # the fixture's one schema error: clean content here
    scenario.write_text(json.dumps(data, indent=2), encoding="utf-8")
    win.open_path(scenario)
    return win


def _break(window: MainWindow) -> ScenarioEditor:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    editor.document.set_value(("monsters", 0, "hex"), [40, 40])  # GH-MAP-01: off the map
    return editor


def test_clean_content_plays_without_a_question(qtbot: QtBot, window: MainWindow) -> None:
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    play = window.playtest()
    assert play is not None and not prompts.broken
    play.close()  # type: ignore[attr-defined]
    QApplication.processEvents()


def test_playtest_of_broken_content_asks_and_cancel_stays(qtbot: QtBot, window: MainWindow) -> None:
    editor = _break(window)
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    window.playtest_action.trigger()
    assert prompts.broken, "the designer was asked"
    action, name, errors = prompts.broken[0]
    assert action == "Playtest" and name == "two-rooms.json"
    assert any("QGH220" in line and "not on the map" in line for line in errors)
    # the file and the place (the editor's documents are in memory: a JSON path)
    assert any("two-rooms.json" in line and "$.monsters[0].hex" in line for line in errors)
    assert getattr(editor, "playtest_window", None) is None  # Cancel: nothing opened


def test_play_anyway_opens_the_playtest(qtbot: QtBot, window: MainWindow) -> None:
    editor = _break(window)
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    prompts.play_broken = True
    window.playtest_action.trigger()
    assert prompts.broken and editor.playtest_window is not None
    editor.playtest_window.close()
    QApplication.processEvents()


def test_simulate_of_broken_content_asks_too(qtbot: QtBot, window: MainWindow) -> None:
    editor = _break(window)
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    assert window.simulate() is None
    assert prompts.broken[0][0] == "Simulate"
    assert getattr(editor, "simulate_dialog", None) is None


def test_warnings_do_not_ask(qtbot: QtBot, window: MainWindow) -> None:
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    # a pressure plate that triggers nothing: QGH235, a warning
    editor.document.insert_item(("overlays",), {"type": "pressure-plate", "hexes": [[2, 1]]})
    result = window.validator.validate_now()
    assert any(f.code == "QGH235" for f in result.findings)
    prompts: ScriptedPrompts = window.prompts  # type: ignore[assignment]
    play = window.playtest()
    assert play is not None and not prompts.broken
    play.close()  # type: ignore[attr-defined]
    QApplication.processEvents()
