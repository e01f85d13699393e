"""Gloomhaven's answer to the forms' location picks: hexes clicked on the scenario map.

The scenario inspector's forms (a goal's hexes, a spawn hex, a room's extra hexes, a
selected monster's hex) ask :class:`HexPicker` (a ``LocationPicker``, see
``editor/forms/location_pick.py``) for hexes. The map then enters a pick mode: its own
tool (:class:`HexPickTool`, a pointing-hand cursor), a hint in the status bar, the hexes
chosen so far drawn in green. A single hex is set by one click; a list is edited by clicks
that add or remove hexes, kept with Enter (or a double click), dropped with Esc. The form
writes the result as one undo command. While a hex field has the focus its hexes are
drawn outlined on the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from questforge.editor.forms.location_pick import PickRequest
from questforge.editor.forms.references import WorkspaceReferences
from questforge.editor.forms.services import FormServices
from questforge.editor.gloomhaven.scenario_map import Hex, as_hex
from questforge.editor.gloomhaven.tools import HexTool

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

#: the focused field's hexes; the hexes being picked
SHOWN = (QColor(30, 110, 220, 55), QColor("#1e6edc"))
CHOSEN = (QColor(40, 170, 70, 90), QColor("#1f8a3a"))


def scenario_form_services(editor: ScenarioEditor, picker: HexPicker) -> FormServices:
    """The scenario inspector's services: this map as the hex picker, the workspace's ids."""
    return FormServices(picker, WorkspaceReferences(editor.workspace))


class _HexMarks(QGraphicsItem):
    """Draws the picker's hexes above everything else on the map."""

    def __init__(self, picker: HexPicker) -> None:
        super().__init__()
        self.picker = picker
        self.setZValue(20)
        self._rect = QRectF()

    def refresh(self) -> None:
        scene = self.picker.editor.scene
        hexes = [*self.picker.shown, *self.picker.chosen]
        rect = QRectF()
        for h in hexes:
            c = scene.center(h)
            r = scene.size * 1.2
            rect = rect.united(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, p: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        scene = self.picker.editor.scene
        for hexes, (fill, line), scale, style in (
            (self.picker.shown, SHOWN, 0.96, Qt.PenStyle.DashLine),
            (self.picker.chosen, CHOSEN, 0.86, Qt.PenStyle.SolidLine),
        ):
            p.setBrush(fill)
            p.setPen(QPen(line, scene.size * 0.12, style))
            for h in hexes:
                p.drawPolygon(scene.polygon(h, scale))


class HexPickTool(HexTool):
    """The map's tool while a form picks hexes (not in the tool bar)."""

    name = "Pick hexes"
    tooltip = "Click hexes for the form field; Enter keeps them, Esc cancels"

    def __init__(self, editor: ScenarioEditor, picker: HexPicker) -> None:
        super().__init__(editor)
        self.picker = picker

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor

    def mouse_press(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.left(event):
            self.picker.click(self.hex_at(pos))

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.picker.cancel()
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.picker.confirm()
            return True
        return False

    def deactivate(self) -> None:
        super().deactivate()
        # another tool was chosen while picking: the pick is abandoned, nothing written
        if self.picker.request is not None:
            self.picker.cancel()


class HexPicker(QObject):
    """The scenario map as a ``LocationPicker`` for hexes."""

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.request: PickRequest | None = None
        #: hexes of the pick in progress
        self.chosen: list[Hex] = []
        #: hexes of the focused field
        self.shown: list[Hex] = []
        self.tool = HexPickTool(editor, self)
        self._previous: Any = None
        self.marks = _HexMarks(self)
        editor.scene.addItem(self.marks)
        # after the editor's own hover text (connected first): the pick's hint stays visible
        editor.view.hovered.connect(self._on_hover)

    # ----------------------------------------------------------------- LocationPicker
    def can_pick(self, kind: str) -> bool:
        return kind == "hex"

    def start_pick(self, request: PickRequest) -> None:
        if self.request is not None:
            self.cancel()
        self.request = request
        self.chosen = [h for h in (as_hex(v) for v in request.current) if h is not None]
        self.shown = []
        self._previous = self.editor.view.tool
        self.editor.view.set_tool(self.tool)
        self.editor.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.marks.refresh()
        self._hint()

    def show_locations(self, kind: str, values: list[Any]) -> None:
        if self.request is not None:
            return  # the pick draws its own hexes
        self.shown = (
            [h for h in (as_hex(v) for v in values) if h is not None] if kind == "hex" else []
        )
        self.marks.refresh()

    # ----------------------------------------------------------------- pick mode
    def click(self, h: Hex) -> None:
        request = self.request
        if request is None:
            return
        if not request.multiple:
            self._finish([[h[0], h[1]]])
            return
        if h in self.chosen:
            self.chosen.remove(h)
        else:
            self.chosen.append(h)
        self.marks.refresh()
        self._hint()

    def confirm(self) -> None:
        """Enter: keep the hexes picked (a single field keeps its value if none was)."""
        if self.request is None:
            return
        if self.request.multiple:
            self._finish([[q, r] for q, r in self.chosen])
        else:
            self._finish(None)

    def cancel(self) -> None:
        """Esc: leave pick mode, nothing written."""
        if self.request is not None:
            self._finish(None)

    def _finish(self, values: list[Any] | None) -> None:
        request = self.request
        self.request = None  # first: restoring the tool deactivates the pick tool
        self.chosen = []
        self.marks.refresh()
        previous = self._previous
        self._previous = None
        if previous is not None and previous is not self.tool:
            self.editor.set_tool(previous)
        else:
            self.editor.set_tool(self.editor.tools[0])
        if request is None:
            return
        message = (
            f"Pick cancelled: {request.label} unchanged"
            if values is None
            else f"{request.label}: {_describe(values)}"
        )
        request.finish(values)
        self.editor.statusMessage.emit(message)

    def _on_hover(self, pos: QPointF) -> None:
        if self.request is not None:
            h = self.editor.scene.hex_at(pos)
            self._hint(f" · hex [{h[0]}, {h[1]}]")

    def _hint(self, where: str = "") -> None:
        request = self.request
        if request is None:
            return
        if request.multiple:
            n = len(self.chosen)
            text = (
                f"Pick {request.label}: click hexes to add or remove them "
                f"({n} chosen) · Enter keeps them · Esc cancels"
            )
        else:
            text = f"Pick {request.label}: click a hex on the map · Esc cancels"
        self.editor.statusMessage.emit(text + where)


def _describe(values: list[Any]) -> str:
    if not values:
        return "no hexes"
    shown = ", ".join(f"[{v[0]}, {v[1]}]" for v in values[:6])
    return shown + (f" and {len(values) - 6} more" if len(values) > 6 else "")
