"""Step back in the playtest window every ruleset gets (the generic one, on the step API):
bot steps are stepped back like a person's answers, and forward again replays them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

WITCHER = Path(__file__).resolve().parents[2] / "content" / "witcher-sample"


def test_generic_window_steps_back_over_bot_steps(qtbot: Any) -> None:
    from questforge.editor.playtest import open_playtest
    from questforge.editor.playtest.generic import GenericPlaytestWindow

    window = open_playtest(None, WITCHER, "standard")
    qtbot.addWidget(window)
    assert isinstance(window, GenericPlaytestWindow)
    for box in window.person_boxes.values():
        box.setChecked(False)  # the bots play everyone
    if window.pending is not None:
        window.answer(0)
    seen: list[tuple[int, str]] = []
    for _ in range(5):
        qtbot.mouseClick(window.step_button, Qt.MouseButton.LeftButton)
        seen.append((len(window.session.events), window.log.toPlainText()))
    assert window.step_back_button.isEnabled()
    for k in (2, 3):
        qtbot.mouseClick(window.step_back_button, Qt.MouseButton.LeftButton)
        assert (len(window.session.events), window.log.toPlainText()) == seen[-k]
    for k in (2, 1):
        qtbot.mouseClick(window.step_button, Qt.MouseButton.LeftButton)
        assert (len(window.session.events), window.log.toPlainText()) == seen[-k]
    window.close()
