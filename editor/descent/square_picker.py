"""Descent's answer to the forms' location picks: squares clicked on the quest canvas.

The same protocol as Gloomhaven's hexes (``editor/forms/location_pick.py``), on a square
grid: a form field typed as a square (``x-questforge-location: "square"``: a monster's
square, an event's spawn square, an area's squares) asks for squares; the canvas takes
the next clicks (pointing-hand cursor, status-bar hint; a list toggles squares until
Enter, Esc cancels) and the form writes the result as one undo command.

It listens to the canvas through an event filter, so the canvas' own tools need no pick
branch: while a pick runs, clicks and Enter/Esc go to the picker, not to the tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen

from questforge.editor.descent.quest_render import cell_at, cell_rect
from questforge.editor.forms.location_pick import PickRequest

if TYPE_CHECKING:
    from questforge.editor.descent.quest_editor import QuestEditor

Square = tuple[int, int]


def _square(value: Any) -> Square | None:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None


class SquarePicker(QObject):
    """The quest canvas as a ``LocationPicker`` for squares."""

    def __init__(self, editor: QuestEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.request: PickRequest | None = None
        self.chosen: list[Square] = []
        self.shown: list[Square] = []
        editor.canvas.installEventFilter(self)

    # ----------------------------------------------------------------- LocationPicker
    def can_pick(self, kind: str) -> bool:
        return kind == "square"

    def start_pick(self, request: PickRequest) -> None:
        if self.request is not None:
            self.cancel()
        self.request = request
        self.chosen = [s for s in (_square(v) for v in request.current) if s is not None]
        self.shown = []
        canvas = self.editor.canvas
        canvas.setCursor(Qt.CursorShape.PointingHandCursor)
        canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        canvas.update()
        self._hint()

    def show_locations(self, kind: str, values: list[Any]) -> None:
        if self.request is not None:
            return
        self.shown = (
            [s for s in (_square(v) for v in values) if s is not None] if kind == "square" else []
        )
        self.editor.canvas.update()

    # ----------------------------------------------------------------- pick mode
    def click(self, square: Square) -> None:
        request = self.request
        if request is None:
            return
        if not request.multiple:
            self._finish([[square[0], square[1]]])
            return
        if square in self.chosen:
            self.chosen.remove(square)
        else:
            self.chosen.append(square)
        self.editor.canvas.update()
        self._hint()

    def confirm(self) -> None:
        if self.request is not None:
            self._finish([[x, y] for x, y in self.chosen] if self.request.multiple else None)

    def cancel(self) -> None:
        if self.request is not None:
            self._finish(None)

    def _finish(self, values: list[Any] | None) -> None:
        request = self.request
        self.request = None
        self.chosen = []
        canvas = self.editor.canvas
        canvas.unsetCursor()
        canvas.update()
        if request is None:
            return
        request.finish(values)
        self.editor.statusMessage.emit(
            f"Pick cancelled: {request.label} unchanged"
            if values is None
            else f"{request.label}: " + ", ".join(f"[{v[0]}, {v[1]}]" for v in values)
        )

    def _hint(self) -> None:
        request = self.request
        if request is None:
            return
        if request.multiple:
            text = (
                f"Pick {request.label}: click squares to add or remove them "
                f"({len(self.chosen)} chosen) · Enter keeps them · Esc cancels"
            )
        else:
            text = f"Pick {request.label}: click a square · Esc cancels"
        self.editor.statusMessage.emit(text)

    # ----------------------------------------------------------------- canvas events
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        canvas = self.editor.canvas
        if watched is not canvas:
            return False
        kind = event.type()
        if kind == QEvent.Type.Paint and (self.shown or self.chosen):
            assert isinstance(event, QPaintEvent)
            canvas.paintEvent(event)  # the map first, then the picked squares on top
            self._paint_marks()
            return True
        if self.request is None:
            return False
        if kind == QEvent.Type.MouseButtonPress:
            assert isinstance(event, QMouseEvent)
            if event.button() == Qt.MouseButton.LeftButton:
                pos = event.position()
                cell, _, _ = cell_at(pos.x(), pos.y(), canvas.origin())
                self.click(cell)
            return True
        if kind in (QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick):
            return True  # the tools never see half of a pick's click
        if kind == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                self.cancel()
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.confirm()
                return True
        return False

    def _paint_marks(self) -> None:
        canvas = self.editor.canvas
        origin = canvas.origin()
        painter = QPainter(canvas)
        for squares, fill, line, style in (
            (self.shown, QColor(30, 110, 220, 50), QColor("#1e6edc"), Qt.PenStyle.DashLine),
            (self.chosen, QColor(40, 170, 70, 90), QColor("#1f8a3a"), Qt.PenStyle.SolidLine),
        ):
            painter.setBrush(fill)
            painter.setPen(QPen(line, 3, style))
            for square in squares:
                painter.drawRect(cell_rect(square, origin).adjusted(3, 3, -3, -3))
        painter.end()
