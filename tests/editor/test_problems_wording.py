"""The problems panel words schema gaps as the form does (issue 13): "A reach-hexes win
condition needs at least one hex." instead of JSON Schema's "[] should be non-empty"; the
validator's own message stays in the row's tooltip, and what ``validate`` reports is
unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(), live_validation=False)


def _row(window: MainWindow, where: str) -> QTreeWidgetItem:
    tree = window.problems.tree
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        if item is not None and item.text(3) == where:
            return item
    raise AssertionError(f"no problem at {where}")


def _choose(qtbot: QtBot, combo: QComboBox, value: str) -> None:
    """Pick ``value`` as a designer would: open the combo's list, click the entry."""
    target = combo.findData(value)
    assert target >= 0, f"{value} is not offered"
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    rect = view.visualRect(view.model().index(target, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())
    qtbot.wait(5)


def _form_message(editor: ScenarioEditor, path: tuple[object, ...]) -> str:
    form = editor.inspector
    assert form is not None
    label = form.messages.get(path)
    return label.text() if isinstance(label, QLabel) else ""


def test_problems_panel_uses_the_forms_words(
    qtbot: QtBot, window: MainWindow, editor_pack: Path
) -> None:
    scenario = editor_pack / "scenarios" / "two-rooms.json"
    window.open_path(scenario)
    editor = window.current_editor()
    assert isinstance(editor, ScenarioEditor)
    form = editor.inspector
    assert form is not None
    combo = form.widgets[("win", 0, "type")]
    assert isinstance(combo, QComboBox)
    _choose(qtbot, combo, "reach-hexes")
    result = window.validator.validate_now()
    raw = [f for f in result.findings if f.dotted_path() == "$.win[0].hexes"]
    assert raw and "less than 1 item" in raw[0].message  # the validator's words
    row = _row(window, "$.win[0].hexes")
    said = "A reach-hexes win condition needs at least one hex."
    assert row.text(1) == said == _form_message(editor, ("win", 0, "hexes"))
    assert raw[0].message in row.toolTip(1)  # the raw message is still at hand
    window.problems.grab().save("/tmp/polish-problems-wording.png")

    # a required field missing: reported on its object, worded for the field
    editor.document.set_value(("win", 0), {"type": "loot-treasure"})
    qtbot.wait(5)
    window.validator.validate_now()
    row = _row(window, "$.win[0]")
    expected = _form_message(editor, ("win", 0, "numbers"))
    assert expected.startswith("A loot-treasure win condition needs")
    assert row.text(1) == expected
    assert "missing required property 'numbers'" in row.toolTip(1)

    # what `questforge validate` reports on the saved file keeps the validator's words
    editor.document.save()
    report = validate_paths([editor_pack])
    messages = [f.message for f in report.findings if f.dotted_path() == "$.win[0]"]
    assert any("missing required property 'numbers'" in m for m in messages)
    assert not any("needs" in f.message for f in report.findings)


def test_findings_without_a_form_wording_keep_the_validators_words(
    qtbot: QtBot, window: MainWindow, editor_pack: Path
) -> None:
    monster = editor_pack / "monsters" / "slag-hound.json"
    editor = window.open_file(monster)
    assert editor is not None
    editor.document.set_value(("levels", "2", "elite", "move"), "fast")
    result = window.validator.validate_now()
    raw = next(f for f in result.findings if f.dotted_path() == "$.levels.2.elite.move")
    row = _row(window, "$.levels.2.elite.move")
    assert row.text(1).startswith(raw.message)
