"""The Descent quest inspector's reference fields: combos of the pack's ids (the generic
reference combos of ``editor/forms``, lent by the Descent board mode)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from questforge.editor.descent.quest_editor import QuestEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "descent-sample"


def test_selected_monster_names_its_type_from_a_combo(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    editor = window.open_file(pack / "quests" / "hollow-crown.json")
    assert isinstance(editor, QuestEditor)
    editor.canvas.setFocus()
    qtbot.keyClick(editor.canvas, Qt.Key.Key_8)  # the select tool
    qtbot.mouseClick(
        editor.canvas, Qt.MouseButton.LeftButton, pos=editor.canvas.point_of((5, 3)).toPoint()
    )
    form = editor.inspector
    assert form is not None and form.root_path == ("monsters", 0)
    combo = form.widgets[("monsters", 0, "monster")].findChild(QComboBox, "referenceCombo")
    assert isinstance(combo, QComboBox)
    offered = [combo.itemText(i) for i in range(combo.count())]
    assert offered == sorted(editor.workspace.content("monster"))
    current = editor.document.get(("monsters", 0, "monster"))
    other = next(m for m in offered if m != current)
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    rect = view.visualRect(view.model().index(offered.index(other), 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert editor.document.get(("monsters", 0, "monster")) == other
    editor.document.undo_stack.undo()
    assert editor.document.get(("monsters", 0, "monster")) == current


def test_selected_monster_square_picked_on_the_canvas(qtbot: QtBot, tmp_path: Path) -> None:
    """The forms' location pick on a square grid: the monster's square field asks the
    canvas; a click moves the monster (one undo step); Esc cancels a pick."""
    window = MainWindow(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    window.resize(1400, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    editor = window.open_file(pack / "quests" / "hollow-crown.json")
    assert isinstance(editor, QuestEditor)
    canvas = editor.canvas
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_8)
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of((5, 3)).toPoint())
    form = editor.inspector
    assert form is not None
    doc = editor.document
    before = doc.get(("monsters", 0, "cell"))
    assert before == [5, 3]
    assert form.location_fields[("monsters", 0, "cell")] == ("square", False)
    # Esc cancels: nothing written, the select tool works again afterwards
    qtbot.mouseClick(form.pick_buttons[("monsters", 0, "cell")], Qt.MouseButton.LeftButton)
    assert "click a square" in window.hex_label.text()
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    assert doc.get(("monsters", 0, "cell")) == [5, 3]
    # a pick: one click, one undo step
    form = editor.inspector
    assert form is not None
    qtbot.mouseClick(form.pick_buttons[("monsters", 0, "cell")], Qt.MouseButton.LeftButton)
    depth = doc.undo_stack.index()
    target = (6, 5)
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of(target).toPoint())
    assert doc.get(("monsters", 0, "cell")) == [6, 5]
    assert doc.undo_stack.index() == depth + 1
    assert editor.square_picker.request is None
    doc.undo_stack.undo()
    assert doc.get(("monsters", 0, "cell")) == [5, 3]
