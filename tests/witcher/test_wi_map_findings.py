"""The Witcher map (core's graph canvas) marks findings on their locations (issue 13)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from pytestqt.qtbot import QtBot

from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "witcher-sample"


def test_a_route_to_nowhere_is_marked_on_its_location(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    qtbot.addWidget(window)
    window.show()
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    editor = window.open_file(pack / "map.json")
    assert editor is not None
    assert window.validator.validate_now().findings == []
    editor.document.set_value(("routes", 0, "to"), "nowhere")
    result = window.validator.validate_now()
    assert any(f.path[:2] == ("routes", 0) for f in result.findings)
    marks = editor.scene.findings_item.marks  # type: ignore[attr-defined]
    mark = marks.at("harrowport")
    assert mark is not None and mark.is_error
