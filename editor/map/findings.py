"""Validation findings drawn on a map: outlines, count badges, hover text, click checks.

Ruleset-neutral. A board mode knows how a finding's JSON path maps to cells of its board
(hexes, squares, graph nodes): it gives a *locator* (``path -> cells``) and a *shape*
(the outline of a cell and where its badge goes). This module does the rest, the same for
every board:

- :class:`FindingMarks` groups one document's findings by cell (worst severity, the
  messages, how many findings are anchored at each cell);
- :class:`FindingsItem` is a scene item that outlines every marked cell (errors red,
  warnings amber) and draws a small badge with the count at each finding's first cell;
- :func:`findings_at` answers "what does the validator say about these cells now?", which
  is how an editor warns at click time: it runs the validator on the document after the
  edit and picks the findings of the edited cell, instead of keeping a second list of
  placement rules that could drift from the checks.

Why outline *and* badge: a room-wide finding outlines every hex of the room, but a badge
on each of them would count one problem twenty times; the badge sits on the first cell
only, the outline shows the extent.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from questforge.validator.findings import Finding

#: a finding's JSON path
Path = tuple[str | int, ...]
#: a cell of a board: an axial hex, a square, a graph node id ...
Cell = Hashable
#: where a finding's path lies on the board (no cells: not on the map)
Locator = Callable[[Path], Sequence[Cell]]

ERROR_COLOUR = QColor("#d0202a")
WARNING_COLOUR = QColor("#e08a00")


class CellShape(Protocol):
    """How a board draws one cell: its outline and where a badge sits."""

    def cell_outline(self, cell: Cell) -> QPainterPath: ...

    def cell_anchor(self, cell: Cell) -> QPointF:
        """The badge's centre (the cell's upper right corner, say)."""
        ...

    def cell_size(self) -> float:
        """The size of a cell in scene units (badges and pens scale with it)."""
        ...


@dataclass
class CellMark:
    """What the validator says about one cell."""

    cell: Cell
    findings: list[Finding] = field(default_factory=list)
    #: findings whose first cell this is (the badge counts these)
    anchored: int = 0

    @property
    def is_error(self) -> bool:
        return any(f.is_error for f in self.findings)

    def tooltip(self) -> str:
        """The messages, worst first, one per line (the hover text)."""
        ordered = sorted(self.findings, key=lambda f: (not f.is_error, f.code))
        return "\n".join(
            f"{'error' if f.is_error else 'warning'} {f.code}: {f.message}" for f in ordered
        )


class FindingMarks:
    """One document's findings, located on its board."""

    def __init__(self, findings: Iterable[Finding] = (), locator: Locator | None = None):
        self.marks: dict[Cell, CellMark] = {}
        self.findings: list[Finding] = []
        if locator is not None:
            self.update(findings, locator)

    def update(self, findings: Iterable[Finding], locator: Locator) -> None:
        self.marks = {}
        self.findings = list(findings)
        for finding in self.findings:
            try:
                cells = list(dict.fromkeys(locator(tuple(finding.path))))
            except Exception:  # a finding the board cannot place: it stays in the panel
                cells = []
            for k, cell in enumerate(cells):
                mark = self.marks.setdefault(cell, CellMark(cell))
                mark.findings.append(finding)
                if k == 0:
                    mark.anchored += 1

    def at(self, cell: Cell) -> CellMark | None:
        return self.marks.get(cell)

    def tooltip(self, cell: Cell) -> str:
        mark = self.marks.get(cell)
        return mark.tooltip() if mark is not None else ""

    def __len__(self) -> int:
        return len(self.marks)


def findings_at(
    findings: Iterable[Finding], cells: Iterable[Cell], locator: Locator
) -> list[Finding]:
    """The findings whose location covers one of ``cells`` (errors first): what a click at
    those cells caused, once the validator ran on the edited document."""
    wanted = set(cells)
    out = []
    for finding in findings:
        try:
            located = locator(tuple(finding.path))
        except Exception:
            continue
        if wanted.intersection(located):
            out.append(finding)
    out.sort(key=lambda f: (not f.is_error, f.code))
    return out


def findings_about(findings: Iterable[Finding], paths: Iterable[Path]) -> list[Finding]:
    """The findings about the elements at ``paths`` (errors first): located inside one of
    them, or naming one as related (a monster placed on an obstacle is reported at the
    monster, a new obstacle under a monster names the obstacle as related). This is what an
    edit at ``paths`` caused, once the validator ran on the edited document; findings that
    merely cover the same cell (a room-wide one) are not the edit's business."""
    wanted = [tuple(p) for p in paths]

    def about(path: Sequence[str | int]) -> bool:
        here = tuple(path)
        return any(here[: len(w)] == w for w in wanted)

    out = [
        f
        for f in findings
        if about(f.path) or any(about(p) for file, p in f.related if file in (None, f.file))
    ]
    out.sort(key=lambda f: (not f.is_error, f.code))
    return out


def click_warning(found: Sequence[Finding]) -> str:
    """The status-bar line for findings at a cell just edited ("" when there are none)."""
    if not found:
        return ""
    first = found[0]
    more = f" (+{len(found) - 1} more)" if len(found) > 1 else ""
    word = "Error" if first.is_error else "Warning"
    return f"⚠ {word} {first.code}: {first.message}{more}"


def paint_marks(painter: QPainter, marks: FindingMarks, shape: CellShape) -> None:
    """Outline every marked cell and draw the count badges (used by :class:`FindingsItem`
    and by image exports that want the marks too)."""
    size = shape.cell_size()
    for mark in marks.marks.values():
        colour = ERROR_COLOUR if mark.is_error else WARNING_COLOUR
        fill = QColor(colour)
        fill.setAlpha(40)
        pen = QPen(colour, max(1.5, size * 0.12))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawPath(shape.cell_outline(mark.cell))
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(6, int(size * 0.34)))
    painter.setFont(font)
    radius = size * 0.3
    for mark in marks.marks.values():
        if mark.anchored <= 0:
            continue
        colour = ERROR_COLOUR if mark.is_error else WARNING_COLOUR
        c = shape.cell_anchor(mark.cell)
        painter.setPen(QPen(QColor("#ffffff"), max(1.0, size * 0.05)))
        painter.setBrush(colour)
        painter.drawEllipse(c, radius, radius)
        painter.setPen(QColor("#ffffff"))
        box = QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius)
        text = str(mark.anchored) if mark.anchored < 10 else "9+"
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class FindingsItem(QGraphicsItem):
    """A scene layer with the finding marks of one document (above the board's figures,
    below the selection). Mouse input passes through to the tools."""

    def __init__(self, shape: CellShape, z: float = 6.5) -> None:
        super().__init__()
        self.shape_of = shape
        self.marks = FindingMarks()
        self._rect = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_findings(self, findings: Iterable[Finding], locator: Locator) -> None:
        self.marks.update(findings, locator)
        self.prepareGeometryChange()
        rect = QRectF()
        for cell in self.marks.marks:
            rect = rect.united(self.shape_of.cell_outline(cell).boundingRect())
        pad = self.shape_of.cell_size()
        self._rect = rect.adjusted(-pad, -pad, pad, pad) if not rect.isEmpty() else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        paint_marks(painter, self.marks, self.shape_of)


def document_findings(findings: Iterable[Finding], name: str) -> list[Finding]:
    """The findings located in the document the validator knows as ``name``."""
    return [f for f in findings if f.file == name]
