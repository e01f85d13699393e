"""Gloomhaven's use of the generic finding marks (:mod:`questforge.editor.map.findings`).

The scenario scene already knows which hexes a JSON path names (``hexes_of_path``: what
"jump to the finding" uses); that is the locator. The shape is the scene's hex polygon,
with the badge at the hex's upper right. :class:`ScenarioFindings` is everything the
scenario editor needs: marks on the canvas, the hover text of a hex, and the click-time
check that asks the validator (not a copy of its rules) what is wrong at the hex just
edited.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from questforge.editor.gloomhaven.scenario_map import Hex
from questforge.editor.map.findings import (
    Cell,
    FindingsItem,
    Path,
    click_warning,
    findings_about,
)
from questforge.validator.findings import Finding

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor
    from questforge.editor.gloomhaven.scene import ScenarioScene


class HexCells:
    """The scene's hexes as :class:`~questforge.editor.map.findings.CellShape`."""

    def __init__(self, scene: ScenarioScene) -> None:
        self.scene = scene

    def cell_outline(self, cell: Cell) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.scene.polygon(cell, 0.9))  # type: ignore[arg-type]
        path.closeSubpath()
        return path

    def cell_anchor(self, cell: Cell) -> QPointF:
        c = self.scene.center(cell)  # type: ignore[arg-type]
        return QPointF(c.x() + self.scene.size * 0.5, c.y() - self.scene.size * 0.5)

    def cell_size(self) -> float:
        return self.scene.size


class ScenarioFindings:
    """Finding marks, hover text and click-time checks of one scenario editor."""

    def __init__(self, editor: ScenarioEditor) -> None:
        self.editor = editor
        self.scene = editor.scene
        self.item = FindingsItem(HexCells(self.scene))
        self.scene.addItem(self.item)
        self.findings: list[Finding] = []
        #: set by every validation result: a click check only trusts findings made after it
        self._fresh = False
        #: the last click-time warning ("" when the edit raised nothing)
        self.last_warning = ""
        self.scene.mapRebuilt.connect(self._relocate)

    def locate(self, path: Path) -> list[Hex]:
        return self.scene.hexes_of_path(path)

    def set_findings(self, findings: Iterable[Finding]) -> None:
        self.findings = list(findings)
        self._fresh = True
        self.item.set_findings(self.findings, self.locate)

    def _relocate(self) -> None:
        # the board changed (a tile placed): a room-wide finding covers other hexes now
        self.item.set_findings(self.findings, self.locate)

    def hover_text(self, h: Hex) -> str:
        return self.item.marks.tooltip(h)

    def check_after_edit(self, paths: Iterable[Path]) -> str:
        """Validate the document as edited now and tell the designer what the validator
        says about the elements just placed at ``paths`` (the status bar, and the canvas
        marks via the result). Returns the warning shown ("" if none, or if no validator
        is attached)."""
        edited = [tuple(p) for p in paths]
        self._fresh = False
        self.editor.validationRequested.emit()
        if not self._fresh:  # no window validates for us (a bare editor): say nothing
            self.last_warning = ""
            return ""
        found = findings_about(self.findings, edited)
        self.last_warning = click_warning(found)
        if self.last_warning:
            self.editor.noticeMessage.emit(self.last_warning)
            self.editor.statusMessage.emit(self.last_warning)
        return self.last_warning
