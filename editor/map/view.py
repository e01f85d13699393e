"""The map view: a QGraphicsView with smooth zoom and pan that forwards input to a tool.

Ruleset-neutral: it knows nothing of hexes. The scene (a ruleset's board mode) converts
scene positions to cells; the active :class:`~questforge.editor.tools.base.Tool` decides
what a click or a drag means.

Zoom: mouse wheel (anchored under the cursor), Ctrl + / Ctrl - (QKeySequence.ZoomIn/Out),
Ctrl 0 fits the map. Pan: middle-button drag, or hold Space and drag with the left button.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from questforge.editor.tools.base import Tool

MIN_ZOOM = 0.1
MAX_ZOOM = 8.0
#: fitting never zooms in further than this (a one-tile map is not blown up to fill a
#: big window; the user can still zoom in to MAX_ZOOM)
FIT_MAX_ZOOM = 2.0
#: viewport pixels left around the map when fitting
FIT_MARGIN_PX = 8


class MapView(QGraphicsView):
    """Zoomable, pannable view that hands mouse and key input to the current tool."""

    #: the scene position under the cursor (for the status bar)
    hovered = Signal(QPointF)
    zoomChanged = Signal(float)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.tool: Tool | None = None
        self._panning = False
        self._space_down = False
        self._pan_last = QPointF()
        #: the view shows the whole map and keeps doing so when it is resized (the window
        #: laid out, maximised, a dock moved) until the user zooms or pans
        self.fitted = False

    # ----------------------------------------------------------------- tools
    def set_tool(self, tool: Tool | None) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        if tool is not None:
            tool.activate()
            self.viewport().setCursor(tool.cursor())

    # ----------------------------------------------------------------- zoom
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, factor: float) -> None:
        self.fitted = False
        self._apply_zoom(factor)

    def _apply_zoom(self, factor: float) -> None:
        factor = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        current = self.zoom()
        if current > 0:
            self.scale(factor / current, factor / current)
        self.zoomChanged.emit(self.zoom())

    def zoom_by(self, step: float) -> None:
        self.set_zoom(self.zoom() * step)

    def fit_rect(self) -> QRectF:
        """The scene rectangle to show when fitting: the scene's ``fit_rect()`` if it has
        one (a map's board), else everything drawn."""
        scene = self.scene()
        custom = getattr(scene, "fit_rect", None)
        rect = custom() if callable(custom) else None
        return rect if isinstance(rect, QRectF) else scene.itemsBoundingRect()

    def fit(self) -> None:
        """Zoom so the whole map fills the view (at most :data:`FIT_MAX_ZOOM`), centred;
        the view then stays fitted through resizes until the user zooms or pans."""
        rect = self.fit_rect()
        view = self.viewport().rect()
        if (
            rect.isEmpty()
            or view.width() <= 2 * FIT_MARGIN_PX
            or view.height() <= 2 * FIT_MARGIN_PX
        ):
            return
        scale = min(
            (view.width() - 2 * FIT_MARGIN_PX) / rect.width(),
            (view.height() - 2 * FIT_MARGIN_PX) / rect.height(),
        )
        self._apply_zoom(min(scale, FIT_MAX_ZOOM))
        self.centerOn(rect.center())
        self.fitted = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta:
            self.zoom_by(1.0015**delta)  # 120 units (one notch) ~ x1.2, smooth on touchpads
        event.accept()

    # ----------------------------------------------------------------- input
    def _begin_pan(self, pos: QPointF) -> None:
        self.fitted = False
        self._panning = True
        self._pan_last = pos
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space_down
        ):
            self._begin_pan(event.position())
            event.accept()
            return
        self.setFocus()
        scene_pos = self.mapToScene(event.position().toPoint())
        self.hovered.emit(scene_pos)  # a click without a prior move still updates the status
        if self.tool is not None:
            self.tool.mouse_press(scene_pos, event)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._panning:
            delta = event.position() - self._pan_last
            self._pan_last = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            event.accept()
            return
        scene_pos = self.mapToScene(event.position().toPoint())
        self.hovered.emit(scene_pos)
        if self.tool is not None:
            self.tool.mouse_move(scene_pos, event)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._panning and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._panning = False
            self.viewport().setCursor(
                self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor
            )
            event.accept()
            return
        if self.tool is not None:
            self.tool.mouse_release(self.mapToScene(event.position().toPoint()), event)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.matches(QKeySequence.StandardKey.ZoomIn) or (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
            and event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal)
        ):
            self.zoom_by(1.25)
            return
        if event.matches(QKeySequence.StandardKey.ZoomOut) or (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
            and event.key() == Qt.Key.Key_Minus
        ):
            self.zoom_by(0.8)
            return
        if self.tool is not None and self.tool.key_press(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            self.viewport().setCursor(
                self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor
            )
            event.accept()
            return
        super().keyReleaseEvent(event)
