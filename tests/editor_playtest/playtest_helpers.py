"""Helpers for the playtest-window tests: wait for the game's worker like a user would."""

from __future__ import annotations

from typing import Any


def wait_idle(qtbot: Any, window: Any, timeout: int = 20000) -> None:
    """Wait until the game's worker stopped (the step ended, or a person must choose) and
    the window has shown the result."""

    def settled() -> bool:
        r = window.runner
        if r is None:
            return False
        if r.pending is not None:
            return window.option_list.count() == len(r.pending.options)
        return not r.busy and window.shown_events == len(r.game.events)

    qtbot.waitUntil(settled, timeout=timeout)


def click(qtbot: Any, button: Any) -> None:
    from PySide6.QtCore import Qt

    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
