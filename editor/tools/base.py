"""The tool interface: the map view forwards mouse and key input to the active tool.

A tool turns input into document edits (undo commands); it never draws the document itself
- the scene redraws from the document's change signal. Rulesets define concrete tools.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent


class Tool(QObject):
    """Base tool: every handler is a no-op; ``key_press`` returns True if it used the key."""

    #: shown in the tool bar and status bar
    name = "tool"
    #: single-key shortcut (Tiled style), e.g. "S"
    shortcut = ""
    tooltip = ""

    def activate(self) -> None:
        return None

    def deactivate(self) -> None:
        return None

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.CrossCursor

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        return None

    def mouse_move(self, pos: QPointF, event: QMouseEvent) -> None:
        return None

    def mouse_release(self, pos: QPointF, event: QMouseEvent) -> None:
        return None

    def key_press(self, event: QKeyEvent) -> bool:
        return False
