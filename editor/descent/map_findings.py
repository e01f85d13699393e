"""Descent's use of the generic finding marks (:mod:`questforge.editor.map.findings`):
the quest canvas's squares as cells, located with the same path-to-squares function as the
Problems panel's jump-to."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from questforge.editor.descent.quest_render import CELL, cell_rect
from questforge.editor.map.findings import Cell


class SquareCells:
    """Squares of the quest canvas (top-left square ``origin``) as a ``CellShape``."""

    def __init__(self, origin: tuple[int, int]) -> None:
        self.origin = origin

    def cell_outline(self, cell: Cell) -> QPainterPath:
        path = QPainterPath()
        path.addRect(cell_rect(cell, self.origin).adjusted(3, 3, -3, -3))  # type: ignore[arg-type]
        return path

    def cell_anchor(self, cell: Cell) -> QPointF:
        r = cell_rect(cell, self.origin)  # type: ignore[arg-type]
        return QPointF(r.right() - CELL * 0.2, r.top() + CELL * 0.2)

    def cell_size(self) -> float:
        return float(CELL)


def locator(editor: Any) -> Any:
    """A finding's path -> its squares, for the quest as it is now."""
    from questforge.editor.descent.quest_editor import squares_of_path

    return lambda path: squares_of_path(editor.document.data, path, editor.qmap(), editor.pack())
