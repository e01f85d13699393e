"""Arkham's board (core's graph canvas) marks findings on the areas they are about (the
generic finding marks of ``editor/map/findings.py``, issue 13)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from questforge.editor.mainwindow import MainWindow
from questforge.editor.prompts import ScriptedPrompts, Unsaved

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "arkham-sample"


def test_a_broken_location_is_marked_on_its_area(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(prompts=ScriptedPrompts(unsaved=Unsaved.DISCARD))
    qtbot.addWidget(window)
    window.show()
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    window.open_pack(pack)
    editor = window.open_file(pack / "board" / "harrowmere.json")
    assert editor is not None
    assert window.validator.validate_now().findings == []
    scene = editor.scene  # type: ignore[attr-defined]
    assert scene.findings_item is None or len(scene.findings_item.marks) == 0
    editor.document.set_value(("locations", 0, "connects"), ["nowhere-street"])
    result = window.validator.validate_now()
    about = [f for f in result.findings if f.path[:2] == ("locations", 0)]
    assert about, "the validator reports the dangling connection"
    mark = scene.findings_item.marks.at("customs-house")
    assert mark is not None and mark.is_error
    shots = os.environ.get("QUESTFORGE_TEST_SHOTS")
    if shots:  # QUESTFORGE_TEST_SHOTS=/tmp pytest ...: look at the mark
        editor.view.fit()  # type: ignore[attr-defined]
        qtbot.wait(50)
        editor.grab().save(str(Path(shots) / "problems-arkham-marks.png"))
    # the marks survive the board's redraw after an edit, and stay out of exports
    editor.document.set_value(("locations", 0, "name"), "Customs House, edited")
    window.validator.validate_now()
    assert scene.findings_item.marks.at("customs-house") is not None
    out = tmp_path / "board.png"
    editor.export_image(out)
    assert not QImage(str(out)).isNull() and scene.findings_item.isVisible()
