"""The playtest camera: the map view follows the action as a player's eyes would.

When a door opens, everyone looks at the new room; when a figure's turn starts, at that
figure. The camera scrolls only as far as needed (``ensureVisible``), so a map that already
shows the figure does not jump about, and it never changes the zoom the designer chose
(the window's own fit on reveal may). Immediate rather than animated: every step returns
with the game at rest, and a scroll that finishes at once is what a test (and a designer
stepping quickly) can rely on. Off with :attr:`Camera.enabled` (the window's "Follow" box)
for a designer who wants to keep the view where they put it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF

from questforge.editor.gloomhaven.playtest.board import BoardSnapshot, PlaytestScene
from questforge.editor.map.view import MapView

Hex = tuple[int, int]


class Camera:
    """Keeps the active figure and newly revealed rooms in the view."""

    def __init__(self, view: MapView, scene: PlaytestScene) -> None:
        self.view = view
        self.scene = scene
        self.enabled = True
        self._revealed: frozenset[Hex] = frozenset()
        self._current = ""

    def reset(self) -> None:
        """A new game (or a replay): the next snapshot is looked at afresh."""
        self._revealed = frozenset()
        self._current = ""

    def visible_rect(self) -> QRectF:
        """The part of the scene the view shows now."""
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    def shows(self, h: Hex) -> bool:
        return self.visible_rect().contains(self.scene.center(h))

    def _rect(self, hexes: Iterable[Hex]) -> QRectF | None:
        points = [self.scene.center(h) for h in hexes]
        if not points:
            return None
        xs = [p.x() for p in points]
        ys = [p.y() for p in points]
        pad = self.scene.size * 1.2
        return QRectF(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )

    def follow(self, snap: BoardSnapshot, active: str = "") -> str:
        """Look at what changed: a newly revealed room first, else ``active`` (the figure
        whose turn the last step played, or who must decide now), else the figure whose
        turn it is. Returns what it looked at (``"room"``, ``"figure"`` or ``""``)."""
        new = snap.revealed - self._revealed
        first = not self._revealed
        self._revealed = snap.revealed
        who = active or (snap.current if snap.current != self._current else "")
        self._current = snap.current
        if not self.enabled:
            return ""
        if new and not first:
            rect = self._rect(new)
            if rect is not None:
                self._look_at(rect)
                return "room"
        fig = next((f for f in snap.figures if f.id == who), None) if who else None
        if fig is not None:
            rect = self._rect([fig.hex])
            if rect is not None:
                self._look_at(rect)
                return "figure"
        return ""

    def _look_at(self, rect: QRectF) -> None:
        visible = self.visible_rect()
        if visible.contains(rect):
            return
        if rect.width() > visible.width() or rect.height() > visible.height():
            self.view.centerOn(rect.center())
        else:
            margin = int(self.scene.size)
            self.view.ensureVisible(rect, margin, margin)
