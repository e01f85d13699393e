"""The "Start here" checklist of a new scenario (issue 13): instead of four red schema
errors, the steps a designer still has to take, ticking off live as they work; the schema
findings still exist for ``validate``; complete, the checklist collapses to "ready"."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from editor_helpers import click_hex, empty_pack  # type: ignore[import-not-found]
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))


def _shown_codes(window: MainWindow) -> set[tuple[str, str]]:
    return {(f.code, str(f.path[0]) if f.path else "") for f in window.problems.findings}


def test_a_new_scenario_starts_with_a_checklist_that_ticks_off(
    qtbot: QtBot, window: MainWindow, sample_pack: Path, tmp_path: Path
) -> None:
    window.open_pack(empty_pack(sample_pack, tmp_path / "pack"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    panel = window.checklist
    assert window.checklist_dock.isVisible() and panel.isVisible()
    assert panel.state() == {
        "tile": False,
        "rooms": False,
        "starts": False,
        "goal": True,  # the new scenario's default goal: kill every monster
        "monster": False,
    }
    result = window.validator.validate_now()
    # validate still has the schema errors of the empty parts ...
    raw = {(f.code, str(f.path[0])) for f in result.findings if f.path}
    assert {("QC010", "tiles"), ("QC010", "rooms"), ("QC010", "starting_hexes")} <= raw
    # ... the editor shows them as steps instead of red errors
    assert not {c for c in _shown_codes(window) if c[0] == "QC010"}
    assert "as steps in “Start here”" in window.problems.summary.text()
    assert "0/4" in panel.rows["starts"].text()

    shots = os.environ.get("QUESTFORGE_TEST_SHOTS")
    editor.view.set_zoom(1.0)
    editor.view.setFocus()
    qtbot.keyClick(editor.view, Qt.Key.Key_T)
    editor.tile_combo.setCurrentText("gate")
    click_hex(qtbot, editor, (0, 0))
    assert panel.state()["tile"] and panel.state()["rooms"]  # live, no validation needed
    qtbot.keyClick(editor.view, Qt.Key.Key_H)
    for h in [(0, 0), (1, 0)]:
        click_hex(qtbot, editor, h)
    assert not panel.state()["starts"] and "2/4" in panel.rows["starts"].text()
    window.validator.validate_now()
    if shots:  # QUESTFORGE_TEST_SHOTS=/tmp pytest ...: look at the checklist
        qtbot.wait(50)  # let the layouts settle
        window.grab().save(str(Path(shots) / "problems-start-here.png"))
    # 2 of 4 starting hexes: the schema is satisfied; QGH229 ("too few") is the step too
    assert any(f.code == "QGH229" for f in window.validator.latest.findings)  # type: ignore[union-attr]
    assert ("QGH229", "starting_hexes") not in _shown_codes(window)
    for h in [(2, 0), (3, 0)]:
        click_hex(qtbot, editor, h)
    assert panel.state()["starts"]
    qtbot.keyClick(editor.view, Qt.Key.Key_M)
    click_hex(qtbot, editor, (2, 2))
    assert panel.complete
    assert "ready" in panel.title.text()
    assert not any(label.isVisible() for label in panel.rows.values())  # collapsed
    result = window.validator.validate_now()
    assert [f for f in result.findings if f.is_error] == []


def test_undo_unticks_a_step(
    qtbot: QtBot, window: MainWindow, sample_pack: Path, tmp_path: Path
) -> None:
    window.open_pack(empty_pack(sample_pack, tmp_path / "pack"))
    editor = window.new_scenario()
    assert isinstance(editor, ScenarioEditor)
    editor.view.set_zoom(1.0)
    editor.set_tool("Tile")
    click_hex(qtbot, editor, (0, 0))
    assert window.checklist.state()["tile"]
    window.undo_group.undo()
    assert not window.checklist.state()["tile"]
    # back with the required-field step, the tiles error is shown as that step again
    window.validator.validate_now()
    assert ("QC010", "tiles") not in _shown_codes(window)


def test_documents_without_a_checklist_hide_it(
    qtbot: QtBot, window: MainWindow, sample_pack: Path
) -> None:
    window.open_pack(sample_pack)
    window.open_file(sample_pack / "monsters" / "slag-hound.json")
    assert not window.checklist_dock.isVisible()
    window.open_file(sample_pack / "scenarios" / "collapsed-adit.json")
    assert window.checklist_dock.isVisible() and window.checklist.complete
    assert "ready" in window.checklist.title.text()
