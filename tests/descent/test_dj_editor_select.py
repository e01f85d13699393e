"""The Descent quest editor's select tool, quest inspector and area names, driven like a
user: key 8 picks the select tool, a click selects the thing on a square, a drag moves it
(one undo step), Delete removes it; the inspector beside the map edits the quest's own
fields (or the selected thing's); each area's name is drawn on the map."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from questforge.editor.descent.quest_editor import QuestEditor
from questforge.editor.descent.quest_render import cell_rect, paint_quest
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "descent-sample"
QUEST = Path("quests") / "hollow-crown.json"


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))


@pytest.fixture
def editor(window: MainWindow, tmp_path: Path) -> QuestEditor:
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    ed = window.open_file(pack / QUEST)
    assert isinstance(ed, QuestEditor)
    return ed


def _point(editor: QuestEditor, cell: tuple[int, int]) -> QPoint:
    return editor.canvas.point_of(cell).toPoint()


def _click(qtbot: QtBot, editor: QuestEditor, cell: tuple[int, int]) -> None:
    qtbot.mouseClick(editor.canvas, Qt.MouseButton.LeftButton, pos=_point(editor, cell))


def _drag(qtbot: QtBot, editor: QuestEditor, a: tuple[int, int], b: tuple[int, int]) -> None:
    canvas = editor.canvas
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=_point(editor, a))
    qtbot.mouseMove(canvas, pos=_point(editor, b))
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=_point(editor, b))


def _key(qtbot: QtBot, editor: QuestEditor, key: Qt.Key) -> None:
    editor.canvas.setFocus()
    qtbot.keyClick(editor.canvas, key)


def test_select_and_drag_things_one_undo_step_each(qtbot: QtBot, editor: QuestEditor) -> None:
    doc = editor.document
    original = copy.deepcopy(doc.data)
    _key(qtbot, editor, Qt.Key.Key_8)
    assert editor.tool.currentText() == "select"

    # the gloomkin on [5, 3]: selected by a click (outlined, still drawn), moved by a drag
    centre = _point(editor, (5, 3))
    seen = editor.canvas.grab().toImage().pixelColor(centre)
    _click(qtbot, editor, (5, 3))
    assert editor.selection == ("monsters", 0)
    assert editor.selected_squares() == [(5, 3)]
    assert editor.canvas.grab().toImage().pixelColor(centre) == seen
    before = doc.undo_stack.count()
    _drag(qtbot, editor, (5, 3), (4, 2))
    assert doc.undo_stack.count() == before + 1, "one undo command per move"
    assert doc.get(("monsters", 0, "cell")) == [4, 2]
    assert editor.selection == ("monsters", 0)  # still selected where it went
    assert doc.data["monsters"][1:] == original["monsters"][1:]

    # the 2x2 cindermaw is grabbed by any of its squares; the drag is relative
    _drag(qtbot, editor, (12, 6), (12, 7))
    assert editor.selection == ("monsters", 6)
    assert doc.get(("monsters", 6, "cell")) == [11, 6]

    # a start square, an object and a whole tile (its squares follow its anchor)
    _drag(qtbot, editor, (0, 1), (0, 3))
    assert doc.get(("start",))[0] == [0, 3]
    _drag(qtbot, editor, (1, 1), (2, 2))  # the narthex glyph
    assert doc.get(("objects", 0, "cell")) == [2, 2]
    crypt = next(i for i, t in enumerate(doc.data["tiles"]) if t["area"] == "crypt")
    at = doc.data["tiles"][crypt]["at"]
    empty_crypt_square = (at[0] + 3, at[1] + 3)
    _click(qtbot, editor, empty_crypt_square)
    assert editor.selection == ("tiles", crypt)
    _drag(qtbot, editor, empty_crypt_square, (empty_crypt_square[0], empty_crypt_square[1] + 2))
    assert doc.get(("tiles", crypt, "at")) == [at[0], at[1] + 2]
    assert editor.qmap().area_of.get((at[0], at[1] + 2)) == "crypt"

    # a click without moving only selects; an empty square deselects
    count = doc.undo_stack.count()
    _click(qtbot, editor, (5, 1))  # a square beside the narthex door
    assert doc.undo_stack.count() == count
    _click(qtbot, editor, (20, 14))
    assert editor.selection is None
    assert count - before == 5

    # each move undoes alone, back to the sample exactly; redo replays them
    for _ in range(5):
        doc.undo_stack.undo()
    assert doc.data == original
    for _ in range(5):
        doc.undo_stack.redo()
    assert doc.get(("monsters", 0, "cell")) == [4, 2]
    assert doc.get(("tiles", crypt, "at")) == [at[0], at[1] + 2]


def test_hidden_things_are_not_picked(qtbot: QtBot, editor: QuestEditor) -> None:
    """At 2 heroes the gloomkin on [3, 1] (marker "none") and start squares 3-4 are not on
    the map: a click there selects what is drawn (the hall tile)."""
    _key(qtbot, editor, Qt.Key.Key_8)
    _click(qtbot, editor, (3, 1))
    assert editor.selection == ("tiles", 0)
    _click(qtbot, editor, (2, 1))  # third start square
    assert editor.selection == ("tiles", 0)
    editor.set_player_count(3)
    _click(qtbot, editor, (3, 1))
    assert editor.selection == ("monsters", 1)
    _click(qtbot, editor, (2, 1))
    assert editor.selection == ("start", 2)


def test_delete_key_removes_the_selection_and_undo_restores_it(
    qtbot: QtBot, editor: QuestEditor
) -> None:
    doc = editor.document
    original = copy.deepcopy(doc.data)
    _key(qtbot, editor, Qt.Key.Key_8)
    _click(qtbot, editor, (4, 3))  # the blue stairs
    assert editor.selection == ("objects", 2)
    count = doc.undo_stack.count()
    _key(qtbot, editor, Qt.Key.Key_Delete)
    assert doc.undo_stack.count() == count + 1
    assert "stairs-down" not in [o["id"] for o in doc.data["objects"]]
    assert len(doc.data["objects"]) == len(original["objects"]) - 1
    assert editor.selection is None
    # Delete with nothing selected does nothing
    _key(qtbot, editor, Qt.Key.Key_Delete)
    assert doc.undo_stack.count() == count + 1
    # a door goes the same way
    _click(qtbot, editor, (5, 1))
    assert editor.selection == ("doors", 0)
    _key(qtbot, editor, Qt.Key.Key_Delete)
    assert [d["id"] for d in doc.data["doors"]] == [d["id"] for d in original["doors"][1:]]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.data == original


def test_inspector_edits_the_quest_fields_and_the_selection(
    qtbot: QtBot, window: MainWindow, editor: QuestEditor, tmp_path: Path
) -> None:
    doc = editor.document
    form = editor.inspector
    assert form is not None and form.root_path == ()
    assert editor.inspector_box.title() == "Inspector — quest"
    # the placements are edited on the map, not listed in the quest form
    assert ("monsters",) not in form.widgets and ("tiles",) not in form.widgets
    name = form.widgets[("name",)]
    assert isinstance(name, QLineEdit)
    name.selectAll()
    qtbot.keyClicks(name, "The Sunken Crown")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert doc.get(("name",)) == "The Sunken Crown"
    conquest = form.widgets[("conquest",)]
    assert isinstance(conquest, QSpinBox)
    conquest.setFocus()
    conquest.selectAll()
    qtbot.keyClicks(conquest, "9")
    qtbot.keyClick(conquest, Qt.Key.Key_Return)
    assert doc.get(("conquest",)) == 9
    # an area's name, from the form; the map (a QuestMap of the document) sees it
    area_name = form.widgets[("areas", 0, "name")]
    assert isinstance(area_name, QLineEdit)
    area_name.selectAll()
    qtbot.keyClicks(area_name, "Porch")
    qtbot.keyClick(area_name, Qt.Key.Key_Return)
    assert editor.quest().areas[0][:2] == ("narthex", "Porch")
    doc.undo_stack.undo()
    assert editor.quest().areas[0][1] == "Narthex"
    doc.undo_stack.redo()

    # selecting a monster shows its own form; editing the marker there changes the map
    _key(qtbot, editor, Qt.Key.Key_8)
    _click(qtbot, editor, (5, 3))
    form = editor.inspector
    assert form is not None and form.root_path == ("monsters", 0)
    assert "monsters" in editor.inspector_box.title()
    marker = form.widgets[("monsters", 0, "heroes", "2")]
    assert isinstance(marker, QComboBox)
    marker.setFocus()
    while marker.currentText() != "master":  # the keyboard, as a user picks from a combo
        index = marker.currentIndex()
        qtbot.keyClick(marker, Qt.Key.Key_Down)
        assert marker.currentIndex() == index + 1
    assert doc.get(("monsters", 0, "heroes", "2")) == "master"
    assert editor.qmap().quest.monsters[0].rank_for(2) == "master"
    # Escape deselects: the quest's form is back
    _key(qtbot, editor, Qt.Key.Key_Escape)
    assert editor.inspector is not None and editor.inspector.root_path == ()

    target = Path(doc.path)
    assert window.save_document(doc, target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved["name"] == "The Sunken Crown" and saved["conquest"] == 9
    assert saved["areas"][0]["name"] == "Porch"
    report = validate_paths([target.parents[1]])
    assert [f.code for f in report.findings if f.severity == "error"] == []


def _render(editor: QuestEditor) -> QImage:
    qmap = editor.qmap()
    image = QImage(900, 700, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_quest(painter, editor.pack(), qmap.quest, qmap, 2, (0, 0), 900, 700)
    painter.end()
    return image


def _dark_pixels(image: QImage, cell: tuple[int, int]) -> int:
    r = cell_rect(cell, (0, 0))
    top = int(r.top()) + 2
    return sum(
        1
        for x in range(int(r.left()) + 2, int(r.right()))
        for y in range(top, top + 14)
        if image.pixelColor(x, y).lightness() < 110
    )


def test_area_names_are_drawn_in_each_area(editor: QuestEditor) -> None:
    doc = editor.document
    blank = [dict(a, name=" ") for a in doc.data["areas"]]
    named = copy.deepcopy(doc.data["areas"])
    # the crypt's top-left square (no figure there): text with its name, none without
    crypt_cells = [c for c, a in editor.qmap().area_of.items() if a == "crypt"]
    corner = min(crypt_cells, key=lambda c: (c[1], c[0]))
    with_names = _dark_pixels(_render(editor), corner)
    doc.set_value(("areas",), blank)
    without = _dark_pixels(_render(editor), corner)
    assert with_names > without + 15, (with_names, without)
    doc.set_value(("areas",), named)
    assert _dark_pixels(_render(editor), corner) == with_names
