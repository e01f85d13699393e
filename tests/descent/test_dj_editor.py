"""Build a two-area Descent quest with a rune-locked door from a pack without quests, with
clicks and keys on the quest canvas; undo and redo every step, save, reload, validate."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from questforge.editor.descent.quest_editor import QuestEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved
from questforge.validator.runner import validate_paths

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "descent-sample"


@pytest.fixture
def window(show_window: Callable[..., MainWindow]) -> MainWindow:
    return show_window(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))


def test_build_a_two_area_quest_with_a_locked_door(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack, ignore=shutil.ignore_patterns("quests"))
    window.open_pack(pack)
    assert window.workspace.content("quest") == {}
    editor = window.new_document("quest")
    assert isinstance(editor, QuestEditor)
    doc = editor.document
    canvas = editor.canvas
    history: list[Any] = [copy.deepcopy(doc.data)]

    def step() -> None:
        history.append(copy.deepcopy(doc.data))
        assert doc.undo_stack.count() == len(history) - 1, "one undo command per user edit"

    def press(key: Qt.Key) -> None:
        canvas.setFocus()
        qtbot.keyClick(canvas, key)

    def click(cell: tuple[int, int], fx: float = 0.5, fy: float = 0.5) -> None:
        qtbot.mouseClick(
            canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of(cell, fx, fy).toPoint()
        )

    # the quest's identity (what the form would set)
    for path, value in (
        (("id",), "two-areas"),
        (("name",), "Two Areas"),
        (("conquest",), 5),
        (("objectives",), [{"type": "clear", "target": "area-2"}]),
    ):
        doc.set_value(path, value)
        step()

    # tiles: key 1 = tile tool; one 4x4 room per area, the second rotated and back
    press(Qt.Key.Key_1)
    assert editor.tool.currentText() == "tile"
    editor.tile.setCurrentText("room-4x4")
    click((0, 0))
    step()
    assert editor.area.currentText() == "area-1"
    editor.area.setCurrentText("(new area)")
    press(Qt.Key.Key_R)
    assert editor.rotation == 90
    for _ in range(3):
        press(Qt.Key.Key_R)
    assert editor.rotation == 0
    click((4, 0))
    step()

    # a red rune-locked door on the edge between the areas (click near the right edge)
    press(Qt.Key.Key_2)
    editor.rune.setCurrentText("red")
    click((3, 1), fx=0.95)
    step()
    assert doc.get(("doors", 0, "edges")) == [[[3, 1], [4, 1]], [[3, 2], [4, 2]]]

    # map objects: an active glyph and the red runekey in front of the door
    press(Qt.Key.Key_6)
    editor.object.setCurrentText("glyph (active)")
    click((0, 0))
    step()
    editor.object.setCurrentText("runekey")
    editor.colour.setCurrentText("red")
    click((1, 3))
    step()

    # start squares next to the glyph
    press(Qt.Key.Key_5)
    for cell in [(0, 1), (1, 0), (1, 1), (0, 2)]:
        click(cell)
        step()

    # a monster behind the door with its per-hero-count marker, and a pit
    press(Qt.Key.Key_4)
    editor.monster.setCurrentText("gloomkin")
    for box, state in zip(editor.markers, ("normal", "normal", "master"), strict=True):
        box.setCurrentText(state)
    click((6, 1))
    step()
    press(Qt.Key.Key_3)
    editor.terrain.setCurrentText("pit")
    click((5, 3))
    step()

    # a coin placed by mistake, erased with the erase tool (key 7)
    press(Qt.Key.Key_6)
    editor.object.setCurrentText("coins")
    click((2, 2))
    step()
    press(Qt.Key.Key_7)
    click((2, 2))
    step()
    assert [o["type"] for o in doc.get(("objects",))] == ["glyph", "runekey"]

    # undo every step, then redo every step: each state comes back exactly
    for expected in reversed(history[:-1]):
        doc.undo_stack.undo()
        assert doc.data == expected
    for expected in history[1:]:
        doc.undo_stack.redo()
        assert doc.data == expected

    target = pack / "quests" / "two-areas.json"
    target.parent.mkdir()
    assert window.save_document(doc, target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved == doc.data
    assert saved["tiles"] == [
        {"tile": "room-4x4", "at": [0, 0], "area": "area-1"},
        {"tile": "room-4x4", "at": [4, 0], "area": "area-2"},
    ]
    assert saved["doors"][0]["rune"] == "red"
    assert saved["monsters"] == [
        {
            "monster": "gloomkin",
            "cell": [6, 1],
            "heroes": {"2": "normal", "3": "normal", "4": "master"},
        }
    ]
    report = validate_paths([pack])
    assert [(f.code, f.path, f.message) for f in report.findings] == []


def test_playtest_window_plays_both_sides(qtbot: QtBot, window: MainWindow) -> None:
    from questforge.editor.descent.playtest import DescentPlaytest

    window.open_pack(SAMPLE)
    editor = window.open_file(SAMPLE / "quests" / "ratcatchers-culvert.json")
    assert isinstance(editor, QuestEditor)
    play = editor.open_playtest()
    assert isinstance(play, DescentPlaytest)
    qtbot.addWidget(play)
    # a person plays the first hero: the first decision waiting is theirs
    pending = play.session.pending
    assert pending is not None and pending.actor == play.actors[0].id
    assert play.options.count() == len(pending.options)
    assert "conquest" in play.board.toPlainText()
    play.choose(0)
    # hand the Overlord to a person too, then let the bots answer everything else
    play.seats["overlord"].setChecked(True)
    for _ in range(400):
        if play.session.finished:
            break
        play.bot_move()
    assert play.session.finished
    assert play.question.text() == "The game is over."


def test_problem_paths_highlight_their_squares(qtbot: QtBot, window: MainWindow) -> None:
    window.open_pack(SAMPLE)
    editor = window.open_file(SAMPLE / "quests" / "hollow-crown.json")
    assert isinstance(editor, QuestEditor)
    editor.focus_path(("monsters", 6, "cell"))  # the 2x2 cindermaw
    assert editor.highlight == [(11, 5), (12, 5), (11, 6), (12, 6)]
    editor.focus_path(("doors", 1, "rune"))
    assert (11, 3) in editor.highlight and (12, 4) in editor.highlight
    editor.focus_path(("name",))
    assert editor.highlight == []


def test_tool_options_follow_the_tool_and_fit_the_window(qtbot: QtBot, window: MainWindow) -> None:
    """Only the current tool's options are on the bar (all eleven at once made the quest
    editor wider than a 1400-pixel window and squeezed the pack browser to a sliver)."""
    window.open_pack(SAMPLE)
    editor = window.open_file(SAMPLE / "quests" / "hollow-crown.json")
    assert isinstance(editor, QuestEditor)
    shown = {}
    for tool in ("tile", "door", "monster", "object", "select"):
        editor.tool.setCurrentText(tool)
        shown[tool] = sorted(n for n, group in editor.tool_options.items() if group.isVisible())
    assert shown == {
        "tile": ["tile"],
        "door": ["door"],
        "monster": ["monster"],
        "object": ["object"],
        "select": [],
    }
    editor.tool.setCurrentText("monster")
    assert editor.monster.isVisible() and not editor.tile.isVisible()
    # the window keeps its size, and the pack browser stays wide enough to read
    assert window.width() == 1400
    assert window.docks.browser.width() >= 200
