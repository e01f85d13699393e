"""Opening a scenario zooms the map to fill the view (up to a sensible maximum), and the
view stays fitted through window resizes until the user zooms."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.map.view import FIT_MARGIN_PX, FIT_MAX_ZOOM
from questforge.editor.prompts import ScriptedPrompts

pytestmark = pytest.mark.gui


def shown_fraction(editor: ScenarioEditor) -> tuple[float, float, bool]:
    """(map width / viewport width, map height / viewport height, map fully visible)."""
    view = editor.view
    rect = view.mapFromScene(editor.scene.fit_rect()).boundingRect()
    port = view.viewport().rect()
    return rect.width() / port.width(), rect.height() / port.height(), port.contains(rect)


def test_a_scenario_opens_zoomed_to_fit_and_stays_fitted(qtbot: QtBot, sample_pack: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    editor = window.open_file(sample_pack / "scenarios" / "flooded-workings.json")
    assert isinstance(editor, ScenarioEditor)
    qtbot.waitUntil(lambda: editor.view.fitted, timeout=5000)
    wide, high, visible = shown_fraction(editor)
    assert visible
    # the map fills the view in one direction (up to the margin)
    assert max(wide, high) >= 1 - 4 * FIT_MARGIN_PX / 600

    before = editor.view.zoom()
    window.resize(1800, 1200)  # a bigger window (maximised): the map grows with it
    qtbot.waitUntil(lambda: editor.view.zoom() > before * 1.1, timeout=5000)
    assert shown_fraction(editor)[2]

    editor.view.zoom_by(1.25)  # the user zooms: no more refitting
    assert not editor.view.fitted
    zoomed = editor.view.zoom()
    window.resize(1400, 900)
    qtbot.wait(50)
    assert editor.view.zoom() == pytest.approx(zoomed)


def test_a_small_map_is_not_blown_up(qtbot: QtBot, editor_pack: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    window.resize(2400, 1600)
    qtbot.addWidget(window)
    window.show()
    editor = window.open_file(editor_pack / "scenarios" / "two-rooms.json")
    assert isinstance(editor, ScenarioEditor)
    qtbot.waitUntil(lambda: editor.view.fitted, timeout=5000)
    assert editor.view.zoom() <= FIT_MAX_ZOOM + 1e-9
    assert shown_fraction(editor)[2]
