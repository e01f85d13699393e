"""Helpers for the playtest-window tests."""

from __future__ import annotations

from typing import Any


def wait_idle(qtbot: Any, window: Any, timeout: int = 20000) -> None:
    """Check the window shows the game at rest: a step returns with the game stopped (no
    worker thread), so the log and the pending decision must already be on screen."""

    def settled() -> bool:
        r = window.runner
        if r is None:
            return False
        if r.pending is not None:
            return window.option_list.count() == len(r.pending.options)
        return window.shown_events == len(r.game.events)

    assert settled(), "the window does not show the game as it stands"


def click(qtbot: Any, button: Any) -> None:
    from PySide6.QtCore import Qt

    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
