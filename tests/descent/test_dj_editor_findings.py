"""Descent's quest canvas marks findings on their squares (the generic finding marks of
``editor/map/findings.py``, issue 13): the other board modes inherit what Gloomhaven has."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from pytestqt.qtbot import QtBot

from questforge.editor.descent.quest_editor import QuestEditor
from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "descent-sample"


def test_a_monster_off_the_map_is_marked_on_its_square(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    qtbot.addWidget(window)
    window.show()
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    editor = window.open_file(pack / "quests" / "hollow-crown.json")
    assert isinstance(editor, QuestEditor)
    assert window.validator.validate_now().findings == []
    assert len(editor.finding_marks) == 0
    editor.document.set_value(("monsters", 0, "cell"), [40, 40])
    result = window.validator.validate_now()
    codes = {f.code for f in result.findings if f.path[:2] == ("monsters", 0)}
    assert codes, "the validator reports the monster off the map"
    mark = editor.finding_marks.at((40, 40))
    assert mark is not None and mark.is_error and mark.anchored >= 1
    assert {f.code for f in mark.findings} >= codes
    editor.canvas.grab()  # paints without error
