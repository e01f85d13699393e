"""The playtest windows' keys: step (N / Space), round (R), to the end (E) and step back
(Backspace / Ctrl+Z), pressed as a designer would, and shown in the buttons' tooltips."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playtest_helpers import wait_idle
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _press(
    qtbot: Any, window: Any, key: Qt.Key, mods: Any = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(window, key, mods)
    qtbot.wait(1)


def _active(qtbot: Any, window: Any) -> None:
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)


def test_gloomhaven_playtest_keys(qtbot: Any, playtest: Any) -> None:
    window = playtest("flooded-workings")
    _active(qtbot, window)
    assert "N" in window.step_turn_button.toolTip() and "Space" in window.step_turn_button.toolTip()
    assert "Backspace" in window.step_back_button.toolTip()
    assert "R" in window.step_round_button.toolTip()
    assert "E" in window.run_button.toolTip()
    seen = [len(window.runner.game.events)]
    for key in (Qt.Key.Key_N, Qt.Key.Key_Space, Qt.Key.Key_N):
        _press(qtbot, window, key)
        wait_idle(qtbot, window)
        seen.append(len(window.runner.game.events))
    assert seen == sorted(seen) and len(set(seen)) == 4  # each key stepped a turn
    _press(qtbot, window, Qt.Key.Key_Backspace)
    wait_idle(qtbot, window)
    assert len(window.runner.game.events) == seen[-2]
    _press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_idle(qtbot, window)
    assert len(window.runner.game.events) == seen[-3]
    start = window.runner.game.state.round
    _press(qtbot, window, Qt.Key.Key_R)
    wait_idle(qtbot, window)
    state = window.runner.game.state
    assert state.round > start or state.phase == "end-of-round"  # the round was played out
    _press(qtbot, window, Qt.Key.Key_E)
    wait_idle(qtbot, window)
    assert window.runner.finished
    # the game is over: the step keys do nothing (their buttons are disabled)
    done = len(window.runner.game.events)
    _press(qtbot, window, Qt.Key.Key_N)
    assert len(window.runner.game.events) == done


def test_generic_playtest_keys(qtbot: Any) -> None:
    from questforge.editor.playtest import open_playtest
    from questforge.editor.playtest.generic import GenericPlaytestWindow

    window = open_playtest(None, CONTENT / "witcher-sample", "standard")
    qtbot.addWidget(window)
    assert isinstance(window, GenericPlaytestWindow)
    _active(qtbot, window)
    for box in window.person_boxes.values():
        box.setChecked(False)  # the bots play everyone
    if window.pending is not None:
        window.answer(0)
    assert "Space" in window.step_button.toolTip()
    assert "Ctrl+Z" in window.step_back_button.toolTip()
    before = len(window.session.events)
    _press(qtbot, window, Qt.Key.Key_N)
    one = len(window.session.events)
    _press(qtbot, window, Qt.Key.Key_Space)
    two = len(window.session.events)
    assert before < one < two
    _press(qtbot, window, Qt.Key.Key_Backspace)
    assert len(window.session.events) == one
    start = window.session.game.round
    _press(qtbot, window, Qt.Key.Key_R)
    assert window.session.game.round > start or window.session.finished
    _press(qtbot, window, Qt.Key.Key_E)
    assert window.session.finished or window.session.capped
    window.close()


def test_descent_playtest_keys(qtbot: Any) -> None:
    from questforge.editor.descent.playtest import DescentPlaytest
    from questforge.editor.playtest import open_playtest

    window = open_playtest(
        None, CONTENT / "descent-sample", "ratcatchers-culvert", setup={"heroes": 2}
    )
    qtbot.addWidget(window)
    assert isinstance(window, DescentPlaytest)
    _active(qtbot, window)
    window.seats["overlord"].setChecked(True)  # every decision waits: N lets a bot answer it
    asked = len(window.session.events)
    _press(qtbot, window, Qt.Key.Key_N)
    _press(qtbot, window, Qt.Key.Key_N)
    after = len(window.session.events)
    assert after > asked
    _press(qtbot, window, Qt.Key.Key_Backspace)
    assert asked <= len(window.session.events) < after
    assert "Backspace" in window.step_back_button.toolTip()
    window.close()
