"""The map-tile hex editor and the starter tiles of a new pack, driven as a user would:
File > New pack, open a tile, click and drag hexes, undo, save, validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from questforge.editor.gloomhaven.tile_editor import TileEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui


def _move(widget: TileEditor, h: tuple[int, int], buttons: Qt.MouseButton) -> None:
    pos = widget.canvas.point_of(h)
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        widget.canvas.mapToGlobal(QPointF(pos)),
        Qt.MouseButton.NoButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget.canvas, event)


def test_new_pack_has_starter_tiles_and_a_tile_is_drawn_by_clicking(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
    window.resize(1300, 800)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    folder = tmp_path / "fresh"
    folder.mkdir()
    window.new_pack(folder, "fresh", "Fresh", "gloomhaven")
    tiles = sorted(window.workspace.content("map-tile"))
    assert tiles == ["starter-chamber", "starter-corridor", "starter-ell", "starter-hall"]
    report = validate_paths([folder])
    assert not [f for f in report.findings if f.is_error], report.findings

    editor = window.open_file(folder / "tiles" / "starter-corridor.json")
    assert isinstance(editor, TileEditor)
    doc = editor.document
    canvas = editor.canvas
    before = [list(h) for h in editor.edits.hexes("a")]
    assert [0, 0] in before and [3, 0] not in before
    # a click on an empty hex adds it, a second click takes it out: one step each
    count = doc.undo_stack.count()
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of((3, 0)).toPoint())
    assert [3, 0] in doc.data["sides"]["a"]["hexes"]
    assert doc.undo_stack.count() == count + 1
    assert editor.count_label.text() == "side a: 13 hexes"
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of((3, 0)).toPoint())
    assert [3, 0] not in doc.data["sides"]["a"]["hexes"]
    # a drag paints a row of hexes in one step
    count = doc.undo_stack.count()
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of((2, 0)).toPoint())
    for h in [(3, 0), (4, 0), (5, 0)]:
        _move(editor, h, Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of((5, 0)).toPoint())
    assert doc.undo_stack.count() == count + 1
    assert all([q, 0] in doc.data["sides"]["a"]["hexes"] for q in range(2, 6))
    editor.grab().save("/tmp/placement-tile-editor.png")
    doc.undo_stack.undo()
    assert [list(h) for h in editor.edits.hexes("a")] == before
    doc.undo_stack.redo()
    # side b copies side a's shape in one step
    editor.side_combo.setCurrentText("b")
    qtbot.mouseClick(editor.copy_button, Qt.MouseButton.LeftButton)
    assert doc.data["sides"]["b"]["hexes"] == doc.data["sides"]["a"]["hexes"]
    assert window.save_document(doc)
    saved = json.loads((folder / "tiles" / "starter-corridor.json").read_text("utf-8"))
    assert [5, 0] in saved["sides"]["b"]["hexes"]
    report = validate_paths([folder])
    assert not [f for f in report.findings if f.is_error], report.findings
